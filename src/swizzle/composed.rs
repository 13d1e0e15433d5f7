//! Composed layouts: CuTe's `ComposedLayout<A, O, B>` with a swizzle as A, the index of a
//! coordinate c being `Sw(OFFSET + L(c))`.
//!
//! `composition(Swizzle, L)` gives `Sw o 0 o L` (L itself for a swizzle of 0 bits). The algebra
//! reaches through to L, as CuTe's does: composing `Sw o O o L` with a tiler, dividing it,
//! multiplying it, tiling it to a shape or coalescing it applies the operation to L and keeps
//! `Sw o O`. SIZE is L's, and so is COSIZE (a swizzle permutes indices within aligned blocks
//! larger than what it touches, CuTe's `cosize` of a swizzled layout).
//!
//! ```
//! use tessel::{layout, Composition, Swizzle, StaticLayout, TileToShape, shape};
//! type Atom = Composition<Swizzle<3, 3, 3>, layout!("(8,64):(64,1)")>;
//! assert_eq!(Atom::default().to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
//! assert_eq!(Atom::default().call((1, 0)), 64 ^ 8);
//! type Smem = TileToShape<Atom, shape!("(128,64)")>;
//! assert_eq!(Smem::default().to_string(), "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))");
//! assert_eq!((Smem::SIZE, Smem::COSIZE), (8192, 8192));
//! ```

use crate::algebra::coalesce::CoalesceLayout;
use crate::algebra::complement::ComplementOf;
use crate::algebra::composition::Compose;
use crate::algebra::divide::{DivideTiler, TileUnzip, Unpack};
use crate::algebra::product::{ProductTiler, RankProduct, TileTo};
use crate::diagnostic::Checked;
use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{
    IntTuple, LayoutShape, NonNegative, StaticIntTuple, StaticShape, StaticSpan, StrideSigns,
};
use crate::layout::print::{fmt_table, DisplayFn};
use crate::layout::{fits_u32, Index32, Layout, StaticLayout};
use crate::swizzle::Swizzle;
use crate::swizzle::{Bits, SwizzleFn, ValidSwizzle};
use core::fmt::{self, Debug, Display, Formatter};
use core::marker::PhantomData;

/// `Sw o OFFSET o L`: the index of c is `Sw(OFFSET + L(c))`.
pub struct ComposedLayout<Sw, const OFFSET: usize, L>(PhantomData<(Sw, L)>);

impl<Sw, const O: usize, L> ComposedLayout<Sw, O, L> {
    /// The (zero-sized) value.
    pub const INSTANCE: Self = ComposedLayout(PhantomData);
}

/// `layout!`'s path to a composed layout type and its value, with no bound to prove.
impl<Sw, const O: usize, L> crate::layout::TypeAndValue for ComposedLayout<Sw, O, L> {
    type Value = Self;
    #[allow(non_upper_case_globals)]
    const Value: Self = Self::INSTANCE;
}

impl<Sw, const O: usize, L> Clone for ComposedLayout<Sw, O, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Sw, const O: usize, L> Copy for ComposedLayout<Sw, O, L> {}
impl<Sw, const O: usize, L> Default for ComposedLayout<Sw, O, L> {
    fn default() -> Self {
        Self::INSTANCE
    }
}
impl<Sw: SwizzleFn, const O: usize, L: StaticLayout> Display for ComposedLayout<Sw, O, L> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {O} o {}", Sw::default(), L::INSTANCE)
    }
}
impl<Sw: SwizzleFn, const O: usize, L: StaticLayout> Debug for ComposedLayout<Sw, O, L> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

impl<Sw: SwizzleFn, const O: usize, S, D> StaticLayout for ComposedLayout<Sw, O, Layout<S, D>>
where
    S: StaticShape + StaticSpan<D> + LayoutShape<D>,
    D: StaticIntTuple,
{
    type Shape = S;
    type Stride = D;
    const SIZE: usize = Layout::<S, D>::SIZE;
    const COSIZE: usize = Layout::<S, D>::COSIZE;
    const MIN_INDEX: isize = Layout::<S, D>::MIN_INDEX;
    const RANK: usize = Layout::<S, D>::RANK;
    const DEPTH: usize = Layout::<S, D>::DEPTH;
    const INSTANCE: Self = ComposedLayout(PhantomData);

    #[inline(always)]
    fn call<X: Coord<S, D>>(&self, x: X) -> usize
    where
        D: NonNegative,
    {
        Sw::apply(O + StaticLayout::call(&<Layout<S, D> as StaticLayout>::INSTANCE, x))
    }

    #[inline(always)]
    fn call_signed<X: Coord<S, D>>(&self, x: X) -> isize {
        let inner = StaticLayout::call_signed(&<Layout<S, D> as StaticLayout>::INSTANCE, x);
        Sw::apply((O as isize + inner) as usize) as isize
    }

    #[cfg(feature = "alloc")]
    fn dynamic() -> crate::dynamic::DynLayout {
        Layout::<S, D>::dynamic()
    }
}

impl<Sw: SwizzleFn, const O: usize, S, D> ComposedLayout<Sw, O, Layout<S, D>>
where
    S: StaticShape + StaticSpan<D> + LayoutShape<D>,
    D: StaticIntTuple,
{
    /// The index of coordinate `x`, `Sw(OFFSET + L(x))`: as [`Layout::call`], which reports a
    /// coordinate of the wrong rank or a stride that may be negative at the caller's line.
    #[inline(always)]
    pub fn call<X: CoordIn<S::Profile>>(&self, x: X) -> usize
    where
        X::Itself: Coord<S, D>,
        D: StrideSigns,
        D::Verdict: Checked,
    {
        Sw::apply(O + Layout::<S, D>::INSTANCE.call(x))
    }

    /// The index of coordinate `x`, signed: as [`Layout::call_signed`].
    #[inline(always)]
    pub fn call_signed<X: CoordIn<S::Profile>>(&self, x: X) -> isize
    where
        X::Itself: Coord<S, D>,
    {
        let inner = Layout::<S, D>::INSTANCE.call_signed(x);
        Sw::apply((O as isize + inner) as usize) as isize
    }

    /// The runtime composed layout: the same swizzle, offset and layout.
    #[cfg(feature = "alloc")]
    pub fn to_dynamic(&self) -> crate::dynamic::DynComposedLayout {
        let sw = crate::dynamic::DynSwizzle::new(Sw::BITS, Sw::BASE, Sw::SHIFT);
        let sw = sw.expect("a static swizzle is valid");
        crate::dynamic::DynComposedLayout::new(sw, O, Layout::<S, D>::dynamic())
    }
}

impl<Sw: SwizzleFn, const O: usize, S, D> ComposedLayout<Sw, O, Layout<S, D>>
where
    S: StaticShape + StaticSpan<D> + LayoutShape<D>,
    D: StaticIntTuple,
{
    /// Whether every index fits in `u32`: no negative stride, the size at most 2^32, and
    /// `O + cosize` rounded up to the swizzle's span (which it maps onto itself) at most 2^32.
    const FITS32: bool = {
        let top = (O as u128 + Self::COSIZE as u128).next_multiple_of(Sw::SPAN as u128);
        fits_u32(Self::MIN_INDEX, top, Self::SIZE)
    };

    /// This layout in 32-bit arithmetic if its indices fit in `u32` (see [`Index32`]); the
    /// check is a constant, so `index32().unwrap()` costs nothing at run time.
    ///
    /// ```
    /// use tessel::layout;
    /// let smem = layout!("Sw<5,0,5> o 0 o (32,32):(32,1)").index32().unwrap();
    /// assert_eq!(smem.call((3usize, 4usize)), 3 * 32 + (4 ^ 3));
    /// assert!(layout!("Sw<3,3,3> o 4294967296 o 8:1").index32().is_none());
    /// ```
    pub fn index32(self) -> Option<Index32<Self>> {
        Self::FITS32.then_some(Index32(self))
    }
}

impl<Sw: SwizzleFn, const O: usize, S, D> Index32<ComposedLayout<Sw, O, Layout<S, D>>>
where
    S: StaticShape + StaticSpan<D> + LayoutShape<D>,
    D: StaticIntTuple,
{
    /// The index of coordinate `x`, `Sw(O + L(x))`, computed in `u32`.
    #[inline(always)]
    pub fn call<X: CoordIn<S::Profile>>(&self, x: X) -> u32
    where
        X::Itself: Coord<S, D>,
    {
        // SAFETY: `index32` checked that every index of L, and O past it, fits in u32.
        let inner = unsafe { Layout::<S, D>::INSTANCE.index32_unchecked() }.call(x);
        Sw::apply((O as u32).wrapping_add(inner) as usize) as u32
    }
}

impl<Sw: SwizzleFn, const O: usize, S0, S1, D0, D1>
    ComposedLayout<Sw, O, Layout<(S0, S1), (D0, D1)>>
where
    S0: StaticShape,
    S1: StaticShape,
    (S0, S1): LayoutShape<(D0, D1)>,
    (D0, D1): IntTuple,
    Self: StaticLayout<Shape = (S0, S1), Stride = (D0, D1)>,
    (usize, usize): Coord<(S0, S1), (D0, D1)>,
{
    /// CuTe's `print_layout` table of a composed layout of rank 2: row `m`, column `n` holds the
    /// swizzled index of `(m, n)`.
    pub fn print_layout(&self) -> impl Display + '_ {
        let at = move |m: usize, n: usize| self.call_signed((m, n)) as i64;
        let dims = (S0::SIZE, S1::SIZE);
        DisplayFn(move |f: &mut Formatter<'_>| fmt_table(f, self, dims, Self::COSIZE, &at))
    }
}

/// A swizzle of B bits composed with a layout L: `Sw o 0 o L`; a swizzle of 0 bits is the
/// identity, which leaves L as it is (as CuTe does).
macro_rules! swizzle_compose {
    ($($b:literal)+) => {$(
        impl<const M: u32, const S: i32, L> Compose<L> for Swizzle<$b, M, S>
        where
            Bits<$b, S>: ValidSwizzle,
        {
            type Output = ComposedLayout<Self, 0, L>;
            type Verdict = crate::diagnostic::Holds;
        }
    )+};
}
swizzle_compose!(1 2 3 4 5 6 7 8);

impl<const M: u32, const S: i32, L> Compose<L> for Swizzle<0, M, S>
where
    Bits<0, S>: ValidSwizzle,
{
    type Output = L;
    type Verdict = crate::diagnostic::Holds;
}

/// `Sw o O o L` composed with a tiler: `Sw o O o (L o tiler)`.
impl<Sw, const O: usize, L: Compose<B>, B> Compose<B> for ComposedLayout<Sw, O, L> {
    type Output = ComposedLayout<Sw, O, L::Output>;
    type Verdict = L::Verdict;
}

/// A composed layout's inner layout through an operation that keeps `Sw o O` outside.
macro_rules! through_inner {
    ($Trait:ident<$P:ident>, $($assoc:ident = $kind:ident),+) => {
        impl<Sw, const O: usize, L: $Trait<$P>, $P> $Trait<$P> for ComposedLayout<Sw, O, L> {
            $(through_inner!(@item $assoc $kind L $P $Trait);)+
        }
    };
    (@item $assoc:ident wrap $L:ident $P:ident $Trait:ident) => {
        type $assoc = ComposedLayout<Sw, O, <$L as $Trait<$P>>::$assoc>;
    };
    (@item $assoc:ident keep $L:ident $P:ident $Trait:ident) => {
        type $assoc = <$L as $Trait<$P>>::$assoc;
    };
}
through_inner!(TileUnzip<T>, Output = wrap);
through_inner!(Unpack<T>, Output = wrap);
through_inner!(
    RankProduct<T>,
    Blocked = wrap,
    Raked = wrap,
    BlockedVerdict = keep,
    RakedVerdict = keep
);
through_inner!(TileTo<T>, Output = wrap, Verdict = keep);
through_inner!(ComplementOf<T>, Output = keep, Verdict = keep);

impl<Sw, const O: usize, L: CoalesceLayout> CoalesceLayout for ComposedLayout<Sw, O, L> {
    type Output = ComposedLayout<Sw, O, L::Output>;
}

/// The tiler-side operations (the tiler decides, as for plain layouts): the tiler applied to L.
macro_rules! tiler_through_inner {
    ($($Trait:ident: $($assoc:ident = $kind:ident),+;)+) => {$(
        impl<Sw, const O: usize, L, T: $Trait<L>> $Trait<ComposedLayout<Sw, O, L>> for T {
            $(tiler_through_inner!(@item $assoc $kind L $Trait);)+
        }
    )+};
    (@item $assoc:ident wrap $L:ident $Trait:ident) => {
        type $assoc = ComposedLayout<Sw, O, <T as $Trait<$L>>::$assoc>;
    };
    (@item $assoc:ident keep $L:ident $Trait:ident) => {
        type $assoc = <T as $Trait<$L>>::$assoc;
    };
}
tiler_through_inner!(
    DivideTiler: Output = wrap, Verdict = keep;
    ProductTiler: Output = wrap, Verdict = keep;
);

/// A swizzled layout's fragment is its layout's: registers are not swizzled (CuTe's).
impl<Sw, const O: usize, L: crate::layout::ordered::MakeFragmentLike>
    crate::layout::ordered::MakeFragmentLike for ComposedLayout<Sw, O, L>
{
    type Output = L::Output;
    type Verdict = L::Verdict;
}
impl<Sw, const O: usize, L: crate::layout::ordered::FragmentOperand>
    crate::layout::ordered::FragmentOperand for ComposedLayout<Sw, O, L>
{
    type Parts = L::Parts;
    #[inline(always)]
    fn leaves(&self) -> crate::num::symbol::Env {
        // A composed layout is static: its inner layout has no runtime leaf to gather.
        crate::num::symbol::Env::of(&typenum::UTerm)
    }
}

// Composed layouts and swizzles as arguments of the mixed algebra: static, no runtime leaf.
/// A composed layout is static: it has no runtime leaves.
impl<Sw, const O: usize, L, Arg, N> crate::num::symbol::Symbolize<Arg, N>
    for ComposedLayout<Sw, O, L>
{
    type Output = Self;
    type Next = N;
}
impl<Sw, const O: usize, L> crate::num::symbol::Gather for ComposedLayout<Sw, O, L> {
    #[inline(always)]
    fn gather(&self, _: &mut [isize; crate::num::symbol::MAX_RUNTIME_LEAVES], _: &mut usize) {}
}
impl<Sw, const O: usize, L> crate::num::symbol::Realize<crate::num::symbol::Whole>
    for ComposedLayout<Sw, O, L>
{
    type Output = Self;
    #[inline(always)]
    fn realize(_: &crate::num::symbol::Env) -> Self {
        Self::INSTANCE
    }
}
impl<const B: u32, const M: u32, const S: i32, Arg, N> crate::num::symbol::Symbolize<Arg, N>
    for crate::swizzle::Swizzle<B, M, S>
where
    crate::swizzle::Bits<B, S>: crate::swizzle::ValidSwizzle,
{
    type Output = Self;
    type Next = N;
}
impl<const B: u32, const M: u32, const S: i32> crate::num::symbol::Gather
    for crate::swizzle::Swizzle<B, M, S>
where
    crate::swizzle::Bits<B, S>: crate::swizzle::ValidSwizzle,
{
    #[inline(always)]
    fn gather(&self, _: &mut [isize; crate::num::symbol::MAX_RUNTIME_LEAVES], _: &mut usize) {}
}

// A composed layout is an operand of the algebra (the operation runs on its inner layout).
macro_rules! composed_operand {
    ($($Trait:path),+) => {$(
        impl<Sw, const O: usize, L> $Trait for ComposedLayout<Sw, O, L> {
            type Itself = Self;
        }
    )+};
}
composed_operand!(
    crate::algebra::by_mode::ComplementOperand,
    crate::algebra::by_mode::DivideOperand,
    crate::algebra::by_mode::ProductOperand,
    crate::algebra::composition::Operand
);

/// A swizzle is composition's operand too (`Sw o L`).
impl<const B: u32, const M: u32, const S: i32> crate::algebra::composition::Operand
    for crate::swizzle::Swizzle<B, M, S>
where
    crate::swizzle::Bits<B, S>: crate::swizzle::ValidSwizzle,
{
    type Itself = Self;
}
