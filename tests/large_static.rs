//! Large static cases compile without raising the recursion limit: values near 2^32, rank 8,
//! depth 3. Expected values are CuTe's (cute-oracle), except where CuTe's 32-bit integers overflow.

use tessel::{
    layout, shape, tiler, Coalesce, Complement, Composition, LogicalDivide, RightInverse,
    TiledDivide, ZippedDivide,
};

fn prints<L: std::fmt::Display + Default>(want: &str) {
    assert_eq!(L::default().to_string(), want);
}

#[test]
fn a_65536_by_65536_matrix() {
    type M = layout!("(65536,65536):(65536,1)");
    prints::<ZippedDivide<M, tiler!("(128,64)")>>("((128,64),(512,1024)):((65536,1),(8388608,64))");
    prints::<Composition<M, layout!("(32,32):(1,32)")>>("(32,32):(65536,2097152)");
    prints::<RightInverse<M>>("(65536,65536):(65536,1)");
    // CuTe prints 0:1 here: its static size 2^32 overflows a 32-bit int.
    prints::<Coalesce<layout!("(65536,65536):(1,65536)")>>("4294967296:1");
}

#[test]
fn rank_8_and_depth_3() {
    type R8 = layout!("(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)");
    prints::<Coalesce<R8>>("256:1");
    prints::<LogicalDivide<R8, layout!("4:2")>>("(4,(2,32)):(2,(1,8))");
    prints::<Complement<layout!("((2,(2,2)),2):((1,(4,16)),64)"), shape!("256")>>(
        "(2,2,2,2):(2,8,32,128)",
    );
    prints::<Coalesce<layout!("((2,(2,2)),(4,(2,2))):((1,(2,4)),(8,(32,64)))")>>("128:1");
    type Big = layout!("(8,8,8,8,8,8,8,8):(1,8,64,512,4096,32768,262144,2097152)");
    prints::<TiledDivide<Big, tiler!("(2,4)")>>(
        "((2,4),4,2,8,8,8,8,8,8):((1,8),2,32,64,512,4096,32768,262144,2097152)",
    );
}
