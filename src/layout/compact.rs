//! Compact strides: CuTe's `LayoutLeft` and `LayoutRight` stride generation.
//!
//! `LayoutLeft` (generalized column-major, the default stride of a shape) gives each leaf the
//! exclusive prefix product of the leaves to its left, ignoring the hierarchy; `LayoutRight` the
//! product of the leaves to its right. As in CuTe, a static leaf of size 1 gets stride 0: it has
//! a single coordinate, and a stride of 0 lets later algebra drop it.
//!
//! ```
//! use tessel::{layout, shape, compact::{LayoutLeft, LayoutRight}};
//! static_assertions::assert_type_eq_all!(LayoutLeft<shape!("(2,(2,2))")>, shape!("(1,(2,4))"));
//! static_assertions::assert_type_eq_all!(LayoutRight<shape!("(2,(2,2))")>, shape!("(4,(2,1))"));
//! assert_eq!(layout!("(1,8)").to_string(), "(1,8):(0,1)");
//! ```
//!
//! On values, [`make_layout_left`] and [`make_layout_right`] give the compact layout of a static,
//! runtime or mixed shape, its strides static exactly where CuTe's are (`layout!("(M,N)"; ...)`
//! without a stride is the first):
//!
//! ```
//! use tessel::compact::{make_layout_left, make_layout_right};
//! use tessel::{layout, C};
//! let (m, n) = (200usize, 96usize);
//! assert_eq!(format!("{:#}", layout!("(M,N)"; M = m, N = n)), "(200,96):(_1,200)");
//! assert_eq!(format!("{:#}", make_layout_right((m, n))), "(200,96):(96,_1)");
//! assert_eq!(format!("{:#}", make_layout_left((C::<8>::default(), n))), "(_8,96):(_1,_8)");
//! ```

use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::list::{Cons, Nil, ToList, ToTuple};
use crate::num::nat::{Mul, Prod};
use crate::num::symbol::{Dyn, Env, Gather, OnShape, OnStride, Realize, Sym0, Symbolize};
use typenum::{Bit, UInt, UTerm, Unsigned, B1, U0, U1};

/// Strides grow from the left: column-major.
pub struct Left;
/// Strides grow from the right: row-major.
pub struct Right;

/// The compact strides of a shape, walking in direction `Dir` with running product `Current`.
#[diagnostic::on_unimplemented(
    message = "this shape has no compact stride: its leaves must be static positive integers",
    label = "the default (column-major) stride needs a static shape: C<N> with N >= 1, or tuples of them"
)]
pub trait Compact<Dir, Current> {
    /// The strides, congruent to the shape.
    type Stride;
    /// The running product after this shape: `Current * size(shape)`.
    type Next;
}

/// The generalized column-major strides of `S`: CuTe's `LayoutLeft`.
pub type LayoutLeft<S> = <S as Compact<Left, U1>>::Stride;
/// The generalized row-major strides of `S`: CuTe's `LayoutRight`.
pub type LayoutRight<S> = <S as Compact<Right, U1>>::Stride;

/// A leaf of size 0 (not a shape: the layout reports it): stride 0, so that no second error
/// follows.
impl<Dir, Current> Compact<Dir, Current> for UTerm {
    type Stride = UTerm;
    type Next = Current;
}

/// A leaf of size 1: stride 0, product unchanged.
impl<Dir, Current> Compact<Dir, Current> for UInt<UTerm, B1> {
    type Stride = UTerm;
    type Next = Current;
}

/// A leaf of size 2 or more: the running product is its stride.
impl<Dir, Current, U: Unsigned, B: Bit, B2: Bit> Compact<Dir, Current> for UInt<UInt<U, B>, B2>
where
    Current: Mul<Self>,
{
    type Stride = Current;
    type Next = Prod<Current, Self>;
}

/// A runtime leaf: the running product is its stride (CuTe does not know it is 1).
impl<Dir, Current: crate::num::arith::MulMixed<Dyn<E>>, E> Compact<Dir, Current> for Dyn<E> {
    type Stride = Current;
    type Next = crate::num::arith::ProdOf<Current, Dyn<E>>;
}

/// Compact strides of a list of shapes: the list of their strides.
pub trait CompactList<Dir, Current> {
    /// The list of strides.
    type Strides;
    /// The running product after the whole list.
    type Next;
}

impl<Dir, Current> CompactList<Dir, Current> for Nil {
    type Strides = Nil;
    type Next = Current;
}

impl<Current, H: Compact<Left, Current>, T: CompactList<Left, H::Next>> CompactList<Left, Current>
    for Cons<H, T>
{
    type Strides = Cons<H::Stride, T::Strides>;
    type Next = T::Next;
}

impl<Current, T: CompactList<Right, Current>, H: Compact<Right, T::Next>>
    CompactList<Right, Current> for Cons<H, T>
{
    type Strides = Cons<H::Stride, T::Strides>;
    type Next = H::Next;
}

/// A tuple: its elements as a list, in the direction's order.
#[diagnostic::do_not_recommend]
impl<Dir, Current, T: ToList> Compact<Dir, Current> for T
where
    T::List: CompactList<Dir, Current>,
    <T::List as CompactList<Dir, Current>>::Strides: ToTuple,
{
    type Stride = <<T::List as CompactList<Dir, Current>>::Strides as ToTuple>::Tuple;
    type Next = <T::List as CompactList<Dir, Current>>::Next;
}

/// The column-major layout of a shape whose leaves may be runtime (`usize`): CuTe's
/// `make_layout(shape)` (or `make_layout(shape, LayoutLeft{})`).
#[inline(always)]
pub fn make_layout_left<S>(shape: S) -> CompactLayout<S, Left>
where
    S: Symbolize<U0, U0> + Gather,
    Sym0<S>: Compact<Left, U1>,
    (Sym0<S>, StrideOf<S, Left>): RealizeCompact,
{
    <(Sym0<S>, StrideOf<S, Left>)>::layout(&Env::of(&shape))
}

/// The row-major layout of a shape whose leaves may be runtime: CuTe's
/// `make_layout(shape, LayoutRight{})`.
#[inline(always)]
pub fn make_layout_right<S>(shape: S) -> CompactLayout<S, Right>
where
    S: Symbolize<U0, U0> + Gather,
    Sym0<S>: Compact<Right, U1>,
    (Sym0<S>, StrideOf<S, Right>): RealizeCompact,
{
    <(Sym0<S>, StrideOf<S, Right>)>::layout(&Env::of(&shape))
}

/// The compact strides of the symbolized shape S in the direction `Dir`.
type StrideOf<S, Dir> = <Sym0<S> as Compact<Dir, U1>>::Stride;

/// The compact layout of the shape S in the direction `Dir`, with runtime leaves for S's.
pub type CompactLayout<S, Dir> = <(Sym0<S>, StrideOf<S, Dir>) as RealizeCompact>::Layout;

/// A symbolic shape and stride as a layout of runtime leaves.
#[doc(hidden)]
pub trait RealizeCompact {
    /// The layout.
    type Layout;
    /// Its value.
    fn layout(env: &Env) -> Self::Layout;
}
impl<S: Realize<OnShape>, D: Realize<OnStride>> RealizeCompact for (S, D)
where
    S::Output: LayoutShape<D::Output>,
    D::Output: IntTuple,
{
    type Layout = Layout<S::Output, D::Output>;
    #[inline(always)]
    fn layout(env: &Env) -> Self::Layout {
        Layout::new(S::realize(env), D::realize(env))
    }
}

/// A static shape's column-major layout, `Layout<S>` (CuTe's `make_layout(shape)`), as one bound.
pub trait ColumnMajor {
    /// `Layout<S, LayoutLeft<S>>`.
    type Layout: crate::layout::StaticLayout;
}
impl<S> ColumnMajor for S
where
    S: Compact<Left, U1> + crate::layout::int_tuple::LayoutShape<LayoutLeft<S>>,
    LayoutLeft<S>: crate::layout::int_tuple::IntTuple,
    Layout<S>: crate::layout::StaticLayout,
{
    type Layout = Layout<S>;
}

/// A layout, or a shape standing for its column-major layout (CuTe's `make_layout(shape)`).
pub trait AsLayout {
    /// The layout.
    type Layout: crate::layout::StaticLayout;
}
impl<S: LayoutShape<D>, D: IntTuple> AsLayout for Layout<S, D>
where
    Self: crate::layout::StaticLayout,
{
    type Layout = Self;
}
macro_rules! shape_as_layout {
    ($(($($T:ident)+))+) => {$(
        impl<$($T),+> AsLayout for ($($T,)+)
        where
            ($($T,)+): Compact<Left, U1> + LayoutShape<LayoutLeft<($($T,)+)>>,
            LayoutLeft<($($T,)+)>: IntTuple,
            Layout<($($T,)+)>: crate::layout::StaticLayout,
        {
            type Layout = Layout<($($T,)+)>;
        }
    )+};
}
shape_as_layout! { (A) (A B) (A B C) (A B C D) }
