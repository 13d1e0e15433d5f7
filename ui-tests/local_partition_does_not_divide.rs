// A thread layout that does not divide the static tile: a compile error with the numbers.
use tessel::{layout, local_partition, Tensor};

fn main() {
    let data = [0f32; 16 * 8];
    let t = Tensor::new(&data, layout!("(16,8):(1,16)"));
    let _ = local_partition(t, layout!("(16,3):(1,16)"), 0);
}
