//! Type-level arithmetic on leaves, across typenum's kinds: a stride is `UTerm` (0), a `UInt`
//! (positive) or an `NInt` (negative); a shape is a `UInt`. typenum does not mix unsigned and
//! signed numbers, so the algebra goes through these traits.
//!
//! ```
//! use tessel::arith::{SameValue, Scaled};
//! use tessel::typenum::{NInt, B0, B1, U0, U12, U3, U4};
//! static_assertions::assert_type_eq_all!(Scaled<U3, U4>, U12);
//! static_assertions::assert_type_eq_all!(Scaled<U3, NInt<U4>>, NInt<U12>);
//! static_assertions::assert_type_eq_all!(Scaled<U3, U0>, U0);
//! static_assertions::assert_type_eq_all!(SameValue<U12, U12>, B1);
//! static_assertions::assert_type_eq_all!(SameValue<U12, NInt<U12>>, B0);
//! ```

use crate::num::nat::{
    AddCarry, AtMost, Compare, DivRem, Equals, LessThan, Mul, Pred, Prod, Succ, Sum,
};
use crate::num::symbol::{CeilOver, Dyn, Plus, Reach as ReachOf, Times, Unknown};
use typenum::{Bit, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1};

/// `Self * D`: a shape times a stride, a stride.
pub trait ScaleStride<D> {
    /// The product.
    type Output;
}

/// `S * D` for a shape S and a stride D.
pub type Scaled<S, D> = <S as ScaleStride<D>>::Output;

impl<U: Unsigned, B: Bit> ScaleStride<UTerm> for UInt<U, B> {
    type Output = UTerm;
}

/// Positive times 1: free (unit strides are the common case). Told apart from the impl below
/// by the stride's shape, so it costs no goal of the solver's depth (rust-analyzer's limit).
impl<U: Unsigned, B: Bit> ScaleStride<UInt<UTerm, B1>> for UInt<U, B> {
    type Output = Self;
}

/// Positive times at least 2: the product (which is free when `Self` is 1).
impl<U: Unsigned, B: Bit, V, C, E> ScaleStride<UInt<UInt<V, C>, E>> for UInt<U, B>
where
    UInt<U, B>: Mul<UInt<UInt<V, C>, E>>,
{
    type Output = Prod<UInt<U, B>, UInt<UInt<V, C>, E>>;
}

impl<U: Unsigned, B: Bit, V: Unsigned + NonZero> ScaleStride<NInt<V>> for UInt<U, B>
where
    UInt<U, B>: Mul<V>,
    Prod<UInt<U, B>, V>: Unsigned + NonZero,
{
    type Output = NInt<Prod<UInt<U, B>, V>>;
}

/// Whether two strides are the same number: `B1` or `B0`.
pub trait SameAs<D> {
    /// `B1` or `B0`.
    type Output: Bit;
}

/// `B1` if strides A and D are equal, else `B0`.
pub type SameValue<A, D> = <A as SameAs<D>>::Output;

impl SameAs<UTerm> for UTerm {
    type Output = B1;
}
impl<V: Unsigned, C: Bit> SameAs<UInt<V, C>> for UTerm {
    type Output = B0;
}
impl<V: Unsigned + NonZero> SameAs<NInt<V>> for UTerm {
    type Output = B0;
}
impl<U: Unsigned, B: Bit> SameAs<UTerm> for UInt<U, B> {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, V: Unsigned, C: Bit> SameAs<UInt<V, C>> for UInt<U, B>
where
    UInt<U, B>: Compare<UInt<V, C>, B1, B0, B0>,
    Equals<UInt<U, B>, UInt<V, C>>: Bit,
{
    type Output = Equals<UInt<U, B>, UInt<V, C>>;
}
impl<U: Unsigned, B: Bit, V: Unsigned + NonZero> SameAs<NInt<V>> for UInt<U, B> {
    type Output = B0;
}
impl<U: Unsigned + NonZero> SameAs<UTerm> for NInt<U> {
    type Output = B0;
}
impl<U: Unsigned + NonZero, V: Unsigned, C: Bit> SameAs<UInt<V, C>> for NInt<U> {
    type Output = B0;
}
impl<U: Unsigned + NonZero + Compare<V, B1, B0, B0>, V: Unsigned + NonZero> SameAs<NInt<V>>
    for NInt<U>
where
    Equals<U, V>: Bit,
{
    type Output = Equals<U, V>;
}

/// `ceil(Self / B)` for positive unsigned numbers.
pub trait CeilDiv<B> {
    /// The quotient, rounded up.
    type Output;
}

/// The quotient, plus one if the division left a remainder (one division, and one step after
/// it in the solver's depth).
impl<A: DivRem<B>, B> CeilDiv<B> for A
where
    (A::Quot, A::Rem): RoundUp,
{
    type Output = <(A::Quot, A::Rem) as RoundUp>::Output;
}

/// `Q`, or `Q + 1` if the remainder (the second) is not 0.
#[doc(hidden)]
pub trait RoundUp {
    /// The quotient rounded up.
    type Output;
}
impl<Q> RoundUp for (Q, UTerm) {
    type Output = Q;
}
impl<Q: Succ, U, B> RoundUp for (Q, UInt<U, B>) {
    type Output = Q::Output;
}

/// `ceil(A / B)`.
pub type CeilQuot<A, B> = <A as CeilDiv<B>>::Output;

/// Whether a number is 0: `B1` or `B0`.
pub trait IsZero {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl IsZero for UTerm {
    type Output = B1;
}
impl<U, B> IsZero for UInt<U, B> {
    type Output = B0;
}

/// Whether a positive number is 1: `B1` or `B0`.
pub trait Unit {
    /// `B1` or `B0`.
    type Output: Bit;
}

impl Unit for UInt<UTerm, B1> {
    type Output = B1;
}

impl<U: Unsigned, B: Bit, B2: Bit> Unit for UInt<UInt<U, B>, B2> {
    type Output = B0;
}

/// `B1` if N is 1.
pub type IsUnit<N> = <N as Unit>::Output;

/// `|Self| * (S - 1)` for a stride `Self` and a shape S: how far a mode reaches.
pub trait Reach<S> {
    /// The reach, unsigned.
    type Output;
}
impl<S> Reach<S> for UTerm {
    type Output = UTerm;
}
impl<S: Pred, U: Unsigned, B: Bit> Reach<S> for UInt<U, B>
where
    S::Output: Mul<UInt<U, B>>,
{
    type Output = Prod<S::Output, UInt<U, B>>;
}
impl<S: Pred, U: Unsigned + NonZero> Reach<S> for NInt<U>
where
    S::Output: Mul<U>,
{
    type Output = Prod<S::Output, U>;
}

/// See [`CeilDivMixed`]: `B1` when `Self <= B` (the quotient is 1).
#[doc(hidden)]
pub trait CeilDivSmall<AtMostB, B> {
    /// The quotient, rounded up.
    type Output;
}

impl<A, B> CeilDivSmall<B1, B> for A {
    type Output = UInt<UTerm, B1>;
}

impl<A: CeilDiv<B>, B> CeilDivSmall<B0, B> for A {
    type Output = CeilQuot<A, B>;
}

/// `Self / B` and whether it is exact ([`crate::num::nat`]'s division: by 1 or a power of two it
/// only shifts).
pub trait DivCheap<B> {
    /// The quotient, rounded down.
    type Quot;
    /// `B1` if B divides `Self`.
    type Exact: Bit;
}

impl<A: DivRem<B>, B> DivCheap<B> for A
where
    A::Rem: IsZero,
{
    type Quot = A::Quot;
    type Exact = <A::Rem as IsZero>::Output;
}

/// `A / B`, rounded down.
pub type QuotCheap<A, B> = <A as DivCheap<B>>::Quot;
/// `B1` if B divides A.
pub type Divides<A, B> = <A as DivCheap<B>>::Exact;

/// Whether stride `Self <= D`, across typenum's kinds: `B1` or `B0`.
pub trait StrideLeEq<D> {
    /// `B1` or `B0`.
    type Output: Bit;
}

/// `B1` if stride A is at most stride D.
pub type StrideAtMost<A, D> = <A as StrideLeEq<D>>::Output;

impl<A: NotNegative + Compare<D, B1, B1, B0>, D: NotNegative> StrideLeEq<D> for A
where
    AtMost<A, D>: Bit,
{
    type Output = AtMost<A, D>;
}
impl<U: Unsigned + NonZero, D: NotNegative> StrideLeEq<D> for NInt<U> {
    type Output = B1;
}
impl<A: NotNegative, V: Unsigned + NonZero> StrideLeEq<NInt<V>> for A {
    type Output = B0;
}
impl<U: Unsigned + NonZero, V: Unsigned + NonZero + Compare<U, B1, B1, B0>> StrideLeEq<NInt<V>>
    for NInt<U>
where
    AtMost<V, U>: Bit,
{
    type Output = AtMost<V, U>;
}

/// A stride that is not negative: `UTerm` or a `UInt`.
pub trait NotNegative {}
impl NotNegative for UTerm {}
impl<U, B> NotNegative for UInt<U, B> {}

/// `-Self` for a stride or a tuple of strides.
pub trait Negated {
    /// The negated strides.
    type Output;
}
impl Negated for UTerm {
    type Output = UTerm;
}
impl<U: Unsigned, B: Bit> Negated for UInt<U, B>
where
    UInt<U, B>: NonZero,
{
    type Output = NInt<UInt<U, B>>;
}
impl<U: Unsigned + NonZero> Negated for NInt<U> {
    type Output = U;
}

macro_rules! tuple_negated {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: Negated),+> Negated for ($($T,)+) {
            type Output = ($($T::Output,)+);
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_negated);

/// Zero times anything is zero (a span of one element, `(1 - 1) * R`, on an error path).
impl<D> ScaleStride<D> for UTerm {
    type Output = UTerm;
}

/// Whether `Self < B`: `B1` or `B0` for static numbers, [`crate::num::symbol::Unknown`] where a runtime
/// value takes part.
pub trait Lt<B> {
    /// `B1`, `B0` or `Unknown`.
    type Output;
}
impl<U: Unsigned, B: Bit, V: Unsigned, C: Bit> Lt<UInt<V, C>> for UInt<U, B>
where
    UInt<U, B>: Compare<UInt<V, C>, B0, B1, B0>,
{
    type Output = LessThan<UInt<U, B>, UInt<V, C>>;
}

/// `A < B`, where it is known.
pub type Less<A, B> = <A as Lt<B>>::Output;

/// CuTe's `ceil_div` on a static or runtime number: static where both are.
pub trait CeilDivMixed<B> {
    /// The quotient, rounded up.
    type Output;
}
/// By 1: `Self` (told apart from the impl below by the divisor's shape, at no cost).
impl<U: Unsigned, B: Bit> CeilDivMixed<UInt<UTerm, B1>> for UInt<U, B> {
    type Output = Self;
}
/// By 2 or more: 1 when `Self <= B`, else the quotient rounded up (no division in the first
/// case).
impl<U: Unsigned, B: Bit, V, C, E> CeilDivMixed<UInt<UInt<V, C>, E>> for UInt<U, B>
where
    UInt<U, B>: Compare<UInt<UInt<V, C>, E>, B1, B1, B0>,
    UInt<U, B>: CeilDivSmall<AtMost<UInt<U, B>, UInt<UInt<V, C>, E>>, UInt<UInt<V, C>, E>>,
{
    type Output = <UInt<U, B> as CeilDivSmall<
        AtMost<UInt<U, B>, UInt<UInt<V, C>, E>>,
        UInt<UInt<V, C>, E>,
    >>::Output;
}

/// `ceil_div(A, B)` on static or runtime numbers.
pub type CeilDivOf<A, B> = <A as CeilDivMixed<B>>::Output;

/// `!B`, with [`crate::num::symbol::Unknown`] staying unknown.
pub trait Negate {
    /// The negation.
    type Output;
}
impl Negate for B0 {
    type Output = B1;
}
impl Negate for B1 {
    type Output = B0;
}
impl Negate for crate::num::symbol::Unknown {
    type Output = crate::num::symbol::Unknown;
}

/// `!B`.
pub type Not<B> = <B as Negate>::Output;

/// `Self * B` on static or runtime numbers (CuTe's rules: static where both are; `0 * x` is 0).
pub trait MulMixed<B> {
    /// The product.
    type Output;
}
impl<B> MulMixed<B> for UTerm {
    type Output = UTerm;
}
impl<U: Unsigned, B: Bit> MulMixed<UTerm> for UInt<U, B> {
    type Output = UTerm;
}
impl<U: Unsigned, B: Bit, V: Unsigned, C: Bit> MulMixed<UInt<V, C>> for UInt<U, B>
where
    UInt<U, B>: Mul<UInt<V, C>>,
{
    type Output = Prod<UInt<U, B>, UInt<V, C>>;
}

/// `A * B` on static or runtime numbers.
pub type ProdOf<A, B> = <A as MulMixed<B>>::Output;

/// A shape known to be 2 or more, or a runtime one: a mode that is never dropped.
pub trait Plural {}
impl<U: Unsigned, B: Bit, B2: Bit> Plural for UInt<UInt<U, B>, B2> {}

/// `Self + B` on static or runtime numbers: static where both are.
pub trait AddMixed<B> {
    /// The sum.
    type Output;
}
impl<B: Unsigned> AddMixed<B> for UTerm {
    type Output = B;
}
impl<U: Unsigned, B: Bit> AddMixed<UTerm> for UInt<U, B> {
    type Output = Self;
}
impl<U: Unsigned, B: Bit, V: Unsigned, C: Bit> AddMixed<UInt<V, C>> for UInt<U, B>
where
    UInt<U, B>: AddCarry<UInt<V, C>, B0>,
{
    type Output = Sum<UInt<U, B>, UInt<V, C>>;
}

/// `A + B` on static or runtime numbers.
pub type PlusOf<A, B> = <A as AddMixed<B>>::Output;

// CuTe's arithmetic on a runtime integer (a symbol, crate::num::symbol::Dyn): the answer is
// runtime, except `x * 0`, which is 0.
impl<E> ScaleStride<UTerm> for Dyn<E> {
    type Output = UTerm;
}
impl<E, U: Unsigned, B: Bit> ScaleStride<UInt<U, B>> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, UInt<U, B>>>;
}
impl<E, U: Unsigned + NonZero> ScaleStride<NInt<U>> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, NInt<U>>>;
}
impl<E, F> ScaleStride<Dyn<F>> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, Dyn<F>>>;
}
impl<U: Unsigned, B: Bit, F> ScaleStride<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Times<UInt<U, B>, Dyn<F>>>;
}
impl<E> Unit for Dyn<E> {
    type Output = B0;
}
impl<E, D> SameAs<D> for Dyn<E> {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, F> SameAs<Dyn<F>> for UInt<U, B> {
    type Output = B0;
}
impl<F> SameAs<Dyn<F>> for UTerm {
    type Output = B0;
}
impl<U: Unsigned + NonZero, F> SameAs<Dyn<F>> for NInt<U> {
    type Output = B0;
}
impl<E> Negated for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, NInt<typenum::U1>>>;
}
impl<E, B> Lt<B> for Dyn<E> {
    type Output = Unknown;
}
impl<U: Unsigned, B: Bit, F> Lt<Dyn<F>> for UInt<U, B> {
    type Output = Unknown;
}
impl<E, B> CeilDivMixed<B> for Dyn<E> {
    type Output = Dyn<CeilOver<Dyn<E>, B>>;
}
impl<U: Unsigned, B: Bit, F> CeilDivMixed<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<CeilOver<UInt<U, B>, Dyn<F>>>;
}
impl<E> Plural for Dyn<E> {}
impl<E, B> MulMixed<B> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, B>>;
}
impl<U: Unsigned, B: Bit, F> MulMixed<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Times<UInt<U, B>, Dyn<F>>>;
}
impl<E, B> AddMixed<B> for Dyn<E> {
    type Output = Dyn<Plus<Dyn<E>, B>>;
}
impl<U: Unsigned, B: Bit, F> AddMixed<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Plus<UInt<U, B>, Dyn<F>>>;
}
impl<F> AddMixed<Dyn<F>> for UTerm {
    type Output = Dyn<F>;
}
impl<S, F> Reach<S> for Dyn<F> {
    type Output = Dyn<ReachOf<S, Dyn<F>>>;
}
impl<E, U: Unsigned, B: Bit> Reach<Dyn<E>> for UInt<U, B> {
    type Output = Dyn<ReachOf<Dyn<E>, UInt<U, B>>>;
}
impl<E, U: Unsigned + NonZero> Reach<Dyn<E>> for NInt<U> {
    type Output = Dyn<ReachOf<Dyn<E>, NInt<U>>>;
}
