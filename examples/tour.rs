//! A short tour of tessel: static layouts as types, their tables and evaluations, and the same
//! layouts at run time. Run with `cargo run --example tour`.

use tessel::coord::idx2crd;
use tessel::{layout, shape, DynLayout, RowMajor, StaticLayout, C};

/// A kernel-style signature: the layout is part of the type, its arithmetic is all that remains.
fn tile_offset(tile: RowMajor<128, 64>, row: usize, col: usize) -> usize {
    tile.call((row, col))
}

fn main() {
    // A hierarchical layout: 4 rows, columns in pairs.
    type H = layout!("(4,(2,4)):(2,(1,8))");
    let h = H::default();
    println!(
        "{h}: size {} cosize {} rank {} depth {}",
        H::SIZE,
        H::COSIZE,
        H::RANK,
        H::DEPTH
    );
    println!(
        "  h(1,5) = {}   h(1,(1,2)) = {}   h(5) = {}",
        h.call((1, 5)),
        h.call((1, (1, 2))),
        h.call(5)
    );
    println!("  mode 1 is {}", h.get::<C<1>>());
    println!("{}", h.print_layout());

    // Default strides are column-major; RowMajor and ColMajor are the rank-2 spellings.
    println!("{}", layout!("(4,8)").print_layout());
    println!(
        "RowMajor<128,64> = {}, (5,3) -> {}",
        RowMajor::<128, 64>::default(),
        tile_offset(Default::default(), 5, 3)
    );

    // Coordinates: the 1-D index 16 of shape (3,(2,3)) is the natural coordinate (1,(1,2)).
    let s = <shape!("(3,(2,3))")>::default();
    println!("idx2crd(16, (3,(2,3))) = {:?}", idx2crd(16, s));

    // A reversed view: negative strides evaluate with call_signed.
    let rev = layout!("8:-1");
    let reversed: Vec<isize> = (0..8).map(|i| rev.call_signed(i)).collect();
    println!("{rev}: {reversed:?}");

    // Sublayouts.
    let a = layout!("(2,3,5,7)");
    println!(
        "{a}: take<1,3> = {}, group<0,2> = {}",
        a.take::<1, 3>(),
        a.group::<0, 2>()
    );

    // The runtime layer parses the same notation and agrees with the static one.
    let d: DynLayout = "(4,(2,4)):(2,(1,8))".parse().unwrap();
    assert_eq!(d, H::dynamic());
    println!("runtime {d}: d(5) = {:?}", d.call(&5.into()));
    match "(4,8):(1,4,32)".parse::<DynLayout>() {
        Ok(l) => println!("unexpected: {l}"),
        Err(e) => println!("parsing \"(4,8):(1,4,32)\": {e}"),
    }
}
