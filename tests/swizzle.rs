//! Swizzles and composed layouts: CuTe's semantics, the static and the runtime layer together.

use tessel::dynamic::{algebra::run, DynComposedLayout, DynSwizzle};
use tessel::{layout, shape, Composition, StaticLayout, Swizzle, TileToShape};

#[test]
fn swizzle_against_its_definition() {
    fn by_definition(b: u32, m: u32, s: i32, x: usize) -> usize {
        let yyy = ((1usize << b) - 1) << (m as i32 + s.max(0));
        let y = x & yyy;
        x ^ if s >= 0 { y >> s } else { y << -s }
    }
    for x in 0..4096 {
        assert_eq!(Swizzle::<3, 3, 3>::apply(x), by_definition(3, 3, 3, x));
        assert_eq!(Swizzle::<2, 0, -3>::apply(x), by_definition(2, 0, -3, x));
        assert_eq!(Swizzle::<1, 4, 5>::apply(x), by_definition(1, 4, 5, x));
        assert_eq!(
            DynSwizzle::new(2, 1, 4).unwrap().apply(x),
            by_definition(2, 1, 4, x)
        );
        // A swizzle is its own inverse.
        assert_eq!(Swizzle::<3, 3, 3>::apply(Swizzle::<3, 3, 3>::apply(x)), x);
    }
}

#[test]
fn composed_layout_static_and_runtime() {
    type Atom = Composition<Swizzle<3, 3, 3>, layout!("(8,64):(64,1)")>;
    static_assertions::assert_type_eq_all!(Atom, layout!("Sw<3,3,3> o 0 o (8,64):(64,1)"));
    let d: DynComposedLayout = Atom::default().to_dynamic();
    assert_eq!(d.to_string(), Atom::default().to_string());
    for r in 0..8 {
        for c in 0..64 {
            let want = Swizzle::<3, 3, 3>::apply(r * 64 + c);
            assert_eq!(Atom::default().call((r, c)), want);
            let coord = format!("({r},{c})").parse().unwrap();
            assert_eq!(d.call(&coord).unwrap(), want);
        }
    }
    type Smem = TileToShape<Atom, shape!("(128,64)")>;
    assert_eq!(
        run(
            "tile_to_shape",
            &["Sw<3,3,3> o 0 o (8,64):(64,1)", "(128,64)"]
        )
        .unwrap(),
        Smem::default().to_string()
    );
}
