// No element of the tile is at index 1: no contiguous vector for a box.
#[allow(unused_imports)]
use tessel::atom::element::F16;
use tessel::layout;

tessel::assert_tma_tile!(f32, layout!("(8,8):(2,16)"));

fn main() {}
