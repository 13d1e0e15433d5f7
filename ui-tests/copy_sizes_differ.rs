// A copy between partitions of different sizes (cutlass#3488): a compile error with the sizes.
use tessel::tensor::copy;
use tessel::{layout, Tensor, TensorMut};

fn main() {
    let src = [0f32; 32];
    let mut dst = [0f32; 32];
    let s = Tensor::new(&src, layout!("(4,8)"));
    let mut d = TensorMut::new(&mut dst, layout!("(4,4)"));
    copy(&s, &mut d);
}
