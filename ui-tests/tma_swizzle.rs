// A 128-byte swizzle written for 2-byte elements, on 4-byte ones.
#[allow(unused_imports)]
use tessel::atom::element::F16;
use tessel::layout;

tessel::assert_tma_tile!(f32, layout!("Sw<3,3,3> o 0 o (8,64):(64,1)"));

fn main() {}
