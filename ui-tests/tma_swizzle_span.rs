// Rows of 128 halves (256 bytes) under the 128-byte swizzle.
#[allow(unused_imports)]
use tessel::atom::element::F16;
use tessel::layout;

tessel::assert_tma_tile!(F16, layout!("Sw<3,3,3> o 0 o (8,128):(128,1)"));

fn main() {}
