//! Swizzled tensors: a shared-memory tile whose layout is `Sw o O o L`
//! ([`ComposedLayout`]), cut by the same partitions as any tensor. A partition fixes
//! coordinates of `L`, and their index joins the offset *inside* the swizzle, a runtime number
//! once a thread's coordinate is in it: CuTe's `ComposedLayout<Swizzle, int, Layout>`, here
//! [`Swizzled`]. `t[c]` is `engine[base + Sw(offset + L(c))]`. Every partition works on one:
//! `local_tile`, `local_partition`, a TiledCopy's `partition_S/D` and a TiledMma's
//! `partition_A/B/C` (the algebra runs on `L`; tests hold the elements to CuTe's). The part of
//! `L(c)` above the swizzle's bits is added after it (`Sw(o + l) = Sw(o + l_lo) + l_hi`), so a
//! thread's static coordinates share one swizzle, as CuTe moves them into the pointer; so is the
//! part of a slice's offset above them, into the base.
//!
//! ```
//! use tessel::{layout, local_partition, local_tile, shape, Tensor};
//! let smem: Vec<u32> = (0..512).collect();
//! type S = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");
//! let t = Tensor::swizzled(&smem, S::default());
//! let tile = local_tile(t, <shape!("(8,8)")>::default(), (0usize, 2usize)); // columns 16..24
//! let sw = |i: usize| i ^ ((i & 0b111_000_000) >> 3);
//! assert_eq!(tile[(3usize, 5usize)], sw(3 * 64 + 16 + 5) as u32);
//! let part = local_partition(t, layout!("(8,4):(4,1)"), 6); // thread (1,2) of 8x4, row-major
//! assert_eq!(part[(0usize, 3usize)], sw(64 + 2 + 4 * 3) as u32);
//! ```

use super::base::Base;
use super::residue::TensorShape;
use super::slice::{At, SliceLayout, Sliced};
use super::{Engine, Ptr, ReadEngine, TensorOf, WriteEngine};
use crate::algebra::composition::ComposeBy;
use crate::algebra::divide::{LogicalDivideBy, ZippedDivideBy};
use crate::layout::coord::{Coord, CoordIn, Index};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::{GroupModes, PrependLayout, TwoModes};
use crate::layout::Layout;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::SwizzleFn;
use core::fmt::{self, Display, Formatter};
use core::marker::PhantomData;

/// `Sw o offset o L` with a runtime offset (CuTe's `ComposedLayout<Swizzle, int, Layout>`).
pub struct Swizzled<Sw, L> {
    offset: isize,
    layout: L,
    swizzle: PhantomData<Sw>,
}

impl<Sw, L: Copy> Clone for Swizzled<Sw, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Sw, L: Copy> Copy for Swizzled<Sw, L> {}

impl<Sw, L> Swizzled<Sw, L> {
    /// `Sw o offset o layout`.
    pub fn new(offset: isize, layout: L) -> Self {
        Swizzled {
            offset,
            layout,
            swizzle: PhantomData,
        }
    }

    /// The offset inside the swizzle.
    pub fn offset(&self) -> isize {
        self.offset
    }

    /// The inner layout.
    pub fn inner(&self) -> &L {
        &self.layout
    }
}

impl<Sw: SwizzleFn, L: Display> Display for Swizzled<Sw, L> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", Sw::default(), self.offset, self.layout)
    }
}

impl<Sw, L: ZippedDivideBy<T>, T> ZippedDivideBy<T> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    #[inline(always)]
    fn zipped_divide_by(self, t: T) -> Self::Output {
        Swizzled::new(self.offset, self.layout.zipped_divide_by(t))
    }
}

impl<Sw, L: LogicalDivideBy<T>, T> LogicalDivideBy<T> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    #[inline(always)]
    fn logical_divide_by(self, t: T) -> Self::Output {
        Swizzled::new(self.offset, self.layout.logical_divide_by(t))
    }
}

impl<Sw, L: ComposeBy<T>, T> ComposeBy<T> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    #[inline(always)]
    fn compose_by(self, t: T) -> Self::Output {
        Swizzled::new(self.offset, self.layout.compose_by(t))
    }
}

/// A mode of one swizzled layout, cut apart by a partition, put back in front of the others:
/// they share the offset of the layout they came from.
impl<Sw, L: PrependLayout<M>, M> PrependLayout<Swizzled<Sw, M>> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    #[inline(always)]
    fn prepend_layout(self, x: Swizzled<Sw, M>) -> Self::Output {
        debug_assert!(self.offset == x.offset);
        Swizzled::new(self.offset, self.layout.prepend_layout(x.layout))
    }
}

impl<Sw, L: GroupModes<B, E>, const B: usize, const E: usize> GroupModes<B, E> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    #[inline(always)]
    fn group_modes(self) -> Self::Output {
        Swizzled::new(self.offset, self.layout.group_modes())
    }
}

impl<Sw, L: SliceLayout<X>, X> SliceLayout<X> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    #[inline(always)]
    fn slice_layout<I: Index>(self, x: X) -> (Self::Output, I) {
        let (layout, shift) = self.layout.slice_layout(x);
        (Swizzled::new(self.offset, layout), shift)
    }
}

impl<Sw, L: TwoModes> TwoModes for Swizzled<Sw, L> {
    type First = Swizzled<Sw, L::First>;
    type Second = Swizzled<Sw, L::Second>;
    #[inline(always)]
    fn split(self) -> (Self::First, Self::Second) {
        let (a, b) = self.layout.split();
        (Swizzled::new(self.offset, a), Swizzled::new(self.offset, b))
    }
}

/// A fixed coordinate's index in the inner layout: it joins the offset of the other half.
impl<Sw, L: At<X>, X> At<X> for Swizzled<Sw, L> {
    #[inline(always)]
    fn at<I: Index>(&self, x: X) -> I {
        self.layout.at(x)
    }
}

/// A slice's shift joins the offset inside the swizzle, but for its part above the swizzle's
/// bits, which passes through it (`Sw(o + lo + hi) = Sw(o + lo) + hi`) into the base: slicing a
/// stage at a runtime index (`tAsA(_, _, _, pipe)`) so leaves the swizzled part loop-invariant,
/// the stage one addition, as CuTe's swizzled pointer carries it.
impl<Sw: SwizzleFn, L> Sliced for Swizzled<Sw, L> {
    type Offset = isize;
    #[inline(always)]
    fn over<E: Engine>(self, engine: E, base: usize, shift: isize) -> TensorOf<E, Self> {
        let (lo, hi) = (
            shift & (Sw::SPAN as isize - 1),
            shift & !(Sw::SPAN as isize - 1),
        );
        TensorOf::at(
            engine,
            opaque(base.wrapping_add_signed(hi)),
            Swizzled::new(self.offset + lo, self.layout),
        )
    }
}

/// The base of a slice, the bits of its low 32 hidden from LLVM on the GPU
/// ([`crate::arch::opaque_u32`]): the constants its partitions add after the swizzle then stay
/// additions that ptxas folds into `ldmatrix`'s address. A shared address (32 bits) uses the
/// low half alone, so LLVM still computes it in 32 bits and drops the rest.
#[inline(always)]
fn opaque(base: usize) -> usize {
    #[cfg(target_arch = "nvptx64")]
    return base & !(u32::MAX as usize) | crate::arch::opaque_u32(base as u32) as usize;
    #[cfg(not(target_arch = "nvptx64"))]
    base
}

impl<'a, T, Sw, S: LayoutShape<D>, D: IntTuple> TensorOf<&'a [T], Swizzled<Sw, Layout<S, D>>>
where
    Layout<S, D>: Default,
{
    /// The tensor of a swizzled layout over `data` (a shared tile). Every index is checked
    /// against the slice when it is read.
    pub fn swizzled<const O: usize>(
        data: &'a [T],
        _layout: ComposedLayout<Sw, O, Layout<S, D>>,
    ) -> Self {
        TensorOf::at(data, 0, Swizzled::new(O as isize, Layout::default()))
    }
}

impl<E, Sw, S: LayoutShape<D>, D: IntTuple> TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    Layout<S, D>: Default,
{
    /// The tensor of a swizzled layout over an engine that is not a slice (a shared-memory
    /// window on the GPU), read and written at [`index_of`](Self::index_of).
    ///
    /// # Safety
    ///
    /// Every index the layout gives lies in the engine.
    pub unsafe fn from_engine_swizzled<const O: usize>(
        engine: E,
        _layout: ComposedLayout<Sw, O, Layout<S, D>>,
    ) -> Self {
        TensorOf::at(engine, 0, Swizzled::new(O as isize, Layout::default()))
    }
}

impl<E: ReadEngine, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple, X: CoordIn<S::Profile>>
    core::ops::Index<X> for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    X::Itself: Coord<S, D>,
{
    type Output = E::Elem;

    /// The element at coordinate `x`: `engine[base + Sw(offset + L(x))]`.
    #[inline(always)]
    fn index(&self, x: X) -> &E::Elem {
        &self.engine.elems()[self.index_of(x) as usize]
    }
}

impl<E: WriteEngine, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple, X: CoordIn<S::Profile>>
    core::ops::IndexMut<X> for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    X::Itself: Coord<S, D>,
{
    #[inline(always)]
    fn index_mut(&mut self, x: X) -> &mut E::Elem {
        let i = self.index_of(x) as usize;
        &mut self.engine.elems_mut()[i]
    }
}

impl<E, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple> TensorOf<E, Swizzled<Sw, Layout<S, D>>> {
    /// The engine index of coordinate `x`, `base + Sw(offset + L(x))`: what an engine that is
    /// not a slice (a shared-memory window) reads and writes at.
    #[inline(always)]
    pub fn index_of<X: CoordIn<S::Profile>>(&self, x: X) -> isize
    where
        X::Itself: Coord<S, D>,
    {
        self.engine_index(self.layout.layout.call_signed(x))
    }

    /// The engine index of the inner layout's index `l`.
    #[inline(always)]
    pub(crate) fn engine_index(&self, l: isize) -> isize {
        // The part of l above the swizzle's bits passes through it: for a static coordinate it
        // is a constant added after one swizzle that many coordinates share.
        let (lo, hi) = (l & (Sw::SPAN as isize - 1), l & !(Sw::SPAN as isize - 1));
        let swizzled = Sw::apply((self.layout.offset + lo) as usize);
        (self.base + swizzled).wrapping_add(hi as usize) as isize
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.layout.layout.size()
    }

    /// The shape (of the inner layout).
    pub fn shape(&self) -> S {
        self.layout.layout.shape()
    }

    /// CuTe's `rank(t)`: the number of top-level modes.
    ///
    /// ```
    /// use tessel::{layout, Composition, Swizzle, Tensor};
    /// let smem = [0u16; 512];
    /// let t = Tensor::new(&smem, <Composition<Swizzle<3, 3, 3>, layout!("(8,64):(64,1)")>>::default());
    /// assert_eq!((t.rank(), t.depth()), (2, 1));
    /// ```
    pub const fn rank(&self) -> usize {
        S::RANK
    }

    /// CuTe's `depth(t)`: how deep the shape nests.
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }

    /// Whether the tensor lies inside the shape of every tensor it was cut from (its indices
    /// are checked against the slice when it is read).
    pub fn is_full(&self) -> bool {
        self.inside
    }
}

impl<T, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple>
    TensorOf<Ptr<T>, Swizzled<Sw, Layout<S, D>>>
{
    /// The element at coordinate `x`.
    ///
    /// # Safety
    ///
    /// The index lies in the engine and no other thread writes the element meanwhile.
    #[inline(always)]
    pub unsafe fn read<X: CoordIn<S::Profile>>(&self, x: X) -> T
    where
        X::Itself: Coord<S, D>,
        T: Copy,
    {
        *self.engine.as_ptr().offset(self.index_of(x))
    }

    /// Writes `v` at coordinate `x`.
    ///
    /// # Safety
    ///
    /// The index lies in the engine and no other thread reads or writes the element meanwhile.
    #[inline(always)]
    pub unsafe fn write<X: CoordIn<S::Profile>>(&self, x: X, v: T)
    where
        X::Itself: Coord<S, D>,
    {
        *self.engine.as_ptr().offset(self.index_of(x)) = v;
    }
}

/// The engine index of coordinate `X` of a tensor, plain or swizzled, as one bound for generic
/// code ([`TensorOf::index_of`]).
///
/// ```
/// use tessel::tensor::IndexOf;
/// use tessel::{layout, Tensor};
/// let smem: Vec<u32> = (0..512).collect();
/// let sw = |i: usize| i ^ ((i & 0b111_000_000) >> 3); // Sw<3,3,3>
/// fn at<T: IndexOf<(usize, usize)>>(t: &T, x: (usize, usize)) -> isize {
///     t.index_at(x)
/// }
/// let swizzled = Tensor::swizzled(&smem, <layout!("Sw<3,3,3> o 0 o (8,64):(64,1)")>::default());
/// assert_eq!(at(&swizzled, (3, 21)), sw(3 * 64 + 21) as isize);
/// let plain = Tensor::new(&smem, layout!("(8,64):(64,1)"));
/// assert_eq!(at(&plain, (3, 21)), 3 * 64 + 21);
/// ```
pub trait IndexOf<X> {
    /// The engine index of `x`.
    fn index_at(&self, x: X) -> isize;
}
impl<E: Engine, S: LayoutShape<D>, D: IntTuple, B: Base, X: CoordIn<S::Profile>> IndexOf<X>
    for TensorOf<E, Layout<S, D>, B>
where
    X::Itself: Coord<S, D>,
{
    #[inline(always)]
    fn index_at(&self, x: X) -> isize {
        self.index_of(x)
    }
}
impl<E, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple, X: CoordIn<S::Profile>> IndexOf<X>
    for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    X::Itself: Coord<S, D>,
{
    #[inline(always)]
    fn index_at(&self, x: X) -> isize {
        self.index_of(x)
    }
}

/// A swizzled partition's fragment is its layout's: registers are not swizzled (CuTe's).
impl<Sw, L: crate::layout::ordered::MakeFragmentLike> crate::layout::ordered::MakeFragmentLike
    for Swizzled<Sw, L>
{
    type Output = L::Output;
    type Verdict = L::Verdict;
}

impl<Sw, L: TensorShape> TensorShape for Swizzled<Sw, L> {
    type Shape = L::Shape;
    #[inline(always)]
    fn tensor_shape(&self) -> L::Shape {
        self.inner().tensor_shape()
    }
}
