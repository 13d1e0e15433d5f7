//! Compact layouts in a chosen order: CuTe's `compact_order` and `make_ordered_layout`, and the
//! two layouts built on them, [`make_fragment_like`] (in `ordered/fragment.rs`) and
//! [`make_layout_like`] (in `ordered/like.rs`), re-exported here. Their runtime twin is one
//! file, [`dynamic::ordered`](crate::dynamic::ordered).
//!
//! `compact_order(shape, order)` gives the leaves of `shape` compact strides, smallest first in
//! the order of the matching leaves of `order`: a leaf's stride is the product of the shapes of
//! the leaves that come before it, and 0 for a leaf of size 1 (as [`compact`](super::compact)
//! does). Where two leaves have the same order the left one comes first ([`precedes`]); CuTe
//! gives both the same stride, so that two coordinates share an element, which a fragment must
//! never do. Runtime leaves are taken as CuTe takes them: a runtime order comes after every
//! static one, and a stride that a runtime extent precedes is runtime
//! (`make_ordered_layout((#8,4,#2), (2,0,1))` is `(8,_4,2):(8,_1,_4)`).
//!
//! Post-condition: `make_ordered_layout(shape, order)` maps the coordinates of `shape` one to one
//! onto `0..size(shape)`, and of two leaves of size 2 or more, the one of smaller order (of equal
//! orders, the left one) has the smaller stride (`tests/ordered.rs`, `compact_in_order`).
//!
//! ```
//! use tessel::ordered::{CompactOrder, FragmentLike, OrderedLayout};
//! use tessel::{layout, shape};
//! static_assertions::assert_type_eq_all!(CompactOrder<shape!("(2,4,3)"), shape!("(5,3,9)")>, shape!("(4,1,8)"));
//! // A coarser order orders whole sub-shapes (CuTe's answers, cute-oracle, for these two).
//! assert_eq!(OrderedLayout::<shape!("((2,4),3)"), shape!("(2,1)")>::default().to_string(), "((2,4),3):((3,6),1)");
//! // The A partition of a row-major tile for SM80's 16x8x16 (CuTe's answer).
//! type A = layout!("((2,2,2),4,4):((1,512,8),2048,16)");
//! assert_eq!(FragmentLike::<A>::default().to_string(), "((2,2,2),4,4):((1,2,4),32,8)");
//! ```

mod fragment;
mod like;

pub use fragment::*;
pub use like::*;

use crate::diagnostic::{Check, CheckBit, Checked, Fails, Holds};
use crate::layout::compact::{Compact, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape, LeafCount, Leaves};
use crate::layout::Layout;
use crate::num::arith::{Not, StrideAtMost, StrideLeEq};
use crate::num::list::Len;
use crate::num::list::{Concat, Cons, Joined, Nil, ToList, ToTuple};
use crate::num::symbol::{Dyn, Env, Gather, OnStride, Realize, Sym0, Sym1, Symbolize};
use core::ops::BitAnd;
use typenum::{Bit, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1, U0, U1};

/// Whether leaf `j`, of order `oj`, comes before leaf `i`, of order `oi`, in a compact order
/// (`compact_order`): the smaller order first, and of equal orders the left leaf. The runtime
/// layer calls it; the typenum walk below follows it.
#[inline(always)]
pub const fn precedes(oj: i64, j: usize, oi: i64, i: usize) -> bool {
    oj < oi || (oj == oi && j < i)
}

/// `compact_order(S, O)`: the strides of shape `S` compact in the order of `O`, once `O`'s
/// profile fits `S`'s. A runtime extent makes the strides after it runtime, as CuTe's.
pub type CompactOrder<S, O> = RuntimeStrides<Ordering<Sym0<S>, Sym1<O>>>;

/// `make_ordered_layout(S, O)`: `S` with the strides [`CompactOrder<S, O>`].
pub type OrderedLayout<S, O> = Layout<S, CompactOrder<S, O>>;

/// The strides of a shape and an order whose runtime leaves are symbols, with the verdict not
/// asked.
type Unchecked<S, O> = <S as OrderedStrides<O>>::Output;

/// Symbolic strides with each symbol a runtime `isize`.
type RuntimeStrides<D> = <D as Realize<OnStride>>::Output;

/// The strides of a shape and an order whose runtime leaves are symbols, once the verdict holds.
type Ordering<S, O> = <<S as OrderedStrides<O>>::Verdict as Checked>::Then<Unchecked<S, O>>;

/// `compact_order(shape, order)`: see [`CompactOrder`].
///
/// ```
/// use tessel::{compact_order, int_tuple::Tuple, make_ordered_layout, C};
/// // cute-oracle --raw compact_order "(#8,4,#2)" "(2,0,1)" and make_ordered_layout of the same.
/// let (m, n) = (8usize, 2usize);
/// let order = (C::<2>::default(), C::<0>::default(), C::<1>::default());
/// assert_eq!(format!("{:#}", Tuple(compact_order((m, C::<4>::default(), n), order))), "(8,_1,_4)");
/// let l = make_ordered_layout((m, C::<4>::default(), n), order);
/// assert_eq!(format!("{:#}", l), "(8,_4,2):(8,_1,_4)");
/// ```
#[inline(always)]
pub fn compact_order<S: OrderedBy<O>, O>(shape: S, order: O) -> S::Strides
where
    S::Verdict: Checked,
{
    shape.strides(&order)
}

/// `make_ordered_layout(shape, order)`: see [`OrderedLayout`].
///
/// ```
/// use tessel::make_ordered_layout;
/// // A runtime order comes after every static one, the left first, as CuTe's:
/// // cute-oracle --raw make_ordered_layout "(#8,#4)" "(#1,#0)" is (8,4):(_1,8).
/// assert_eq!(format!("{:#}", make_ordered_layout((8usize, 4usize), (1isize, 0isize))), "(8,4):(_1,8)");
/// ```
#[inline(always)]
pub fn make_ordered_layout<S, O>(shape: S, order: O) -> Layout<S, S::Strides>
where
    S: OrderedBy<O> + LayoutShape<S::Strides>,
    S::Verdict: Checked,
{
    Layout::new(shape, shape.strides(&order))
}

/// A shape, its leaves static or runtime, compact in the order `O` (of static or runtime
/// leaves), as one bound.
///
/// ```
/// use tessel::{int_tuple::Tuple, ordered::OrderedBy, C};
/// // Generic code names the order as a bound; the strides are CuTe's
/// // (cute-oracle --raw make_ordered_layout "(#8,4)" "(1,0)" is (8,_4):(_4,_1)).
/// fn row_major<S: OrderedBy<(C<1>, C<0>)>>(s: S) -> S::Strides {
///     s.strides(&(C::<1>::default(), C::<0>::default()))
/// }
/// assert_eq!(format!("{:#}", Tuple(row_major((8usize, C::<4>::default())))), "(_4,_1)");
/// ```
pub trait OrderedBy<O>: Copy {
    /// [`CompactOrder<Self, O>`] (column-major, a placeholder, where the verdict fails).
    type Strides: IntTuple;
    /// [`Holds`], or the failure of [`OrderProfile`] (the functions ask it, so that it is the
    /// only error).
    type Verdict;
    /// The strides.
    fn strides(&self, order: &O) -> Self::Strides;
}
impl<S, O> OrderedBy<O> for S
where
    S: Symbolize<U0, U0> + Gather + Copy,
    O: Symbolize<U1, U0> + Gather,
    Sym0<S>: OrderedStrides<Sym1<O>>,
    Unchecked<Sym0<S>, Sym1<O>>: Realize<OnStride>,
    RuntimeStrides<Unchecked<Sym0<S>, Sym1<O>>>: IntTuple,
{
    type Strides = RuntimeStrides<Unchecked<Sym0<S>, Sym1<O>>>;
    type Verdict = <Sym0<S> as OrderedStrides<Sym1<O>>>::Verdict;
    #[inline(always)]
    fn strides(&self, order: &O) -> Self::Strides {
        <Unchecked<Sym0<S>, Sym1<O>>>::realize(&Env::of2(self, order))
    }
}

/// The strides of shape `Self` compact in the order of `O`, as one bound.
pub trait OrderedStrides<O> {
    /// The strides (column-major, a placeholder, where the verdict fails).
    type Output;
    /// [`Holds`], or the failure of [`OrderProfile`].
    type Verdict;
}
impl<S: Leaves + OrderFits<O> + OrderIf<O, ProfileVerdict<S, O>>, O: Leaves> OrderedStrides<O> for S
where
    S::List: Len,
    O::List: Len,
    S::Fits: CheckBit<OrderProfile, LeafCount<O>, LeafCount<S>>,
{
    type Output = <S as OrderIf<O, ProfileVerdict<S, O>>>::Output;
    type Verdict = ProfileVerdict<S, O>;
}

crate::diagnostic::condition!(
    /// compact_order: each leaf of the order orders a leaf or a sub-shape of the shape.
    OrderProfile,
    OrderProfileFails,
    "compact_order: the order's {A} leaves do not fit the shape's {B}: a tuple of the order meets a leaf of the shape, or a tuple of another rank",
    "the order has the shape's profile, or a coarser one whose leaf orders a whole sub-shape"
);

type ProfileVerdict<S, O> =
    Check<<S as OrderFits<O>>::Fits, OrderProfile, LeafCount<O>, LeafCount<S>>;

/// Whether order `O` fits shape `Self`: a leaf of `O` orders any sub-shape, a tuple of `O` a
/// tuple of `Self` of its rank.
#[doc(hidden)]
pub trait OrderFits<O> {
    /// `B1` or `B0`.
    type Fits: Bit;
}
macro_rules! order_leaves {
    ($([$($G:tt)*] $O:ty),+) => {$(
        impl<S, $($G)*> OrderFits<$O> for S {
            type Fits = B1;
        }
        impl<S, $($G)*> Paired<$O> for S {
            type List = Cons<(S, $O), Nil>;
        }
    )+};
}
// An order leaf: static (0, positive, negative) or runtime (a value, or a symbol).
order_leaves!([] UTerm, [U, B] UInt<U, B>, [U: Unsigned + NonZero] NInt<U>, [] isize, [E] Dyn<E>);
// The walk over an order visits its leaves; a positive one is a shape's leaf too (see below).
macro_rules! walked_order_leaves {
    ($([$($G:tt)*] $O:ty),+) => {$(
        impl<St: LeafStep<$O>, $($G)*> LeafWalk<St> for $O {
            type Stride = St::Stride;
            type Next = St::Next;
        }
    )+};
}
walked_order_leaves!([] UTerm, [U: Unsigned + NonZero] NInt<U>, [] isize);
impl<U, B, O: ToList> OrderFits<O> for UInt<U, B> {
    type Fits = B0;
}
impl<E, O: ToList> OrderFits<O> for Dyn<E> {
    type Fits = B0;
}
impl<S: ToList, O: ToList> OrderFits<O> for S
where
    S::List: OrderFits<O::List>,
{
    type Fits = <S::List as OrderFits<O::List>>::Fits;
}
impl OrderFits<Nil> for Nil {
    type Fits = B1;
}
impl<H, T> OrderFits<Cons<H, T>> for Nil {
    type Fits = B0;
}
impl<H, T> OrderFits<Nil> for Cons<H, T> {
    type Fits = B0;
}
impl<H: OrderFits<OH>, T: OrderFits<OT>, OH, OT> OrderFits<Cons<OH, OT>> for Cons<H, T>
where
    H::Fits: BitAnd<T::Fits>,
    typenum::And<H::Fits, T::Fits>: Bit,
{
    type Fits = typenum::And<H::Fits, T::Fits>;
}

/// Each leaf of order `O` with the part of shape `Self` it orders (CuTe's `product_like`), in
/// order.
#[doc(hidden)]
pub trait Paired<O> {
    /// The list of (sub-shape, order).
    type List;
}
impl<S: ToList, O: ToList> Paired<O> for S
where
    S::List: Paired<O::List>,
{
    type List = <S::List as Paired<O::List>>::List;
}
impl Paired<Nil> for Nil {
    type List = Nil;
}
impl<H: Paired<OH>, T: Paired<OT>, OH, OT> Paired<Cons<OH, OT>> for Cons<H, T>
where
    H::List: Concat<T::List>,
{
    type List = Joined<H::List, T::List>;
}

/// The strides if the verdict `V` holds, else column-major ones (a placeholder, so that the
/// verdict's error is the only one).
#[doc(hidden)]
pub trait OrderIf<O, V> {
    /// The strides.
    type Output;
}
impl<S: Paired<O>, O: LeafWalk<Ordered<U1, Nil, S::List>>> OrderIf<O, Holds> for S {
    type Output = <O as LeafWalk<Ordered<U1, Nil, S::List>>>::Stride;
}
impl<S: Compact<Left, U1>, O, Tag, A, B> OrderIf<O, Fails<Tag, A, B>> for S {
    type Output = S::Stride;
}

/// A walk over a shape's leaves, left to right, through a state `St` that gives each leaf its
/// stride.
#[doc(hidden)]
pub trait LeafWalk<St> {
    /// The strides, congruent to the shape.
    type Stride;
    /// The state after the last leaf.
    type Next;
}

/// What a walk's state gives the next leaf, of shape `S`.
#[doc(hidden)]
pub trait LeafStep<S> {
    /// The leaf's stride.
    type Stride;
    /// The state after it.
    type Next;
}

impl<St: LeafStep<UInt<U, B>>, U, B> LeafWalk<St> for UInt<U, B> {
    type Stride = St::Stride;
    type Next = St::Next;
}
/// A runtime leaf (a symbol), of a shape or of an order.
impl<St: LeafStep<Dyn<E>>, E> LeafWalk<St> for Dyn<E> {
    type Stride = St::Stride;
    type Next = St::Next;
}

/// A walk over a list of shapes, each with [`LeafWalk`].
#[doc(hidden)]
pub trait LeafWalkList<St> {
    /// The list of strides.
    type Strides;
    /// The state after the whole list.
    type Next;
}
impl<St> LeafWalkList<St> for Nil {
    type Strides = Nil;
    type Next = St;
}
impl<St, H: LeafWalk<St>, T: LeafWalkList<H::Next>> LeafWalkList<St> for Cons<H, T> {
    type Strides = Cons<H::Stride, T::Strides>;
    type Next = T::Next;
}
#[diagnostic::do_not_recommend]
impl<St, T: ToList> LeafWalk<St> for T
where
    T::List: LeafWalkList<St>,
    <T::List as LeafWalkList<St>>::Strides: ToTuple,
{
    type Stride = <<T::List as LeafWalkList<St>>::Strides as ToTuple>::Tuple;
    type Next = <T::List as LeafWalkList<St>>::Next;
}

/// Compact in order, walking the order's leaves: `Prefix` holds the (sub-shape, order) pairs
/// walked, `Rest` this leaf's and those after it; a sub-shape's strides are column-major from
/// `K` times the sizes of the sub-shapes that precede it (static, or runtime where one of them
/// is).
#[doc(hidden)]
pub struct Ordered<K, Prefix, Rest>(K, Prefix, Rest);

impl<X, S, K, P, O, Sfx> LeafStep<X> for Ordered<K, P, Cons<(S, O), Sfx>>
where
    P: ShapesBefore<O, B1, K>,
    Sfx: ShapesBefore<O, B0, P::Output>,
    S: Compact<Left, Sfx::Output>,
{
    type Stride = <S as Compact<Left, Sfx::Output>>::Stride;
    type Next = Ordered<K, Cons<(S, O), P>, Sfx>;
}

/// `Acc` times the sizes of the sub-shapes in `Self`, a list of (sub-shape, order), whose order
/// precedes `O`; `Left` says whether a tie precedes (the list lies to the left of `O`'s leaf).
#[doc(hidden)]
pub trait ShapesBefore<O, Left, Acc> {
    /// The product.
    type Output;
}
impl<O, L, Acc> ShapesBefore<O, L, Acc> for Nil {
    type Output = Acc;
}
impl<S, J: OrderKey, T, O: OrderKey, L, Acc> ShapesBefore<O, L, Acc> for Cons<(S, J), T>
where
    J::Key: Precedes<O::Key, L>,
    <J::Key as Precedes<O::Key, L>>::Output: TimesIf<S, Acc>,
    T: ShapesBefore<O, L, <<J::Key as Precedes<O::Key, L>>::Output as TimesIf<S, Acc>>::Output>,
{
    type Output = T::Output;
}

/// `R * size(S)` if `Self` is `B1`, else `R` (a product with a runtime extent is runtime).
#[doc(hidden)]
pub trait TimesIf<S, R> {
    /// The product.
    type Output;
}
impl<S: Compact<Left, R>, R> TimesIf<S, R> for B1 {
    type Output = S::Next;
}
impl<S, R> TimesIf<S, R> for B0 {
    type Output = R;
}

/// An order as it is compared: a static number by value ([`Fixed`]), a runtime one after every
/// static one ([`Late`]).
#[doc(hidden)]
pub trait OrderKey {
    /// `Fixed<Self>` or `Late`.
    type Key;
}
/// A static order.
#[doc(hidden)]
pub struct Fixed<N>(N);
/// A runtime order.
#[doc(hidden)]
pub struct Late;
impl OrderKey for UTerm {
    type Key = Fixed<UTerm>;
}
impl<U, B> OrderKey for UInt<U, B> {
    type Key = Fixed<Self>;
}
impl<U: Unsigned + NonZero> OrderKey for NInt<U> {
    type Key = Fixed<Self>;
}
impl OrderKey for isize {
    type Key = Late;
}
impl<E> OrderKey for Dyn<E> {
    type Key = Late;
}

/// Whether key `Self` precedes key `K`; a tie precedes when `Left` is `B1`
/// ([`precedes`]).
#[doc(hidden)]
pub trait Precedes<K, Left> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<A: StrideLeEq<B>, B> Precedes<Fixed<B>, B1> for Fixed<A> {
    type Output = StrideAtMost<A, B>;
}
impl<A, B: StrideLeEq<A>> Precedes<Fixed<B>, B0> for Fixed<A>
where
    StrideAtMost<B, A>: crate::num::arith::Negate,
    Not<StrideAtMost<B, A>>: Bit,
{
    type Output = Not<StrideAtMost<B, A>>;
}
impl<A, L> Precedes<Late, L> for Fixed<A> {
    type Output = B1;
}
impl<B, L> Precedes<Fixed<B>, L> for Late {
    type Output = B0;
}
impl<L: Bit> Precedes<Late, L> for Late {
    type Output = L;
}
