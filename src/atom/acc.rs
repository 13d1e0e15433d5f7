//! A thread's accumulators seen as rows and columns (FlashAttention's
//! `convert_layout_acc_rowcol`), and the lanes that hold the other columns of its rows.
//!
//! Definition. A thread's accumulators of a `(M,N)` tile under a TiledMma are its partition of
//! the tile's identity tensor (`partition_C`): each leaf of that partition steps along the rows
//! (a stride `k@0`), along the columns (`k@1`), or not at all (an extent 1). [`RowColLayout`]
//! keeps the fragment's strides (its compact, column-major layout) and groups the leaves by
//! their axis, in order: `((row leaves), (column leaves))`. The lanes: in the thread mode of the
//! TiledMma's C layout (`(thread, value) -> m + M n`), a leaf whose stride is at least `M` steps
//! whole columns, so the threads along it hold other columns of the same rows; their lane bits
//! are [`AccRows::XOR_LANES`], and a row reduction exchanges over those bits (`shfl.xor`).
//! Nothing here is written per atom: it is read from the layouts.
//!
//! Post-conditions: every value of the thread's fragment is at exactly one `(r, c)`; the values
//! at `(r, _)` lie in one row of the tile, and values at `(r, _)` and `(r', _)`, `r != r'`, in
//! two rows; the lanes whose numbers differ from the thread's by bits of `XOR_LANES` hold the
//! same rows; the threads of the other lanes and warps hold other rows. A layout whose rows are
//! shared beyond a warp (atoms side by side along N) does not satisfy [`AccRows`]: a reduction
//! over such rows needs shared memory, and the condition names the threads a row spans.
//!
//! ```
//! use tessel::atom::acc::{AccRows, RowColLayout};
//! use tessel::mma::{SM80_16x8x16_F32F16F16F32_TN, SM90_64x128x16_F32BF16BF16_SS};
//! use tessel::{shape, MakeTiledMma};
//! // A warpgroup's wgmma of 64x128 (two along M, a 128x128 tile): each thread holds 2 rows
//! // (8 apart) of 32 columns; the 4 lanes of a quad (bits 1 and 2) hold the rest of the rows.
//! type Wg = MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
//! type Tile = shape!("(128,128)");
//! assert_eq!(RowColLayout::<Wg, Tile>::default().to_string(), "((2),(2,16)):((2),(1,4))");
//! assert_eq!(<Tile as AccRows<Wg>>::XOR_LANES, 0b11);
//! // SM80's 16x8 atoms, 2x2 of them over a 64x64 tile: FlashAttention-2's view.
//! type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,1,1)")>;
//! assert_eq!(RowColLayout::<Mma, shape!("(64,64)")>::default().to_string(), "((2,2),(2,8)):((2,4),(1,8))");
//! ```

use crate::atom::thr_mma::{FragmentLayoutOf, Partition, Partitioned};
use crate::atom::tiled_mma::TiledMma;
use crate::diagnostic::{And, Both, Check, CheckBit, Holds, Verified};
use crate::layout::coord::Coord;
use crate::layout::int_tuple::NonNegative;
use crate::layout::int_tuple::{
    At, Get, IntTuple, LayoutShape, Leaves, StaticIntTuple, StaticShape, StaticSpan,
};
use crate::layout::{Layout, StaticLayout};
use crate::num::basis::E;
use crate::num::list::{Cons, Nil, ReverseOnto, SplitFirst, ToList, ToTuple, Unzip, ZipList};
use crate::tensor::IdentityShape;
use core::ops::{Add, BitAnd as BitAndOp, Div, Mul, Rem, Sub};
use generic_array::ArrayLength;
use typenum::{
    And as BitAnd, Bit, Eq, GrEq, IsEqual, IsGreaterOrEqual, IsLessOrEqual, LeEq, Max, Maximum,
    Mod, Prod, Quot, Sub1, Sum,
};
use typenum::{Unsigned, B0, B1, U0, U1, U32};

crate::diagnostic::condition!(
    /// The threads that hold a row of a thread's accumulators are lanes of one warp.
    RowLanes,
    RowLanesInWarp,
    "row reduction: a row of the accumulators is held by threads {A} apart, beyond a warp's {B} lanes",
    "the threads along the columns of a row are exchanged with by warp shuffles: keep the atoms that share rows in one warp (an atom layout of 1 along N)"
);

/// The tile's identity layout.
type Identity<S> = <S as IdentityShape>::Layout;
/// The thread's partition of the tile's identity: the coordinate of each value.
type Coords<Tm, S> = Partitioned<Identity<S>, <Tm as TiledMma>::OpC>;
/// The fragment's layout (compact, column-major).
type Frag<Tm, S> = FragmentLayoutOf<Identity<S>, <Tm as TiledMma>::OpC>;
/// A layout's leaves: `((extent, coordinate stride), fragment stride)`.
type LeafTriples<S, D, F> =
    <<<S as Leaves>::List as ZipList<<D as Leaves>::List>>::Output as ZipList<
        <<F as StaticLayout>::Stride as Leaves>::List,
    >>::Output;

/// Sorting a partition's leaves, `((extent, coordinate stride), fragment stride)`, onto the rows
/// `R` and the columns `Cl` (lists of `(extent, fragment stride)`, most recent first).
#[doc(hidden)]
pub trait SplitAxes<R, Cl> {
    /// The row leaves, in reverse.
    type Rows;
    /// The column leaves, in reverse.
    type Cols;
}
impl<R, Cl> SplitAxes<R, Cl> for Nil {
    type Rows = R;
    type Cols = Cl;
}
impl<S, V, F, T: SplitAxes<Cons<(S, F), R>, Cl>, R, Cl> SplitAxes<R, Cl>
    for Cons<((S, E<U0, V>), F), T>
{
    type Rows = T::Rows;
    type Cols = T::Cols;
}
impl<S, V, F, T: SplitAxes<R, Cons<(S, F), Cl>>, R, Cl> SplitAxes<R, Cl>
    for Cons<((S, E<U1, V>), F), T>
{
    type Rows = T::Rows;
    type Cols = T::Cols;
}
impl<S, F, T: SplitAxes<R, Cl>, R, Cl> SplitAxes<R, Cl> for Cons<((S, U0), F), T> {
    type Rows = T::Rows;
    type Cols = T::Cols;
}

/// A list of `(extent, stride)` in reverse, as a mode: the tuples of its extents and strides in
/// order.
#[doc(hidden)]
pub trait Mode {
    /// The extents.
    type Shape;
    /// The strides.
    type Stride;
}
/// A list in order.
type Ordered<L> = <L as ReverseOnto<Nil>>::Output;
impl<L: ReverseOnto<Nil>> Mode for L
where
    Ordered<L>: Unzip,
    <Ordered<L> as Unzip>::Shapes: ToTuple,
    <Ordered<L> as Unzip>::Strides: ToTuple,
{
    type Shape = <<Ordered<L> as Unzip>::Shapes as ToTuple>::Tuple;
    type Stride = <<Ordered<L> as Unzip>::Strides as ToTuple>::Tuple;
}

/// The thread's accumulators of tile `S` as `((rows), (columns))`, at the fragment's indices;
/// refused where a row is held beyond a warp.
pub type RowColLayout<Tm, S> = Verified<<S as AccRows<Tm>>::Verdict, <S as AccRows<Tm>>::RowCol>;

/// The lanes of a thread-mode leaf `(extent S, stride D)` after the leaves before it (their
/// threads `P`): along the columns (`D >= M`) it adds its lane bits, `(S - 1) P`, to `X` and
/// reaches `S P` threads; along the rows it adds nothing.
#[doc(hidden)]
pub trait LaneStep<Column, S, P, X, W> {
    /// The lane bits so far.
    type Xor;
    /// The threads a row spans so far.
    type Span;
}
impl<S, P, X, W> LaneStep<B0, S, P, X, W> for () {
    type Xor = X;
    type Span = W;
}
impl<S: Sub<B1>, P: Mul<S>, X, W> LaneStep<B1, S, P, X, W> for ()
where
    Sub1<S>: Mul<P>,
    X: Add<Prod<Sub1<S>, P>>,
    W: Max<Prod<P, S>>,
{
    type Xor = Sum<X, Prod<Sub1<S>, P>>;
    type Span = Maximum<W, Prod<P, S>>;
}

/// The lanes of a thread mode's leaves (a list of `(extent, stride)`) in a tile of `M` rows,
/// after threads `P`, with lane bits `X` and a span `W` so far.
#[doc(hidden)]
pub trait Lanes<M, P, X, W> {
    /// The lane bits of the columns.
    type Xor: Unsigned;
    /// The threads a row spans.
    type Span: Unsigned;
}
impl<M, P, X: Unsigned, W: Unsigned> Lanes<M, P, X, W> for Nil {
    type Xor = X;
    type Span = W;
}
/// The lane bits after a leaf.
type StepXor<D, M, S, P, X, W> = <() as LaneStep<GrEq<D, M>, S, P, X, W>>::Xor;
/// The span after a leaf.
type StepSpan<D, M, S, P, X, W> = <() as LaneStep<GrEq<D, M>, S, P, X, W>>::Span;
impl<S, D: IsGreaterOrEqual<M>, T, M, P: Mul<S>, X, W> Lanes<M, P, X, W> for Cons<(S, D), T>
where
    (): LaneStep<GrEq<D, M>, S, P, X, W>,
    T: Lanes<M, Prod<P, S>, StepXor<D, M, S, P, X, W>, StepSpan<D, M, S, P, X, W>>,
{
    type Xor = T::Xor;
    type Span = T::Span;
}

/// The lanes of a C layout's thread mode in a tile of `M` rows: its column leaves' lane bits,
/// and the threads a row spans.
#[doc(hidden)]
pub trait ThreadLanes<M> {
    /// The lane bits of the columns.
    type Xor: Unsigned;
    /// The threads a row spans.
    type Span: Unsigned;
}
/// The leaves of a layout's first mode, `(extent, stride)`.
type FirstModeLeaves<L> = <<Get<<L as StaticLayout>::Shape, U0> as Leaves>::List as ZipList<
    <Get<<L as StaticLayout>::Stride, U0> as Leaves>::List,
>>::Output;
impl<L: StaticLayout, M> ThreadLanes<M> for L
where
    L::Shape: At<U0>,
    L::Stride: At<U0>,
    Get<L::Shape, U0>: Leaves,
    Get<L::Stride, U0>: Leaves,
    <Get<L::Shape, U0> as Leaves>::List: ZipList<<Get<L::Stride, U0> as Leaves>::List>,
    FirstModeLeaves<L>: Lanes<M, U1, U0, U1>,
{
    type Xor = <FirstModeLeaves<L> as Lanes<M, U1, U0, U1>>::Xor;
    type Span = <FirstModeLeaves<L> as Lanes<M, U1, U0, U1>>::Span;
}

/// A layout's leaves beside a fragment `F`'s strides: `((extent, coordinate stride), fragment
/// stride)`.
#[doc(hidden)]
pub trait LeavesBeside<F> {
    /// The list.
    type List;
}
impl<S: LayoutShape<D>, D: IntTuple, F: StaticLayout> LeavesBeside<F> for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    F::Stride: Leaves,
    S::List: ZipList<D::List>,
    <S::List as ZipList<D::List>>::Output: ZipList<<F::Stride as Leaves>::List>,
{
    type List = LeafTriples<S, D, F>;
}

/// A thread's partition of an identity tile (`Self`) and its fragment's layout `F`, as
/// `((rows), (columns))` at the fragment's indices.
#[doc(hidden)]
pub trait RowColOf<F> {
    /// The layout.
    type Layout: StaticLayout;
    /// The rows, a typenum number.
    type Rows: ArrayLength<f32>;
    /// The rows.
    const ROWS: usize;
    /// The values of a row.
    const COLS: usize;
}
/// The row leaves of a partition `P` and its fragment `F`, in reverse.
type RowsOf<P, F> = <<P as LeavesBeside<F>>::List as SplitAxes<Nil, Nil>>::Rows;
/// The column leaves, in reverse.
type ColsOf<P, F> = <<P as LeavesBeside<F>>::List as SplitAxes<Nil, Nil>>::Cols;
/// The rows' extents.
type RowShape<P, F> = <RowsOf<P, F> as Mode>::Shape;
/// The rows' strides.
type RowStride<P, F> = <RowsOf<P, F> as Mode>::Stride;
/// The columns' extents.
type ColShape<P, F> = <ColsOf<P, F> as Mode>::Shape;
/// The columns' strides.
type ColStride<P, F> = <ColsOf<P, F> as Mode>::Stride;
impl<P: LeavesBeside<F>, F> RowColOf<F> for P
where
    P::List: SplitAxes<Nil, Nil>,
    RowsOf<P, F>: Mode,
    ColsOf<P, F>: Mode,
    RowShape<P, F>: StaticShape<Size: ArrayLength<f32>>,
    ColShape<P, F>: StaticShape,
    (RowShape<P, F>, ColShape<P, F>): StaticShape
        + StaticSpan<(RowStride<P, F>, ColStride<P, F>)>
        + LayoutShape<(RowStride<P, F>, ColStride<P, F>)>,
    (RowStride<P, F>, ColStride<P, F>): StaticIntTuple,
{
    type Layout = Layout<(RowShape<P, F>, ColShape<P, F>), (RowStride<P, F>, ColStride<P, F>)>;
    type Rows = <RowShape<P, F> as StaticShape>::Size;
    const ROWS: usize = <<RowShape<P, F> as StaticShape>::Size as Unsigned>::USIZE;
    const COLS: usize = <<ColShape<P, F> as StaticShape>::Size as Unsigned>::USIZE;
}

/// The threads a row of a TiledMma's accumulators spans in a tile of `M` rows.
type LaneSpan<Tm, M> = <<Tm as TiledMma>::LayoutCTV as ThreadLanes<M>>::Span;
/// The verdict: a row within a warp.
type InWarp<Tm, M> = Check<LeEq<LaneSpan<Tm, M>, U32>, RowLanes, LaneSpan<Tm, M>, U32>;

/// A TiledMma's accumulators of a tile of static shape `Self`, `(M,N)`, as rows and columns,
/// and the lanes that share their rows.
pub trait AccRows<Tm: TiledMma> {
    /// `((rows), (columns))` at the fragment's indices.
    type RowCol: StaticLayout;
    /// [`Holds`], or [`RowLanes`]'s failure: a row held beyond a warp.
    type Verdict;
    /// The thread's rows, a typenum number (the length of a per-row array).
    type Rows: ArrayLength<f32>;
    /// The thread's rows.
    const ROWS: usize;
    /// Its values of a row.
    const COLS: usize;
    /// The lane bits whose lanes hold the other columns of the thread's rows.
    const XOR_LANES: u32;
    /// The fragment index of the thread's value `c` of row `r`.
    fn index(r: usize, c: usize) -> usize;
}

impl<Tm: TiledMma, M: Unsigned, N> AccRows<Tm> for (M, N)
where
    (M, N): IdentityShape,
    Identity<(M, N)>: Partition<Tm::OpC>,
    Tm::OpC: crate::atom::thr_mma::OperandFragment<Coords<Tm, (M, N)>>,
    Coords<Tm, (M, N)>: RowColOf<Frag<Tm, (M, N)>>,
    Tm::LayoutCTV: ThreadLanes<M>,
    LaneSpan<Tm, M>: IsLessOrEqual<U32>,
    LeEq<LaneSpan<Tm, M>, U32>: CheckBit<RowLanes, LaneSpan<Tm, M>, U32>,
    <<Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::Layout as StaticLayout>::Stride:
        NonNegative,
    (usize, usize): Coord<
        <<Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::Layout as StaticLayout>::Shape,
        <<Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::Layout as StaticLayout>::Stride,
    >,
{
    type RowCol = <Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::Layout;
    type Rows = <Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::Rows;
    type Verdict = InWarp<Tm, M>;
    const ROWS: usize = <Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::ROWS;
    const COLS: usize = <Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::COLS;
    const XOR_LANES: u32 = <<Tm::LayoutCTV as ThreadLanes<M>>::Xor as Unsigned>::U32;
    #[inline(always)]
    fn index(r: usize, c: usize) -> usize {
        <Coords<Tm, (M, N)> as RowColOf<Frag<Tm, (M, N)>>>::Layout::default().call((r, c))
    }
}

crate::diagnostic::condition!(
    /// Each step of an RS wgmma's A operand is a step of the accumulators it is read from.
    AccAsAStep,
    AccAsAStepHeld,
    "acc_as_a: the A operand steps {A} along coordinate {B}, which no leaf of the accumulators takes",
    "the accumulators' tile must be the A operand's (rows M, columns K), partitioned by TiledMmas of the same rows"
);

/// Where an A-operand leaf of extent `S` and coordinate step `K` along axis `J` lies among the
/// accumulators' leaves (a list of `((extent, coordinate stride), fragment stride)`): the
/// first leaf `(e, c@J)` with `c` dividing `K` and the leaf's `K / c` steps `S` times within
/// `e`; the step is `K / c` times that leaf's fragment stride.
#[doc(hidden)]
pub trait Locate<S, K, J> {
    /// The fragment stride.
    type Stride;
    /// [`Holds`], or no leaf takes the step.
    type Verdict;
}
impl<S, K, J> Locate<S, K, J> for Nil
where
    B0: CheckBit<AccAsAStep, K, J>,
{
    type Stride = U0;
    type Verdict = Check<B0, AccAsAStep, K, J>;
}
impl<S, K, J, Ex, F, T: Locate<S, K, J>> Locate<S, K, J> for Cons<((Ex, U0), F), T> {
    type Stride = T::Stride;
    type Verdict = T::Verdict;
}
/// Whether the leaf `(e, c@J2)` takes an A step `(S, K@J)`.
type Takes<S, K, J, Ex, J2, Cs> = BitAnd<
    Eq<J, J2>,
    BitAnd<LeEq<Cs, K>, BitAnd<Eq<Mod<K, Cs>, U0>, LeEq<Prod<Quot<K, Cs>, S>, Ex>>>,
>;
impl<S, K, J, Ex, J2, Cs, F, T> Locate<S, K, J> for Cons<((Ex, E<J2, Cs>), F), T>
where
    J: IsEqual<J2>,
    Cs: IsLessOrEqual<K>,
    K: Rem<Cs> + Div<Cs>,
    Mod<K, Cs>: IsEqual<U0>,
    Quot<K, Cs>: Mul<S> + Mul<F>,
    Prod<Quot<K, Cs>, S>: IsLessOrEqual<Ex>,
    LeEq<Prod<Quot<K, Cs>, S>, Ex>: Bit,
    Eq<Mod<K, Cs>, U0>: BitAndOp<LeEq<Prod<Quot<K, Cs>, S>, Ex>>,
    LeEq<Cs, K>: BitAndOp<BitAnd<Eq<Mod<K, Cs>, U0>, LeEq<Prod<Quot<K, Cs>, S>, Ex>>>,
    Eq<J, J2>:
        BitAndOp<BitAnd<LeEq<Cs, K>, BitAnd<Eq<Mod<K, Cs>, U0>, LeEq<Prod<Quot<K, Cs>, S>, Ex>>>>,
    (): Found<Takes<S, K, J, Ex, J2, Cs>, Prod<Quot<K, Cs>, F>, T, (S, K, J)>,
{
    type Stride =
        <() as Found<Takes<S, K, J, Ex, J2, Cs>, Prod<Quot<K, Cs>, F>, T, (S, K, J)>>::Stride;
    type Verdict =
        <() as Found<Takes<S, K, J, Ex, J2, Cs>, Prod<Quot<K, Cs>, F>, T, (S, K, J)>>::Verdict;
}

/// The search's step: the stride `Here` where the leaf takes the step, else the search of the
/// rest `T` for the step `(S, K, J)`.
#[doc(hidden)]
pub trait Found<Hit, Here, T, Step> {
    /// The fragment stride.
    type Stride;
    /// The verdict.
    type Verdict;
}
impl<Here, T, Step> Found<B1, Here, T, Step> for () {
    type Stride = Here;
    type Verdict = Holds;
}
impl<Here, T: Locate<S, K, J>, S, K, J> Found<B0, Here, T, (S, K, J)> for () {
    type Stride = T::Stride;
    type Verdict = T::Verdict;
}

/// The fragment strides of a list of A-operand leaves `(extent, coordinate stride)` among the
/// accumulators' leaves `CL`, and their verdicts.
#[doc(hidden)]
pub trait LocateAll<CL> {
    /// The strides, a list.
    type Strides;
    /// The verdict.
    type Verdict;
}
impl<CL> LocateAll<CL> for Nil {
    type Strides = Nil;
    type Verdict = Holds;
}
impl<CL, S, T: LocateAll<CL>> LocateAll<CL> for Cons<(S, U0), T>
where
    Holds: Both<T::Verdict>,
{
    type Strides = Cons<U0, T::Strides>;
    type Verdict = And<Holds, T::Verdict>;
}
impl<CL: Locate<S, K, J>, S, J, K, T: LocateAll<CL>> LocateAll<CL> for Cons<(S, E<J, K>), T>
where
    CL::Verdict: Both<T::Verdict>,
{
    type Strides = Cons<CL::Stride, T::Strides>;
    type Verdict = And<CL::Verdict, T::Verdict>;
}

/// An A-operand partition `(V, RestM, RestK)` of an identity tile read from the accumulators'
/// leaves `CL`: the same shape, each stride the accumulators' fragment stride of that step.
#[doc(hidden)]
pub trait ReadFrom<CL> {
    /// The layout.
    type Layout;
    /// The verdict.
    type Verdict;
}
/// A list of one leaf.
type One<S, D> = Cons<(S, D), Nil>;
/// The element of a list of one.
type Only<L> = <L as SplitFirst>::First;
/// The value mode's leaves, `(extent, coordinate stride)`.
type VLeaves<VS, VD> = <<VS as ToList>::List as ZipList<<VD as ToList>::List>>::Output;
/// The strides read: the value mode's, RestM's and RestK's.
type ReadStrides<CL, V, M, K> = (
    <<VLeaves<<V as Pair>::S, <V as Pair>::D> as LocateAll<CL>>::Strides as ToTuple>::Tuple,
    Only<<One<<M as Pair>::S, <M as Pair>::D> as LocateAll<CL>>::Strides>,
    Only<<One<<K as Pair>::S, <K as Pair>::D> as LocateAll<CL>>::Strides>,
);
/// A mode's extent and stride.
#[doc(hidden)]
pub trait Pair {
    /// The extent.
    type S;
    /// The stride.
    type D;
}
impl<S, D> Pair for (S, D) {
    type S = S;
    type D = D;
}
impl<CL, VS, VD, MS, MD, KS, KD> ReadFrom<CL> for Layout<(VS, MS, KS), (VD, MD, KD)>
where
    (VS, MS, KS): LayoutShape<ReadStrides<CL, (VS, VD), (MS, MD), (KS, KD)>>,
    ReadStrides<CL, (VS, VD), (MS, MD), (KS, KD)>: IntTuple,
    (VS, MS, KS): LayoutShape<(VD, MD, KD)>,
    (VD, MD, KD): IntTuple,
    VS: ToList,
    VD: ToList,
    VS::List: ZipList<VD::List>,
    <VS::List as ZipList<VD::List>>::Output: LocateAll<CL>,
    <VLeaves<VS, VD> as LocateAll<CL>>::Strides: ToTuple,
    One<MS, MD>: LocateAll<CL>,
    One<KS, KD>: LocateAll<CL>,
    <One<MS, MD> as LocateAll<CL>>::Strides: SplitFirst,
    <One<KS, KD> as LocateAll<CL>>::Strides: SplitFirst,
    <VLeaves<VS, VD> as LocateAll<CL>>::Verdict: Both<<One<MS, MD> as LocateAll<CL>>::Verdict>,
    And<<VLeaves<VS, VD> as LocateAll<CL>>::Verdict, <One<MS, MD> as LocateAll<CL>>::Verdict>:
        Both<<One<KS, KD> as LocateAll<CL>>::Verdict>,
{
    type Layout = Layout<(VS, MS, KS), ReadStrides<CL, (VS, VD), (MS, MD), (KS, KD)>>;
    type Verdict = And<
        And<<VLeaves<VS, VD> as LocateAll<CL>>::Verdict, <One<MS, MD> as LocateAll<CL>>::Verdict>,
        <One<KS, KD> as LocateAll<CL>>::Verdict,
    >;
}

/// The accumulators of a tile of static shape `Self`, `(M,N)`, under the TiledMma `Tm`, read as
/// the A operand of `Pv`'s RS wgmmas over the same tile as `(M,K)` (FlashAttention's
/// `convert_layout_acc_Aregs`): a layout of the A partition's shape `(V, RestM, RestK)` whose
/// value at each A coordinate is the index of the accumulator at the same `(row, column)`.
///
/// Post-condition: A-operand value `i` of the thread (in `Pv`'s A partition of the tile) and
/// accumulator `layout(i)` (in `Tm`'s C partition) lie at the same coordinate of the tile. A
/// step of the A operand that no accumulator leaf takes (tilings of other rows, or a thread
/// that would read another thread's accumulators) is refused, naming the step.
///
/// ```
/// use tessel::atom::acc::AccAsALayout;
/// use tessel::mma::{SM90_64x128x16_F32BF16BF16_RS, SM90_64x128x16_F32BF16BF16_SS};
/// use tessel::{shape, MakeTiledMma};
/// type S = MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
/// type Pv = MakeTiledMma<SM90_64x128x16_F32BF16BF16_RS, shape!("(2,1,1)")>;
/// // Scores (128,128) as P V's A operand: 8 K blocks of 16, each two groups of 8 columns.
/// // FlashAttention's convert_layout_acc_Aregs on CuTe's partition gives the same (cute-oracle).
/// let view = AccAsALayout::<S, Pv, shape!("(128,128)")>::default();
/// assert_eq!(view.to_string(), "((2,2,2),1,8):((1,2,4),0,8)");
/// ```
pub trait AccAsA<Tm: TiledMma, Pv: TiledMma> {
    /// The layout.
    type Layout: StaticLayout;
    /// [`Holds`], or [`AccAsAStep`]'s failure.
    type Verdict;
}

/// [`AccAsA`]'s layout, once its steps are held.
pub type AccAsALayout<Tm, Pv, S> =
    Verified<<S as AccAsA<Tm, Pv>>::Verdict, <S as AccAsA<Tm, Pv>>::Layout>;

/// The A-operand partition of an identity tile.
type ACoords<Pv, S> = Partitioned<Identity<S>, <Pv as TiledMma>::OpA>;
/// The accumulators' leaves.
type CLeaves<Tm, S> = <Coords<Tm, S> as LeavesBeside<Frag<Tm, S>>>::List;

impl<Tm: TiledMma, Pv: TiledMma, M, N> AccAsA<Tm, Pv> for (M, N)
where
    (M, N): IdentityShape,
    Identity<(M, N)>: Partition<Tm::OpC> + Partition<Pv::OpA>,
    Tm::OpC: crate::atom::thr_mma::OperandFragment<Coords<Tm, (M, N)>>,
    Coords<Tm, (M, N)>: LeavesBeside<Frag<Tm, (M, N)>>,
    ACoords<Pv, (M, N)>: ReadFrom<CLeaves<Tm, (M, N)>>,
    <ACoords<Pv, (M, N)> as ReadFrom<CLeaves<Tm, (M, N)>>>::Layout: StaticLayout,
{
    type Layout = <ACoords<Pv, (M, N)> as ReadFrom<CLeaves<Tm, (M, N)>>>::Layout;
    type Verdict = <ACoords<Pv, (M, N)> as ReadFrom<CLeaves<Tm, (M, N)>>>::Verdict;
}
