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

#[test]
fn value_level_functions_take_swizzles_and_composed_layouts() {
    use tessel::{composition, tile_to_shape, zipped_divide};
    let atom = composition(Swizzle::<3, 3, 3>, layout!("(8,64):(64,1)"));
    assert_eq!(atom.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
    let smem = tile_to_shape(atom, <shape!("(128,64)")>::default());
    assert_eq!(
        smem.to_string(),
        "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))"
    );
    assert_eq!(
        smem.call(1000),
        Swizzle::<3, 3, 3>::apply(layout!("((8,16),(64,1)):((64,512),(1,0))").call(1000))
    );
    let tiles = zipped_divide(smem, <tessel::tiler!("(16,32)")>::default());
    assert_eq!(
        tiles.to_string(),
        "Sw<3,3,3> o 0 o ((16,32),(8,2)):((64,1),(1024,32))"
    ); // cute-oracle
       // A swizzle of 0 bits is the identity: composing with it leaves the layout.
    static_assertions::assert_type_eq_all!(
        Composition<Swizzle<0, 4, 3>, layout!("(8,8):(8,1)")>,
        layout!("(8,8):(8,1)")
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// A swizzle is an involution that maps each aligned block of 2^(M + B + |S|) onto itself.
    #[test]
    fn swizzle_is_an_involution_within_blocks(b in 0u32..5, m in 0u32..6, s in 0i32..7, neg: bool, x in 0usize..1 << 20) {
        let s = if neg { -(s.max(b as i32)) } else { s.max(b as i32) };
        let sw = DynSwizzle::new(b, m, s).unwrap();
        let y = sw.apply(x);
        proptest::prop_assert_eq!(sw.apply(y), x);
        let block = 1usize << (m + b + s.unsigned_abs());
        proptest::prop_assert_eq!(y / block, x / block);
    }

    /// A multiple of the span passes through the swizzle (what a partition of a swizzled tile
    /// keeps outside it), wrapping included.
    #[test]
    fn multiples_of_the_span_pass_through(b in 0u32..5, m in 0u32..6, s in 0i32..7, neg: bool, x in 0usize..1 << 20, h in -(1isize << 12)..1 << 12) {
        let s = if neg { -(s.max(b as i32)) } else { s.max(b as i32) };
        let sw = DynSwizzle::new(b, m, s).unwrap();
        let h = (h as usize).wrapping_mul(tessel::swizzle::swizzle_span(b, m, s));
        proptest::prop_assert_eq!(sw.apply(x.wrapping_add(h)), sw.apply(x).wrapping_add(h));
    }
}

#[test]
fn print_layout_of_a_composed_layout_is_cute_s() {
    // CuTe's print_layout(composition(Swizzle<2,0,2>{}, (4,4):(4,1))), underscores removed.
    let want = "Sw<2,0,2> o 0 o (4,4):(4,1)
       0    1    2    3 
    +----+----+----+----+
 0  |  0 |  1 |  2 |  3 |
    +----+----+----+----+
 1  |  5 |  4 |  7 |  6 |
    +----+----+----+----+
 2  | 10 | 11 |  8 |  9 |
    +----+----+----+----+
 3  | 15 | 14 | 13 | 12 |
    +----+----+----+----+
";
    let l = layout!("Sw<2,0,2> o 0 o (4,4):(4,1)");
    assert_eq!(l.print_layout().to_string(), want);
    let d: DynComposedLayout = "Sw<2,0,2> o 0 o (4,4):(4,1)".parse().unwrap();
    assert_eq!(d.print_layout().unwrap().to_string(), want);
}

#[test]
fn swizzles_compose_with_the_named_layouts() {
    type Atom = Composition<Swizzle<3, 3, 3>, tessel::RowMajor<8, 64>>;
    assert_eq!(Atom::default().to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
    assert_eq!((Atom::SIZE, Atom::COSIZE, Atom::RANK), (512, 512, 2));
    tessel::assert_conflict_free!(Atom, u16, layout!("(8,4):(1,64)"), 8);
    assert_eq!(
        tessel::bank::wavefronts::<tessel::RowMajor<8, 64>, u16, layout!("(8,4):(1,64)"), 8>(),
        32
    );
}

/// `index32` gives the index `call` gives, in u32, on every coordinate of static swizzled
/// layouts (offsets and swizzles of either sign), and refuses a layout whose indices pass 2^32.
#[test]
fn index32_of_a_swizzled_layout_is_its_index() {
    fn same(n: usize, call: impl Fn(usize) -> usize, call32: impl Fn(usize) -> u32) {
        for i in 0..n {
            assert_eq!(call32(i) as usize, call(i), "at {i}");
        }
    }
    let a = layout!("Sw<5,0,5> o 0 o (32,32):(32,1)");
    let a32 = a.index32().unwrap();
    same(1024, |i| a.call(i), |i| a32.call(i));
    let b = layout!("Sw<3,3,3> o 8192 o ((8,16),(64,1)):((64,512),(1,0))");
    let b32 = b.index32().unwrap();
    same(8192, |i| b.call(i), |i| b32.call(i));
    let c = layout!("Sw<2,4,-3> o 100 o (16,8):(1,16)");
    let c32 = c.index32().unwrap();
    same(128, |i| c.call(i), |i| c32.call(i));
    // 2^32 - 256 + 256 elements: the last index is 2^32 - 1.
    assert!(layout!("Sw<3,3,3> o 4294967040 o 256:1")
        .index32()
        .is_some());
    assert!(layout!("Sw<3,3,3> o 4294967041 o 256:1")
        .index32()
        .is_none());
    // Index 2 swizzles to 2 + 2^32: a swizzle writing above bit 31 does not fit.
    assert_eq!(layout!("Sw<1,1,-31> o 0 o 4:1").call(2), 2 + (1 << 32));
    assert!(layout!("Sw<1,1,-31> o 0 o 4:1").index32().is_none());
}

/// A pipeline's stages as a layout mode: the swizzled shared atom tiled to `(BM,BK,PIPE)`, as the
/// f16 kernels build their shared tiles; CuTe's answers from `cute-oracle --cpp` (tile_to_shape of
/// `composition(Swizzle<B,3,3>{}, (8,BK):(BK,1))`).
#[test]
fn tile_to_shape_gives_a_stage_mode() {
    type A64 = Composition<Swizzle<3, 3, 3>, layout!("(8,64):(64,1)")>;
    type A32 = Composition<Swizzle<2, 3, 3>, layout!("(8,32):(32,1)")>;
    type S64 = TileToShape<A64, shape!("(128,64,3)")>;
    type S32 = TileToShape<A32, shape!("(128,32,3)")>;
    assert_eq!(
        S64::default().to_string(),
        "Sw<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))"
    );
    assert_eq!(
        S32::default().to_string(),
        "Sw<2,3,3> o 0 o ((8,16),(32,1),(1,3)):((32,256),(1,0),(0,4096))"
    );
}
