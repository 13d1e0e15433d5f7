//! Coalesce: the same function of the 1-D coordinate, with as few modes as possible.
//!
//! Walking the flattened modes from the last to the first: a mode of size 1 is dropped; a mode
//! `s:d` followed by `s':d'` with `s * d == d'` merges into `s*s':d`; anything else stays. The
//! result is an integer layout when one mode is left (`1:0` when none is).
//!
//! CuTe's post-conditions: `size(R) == size(L)`, `depth(R) <= 1`, and `R(i) == L(i)` for every
//! `i < size(L)`. Coalesce has no precondition: tessel rejects nothing CuTe accepts (by-mode
//! coalesce rejects a profile with more modes than the layout, as CuTe's assertion does). The
//! runtime mirror is [`crate::dynamic::coalesce`].
//!
//! ```
//! use tessel::{layout, coalesce, Coalesce};
//! static_assertions::assert_type_eq_all!(Coalesce<layout!("(2,(1,6)):(1,(6,2))")>, layout!("12:1"));
//! assert_eq!(coalesce(layout!("(4,8):(1,4)")).to_string(), "32:1");
//! assert_eq!(coalesce(layout!("(4,8):(8,1)")).to_string(), "(4,8):(8,1)");
//! // By mode: each mode on its own.
//! use tessel::{coalesce::CoalesceBy, shape};
//! type L = layout!("((2,4),(4,2)):((1,2),(8,32))");
//! assert_eq!(<CoalesceBy<L, shape!("(1,1)")>>::default().to_string(), "(8,8):(1,8)");
//! ```

use crate::algebra::by_mode::{tuple_tilers, KeepRest, ModeOp};
use crate::algebra::mixed::{Dyn, Env, Gather, Realize, Realized, Sym0, Symbolize, Whole};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::ordered::ZerosToOne;
use crate::layout::Layout;
use crate::num::arith::{SameAs, ScaleStride, Scaled, Unit};
use crate::num::int::Int;
use crate::num::list::{Cons, Nil, ReverseOnto, SplitFirst, ToTuple, Unzip};
use crate::num::nat::{Compare, LessThan, Mul, Prod};
use typenum::{Bit, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1, U0};

pub use crate::layout::FlatModes;

/// The size-1 shape.
type One = UInt<UTerm, B1>;

/// A shape of 2 or more.
type Big<U, B, B2> = UInt<UInt<U, B>, B2>;

/// One step of the backward walk: the stack `Self` (first mode first) meets the mode `M`.
#[doc(hidden)]
pub trait Step<M> {
    /// The new stack.
    type Output;
}

/// A mode of size 1 is dropped.
impl<F, D> Step<(One, D)> for F {
    type Output = F;
}

/// The stack is still the initial mode of size 1: the mode replaces it.
impl<U, B, B2, D, D0> Step<(Big<U, B, B2>, D)> for Cons<(One, D0), Nil> {
    type Output = Cons<(Big<U, B, B2>, D), Nil>;
}

/// Otherwise merge when `s * d` is the stride of the stack's first mode, else push.
impl<U, B, B2, D, U0, B0_, B20, D0, T> Step<(Big<U, B, B2>, D)> for Cons<(Big<U0, B0_, B20>, D0), T>
where
    Big<U, B, B2>: Joins<D, D0>,
    Self: MergeIf<<Big<U, B, B2> as Joins<D, D0>>::Output, (Big<U, B, B2>, D)>,
{
    type Output =
        <Self as MergeIf<<Big<U, B, B2> as Joins<D, D0>>::Output, (Big<U, B, B2>, D)>>::Output;
}

/// A runtime size replaces the initial mode of size 1 too.
impl<E, D, D0> Step<(Dyn<E>, D)> for Cons<(One, D0), Nil> {
    type Output = Cons<(Dyn<E>, D), Nil>;
}

/// A runtime size merges into a static front only where CuTe sees `s * d == d0` statically (a
/// stride of 0 on both).
impl<E, D, U0, B0_, B20, D0, T> Step<(Dyn<E>, D)> for Cons<(Big<U0, B0_, B20>, D0), T>
where
    Dyn<E>: Joins<D, D0>,
    Self: MergeIf<<Dyn<E> as Joins<D, D0>>::Output, (Dyn<E>, D)>,
{
    type Output = <Self as MergeIf<<Dyn<E> as Joins<D, D0>>::Output, (Dyn<E>, D)>>::Output;
}

/// A front of runtime size is never merged into: the mode is pushed.
impl<S, D, F, D0, T> Step<(S, D)> for Cons<(Dyn<F>, D0), T>
where
    S: Unit<Output = B0>,
{
    type Output = Cons<(S, D), Self>;
}

/// Whether the mode `Self:D` joins a mode of stride `D0` (`Self * D == D0`): `B1` or `B0`. With
/// positive strides a join needs `D < D0`, a cheap comparison that spares the multiplication
/// when it fails (a row-major layout never joins).
#[doc(hidden)]
pub trait Joins<D, D0> {
    /// `B1` or `B0`.
    type Output: Bit;
}

/// `Self * D == D0`, computed.
type Product<S, D, D0> = <Scaled<S, D> as SameAs<D0>>::Output;

impl<S: ScaleStride<UTerm>, D0> Joins<UTerm, D0> for S
where
    Scaled<S, UTerm>: SameAs<D0>,
{
    type Output = Product<S, UTerm, D0>;
}

impl<S: ScaleStride<NInt<V>>, V: Unsigned + NonZero, D0> Joins<NInt<V>, D0> for S
where
    Scaled<S, NInt<V>>: SameAs<D0>,
{
    type Output = Product<S, NInt<V>, D0>;
}

impl<S, V, C> Joins<UInt<V, C>, UTerm> for S {
    type Output = B0;
}

impl<S, V, C, W: Unsigned + NonZero> Joins<UInt<V, C>, NInt<W>> for S {
    type Output = B0;
}

impl<S, V, C, W, E> Joins<UInt<V, C>, UInt<W, E>> for S
where
    UInt<V, C>: Compare<UInt<W, E>, B0, B1, B0>,
    S: JoinsIf<LessThan<UInt<V, C>, UInt<W, E>>, UInt<V, C>, UInt<W, E>>,
{
    type Output = <S as JoinsIf<LessThan<UInt<V, C>, UInt<W, E>>, UInt<V, C>, UInt<W, E>>>::Output;
}

/// A runtime stride never matches statically.
impl<S, F, D0> Joins<Dyn<F>, D0> for S {
    type Output = B0;
}
impl<S, V, C, F> Joins<UInt<V, C>, Dyn<F>> for S {
    type Output = B0;
}

/// See [`Joins`]: `B1` when `D < D0`, and only then the product is computed.
#[doc(hidden)]
pub trait JoinsIf<Below, D, D0> {
    /// `B1` or `B0`.
    type Output: Bit;
}

impl<S, D, D0> JoinsIf<B0, D, D0> for S {
    type Output = B0;
}

impl<S: ScaleStride<D>, D, D0> JoinsIf<B1, D, D0> for S
where
    Scaled<S, D>: SameAs<D0>,
{
    type Output = Product<S, D, D0>;
}

/// The stack meets mode `M`: merged into its first mode (`B1`) or pushed (`B0`).
#[doc(hidden)]
pub trait MergeIf<Merge: Bit, M> {
    /// The new stack.
    type Output;
}

impl<S0, D0, T, S: Mul<S0>, D> MergeIf<B1, (S, D)> for Cons<(S0, D0), T> {
    type Output = Cons<(Prod<S, S0>, D), T>;
}

impl<F, M> MergeIf<B0, M> for F {
    type Output = Cons<M, F>;
}

/// The stack folded over a (reversed) list of modes.
pub trait Walk<Stack> {
    /// The final stack.
    type Output;
}

impl<Stack> Walk<Stack> for Nil {
    type Output = Stack;
}

impl<Stack: Step<M>, M, T: Walk<Stack::Output>> Walk<Stack> for Cons<M, T> {
    type Output = T::Output;
}

/// The layout of a final stack: an integer layout for one mode, `1:0` for one of size 1.
pub trait StackLayout {
    /// The layout.
    type Output;
}

impl<D> StackLayout for Cons<(One, D), Nil> {
    type Output = Layout<One, UTerm>;
}

/// No mode left (the walk of a layout whose verdict failed, such as a left inverse of runtime
/// strides only): `1:0`, so that the verdict's one error is all that is reported.
impl StackLayout for Nil {
    type Output = Layout<One, UTerm>;
}

impl<U, B, B2, D> StackLayout for Cons<(Big<U, B, B2>, D), Nil>
where
    Big<U, B, B2>: LayoutShape<D>,
    D: IntTuple,
{
    type Output = Layout<Big<U, B, B2>, D>;
}

impl<E, D: Int> StackLayout for Cons<(Dyn<E>, D), Nil> {
    type Output = Layout<Dyn<E>, D>;
}

impl<M0, M1, T> StackLayout for Cons<M0, Cons<M1, T>>
where
    Self: Unzip,
    <Self as Unzip>::Shapes: ToTuple,
    <Self as Unzip>::Strides: ToTuple,
    <<Self as Unzip>::Shapes as ToTuple>::Tuple:
        LayoutShape<<<Self as Unzip>::Strides as ToTuple>::Tuple>,
    <<Self as Unzip>::Strides as ToTuple>::Tuple: IntTuple,
{
    type Output = Layout<
        <<Self as Unzip>::Shapes as ToTuple>::Tuple,
        <<Self as Unzip>::Strides as ToTuple>::Tuple,
    >;
}

/// `coalesce(Self)` on types.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be coalesced at compile time",
    label = "coalesce needs a static layout"
)]
pub trait CoalesceLayout {
    /// The coalesced layout.
    type Output;
}

impl<L: FlatModes> CoalesceLayout for L
where
    L::List: CoalesceList,
    <L::List as CoalesceList>::Stack: StackLayout,
{
    type Output = <<L::List as CoalesceList>::Stack as StackLayout>::Output;
}

/// A list of `(shape, stride)` modes coalesced: the final stack, first mode first.
pub trait CoalesceList {
    /// The coalesced modes.
    type Stack;
}

impl<L: ReverseOnto<Nil>> CoalesceList for L
where
    L::Output: SplitFirst,
    <L::Output as SplitFirst>::Rest: Walk<Cons<<L::Output as SplitFirst>::First, Nil>>,
{
    type Stack = <<L::Output as SplitFirst>::Rest as Walk<
        Cons<<L::Output as SplitFirst>::First, Nil>,
    >>::Output;
}

/// `coalesce(L)`: the coalesced layout type.
pub type Coalesce<L> = Realized<<Sym0<L> as CoalesceLayout>::Output>;

/// `coalesce(l)`: the coalesced layout (static leaves cost nothing; runtime ones are carried).
#[inline(always)]
pub fn coalesce<L: Symbolize<U0, U0> + Gather>(l: L) -> Coalesce<L>
where
    Sym0<L>: CoalesceLayout,
    <Sym0<L> as CoalesceLayout>::Output: Realize<Whole>,
{
    <<Sym0<L> as CoalesceLayout>::Output as Realize<Whole>>::realize(&Env::of(&l))
}

/// `filter_zeros(L)` on types: each leaf of static stride 0 given size 1 (a runtime stride is
/// kept: CuTe does not know it is 0).
#[diagnostic::on_unimplemented(
    message = "filter / filter_zeros: `{Self}` is not a plain layout",
    label = "a Layout (static or mixed): CuTe's filter takes no composed layout either"
)]
pub trait FilterZerosLayout {
    /// The layout.
    type Output;
}
impl<S: LayoutShape<D> + ZerosToOne<D>, D: IntTuple> FilterZerosLayout for Layout<S, D>
where
    S::Output: LayoutShape<D>,
{
    type Output = Layout<S::Output, D>;
}

/// `filter_zeros(L)`: the layout type.
pub type FilterZeros<L> = Realized<<Sym0<L> as FilterZerosLayout>::Output>;

/// `filter_zeros(l)`: each leaf of static stride 0 given size 1, the rest as it is (CuTe's).
///
/// ```
/// use tessel::{filter_zeros, layout};
/// // cute-oracle --cpp 'filter_zeros(Layout<Shape<Shape<_4,_2>,_3>,Stride<Stride<_1,_0>,_4>>{})'
/// assert_eq!(filter_zeros(layout!("((4,2),3):((1,0),4)")).to_string(), "((4,1),3):((1,0),4)");
/// ```
#[inline(always)]
pub fn filter_zeros<L: Symbolize<U0, U0> + Gather>(l: L) -> FilterZeros<L>
where
    Sym0<L>: FilterZerosLayout,
    <Sym0<L> as FilterZerosLayout>::Output: Realize<Whole>,
{
    <<Sym0<L> as FilterZerosLayout>::Output as Realize<Whole>>::realize(&Env::of(&l))
}

/// `filter(L)`: the layout type.
pub type Filter<L> = Realized<Filtered<Sym0<L>>>;
type Filtered<L> = <<L as FilterZerosLayout>::Output as CoalesceLayout>::Output;

/// `filter(l)`: `coalesce(filter_zeros(l))`, the layout without its modes of static stride 0 or
/// size 1 (`1:0` if none is left), CuTe's.
///
/// ```
/// use tessel::{filter, layout};
/// // cute-oracle --cpp 'filter(make_layout(make_shape(make_shape(8,_2{}),_3{}), make_stride(make_stride(_0{},_0{}),8)))'
/// let l = layout!("((M,2),3):((0,0),S)"; M = 8, S = 8);
/// assert_eq!(format!("{:#}", filter(l)), "_3:8");
/// assert_eq!(filter(layout!("(1,1):(0,3)")).to_string(), "1:0");
/// ```
#[inline(always)]
pub fn filter<L: Symbolize<U0, U0> + Gather>(l: L) -> Filter<L>
where
    Sym0<L>: FilterZerosLayout,
    <Sym0<L> as FilterZerosLayout>::Output: CoalesceLayout,
    Filtered<Sym0<L>>: Realize<Whole>,
{
    <Filtered<Sym0<L>> as Realize<Whole>>::realize(&Env::of(&l))
}

/// By-mode coalesce: `coalesce(L, Self)` for a profile `Self`. An integer profile coalesces the
/// whole layout; a tuple profile coalesces each of L's first modes by its element and keeps the
/// rest (CuTe's `coalesce(layout, Step<_1,_1>{})`).
pub trait CoalesceProfile<L> {
    /// The coalesced layout.
    type Output;
    /// Always [`Holds`](crate::diagnostic::Holds): coalesce has no conditions (the by-mode
    /// machinery it shares with the other operations asks).
    type Verdict;
}

/// `CoalesceBy<L, P>`: L coalesced mode by mode, following the profile P.
pub type CoalesceBy<L, P> = Realized<CoalescedBy<L, P>>;
type CoalescedBy<L, P> = crate::diagnostic::Verified<
    <P as CoalesceProfile<Sym0<L>>>::Verdict,
    <P as CoalesceProfile<Sym0<L>>>::Output,
>;

/// `coalesce(l, profile)`: by-mode coalesce (CuTe's `coalesce(layout, Step<_1,_1>{})`), the value
/// of `CoalesceBy<L, P>`.
///
/// ```
/// use tessel::{coalesce::coalesce_by, Layout, C};
/// let l = Layout::new(((C::<2>::default(), 4usize), C::<8>::default()), ((C::<1>::default(), C::<2>::default()), 8isize));
/// assert_eq!(format!("{:#}", coalesce_by(l, (C::<1>::default(), C::<1>::default()))), "((_2,4),_8):((_1,_2),8)");
/// ```
#[inline(always)]
pub fn coalesce_by<L: Symbolize<U0, U0> + Gather, P: CoalesceProfile<Sym0<L>>>(
    l: L,
    _: P,
) -> CoalesceBy<L, P>
where
    P::Verdict: crate::diagnostic::Checked,
    CoalescedBy<L, P>: Realize<Whole>,
{
    <CoalescedBy<L, P> as Realize<Whole>>::realize(&Env::of(&l))
}

impl<L: CoalesceLayout, U, B> CoalesceProfile<L> for UInt<U, B> {
    type Output = L::Output;
    type Verdict = crate::diagnostic::Holds;
}

/// Coalesce as a by-mode operation: mode L with profile P.
pub struct CoalesceOp;
impl<L, P: CoalesceProfile<L>> ModeOp<L, P> for CoalesceOp {
    type Output = P::Output;
    type Verdict = crate::diagnostic::Holds;
}

// A tuple profile coalesces mode by mode and keeps the modes past it.
crate::num::list::for_each_arity!(tuple_tilers; CoalesceProfile, CoalesceOp, KeepRest, crate::algebra::by_mode::CoalesceModes);
