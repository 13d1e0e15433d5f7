//! The block coordinate of `local_tile`: indices pick one tile; `_` in a mode keeps every tile
//! along it as a mode of the result (CuTe's `local_tile(mA, (BM,BK), (m, _))`, the `(BM,BK,k)`
//! tiles a GEMM's main loop walks). As CuTe's `inner_partition`, the result is the zipped divide
//! sliced at `(repeat<R0>(_), coord)`: the tile's modes, then the kept modes of tiles. A tuple
//! coordinate shorter than the tensor's rank keeps the modes past it, as CuTe appends `_`
//! (`local_tile` of a `(M,K,L)` tensor by `(BM,BK)` at `(m, _)` is `(BM,BK,k,L)`).
//!
//! ```
//! use tessel::{layout, local_tile, shape, Tensor, Underscore};
//! let data = vec![0f32; 256 * 64];
//! let a = Tensor::new(&data[..], layout!("(256,64):(64,1)"));
//! let g = local_tile(a, <shape!("(128,16)")>::default(), (1usize, Underscore));
//! assert_eq!(g.layout().to_string(), "(128,16,4):(64,1,16)"); // (BM,BK,k)
//! assert_eq!(g.base(), 128 * 64);
//! ```

use super::slice::{At, SliceMode, Underscore};
use super::Swizzled;
use crate::layout::coord::Index;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::TwoModes;
use crate::layout::Layout;
use crate::num::list::{Concat, Cons, Joined, Nil, ToList, ToTuple};
use core::ops::BitOr;
use typenum::{Or, UInt, B0, B1};

/// What `local_tile` gives for the block coordinate `Self` on the zipped layout `Z`
/// (`((tile), (rest))`): the tile, or the tile with the tiles along the `_` modes.
pub trait TileCoord<Z> {
    /// The layout of the result.
    type Output;
    /// The layout and the index of its first element.
    fn tile_of<I: Index>(self, zipped: Z) -> (Self::Output, I);
}
impl<X: PadTo<Z::Shape>, Z: RestShape> TileCoord<Z> for X
where
    X::Padded: Keeps + TileCoordBy<<X::Padded as Keeps>::Bit, Z>,
{
    type Output = <X::Padded as TileCoordBy<<X::Padded as Keeps>::Bit, Z>>::Output;
    #[inline(always)]
    fn tile_of<I: Index>(self, zipped: Z) -> (Self::Output, I) {
        self.pad().tile_by(zipped)
    }
}

/// The shape of a zipped layout's rest mode, plain or swizzled: what a block coordinate is
/// padded to.
#[doc(hidden)]
pub trait RestShape {
    /// The rest mode's shape.
    type Shape;
}
impl<TS, RS, TD, RD> RestShape for Layout<(TS, RS), (TD, RD)>
where
    (TS, RS): LayoutShape<(TD, RD)>,
    (TD, RD): IntTuple,
{
    type Shape = RS;
}
impl<Sw, L: RestShape> RestShape for Swizzled<Sw, L> {
    type Shape = L::Shape;
}

/// CuTe's `append<rank(rest)>(coord, _)`: a tuple coordinate shorter than the rest mode keeps
/// the modes it does not name (`local_tile` of a `(M,K,L)` tensor by a `(BM,BK)` tile at
/// `(m, _)` is `(BM,BK,k,L)`); an index, or a tuple of the rest's rank, is itself.
#[doc(hidden)]
pub trait PadTo<Rest> {
    /// The coordinate of the rest's rank.
    type Padded;
    /// Its value.
    fn pad(self) -> Self::Padded;
}
impl<R> PadTo<R> for usize {
    type Padded = usize;
    #[inline(always)]
    fn pad(self) -> usize {
        self
    }
}
impl<R> PadTo<R> for Underscore {
    type Padded = Underscore;
    #[inline(always)]
    fn pad(self) -> Underscore {
        self
    }
}

/// The list `Self` with `_` appended up to the length of the list `R`.
#[doc(hidden)]
pub trait PadList<R> {
    /// The longer list.
    type Output;
    /// Its value.
    fn pad_list(self) -> Self::Output;
}
impl PadList<Nil> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn pad_list(self) -> Nil {
        Nil
    }
}
impl<R0, R> PadList<Cons<R0, R>> for Nil
where
    Nil: PadList<R>,
{
    type Output = Cons<Underscore, <Nil as PadList<R>>::Output>;
    #[inline(always)]
    fn pad_list(self) -> Self::Output {
        Cons(Underscore, Nil.pad_list())
    }
}
impl<H, T: PadList<R>, R0, R> PadList<Cons<R0, R>> for Cons<H, T> {
    type Output = Cons<H, T::Output>;
    #[inline(always)]
    fn pad_list(self) -> Self::Output {
        Cons(self.0, self.1.pad_list())
    }
}

/// Whether a coordinate keeps a mode: `B1` where it holds a `_`.
#[doc(hidden)]
pub trait Keeps {
    /// `B1` or `B0`.
    type Bit;
}
impl Keeps for usize {
    type Bit = B0;
}
impl Keeps for Underscore {
    type Bit = B1;
}
impl Keeps for Nil {
    type Bit = B0;
}
impl<H: Keeps, T: Keeps> Keeps for Cons<H, T>
where
    H::Bit: BitOr<T::Bit>,
{
    type Bit = Or<H::Bit, T::Bit>;
}

/// See [`TileCoord`]: `B0` picks one tile, `B1` keeps the `_` modes.
#[doc(hidden)]
pub trait TileCoordBy<Keep, Z> {
    /// The layout.
    type Output;
    /// The layout and its first index.
    fn tile_by<I: Index>(self, zipped: Z) -> (Self::Output, I);
}
impl<X, Z: TwoModes> TileCoordBy<B0, Z> for X
where
    Z::Second: At<X>,
{
    type Output = Z::First;
    #[inline(always)]
    fn tile_by<I: Index>(self, zipped: Z) -> (Z::First, I) {
        let (tile, rest) = zipped.split();
        let shift = rest.at(self);
        (tile, shift)
    }
}

/// `(repeat<R0>(_), coord)` slicing `((tile), (rest))`: the tile's modes, then the kept ones.
impl<TS, RS, TD, RD, X> TileCoordBy<B1, Layout<(TS, RS), (TD, RD)>> for X
where
    (TS, RS): LayoutShape<(TD, RD)>,
    (TD, RD): IntTuple,
    TS: AllKept,
    TS::Coord: SliceMode<TS, TD>,
    X: SliceMode<RS, RD>,
    <TS::Coord as SliceMode<TS, TD>>::Shapes: Concat<X::Shapes>,
    <TS::Coord as SliceMode<TS, TD>>::Strides: Concat<X::Strides>,
    Joined<<TS::Coord as SliceMode<TS, TD>>::Shapes, X::Shapes>: ToTuple,
    Joined<<TS::Coord as SliceMode<TS, TD>>::Strides, X::Strides>: ToTuple,
    KeptShape<TS, TD, RS, RD, X>: LayoutShape<KeptStride<TS, TD, RS, RD, X>>,
    KeptStride<TS, TD, RS, RD, X>: IntTuple,
{
    type Output = Layout<KeptShape<TS, TD, RS, RD, X>, KeptStride<TS, TD, RS, RD, X>>;
    #[inline(always)]
    fn tile_by<I: Index>(self, zipped: Layout<(TS, RS), (TD, RD)>) -> (Self::Output, I) {
        let ((ts, rs), (td, rd)) = (zipped.shape(), zipped.stride());
        let (tile_s, tile_d, _) = TS::Coord::default().slice_mode::<I>(ts, td);
        let (rest_s, rest_d, shift) = self.slice_mode(rs, rd);
        let shape = tile_s.concat(rest_s).to_tuple();
        (Layout::new(shape, tile_d.concat(rest_d).to_tuple()), shift)
    }
}
type KeptShape<TS, TD, RS, RD, X> = <Joined<
    <<TS as AllKept>::Coord as SliceMode<TS, TD>>::Shapes,
    <X as SliceMode<RS, RD>>::Shapes,
> as ToTuple>::Tuple;
type KeptStride<TS, TD, RS, RD, X> = <Joined<
    <<TS as AllKept>::Coord as SliceMode<TS, TD>>::Strides,
    <X as SliceMode<RS, RD>>::Strides,
> as ToTuple>::Tuple;

/// CuTe's `repeat<rank(tile)>(_)`: a `_` for each top-level mode of the tile's shape.
#[doc(hidden)]
pub trait AllKept {
    /// The coordinate.
    type Coord: Default;
}
impl<U, B> AllKept for UInt<U, B> {
    type Coord = Underscore;
}
impl AllKept for usize {
    type Coord = Underscore;
}

/// `_` whatever the mode.
type Keep<T> = <T as KeepOne>::Coord;
#[doc(hidden)]
pub trait KeepOne {
    /// `_`.
    type Coord;
}
impl<T> KeepOne for T {
    type Coord = Underscore;
}

macro_rules! tuple_keeps {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T,)+ R: ToList> PadTo<R> for ($($T,)+)
        where
            ($($T,)+): ToList,
            <($($T,)+) as ToList>::List: PadList<R::List>,
            <<($($T,)+) as ToList>::List as PadList<R::List>>::Output: ToTuple,
        {
            type Padded = <<<($($T,)+) as ToList>::List as PadList<R::List>>::Output as ToTuple>::Tuple;
            #[inline(always)]
            fn pad(self) -> Self::Padded {
                self.to_list().pad_list().to_tuple()
            }
        }
        impl<$($T),+> Keeps for ($($T,)+)
        where
            ($($T,)+): ToList,
            <($($T,)+) as ToList>::List: Keeps,
        {
            type Bit = <<($($T,)+) as ToList>::List as Keeps>::Bit;
        }
        impl<$($T),+> AllKept for ($($T,)+) {
            type Coord = ($(Keep<$T>,)+);
        }
    )+};
}
crate::num::list::for_each_arity!(tuple_keeps);
