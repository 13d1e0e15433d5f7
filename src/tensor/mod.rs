//! Tensors: a layout over memory, and the tile a block owns and the elements a thread owns.
//!
//! A tensor is an engine (where the elements live), the index of its element 0 in the engine
//! (`base`) and a layout, static or mixed: `t[c]` is `engine[base + layout(c)]`.
//!
//! - [`Tensor`] over a shared slice (`Copy`, like `&[T]`): [`Tensor::new`] checks once that every
//!   index the layout gives lies in the slice; [`Tensor::from_slice`] is the 1-D tensor of a
//!   slice's runtime length.
//! - [`TensorMut`] over a mutable slice: each partition takes the tensor by value (a unique
//!   borrow), so two threads' partitions never alias in safe code.
//! - [`Fragment`]: registers, an owned array whose length is the layout's cosize, a type-level
//!   number; element-wise `+`, `-`, `*`.
//! - [`TensorPtr`]: a raw pointer (GPU memory); built `unsafe`ly, with the engine's length.
//!   [`TensorConstPtr`] is its read-only twin, read through the read-only cache.
//!
//! A tensor is tiled as its layout is, CuTe's "Tiling a Tensor": [`compose`](TensorOf::compose),
//! [`logical_divide`](TensorOf::logical_divide), [`zipped_divide_by`](TensorOf::zipped_divide_by),
//! [`tiled_divide`](TensorOf::tiled_divide) and [`flat_divide`](TensorOf::flat_divide) give the
//! same elements through the layout's result, and [`rank`](TensorOf::rank) and
//! [`depth`](TensorOf::depth) are its layout's.
//!
//! Partitioning follows CuTe's `tensor_impl.hpp`:
//!
//! - [`local_tile`]`(t, tiler, coord)`: `zipped_divide(t, tiler)` sliced at `(_, coord)`, the
//!   tile at tile coordinate `coord` (CuTe's `inner_partition`);
//! - [`local_partition`]`(t, thr, i)`: `zipped_divide(t, product_each(shape(thr)))` sliced at
//!   `(thr.get_flat_coord(i), _)`, the elements thread `i` owns, one per tile (CuTe's
//!   `outer_partition`).
//!
//! Where the tensor's shape and the tile are static, a tile that does not divide the mode it
//! cuts is a compile error naming the function and the numbers; with a runtime shape, a tile
//! may pass the tensor's edge: it is then not [`is_full`](TensorOf::is_full), nor is anything
//! cut from it, and the caller predicates its elements with an identity tensor cut the same way
//! (CuTe's `0y_predication`):
//!
//! ```
//! use tessel::{elem_less, layout, local_partition, local_tile, make_identity_tensor, shape, Tensor};
//! let (m, n) = (200usize, 96usize);
//! let data: Vec<f32> = (0..m * n).map(|i| i as f32).collect();
//! let a = Tensor::new(&data, layout!("(M,N):(ldA,1)"; M = m, N = n, ldA = n));
//! let tiler = <shape!("(64,64)")>::default();
//! let tile = local_tile(a, tiler, (0usize, 1usize)); // columns 64..128 of 96
//! let coords = local_tile(make_identity_tensor(m, n), tiler, (0usize, 1usize));
//! assert!(!tile.is_full());
//! let mine = local_partition(tile, layout!("(8,8)"), 3); // thread 3: rows 3, 11, .., columns 64, 72, ..
//! let where_ = local_partition(coords, layout!("(8,8)"), 3);
//! let sum: f32 = (0..mine.size()).filter(|&i| elem_less(where_.coord(i), (m, n))).map(|i| mine[i]).sum();
//! assert_eq!(sum, 97664.0); // the 8 x 4 elements inside
//! ```
//!
//! ```
//! use tessel::{layout, local_partition, local_tile, shape, Tensor};
//! let data: Vec<f32> = (0..128).map(|i| i as f32).collect();
//! let t = Tensor::new(&data, layout!("(16,8):(1,16)"));
//! // The (2,2) tile at tile coordinate (1, 0): elements 2, 3, 18, 19.
//! let tile = local_tile(t, <shape!("(2,2)")>::default(), (1usize, 0usize));
//! assert_eq!([tile[0], tile[1], tile[2], tile[3]], [2.0, 3.0, 18.0, 19.0]);
//! // Thread 16 of a (16,2) thread layout owns one element of each (16,2) tile.
//! let part = local_partition(t, layout!("(16,2):(1,16)"), 16);
//! assert_eq!(part.layout().to_string(), "(1,4):(0,32)");
//! assert_eq!([part[0], part[1], part[2], part[3]], [16.0, 48.0, 80.0, 112.0]);
//! ```

mod algorithm;
mod base;
mod engine;
mod fragment;
mod identity;
mod make_tensor;
mod memory;
mod partition;
#[cfg(feature = "alloc")]
mod print;
mod projection;
mod residue;
mod slice;
mod swizzled;
mod tile_coord;
mod walk;

pub use algorithm::transform;
pub use algorithm::{
    axpby, clear, copy, copy_if, CopySizesMatch, ElementWise, SameCount, SameSize,
};
pub use base::{Always, Base, CutByValue, Inside, Zero};
pub use engine::{Access, AccessMut, ConstPtr, Engine, Ptr, ReadEngine, ReadOnly, ReadWrite};
pub use engine::{Smem, WriteEngine};
pub use fragment::{
    assert_size, make_fragment_like, make_tensor_like, Fragment, FragmentLayout, FragmentOf,
};
pub use identity::{elem_less, make_identity_tensor, make_identity_tensor_of};
pub use identity::{
    CoordAt, CoordTuple, Coords, ElemLess, IdentityLeaves, IdentityLeavesAtMost, IdentityMode,
    IdentityShape, IdentityTensor, LeavesAtMost, PaddedLeaves, PaddedLeavesAtMost, MAX_LEAVES,
};
pub use make_tensor::TensorLayout;
pub use memory::{Tensor, TensorConstPtr, TensorMut, TensorPtr, TensorSmem, Vector};
pub use partition::{
    inner_partition, local_partition, local_tile, outer_partition, LocalPartition, LocalTile,
    ProductEach, ThreadCoord, TileAt,
};
pub use projection::{local_partition_proj, local_tile_proj, Dice, DicedLayout, X};
pub use slice::{At, SliceLayout, SliceMode, Sliced, SlicedLayout, Underscore};
pub use swizzled::{IndexOf, Swizzled};
pub use tile_coord::TileCoord;
pub use walk::{CountList, Counted, Counts, LeadingCounts, Walk};

use crate::algebra::composition::ComposeBy;
use crate::algebra::divide::{Keep, LogicalDivideBy, OpenBoth, UnpackDivideBy, ZippedDivideBy};
use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::GroupModes;
use crate::layout::Layout;
use crate::num::int::{Lit, ToStatic, C};

/// A layout over an engine: `t[c]` is `engine[base + layout(c)]`. The base is a runtime index
/// (`B = usize`) for every engine a tensor can be cut from, and [`Zero`] for a register fragment,
/// which owns its elements from index 0 and is never cut by value: slicing, partitioning and
/// retiling take a view of it ([`as_view`](TensorOf::as_view),
/// [`as_view_mut`](TensorOf::as_view_mut)), so its indices stay constants.
#[derive(Clone, Copy)]
pub struct TensorOf<E, L, B: Base = usize> {
    engine: E,
    base: B,
    layout: L,
    /// Whether the tensor lies inside the shape of the tensors it was cut from (false for a
    /// ragged tile and what is cut from it); nothing for a fragment, which always does.
    inside: B::Inside,
}

impl<E, L> TensorOf<E, L> {
    /// A tensor over any engine (one of the caller's, such as a shared-memory window).
    ///
    /// # Safety
    ///
    /// Every index the layout gives from 0 lies in the engine, or is only used where a predicate
    /// says it does.
    #[inline(always)]
    pub unsafe fn from_engine(engine: E, layout: L) -> Self {
        TensorOf::over(engine, layout)
    }

    /// The tensor's pieces: engine, base, layout.
    #[inline(always)]
    pub fn into_parts(self) -> (E, usize, L) {
        (self.engine, self.base, self.layout)
    }

    #[inline(always)]
    pub(crate) fn over(engine: E, layout: L) -> Self {
        TensorOf::at(engine, 0, layout)
    }

    #[inline(always)]
    pub(crate) fn at(engine: E, base: usize, layout: L) -> Self {
        TensorOf {
            engine,
            base,
            layout,
            inside: Inside::YES,
        }
    }

    /// The same engine through the layout `f` makes of this one, from the base moved by the
    /// index `f` gives (a partition, a slice, a retile): a view of the same elements.
    #[inline(always)]
    pub(crate) fn map<L2: Sliced>(self, f: impl FnOnce(L) -> (L2, L2::Offset)) -> TensorOf<E, L2>
    where
        E: Engine,
    {
        let (layout, shift) = f(self.layout);
        layout
            .over(self.engine, self.base, shift)
            .within(self.inside)
    }

    /// The tensor, known to lie outside the shape it was cut from unless `inside`.
    #[inline(always)]
    pub(crate) fn within(mut self, inside: bool) -> Self {
        self.inside &= inside;
        self
    }
}

impl<E, L, B: Base> TensorOf<E, L, B> {
    /// `composition(t, b)`: the tensor viewed through `layout o b`, same engine and base.
    #[inline(always)]
    pub fn compose<T>(self, b: T) -> TensorOf<E, L::Output, B>
    where
        L: ComposeBy<T>,
    {
        self.relayout(|l| l.compose_by(b))
    }

    /// `logical_divide(t, tiler)`.
    #[inline(always)]
    pub fn logical_divide<T>(self, tiler: T) -> TensorOf<E, L::Output, B>
    where
        L: LogicalDivideBy<T>,
    {
        self.relayout(|l| l.logical_divide_by(tiler))
    }

    /// `zipped_divide(t, tiler)`: `(tile, rest)`.
    #[inline(always)]
    pub fn zipped_divide_by<T>(self, tiler: T) -> TensorOf<E, L::Output, B>
    where
        L: ZippedDivideBy<T>,
    {
        self.relayout(|l| l.zipped_divide_by(tiler))
    }

    /// `tiled_divide(t, tiler)`: `(tile, r0, r1, ..)`.
    ///
    /// ```
    /// use tessel::{layout, shape, Tensor};
    /// let data: Vec<u32> = (0..384).collect();
    /// let t = Tensor::new(&data, layout!("(M,N)"; M = 24usize, N = 16usize));
    /// // cute-oracle --cpp 'tiled_divide(make_layout(make_shape(24,16)), Shape<_8,_4>{})', and flat_divide
    /// let tiled = t.tiled_divide(<shape!("(8,4)")>::default());
    /// assert_eq!(tiled.layout().to_string(), "((8,4),3,4):((1,24),8,96)");
    /// let flat = t.flat_divide(<shape!("(8,4)")>::default());
    /// assert_eq!(flat.layout().to_string(), "(8,4,3,4):(1,24,8,96)");
    /// assert_eq!(tiled[((7usize, 3usize), 2usize, 1usize)], flat[(7usize, 3usize, 2usize, 1usize)]);
    /// ```
    #[inline(always)]
    pub fn tiled_divide<T>(self, tiler: T) -> TensorOf<E, L::Output, B>
    where
        L: UnpackDivideBy<T, Keep>,
    {
        self.relayout(|l| l.unpack_divide_by(tiler))
    }

    /// `flat_divide(t, tiler)`: `(t0, t1, .., r0, r1, ..)`.
    #[inline(always)]
    pub fn flat_divide<T>(self, tiler: T) -> TensorOf<E, L::Output, B>
    where
        L: UnpackDivideBy<T, OpenBoth>,
    {
        self.relayout(|l| l.unpack_divide_by(tiler))
    }

    /// CuTe's `group_modes<B, E>(t)`: the modes `B..E` gathered into one, same engine and base
    /// (a view: `t.group_modes::<0, 2>()` of a `(BM,BK,PIPE)` stage tensor is `((BM,BK),PIPE)`).
    #[inline(always)]
    pub fn group_modes<const M: usize, const N: usize>(self) -> TensorOf<E, L::Output, B>
    where
        L: GroupModes<M, N>,
    {
        self.relayout(|l| l.group_modes())
    }

    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> L
    where
        L: Copy,
    {
        self.layout
    }

    /// The engine, whatever the layout (`engine()` is the plain layouts' own, so that a closure
    /// over `TensorPtr<T, _>` still infers).
    #[inline(always)]
    pub(crate) fn engine_ref(&self) -> &E {
        &self.engine
    }

    /// The index in the engine of the element at coordinate 0.
    #[inline(always)]
    pub fn base(&self) -> usize {
        self.base.get()
    }

    /// Whether the tensor lies inside the shape of the tensors it was cut from.
    #[inline(always)]
    pub(crate) fn inside(&self) -> bool {
        self.inside.get()
    }

    /// The same tensor with a runtime base, to be cut (the base is one already: see
    /// [`CutByValue`]).
    #[inline(always)]
    pub(crate) fn cut(self) -> TensorOf<E, L>
    where
        B: CutByValue,
    {
        let (base, inside) = (self.base.get(), self.inside());
        TensorOf::at(self.engine, base, self.layout).within(inside)
    }

    /// The same engine and base through another layout (a retile): a view of the same elements.
    #[inline(always)]
    pub(crate) fn view<L2>(self, layout: L2) -> TensorOf<E, L2, B> {
        self.relayout(|_| layout)
    }

    /// The same engine and base through the layout `f` makes of this one.
    #[inline(always)]
    fn relayout<L2>(self, f: impl FnOnce(L) -> L2) -> TensorOf<E, L2, B> {
        let (engine, base, inside) = (self.engine, self.base, self.inside);
        TensorOf {
            engine,
            base,
            layout: f(self.layout),
            inside,
        }
    }
}

/// Views: a tensor over the elements of another, as CuTe's tensors are. What a slice, partition
/// or retile of a view writes lands in the tensor it views (a fragment's registers included).
impl<E: ReadEngine, L: Copy, B: Base> TensorOf<E, L, B> {
    /// A view that reads this tensor's elements.
    ///
    /// ```
    /// use tessel::{layout, tensor::FragmentOf, shape, Underscore};
    /// let mut frag = FragmentOf::<f32, shape!("(4,2)")>::default();
    /// frag[(1usize, 1usize)] = 5.0;
    /// let col = frag.as_view().slice((Underscore, 1usize)); // frag(_, 1), frag kept
    /// assert_eq!((col[1usize], frag.size()), (5.0, 8));
    /// ```
    #[inline(always)]
    pub fn as_view(&self) -> TensorOf<&[E::Elem], L> {
        TensorOf::at(self.engine.elems(), self.base.get(), self.layout).within(self.inside())
    }
}
impl<E: WriteEngine, L: Copy, B: Base> TensorOf<E, L, B> {
    /// A view that writes this tensor's elements.
    ///
    /// ```
    /// use tessel::{layout, tensor::FragmentOf, shape, Underscore};
    /// let mut frag = FragmentOf::<f32, shape!("(4,2)")>::default();
    /// frag.as_view_mut().slice((Underscore, 1usize))[2usize] = 7.0; // frag(_, 1)(2) = 7
    /// assert_eq!(frag[(2usize, 1usize)], 7.0);
    /// ```
    #[inline(always)]
    pub fn as_view_mut(&mut self) -> TensorOf<&mut [E::Elem], L> {
        let (base, layout, inside) = (self.base.get(), self.layout, self.inside());
        TensorOf::at(self.engine.elems_mut(), base, layout).within(inside)
    }
}

impl<E: Engine, L> TensorOf<E, L> {
    fn checked<M: TensorLayout<Layout = L>>(engine: E, layout: M, what: &str) -> Self {
        if let Err((lo, hi)) = layout.fits(engine.len()) {
            panic!(
                "{what}: the layout {layout} reaches the indices {lo}..={hi} from 0, \
                 outside a slice of {} elements",
                engine.len()
            );
        }
        TensorOf::over(engine, layout.tensor_layout())
    }
}

impl<E: Engine, S: LayoutShape<D>, D: IntTuple, B: Base> TensorOf<E, Layout<S, D>, B> {
    /// Whether the tensor lies inside the shape of every tensor it was cut from (a tile that
    /// passes its tensor's edge is not, nor are its partitions) and every index of its layout
    /// in the engine.
    ///
    /// ```
    /// use tessel::{local_tile, Layout, Tensor, C};
    /// let data = [0u8; 10];
    /// let v = Tensor::new(&data, Layout::new(10usize, C::<1>::default()));
    /// assert!(local_tile(v, C::<4>::default(), 1usize).is_full());
    /// assert!(!local_tile(v, C::<4>::default(), 2usize).is_full()); // elements 8, 9 of 8..12
    /// ```
    /// A tile cut from a tensor whose shape the tile does not divide may overhang it (a ragged
    /// tile): indexing past the slice panics (the slice checks each index), so code predicates,
    /// as CuTe's does.
    pub fn is_full(&self) -> bool {
        let (lo, hi) = self.layout.shape().span(&self.layout.stride());
        let base = self.base.get() as isize;
        self.inside() && base + lo >= 0 && ((base + hi) as usize) < self.engine.len()
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The shape.
    pub fn shape(&self) -> S {
        self.layout.shape()
    }

    /// CuTe's `rank(t)`: the layout's number of top-level modes.
    ///
    /// ```
    /// let data = [0u8; 24];
    /// let t = tessel::Tensor::new(&data, tessel::layout!("(2,(3,4))"));
    /// assert_eq!((t.rank(), t.depth()), (2, 2));
    /// ```
    pub const fn rank(&self) -> usize {
        S::RANK
    }

    /// CuTe's `depth(t)`: how deep the layout's shape nests.
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }

    /// The engine.
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine index of coordinate `x`, from the engine's start: what an engine that is not a
    /// slice (a shared-memory window, say) reads and writes at.
    #[inline(always)]
    pub fn index_of<X: CoordIn<S::Profile>>(&self, x: X) -> isize
    where
        X::Itself: Coord<S, D>,
    {
        self.offset(x)
    }

    /// The engine index of coordinate `x`, from the engine's start.
    #[inline(always)]
    fn offset<X: CoordIn<S::Profile>>(&self, x: X) -> isize
    where
        X::Itself: Coord<S, D>,
    {
        self.base.get() as isize + self.layout.call_signed(x)
    }

    /// The engine index of `x` in `u32`.
    #[inline(always)]
    fn offset32<X: CoordIn<S::Profile>>(&self, x: X) -> usize
    where
        X::Itself: Coord<S, D>,
    {
        let (shape, stride) = (self.layout.shape(), self.layout.stride());
        (self.base.get() as u32).wrapping_add(x.itself().crd2idx::<u32>(shape, stride)) as usize
    }

    /// The same engine with another layout from the same base: CuTe's `make_tensor(t.data(), l)`.
    #[inline(always)]
    pub fn with_layout<S2: LayoutShape<D2>, D2: IntTuple>(
        self,
        layout: Layout<S2, D2>,
    ) -> TensorOf<E, Layout<S2, D2>, B> {
        self.view(layout)
    }

    /// `zipped_divide(t, N)`: `(tile, rest)`, tiles of N elements (CuTe's
    /// `zipped_divide(t, Int<N>{})`).
    #[inline(always)]
    pub fn zipped_divide<const N: usize>(
        self,
    ) -> TensorOf<E, <Layout<S, D> as ZippedDivideBy<C<N>>>::Output, B>
    where
        Lit<N>: ToStatic,
        C<N>: Default,
        Layout<S, D>: ZippedDivideBy<C<N>>,
    {
        let layout = self.layout.zipped_divide_by(C::<N>::default());
        self.view(layout)
    }
}

impl<E: ReadEngine, S: LayoutShape<D>, D: IntTuple, B: Base, X: CoordIn<S::Profile>>
    core::ops::Index<X> for TensorOf<E, Layout<S, D>, B>
where
    X::Itself: Coord<S, D>,
{
    type Output = E::Elem;

    /// The element at coordinate `x`: 1-D, R-D or natural, as the layout takes it.
    #[inline(always)]
    fn index(&self, x: X) -> &E::Elem {
        &self.engine.elems()[self.offset(x) as usize]
    }
}

impl<E: WriteEngine, S: LayoutShape<D>, D: IntTuple, B: Base, X: CoordIn<S::Profile>>
    core::ops::IndexMut<X> for TensorOf<E, Layout<S, D>, B>
where
    X::Itself: Coord<S, D>,
{
    #[inline(always)]
    fn index_mut(&mut self, x: X) -> &mut E::Elem {
        let i = self.offset(x) as usize;
        &mut self.engine.elems_mut()[i]
    }
}
