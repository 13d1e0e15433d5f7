//! Layouts: a shape and a congruent stride, a function from coordinates to indices.
//!
//! `Layout<S, D>` maps a coordinate to the inner product of its natural coordinate with the
//! stride `D` (see [`coord`] for the coordinates it accepts). When every leaf is
//! static the layout is a zero-sized type and evaluating it is the arithmetic alone. Queries, as
//! CuTe defines them:
//! - `size`: the number of coordinates, the product of the shape;
//! - `cosize`: the width of the index range, `1 + sum((s - 1) * |d|)` over the leaves, which is
//!   `L(size - 1) + 1` for non-negative strides;
//! - `rank`: the number of top-level modes; `depth`: the nesting depth of the shape.
//!
//! A shape without a stride gets the compact column-major stride ([`LayoutLeft`]).
//!
//! Negative strides are allowed (a reversed view, `8:-1`). Their indices can be negative, so
//! [`call`](Layout::call), which returns `usize`, requires non-negative strides at compile time;
//! [`call_signed`](Layout::call_signed) returns `isize` for every layout. `MIN_INDEX` is the
//! least index, so a layout touches `MIN_INDEX..MIN_INDEX + COSIZE` (`8:-1` touches `-7..1`).
//!
//! ```
//! use tessel::{layout, StaticLayout};
//! type L = layout!("(4,(2,4)):(2,(1,8))");
//! let l = L::default();
//! assert_eq!((l.call((1, 5)), l.call((1, (1, 2))), l.call(5)), (19, 19, 3));
//! assert_eq!((L::SIZE, L::COSIZE, L::RANK, L::DEPTH), (32, 32, 2, 2));
//! assert_eq!(l.to_string(), "(4,(2,4)):(2,(1,8))");
//! ```

pub mod compact;
pub mod coord;
pub mod int_tuple;
pub use crate::num::list;
pub mod ordered;
pub(crate) mod print;
pub mod sublayout;

use crate::diagnostic::Checked;
use crate::layout::compact::{LayoutLeft, LayoutRight};
use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{
    IntTuple, LayoutShape, NonNegative, StaticIntTuple, StaticShape, StaticSpan, StrideSigns,
};
use crate::layout::print::{fmt_table, DisplayFn};
use crate::num::int::C;
use core::fmt::{self, Debug, Display, Formatter};

/// A layout: shape `S` with stride `D` (by default the column-major stride of `S`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D = LayoutLeft<S>>
where
    S: LayoutShape<D>,
    D: IntTuple,
{
    shape: S,
    stride: D,
}

/// The `R x N` row-major layout `(R,N):(N,1)`.
pub type RowMajor<const R: usize, const N: usize> = Layout<(C<R>, C<N>), LayoutRight<(C<R>, C<N>)>>;

/// The `R x N` column-major layout `(R,N):(1,R)`.
pub type ColMajor<const R: usize, const N: usize> = Layout<(C<R>, C<N>)>;

impl<S: LayoutShape<D>, D: IntTuple> Layout<S, D> {
    /// The layout `shape:stride`.
    #[inline(always)]
    pub const fn new(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }

    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The stride.
    #[inline(always)]
    pub fn stride(&self) -> D {
        self.stride
    }

    /// The number of coordinates.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// CuTe's `rank(layout)`: the number of top-level modes (1 for an integer shape).
    ///
    /// ```
    /// let l = tessel::layout!("(4,(2,M)):(1,(4,8))"; M = 3usize);
    /// assert_eq!((l.rank(), l.depth()), (2, 2));
    /// ```
    #[inline(always)]
    pub const fn rank(&self) -> usize {
        S::RANK
    }

    /// CuTe's `depth(layout)`: how deep the shape's tuples nest (0 for an integer).
    #[inline(always)]
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }

    /// The width of the index range: one past the greatest index for non-negative strides.
    #[inline(always)]
    pub fn cosize(&self) -> usize {
        let (min, max) = self.shape.span(&self.stride);
        (max - min) as usize + 1
    }

    /// The index of coordinate `x`: a `usize`, or a tuple with one entry per mode. Does not
    /// compile when a stride may be negative (use [`call_signed`](Self::call_signed)).
    #[inline(always)]
    pub fn call<X: CoordIn<S::Profile>>(&self, x: X) -> usize
    where
        X::Itself: Coord<S, D>,
        D: StrideSigns,
        D::Verdict: Checked,
    {
        self.call_signed(x) as usize
    }

    /// The index of coordinate `x`, signed: for layouts with negative strides.
    #[inline(always)]
    pub fn call_signed<X: CoordIn<S::Profile>>(&self, x: X) -> isize
    where
        X::Itself: Coord<S, D>,
    {
        x.itself().crd2idx(self.shape, self.stride)
    }

    /// The runtime layout with the same shape and stride.
    #[cfg(feature = "alloc")]
    pub fn to_dynamic(&self) -> crate::dynamic::DynLayout {
        crate::dynamic::DynLayout::new(self.shape.dynamic(), self.stride.dynamic())
            .expect("a static layout is a valid runtime layout")
    }
}

/// A layout known entirely at compile time: every static layout type implements it.
pub trait StaticLayout: Copy + Default + Debug + Display {
    /// The shape.
    type Shape: StaticShape + LayoutShape<Self::Stride>;
    /// The stride.
    type Stride: StaticIntTuple;
    /// The number of coordinates.
    const SIZE: usize;
    /// The width of the index range (CuTe's cosize): one past the greatest index for
    /// non-negative strides.
    const COSIZE: usize;
    /// The least index: 0 unless a stride is negative.
    const MIN_INDEX: isize;
    /// The number of top-level modes.
    const RANK: usize;
    /// The nesting depth of the shape.
    const DEPTH: usize;
    /// The (zero-sized) value, usable in constants.
    const INSTANCE: Self;

    /// The index of coordinate `x`; does not compile when a stride is negative. (The inherent
    /// `call` of a concrete layout type reports a wrong coordinate or stride more readably.)
    fn call<X: Coord<Self::Shape, Self::Stride>>(&self, x: X) -> usize
    where
        Self::Stride: NonNegative;

    /// The index of coordinate `x`, signed.
    fn call_signed<X: Coord<Self::Shape, Self::Stride>>(&self, x: X) -> isize;

    /// The runtime layout with the same shape and stride (for a composed layout, its inner
    /// layout: `ComposedLayout::to_dynamic` gives the whole).
    #[cfg(feature = "alloc")]
    fn dynamic() -> crate::dynamic::DynLayout;
}

impl<S, D> StaticLayout for Layout<S, D>
where
    S: StaticShape + StaticSpan<D> + LayoutShape<D>,
    D: StaticIntTuple,
{
    type Shape = S;
    type Stride = D;
    const SIZE: usize = S::SIZE;
    const COSIZE: usize = (S::MAX - S::MIN) as usize + 1;
    const MIN_INDEX: isize = S::MIN;
    const RANK: usize = S::RANK;
    const DEPTH: usize = S::DEPTH;
    const INSTANCE: Self = Layout::new(S::INSTANCE, D::INSTANCE);

    #[inline(always)]
    fn call<X: Coord<S, D>>(&self, x: X) -> usize
    where
        D: NonNegative,
    {
        x.crd2idx::<isize>(self.shape, self.stride) as usize
    }

    #[inline(always)]
    fn call_signed<X: Coord<S, D>>(&self, x: X) -> isize {
        x.crd2idx(self.shape, self.stride)
    }

    #[cfg(feature = "alloc")]
    fn dynamic() -> crate::dynamic::DynLayout {
        Self::INSTANCE.to_dynamic()
    }
}

impl<S: LayoutShape<D>, D: IntTuple> Display for Layout<S, D> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.shape.fmt_cute(f)?;
        f.write_str(":")?;
        self.stride.fmt_cute(f)
    }
}

impl<S0: IntTuple, S1: IntTuple, D0: IntTuple, D1: IntTuple> Layout<(S0, S1), (D0, D1)>
where
    (S0, S1): LayoutShape<(D0, D1)>,
    (usize, usize): Coord<(S0, S1), (D0, D1)>,
{
    /// CuTe's `print_layout` table: row `m`, column `n` holds the index of `(m, n)`.
    pub fn print_layout(&self) -> impl Display + '_ {
        let dims = (self.shape.0.size(), self.shape.1.size());
        let at = |m: usize, n: usize| (m, n).crd2idx::<isize>(self.shape, self.stride) as i64;
        DisplayFn(move |f: &mut Formatter<'_>| fmt_table(f, self, dims, self.cosize(), &at))
    }
}

impl<S: LayoutShape<D>, D: IntTuple> Debug for Layout<S, D> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({self})")
    }
}

/// Names a layout type in type position and its value in expression position (`layout!`).
#[doc(hidden)]
pub trait TypeAndValue {
    /// The type itself.
    type Value;
    /// Its value.
    #[allow(non_upper_case_globals)]
    const Value: Self;
}

/// Bounded by what the type needs to exist, not by [`StaticLayout`]: every `layout!` type is
/// normalized through this impl, and proving `StaticLayout` here would add its depth to every
/// operation on it (rust-analyzer's solver gives up past a depth of 50).
impl<S: LayoutShape<D>, D: IntTuple> TypeAndValue for Layout<S, D> {
    type Value = Self;
    // `layout!` writes this path for static leaves only, so the layout is zero-sized (`zst`
    // checks it, as a compile error otherwise).
    #[allow(non_upper_case_globals)]
    const Value: Self = crate::num::int::zst();
}

/// A layout evaluated in 32-bit arithmetic: every index of its domain lies in `0..=u32::MAX`
/// and its size fits in 32 bits, so `u32` wrapping arithmetic gives exactly the index (it is
/// exact modulo 2^32, and the index is below 2^32). On a GPU, 64-bit index math costs extra
/// instructions. A static layout is checked during type checking ([`Index32::new`]), a mixed one
/// once at run time ([`Layout::index32`]).
///
/// ```
/// use tessel::{layout, Layout, C, layout::Index32};
/// let tile = Index32::new(layout!("(128,32):(32,1)"));
/// assert_eq!(tile.call((3usize, 4usize)), 100);
/// let a = Layout::new((1000usize, 64usize), (64isize, C::<1>::default()));
/// assert_eq!(a.index32().unwrap().call((999usize, 63usize)), 63_999);
/// assert!(Layout::new(1usize << 20, 1isize << 20).index32().is_none());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Index32<L>(pub(crate) L);

crate::diagnostic::condition!(
    /// 32-bit evaluation: the cosize and the size of the layout are at most 2^32.
    IndexWidth,
    IndicesFitInU32,
    "Index32: this layout's cosize or size is above 2^32, so its indices do not fit in u32",
    "32-bit evaluation needs a layout of cosize and size at most 2^32 (or index32() at run time)"
);

/// 2^32.
type Above32 = typenum::U4294967296;
/// Whether a static layout's indices fit in 32 bits: no negative stride (the `call` condition),
/// cosize and size at most 2^32.
type Fits32<S, D> = crate::diagnostic::And<
    <D as StrideSigns>::Verdict,
    crate::diagnostic::Check<
        typenum::And<
            typenum::LeEq<Cosize<Layout<S, D>>, Above32>,
            typenum::LeEq<<S as crate::layout::int_tuple::StaticShape>::Size, Above32>,
        >,
        IndexWidth,
        typenum::UTerm,
        typenum::UTerm,
    >,
>;

impl<S: LayoutShape<D>, D: IntTuple> Index32<Layout<S, D>> {
    /// The static layout in 32-bit arithmetic, checked during type checking (`cargo check`
    /// included): a layout whose indices might not fit in u32 does not compile.
    #[inline(always)]
    pub fn new(layout: Layout<S, D>) -> Self
    where
        S: crate::layout::int_tuple::StaticShape,
        Layout<S, D>: CosizeOf,
        D: StrideSigns,
        Cosize<Layout<S, D>>: typenum::IsLessOrEqual<Above32>,
        S::Size: typenum::IsLessOrEqual<Above32>,
        typenum::LeEq<Cosize<Layout<S, D>>, Above32>:
            core::ops::BitAnd<typenum::LeEq<S::Size, Above32>>,
        typenum::And<typenum::LeEq<Cosize<Layout<S, D>>, Above32>, typenum::LeEq<S::Size, Above32>>:
            crate::diagnostic::CheckBit<IndexWidth, typenum::UTerm, typenum::UTerm>,
        D::Verdict: crate::diagnostic::Both<
            crate::diagnostic::Check<
                typenum::And<
                    typenum::LeEq<Cosize<Layout<S, D>>, Above32>,
                    typenum::LeEq<S::Size, Above32>,
                >,
                IndexWidth,
                typenum::UTerm,
                typenum::UTerm,
            >,
        >,
        Fits32<S, D>: Checked,
    {
        Index32(layout)
    }
}

/// Whether indices from `lo` up to (not including) `end`, and a domain of `size` coordinates,
/// fit in u32: the run-time check of [`Layout::index32`] and the constant one of a swizzled
/// layout's `index32`.
pub(crate) const fn fits_u32(lo: isize, end: u128, size: usize) -> bool {
    lo >= 0 && end <= 1 << 32 && size as u128 <= 1 << 32
}

impl<S: LayoutShape<D>, D: IntTuple> Layout<S, D> {
    /// This layout in 32-bit arithmetic, if every index of its domain and its size fit in 32
    /// bits (see [`Index32`]); `None` otherwise.
    pub fn index32(self) -> Option<Index32<Self>> {
        let (lo, hi) = self.shape.span(&self.stride);
        let fits = fits_u32(lo, (hi as i128 + 1) as u128, self.shape.size());
        fits.then_some(Index32(self))
    }

    /// This layout in 32-bit arithmetic, unchecked.
    ///
    /// ```
    /// use tessel::{Layout, C};
    /// let a = Layout::new((1000usize, 64usize), (64isize, C::<1>::default()));
    /// // SAFETY: 1000 * 64 elements: every index fits in 32 bits.
    /// let a32 = unsafe { a.index32_unchecked() };
    /// assert_eq!(a32.call((2usize, 3usize)), 131);
    /// ```
    ///
    /// # Safety
    ///
    /// Every index of the layout's domain must lie in `0..=u32::MAX` and its size must be at
    /// most 2^32 (what [`index32`](Self::index32) checks): otherwise the indices it gives are
    /// wrong, and memory accessed through them is out of bounds.
    pub unsafe fn index32_unchecked(self) -> Index32<Self> {
        Index32(self)
    }
}

impl<S: LayoutShape<D>, D: IntTuple> Index32<Layout<S, D>> {
    /// The index of coordinate `x` (in the layout's domain), computed in `u32`.
    #[inline(always)]
    pub fn call<X: CoordIn<S::Profile>>(&self, x: X) -> u32
    where
        X::Itself: Coord<S, D>,
    {
        x.itself().crd2idx(self.0.shape, self.0.stride)
    }

    /// The layout.
    pub fn layout(&self) -> Layout<S, D> {
        self.0
    }
}

/// The flat modes of a layout, as a list of `(shape, stride)` pairs.
#[doc(hidden)]
pub trait FlatModes {
    /// The list of pairs.
    type List;
}

impl<
        S: crate::layout::int_tuple::LayoutShape<D> + crate::layout::int_tuple::Leaves,
        D: crate::layout::int_tuple::IntTuple + crate::layout::int_tuple::Leaves,
    > FlatModes for Layout<S, D>
where
    S::List: crate::num::list::ZipList<D::List>,
{
    type List = <S::List as crate::num::list::ZipList<D::List>>::Output;
}

/// The cosize of a static layout as a type: `1 + sum((s - 1) * |d|)`.
pub trait CosizeOf {
    /// The cosize.
    type Output;
}

/// The summed reach of a list of modes.
pub trait ReachSum {
    /// The sum.
    type Output;
}
impl ReachSum for crate::num::list::Nil {
    type Output = typenum::UTerm;
}
impl<S, D: crate::num::arith::Reach<S>, T: ReachSum> ReachSum for crate::num::list::Cons<(S, D), T>
where
    D::Output: crate::num::arith::AddMixed<T::Output>,
{
    type Output = crate::num::arith::PlusOf<D::Output, T::Output>;
}

impl<L: FlatModes> CosizeOf for L
where
    L::List: ReachSum,
    <L::List as ReachSum>::Output: crate::num::arith::AddMixed<typenum::U1>,
{
    type Output = crate::num::arith::PlusOf<<L::List as ReachSum>::Output, typenum::U1>;
}

/// `cosize(L)` as a typenum number.
pub type Cosize<L> = <L as CosizeOf>::Output;
