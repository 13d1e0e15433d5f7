// A K-major tile whose rows are 8 elements apart: they are not the 16-byte rows of the 128-byte
// swizzle's core matrices, so no GMMA descriptor describes it.
use tessel::atom::element::F16;
use tessel::atom::gmma::K;
use tessel::{layout, shape};

tessel::assert_gmma_layout!(layout!("Sw<3,3,3> o 0 o (64,16):(8,1)"), shape!("(64,16)"), F16, K);

fn main() {}
