//! Code generic over a TiledMma or a TiledCopy partitions with `get_slice`, a method of the traits
//! (CuTe's `tiled_mma.get_slice(t)` in a kernel templated on the TiledMMA).

use tessel::atom::thr_mma::Partition;
use tessel::atom::tiled_copy::{CopyPartition, PartitionedS, Tiler};
use tessel::mma::{SM80_16x8x16_F32F16F16F32_TN, UniversalFMA};
use tessel::tensor::Sliced;
use tessel::*;

/// Thread `thread`'s part of C, for any TiledMma: its layout and first index.
fn c_of<Tm: TiledMma, R: Partition<Tm::OpC>>(
    c: Tensor<'_, f32, R>,
    thread: usize,
) -> (String, usize)
where
    tessel::atom::thr_mma::Partitioned<R, Tm::OpC>: Sliced + Copy + core::fmt::Display,
{
    let part = Tm::get_slice(thread).partition_C(c);
    (part.layout().to_string(), part.base())
}

#[test]
fn a_generic_function_partitions_as_the_concrete_call() {
    type Fma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    type Sm80 = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
    let data = [0f32; 128 * 128];
    let c = || Tensor::new(&data, layout!("(128,128)"));
    for thread in [0, 17, 255] {
        let direct = Fma::get_slice(thread).partition_C(c());
        let want = (direct.layout().to_string(), direct.base());
        assert_eq!(c_of::<Fma, _>(c(), thread), want);
    }
    // Thread 37 of 128: warp 1 (M block 1), lane 5 (row 1, column pair 1).
    let direct = Sm80::get_slice(37).partition_C(c());
    assert_eq!(
        c_of::<Sm80, _>(c(), 37),
        (direct.layout().to_string(), direct.base())
    );
    assert_eq!(direct.base(), 1 + 16 + 128 * 2);
}

/// Thread `thread`'s source part of a tile, for any TiledCopy.
fn source_of<Tc: TiledCopy, R>(t: Tensor<'_, u16, R>, thread: usize) -> usize
where
    R: CopyPartition<Tiler<Tc>, Tc::ThrVal2MnS>,
    PartitionedS<R, Tc>: Sliced,
{
    Tc::get_slice(thread).partition_S(t).base()
}

#[test]
fn a_generic_function_partitions_a_copy() {
    type Copy = MakeTiledCopy<layout!("(16,8):(8,1)"), layout!("(1,8)")>;
    let data = [0u16; 128 * 64];
    let t = || Tensor::new(&data, layout!("(128,64):(64,1)"));
    for thread in [0, 9, 127] {
        assert_eq!(
            source_of::<Copy, _>(t(), thread),
            Copy::get_slice(thread).partition_S(t()).base()
        );
    }
    // Thread 9 is row 1, column block 1: index 64 + 8.
    assert_eq!(source_of::<Copy, _>(t(), 9), 64 + 8);
}

/// A staged tile `(M, K, PIPE)` partitions once: the stage stays the last mode (CuTe's
/// `tAsA(_,_,_,pipe)`; answers from cute-oracle).
#[test]
fn a_partition_keeps_the_modes_past_the_tile() {
    let data = [0f32; 128 * 8 * 3];
    type Copy = MakeTiledCopy<layout!("(32,8)"), layout!("(4,1)")>;
    let s = Copy::get_slice(37).partition_S(Tensor::new(&data, layout!("(128,8,3)")));
    assert_eq!(
        (s.layout().to_string(), s.base()),
        ("((1,4),1,1,3):((0,1),0,0,1024)".into(), 148)
    );
    type Fma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    let a = Fma::get_slice(17).partition_A(Tensor::new(&data, layout!("(128,8,3):(8,1,1024)")));
    assert_eq!(
        (a.layout().to_string(), a.base()),
        ("(1,8,8,3):(0,128,1,1024)".into(), 8)
    );
    // Stage 2 of the thread's part, as CuTe slices it.
    let stage = a.slice((
        tessel::Underscore,
        tessel::Underscore,
        tessel::Underscore,
        2usize,
    ));
    assert_eq!(
        (stage.layout().to_string(), stage.base()),
        ("(1,8,8):(0,128,1)".into(), 8 + 2048)
    );
}

/// thrfrg divides an operand by its permutation only where one of its two modes is permuted
/// (CuTe's `logical_divide(t, Tile<_,_>)` is `t`): with K alone permuted, C is not divided and
/// A and B are; with N alone, A is not. Each layout is CuTe's (`cute-oracle --cpp`, the
/// TiledMma `make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{},
/// Tile<Underscore,Underscore,_32>{})`, and `Tile<Underscore,_32,Underscore>`).
#[test]
fn a_permutation_of_some_modes_divides_only_their_operands() {
    type K = MakeTiledMma<
        SM80_16x8x16_F32F16F16F32_TN,
        shape!("(2,2,1)"),
        (Underscore, Underscore, C<32>),
    >;
    type N = MakeTiledMma<
        SM80_16x8x16_F32F16F16F32_TN,
        shape!("(2,2,1)"),
        (Underscore, C<32>, Underscore),
    >;
    let layouts = [
        (
            <K as TiledMma>::LayoutCTV::default().to_string(),
            "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))",
        ),
        (
            <K as TiledMma>::LayoutATV::default().to_string(),
            "((4,8,2,2),((2,2,2),(1,2))):((64,1,16,0),((32,8,256),(0,512)))",
        ),
        (
            <K as TiledMma>::LayoutBTV::default().to_string(),
            "((4,8,2,2),((2,2),(1,2))):((32,1,0,8),((16,128),(0,256)))",
        ),
        (
            <N as TiledMma>::LayoutCTV::default().to_string(),
            "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))",
        ),
        (
            <N as TiledMma>::LayoutATV::default().to_string(),
            "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))",
        ),
    ];
    for (got, cute) in layouts {
        assert_eq!(got, cute);
    }
    let g = vec![0f32; 64 * 64];
    let t = Tensor::new(&g, layout!("(64,64):(64,1)"));
    assert_eq!(
        N::get_slice(77).partition_C(t).layout().to_string(),
        "((2,2),2,4):((1,512),2048,16)"
    );
    assert_eq!(
        N::get_slice(77).partition_A(t).layout().to_string(),
        "((2,2,2),2,4):((1,512,8),2048,16)"
    );
}
