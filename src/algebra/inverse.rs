//! Inverses: right_inverse and left_inverse, computed during type checking.
//!
//! On A's coalesced modes taken by increasing stride (with the prefix products of their shapes):
//! - `right_inverse(A)` = R with `A(R(i)) == i` for `i < size(R)`: it follows the modes whose
//!   strides chain from 1 (each stride the reach of the one before), giving each its prefix
//!   product as a stride. A layout without a stride-1 mode gives `1:0`. For a non-injective A,
//!   R is still a right inverse on its (smaller) domain.
//! - `left_inverse(A)` = L with `L(A(i)) == i` for `i < size(A)` when A is injective; for a
//!   non-injective A it is CuTe's quasi-inverse, `A(L(A(i))) == A(i)`. Stride-0 modes are
//!   skipped, and each stride must be a multiple of the size gathered below it (CuTe's static
//!   assertion "Left inverse divisibility condition": in `(2,3):(3,2)` the stride 3 is not a
//!   multiple of the 2 below it).
//!
//! A negative stride never chains, so right_inverse leaves it out (as CuTe's does); left_inverse
//! rejects one, at the type level and at run time, where CuTe answers with a negative shape
//! (`left_inverse(4:-1)` is its `(-1,4):(0,1)`, which is no layout). Nothing else is rejected.
//! The runtime mirror is [`crate::dynamic::inverse`].
//!
//! ```
//! use tessel::{layout, left_inverse, right_inverse, LeftInverse, RightInverse};
//! static_assertions::assert_type_eq_all!(RightInverse<layout!("(4,8):(8,1)")>, layout!("(8,4):(4,1)"));
//! assert_eq!(left_inverse(layout!("(4,8):(8,1)")).to_string(), "(8,4):(4,1)");
//! assert_eq!(right_inverse(layout!("(2,4):(0,2)")).to_string(), "1:0");
//! use tessel::inverse::{MaxCommonLayout, MaxCommonVector};
//! type A = layout!("(8,4):(1,8)");
//! type B = layout!("(8,4):(4,1)");
//! assert_eq!(<MaxCommonVector<A, A> as tessel::typenum::Unsigned>::USIZE, 32);
//! assert_eq!(<MaxCommonVector<A, B> as tessel::typenum::Unsigned>::USIZE, 1);
//! assert_eq!(<MaxCommonLayout<A, layout!("(8,4):(1,16)")>>::default().to_string(), "8:1");
//! ```

use crate::algebra::by_mode::InverseOperand;
use crate::algebra::coalesce::{CoalesceLayout, CoalesceList, FlatModes, StackLayout};
use crate::algebra::complement::{MinStride, StaticStrides};
use crate::algebra::composition::Compose;
use crate::algebra::mixed::{Dyn, Env, Gather, Realize, Realized, Sym0, Symbolize, Whole};
use crate::diagnostic::{And, Both, Check, CheckBit, Checked, Decimal, Holds, Verified};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::{Modes, Parts};
use crate::layout::Layout;
use crate::num::arith::{
    DivCheap, Divides, MulMixed, ProdOf, QuotCheap, SameAs, ScaleStride, Scaled,
};
use crate::num::list::{Cons, Len, Nil, SplitFirst};
use typenum::{Bit, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1, U0, U1};

crate::diagnostic::condition!(
    /// Each stride must be a multiple of the stride below it.
    MultipleOfBelow,
    StrideIsMultipleOfBelow,
    "left_inverse: the stride {A} is not a multiple of {B}, the stride below it",
    "stride divisibility: each stride must be a multiple of the strides below it"
);

crate::diagnostic::condition!(
    /// No stride may be negative (CuTe's left inverse would have a negative shape).
    NegativeStride,
    StrideIsNotNegative,
    "left_inverse: A has the negative stride -{A}: CuTe's answer would have a negative shape",
    "left_inverse takes layouts with non-negative strides"
);

/// The modes with the prefix products of their shapes: `(shape, stride, prefix)`.
pub trait Prefixed<P> {
    /// The triples.
    type Output;
}
impl<P> Prefixed<P> for Nil {
    type Output = Nil;
}
impl<S, D, T, P: MulMixed<S>> Prefixed<P> for Cons<(S, D), T>
where
    T: Prefixed<ProdOf<P, S>>,
{
    type Output = Cons<(S, D, P), T::Output>;
}

/// The modes whose strides are static: a runtime stride never chains (CuTe filters it out).
pub trait StaticStrided {
    /// The modes.
    type Output;
}
impl StaticStrided for Nil {
    type Output = Nil;
}
impl<S, D: Stridekind, P, T: StaticStrided> StaticStrided for Cons<(S, D, P), T>
where
    D::Static: KeepIf<(S, D, P), T::Output>,
{
    type Output = <D::Static as KeepIf<(S, D, P), T::Output>>::Output;
}

/// Whether a stride is static: `B1` or `B0`.
#[doc(hidden)]
pub trait Stridekind {
    /// `B1` for a static stride.
    type Static;
}
impl Stridekind for UTerm {
    type Static = B1;
}
impl<U, B> Stridekind for UInt<U, B> {
    type Static = B1;
}
impl<U: Unsigned + NonZero> Stridekind for NInt<U> {
    type Static = B1;
}
impl<F> Stridekind for Dyn<F> {
    type Static = B0;
}

/// `Cons<M, T>` (`B1`) or `T` (`B0`).
#[doc(hidden)]
pub trait KeepIf<M, T> {
    /// The list.
    type Output;
}
impl<M, T> KeepIf<M, T> for B1 {
    type Output = Cons<M, T>;
}
impl<M, T> KeepIf<M, T> for B0 {
    type Output = T;
}

/// The modes sorted by stride (stable).
pub trait SortByStride {
    /// The sorted modes.
    type Output;
}
impl SortByStride for Nil {
    type Output = Nil;
}
impl<H, T> SortByStride for Cons<H, T>
where
    Self: MinStride,
    <Self as MinStride>::Rest: SortByStride,
{
    type Output =
        Cons<<Self as MinStride>::Min, <<Self as MinStride>::Rest as SortByStride>::Output>;
}

/// A's coalesced modes with their prefix products, those of static stride sorted by stride.
type Sorted<A> =
    <<<Stack<A> as Prefixed<U1>>::Output as StaticStrided>::Output as SortByStride>::Output;

/// The chain of modes from stride `Next` on: `(shape, prefix)` pairs.
pub trait Chain<Next> {
    /// The pairs.
    type Output;
}
impl<Next> Chain<Next> for Nil {
    type Output = Nil;
}
impl<S, D: SameAs<Next>, P, T, Next> Chain<Next> for Cons<(S, D, P), T>
where
    Self: ChainIf<D::Output, Next>,
{
    type Output = <Self as ChainIf<D::Output, Next>>::Output;
}

/// Taken into the chain (`B1`: the stride is the one expected) or skipped (`B0`).
pub trait ChainIf<Links: Bit, Next> {
    /// The pairs.
    type Output;
}
impl<S: ScaleStride<D>, D, P, T: Chain<Scaled<S, D>>, Next> ChainIf<B1, Next>
    for Cons<(S, D, P), T>
{
    type Output = Cons<(S, P), T::Output>;
}
impl<M, T: Chain<Next>, Next> ChainIf<B0, Next> for Cons<M, T> {
    type Output = T::Output;
}

/// `RightInverse<L>` on types.
pub trait RightInverseOf {
    /// The right inverse.
    type Output;
}
impl<A: FlatModes> RightInverseOf for A
where
    A::List: CoalesceList,
    <A::List as CoalesceList>::Stack: LoneUnit,
    Stack<A>: Prefixed<U1>,
    <Stack<A> as Prefixed<U1>>::Output: StaticStrided,
    <<Stack<A> as Prefixed<U1>>::Output as StaticStrided>::Output: SortByStride,
    Sorted<A>: Chain<U1>,
    Cons<(U1, UTerm), <Sorted<A> as Chain<U1>>::Output>: StackLayout,
    <Cons<(U1, UTerm), <Sorted<A> as Chain<U1>>::Output> as StackLayout>::Output: CoalesceLayout,
{
    type Output = <<Cons<(U1, UTerm), <Sorted<A> as Chain<U1>>::Output> as StackLayout>::Output as CoalesceLayout>::Output;
}

/// The layout L, once it is known to be one of integer strides.
type Lay<L> = <L as InverseOperand>::Itself;

/// `RightInverse<L>`: the right inverse of the layout L.
pub type RightInverse<L> = Realized<<Sym0<Lay<L>> as RightInverseOf>::Output>;

/// The left inverse's modes from the sorted modes: each nonzero stride D gives `(D / G):Prev`,
/// with G the stride before it and Prev its prefix product; `Last` is the last mode's shape.
pub trait Gathered<G, Prev> {
    /// The `(shape, stride)` pairs.
    type Output;
    /// [`Holds`], or the first stride that is not a multiple of the one below it.
    type Verdict;
}
impl<G, Prev> Gathered<G, Prev> for Nil {
    type Output = Nil;
    type Verdict = Holds;
}
/// The last mode: its shape closes the inverse.
impl<S, D, P, G, Prev> Gathered<G, Prev> for Cons<(S, D, P), Nil>
where
    Cons<(S, D, P), Nil>: GatherStep<G, Prev>,
    <Cons<(S, D, P), Nil> as GatherStep<G, Prev>>::Rest: Closing<S>,
{
    type Output = <<Cons<(S, D, P), Nil> as GatherStep<G, Prev>>::Rest as Closing<S>>::Output;
    type Verdict = <Cons<(S, D, P), Nil> as GatherStep<G, Prev>>::Verdict;
}
impl<S, D, P, Y, T, G, Prev> Gathered<G, Prev> for Cons<(S, D, P), Cons<Y, T>>
where
    Self: GatherStep<G, Prev>,
    <Self as GatherStep<G, Prev>>::Rest: Continue<Cons<Y, T>>,
    <Self as GatherStep<G, Prev>>::Verdict:
        Both<<<Self as GatherStep<G, Prev>>::Rest as Continue<Cons<Y, T>>>::Verdict>,
{
    type Output = <<Self as GatherStep<G, Prev>>::Rest as Continue<Cons<Y, T>>>::Output;
    type Verdict = And<
        <Self as GatherStep<G, Prev>>::Verdict,
        <<Self as GatherStep<G, Prev>>::Rest as Continue<Cons<Y, T>>>::Verdict,
    >;
}

/// One sorted mode read: the pairs so far and the state to go on with.
pub trait GatherStep<G, Prev> {
    /// `(pairs, G', Prev')`.
    type Rest;
    /// [`Holds`], or the stride's failure to be a multiple of G.
    type Verdict;
}
impl<S, P, G, Prev, T> GatherStep<G, Prev> for Cons<(S, UTerm, P), T> {
    type Rest = (Nil, G, Prev);
    type Verdict = Holds;
}
impl<S, V, C, P, G, Prev, T> GatherStep<G, Prev> for Cons<(S, UInt<V, C>, P), T>
where
    UInt<V, C>: DivCheap<G>,
    Divides<UInt<V, C>, G>: CheckBit<MultipleOfBelow, UInt<V, C>, G>,
{
    type Rest = (Cons<(QuotCheap<UInt<V, C>, G>, Prev), Nil>, UInt<V, C>, P);
    type Verdict = Check<Divides<UInt<V, C>, G>, MultipleOfBelow, UInt<V, C>, G>;
}

/// A negative stride fails [`NegativeStride`]; the walk goes on without it.
impl<S, U: Unsigned + NonZero + Decimal, P, G, Prev, T> GatherStep<G, Prev>
    for Cons<(S, NInt<U>, P), T>
{
    type Rest = (Nil, G, Prev);
    type Verdict = Check<B0, NegativeStride, U, UTerm>;
}

/// The pairs of one step, then the rest of the walk.
pub trait Continue<Rest> {
    /// The pairs.
    type Output;
    /// The rest's verdict.
    type Verdict;
}
impl<
        Pairs: crate::num::list::Concat<<Rest as Gathered<G, Prev>>::Output>,
        G,
        Prev,
        Rest: Gathered<G, Prev>,
    > Continue<Rest> for (Pairs, G, Prev)
{
    type Output = crate::num::list::Joined<Pairs, <Rest as Gathered<G, Prev>>::Output>;
    type Verdict = <Rest as Gathered<G, Prev>>::Verdict;
}

/// The pairs of the last step, closed by the last mode's shape.
pub trait Closing<S> {
    /// The pairs.
    type Output;
}
impl<Pairs: crate::num::list::Concat<Cons<(S, Prev), Nil>>, G, Prev, S> Closing<S>
    for (Pairs, G, Prev)
{
    type Output = crate::num::list::Joined<Pairs, Cons<(S, Prev), Nil>>;
}

/// `LeftInverse<L>` on types.
pub trait LeftInverseOf {
    /// The left inverse.
    type Output;
    /// [`Holds`], or the first stride that is not a multiple of the one below it.
    type Verdict;
}
crate::diagnostic::condition!(
    /// Static strides only (CuTe's static assertion "Left inverse requires static strides").
    RuntimeStride,
    StridesAreStatic,
    "left_inverse: A has a runtime stride among its {A} coalesced modes: a left inverse needs static strides",
    "left_inverse takes runtime shapes, but static strides"
);

/// A's coalesced modes, a lone mode of static size 1 with stride 0 (CuTe's coalesce drops the
/// stride of such a mode, runtime or not, so its left inverse is `1:0`).
type Stack<A> = <<<A as FlatModes>::List as CoalesceList>::Stack as LoneUnit>::Output;

/// See [`Stack`].
#[doc(hidden)]
pub trait LoneUnit {
    /// The modes.
    type Output;
}
impl<D> LoneUnit for Cons<(U1, D), Nil> {
    type Output = Cons<(U1, UTerm), Nil>;
}
impl<U, B, B2, D> LoneUnit for Cons<(UInt<UInt<U, B>, B2>, D), Nil> {
    type Output = Self;
}
impl<E, D> LoneUnit for Cons<(Dyn<E>, D), Nil> {
    type Output = Self;
}
impl<M0, M1, T> LoneUnit for Cons<M0, Cons<M1, T>> {
    type Output = Self;
}

/// Whether A's coalesced modes have static strides only, as a verdict.
type StridesStatic<A> =
    Check<<Stack<A> as StaticStrides>::Runtime, RuntimeStride, <Stack<A> as Len>::Output, UTerm>;

impl<A: FlatModes> LeftInverseOf for A
where
    A::List: CoalesceList,
    <A::List as CoalesceList>::Stack: LoneUnit,
    Stack<A>: StaticStrides + Len,
    <Stack<A> as StaticStrides>::Runtime: CheckBit<RuntimeStride, <Stack<A> as Len>::Output, UTerm>,
    StridesStatic<A>: Both<<Sorted<A> as Gathered<U1, UTerm>>::Verdict>,
    Stack<A>: Prefixed<U1>,
    <Stack<A> as Prefixed<U1>>::Output: StaticStrided,
    <<Stack<A> as Prefixed<U1>>::Output as StaticStrided>::Output: SortByStride,
    Sorted<A>: Gathered<U1, UTerm>,
    <Sorted<A> as Gathered<U1, UTerm>>::Output: StackLayout,
    <<Sorted<A> as Gathered<U1, UTerm>>::Output as StackLayout>::Output: CoalesceLayout,
{
    type Output = <<<Sorted<A> as Gathered<U1, UTerm>>::Output as StackLayout>::Output as CoalesceLayout>::Output;
    type Verdict = And<StridesStatic<A>, <Sorted<A> as Gathered<U1, UTerm>>::Verdict>;
}

/// `LeftInverse<L>`: the left inverse of the layout L (a compile error at this line if a stride
/// is not a multiple of the strides below it).
pub type LeftInverse<L> = Realized<
    Verified<<Sym0<Lay<L>> as LeftInverseOf>::Verdict, <Sym0<Lay<L>> as LeftInverseOf>::Output>,
>;

/// `right_inverse(l)`: a layout with runtime leaves follows its static strides only, as CuTe.
///
/// ```
/// use tessel::{right_inverse, Layout, C};
/// let l = Layout::new((C::<4>::default(), 2usize), (C::<2>::default(), C::<1>::default()));
/// assert_eq!(format!("{:#}", right_inverse(l)), "2:_4");
/// ```
#[inline(always)]
pub fn right_inverse<L: InverseOperand + Gather>(l: L) -> RightInverse<L>
where
    Lay<L>: Symbolize<U0, U0>,
    Sym0<Lay<L>>: RightInverseOf,
    <Sym0<Lay<L>> as RightInverseOf>::Output: Realize<Whole>,
{
    <<Sym0<Lay<L>> as RightInverseOf>::Output as Realize<Whole>>::realize(&Env::of(&l))
}

/// `right_inverse` as one bound, with the function as a method (generic code names it).
pub trait RightInverted: Sized {
    /// `RightInverse<Self>`.
    type Output;
    /// `right_inverse(self)`.
    fn right_inverted(self) -> Self::Output;
}
impl<L: InverseOperand + Gather> RightInverted for L
where
    Lay<L>: Symbolize<U0, U0>,
    Sym0<Lay<L>>: RightInverseOf,
    <Sym0<Lay<L>> as RightInverseOf>::Output: Realize<Whole>,
{
    type Output = RightInverse<L>;
    #[inline(always)]
    fn right_inverted(self) -> Self::Output {
        right_inverse(self)
    }
}

/// `left_inverse(l)`: runtime shapes are taken, runtime strides are not (as CuTe).
///
/// ```
/// use tessel::{left_inverse, Layout, C};
/// let l = Layout::new((4usize, C::<2>::default()), (C::<1>::default(), C::<4>::default()));
/// assert_eq!(format!("{:#}", left_inverse(l)), "(_4,_2):(_1,4)");
/// ```
#[inline(always)]
pub fn left_inverse<L: InverseOperand + Gather>(l: L) -> LeftInverse<L>
where
    Lay<L>: Symbolize<U0, U0>,
    Sym0<Lay<L>>: LeftInverseOf,
    <Sym0<Lay<L>> as LeftInverseOf>::Verdict: Checked,
    Verified<<Sym0<Lay<L>> as LeftInverseOf>::Verdict, <Sym0<Lay<L>> as LeftInverseOf>::Output>:
        Realize<Whole>,
{
    <Verified<<Sym0<Lay<L>> as LeftInverseOf>::Verdict, <Sym0<Lay<L>> as LeftInverseOf>::Output> as Realize<
        Whole,
    >>::realize(&Env::of(&l))
}

/// The first mode of a layout, as a layout (an integer layout is its own first mode).
pub trait FirstMode {
    /// The mode.
    type Output;
}
impl<S: Modes + LayoutShape<D>, D: Modes + IntTuple> FirstMode for Layout<S, D>
where
    S::List: SplitFirst,
    D::List: SplitFirst,
    <S::List as SplitFirst>::First: LayoutShape<<D::List as SplitFirst>::First>,
    <D::List as SplitFirst>::First: IntTuple,
{
    type Output = Layout<<S::List as SplitFirst>::First, <D::List as SplitFirst>::First>;
}

/// `max_common_layout(A, B)` and `max_common_vector(A, B)` on types: the largest contiguous
/// layout R with `A(R(i)) == i` and `B(R(i)) == i`, and its size.
pub trait MaxCommon<B> {
    /// `max_common_layout(Self, B)`.
    type Layout;
    /// `max_common_vector(Self, B)`, a typenum number.
    type Vector;
    /// The verdict of the composition `Self o right_inverse(B)` it takes.
    type Verdict;
}

/// The right inverse on types, before its runtime leaves become values.
type Inverse<B> = <B as RightInverseOf>::Output;
type Common<A, B> = <<A as Compose<Inverse<B>>>::Output as CoalesceLayout>::Output;
type Head<A, B> = <Common<A, B> as FirstMode>::Output;

impl<A: Symbolize<U0, U0>, B: Symbolize<U1, U0>> MaxCommon<B> for A
where
    A: CommonIf<(A::Next, B::Next), B>,
{
    type Layout = <A as CommonIf<(A::Next, B::Next), B>>::Layout;
    type Vector = <A as CommonIf<(A::Next, B::Next), B>>::Vector;
    type Verdict = <A as CommonIf<(A::Next, B::Next), B>>::Verdict;
}

/// See [`MaxCommon`], by how many runtime leaves A and B have: none (the algebra), or some
/// (CuTe answers `1` and `1:0`: it looks for a common vector in static layouts only).
#[doc(hidden)]
pub trait CommonIf<Runtime, B> {
    /// See [`MaxCommon`].
    type Layout;
    /// See [`MaxCommon`].
    type Vector;
    /// See [`MaxCommon`].
    type Verdict;
}
impl<A, B: RightInverseOf> CommonIf<(UTerm, UTerm), B> for A
where
    A: Compose<Inverse<B>>,
    <A as Compose<Inverse<B>>>::Output: CoalesceLayout,
    Common<A, B>: FirstMode,
    Head<A, B>: Parts + UnitStride<Inverse<B>>,
{
    type Layout = <Head<A, B> as UnitStride<Inverse<B>>>::Layout;
    type Vector = <Head<A, B> as UnitStride<Inverse<B>>>::Vector;
    type Verdict = <A as Compose<Inverse<B>>>::Verdict;
}
impl<A, B, U, V, NB> CommonIf<(UInt<U, V>, NB), B> for A {
    type Layout = Layout<U1, UTerm>;
    type Vector = U1;
    type Verdict = Holds;
}
impl<A, B, U, V> CommonIf<(UTerm, UInt<U, V>), B> for A {
    type Layout = Layout<U1, UTerm>;
    type Vector = U1;
    type Verdict = Holds;
}

/// A head of stride 1 (its size, and the inverse composed with it) or not (`1` and `1:0`).
#[doc(hidden)]
pub trait UnitStride<Inv> {
    /// The common layout.
    type Layout;
    /// Its size.
    type Vector;
}
impl<S: LayoutShape<D>, D: IntTuple + SameAs<U1>, Inv> UnitStride<Inv> for Layout<S, D>
where
    Self: UnitStrideIf<<D as SameAs<U1>>::Output, Inv>,
{
    type Layout = <Self as UnitStrideIf<<D as SameAs<U1>>::Output, Inv>>::Layout;
    type Vector = <Self as UnitStrideIf<<D as SameAs<U1>>::Output, Inv>>::Vector;
}

/// See [`UnitStride`].
#[doc(hidden)]
pub trait UnitStrideIf<IsOne, Inv> {
    /// The common layout.
    type Layout;
    /// Its size.
    type Vector;
}
impl<S: LayoutShape<D>, D: IntTuple, Inv: Compose<Self>> UnitStrideIf<B1, Inv> for Layout<S, D> {
    type Layout = Inv::Output;
    type Vector = S;
}
impl<L, Inv> UnitStrideIf<B0, Inv> for L {
    type Layout = Layout<U1, UTerm>;
    type Vector = U1;
}

/// `MaxCommonLayout<A, B>`.
pub type MaxCommonLayout<A, B> =
    Verified<<A as MaxCommon<B>>::Verdict, <A as MaxCommon<B>>::Layout>;
/// `MaxCommonVector<A, B>`: a typenum number.
pub type MaxCommonVector<A, B> =
    Verified<<A as MaxCommon<B>>::Verdict, <A as MaxCommon<B>>::Vector>;

/// `max_common_layout(a, b)`: the largest contiguous layout R with `A(R(i)) == i` and
/// `B(R(i)) == i`, static; `1:0` where A or B has a runtime leaf, as CuTe's.
///
/// ```
/// use tessel::{layout, max_common_layout};
/// // cute-oracle max_common_layout "(8,4):(1,8)" "((4,2),4):((1,16),4)"
/// let r = max_common_layout(layout!("(8,4):(1,8)"), layout!("((4,2),4):((1,16),4)"));
/// assert_eq!(r.to_string(), "4:1");
/// ```
#[inline(always)]
pub fn max_common_layout<A: MaxCommon<B>, B>(_: A, _: B) -> MaxCommonLayout<A, B>
where
    A::Verdict: Checked,
    MaxCommonLayout<A, B>: Default,
{
    Default::default()
}

/// `max_common_vector(a, b)`: how many elements from index 0 on A and B both hold at the same
/// coordinates, contiguously (the size of [`max_common_layout`]), a static number; 1 where A or
/// B has a runtime leaf, as CuTe's.
///
/// ```
/// use tessel::{layout, max_common_vector, Int};
/// // cute-oracle max_common_vector "(4,8):(1,4)" "(4,8):(1,4)"; "(4,8):(1,4)" "(4,8):(8,1)"
/// assert_eq!(max_common_vector(layout!("(4,8):(1,4)"), layout!("(4,8):(1,4)")).value(), 32);
/// assert_eq!(max_common_vector(layout!("(4,8):(1,4)"), layout!("(4,8):(8,1)")).value(), 1);
/// ```
#[inline(always)]
pub fn max_common_vector<A: MaxCommon<B>, B>(_: A, _: B) -> MaxCommonVector<A, B>
where
    A::Verdict: Checked,
    MaxCommonVector<A, B>: Default,
{
    Default::default()
}
