// make_ordered_layout of a runtime shape: the order must still fit the shape's profile.
use tessel::{make_ordered_layout, C};

fn main() {
    let m = 4usize;
    let order = ((C::<1>::default(), C::<0>::default()), C::<2>::default());
    let _ = make_ordered_layout((m, C::<2>::default()), order);
}
