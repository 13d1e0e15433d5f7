// Rows of 4 halves are 8 bytes: a box's contiguous mode is whole 16 bytes.
#[allow(unused_imports)]
use tessel::atom::element::F16;
use tessel::layout;

tessel::assert_tma_tile!(F16, layout!("(8,4):(4,1)"));

fn main() {}
