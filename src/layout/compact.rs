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

use crate::algebra::mixed::Dyn;
use crate::layout::list::{Cons, Nil, ToList, ToTuple};
use crate::num::nat::{Mul, Prod};
use typenum::{Bit, UInt, UTerm, Unsigned, B1, U1};

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

/// A static shape's column-major layout, `Layout<S>` (CuTe's `make_layout(shape)`), as one bound.
pub trait ColumnMajor {
    /// `Layout<S, LayoutLeft<S>>`.
    type Layout: crate::layout::StaticLayout;
}
impl<S> ColumnMajor for S
where
    S: Compact<Left, U1> + crate::layout::int_tuple::LayoutShape<LayoutLeft<S>>,
    LayoutLeft<S>: crate::layout::int_tuple::IntTuple,
    crate::layout::Layout<S>: crate::layout::StaticLayout,
{
    type Layout = crate::layout::Layout<S>;
}
