//! The accumulator views (`tessel::atom::acc`) against a brute-force model: each thread's
//! values and coordinates, read from `partition_C` and `partition_A` of the tile's identity
//! tensor, for SM80 and SM90 TiledMmas.

use std::collections::BTreeSet;
use tessel::atom::acc::{AccAsALayout, AccRows};
use tessel::kernel::epilogue::Accumulators;
use tessel::mma::*;
use tessel::tensor::{make_identity_tensor_of, CoordAt};
use tessel::{shape, MakeTiledMma, StaticLayout, TiledMma};

/// The rows of thread `t`'s accumulators of tile `S`.
fn rows<Tm: TiledMma, S: Accumulators<Tm> + AccRows<Tm>>(t: usize) -> BTreeSet<usize>
where
    <S::RowCol as StaticLayout>::Stride: tessel::layout::int_tuple::NonNegative,
    (usize, usize): tessel::layout::coord::Coord<
        <S::RowCol as StaticLayout>::Shape,
        <S::RowCol as StaticLayout>::Stride,
    >,
{
    let thr = Tm::get_slice(t);
    (0..S::ROWS)
        .map(|r| S::coord(&thr, S::index(r, 0)).0)
        .collect()
}

/// Every value at one `(r, c)`; a row's values in one row of the tile, the rows distinct; the
/// lanes that differ by `XOR_LANES` bits hold the same rows, every other thread other rows.
fn check_rows<Tm: TiledMma, S: Accumulators<Tm> + AccRows<Tm>>(values: usize)
where
    <S::RowCol as StaticLayout>::Stride: tessel::layout::int_tuple::NonNegative,
    (usize, usize): tessel::layout::coord::Coord<
        <S::RowCol as StaticLayout>::Shape,
        <S::RowCol as StaticLayout>::Stride,
    >,
{
    assert_eq!(S::ROWS * S::COLS, values);
    let xor = S::XOR_LANES as usize;
    let all: Vec<_> = (0..Tm::THREADS).map(rows::<Tm, S>).collect();
    for t in 0..Tm::THREADS {
        let thr = Tm::get_slice(t);
        let mut seen = BTreeSet::new();
        let mut own = BTreeSet::new();
        for r in 0..S::ROWS {
            let row = S::coord(&thr, S::index(r, 0)).0;
            assert!(own.insert(row), "thread {t}: row {row} twice");
            for c in 0..S::COLS {
                let i = S::index(r, c);
                assert!(seen.insert(i), "thread {t}: value {i} twice");
                assert_eq!(
                    S::coord(&thr, i).0,
                    row,
                    "thread {t}: ({r},{c}) off its row"
                );
            }
        }
        assert_eq!(seen.len(), values);
        for u in 0..Tm::THREADS {
            let partner = u / 32 == t / 32 && (u ^ t) & !xor == 0;
            if partner {
                assert_eq!(all[u], all[t], "lanes {t} and {u} hold other rows");
            } else {
                assert!(
                    all[u].is_disjoint(&all[t]),
                    "threads {t} and {u} share a row outside the shuffle group"
                );
            }
        }
    }
}

#[test]
fn rows_of_wgmma_accumulators() {
    check_rows::<MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>, shape!("(128,128)")>(
        64,
    );
    check_rows::<MakeTiledMma<SM90_64x176x16_F32F16F16_SS, shape!("(1,1,1)")>, shape!("(64,176)")>(
        88,
    );
    check_rows::<MakeTiledMma<SM90_64x80x16_F32BF16BF16_SS, shape!("(2,1,1)")>, shape!("(128,80)")>(
        40,
    );
    // Two atoms along M in a 256-row tile: each warpgroup twice.
    check_rows::<MakeTiledMma<SM90_64x64x16_F32BF16BF16_SS, shape!("(2,1,1)")>, shape!("(256,64)")>(
        64,
    );
}

#[test]
fn rows_of_mma_sync_accumulators() {
    check_rows::<MakeTiledMma<SM80_16x8x16_F32BF16BF16F32_TN, shape!("(4,1,1)")>, shape!("(64,64)")>(
        32,
    );
    check_rows::<MakeTiledMma<SM80_16x8x8_F32TF32TF32F32_TN, shape!("(2,1,1)")>, shape!("(32,16)")>(
        8,
    );
}

/// A-operand value `i` and the accumulator the view reads at it lie at one coordinate (a macro:
/// the bounds of a generic function would spell tessel's internal chain).
macro_rules! check_a {
    ($Tm:ty, $Pv:ty, $S:ty) => {{
        let view = AccAsALayout::<$Tm, $Pv, $S>::default();
        for t in 0..<$Tm as TiledMma>::THREADS {
            let a = <$Pv>::get_slice(t).partition_A(make_identity_tensor_of(<$S>::default()));
            let c = <$Tm>::get_slice(t);
            for i in 0..<AccAsALayout<$Tm, $Pv, $S> as StaticLayout>::SIZE {
                let at = <$S as Accumulators<$Tm>>::coord(&c, view.call(i));
                assert_eq!(a.coord_at(i), at, "thread {t}, A value {i}");
            }
        }
    }};
}

#[test]
fn accumulators_as_the_a_operand() {
    type S128 = MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type Pv128 = MakeTiledMma<SM90_64x128x16_F32BF16BF16_RS, shape!("(2,1,1)")>;
    // FlashAttention's convert_layout_acc_Aregs on CuTe's partition_shape_C (cute-oracle --cpp).
    assert_eq!(
        AccAsALayout::<S128, Pv128, shape!("(128,128)")>::default().to_string(),
        "((2,2,2),1,8):((1,2,4),0,8)"
    );
    check_a!(S128, Pv128, shape!("(128,128)"));
    type S176 = MakeTiledMma<SM90_64x176x16_F32F16F16_SS, shape!("(1,1,1)")>;
    type Pv64 = MakeTiledMma<SM90_64x64x16_F32F16F16_RS, shape!("(1,1,1)")>;
    check_a!(S176, Pv64, shape!("(64,176)"));
    type S80 = MakeTiledMma<SM90_64x80x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type Pv256 = MakeTiledMma<SM90_64x256x16_F32BF16BF16_RS, shape!("(2,1,1)")>;
    check_a!(S80, Pv256, shape!("(128,80)"));
}

/// Row `r` of the scores' accumulators and row `r` of the output's lie in one row of the tile,
/// for every thread: the softmax's per-row factors apply to the output by row index (the
/// attention kernels' TiledMmas: S by SS wgmmas over `(128, BN)`, O by RS over `(128, D)`).
macro_rules! check_same_rows {
    ($S:ty, $Pv:ty, $Scores:ty, $Out:ty) => {{
        assert_eq!(<$Scores as AccRows<$S>>::ROWS, <$Out as AccRows<$Pv>>::ROWS);
        for t in 0..<$S as TiledMma>::THREADS {
            let (s, o) = (<$S>::get_slice(t), <$Pv>::get_slice(t));
            for r in 0..<$Scores as AccRows<$S>>::ROWS {
                let row_s =
                    <$Scores as Accumulators<$S>>::coord(&s, <$Scores as AccRows<$S>>::index(r, 0))
                        .0;
                let row_o =
                    <$Out as Accumulators<$Pv>>::coord(&o, <$Out as AccRows<$Pv>>::index(r, 0)).0;
                assert_eq!(row_s, row_o, "thread {t}, row {r}");
            }
        }
    }};
}

#[test]
fn scores_and_output_rows_agree() {
    type KM = tessel::mma::KMajor;
    type NM = tessel::mma::MNMajor;
    check_same_rows!(
        MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>,
        MakeTiledMma<SM90_64x64x16_F32BF16BF16_RS<KM, NM>, shape!("(2,1,1)")>,
        shape!("(128,128)"),
        shape!("(128,64)")
    );
    check_same_rows!(
        MakeTiledMma<SM90_64x80x16_F32BF16BF16_SS, shape!("(2,1,1)")>,
        MakeTiledMma<SM90_64x256x16_F32BF16BF16_RS<KM, NM>, shape!("(2,1,1)")>,
        shape!("(128,80)"),
        shape!("(128,256)")
    );
}

/// FlashAttention's `convert_layout_acc_rowcol`, its mode picks applied by the real CuTe to
/// `make_layout(partition_shape_C(mma, tile))` (cute-oracle `--cpp`, 2026-12-08): the same
/// function as ours, which leaves out the extent-1 modes (SM90's `RestM` and `RestN` here).
#[test]
fn rowcol_equals_flashattention_formula_on_cute() {
    use tessel::dynamic::{DynLayout, IntTuple};
    let check = |ours: &dyn Fn(usize, usize) -> usize, (rows, cols): (usize, usize), cute: &str| {
        let cute: DynLayout = cute.parse().unwrap();
        for r in 0..rows {
            for c in 0..cols {
                let at: IntTuple = format!("({r},{c})").parse().unwrap();
                assert_eq!(
                    ours(r, c) as i64,
                    cute.call(&at).unwrap(),
                    "({r},{c}) of {cute}"
                );
            }
        }
    };
    type Wg = MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type T128 = shape!("(128,128)");
    check(
        &<T128 as AccRows<Wg>>::index,
        (2, 32),
        "((2,1),(2,16,1)):((2,0),(1,4,0))",
    );
    type Sm80 = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,1,1)")>;
    type T64 = shape!("(64,64)");
    check(
        &<T64 as AccRows<Sm80>>::index,
        (4, 16),
        "((2,2),(2,8)):((2,4),(1,8))",
    );
}
