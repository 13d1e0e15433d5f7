//! The walk of one mode `N:R` of B over A's coalesced modes (the heart of
//! [`composition`](super)): A's modes as `(shape, stride, used)` triples, a trailing size-1 mode
//! widened as CuTe's `coalesce_x` does; each step asks at once whether `R` walks past the mode,
//! whether one element is left to take, and whether the rest fits in it ([`Walked`]), and the
//! pieces taken ([`Trail`]) become the composed layout ([`Settled`]). Where a runtime value
//! leaves the case open, CuTe's generic step covers every case and checks it at run time
//! ([`StepCheck`]); a mode's usage is then tracked with those checks ([`Tracked`]).
//!
//! `(6,2):(8,2) o 4:3`: A's modes `6:8` and `2:2`; `R = 3 < 6`, and `(4 - 1) * 3 = 9` does not
//! fit in 6, so the step takes `ceil(6 / 3) = 2` elements at stride `3 * 8 = 24` (3 divides 6)
//! and goes on with `4 / 2 = 2` at stride 1 into `2:2`: `(2,2):(24,2)`.

use super::*;

/// The size-1 shape.
/// The size-1 shape.
type One = UInt<UTerm, B1>;

/// CuTe's `coalesce_x`: the flat coalesced modes, a trailing size-1 mode kept as size 2.
pub trait CoalescedModes {
    /// The list of `(shape, stride, used)` triples, `used` starting at 0.
    type Modes;
}

/// A trailing mode of size 1 keeps its stride as a mode of size 2.
pub trait Widen {
    /// The widened mode.
    type Output;
}
impl<D> Widen for (One, D) {
    type Output = (U2, D);
}
impl<U, B, B2, D> Widen for (UInt<UInt<U, B>, B2>, D) {
    type Output = (UInt<UInt<U, B>, B2>, D);
}
impl<E, D> Widen for (Dyn<E>, D) {
    type Output = (Dyn<E>, D);
}

/// `(shape, stride)` pairs as `(shape, stride, 0)` triples.
pub trait Unused {
    /// The triples.
    type Output;
}
impl Unused for Nil {
    type Output = Nil;
}
impl<S, D, T: Unused> Unused for Cons<(S, D), T> {
    type Output = Cons<(S, D, UTerm), T::Output>;
}

type Reversed<L> = <<L as FlatModes>::List as ReverseOnto<Nil>>::Output;
type Start<L> = Cons<<<Reversed<L> as SplitFirst>::First as Widen>::Output, Nil>;
type Stack<L> = <<Reversed<L> as SplitFirst>::Rest as Walk<Start<L>>>::Output;

impl<L: FlatModes> CoalescedModes for L
where
    L::List: ReverseOnto<Nil>,
    Reversed<L>: SplitFirst,
    <Reversed<L> as SplitFirst>::First: Widen,
    <Reversed<L> as SplitFirst>::Rest: Walk<Start<L>>,
    Stack<L>: Unused,
{
    type Modes = <Stack<L> as Unused>::Output;
}

/// One mode `N:R` of B composed with A's modes `Self` (triples): the layout, and the modes with
/// their usage updated.
#[doc(hidden)]
pub trait ComposeLeaf<N, R> {
    /// The composed layout.
    type Layout;
    /// A's modes, with what this mode of B uses of each.
    type Modes;
}

/// A stride of 0: B's mode is a broadcast, whatever A is.
impl<N: LayoutShape<UTerm>, M> ComposeLeaf<N, UTerm> for M {
    type Layout = Layout<N, UTerm>;
    type Modes = M;
}

/// A negative stride: the walk with its magnitude, every stride of the result negated (the
/// runtime keeps the sign through the walk the same way).
impl<N, V: typenum::Unsigned + typenum::NonZero, M: ComposeLeaf<N, V>>
    ComposeLeaf<N, typenum::NInt<V>> for M
where
    M::Layout: NegatedLayout,
{
    type Layout = <M::Layout as NegatedLayout>::Output;
    type Modes = M::Modes;
}

/// A layout with its strides negated.
#[doc(hidden)]
pub trait NegatedLayout {
    /// The layout.
    type Output;
}
impl<S: LayoutShape<D> + LayoutShape<D::Output>, D: IntTuple + crate::num::arith::Negated>
    NegatedLayout for Layout<S, D>
where
    D::Output: IntTuple,
{
    type Output = Layout<S, D::Output>;
}

/// A has one mode: its stride scales B's.
impl<N, R: Walking, S, D, U> ComposeLeaf<N, R> for Cons<(S, D, U), Nil>
where
    R: ScaleStride<D>,
    N: LayoutShape<Scaled<R, D>>,
    Scaled<R, D>: IntTuple,
{
    type Layout = Layout<N, Scaled<R, D>>;
    type Modes = Self;
}

/// A has several modes: walk them.
impl<N, R: Walking, X, Y, T> ComposeLeaf<N, R> for Cons<X, Cons<Y, T>>
where
    Self: Stride<N, R>,
    <Self as Stride<N, R>>::Output: Settled,
{
    type Layout = <<Self as Stride<N, R>>::Output as Settled>::Layout;
    type Modes = <<Self as Stride<N, R>>::Output as Settled>::Modes;
}

/// A finished walk's layout and modes.
#[doc(hidden)]
pub trait Settled {
    /// The layout of the pieces and the rest.
    type Layout;
    /// A's modes with their usage updated.
    type Modes;
}
impl<P: Finish<RS, RD, DL>, RS, RD, DL, M> Settled for Trail<P, RS, RD, DL, M> {
    type Layout = P::Output;
    type Modes = M;
}

/// A stride of B that walks A: a positive static one, or a runtime one (taken to be positive,
/// as a complement's strides are; CuTe divides by it as well).
#[doc(hidden)]
pub trait Walking {}
impl<V, C> Walking for UInt<V, C> {}
impl<F> Walking for Dyn<F> {}

/// The walk of `N:R` over A's modes `Self`: the pieces taken from each mode before the last, what
/// is left for the last, and the modes with their usage updated.
pub trait Stride<N, R> {
    /// The walk's [`Trail`].
    type Output;
}

/// What a walk leaves: the `(shape, stride)` pieces taken from A's modes before the last
/// (first mode first), the size `RS` left for the last mode at the stride `RD` (in units of
/// A's last stride `DL`), and A's modes `M` with their usage updated.
pub struct Trail<P, RS, RD, DL, M>(core::marker::PhantomData<(P, RS, RD, DL, M)>);

/// The trail `Self` after A's mode `Mode`, from which the piece `Piece` was taken (`Nil`: none).
#[doc(hidden)]
pub trait After<Piece, Mode> {
    /// The longer trail.
    type Output;
}
impl<P, RS, RD, DL, M, Mode> After<Nil, Mode> for Trail<P, RS, RD, DL, M> {
    type Output = Trail<P, RS, RD, DL, Cons<Mode, M>>;
}
impl<P, RS, RD, DL, M, S, D, Mode> After<(S, D), Mode> for Trail<P, RS, RD, DL, M> {
    type Output = Trail<Cons<(S, D), P>, RS, RD, DL, Cons<Mode, M>>;
}

/// The trail of the walk of `N:R` over `Tail`, after A's mode `Mode` and the piece `Piece`.
pub(super) type Then<Tail, N, R, Piece, Mode> =
    <<Tail as Stride<N, R>>::Output as After<Piece, Mode>>::Output;

impl<N, R, S, D, U> Stride<N, R> for Cons<(S, D, U), Nil> {
    type Output = Trail<Nil, N, R, D, Self>;
}

/// A mode before the last: dispatch on the case, its three questions asked at once (cheap
/// comparisons: the division runs only where needed), so that a mode costs the solver one
/// nested step (rust-analyzer gives up at a depth of 50).
impl<N: Unit + FitsIn<R, S>, R: Lt<S>, S, D, U, Y, T> Stride<N, R> for Cons<(S, D, U), Cons<Y, T>>
where
    Self: Walked<Case<N, R, S>, N, R>,
{
    type Output = <Self as Walked<Case<N, R, S>, N, R>>::Output;
}

/// The case of a step: `(R < S, N == 1, (N - 1) * R < S)`, each `B1`, `B0` or [`Unknown`].
type Case<N, R, S> = (Less<R, S>, IsUnit<N>, <N as FitsIn<R, S>>::Output);

/// One mode of A met by the walk of `N:R`, by its case `(R < S, N == 1, (N - 1) * R < S)`:
/// `R >= S` (the mode is walked past), `R < S` with nothing left to take (`N == 1`), with the
/// rest fitting in the mode, or with the rest going on past it; and, where a runtime value
/// leaves the case unknown ([`Unknown`]), CuTe's step that covers every case.
pub trait Walked<Case, N, R> {
    /// The walk's [`Trail`].
    type Output;
}

/// `R >= S`: the walk steps over the whole mode; `R` must be a multiple of `S` (CuTe's condition).
impl<X, F, N, R: DivCheap<S>, S, D, U, Tail> Walked<(B0, X, F), N, R> for Cons<(S, D, U), Tail>
where
    Divides<R, S>: CheckBit<StrideMultiple, R, S>,
    Check<Divides<R, S>, StrideMultiple, R, S>: Both<U>,
    Tail: Stride<N, QuotCheap<R, S>>,
    Tail::Output: After<
        Nil,
        (
            S,
            D,
            Recorded<Check<Divides<R, S>, StrideMultiple, R, S>, U>,
        ),
    >,
{
    type Output = Then<
        Tail,
        N,
        QuotCheap<R, S>,
        Nil,
        (
            S,
            D,
            Recorded<Check<Divides<R, S>, StrideMultiple, R, S>, U>,
        ),
    >;
}

/// Nothing left to take: the stride left is 1 (it was below the mode's size).
impl<F, N, R, S, D, U, Tail: Stride<N, U1>> Walked<(B1, B1, F), N, R> for Cons<(S, D, U), Tail>
where
    Tail::Output: After<Nil, (S, D, U)>,
{
    type Output = Then<Tail, N, U1, Nil, (S, D, U)>;
}

/// `(N - 1) * R`: the last of N elements `R` apart.
pub(super) type Span<N, R> = Scaled<Sub1<N>, R>;

/// Whether N elements `R` apart fit below S: `B1`, `B0`, or [`Unknown`] where a runtime value
/// takes part. Asked of every step, also one that walks past the mode (a question, not a
/// condition: it holds for every kind of number).
#[doc(hidden)]
pub trait FitsIn<R, S> {
    /// `B1`, `B0` or [`Unknown`].
    type Output;
}
impl<V, C, R, S> FitsIn<R, S> for UInt<V, C>
where
    UInt<V, C>: Pred,
    Sub1<UInt<V, C>>: ScaleStride<R>,
    Span<UInt<V, C>, R>: SpanBelow<S>,
{
    type Output = <Span<UInt<V, C>, R> as SpanBelow<S>>::Output;
}
impl<E, R, S> FitsIn<R, S> for Dyn<E> {
    type Output = Unknown;
}

/// Whether a span `Self` stays below the size S: `B1`, `B0` or [`Unknown`].
#[doc(hidden)]
pub trait SpanBelow<S> {
    /// `B1`, `B0` or [`Unknown`].
    type Output;
}
impl<W, E> SpanBelow<UInt<W, E>> for UTerm {
    type Output = B1;
}
impl<V, C, W, E> SpanBelow<UInt<W, E>> for UInt<V, C>
where
    UInt<V, C>: Compare<UInt<W, E>, B0, B1, B0>,
{
    type Output = LessThan<UInt<V, C>, UInt<W, E>>;
}
impl<F> SpanBelow<Dyn<F>> for UTerm {
    type Output = Unknown;
}
impl<V, C, F> SpanBelow<Dyn<F>> for UInt<V, C> {
    type Output = Unknown;
}
impl<E, S> SpanBelow<S> for Dyn<E> {
    type Output = Unknown;
}

/// CuTe's step where a runtime value leaves the case unknown: the mode gives
/// `g = ceil(S / R)` elements, `min(g, N)` of them are taken (unless N is a static 1), and the
/// walk goes on with `N / min(g, N)` at stride `ceil(R / S)`. Nothing is checked: the numbers
/// are known only at run time, where CuTe checks nothing either.
impl<X, F, N: Unit, R, S, D, U, Tail> Walked<(Unknown, X, F), N, R> for Cons<(S, D, U), Tail>
where
    Self: Generic<IsUnit<N>, N, R>,
{
    type Output = <Self as Generic<IsUnit<N>, N, R>>::Output;
}

/// See [`Walked`]: a runtime N with `R < S` known.
impl<N, R, S, D, U, Tail> Walked<(B1, B0, Unknown), N, R> for Cons<(S, D, U), Tail>
where
    Self: Generic<B0, N, R>,
{
    type Output = <Self as Generic<B0, N, R>>::Output;
}

/// See [`Walked`]: CuTe's step, with N a static 1 (`B1`: nothing is taken) or not (`B0`).
#[doc(hidden)]
pub trait Generic<Done, N, R> {
    /// The walk's [`Trail`].
    type Output;
}

impl<N, R: CeilDivMixed<S>, S, D, U, Tail: Stride<N, CeilDivOf<R, S>>> Generic<B1, N, R>
    for Cons<(S, D, U), Tail>
where
    U: Track<StepCheck<S, D, R, N, Tail>, UTerm>,
    Tail::Output: After<Nil, (S, D, Tracking<U, StepCheck<S, D, R, N, Tail>, UTerm>)>,
{
    type Output = Then<
        Tail,
        N,
        CeilDivOf<R, S>,
        Nil,
        (S, D, Tracking<U, StepCheck<S, D, R, N, Tail>, UTerm>),
    >;
}

/// The conditions of a step with runtime values ([`crate::rules::composition_step`]) over the
/// mode `S:D` below the modes `Tail`, checked at run time.
pub struct StepCheck<S, D, R, N, Tail>(core::marker::PhantomData<(S, D, R, N, Tail)>);
impl<S: Eval, D: Eval, R: Eval, N: Eval, Tail: EvalModes> RuntimeCheck
    for StepCheck<S, D, R, N, Tail>
{
    #[inline(always)]
    fn check(env: &Env) -> Result<(), Failure> {
        let (s, d, r, n) = (S::eval(env), D::eval(env), R::eval(env), N::eval(env));
        let mut above = [(0i64, 0i64); MAX_MODES];
        let len = match r > 0 {
            true => Tail::fill(env, &mut above, 0),
            false => 0, // a negative stride: CuTe's misaligned answer is not checked there
        };
        let mode = (s as i64, d as i64);
        crate::algebra::rules::composition_step(
            mode,
            &above[..len],
            r.unsigned_abs() as i64,
            n as i64,
        )
        .map(|_| ())
    }
}

/// The most modes above a runtime step that [`StepCheck`] reads; past it, it reads none (the
/// misaligned step is then rejected).
const MAX_MODES: usize = 32;

/// A list of A's modes (triples) as `(shape, stride)` values.
#[doc(hidden)]
pub trait EvalModes {
    /// Writes the modes into `out` from position `n`; the number written in all, or 0 if they do
    /// not fit.
    fn fill(env: &Env, out: &mut [(i64, i64); MAX_MODES], n: usize) -> usize;
}
impl EvalModes for Nil {
    #[inline(always)]
    fn fill(_: &Env, _: &mut [(i64, i64); MAX_MODES], n: usize) -> usize {
        n
    }
}
impl<S: Eval, D: Eval, U, T: EvalModes> EvalModes for Cons<(S, D, U), T> {
    #[inline(always)]
    fn fill(env: &Env, out: &mut [(i64, i64); MAX_MODES], n: usize) -> usize {
        if n == MAX_MODES {
            return 0;
        }
        out[n] = (S::eval(env) as i64, D::eval(env) as i64);
        T::fill(env, out, n + 1)
    }
}

/// A mode's usage once a runtime value took part: the usage `V` (a number or an expression)
/// and the runtime checks `C` of the steps so far. The no-carry condition is checked at run
/// time on the final usage (usage only grows, so that covers every step).
pub struct Tracked<V, C>(core::marker::PhantomData<(V, C)>);

/// A mode's usage U after a step with runtime values: its check C added, `Span` more used.
#[doc(hidden)]
pub trait Track<C, Span> {
    /// The usage.
    type Output;
}
pub(super) type Tracking<U, C, Span> = <U as Track<C, Span>>::Output;
impl<C, Span> Track<C, Span> for UTerm {
    type Output = Tracked<Span, Cons<C, Nil>>;
}
impl<V, W, C, Span> Track<C, Span> for UInt<V, W>
where
    UInt<V, W>: AddMixed<Span>,
{
    type Output = Tracked<PlusOf<UInt<V, W>, Span>, Cons<C, Nil>>;
}
impl<C, Span, Tag, A, B> Track<C, Span> for Fails<Tag, A, B> {
    type Output = Self;
}
impl<V: AddMixed<Span>, C0: Concat<Cons<C, Nil>>, C, Span> Track<C, Span> for Tracked<V, C0> {
    type Output = Tracked<PlusOf<V, Span>, Joined<C0, Cons<C, Nil>>>;
}
/// A static step on a tracked mode adds its span to the usage.
impl<R, V: AddMixed<R>, C> AddCarry<R, B0> for Tracked<V, C> {
    type Output = Tracked<PlusOf<V, R>, C>;
}
impl<S, V, C> UsedBelow<S> for Tracked<V, C> {
    type Output = B1;
}
impl<S, D, T: NextMode, V, C> UsageVerdict<(S, D), T> for Tracked<V, C>
where
    C: Concat<Cons<Carry<V, (S, D), T::Mode>, Nil>>,
{
    type Output = Deferred<Joined<C, Cons<Carry<V, (S, D), T::Mode>, Nil>>>;
}

/// A static usage recorded under a deferred verdict (a misaligned step a runtime leaf decides,
/// [`Aligned`]): tracked with the step's checks.
impl<C, V, W> AfterDeferred<C> for UInt<V, W> {
    type Output = Tracked<UInt<V, W>, C>;
}
impl<C: Concat<C0>, V, C0> AfterDeferred<C> for Tracked<V, C0> {
    type Output = Tracked<V, Joined<C, C0>>;
}
