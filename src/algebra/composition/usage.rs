//! The steps that take elements from a mode of A and go on, and what each records: the step
//! that takes all `N` elements in one mode, the one that takes `ceil(S / R)` and goes on past it
//! (CuTe's conditions: the stride divides the mode, or its misaligned step is right all the
//! same, [`MisalignedHolds`]; the shape is a multiple of what the mode gives), the usage each
//! adds to the mode, which must stay below its size (no carry into the next mode, [`NoCarry`]),
//! the verdict read from the usages ([`Verdicts`]), and the layout of a walk's pieces
//! ([`Finish`]).
//!
//! `(4,2):(1,8) o (3,2):(1,3)`: mode `3:1` of B reaches coordinate 2 of A's first mode (size 4)
//! and mode `2:3` adds 3 to it: coordinate 5 carries into A's next mode, rejected ("the modes of
//! B together reach coordinate 5 in a mode of A of size 4"). CuTe answers `(3,2):(1,3)`, but
//! `B(4) = 4` and `A(4) = 8`.

use super::*;

/// The `(shape, stride)` of the next mode of A, or `Nil` after the last.
#[doc(hidden)]
pub trait NextMode {
    /// The mode.
    type Mode;
}
impl NextMode for Nil {
    type Mode = Nil;
}
impl<S, D, U, T> NextMode for Cons<(S, D, U), T> {
    type Mode = (S, D);
}

/// At run time: the usage V of the mode `S:D` stays below S ([`NoCarry`]), or carries into a
/// next mode `S1:D1` that continues it (`D1 == S * D`: two modes that only their runtime values
/// kept from merging), staying below `S * S1` there.
pub struct Carry<V, M, Next>(core::marker::PhantomData<(V, M, Next)>);
impl<V: Eval, S: Eval, D: Eval, Next: Continues> RuntimeCheck for Carry<V, (S, D), Next> {
    #[inline(always)]
    fn check(env: &Env) -> Result<(), Failure> {
        let (v, s, d) = (
            V::eval(env) as i64,
            S::eval(env) as i64,
            D::eval(env) as i64,
        );
        match v < Next::room(env, s, d).unwrap_or(s) {
            true => Ok(()),
            false => Err(Failure {
                message: NoCarry::MESSAGE,
                a: v,
                b: s,
            }),
        }
    }
}

/// The room a carry has in the next mode: `s * s1` if it continues the mode `s:d`.
#[doc(hidden)]
pub trait Continues {
    /// The room, if the next mode continues the mode `s:d`.
    fn room(env: &Env, s: i64, d: i64) -> Option<i64>;
}
impl Continues for Nil {
    #[inline(always)]
    fn room(_: &Env, _: i64, _: i64) -> Option<i64> {
        None
    }
}
impl<S1: Eval, D1: Eval> Continues for (S1, D1) {
    #[inline(always)]
    fn room(env: &Env, s: i64, d: i64) -> Option<i64> {
        let (s1, d1) = (S1::eval(env) as i64, D1::eval(env) as i64);
        (d1 == s * d).then_some(s * s1)
    }
}

/// The elements a mode of size S gives at stride R, and how many of N are taken there.
type Given<S, R> = CeilDivOf<S, R>;
type Taken<S, R, N> = Dyn<Least<Given<S, R>, N>>;

impl<N, R, S: CeilDivMixed<R>, D, U, Tail> Generic<B0, N, R> for Cons<(S, D, U), Tail>
where
    R: CeilDivMixed<S> + ScaleStride<D>,
    U: Track<StepCheck<S, D, R, N, Tail>, Dyn<StepUse<S, R, N>>>,
    Tail: Stride<Dyn<Over<N, Taken<S, R, N>>>, CeilDivOf<R, S>>,
    <Tail as Stride<Dyn<Over<N, Taken<S, R, N>>>, CeilDivOf<R, S>>>::Output:
        After<(Taken<S, R, N>, Scaled<R, D>), (S, D, GenericUsage<U, S, D, R, N, Tail>)>,
{
    type Output = Then<
        Tail,
        Dyn<Over<N, Taken<S, R, N>>>,
        CeilDivOf<R, S>,
        (Taken<S, R, N>, Scaled<R, D>),
        (S, D, GenericUsage<U, S, D, R, N, Tail>),
    >;
}

/// A mode's usage after CuTe's step took `Taken` elements at stride R from it.
type GenericUsage<U, S, D, R, N, Tail> =
    Tracking<U, StepCheck<S, D, R, N, Tail>, Dyn<StepUse<S, R, N>>>;

/// Used: `U + span`, which must stay below the mode's size (no carry into the next mode).
type UsedBy<U, Sp> = Sum<U, Sp>;

/// All N elements are taken here: nothing is left for the modes after.
impl<N, R: ScaleStride<D>, S, D, U: AddCarry<Span<N, R>, B0>, Tail> Walked<(B1, B0, B1), N, R>
    for Cons<(S, D, U), Tail>
where
    N: Pred,
    Sub1<N>: ScaleStride<R>,
    UsedBy<U, Span<N, R>>: UsedBelow<S>,
    Below<UsedBy<U, Span<N, R>>, S>: CheckBit<NoCarry, UsedBy<U, Span<N, R>>, S>,
    Check<Below<UsedBy<U, Span<N, R>>, S>, NoCarry, UsedBy<U, Span<N, R>>, S>:
        Both<UsedBy<U, Span<N, R>>>,
    Tail: Stride<U1, U1>,
    Tail::Output: After<(N, Scaled<R, D>), (S, D, FittingUsage<U, S, N, R>)>,
{
    type Output = Then<Tail, U1, U1, (N, Scaled<R, D>), (S, D, FittingUsage<U, S, N, R>)>;
}

/// A mode's usage after all N elements were taken from it at stride R (or the failure).
type FittingUsage<U, S, N, R> = Recorded<
    Check<Below<UsedBy<U, Span<N, R>>, S>, NoCarry, UsedBy<U, Span<N, R>>, S>,
    UsedBy<U, Span<N, R>>,
>;

/// The mode gives `ceil(S / R)` elements (R must divide S, or the step be one where CuTe is
/// right all the same, [`MisalignedHolds`]; N must be a multiple of what it gives); the walk goes
/// on with `N / ceil(S / R)` at stride 1.
impl<N, R: ScaleStride<D>, S, D, U, Tail> Walked<(B1, B0, B0), N, R> for Cons<(S, D, U), Tail>
where
    S: DivCheap<R>,
    Divides<S, R>: Rounded<QuotCheap<S, R>>,
    N: DivCheap<Gives<S, R>>,
    Divides<S, R>: StepSpan<S, R>,
    U: AddCarry<<Divides<S, R> as StepSpan<S, R>>::Output, B0>,
    (S, D, R, N, U, Tail): Passing,
    PassingVerdict<S, D, R, N, U, Tail>: Both<PassingUsed<U, S, R>>,
    Tail: Stride<QuotCheap<N, Gives<S, R>>, U1>,
    <Tail as Stride<QuotCheap<N, Gives<S, R>>, U1>>::Output:
        After<(Gives<S, R>, Scaled<R, D>), (S, D, PassingUsage<U, S, D, N, R, Tail>)>,
{
    type Output = Then<
        Tail,
        QuotCheap<N, Gives<S, R>>,
        U1,
        (Gives<S, R>, Scaled<R, D>),
        (S, D, PassingUsage<U, S, D, N, R, Tail>),
    >;
}

/// A mode's usage after `ceil(S / R)` elements were taken from it at stride R (or the failure).
type PassingUsage<U, S, D, N, R, Tail> =
    Recorded<PassingVerdict<S, D, R, N, U, Tail>, PassingUsed<U, S, R>>;

/// What a passing step uses of a mode of size S: `(S / R - 1) * R = S - R` where R divides S,
/// else all of it ([`crate::rules::composition_usage`]).
type PassingUsed<U, S, R> = UsedBy<U, <Divides<S, R> as StepSpan<S, R>>::Output>;

/// See [`PassingUsed`].
#[doc(hidden)]
pub trait StepSpan<S, R> {
    /// The largest coordinate the step reaches in the mode.
    type Output;
}
/// `S - R`, not `(S / R - 1) * R`: the same number, in fewer of the solver's nested steps.
impl<S: SubBorrow<R, B0>, R> StepSpan<S, R> for B1 {
    type Output = Diff<S, R>;
}
impl<S: Pred, R> StepSpan<S, R> for B0 {
    type Output = Sub1<S>;
}

/// The verdict on the stride of a passing step: R divides S (`B1`), or CuTe's misaligned step
/// is right all the same ([`MisalignedHolds`]), or a runtime leaf decides ([`StepCheck`]).
#[doc(hidden)]
pub trait Aligned<S, D, R, N, Tail> {
    /// The verdict.
    type Output;
}
impl<S, D, R, N, Tail> Aligned<S, D, R, N, Tail> for B1 {
    type Output = Holds;
}
impl<S, D: MisalignedHolds<S, R, N, Tail>, R, N, Tail> Aligned<S, D, R, N, Tail> for B0
where
    D::Output: MisalignedVerdict<StepCheck<S, D, R, N, Tail>, R, S>,
{
    type Output = <D::Output as MisalignedVerdict<StepCheck<S, D, R, N, Tail>, R, S>>::Output;
}
type AlignedVerdict<S, D, R, N, Tail> = <Divides<S, R> as Aligned<S, D, R, N, Tail>>::Output;

/// A misaligned step's verdict from its bit: `B1` holds, `B0` fails, [`Unknown`] defers the
/// step's check `Step` to run time.
#[doc(hidden)]
pub trait MisalignedVerdict<Step, R, S> {
    /// The verdict.
    type Output;
}
impl<Step, R, S> MisalignedVerdict<Step, R, S> for B1 {
    type Output = Holds;
}
impl<Step, R: crate::diagnostic::Decimal, S: crate::diagnostic::Decimal>
    MisalignedVerdict<Step, R, S> for B0
{
    type Output = Check<B0, StrideDividesMode, R, S>;
}
impl<Step, R, S> MisalignedVerdict<Step, R, S> for Unknown {
    type Output = Deferred<Cons<Step, Nil>>;
}

/// The conditions on a mode `S:D` that the walk of N elements at stride R takes `ceil(S / R)`
/// from and goes on past (into the modes `Tail`), with `U` of it used before: R divides S (or
/// CuTe is right all the same), N is a multiple of `ceil(S / R)`, and nothing carries into the
/// next mode.
pub trait Passing {
    /// [`Holds`] or the first failure.
    type Verdict;
}
impl<S: DivCheap<R>, D, R, N, U, Tail> Passing for (S, D, R, N, U, Tail)
where
    Divides<S, R>: Aligned<S, D, R, N, Tail> + StepSpan<S, R> + Rounded<QuotCheap<S, R>>,
    N: DivCheap<Gives<S, R>>,
    Divides<N, Gives<S, R>>: CheckBit<ShapeMultiple, N, Gives<S, R>>,
    U: AddCarry<<Divides<S, R> as StepSpan<S, R>>::Output, B0>,
    PassingUsed<U, S, R>: UsedBelow<S>,
    Below<PassingUsed<U, S, R>, S>: CheckBit<NoCarry, PassingUsed<U, S, R>, S>,
    AlignedVerdict<S, D, R, N, Tail>:
        Both<Check<Divides<N, Gives<S, R>>, ShapeMultiple, N, Gives<S, R>>>,
    And<
        AlignedVerdict<S, D, R, N, Tail>,
        Check<Divides<N, Gives<S, R>>, ShapeMultiple, N, Gives<S, R>>,
    >: Both<Check<Below<PassingUsed<U, S, R>, S>, NoCarry, PassingUsed<U, S, R>, S>>,
{
    type Verdict = And<
        And<
            AlignedVerdict<S, D, R, N, Tail>,
            Check<Divides<N, Gives<S, R>>, ShapeMultiple, N, Gives<S, R>>,
        >,
        Check<Below<PassingUsed<U, S, R>, S>, NoCarry, PassingUsed<U, S, R>, S>,
    >;
}

/// `ceil(S / R)` from the quotient Q and whether R divides S (no second division).
type Gives<S, R> = <Divides<S, R> as Rounded<QuotCheap<S, R>>>::Output;

/// `Q` where the division was exact (`B1`), else `Q + 1`.
#[doc(hidden)]
pub trait Rounded<Q> {
    /// The quotient rounded up.
    type Output;
}
impl<Q> Rounded<Q> for B1 {
    type Output = Q;
}
impl<Q: crate::num::nat::Succ> Rounded<Q> for B0 {
    type Output = Q::Output;
}

/// See [`Passing`].
pub type PassingVerdict<S, D, R, N, U, Tail> = <(S, D, R, N, U, Tail) as Passing>::Verdict;

/// What a mode of A records as used under the verdict V of the step: the new usage U if the
/// step's conditions held, else their failure, which stays (a failed usage absorbs what is added
/// to it) for [`Verdicts`] to report. The same rule as combining verdicts: the failure wins.
pub type Recorded<V, U> = And<V, U>;

impl<R, Tag, A, B> AddCarry<R, B0> for Fails<Tag, A, B> {
    type Output = Self;
}

/// Whether a usage stays below a mode's size S: `B1` or `B0`. A failed usage does, so that no
/// second error follows from it.
pub trait UsedBelow<S> {
    /// `B1` or `B0`.
    type Output;
}
impl<V, C, S> UsedBelow<S> for UInt<V, C>
where
    UInt<V, C>: Compare<S, B0, B1, B0>,
{
    type Output = LessThan<UInt<V, C>, S>;
}
impl<S> UsedBelow<S> for UTerm {
    type Output = B1;
}
impl<S, Tag, A, B> UsedBelow<S> for Fails<Tag, A, B> {
    type Output = B1;
}

/// `B1` if the usage U stays below S.
type Below<U, S> = <U as UsedBelow<S>>::Output;

/// The verdict of a composition: the first failure recorded in A's modes, or [`Holds`].
pub trait Verdicts {
    /// The verdict.
    type Output;
}
impl Verdicts for Nil {
    type Output = Holds;
}
impl<S, D, U: UsageVerdict<(S, D), T>, T: Verdicts> Verdicts for Cons<(S, D, U), T>
where
    U::Output: Both<T::Output>,
{
    type Output = And<U::Output, T::Output>;
}

/// A usage's verdict: a number holds, a recorded failure fails.
pub trait UsageVerdict<Mode, Rest> {
    /// The verdict.
    type Output;
}
impl<M, R> UsageVerdict<M, R> for UTerm {
    type Output = Holds;
}
impl<M, R, V, C> UsageVerdict<M, R> for UInt<V, C> {
    type Output = Holds;
}
impl<M, R, Tag, A, B> UsageVerdict<M, R> for Fails<Tag, A, B> {
    type Output = Self;
}

/// The layout of a walk's pieces and rest (`RS:RD` in units of A's last stride `DL`).
pub trait Finish<RS, RD, DL> {
    /// The layout.
    type Output;
}

/// Nothing taken before the last mode: the rest is the whole layout.
impl<RS, RD: ScaleStride<DL>, DL> Finish<RS, RD, DL> for Nil
where
    RS: LayoutShape<Scaled<RD, DL>>,
    Scaled<RD, DL>: IntTuple,
{
    type Output = Layout<RS, Scaled<RD, DL>>;
}

impl<P, PT, RS: Unit, RD, DL> Finish<RS, RD, DL> for Cons<P, PT>
where
    Self: FinishIf<IsUnit<RS>, RS, RD, DL>,
{
    type Output = <Self as FinishIf<IsUnit<RS>, RS, RD, DL>>::Output;
}

/// Pieces and a rest of size 1 (`B1`, dropped) or more (`B0`, appended).
pub trait FinishIf<RestIsOne, RS, RD, DL> {
    /// The layout.
    type Output;
}

impl<P: StackLayout, RS, RD, DL> FinishIf<B1, RS, RD, DL> for P {
    type Output = P::Output;
}

impl<P, RS, RD: ScaleStride<DL>, DL> FinishIf<B0, RS, RD, DL> for P
where
    P: Concat<Cons<(RS, Scaled<RD, DL>), Nil>>,
    Joined<P, Cons<(RS, Scaled<RD, DL>), Nil>>: StackLayout,
{
    type Output = <Joined<P, Cons<(RS, Scaled<RD, DL>), Nil>> as StackLayout>::Output;
}
