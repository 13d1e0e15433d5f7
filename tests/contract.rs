//! The names and forms other code relies on (the issues' contracts): every alias at the crate
//! root, with each kind of second argument. Expected values are CuTe's (cute-oracle).

use tessel::{
    layout, shape, tiler, BlockedProduct, Coalesce, ColMajor, Complement, Composition, DynLayout,
    FlatDivide, FlatProduct, Layout, LeftInverse, LogicalDivide, LogicalProduct, RakedProduct,
    RightInverse, RowMajor, StaticLayout, TileToShape, TiledDivide, TiledProduct, ZippedDivide,
    ZippedProduct, C,
};

fn prints<L: std::fmt::Display + Default>(want: &str) {
    assert_eq!(L::default().to_string(), want);
}

type M = layout!("(16,8):(1,16)");

#[test]
fn aliases_take_layouts_integers_shapes_and_tuples() {
    prints::<Coalesce<layout!("(4,8):(1,4)")>>("32:1");
    prints::<Composition<M, C<4>>>("4:1");
    prints::<Composition<M, (C<4>, layout!("2:2"))>>("(4,2):(1,32)");
    prints::<Composition<M, tiler!("<4:1,2:2>")>>("(4,2):(1,32)");
    prints::<Complement<layout!("(2,2):(1,6)"), C<24>>>("(3,2):(2,12)");
    prints::<Complement<layout!("4:1"), shape!("(4,8)")>>("8:4");
    prints::<LogicalDivide<M, C<4>>>("(4,32):(1,4)");
    prints::<ZippedDivide<M, (C<2>, C<2>)>>("((2,2),(8,4)):((1,16),(2,32))");
    prints::<ZippedDivide<M, shape!("(2,2)")>>("((2,2),(8,4)):((1,16),(2,32))");
    prints::<TiledDivide<M, tiler!("<2:1,2:1>")>>("((2,2),8,4):((1,16),2,32)");
    prints::<FlatDivide<M, (layout!("2:1"), C<2>)>>("(2,2,8,4):(1,16,2,32)");
    prints::<LogicalProduct<layout!("(2,2):(1,2)"), C<3>>>("((2,2),3):((1,2),4)");
    prints::<ZippedProduct<layout!("(2,2):(1,2)"), shape!("(2,2)")>>("((2,2),(2,2)):((1,2),(2,1))");
    prints::<TiledProduct<layout!("(2,2):(1,2)"), (C<2>, C<2>)>>("((2,2),2,2):((1,2),2,1)");
    prints::<FlatProduct<layout!("(2,2):(1,2)"), (C<2>, C<2>)>>("(2,2,2,2):(1,2,2,1)");
    prints::<BlockedProduct<layout!("(2,5):(5,1)"), layout!("(3,4):(1,3)")>>(
        "((2,3),(5,4)):((5,10),(1,30))",
    );
    prints::<RakedProduct<layout!("(2,5):(5,1)"), layout!("(3,4):(1,3)")>>(
        "((3,2),(4,5)):((10,5),(30,1))",
    );
    prints::<TileToShape<layout!("(8,8):(8,1)"), shape!("(32,16)")>>(
        "((8,4),(8,2)):((8,64),(1,256))",
    );
    prints::<RightInverse<RowMajor<4, 8>>>("(8,4):(4,1)");
    prints::<LeftInverse<ColMajor<4, 8>>>("32:1");
}

#[test]
fn foundation_names() {
    type L = Layout<(C<4>, C<8>), (C<1>, C<4>)>;
    assert_eq!((L::SIZE, L::COSIZE, L::RANK, L::DEPTH), (32, 32, 2, 1));
    let l: layout!("(4,8):(1,4)") = layout!("(4,8):(1,4)");
    assert_eq!(l.call((1, 2)), 9);
    let d: DynLayout = l.to_string().parse().unwrap();
    assert_eq!(d, L::dynamic());
}
