//! Mixed layouts: runtime leaves beside static ones through the algebra, as CuTe mixes them.

use tessel::{coalesce, Layout, C};

macro_rules! c {
    ($n:literal) => {
        C::<$n>::default()
    };
}

#[test]
fn coalesce_keeps_runtime_modes() {
    let l = Layout::new((4usize, c!(2)), (c!(1), 4isize));
    assert_eq!(coalesce(l).to_string(), "(4,2):(1,4)");
    let l = Layout::new((c!(2), 4usize), (c!(1), c!(2)));
    assert_eq!(coalesce(l).to_string(), "(2,4):(1,2)");
    let l = Layout::new((c!(2), c!(4), 3usize), (c!(1), c!(2), 8isize));
    assert_eq!(coalesce(l).to_string(), "(8,3):(1,8)");
}

#[test]
fn composition_with_runtime_leaves() {
    use tessel::{composition, composition::try_composition};
    // CuTe: composition (#4,#6,8):(1,4,7) o 6:1 = (4,1,1):(_1,4,7), which is not A o B: the
    // runtime check says why (and with values that divide, the same types give the answer).
    let a = Layout::new((4usize, 6usize, c!(8)), (c!(1), c!(4), c!(7)));
    let e = try_composition(a, Layout::new(c!(6), c!(1))).unwrap_err();
    assert_eq!((e.a, e.b), (6, 4));
    let a = Layout::new((2usize, 3usize, c!(8)), (c!(1), c!(2), c!(7)));
    let r = try_composition(a, Layout::new(c!(6), c!(1))).unwrap();
    assert_eq!(format!("{r:#}"), "(2,3,1):(_1,2,7)");
    let a = Layout::new((c!(8), 4usize), (c!(1), c!(8)));
    let r = composition(a, Layout::new((c!(4), c!(2)), (c!(2), c!(8))));
    assert_eq!(format!("{r}"), "(4,2):(2,8)");
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
