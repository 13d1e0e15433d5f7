// Rows of 512 halves: a box mode holds at most 256 elements.
#[allow(unused_imports)]
use tessel::atom::element::F16;
use tessel::layout;

tessel::assert_tma_tile!(F16, layout!("(8,512):(512,1)"));

fn main() {}
