//! `local_tile` and `local_partition`: a tensor cut by a tiler, sliced in one of its two modes.

use super::residue::{BlockCoord, ModeSizes, TensorShape, TileExtents};
use super::slice::{At, Sliced};
use super::tile_coord::TileCoord;
use super::{CutByValue, Engine, TensorOf};
use crate::algebra::divide::ZippedDivideBy;
use crate::algebra::mixed::{Sym0, Symbolize};
use crate::algebra::product::{ListSizeMixed, SizeOf};
use crate::diagnostic::{And, Both, Check, CheckBit, Checked, Condition, Dec, Decimal, Holds, Num};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves};
use crate::layout::sublayout::{Modes, TwoModes};
use crate::layout::Layout;
use crate::num::arith::DivCheap;
use crate::num::int::Int;
use crate::num::list::{Cons, Nil, ToList};
use crate::num::nat::Succ;
use typenum::{UInt, U0};

crate::diagnostic::condition!(
    /// local_tile: each tile mode divides the tensor's mode it cuts.
    TileDividesMode,
    TileDividesTheMode,
    "local_tile: the tile {A} does not divide the mode {B} of the tensor (ragged tiles: zipped_divide and predication)",
    "local_tile needs tiles that divide the tensor's static modes"
);

/// local_partition: each mode of the thread layout divides the tensor's mode it cuts (the tag
/// the walk is given; a failure names its mode, [`ThreadsDivideModeAt`]).
pub struct ThreadsDivideMode;

/// local_partition's failure in mode `I` (a [`Num`]).
pub struct ThreadsDivideModeAt<I>(core::marker::PhantomData<I>);

/// The failure of [`ThreadsDivideMode`] in mode `I`, with its numbers in decimal.
#[diagnostic::on_unimplemented(
    message = "local_partition: the {A} threads of mode {I} of the thread layout do not divide the mode {B} of the tensor",
    label = "local_partition needs thread layouts whose modes divide the tensor's static modes"
)]
pub trait ThreadsDivideTheMode<const A: u64, const B: u64, const I: u64> {}

impl<const A: u64, const B: u64, const I: u64> Condition<Num<A>, Num<B>>
    for ThreadsDivideModeAt<Num<I>>
where
    Num<A>: ThreadsDivideTheMode<A, B, I>,
{
}

/// The tag of a failure in mode I: local_partition's names the mode, local_tile's does not.
#[doc(hidden)]
pub trait AtMode<I> {
    /// The tag.
    type Tag;
}
impl<I> AtMode<I> for TileDividesMode {
    type Tag = TileDividesMode;
}
impl<I: Decimal> AtMode<I> for ThreadsDivideMode {
    type Tag = ThreadsDivideModeAt<Dec<I>>;
}

/// The tensor's layout L zipped-divided by the tiler T, as its tile and rest modes.
type Zipped<L, T> = <L as ZippedDivideBy<T>>::Output;
/// The tile mode.
pub type TileMode<L, T> = <Zipped<L, T> as TwoModes>::First;
/// The rest mode.
pub type RestMode<L, T> = <Zipped<L, T> as TwoModes>::Second;

/// The tile `coord` of `tensor` cut by `tiler` (a shape such as `<shape!("(16,32)")>::default()`,
/// an integer, a layout, or a tuple of them): `zipped_divide(tensor, tiler)(_, coord)`, CuTe's
/// `local_tile`. Where a tile mode and the tensor's mode are static, the tile must divide it (a
/// compile error otherwise).
#[inline(always)]
pub fn local_tile<E, L, Tl, Cd, B: CutByValue>(
    tensor: TensorOf<E, L, B>,
    tiler: Tl,
    coord: Cd,
) -> LocalTile<E, L, Tl, Cd>
where
    E: Engine,
    L: TensorShape + ZippedDivideBy<Tl>,
    L::Shape: ModeSizes,
    Tl: TileExtents,
    Cd: BlockCoord + TileCoord<Zipped<L, Tl>>,
    L::Shape: Divisible<Tl, TileDividesMode>,
    <L::Shape as Divisible<Tl, TileDividesMode>>::Verdict: Checked,
    TileAt<L, Tl, Cd>: Sliced,
{
    inner_partition(tensor.cut(), tiler, coord)
}

/// `zipped_divide(tensor, tiler)(_, coord)`: the tile at `coord` (CuTe's `inner_partition`, with
/// no divisibility check; [`local_tile`] is the checked form). A tile that passes the tensor's
/// shape is not [`is_full`](TensorOf::is_full).
#[inline(always)]
pub fn inner_partition<E, L, Tl, Cd, B: CutByValue>(
    tensor: TensorOf<E, L, B>,
    tiler: Tl,
    coord: Cd,
) -> LocalTile<E, L, Tl, Cd>
where
    E: Engine,
    L: ZippedDivideBy<Tl> + TensorShape,
    L::Shape: ModeSizes,
    Tl: TileExtents,
    Cd: BlockCoord + TileCoord<Zipped<L, Tl>>,
    TileAt<L, Tl, Cd>: Sliced,
{
    let tensor = tensor.cut();
    let inside = super::residue::inside(&tensor.layout, &tiler, &coord);
    let tile = tensor.map(|l| coord.tile_of(l.zipped_divide_by(tiler)));
    tile.within(inside)
}

/// `zipped_divide(tensor, tiler)(coord, _)`: the element at `coord` of every tile (CuTe's
/// `outer_partition`, with no divisibility check; [`local_partition`] is the checked form).
#[inline(always)]
pub fn outer_partition<E, L: ZippedDivideBy<Tl>, Tl, Cd, B: CutByValue>(
    tensor: TensorOf<E, L, B>,
    tiler: Tl,
    coord: Cd,
) -> TensorOf<E, RestMode<L, Tl>>
where
    E: Engine,
    Zipped<L, Tl>: TwoModes,
    TileMode<L, Tl>: At<Cd>,
    RestMode<L, Tl>: Sliced,
{
    tensor.cut().map(|l| {
        let (tile, rest) = l.zipped_divide_by(tiler).split();
        let shift = tile.at(coord);
        (rest, shift)
    })
}

/// What `local_tile` gives for the block coordinate `Cd` (an index or a tuple of them: the
/// tile; with `_` in modes: the tile and the tiles along those modes).
pub type LocalTile<E, L, Tl, Cd = usize> = TensorOf<E, TileAt<L, Tl, Cd>>;
/// The layout of what `local_tile` gives.
pub type TileAt<L, Tl, Cd> = <Cd as TileCoord<Zipped<L, Tl>>>::Output;

/// The elements thread `index` of `thr` owns in `tensor`: `tensor` cut into tiles of
/// `product_each(shape(thr))`, one element of each tile, the one at the thread's coordinate in
/// `thr` (CuTe's `local_partition`, an `outer_partition`). Where a mode of `thr` and the tensor's
/// mode are static, the threads must divide it (a compile error otherwise).
#[inline(always)]
pub fn local_partition<E, L, TS, TD: IntTuple, B: CutByValue>(
    tensor: TensorOf<E, L, B>,
    thr: Layout<TS, TD>,
    index: usize,
) -> LocalPartition<E, L, TS>
where
    E: Engine,
    TS: LayoutShape<TD> + ProductEach + ThreadCoord<TD>,
    L: TensorShape + ZippedDivideBy<TS::Output>,
    L::Shape: Divisible<TS::Output, ThreadsDivideMode>,
    <L::Shape as Divisible<TS::Output, ThreadsDivideMode>>::Verdict: Checked,
    Zipped<L, TS::Output>: TwoModes,
    TileMode<L, TS::Output>: At<TS::Coord>,
    RestMode<L, TS::Output>: Sliced,
{
    let coord = thr.shape().thread_coord(&thr.stride(), index);
    outer_partition(tensor, TS::Output::default(), coord)
}

/// What `local_partition` gives.
pub type LocalPartition<E, L, TS> = TensorOf<E, RestMode<L, <TS as ProductEach>::Output>>;

/// CuTe's `product_each(shape)`: each top-level mode's size, a static tiler.
pub trait ProductEach {
    /// The sizes.
    type Output: Default;
}
impl<U, B> ProductEach for UInt<U, B>
where
    UInt<U, B>: Default,
{
    type Output = Self;
}

/// The coordinate of thread `index` in a thread layout `Self:D`, one 1-D coordinate per top-level
/// mode: CuTe's `get_flat_coord`, the stride-aware `idx2crd` of `index`.
pub trait ThreadCoord<D> {
    /// `usize` for a one-mode layout, else a tuple of them.
    type Coord;
    /// The coordinate.
    fn thread_coord(&self, stride: &D, index: usize) -> Self::Coord;
}
impl<S: Int, D: Int> ThreadCoord<D> for S {
    type Coord = usize;
    #[inline(always)]
    fn thread_coord(&self, stride: &D, index: usize) -> usize {
        self.mode_coord(stride, index)
    }
}

/// The 1-D coordinate within a mode `Self:D` of the index `index` (the stride-aware
/// `idx2crd`, read colexicographically).
pub trait ModeCoord<D> {
    /// The coordinate.
    fn mode_coord(&self, stride: &D, index: usize) -> usize;
}
impl<S: Int, D: Int> ModeCoord<D> for S {
    #[inline(always)]
    fn mode_coord(&self, stride: &D, index: usize) -> usize {
        match stride.value() {
            0 => 0,
            d => (index / d as usize) % self.value() as usize,
        }
    }
}

/// Whether a tiler `T` divides the shape `Self` mode by mode where both are static: the
/// verdict, the condition `Tag` for a failure.
pub trait Divisible<T, Tag> {
    /// [`Holds`] or the failure.
    type Verdict;
}
impl<S: Symbolize<U0, U0>, T: TilerSizes, Tag> Divisible<T, Tag> for S
where
    Sym0<S>: Modes,
    <Sym0<S> as Modes>::List: ModesDivisible<T::Sizes, Tag, U0>,
{
    type Verdict = <<Sym0<S> as Modes>::List as ModesDivisible<T::Sizes, Tag, U0>>::Verdict;
}

/// The modes of a shape (a list, from mode I on) against the tile sizes (a list): each size
/// divides its mode where both are static; modes past the tiler are not cut.
#[doc(hidden)]
pub trait ModesDivisible<T, Tag, I> {
    /// [`Holds`] or the failure.
    type Verdict;
}
impl<M, Tag, I> ModesDivisible<Nil, Tag, I> for M {
    type Verdict = Holds;
}
impl<H: Leaves, Rest, TH, TT, Tag: AtMode<I>, I: Succ> ModesDivisible<Cons<TH, TT>, Tag, I>
    for Cons<H, Rest>
where
    H::List: ListSizeMixed,
    TH: DividesSize<SizeOf<H>, Tag::Tag>,
    Rest: ModesDivisible<TT, Tag, I::Output>,
    TH::Verdict: Both<Rest::Verdict>,
{
    type Verdict = And<TH::Verdict, Rest::Verdict>;
}

/// A tile size `Self` against a mode size `M`: a check where both are static, nothing where the
/// mode is a runtime size.
#[doc(hidden)]
pub trait DividesSize<M, Tag> {
    /// [`Holds`] or the failure.
    type Verdict;
}
impl<U, B, V, C, Tag> DividesSize<UInt<V, C>, Tag> for UInt<U, B>
where
    UInt<V, C>: DivCheap<UInt<U, B>>,
    crate::num::arith::Divides<UInt<V, C>, UInt<U, B>>: CheckBit<Tag, UInt<U, B>, UInt<V, C>>,
{
    type Verdict =
        Check<crate::num::arith::Divides<UInt<V, C>, UInt<U, B>>, Tag, UInt<U, B>, UInt<V, C>>;
}
impl<U, B, F, Tag> DividesSize<crate::algebra::mixed::Dyn<F>, Tag> for UInt<U, B> {
    type Verdict = Holds;
}

/// A tiler's top-level sizes as a list: a tuple's elements, or the whole for an integer.
#[doc(hidden)]
pub trait TilerSizes {
    /// The sizes.
    type Sizes;
}
impl<U, B> TilerSizes for UInt<U, B> {
    type Sizes = Cons<UInt<U, B>, Nil>;
}
impl<S: Leaves, D> TilerSizes for Layout<S, D>
where
    S: LayoutShape<D>,
    D: IntTuple,
    S::List: ListSizeMixed,
{
    type Sizes = Cons<SizeOf<S>, Nil>;
}

macro_rules! tuple_partition {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: crate::layout::int_tuple::StaticShape),+> ProductEach for ($($T,)+) {
            type Output = ($(crate::layout::int_tuple::Size<$T>,)+);
        }
        impl<$($T: ModeCoord<$D>, $D),+> ThreadCoord<($($D,)+)> for ($($T,)+) {
            type Coord = ($(crate::tensor::partition::Each<$T>,)+);
            #[inline(always)]
            fn thread_coord(&self, stride: &($($D,)+), index: usize) -> Self::Coord {
                ($(self.$i.mode_coord(&stride.$i, index),)+)
            }
        }
        impl<$($T: ModeCoord<$D> + IntTuple, $D),+> ModeCoord<($($D,)+)> for ($($T,)+) {
            #[inline(always)]
            fn mode_coord(&self, stride: &($($D,)+), index: usize) -> usize {
                let (mut at, mut below) = (0, 1);
                $(
                    at += self.$i.mode_coord(&stride.$i, index) * below;
                    below *= self.$i.size();
                )+
                let _ = below;
                at
            }
        }
        impl<$($T: TilerSizes1),+> TilerSizes for ($($T,)+) {
            type Sizes = <($($T::Size,)+) as ToList>::List;
        }
    )+};
}

/// A top-level mode's coordinate: a `usize`.
#[doc(hidden)]
pub type Each<T> = <T as EachCoord>::Coord;
/// See [`Each`].
#[doc(hidden)]
pub trait EachCoord {
    /// `usize`.
    type Coord;
}
impl<T> EachCoord for T {
    type Coord = usize;
}

/// One element of a tuple tiler: its size.
#[doc(hidden)]
pub trait TilerSizes1 {
    /// The size.
    type Size;
}
impl<U, B> TilerSizes1 for UInt<U, B> {
    type Size = Self;
}
impl<S: Leaves + LayoutShape<D>, D: IntTuple> TilerSizes1 for Layout<S, D>
where
    S::List: ListSizeMixed,
{
    type Size = SizeOf<S>;
}

crate::num::list::for_each_arity!(tuple_partition);
