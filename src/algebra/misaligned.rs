//! Composition's misaligned step, during type checking: the static twin of
//! [`crate::rules::misaligned_step_holds`], step for step.
//!
//! The walk of `N:R` takes `G = ceil(S / R)` elements of a mode `S:D` of A whose size R does not
//! divide, and goes on into the modes above it with `Rows = N / G`. CuTe's answer is `A(B(c))`
//! exactly when `D == 0` and the modes above are constant on `[Lo, Hi]`, the indices the
//! overshoot `E = G * R - S` of each row reaches (`Lo = ceil(R / E) - 1`); tessel also asks that
//! the rows cover the bounded modes above. Where a runtime leaf takes part, the answer is
//! [`Unknown`] and the step is checked at run time, by the same rule; a negative stride above
//! gives `B0` (the step stays rejected).
//!
//! ```
//! use tessel::{layout, Composition};
//! // Stride 2 in a mode of size 3 and stride 0, the rows landing where A is constant.
//! type R = Composition<layout!("((3,2),1):((0,3),3)"), layout!("((4,1),1):((2,1),1)")>;
//! assert_eq!(R::default().to_string(), "(((2,2),1),1):(((0,3),3),3)");
//! ```

use crate::algebra::mixed::{Dyn, Unknown};
use crate::num::arith::{CeilDiv, CeilQuot, IsZero};
use crate::num::list::{Cons, Nil};
use crate::num::nat::{AddCarry, DivRem, Mod, Mul, Pred, Prod, Quot, Sub1, SubBorrow, Succ, Sum};
use core::ops::{BitAnd, Not};
use typenum::{IsEqual, IsLess, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1};

/// `B1` where CuTe's step over the mode `S:Self` (its stride) with `N` left at stride `R` is
/// right, the modes above being `Tail` (triples `(shape, stride, usage)`); [`Unknown`] where a
/// runtime leaf decides (the step is then checked at run time).
pub trait MisalignedHolds<S, R, N, Tail> {
    /// `B1` or `B0`.
    type Output;
}

/// `ceil(S / R)`, what the mode gives.
type G<S, R> = CeilQuot<S, R>;
/// The overshoot of a row, `G * R - S`.
type E<S, R> = Diff<Prod<G<S, R>, R>, S>;
/// The rows, `N / G`.
type Rows<S, R, N> = Quot<N, G<S, R>>;
/// The first row whose overshoot reaches the mode above, `ceil(R / E) - 1`.
type Lo<S, R> = Sub1<CeilQuot<R, E<S, R>>>;
/// The last index above the rows reach: `Rows - 1 + floor((R * (G - 1) + E * (Rows - 1)) / S)`.
type Hi<S, R, N> = Sum<
    Sub1<Rows<S, R, N>>,
    Quot<Sum<Prod<R, Sub1<G<S, R>>>, Prod<E<S, R>, Sub1<Rows<S, R, N>>>>, S>,
>;
type Diff<A, B> = <A as SubBorrow<B, B0>>::Output;

impl<S, R, N, Tail, V, C> MisalignedHolds<S, R, N, Tail> for UInt<V, C> {
    type Output = B0;
}
impl<S, R, N, Tail, V: Unsigned + NonZero> MisalignedHolds<S, R, N, Tail> for NInt<V> {
    type Output = B0;
}
impl<S, R, N, Tail, F> MisalignedHolds<S, R, N, Tail> for Dyn<F> {
    type Output = Unknown;
}
impl<S, R, N, Tail> MisalignedHolds<S, R, N, Tail> for UTerm
where
    S: CeilDiv<R>,
    G<S, R>: Mul<R> + Pred,
    Prod<G<S, R>, R>: SubBorrow<S, B0>,
    R: CeilDiv<E<S, R>> + Mul<Sub1<G<S, R>>>,
    CeilQuot<R, E<S, R>>: Pred,
    N: DivRem<G<S, R>>,
    Lo<S, R>: IsLess<Rows<S, R, N>>,
    Tail: Drift<typenum::Le<Lo<S, R>, Rows<S, R, N>>, Rows<S, R, N>, Lo<S, R>, Hi<S, R, N>>,
    Rows<S, R, N>: Pred,
    E<S, R>: Mul<Sub1<Rows<S, R, N>>>,
    Prod<R, Sub1<G<S, R>>>: AddCarry<Prod<E<S, R>, Sub1<Rows<S, R, N>>>, B0>,
    Sum<Prod<R, Sub1<G<S, R>>>, Prod<E<S, R>, Sub1<Rows<S, R, N>>>>: DivRem<S>,
    Sub1<Rows<S, R, N>>:
        AddCarry<Quot<Sum<Prod<R, Sub1<G<S, R>>>, Prod<E<S, R>, Sub1<Rows<S, R, N>>>>, S>, B0>,
{
    type Output = <Tail as Drift<
        typenum::Le<Lo<S, R>, Rows<S, R, N>>,
        Rows<S, R, N>,
        Lo<S, R>,
        Hi<S, R, N>,
    >>::Output;
}

/// `B0` (`Lo >= Rows`: no row overshoots into the modes above, CuTe is right) or `B1` (the rows
/// must cover the bounded modes above, which must be constant on `[Lo, Hi]`).
#[doc(hidden)]
pub trait Drift<Reaches, Rows, Lo, Hi> {
    /// `B1` or `B0`.
    type Output;
}
impl<T, Rows, Lo, Hi> Drift<B0, Rows, Lo, Hi> for T {
    type Output = B1;
}
impl<T: Covered<Rows> + ConstantOn<Lo, Hi>, Rows, Lo, Hi> Drift<B1, Rows, Lo, Hi> for T
where
    <T as Covered<Rows>>::Output: AndBit<<T as ConstantOn<Lo, Hi>>::Output>,
{
    type Output = AndOf<<T as Covered<Rows>>::Output, <T as ConstantOn<Lo, Hi>>::Output>;
}

/// `B0`, `B1` or [`Unknown`] (a runtime value decides) and another: `B0` wins, then `Unknown`.
#[doc(hidden)]
pub trait AndBit<B> {
    /// The conjunction.
    type Output;
}
impl<B> AndBit<B> for B0 {
    type Output = B0;
}
impl<B> AndBit<B> for B1 {
    type Output = B;
}
impl AndBit<B0> for Unknown {
    type Output = B0;
}
impl AndBit<B1> for Unknown {
    type Output = Unknown;
}
impl AndBit<Unknown> for Unknown {
    type Output = Unknown;
}
type AndOf<A, B> = <A as AndBit<B>>::Output;

/// Whether `Rows` is at least the size of the bounded modes (all but the last): `B1` or `B0`.
#[doc(hidden)]
pub trait Covered<Rows> {
    /// `B1` or `B0`.
    type Output;
}
impl<S, D, U, Rows: IsZero> Covered<Rows> for Cons<(S, D, U), Nil>
where
    <Rows as IsZero>::Output: Not,
{
    type Output = <<Rows as IsZero>::Output as Not>::Output;
}
impl<V, C, D, U, Y, T, Rows> Covered<Rows> for Cons<(UInt<V, C>, D, U), Cons<Y, T>>
where
    Rows: DivRem<UInt<V, C>>,
    Cons<Y, T>: Covered<Quot<Rows, UInt<V, C>>>,
{
    type Output = <Cons<Y, T> as Covered<Quot<Rows, UInt<V, C>>>>::Output;
}
impl<F, D, U, Y, T, Rows> Covered<Rows> for Cons<(Dyn<F>, D, U), Cons<Y, T>> {
    type Output = Unknown;
}

/// Whether the modes (the last one unbounded) give one value on `[Lo, Hi]`: `B1` or `B0`.
#[doc(hidden)]
pub trait ConstantOn<Lo, Hi> {
    /// `B1` or `B0`.
    type Output;
}
impl<L, Lo: IsEqual<Hi>, Hi> ConstantOn<Lo, Hi> for L
where
    L: ConstantFrom<<Lo as IsEqual<Hi>>::Output, Lo, Hi>,
{
    type Output = <L as ConstantFrom<<Lo as IsEqual<Hi>>::Output, Lo, Hi>>::Output;
}

/// [`ConstantOn`], by whether `Lo == Hi` (`B1`).
#[doc(hidden)]
pub trait ConstantFrom<Same, Lo, Hi> {
    /// `B1` or `B0`.
    type Output;
}
impl<L, Lo, Hi> ConstantFrom<B1, Lo, Hi> for L {
    type Output = B1;
}
/// The last mode is constant on a range only with stride 0.
impl<S, D: ZeroStride, U, Lo, Hi> ConstantFrom<B0, Lo, Hi> for Cons<(S, D, U), Nil> {
    type Output = D::Output;
}
impl<S, D, U, Y, T, Lo, Hi> ConstantFrom<B0, Lo, Hi> for Cons<(S, D, U), Cons<Y, T>>
where
    (S, D): ModeConstant<Self, Lo, Hi>,
{
    type Output = <(S, D) as ModeConstant<Self, Lo, Hi>>::Output;
}

/// `B1` for a stride of 0.
#[doc(hidden)]
pub trait ZeroStride {
    /// `B1` or `B0`.
    type Output;
}
impl ZeroStride for UTerm {
    type Output = B1;
}
impl<V, C> ZeroStride for UInt<V, C> {
    type Output = B0;
}
impl<V: Unsigned + NonZero> ZeroStride for NInt<V> {
    type Output = B0;
}
impl<F> ZeroStride for Dyn<F> {
    type Output = Unknown;
}

/// A bounded mode `(shape, stride)` of the modes `L` on `[Lo, Hi]` (`Lo < Hi`): a stride of 0
/// divides the range down to the modes above; another stride allows only two neighbours across
/// the mode's end with one value.
#[doc(hidden)]
pub trait ModeConstant<L, Lo, Hi> {
    /// `B1` or `B0`.
    type Output;
}
impl<V, C, U, Y, T, Lo, Hi> ModeConstant<Cons<(UInt<V, C>, UTerm, U), Cons<Y, T>>, Lo, Hi>
    for (UInt<V, C>, UTerm)
where
    Lo: DivRem<UInt<V, C>>,
    Hi: DivRem<UInt<V, C>>,
    Cons<Y, T>: ConstantOn<Quot<Lo, UInt<V, C>>, Quot<Hi, UInt<V, C>>>,
{
    type Output = <Cons<Y, T> as ConstantOn<Quot<Lo, UInt<V, C>>, Quot<Hi, UInt<V, C>>>>::Output;
}
impl<V, C, W, X, L, Lo, Hi> ModeConstant<L, Lo, Hi> for (UInt<V, C>, UInt<W, X>)
where
    Lo: Succ + DivRem<UInt<V, C>>,
    UInt<V, C>: Pred,
    Next<Lo>: IsEqual<Hi>,
    Mod<Lo, UInt<V, C>>: IsEqual<Sub1<UInt<V, C>>>,
    L: ValueAt<Lo> + ValueAt<Hi>,
    <L as ValueAt<Lo>>::Output: SameNumber<<L as ValueAt<Hi>>::Output>,
    <Next<Lo> as IsEqual<Hi>>::Output:
        BitAnd<<Mod<Lo, UInt<V, C>> as IsEqual<Sub1<UInt<V, C>>>>::Output>,
    Neighbours<Lo, Hi, UInt<V, C>>: AndBit<SameAt<L, Lo, Hi>>,
{
    type Output = AndOf<Neighbours<Lo, Hi, UInt<V, C>>, SameAt<L, Lo, Hi>>;
}
impl<V, C, W: Unsigned + NonZero, L, Lo, Hi> ModeConstant<L, Lo, Hi> for (UInt<V, C>, NInt<W>) {
    type Output = B0;
}
impl<V, C, F, L, Lo, Hi> ModeConstant<L, Lo, Hi> for (UInt<V, C>, Dyn<F>) {
    type Output = Unknown;
}
impl<F, D, L, Lo, Hi> ModeConstant<L, Lo, Hi> for (Dyn<F>, D) {
    type Output = Unknown;
}

type Next<N> = <N as Succ>::Output;
/// `Hi == Lo + 1` and `Lo` is the last coordinate of a mode of size `S`.
type Neighbours<Lo, Hi, S> =
    <<Next<Lo> as IsEqual<Hi>>::Output as BitAnd<<Mod<Lo, S> as IsEqual<Sub1<S>>>::Output>>::Output;
/// Whether the modes `L` give one value at `Lo` and `Hi`.
type SameAt<L, Lo, Hi> =
    <<L as ValueAt<Lo>>::Output as SameNumber<<L as ValueAt<Hi>>::Output>>::Output;

/// The value of the modes (the last one unbounded) at the index X: a number, or [`Opaque`]
/// where a runtime leaf or a negative stride takes part.
#[doc(hidden)]
pub trait ValueAt<X> {
    /// The value.
    type Output;
}

/// A value this module does not compute (it is then never equal to anything).
#[doc(hidden)]
pub struct Opaque;

impl<S, D: Times<X>, U, X> ValueAt<X> for Cons<(S, D, U), Nil> {
    type Output = D::Output;
}
impl<V, C, D, U, Y, T, X> ValueAt<X> for Cons<(UInt<V, C>, D, U), Cons<Y, T>>
where
    X: DivRem<UInt<V, C>>,
    D: Times<Mod<X, UInt<V, C>>>,
    Cons<Y, T>: ValueAt<Quot<X, UInt<V, C>>>,
    D::Output: Plus<<Cons<Y, T> as ValueAt<Quot<X, UInt<V, C>>>>::Output>,
{
    type Output = <D::Output as Plus<<Cons<Y, T> as ValueAt<Quot<X, UInt<V, C>>>>::Output>>::Output;
}
impl<F, D, U, Y, T, X> ValueAt<X> for Cons<(Dyn<F>, D, U), Cons<Y, T>> {
    type Output = Symbolic;
}

/// A value a runtime leaf takes part in: known only at run time.
#[doc(hidden)]
pub struct Symbolic;

/// A stride times a coordinate X: a number for a static stride of at least 0, else [`Opaque`].
#[doc(hidden)]
pub trait Times<X> {
    /// The product.
    type Output;
}
impl<X> Times<X> for UTerm {
    type Output = UTerm;
}
impl<V, C, X> Times<X> for UInt<V, C>
where
    UInt<V, C>: Mul<X>,
{
    type Output = Prod<UInt<V, C>, X>;
}
impl<V: Unsigned + NonZero, X> Times<X> for NInt<V> {
    type Output = Opaque;
}
impl<F, X> Times<X> for Dyn<F> {
    type Output = Symbolic;
}

/// A sum that [`Symbolic`], then [`Opaque`], absorbs.
#[doc(hidden)]
pub trait Plus<B> {
    /// The sum.
    type Output;
}
impl<B> Plus<B> for Symbolic {
    type Output = Symbolic;
}
impl Plus<Symbolic> for Opaque {
    type Output = Symbolic;
}
impl Plus<Opaque> for Opaque {
    type Output = Opaque;
}
impl Plus<UTerm> for Opaque {
    type Output = Opaque;
}
impl<V, C> Plus<UInt<V, C>> for Opaque {
    type Output = Opaque;
}
impl Plus<UTerm> for UTerm {
    type Output = UTerm;
}
impl<V, C> Plus<UInt<V, C>> for UTerm {
    type Output = UInt<V, C>;
}
impl Plus<Opaque> for UTerm {
    type Output = Opaque;
}
impl Plus<Symbolic> for UTerm {
    type Output = Symbolic;
}
impl<V, C> Plus<UTerm> for UInt<V, C> {
    type Output = Self;
}
impl<V, C, W, X> Plus<UInt<W, X>> for UInt<V, C>
where
    UInt<V, C>: AddCarry<UInt<W, X>, B0>,
{
    type Output = Sum<UInt<V, C>, UInt<W, X>>;
}
impl<V, C> Plus<Opaque> for UInt<V, C> {
    type Output = Opaque;
}
impl<V, C> Plus<Symbolic> for UInt<V, C> {
    type Output = Symbolic;
}

/// Equality of two values: [`Opaque`] equal to nothing, [`Symbolic`] [`Unknown`].
#[doc(hidden)]
pub trait SameNumber<B> {
    /// `B1`, `B0` or `Unknown`.
    type Output;
}
impl<B> SameNumber<B> for Symbolic {
    type Output = Unknown;
}
impl SameNumber<Symbolic> for Opaque {
    type Output = Unknown;
}
impl SameNumber<Opaque> for Opaque {
    type Output = B0;
}
impl SameNumber<UTerm> for Opaque {
    type Output = B0;
}
impl<V, C> SameNumber<UInt<V, C>> for Opaque {
    type Output = B0;
}
impl SameNumber<Symbolic> for UTerm {
    type Output = Unknown;
}
impl<V, C> SameNumber<Symbolic> for UInt<V, C> {
    type Output = Unknown;
}
impl SameNumber<Opaque> for UTerm {
    type Output = B0;
}
impl<V, C> SameNumber<Opaque> for UInt<V, C> {
    type Output = B0;
}
impl SameNumber<UTerm> for UTerm {
    type Output = B1;
}
impl<V, C> SameNumber<UInt<V, C>> for UTerm {
    type Output = B0;
}
impl<V, C> SameNumber<UTerm> for UInt<V, C> {
    type Output = B0;
}
impl<V, C, W, X> SameNumber<UInt<W, X>> for UInt<V, C>
where
    UInt<V, C>: IsEqual<UInt<W, X>>,
{
    type Output = <UInt<V, C> as IsEqual<UInt<W, X>>>::Output;
}
