//! Compact layouts in a chosen order: CuTe's `compact_order`, `make_ordered_layout` and
//! `make_fragment_like`.
//!
//! `compact_order(shape, order)` gives the leaves of `shape` compact strides, smallest first in
//! the order of the matching leaves of `order`: a leaf's stride is the product of the shapes of
//! the leaves that come before it, and 0 for a leaf of size 1 (as [`compact`](super::compact)
//! does). Where two leaves have the same order the left one comes first ([`precedes`]); CuTe
//! gives both the same stride, so that two coordinates share an element, which a fragment must
//! never do. Runtime leaves are taken as CuTe takes them: a runtime order comes after every
//! static one, and a stride that a runtime extent precedes is runtime
//! (`make_ordered_layout((#8,4,#2), (2,0,1))` is `(8,_4,2):(8,_1,_4)`). [`make_layout_like`]
//! orders a layout's shape by the layout's own strides.
//!
//! `make_fragment_like(L)` is the register layout of a thread's partition `L` (rank 2 or more,
//! static shape): mode 0, an atom's values, column-major, with its static zero strides kept 0;
//! the other modes compact after it, ordered by `L`'s strides, so that a fragment walks its
//! registers in the order the tensor walks memory. A single rest mode comes back wrapped in a
//! tuple, `(V, (M))`, as CuTe's `tiled_product` gives it; a layout of rank 1 or a leaf is
//! column-major. Registers are counted at compile time, so every extent of a register fragment
//! must be static ([`StaticExtents`], one error naming how many are not); the layout form
//! ([`make_fragment_like`], [`FragmentLike`]) takes runtime extents as CuTe does, answering the
//! shape column-major.
//!
//! Post-conditions: the shape is `L`'s; the fragment is a bijection onto `0..n` once mode 0's
//! zero-stride leaves are set to size 1 (`n` the size that leaves); and of two rest leaves of
//! size 2 or more, the one with the smaller stride in `L` has the smaller stride here.
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

use crate::diagnostic::{Check, CheckBit, Checked, Fails, Holds};
use crate::layout::compact::{ColumnMajor, Compact, Left, RealizeCompact};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves};
use crate::layout::Layout;
use crate::num::arith::{IsZero, Not, StrideAtMost, StrideLeEq};
use crate::num::list::Len;
use crate::num::list::{Concat, Cons, Joined, Nil, ToList, ToTuple};
use crate::num::nat::{AddCarry, Sum};
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

/// `make_fragment_like(L)` of a layout, CuTe's: of a static shape, mode 0 column-major and the
/// rest in the order of `L`'s strides (static or runtime); of a shape with a runtime extent, the
/// shape column-major; a composed layout's, its inner layout's. Registers need static extents:
/// [`MakeFragmentLike`] is the register form.
pub type FragmentLike<L> = <<L as FragmentOperand>::Parts as RealizeCompact>::Layout;

/// `make_fragment_like(l)` of a layout: see [`FragmentLike`]. (`tessel::make_fragment_like` is
/// the tensor's: registers.)
///
/// ```
/// use tessel::{layout, ordered::make_fragment_like};
/// // cute-oracle --raw make_fragment_like "(8,4):(#3,#1)", then "((2,#4),3):((1,2),8)"
/// let l = layout!("(8,4):(S,T)"; S = 3, T = 1);
/// assert_eq!(format!("{:#}", make_fragment_like(l)), "(_8,(_4)):(_1,(_8))");
/// let l = layout!("((2,N),3):((1,2),8)"; N = 4);
/// assert_eq!(format!("{:#}", make_fragment_like(l)), "((_2,4),_3):((_1,_2),8)");
/// ```
#[inline(always)]
pub fn make_fragment_like<L: FragmentOperand>(l: L) -> FragmentLike<L>
where
    L::Parts: RealizeCompact,
{
    <L::Parts>::layout(&l.leaves())
}

/// A layout, its leaves static or runtime, or a composed layout: what the layout form of
/// [`make_fragment_like`] takes.
///
/// ```compile_fail
/// // make_fragment_like: `TensorOf<..>` is not a layout (a tensor's registers: tessel::make_fragment_like(&t))
/// let data = [0f32; 8];
/// let t = tessel::Tensor::new(&data, tessel::layout!("(2,4):(4,1)"));
/// let _ = tessel::ordered::make_fragment_like(t);
/// ```
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: `{Self}` is not a layout",
    label = "make_fragment_like of a layout takes a Layout or a ComposedLayout",
    note = "a tensor's registers are `tessel::make_fragment_like(&t)`"
)]
pub trait FragmentOperand {
    /// The fragment's shape and strides, its runtime leaves symbols.
    type Parts;
    /// The layout's runtime leaves.
    fn leaves(&self) -> Env;
}
impl<S: LayoutShape<D> + Extents, D: IntTuple> FragmentOperand for Layout<S, D>
where
    Self: Symbolize<U0, U0> + Gather,
    S::Runtime: IsZero,
    Sym0<Self>: FragmentPartsIf<<S::Runtime as IsZero>::Output>,
{
    type Parts = <Sym0<Self> as FragmentPartsIf<<S::Runtime as IsZero>::Output>>::Parts;
    #[inline(always)]
    fn leaves(&self) -> Env {
        Env::of(self)
    }
}

/// The shape and strides of the fragment of a layout (mode 0 column-major, the rest ordered by
/// the layout's strides; a leaf column-major), its runtime leaves symbols: the rule the layout
/// and register forms share.
#[doc(hidden)]
pub trait FragmentParts {
    /// The shape: the layout's, a single rest mode wrapped in a tuple.
    type Shape;
    /// The strides.
    type Stride;
}
impl<S: ToList + LayoutShape<D>, D: ToList + IntTuple> FragmentParts for Layout<S, D>
where
    S::List: FragmentModes<D::List>,
    Modes<S, D>: ToTuple,
    Strides<S, D>: ToTuple,
{
    type Shape = Tuple<Modes<S, D>>;
    type Stride = Tuple<Strides<S, D>>;
}
impl<U, B, D: IntTuple> FragmentParts for Layout<UInt<U, B>, D>
where
    UInt<U, B>: Compact<Left, U1> + LayoutShape<D>,
{
    type Shape = UInt<U, B>;
    type Stride = <UInt<U, B> as Compact<Left, U1>>::Stride;
}

/// A layout's fragment parts: its own if its shape is static (`B1`), else its shape
/// column-major (CuTe's `make_layout(shape)`).
#[doc(hidden)]
pub trait FragmentPartsIf<Static> {
    /// The shape and strides.
    type Parts;
}
impl<L: FragmentParts> FragmentPartsIf<B1> for L {
    type Parts = (L::Shape, L::Stride);
}
impl<S: Compact<Left, U1> + LayoutShape<D>, D: IntTuple> FragmentPartsIf<B0> for Layout<S, D> {
    type Parts = (S, S::Stride);
}

/// `make_layout_like(L)`: `L`'s shape compact in the order of `L`'s strides, each static zero
/// stride kept 0 (its leaf counts as size 1 for the others). Where two strides tie, the left
/// leaf comes first, as in [`CompactOrder`] (CuTe gives both leaves the same stride). A runtime
/// extent or stride is taken as CuTe takes it: a runtime stride orders after every static one,
/// and a stride is runtime where a runtime extent precedes it.
pub type LayoutLike<L> = <Like<<L as LikeOperand>::Sym> as RealizeCompact>::Layout;
type Like<L> = <L as MakeLayoutLike>::Output;

/// The shape and strides of the layout like `Self`, a layout whose runtime leaves are symbols.
pub trait MakeLayoutLike {
    /// The shape, and the strides compact in the order of the layout's.
    type Output;
}
impl<S: ZerosToOne<D> + LayoutShape<D>, D: IntTuple> MakeLayoutLike for Layout<S, D>
where
    S::Output: OrderedStrides<D>,
{
    // The order is the layout's own strides, so it fits the shape: no verdict to ask.
    type Output = (S, <S::Output as OrderedStrides<D>>::Output);
}

/// `make_layout_like(l)`: see [`LayoutLike`].
///
/// ```
/// use tessel::{layout, make_layout_like};
/// // cute-oracle --cpp 'make_layout_like(Layout<Shape<Shape<_2,_4>,_3>,Stride<Stride<_1,_0>,_8>>{})'
/// assert_eq!(make_layout_like(layout!("((2,4),3):((1,0),8)")).to_string(), "((2,4),3):((1,0),2)");
/// assert_eq!(make_layout_like(layout!("(8,4,2):(16,1,4)")).to_string(), "(8,4,2):(8,1,4)");
/// // Runtime leaves: cute-oracle --raw make_layout_like "(#8,4,#2):(#16,1,#4)"
/// let l = layout!("(M,4,N):(S,1,T)"; M = 8, N = 2, S = 16, T = 4);
/// assert_eq!(format!("{:#}", make_layout_like(l)), "(8,_4,2):(_4,_1,32)");
/// ```
#[inline(always)]
pub fn make_layout_like<L: LikeOperand>(l: L) -> LayoutLike<L>
where
    L::Sym: MakeLayoutLike,
    Like<L::Sym>: RealizeCompact,
{
    <Like<L::Sym>>::layout(&l.leaves())
}

/// A layout, its leaves static or runtime: what [`make_layout_like`] takes.
///
/// ```compile_fail
/// // make_layout_like: `TensorOf<..>` is not a layout (its layout: make_layout_like(t.layout()))
/// let data = [0f32; 8];
/// let t = tessel::Tensor::new(&data, tessel::layout!("(2,4):(4,1)"));
/// let _ = tessel::make_layout_like(t);
/// ```
#[diagnostic::on_unimplemented(
    message = "make_layout_like: `{Self}` is not a layout",
    label = "make_layout_like takes a Layout, its leaves static or runtime",
    note = "a tensor's registers like it are `make_tensor_like(&t)`, the layout like its own `make_layout_like(t.layout())`"
)]
pub trait LikeOperand {
    /// The layout with its runtime leaves as symbols.
    type Sym;
    /// Its runtime leaves.
    fn leaves(&self) -> Env;
}
impl<S: LayoutShape<D>, D: IntTuple> LikeOperand for Layout<S, D>
where
    Self: Symbolize<U0, U0> + Gather,
{
    type Sym = Sym0<Self>;
    #[inline(always)]
    fn leaves(&self) -> Env {
        Env::of(self)
    }
}

/// `make_tensor_like`'s register layout: [`LayoutLike<L>`], once `L`'s extents are static.
///
/// ```
/// use tessel::{layout, ordered::TensorLike};
/// // cute-oracle --cpp 'make_layout_like(Layout<Shape<_4,_8>,Stride<_16,_1>>{})' is (4,8):(8,1).
/// assert_eq!(TensorLike::<layout!("(4,8):(16,1)")>::default().to_string(), "(4,8):(8,1)");
/// ```
pub type TensorLike<L> =
    <<L as MakeTensorLike>::Verdict as Checked>::Then<<L as MakeTensorLike>::Output>;

/// See [`TensorLike`].
pub trait MakeTensorLike {
    /// The register layout (a placeholder where the verdict fails).
    type Output: Default;
    /// [`Holds`], or the failure of [`StaticLikeExtents`].
    type Verdict;
}
impl<S: LayoutShape<D> + Extents, D: IntTuple> MakeTensorLike for Layout<S, D>
where
    S::Runtime: IsZero,
    <S::Runtime as IsZero>::Output: CheckBit<StaticLikeExtents, S::Runtime, S::All>,
    Self: LikeIf<LikeVerdict<S>>,
{
    type Output = <Self as LikeIf<LikeVerdict<S>>>::Output;
    type Verdict = LikeVerdict<S>;
}

crate::diagnostic::condition!(
    /// make_tensor_like: every extent is static.
    StaticLikeExtents,
    StaticLikeExtentsFails,
    "make_tensor_like: the shape has {A} runtime extents among its {B}, and registers need static ones",
    "registers are counted at compile time: make_layout_like takes runtime extents, make_tensor_like does not"
);

/// The verdict on registers like a layout of shape `S`: [`Holds`] when every extent is static.
#[doc(hidden)]
pub type LikeVerdict<S> = AllStatic<S, StaticLikeExtents>;

/// The layout like `Self` if the verdict `V` holds, else a placeholder (so that the verdict's
/// error is the only one).
#[doc(hidden)]
pub trait LikeIf<V> {
    /// The layout.
    type Output: Default;
}
impl<L: LikeOperand> LikeIf<Holds> for L
where
    L::Sym: MakeLayoutLike,
    Like<L::Sym>: RealizeCompact,
    LayoutLike<L>: Default,
{
    type Output = LayoutLike<L>;
}
impl<L, Tag, A, B> LikeIf<Fails<Tag, A, B>> for L {
    type Output = Placeholder;
}

/// `Self` with each leaf whose stride in `D` is a static 0 set to 1 (CuTe's `filter_zeros`).
///
/// ```
/// use tessel::ordered::ZerosToOne;
/// use tessel::{layout, shape, StaticLayout};
/// type L = layout!("((2,4),3):((1,0),8)");
/// type S = <<L as StaticLayout>::Shape as ZerosToOne<<L as StaticLayout>::Stride>>::Output;
/// static_assertions::assert_type_eq_all!(S, shape!("((2,1),3)"));
/// ```
pub trait ZerosToOne<D> {
    /// The shape.
    type Output;
}
impl<U, B> ZerosToOne<UTerm> for UInt<U, B> {
    type Output = U1;
}
impl<U, B, V, C> ZerosToOne<UInt<V, C>> for UInt<U, B> {
    type Output = Self;
}
impl<U, B, V: Unsigned + NonZero> ZerosToOne<NInt<V>> for UInt<U, B> {
    type Output = Self;
}
impl<U, B> ZerosToOne<isize> for UInt<U, B> {
    type Output = Self;
}
/// In the algebra a runtime stride is a symbol, kept as `isize` is: CuTe does not know it is 0.
impl<U, B, E> ZerosToOne<Dyn<E>> for UInt<U, B> {
    type Output = Self;
}
/// A runtime extent (a symbol) of static stride 0 is 1, as CuTe's; of any other stride, kept.
impl<E> ZerosToOne<UTerm> for Dyn<E> {
    type Output = U1;
}
impl<E, V, C> ZerosToOne<UInt<V, C>> for Dyn<E> {
    type Output = Self;
}
impl<E, V: Unsigned + NonZero> ZerosToOne<NInt<V>> for Dyn<E> {
    type Output = Self;
}
impl<E, F> ZerosToOne<Dyn<F>> for Dyn<E> {
    type Output = Self;
}

macro_rules! tuple_zeros_to_one {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: ZerosToOne<$D>, $D),+> ZerosToOne<($($D,)+)> for ($($T,)+) {
            type Output = ($($T::Output,)+);
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_zeros_to_one);

/// `make_tensor<T>(S)`'s register layout: shape `S` column-major, once its extents are static
/// (a fragment of a shape, and an MMA's accumulators, CuTe's `make_fragment_C`).
pub type FragmentOfShape<S> =
    <<S as ShapeFragment>::Verdict as Checked>::Then<<S as ShapeFragment>::Output>;

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

type LeafCount<T> = <<T as Leaves>::List as Len>::Output;
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

/// The fragment layout of a layout, as one bound.
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: this layout has no register layout",
    label = "a fragment needs a layout with a static shape"
)]
pub trait MakeFragmentLike {
    /// The fragment's layout (one register, a placeholder, where the verdict fails).
    type Output;
    /// [`Holds`], or the failure of [`StaticExtents`].
    type Verdict;
}
impl<S: ToList + LayoutShape<D> + Extents, D: ToList + IntTuple> MakeFragmentLike for Layout<S, D>
where
    S::Runtime: IsZero,
    <S::Runtime as IsZero>::Output: CheckBit<StaticExtents, S::Runtime, S::All>,
    Self: FragmentIf<ExtentsVerdict<S>>,
{
    type Output = <Self as FragmentIf<ExtentsVerdict<S>>>::Output;
    type Verdict = ExtentsVerdict<S>;
}
impl<U, B, D: IntTuple> MakeFragmentLike for Layout<UInt<U, B>, D>
where
    UInt<U, B>: LayoutShape<D>,
    Self: FragmentIf<Holds>,
{
    type Output = <Self as FragmentIf<Holds>>::Output;
    type Verdict = Holds;
}

crate::diagnostic::condition!(
    /// A register fragment (make_fragment_like, partition_fragment_A/B/C): every extent is static.
    StaticExtents,
    StaticExtentsFails,
    "a register fragment (make_fragment_like, partition_fragment_A/B/C, FragmentOf): the shape has {A} runtime extents among its {B}, and registers need static ones",
    "registers are counted at compile time: partition a tile of static extents"
);

/// The verdict on a fragment of shape `S`: [`Holds`] when every extent is static.
#[doc(hidden)]
pub type ExtentsVerdict<S> = AllStatic<S, StaticExtents>;

/// [`Holds`] when every extent of shape `S` is static, else the failure of the condition `Tag`
/// with the number of runtime extents and of all extents.
#[doc(hidden)]
pub type AllStatic<S, Tag> = Check<
    <<S as Extents>::Runtime as IsZero>::Output,
    Tag,
    <S as Extents>::Runtime,
    <S as Extents>::All,
>;

/// The number of runtime extents of a shape and the number of its extents.
#[doc(hidden)]
pub trait Extents {
    /// How many leaves are runtime values.
    type Runtime;
    /// How many leaves.
    type All;
}
impl<U, B> Extents for UInt<U, B> {
    type Runtime = U0;
    type All = U1;
}
impl Extents for usize {
    type Runtime = U1;
    type All = U1;
}
#[diagnostic::do_not_recommend]
impl<T: ToList> Extents for T
where
    T::List: Extents,
{
    type Runtime = <T::List as Extents>::Runtime;
    type All = <T::List as Extents>::All;
}
impl Extents for Nil {
    type Runtime = U0;
    type All = U0;
}
impl<H: Extents, T: Extents> Extents for Cons<H, T>
where
    H::Runtime: AddCarry<T::Runtime, B0>,
    H::All: AddCarry<T::All, B0>,
{
    type Runtime = Sum<H::Runtime, T::Runtime>;
    type All = Sum<H::All, T::All>;
}

/// The fragment of a layout if the verdict `V` holds, else one register (a placeholder, so that
/// the verdict's error is the only one).
#[doc(hidden)]
pub trait FragmentIf<V> {
    /// The fragment's layout.
    type Output;
}
impl<L: FragmentParts> FragmentIf<Holds> for L
where
    L::Shape: LayoutShape<L::Stride>,
    L::Stride: IntTuple,
{
    type Output = Layout<L::Shape, L::Stride>;
}
impl<L, Tag, A, B> FragmentIf<Fails<Tag, A, B>> for L {
    type Output = Placeholder;
}

/// The register layout of a shape, as one bound: the fragments' second policy beside
/// [`MakeFragmentLike`] (CuTe has these two, `make_tensor<T>(shape)` and `make_fragment_like`).
///
/// ```
/// use tessel::ordered::FragmentOfShape;
/// use tessel::{layout, shape};
/// // Column-major, as CuTe's make_tensor<float>(Shape<_4,Shape<_2,_3>>{}).
/// static_assertions::assert_type_eq_all!(FragmentOfShape<shape!("(4,(2,3))")>, layout!("(4,(2,3)):(1,(4,8))"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape a fragment can have",
    label = "a fragment's shape is an IntTuple of static extents"
)]
pub trait ShapeFragment {
    /// The layout (one register, a placeholder, where the verdict fails).
    type Output;
    /// [`Holds`], or the failure of [`StaticExtents`].
    type Verdict;
}
impl<S: Extents + ColumnMajorIf<ExtentsVerdict<S>>> ShapeFragment for S
where
    S::Runtime: IsZero,
    <S::Runtime as IsZero>::Output: CheckBit<StaticExtents, S::Runtime, S::All>,
{
    type Output = <S as ColumnMajorIf<ExtentsVerdict<S>>>::Output;
    type Verdict = ExtentsVerdict<S>;
}

/// Shape `Self` column-major if the verdict `V` holds, else one register.
#[doc(hidden)]
pub trait ColumnMajorIf<V> {
    /// The layout.
    type Output;
}
impl<S: ColumnMajor> ColumnMajorIf<Holds> for S {
    type Output = S::Layout;
}
impl<S, Tag, A, B> ColumnMajorIf<Fails<Tag, A, B>> for S {
    type Output = Placeholder;
}

/// One register: what a fragment whose shape failed its check stands in for.
type Placeholder = Layout<(U1,), (UTerm,)>;

type Modes<S, D> = <<S as ToList>::List as FragmentModes<<D as ToList>::List>>::Shape;
type Strides<S, D> = <<S as ToList>::List as FragmentModes<<D as ToList>::List>>::Stride;
type Tuple<L> = <L as ToTuple>::Tuple;

/// The fragment of the modes `Self` (a list) of a layout with strides `D`.
#[doc(hidden)]
pub trait FragmentModes<D> {
    /// The list of shapes.
    type Shape;
    /// The list of strides.
    type Stride;
}
/// Rank 1: column-major.
impl<S0: Compact<Left, U1>, D0> FragmentModes<Cons<D0, Nil>> for Cons<S0, Nil> {
    type Shape = Self;
    type Stride = Cons<S0::Stride, Nil>;
}
/// Rank 2 or more: mode 0 column-major over its non-zero strides, of size `K`; the rest ordered
/// by their strides, from `K` on. A single rest mode comes back as a tuple of one, as CuTe's
/// `tiled_product` gives it.
impl<S0, S1, ST, D0, D1, DT> FragmentModes<Cons<D0, Cons<D1, DT>>> for Cons<S0, Cons<S1, ST>>
where
    D0: Leaves,
    S0: LeafWalk<ZerosKept<U1, D0::List>>,
    Cons<S1, ST>: Paired<Cons<D1, DT>> + Rest,
    Cons<D1, DT>: LeafWalkList<RestState<S0, D0, S1, ST, D1, DT>>,
    <S0 as LeafWalk<ZerosKept<U1, D0::List>>>::Next: Running,
    <Cons<D1, DT> as LeafWalkList<RestState<S0, D0, S1, ST, D1, DT>>>::Strides: Rest,
{
    type Shape = Cons<S0, <Cons<S1, ST> as Rest>::Output>;
    type Stride = Cons<
        <S0 as LeafWalk<ZerosKept<U1, D0::List>>>::Stride,
        <<Cons<D1, DT> as LeafWalkList<RestState<S0, D0, S1, ST, D1, DT>>>::Strides as Rest>::Output,
    >;
}

/// The state the rest modes' walk (over their strides, the order) starts from.
type RestState<S0, D0, S1, ST, D1, DT> =
    Ordered<ZerosKeptSize<S0, D0>, Nil, <Cons<S1, ST> as Paired<Cons<D1, DT>>>::List>;

/// The rest modes as the fragment has them: one mode wrapped in a tuple, more as they are.
#[doc(hidden)]
pub trait Rest {
    /// The modes.
    type Output;
}
impl<X> Rest for Cons<X, Nil> {
    type Output = Cons<(X,), Nil>;
}
impl<X, Y, T> Rest for Cons<X, Cons<Y, T>> {
    type Output = Self;
}

/// The product of mode 0's leaves whose stride is not a static 0: where the rest starts.
type ZerosKeptSize<S0, D0> =
    <<S0 as LeafWalk<ZerosKept<U1, <D0 as Leaves>::List>>>::Next as Running>::Current;

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

/// Column-major over the leaves whose stride (the head of `Strides`, in step) is not a static
/// 0; such a leaf keeps stride 0. `Current` is the running product.
#[doc(hidden)]
pub struct ZerosKept<Current, Strides>(Current, Strides);

/// A state's running product.
#[doc(hidden)]
pub trait Running {
    /// The product so far.
    type Current;
}
impl<C, T> Running for ZerosKept<C, T> {
    type Current = C;
}

impl<S, C, T> LeafStep<S> for ZerosKept<C, Cons<UTerm, T>> {
    type Stride = UTerm;
    type Next = ZerosKept<C, T>;
}
impl<S: Compact<Left, C>, C, D: Kept, T> LeafStep<S> for ZerosKept<C, Cons<D, T>> {
    type Stride = S::Stride;
    type Next = ZerosKept<S::Next, T>;
}

/// A stride that is not a static 0.
#[doc(hidden)]
pub trait Kept {}
impl<U, B> Kept for UInt<U, B> {}
impl<U: Unsigned + NonZero> Kept for NInt<U> {}
impl Kept for isize {}
impl<E> Kept for Dyn<E> {}

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
