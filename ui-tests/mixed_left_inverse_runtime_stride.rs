// A left inverse needs static strides (runtime shapes are fine).
use tessel::{left_inverse, Layout, C};

fn main() {
    let a = Layout::new((4usize, C::<2>::default()), (C::<1>::default(), 4isize));
    let _ = left_inverse(a);
}
