// A static tile that does not divide the static tensor: a compile error with the numbers.
use tessel::{layout, local_tile, shape, Tensor};

fn main() {
    let data = [0f32; 256 * 64];
    let t = Tensor::new(&data, layout!("(256,64):(64,1)"));
    let _ = local_tile(t, <shape!("(96,8)")>::default(), (0usize, 0usize));
}
