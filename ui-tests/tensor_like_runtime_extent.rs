// make_tensor_like of a tensor with runtime extents: registers are counted at compile time.
use tessel::{make_tensor_like, Layout, Tensor};

fn main() {
    let data = [0f32; 64];
    let t = Tensor::new(&data, Layout::new((8usize, 8usize), (8isize, 1isize)));
    let _ = make_tensor_like(&t);
}
