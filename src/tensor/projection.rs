//! Projections: CuTe's `Step<_1, X, _1>`, here the tuple `(C<1>, X, C<1>)`, keeps the modes
//! marked `C<1>` of a tiler, a coordinate or a thread layout and drops those marked [`X`]
//! (CuTe's `dice`). `local_tile_proj(mA, (BM,BN,BK), (m,n,k), (C<1>, X, C<1>))` cuts A by
//! `(BM,BK)` at `(m,k)`; `local_partition_proj(sA, tC, i, (C<1>, X))` partitions A's rows by the
//! M mode of the thread layout tC alone.
//!
//! ```
//! use tessel::tensor::{local_partition_proj, X};
//! use tessel::{layout, Tensor, C};
//! let s = [0f32; 128 * 8];
//! let sa = Tensor::new(&s, layout!("(128,8)"));
//! // Thread 17 of a (16,16) thread layout is row 1, column 1: it reads rows 1, 17, 33, ... of A.
//! let part = local_partition_proj(sa, layout!("(16,16)"), 17, (C::<1>::default(), X));
//! assert_eq!(part.layout().to_string(), "(8,8):(16,128)");
//! assert_eq!(part.base(), 1);
//! ```

use super::partition::{Divisible, ProductEach, ThreadCoord, ThreadsDivideMode, TileDividesMode};
use super::partition::{LocalTile, RestMode, TileAt, TileMode};
use super::residue::{BlockCoord, ModeSizes, TileExtents};
use super::slice::{At, Sliced};
use super::tile_coord::TileCoord;
use super::{local_partition, local_tile, LocalPartition, TensorOf};
use crate::algebra::divide::ZippedDivideBy;
use crate::diagnostic::Checked;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::TwoModes;
use crate::layout::Layout;
use crate::num::list::{Cons, Nil, ToList, ToTuple};
use typenum::U1;

/// A mode a projection drops (CuTe's `X`).
#[derive(Clone, Copy, Default, Debug)]
pub struct X;

/// The elements of `Self` (a tuple) where the projection `P` holds `C<1>`: CuTe's `dice`.
pub trait Dice<P> {
    /// The kept elements, a tuple.
    type Output;
    /// The kept elements.
    fn dice(self) -> Self::Output;
}

/// `Dice` on lists.
#[doc(hidden)]
pub trait DiceList<P> {
    /// The kept elements, a list.
    type Output;
    /// The kept elements.
    fn dice_list(self) -> Self::Output;
}
impl DiceList<Nil> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn dice_list(self) -> Nil {
        Nil
    }
}
impl<H, T: DiceList<PT>, PT> DiceList<Cons<U1, PT>> for Cons<H, T> {
    type Output = Cons<H, T::Output>;
    #[inline(always)]
    fn dice_list(self) -> Self::Output {
        Cons(self.0, self.1.dice_list())
    }
}
impl<H, T: DiceList<PT>, PT> DiceList<Cons<X, PT>> for Cons<H, T> {
    type Output = T::Output;
    #[inline(always)]
    fn dice_list(self) -> Self::Output {
        self.1.dice_list()
    }
}
impl<T: ToList, P: ToList> Dice<P> for T
where
    T::List: DiceList<P::List>,
    <T::List as DiceList<P::List>>::Output: ToTuple,
{
    type Output = <<T::List as DiceList<P::List>>::Output as ToTuple>::Tuple;
    #[inline(always)]
    fn dice(self) -> Self::Output {
        self.to_list().dice_list().to_tuple()
    }
}

/// A layout's modes where `P` holds `C<1>` (its shape and stride diced alike).
pub type DicedLayout<S, D, P> = Layout<<S as Dice<P>>::Output, <D as Dice<P>>::Output>;

/// `local_tile(tensor, dice(proj, tiler), dice(proj, coord))`: CuTe's `local_tile` with a
/// projection.
#[inline(always)]
pub fn local_tile_proj<E, S, D: IntTuple, Tl: Dice<P>, Cd: Dice<P>, P>(
    tensor: TensorOf<E, Layout<S, D>>,
    tiler: Tl,
    coord: Cd,
    _proj: P,
) -> LocalTile<E, Layout<S, D>, Tl::Output, Cd::Output>
where
    E: super::Engine,
    S: LayoutShape<D> + Divisible<Tl::Output, TileDividesMode> + ModeSizes,
    <S as Divisible<Tl::Output, TileDividesMode>>::Verdict: Checked,
    Tl::Output: TileExtents,
    Cd::Output: BlockCoord + TileCoord<<Layout<S, D> as ZippedDivideBy<Tl::Output>>::Output>,
    Layout<S, D>: ZippedDivideBy<Tl::Output>,
    TileAt<Layout<S, D>, Tl::Output, Cd::Output>: Sliced,
{
    local_tile(tensor, tiler.dice(), coord.dice())
}

/// `local_partition(tensor, dice(proj, thr), index)`: CuTe's `local_partition` with a
/// projection; the thread's coordinate comes from the kept modes of `thr` (their strides).
#[inline(always)]
pub fn local_partition_proj<E, S, D: IntTuple, TS, TD: IntTuple + Dice<P>, P>(
    tensor: TensorOf<E, Layout<S, D>>,
    thr: Layout<TS, TD>,
    index: usize,
    _proj: P,
) -> LocalPartition<E, Layout<S, D>, TS::Output>
where
    E: super::Engine,
    TS: LayoutShape<TD> + Dice<P>,
    TD::Output: IntTuple,
    TS::Output: LayoutShape<TD::Output> + ProductEach + ThreadCoord<TD::Output>,
    S: LayoutShape<D> + Divisible<<TS::Output as ProductEach>::Output, ThreadsDivideMode>,
    <S as Divisible<<TS::Output as ProductEach>::Output, ThreadsDivideMode>>::Verdict: Checked,
    Layout<S, D>: ZippedDivideBy<<TS::Output as ProductEach>::Output>,
    <Layout<S, D> as ZippedDivideBy<<TS::Output as ProductEach>::Output>>::Output: TwoModes,
    TileMode<Layout<S, D>, <TS::Output as ProductEach>::Output>:
        At<<TS::Output as ThreadCoord<TD::Output>>::Coord>,
    RestMode<Layout<S, D>, <TS::Output as ProductEach>::Output>: Sliced,
{
    let diced = Layout::new(thr.shape().dice(), thr.stride().dice());
    local_partition(tensor, diced, index)
}
