// A runtime stride in a layout of two modes: CuTe sorts strides at compile time.
use tessel::{logical_product, Layout, C};

fn main() {
    let a = Layout::new((4usize, C::<8>::default()), (C::<1>::default(), 4isize));
    let _ = logical_product(a, Layout::new(C::<2>::default(), C::<1>::default()));
}
