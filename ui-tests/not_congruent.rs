use tessel::typenum::{U1, U4, U8};
use tessel::Layout;

// A rank-2 shape with a rank-1 stride.
fn first_index(_: Layout<(U4, U8), (U1,)>) {}

fn main() {}
