// A condition on static numbers stays a compile error in a layout with runtime leaves.
use tessel::{composition, Layout, C};

fn main() {
    let a = Layout::new((C::<6>::default(), 3usize), (C::<1>::default(), 6isize));
    let _ = composition(a, Layout::new(C::<4>::default(), C::<4>::default()));
}
