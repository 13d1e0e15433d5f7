//! Mixed layouts: runtime leaves beside static ones through the algebra, as CuTe mixes them.

use tessel::{coalesce, Layout, C};

macro_rules! c {
    ($n:literal) => {
        C::<$n>::default()
    };
}

/// CuTe's answers: `cute-oracle --raw coalesce "(#4,2):(1,#4)"` and the like.
#[test]
fn coalesce_keeps_runtime_modes() {
    let l = Layout::new((4usize, c!(2)), (c!(1), 4isize));
    assert_eq!(format!("{:#}", coalesce(l)), "(4,_2):(_1,4)");
    let l = Layout::new((c!(2), 4usize), (c!(1), c!(2)));
    assert_eq!(format!("{:#}", coalesce(l)), "(_2,4):(_1,_2)");
    let l = Layout::new((c!(2), c!(4), 3usize), (c!(1), c!(2), 8isize));
    assert_eq!(format!("{:#}", coalesce(l)), "(_8,3):(_1,8)");
}

#[test]
fn composition_with_runtime_leaves() {
    use tessel::{composition, composition::try_composition};
    // CuTe: composition (#4,#6,8):(1,4,7) o 6:1 = (4,1,1):(_1,4,7), which is not A o B: the
    // runtime check says why (and with values that divide, the same types give the answer).
    let a = Layout::new((4usize, 6usize, c!(8)), (c!(1), c!(4), c!(7)));
    let e = try_composition(a, Layout::new(c!(6), c!(1))).unwrap_err();
    assert_eq!((e.a, e.b), (6, 4));
    // cute-oracle --raw composition "(#2,#3,8):(1,2,7)" "6:1" prints (2,3,1):(_1,2,7).
    let a = Layout::new((2usize, 3usize, c!(8)), (c!(1), c!(2), c!(7)));
    let r = try_composition(a, Layout::new(c!(6), c!(1))).unwrap();
    assert_eq!(format!("{r:#}"), "(2,3,1):(_1,2,7)");
    // cute-oracle --raw composition "(8,#4):(1,8)" "(4,2):(2,8)"
    let a = Layout::new((c!(8), 4usize), (c!(1), c!(8)));
    let r = composition(a, Layout::new((c!(4), c!(2)), (c!(2), c!(8))));
    assert_eq!(format!("{r:#}"), "(_4,_2):(_2,_8)");
}

/// A stride that does not divide a mode of stride 0 and goes on past it: CuTe's answer is
/// `A(B(c))` where the modes above give one value at every index the rows overshoot to
/// (`cute-oracle --raw composition "((3,2),1):((0,#3),3)" "((4,1),1):((2,1),1)"`); with a runtime
/// stride, the same rule runs on its value.
#[test]
fn a_misaligned_step_over_a_zero_stride() {
    use tessel::composition::try_composition;
    use tessel::{layout, Composition};
    type R = Composition<layout!("((3,2),1):((0,3),3)"), layout!("((4,1),1):((2,1),1)")>;
    assert_eq!(
        format!("{:#}", R::default()),
        "(((_2,_2),_1),_1):(((_0,_3),_3),_3)"
    );
    let b = layout!("((4,1),1):((2,1),1)");
    let a = |d: isize| Layout::new(((c!(3), c!(2)), c!(1)), ((c!(0), d), c!(3)));
    let r = try_composition(a(3), b).unwrap();
    assert_eq!(format!("{r:#}"), "(((_2,_2),_1),_1):(((_0,3),_3),_3)");
    // CuTe answers (((_2,_2),_1),_1):(((_0,5),_3),_3), but A(6) = 3 and R(3) = 5.
    let e = try_composition(a(5), b).unwrap_err();
    assert_eq!((e.a, e.b), (2, 3));
    assert!(e
        .to_string()
        .starts_with("composition: the stride 2 does not divide the mode size 3"));
}

#[test]
fn a_runtime_matrix_tiled_by_a_static_tile() {
    use tessel::zipped_divide;
    let a = Layout::new((256usize, 64usize), (c!(1), 256isize));
    let t = zipped_divide(a, (c!(128), c!(32)));
    assert_eq!(
        format!("{t:#}"),
        "((_128,_32),(2,2)):((_1,256),(_128,8192))"
    );
    let a = Layout::new((256usize, 64usize), (64isize, c!(1)));
    let t = zipped_divide(a, (c!(128), c!(32)));
    assert_eq!(format!("{t:#}"), "((_128,_32),(2,2)):((64,_1),(8192,_32))");
    let checked = tessel::divide::try_zipped_divide(a, (c!(128), c!(32))).unwrap();
    assert_eq!(checked.to_string(), t.to_string());
    // A size that the tile does not divide: ceil(200/128) = 2 tiles, the last one overhanging.
    let a = Layout::new((200usize, 64usize), (c!(1), 200isize));
    let t = zipped_divide(a, (c!(128), c!(32)));
    assert_eq!(
        format!("{t:#}"),
        "((_128,_32),(2,2)):((_1,200),(_128,6400))"
    );
}

#[test]
fn products_of_runtime_layouts() {
    use tessel::{logical_product, raked_product, zipped_product};
    let a = Layout::new((4usize, c!(8)), (c!(1), c!(4)));
    let b = Layout::new(c!(2), c!(1));
    assert_eq!(
        format!("{:#}", logical_product(a, b)),
        "((4,_8),(1,2)):((_1,_4),(4,32))"
    );
    let b = Layout::new((c!(2), c!(2)), (c!(1), c!(2)));
    assert_eq!(
        format!("{:#}", zipped_product(a, b)),
        "((4,_8),((1,2),(1,2))):((_1,_4),((4,32),(8,64)))"
    );
    let b = Layout::new((c!(2), c!(3)), (c!(1), c!(2)));
    assert_eq!(
        format!("{:#}", raked_product(a, b)),
        "(((1,2),4),((1,3),_8)):(((4,32),_1),((8,64),_4))"
    );
}

#[test]
fn the_macro_names_runtime_values() {
    use tessel::{layout, zipped_divide};
    let (m, k, lda) = (256u32, 64u32, 256i64);
    let a = layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = lda);
    assert_eq!(format!("{a:#}"), "(256,64):(_1,256)");
    let t = zipped_divide(a, (c!(128), c!(32)));
    assert_eq!(
        format!("{t:#}"),
        "((_128,_32),(2,2)):((_1,256),(_128,8192))"
    );
    let b = layout!("((2,N),4):((1,S),8)"; N = 3, S = 4 + 5);
    assert_eq!(format!("{b:#}"), "((_2,3),_4):((_1,9),_8)");
}

/// The mixed result of `op` as a function equals the runtime layer's result on the same values
/// (the runtime layer drops and merges modes CuTe keeps for runtime leaves: the printed forms
/// differ, the functions may not).
fn same_function<L: core::fmt::Display>(
    mixed: &L,
    op: &str,
    args: &[&str],
    call: impl Fn(usize) -> isize,
) {
    let text = tessel::dynamic::algebra::run(op, args).unwrap();
    let d: tessel::DynLayout = text.parse().unwrap();
    let m: tessel::DynLayout = mixed.to_string().parse().unwrap();
    assert_eq!(m.size(), d.size(), "{op} {args:?}: {mixed} against {d}");
    for i in 0..d.size() {
        let at = tessel::dynamic::IntTuple::Int(i);
        assert_eq!(
            call(i as usize) as i64,
            d.call(&at).unwrap(),
            "{op} {args:?} at {i}"
        );
    }
}

proptest::proptest! {
    #[test]
    fn mixed_tiling_is_the_runtime_algebra(m in 1usize..300, k in 1usize..70, pad in 0usize..9) {
        let ld = (m + pad) as isize;
        let a = Layout::new((m, k), (c!(1), ld));
        let text = format!("({m},{k}):(1,{ld})");
        let t = tessel::zipped_divide(a, (c!(16), c!(8)));
        same_function(&t, "zipped_divide", &[&text, "(16,8)"], |i| t.call_signed(i));
        let t = tessel::logical_divide(a, (Layout::new(c!(4), c!(2)), c!(8)));
        same_function(&t, "logical_divide", &[&text, "<4:2,8>"], |i| t.call_signed(i));
        // A runtime stride in a product needs a layout of one mode (CuTe's rule): 512 is static.
        // A runtime size 1 is a mode CuTe keeps where it drops a static 1, and its complement
        // then has another gap (another, equally valid, product): sizes start at 2 here.
        // B may still carry across a gap that the runtime values leave: CuTe's answer is then
        // no product, and tessel's runtime check stops it with a condition's message.
        let k = k.max(2);
        let a = Layout::new((m, k), (c!(1), c!(512)));
        let text = format!("({m},{k}):(1,512)");
        let b = Layout::new((c!(2), c!(3)), (c!(3), c!(1)));
        match std::panic::catch_unwind(|| tessel::logical_product(a, b)) {
            Ok(p) => same_function(&p, "logical_product", &[&text, "(2,3):(3,1)"], |i| p.call_signed(i)),
            Err(e) => proptest::prop_assert!(e.downcast_ref::<String>().is_some_and(|m| m.starts_with("composition: "))),
        }
    }

    #[test]
    fn mixed_composition_is_the_runtime_algebra(s0 in 1usize..9, s1 in 1usize..9, d1 in 1isize..40) {
        let a = Layout::new((s0, c!(4), s1), (c!(1), s0 as isize, d1));
        let text = format!("({s0},4,{s1}):(1,{s0},{d1})");
        let r = tessel::composition::try_composition(a, Layout::new((c!(2), c!(2)), (c!(1), c!(2))));
        let d = tessel::dynamic::algebra::run("composition", &[&text, "(2,2):(1,2)"]);
        // Where the runtime layer rejects, the mixed one does too (with the same words).
        match (r, d) {
            (Ok(r), Ok(_)) => same_function(&r, "composition", &[&text, "(2,2):(1,2)"], |i| r.call_signed(i)),
            (Err(e), Err(d)) => proptest::prop_assert_eq!(e.to_string(), d.to_string()),
            (r, d) => proptest::prop_assert!(false, "{:?} against {:?}", r.map(|r| r.to_string()), d),
        }
    }
}

#[test]
fn tile_to_a_runtime_shape_and_by_mode_coalesce() {
    use tessel::{coalesce::coalesce_by, tile_to_shape};
    let a = Layout::new((c!(4), c!(8)), (c!(1), c!(4)));
    assert_eq!(
        format!("{:#}", tile_to_shape(a, (16usize, 32usize))),
        "((_4,4),(_8,4)):((_1,_32),(_4,128))"
    );
    // A target the block does not divide is reported at run time.
    let e = std::panic::catch_unwind(|| tile_to_shape(a, (18usize, 32usize))).unwrap_err();
    assert!(e
        .downcast_ref::<String>()
        .unwrap()
        .starts_with("tile_to_shape: "));
    let l = Layout::new(((c!(2), 4usize), c!(8)), ((c!(1), c!(2)), 8isize));
    assert_eq!(
        format!("{:#}", coalesce_by(l, (c!(1), c!(1)))),
        "((_2,4),_8):((_1,_2),8)"
    );
}

#[test]
fn inverses_follow_static_strides() {
    use tessel::inverse::{MaxCommonLayout, MaxCommonVector};
    use tessel::{left_inverse, right_inverse};
    // CuTe: right_inverse (#4,2):(1,4) = 4:_1 (the chain stops at the runtime size),
    // (4,#2):(2,1) = 2:_4, left_inverse (#4,2):(1,4) = (_4,_2):(_1,4).
    let a = Layout::new((4usize, c!(2)), (c!(1), c!(4)));
    assert_eq!(format!("{:#}", right_inverse(a)), "4:_1");
    assert_eq!(format!("{:#}", left_inverse(a)), "(_4,_2):(_1,4)");
    let b = Layout::new((c!(4), 2usize), (c!(2), c!(1)));
    assert_eq!(format!("{:#}", right_inverse(b)), "2:_4");
    // A runtime stride never chains.
    let d = Layout::new((4usize, c!(2)), (c!(1), 4isize));
    assert_eq!(format!("{:#}", right_inverse(d)), "4:_1");
    // max_common_* of layouts with runtime leaves: CuTe's 1 and 1:0.
    type A = Layout<(usize, C<2>), (C<1>, C<4>)>;
    assert_eq!(
        <MaxCommonVector<A, A> as tessel::typenum::Unsigned>::USIZE,
        1
    );
    assert_eq!(<MaxCommonLayout<A, A>>::default().to_string(), "1:0");
}
