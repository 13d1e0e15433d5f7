use tessel::typenum::{U0, U4};
use tessel::Layout;

// A shape leaf of 0: shapes are positive.
fn first_index(_: Layout<(U4, U0)>) {}

fn main() {}
