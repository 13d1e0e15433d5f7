//! Composition: `R = A o B`, `R(c) = A(B(c))`, computed during type checking.
//!
//! B decides the shape: for each mode `n:r` of B, A's coalesced modes are walked, skipping `r` of
//! A's 1-D coordinates at a time and taking `n`. CuTe's post-conditions: `compatible(B, R)` and
//! `R(i) == A(B(i))` for every `i < size(B)`. A tiler composes mode by mode: a layout, an integer
//! `N` (close to `N:1`), or a tuple of tilers, which drops the modes of A it does not reach.
//!
//! What tessel rejects (a compile error here, an error value at run time): what CuTe rejects,
//! its static assertions "Stride Divisibility Condition" (a stride larger than a mode of A it
//! walks past and not a multiple of it) and "Shape Divisibility Condition" (the size left to take
//! not a multiple of what a mode gives), and a tuple tiler with more modes than A; plus exactly
//! the answers of CuTe's walk that break `R(c) == A(B(c))`: a stride that takes part of a mode of
//! A and goes on past it without dividing its size (CuTe accepts `(6,2):(8,2) o 4:4` and answers
//! `(2,2):(32,2)`, but `A(8) = 18`), and modes of B that together carry from one mode of A into
//! the next (`(4,2):(1,8) o (3,2):(1,3)`: CuTe's `(3,2):(1,3)`, but `B(4) = 4` and `A(4) = 8`).
//! A property test holds tessel to this against a model of CuTe's own walk. The runtime mirror,
//! with the same checks and messages, is [`crate::dynamic::composition`].
//!
//! A negative stride in B walks A with its magnitude and negates the strides it produces, as
//! CuTe does (`(4,8):(1,4) o 4:-1` is `4:-1`).
//!
//! ```
//! use tessel::{composition, layout, Composition, C};
//! type A = layout!("(6,2):(8,2)");
//! static_assertions::assert_type_eq_all!(Composition<A, layout!("(4,3):(3,1)")>, layout!("((2,2),3):((24,2),8)"));
//! let r = composition(layout!("(10,2):(16,4)"), layout!("(5,4):(1,5)"));
//! assert_eq!(r.to_string(), "(5,(2,2)):(16,(80,4))");
//! assert_eq!(composition(layout!("(12,(4,8)):(59,(13,1))"), (layout!("3:4"), layout!("8:2"))).to_string(),
//!            "(3,(2,4)):(236,(26,1))");
//! assert_eq!(composition(layout!("(4,8):(8,1)"), C::<4>::default()).to_string(), "4:8");
//! ```

use crate::algebra::by_mode::{tuple_tilers, CompositionTiler, DropRest, ModeOp};
use crate::algebra::coalesce::{FlatModes, StackLayout, Walk};
use crate::algebra::misaligned::MisalignedHolds;
use crate::algebra::mixed::{
    realize2, try_realize2, Dyn, Env, Eval, Gather, Least, Over, Realize, Realized, StepUse, Sym0,
    Sym1, Symbolize, Unknown, Whole,
};
use crate::diagnostic::{
    AfterDeferred, And, Both, Check, CheckBit, Deferred, Fails, Failure, Holds, Judge,
    RuntimeCheck, Verified,
};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::ConcatenateList;
use crate::layout::Layout;
use crate::num::arith::{
    AddMixed, CeilDivMixed, CeilDivOf, DivCheap, Divides, IsUnit, Less, Lt, PlusOf, QuotCheap,
    ScaleStride, Scaled, Unit,
};
use crate::num::list::{list_type, Concat, Cons, Joined, Nil, ReverseOnto, SplitFirst};
use crate::num::nat::{AddCarry, Compare, Diff, LessThan, Pred, Sub1, SubBorrow, Sum};
use typenum::{UInt, UTerm, B0, B1, U0, U1, U2};

pub use crate::algebra::rules::{ShapeMultiple, StrideDividesMode, StrideMultiple};

crate::diagnostic::condition!(
    /// The modes of B together must stay inside each mode of A (no carry into the next).
    NoCarry,
    StaysInsideMode,
    "composition: the modes of B together reach coordinate {A} in a mode of A of size {B}, carrying into the next mode",
    "stride divisibility: B's modes must not add up past a mode of A"
);

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
type Then<Tail, N, R, Piece, Mode> = <<Tail as Stride<N, R>>::Output as After<Piece, Mode>>::Output;

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
type Span<N, R> = Scaled<Sub1<N>, R>;

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
type Tracking<U, C, Span> = <U as Track<C, Span>>::Output;
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

/// B's shape `Self` and stride `BD` composed with A's modes `M`: a layout congruent to B.
pub trait ComposeWith<BD, M> {
    /// The layout.
    type Layout;
    /// A's modes with their usage updated.
    type Modes;
}

impl<U, B, BD, M: ComposeLeaf<UInt<U, B>, BD>> ComposeWith<BD, M> for UInt<U, B> {
    type Layout = M::Layout;
    type Modes = M::Modes;
}

impl<E, BD, M: ComposeLeaf<Dyn<E>, BD>> ComposeWith<BD, M> for Dyn<E> {
    type Layout = M::Layout;
    type Modes = M::Modes;
}

macro_rules! tuple_compose_with {
    ($( ($(($S:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($S,)+ $($D,)+ M> ComposeWith<($($D,)+), M> for ($($S,)+)
        where
            M: ComposeList<list_type!($($S),+), list_type!($($D),+)>,
            <M as ComposeList<list_type!($($S),+), list_type!($($D),+)>>::Layouts: ConcatenateList,
        {
            type Layout = <<M as ComposeList<list_type!($($S),+), list_type!($($D),+)>>::Layouts
                as ConcatenateList>::Output;
            type Modes = <M as ComposeList<list_type!($($S),+), list_type!($($D),+)>>::Modes;
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_compose_with);

/// B's modes, one after the other, composed with A's modes `Self`.
#[doc(hidden)]
pub trait ComposeList<BS, BD> {
    /// The list of layouts.
    type Layouts;
    /// A's modes with their usage updated.
    type Modes;
}

impl<M> ComposeList<Nil, Nil> for M {
    type Layouts = Nil;
    type Modes = M;
}

/// The last mode of B.
impl<M, S: ComposeWith<D, M>, D, DT> ComposeList<Cons<S, Nil>, Cons<D, DT>> for M
where
    S::Modes: ComposeList<Nil, DT>,
{
    type Layouts = Cons<S::Layout, <S::Modes as ComposeList<Nil, DT>>::Layouts>;
    type Modes = <S::Modes as ComposeList<Nil, DT>>::Modes;
}

/// Two modes of B a step: the second walks A's modes as the first left them, one list step
/// less deep in the solver (rust-analyzer gives up at a depth of 50).
impl<M, S0: ComposeWith<D0, M>, S1, ST, D0, D1, DT>
    ComposeList<Cons<S0, Cons<S1, ST>>, Cons<D0, Cons<D1, DT>>> for M
where
    S1: ComposeWith<D1, S0::Modes>,
    <S1 as ComposeWith<D1, S0::Modes>>::Modes: ComposeList<ST, DT>,
{
    type Layouts = Cons<
        S0::Layout,
        Cons<
            <S1 as ComposeWith<D1, S0::Modes>>::Layout,
            <<S1 as ComposeWith<D1, S0::Modes>>::Modes as ComposeList<ST, DT>>::Layouts,
        >,
    >;
    type Modes = <<S1 as ComposeWith<D1, S0::Modes>>::Modes as ComposeList<ST, DT>>::Modes;
}

/// `Self o B` on types, for a layout, an integer or a tuple tiler B.
#[diagnostic::on_unimplemented(
    message = "composition: the first argument is not a layout tessel composes",
    label = "composition takes a static layout, a composed layout or a swizzle, and a tiler"
)]
pub trait Compose<B> {
    /// The composition.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

/// `Composition<A, B>`: the layout `A o B` (a compile error at this line if a condition fails).
pub type Composition<A, B> = Realized<Verified<Judged<A, B>, Composed<A, B>>>;

/// A and B as the walk sees them: their kinds checked, their runtime leaves symbols.
type SymA<A> = Sym0<<A as Operand>::Itself>;
type SymB<B> = Sym1<<B as CompositionTiler>::Itself>;
type Composed<A, B> = <SymA<A> as Compose<SymB<B>>>::Output;
type Judged<A, B> = <SymA<A> as Compose<SymB<B>>>::Verdict;

/// What `composition` takes as its first argument: a layout, a composed layout, or a valid
/// swizzle (checked here, once, before the composition is tried).
///
/// ```compile_fail
/// // composition: `u32` is not a layout, a composed layout or a swizzle
/// let _: tessel::Composition<u32, tessel::C<2>> = Default::default();
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: `{Self}` is not a layout, a composed layout or a swizzle",
    label = "composition takes a layout, a composed layout or a swizzle, and a tiler",
    note = "a tensor is composed by its method, as CuTe's `composition(tensor, tiler)`: `t.compose(tiler)`"
)]
pub trait Operand {
    /// The operand itself.
    type Itself;
}
impl<S: LayoutShape<D>, D: IntTuple> Operand for Layout<S, D> {
    type Itself = Self;
}

/// What a tiler `Self` gives composed onto the layout `A`. The work is done on the tiler's side so
/// that, while the tiler's type is still being inferred, nothing is evaluated.
pub trait ComposeOnto<A> {
    /// The composition.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

impl<AS: LayoutShape<AD>, AD: IntTuple, B: ComposeOnto<Layout<AS, AD>>> Compose<B>
    for Layout<AS, AD>
{
    type Output = B::Output;
    type Verdict = B::Verdict;
}

impl<AS: LayoutShape<AD>, AD: IntTuple, BS: LayoutShape<BD>, BD: IntTuple>
    ComposeOnto<Layout<AS, AD>> for Layout<BS, BD>
where
    Layout<AS, AD>: CoalescedModes,
    BS: ComposeWith<BD, <Layout<AS, AD> as CoalescedModes>::Modes>,
    <BS as ComposeWith<BD, <Layout<AS, AD> as CoalescedModes>::Modes>>::Modes: Verdicts,
{
    type Output = <BS as ComposeWith<BD, <Layout<AS, AD> as CoalescedModes>::Modes>>::Layout;
    type Verdict = <<BS as ComposeWith<BD, <Layout<AS, AD> as CoalescedModes>::Modes>>::Modes
        as Verdicts>::Output;
}

impl<AS: LayoutShape<AD>, AD: IntTuple, U, B> ComposeOnto<Layout<AS, AD>> for UInt<U, B>
where
    Layout<AS, AD>: CoalescedModes,
    UInt<U, B>: ComposeWith<U1, <Layout<AS, AD> as CoalescedModes>::Modes>,
    <UInt<U, B> as ComposeWith<U1, <Layout<AS, AD> as CoalescedModes>::Modes>>::Modes: Verdicts,
{
    type Output =
        <UInt<U, B> as ComposeWith<U1, <Layout<AS, AD> as CoalescedModes>::Modes>>::Layout;
    type Verdict = <<UInt<U, B> as ComposeWith<U1, <Layout<AS, AD> as CoalescedModes>::Modes>>::Modes
        as Verdicts>::Output;
}

/// Composition as a by-mode operation: mode L with tiler T.
pub struct ComposeOp;
impl<L: Compose<T>, T> ModeOp<L, T> for ComposeOp {
    type Output = L::Output;
    type Verdict = L::Verdict;
}

// A tuple tiler: mode i of A composed with tiler i; modes of A past the tiler are dropped.
pub use crate::layout::sublayout::ModeLayouts;

crate::num::list::for_each_arity!(tuple_tilers; ComposeOnto, ComposeOp, DropRest, crate::algebra::by_mode::ComposeModes);

/// `composition(a, b)`: the value of `Composition<A, B>` (static leaves are zero-sized, runtime
/// ones computed). Conditions on runtime values are checked by `debug_assert!` only; see
/// [`try_composition`].
#[inline(always)]
pub fn composition<A: Operand + Gather, B: CompositionTiler + Gather>(
    a: A,
    b: B,
) -> Composition<A, B>
where
    A::Itself: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymA<A>: Compose<SymB<B>>,
    Judged<A, B>: crate::diagnostic::Checked + Judge,
    Verified<Judged<A, B>, Composed<A, B>>: Realize<Whole>,
{
    realize2::<Judged<A, B>, Verified<Judged<A, B>, Composed<A, B>>, _, _>(&a, &b)
}

/// `Self o B` as one bound, with [`composition`] as a method: what generic code (the atoms)
/// names when it composes layouts it does not know.
pub trait ComposeBy<B>: Sized {
    /// `Composition<Self, B>`.
    type Output;
    /// `composition(self, b)`.
    fn compose_by(self, b: B) -> Self::Output;
}
impl<A: Operand + Gather, B: CompositionTiler + Gather> ComposeBy<B> for A
where
    A::Itself: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymA<A>: Compose<SymB<B>>,
    Judged<A, B>: crate::diagnostic::Checked + Judge,
    Verified<Judged<A, B>, Composed<A, B>>: Realize<Whole>,
{
    type Output = Composition<A, B>;
    #[inline(always)]
    fn compose_by(self, b: B) -> Self::Output {
        composition(self, b)
    }
}

/// `composition(a, b)`, with the conditions that involve runtime values checked: the value, or
/// the first condition that fails with its numbers. `(4,6,8):(1,4,7) o 6:1` with runtime 4 and 6
/// is no composition (CuTe answers `(4,1,1):(1,4,7)`, but `B(4) = 4` and `A(4) = 4`, while
/// `R(4) = 7`): 6 elements are left after the first mode gives 4.
///
/// ```
/// use tessel::{composition::try_composition, Layout, C};
/// let a = Layout::new((4usize, 6usize, C::<8>::default()), (C::<1>::default(), C::<4>::default(), C::<7>::default()));
/// let e = try_composition(a, Layout::new(C::<6>::default(), C::<1>::default())).unwrap_err();
/// assert_eq!(e.to_string(), "composition: the size 6 left to take is not a multiple of the 4 elements a mode of A gives");
/// let a = Layout::new((4usize, 6usize, C::<8>::default()), (C::<1>::default(), C::<4>::default(), C::<24>::default()));
/// let r = try_composition(a, Layout::new(C::<8>::default(), C::<1>::default())).unwrap();
/// assert_eq!(format!("{r:#}"), "(4,2,1):(_1,4,24)"); // as CuTe: runtime leaves stay
/// ```
#[inline(always)]
pub fn try_composition<A: Operand + Gather, B: CompositionTiler + Gather>(
    a: A,
    b: B,
) -> Result<Composition<A, B>, Failure>
where
    A::Itself: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymA<A>: Compose<SymB<B>>,
    Judged<A, B>: crate::diagnostic::Checked + Judge,
    Verified<Judged<A, B>, Composed<A, B>>: Realize<Whole>,
{
    try_realize2::<Judged<A, B>, Verified<Judged<A, B>, Composed<A, B>>, _, _>(&a, &b)
}
