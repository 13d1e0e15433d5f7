//! Complement: the layout of A's repetitions up to a cotarget, the indices A does not reach.
//!
//! `complement(A, M)` takes A's modes (stride-0 and size-1 modes filtered out, coalesced) by
//! increasing stride. Below each mode `s:d` it puts the gap `floor(d / reach):reach`, where
//! `reach` is how far the modes before it reach (the product of stride and size of the last
//! one); a last mode repeats the whole, `ceil(M / reach):reach`, up to the cotarget `M` (an
//! integer or a shape). When a stride is not a multiple of the reach below it (a padded tile,
//! `(32,32):(1,33)`), the gap leaves the indices between `floor(d / reach) * reach` and `d`
//! uncovered, as CuTe does: `complement((4,2):(1,10), 14)` is `2:4`, and 8, 9 stay out.
//!
//! CuTe's post-conditions (its unit test), for `R = complement(A, M)` and `C = (A, R)`:
//! - (3) R is ordered, `R(i-1) < R(i)`; (4) R meets A's image only at 0, `R(i) != A(j)` for
//!   `i >= 1`. tessel also holds `(filter(A), R)` injective. These hold on every answer.
//! - `complement(C)` has size 1 (nothing is left over) and `cosize(C) <= cosize(R) + cosize(A)`:
//!   these hold on every answer too.
//! - (1) `cosize(C) >= size(M)`, `size(R) >= size(M) / size(filter(A))` (and the same for
//!   `cosize(R)`), and `complement(complement(R, cosize(A)), M) == R` hold whenever every
//!   stride is a multiple of the reach below it; (1) also whenever `size(M) <= cosize(A)`,
//!   which is where CuTe's test applies it. Past that, CuTe's own answers break them:
//!   `complement((2,2):(1,3), 24)` is `4:6`, and `((2,2),4):((1,3),6)` reaches 23 < 24;
//!   `complement((3,3,3,3):(1,0,5,90))` is `6:15`, of size 6 < 193 / 27; CuTe's test of
//!   logical_product relies on such an answer (`((4,6)):((1,6))` by `3:1` takes
//!   `complement(A, 72)` = `2:36`). tessel gives CuTe's answers there: its repetitions are
//!   what the products and divides need.
//! - (2) `cosize(R) <= round_up(size(M), cosize(A))` holds when `size(M) <= cosize(A)`; past it
//!   CuTe breaks it even for divisible strides (`complement(2:3, 7)` is `(3,2):(1,6)`, cosize 9 >
//!   8), so it is no condition of the definition.
//!
//! What tessel rejects, at compile time here and as an error value at run time: a layout that
//! overlaps or interleaves itself (a stride below the reach of the modes under it; CuTe's static
//! assertion "Non-injective Layout"), a negative stride (CuTe answers with a negative shape,
//! `complement(4:-1, 8)` is `(-1,0):(1,-4)`, which is no layout), and at run time a cotarget
//! that is not positive (CuTe returns an empty layout `0:r`; tessel's shapes are positive).
//! Nothing else: non-divisible strides are accepted as in CuTe. The runtime mirror is
//! [`crate::dynamic::complement`].
//!
//! ```
//! use tessel::{complement, layout, shape, Complement, C};
//! static_assertions::assert_type_eq_all!(Complement<layout!("(2,2):(1,6)"), C<24>>, layout!("(3,2):(2,12)"));
//! assert_eq!(complement(layout!("4:2"), C::<16>::default()).to_string(), "(2,2):(1,8)");
//! assert_eq!(complement(layout!("(2,2):(1,4)"), <shape!("(4,8)")>::default()).to_string(), "(2,4):(2,8)");
//! // A padded tile: its repetitions, as CuTe gives them.
//! assert_eq!(complement(layout!("(32,32):(1,33)"), C::<4096>::default()).to_string(), "4:1056");
//! ```

use crate::algebra::by_mode::ComplementOperand;
use crate::algebra::coalesce::{CoalesceLayout, CoalesceList, FlatModes, StackLayout};
use crate::algebra::mixed::{
    realize2, Dyn, Env, Eval, Gather, Over, Realize, Realized, Sym0, Sym1, Symbolize, Unknown,
    Whole,
};
use crate::diagnostic::{
    And, Both, Check, CheckBit, Checked, Decimal, Deferred, Failure, Holds, Judge, RuntimeCheck,
    Verified,
};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves};
use crate::layout::Layout;
use crate::num::arith::{
    CeilDivMixed, CeilDivOf, DivCheap, Less, Lt, MulMixed, Negate, Not, Plural, ProdOf, QuotCheap,
    SameAs, StrideAtMost, StrideLeEq,
};
use crate::num::list::{Concat, Cons, Joined, Len, Nil};
use typenum::{NInt, NonZero, UInt, UTerm, Unsigned, B0, B1, U0, U1};

crate::diagnostic::condition!(
    /// Each stride must reach past the modes with smaller strides.
    Outside,
    StrideOutsideReach,
    "complement: the stride {A} lies inside the reach {B} of the modes with smaller strides: the layout overlaps or interleaves itself",
    "each stride of A must be at least the reach of the modes with smaller strides"
);

crate::diagnostic::condition!(
    /// No stride may be negative (CuTe's complement would have a negative shape).
    NegativeStride,
    StrideIsNotNegative,
    "complement: A has the negative stride -{A}, and a complement has none: CuTe's answer would have a negative shape",
    "complement takes layouts with non-negative strides"
);

type One = UInt<UTerm, B1>;

/// A's modes with stride-0 modes given size 1 (CuTe's `filter_zeros`).
pub trait FilterZeros {
    /// The modes.
    type Output;
}
impl FilterZeros for Nil {
    type Output = Nil;
}
impl<S, T: FilterZeros> FilterZeros for Cons<(S, UTerm), T> {
    type Output = Cons<(One, UTerm), T::Output>;
}
impl<S, V, C, T: FilterZeros> FilterZeros for Cons<(S, UInt<V, C>), T> {
    type Output = Cons<(S, UInt<V, C>), T::Output>;
}
/// A runtime stride is kept: CuTe does not know it is 0.
impl<S, F, T: FilterZeros> FilterZeros for Cons<(S, Dyn<F>), T> {
    type Output = Cons<(S, Dyn<F>), T::Output>;
}
/// A negative stride fails [`NegativeStride`] (see [`Negatives`]); the walk goes on without it.
impl<S, U: Unsigned + NonZero, T: FilterZeros> FilterZeros for Cons<(S, NInt<U>), T> {
    type Output = Cons<(One, UTerm), T::Output>;
}

/// [`Holds`], or the failure of [`NegativeStride`] for the first negative stride of a mode of
/// size 2 or more.
pub trait Negatives {
    /// The verdict.
    type Verdict;
}
impl Negatives for Nil {
    type Verdict = Holds;
}
impl<S, T: Negatives> Negatives for Cons<(S, UTerm), T> {
    type Verdict = T::Verdict;
}
impl<S, V, C, T: Negatives> Negatives for Cons<(S, UInt<V, C>), T> {
    type Verdict = T::Verdict;
}
/// A runtime stride's sign is known only at run time: checked there.
impl<S, F, T: Negatives> Negatives for Cons<(S, Dyn<F>), T>
where
    Deferred<Cons<NotNegative<Dyn<F>>, Nil>>: Both<T::Verdict>,
{
    type Verdict = And<Deferred<Cons<NotNegative<Dyn<F>>, Nil>>, T::Verdict>;
}

/// At run time: the stride D is not negative ([`NegativeStride`]).
pub struct NotNegative<D>(core::marker::PhantomData<D>);
impl<D: Eval> RuntimeCheck for NotNegative<D> {
    #[inline(always)]
    fn check(env: &Env) -> Result<(), Failure> {
        let d = D::eval(env) as i64;
        match d < 0 {
            true => Err(Failure {
                message: NegativeStride::MESSAGE,
                a: -d,
                b: 0,
            }),
            false => Ok(()),
        }
    }
}

/// At run time: the stride D reaches past the modes below it ([`Outside`]).
pub struct Beyond<D, Reach>(core::marker::PhantomData<(D, Reach)>);
impl<D: Eval, Reach: Eval> RuntimeCheck for Beyond<D, Reach> {
    #[inline(always)]
    fn check(env: &Env) -> Result<(), Failure> {
        let (d, reach) = (D::eval(env) as i64, Reach::eval(env) as i64);
        match d < reach {
            true => Err(Failure {
                message: Outside::MESSAGE,
                a: d,
                b: reach,
            }),
            false => Ok(()),
        }
    }
}
/// A mode of size 1 is filtered out before the walk, whatever its stride (as CuTe's `filter`).
impl<U: Unsigned + NonZero, T: Negatives> Negatives for Cons<(One, NInt<U>), T> {
    type Verdict = T::Verdict;
}
impl<V, C, B, U: Unsigned + NonZero + Decimal, T> Negatives
    for Cons<(UInt<UInt<V, C>, B>, NInt<U>), T>
{
    type Verdict = Check<B0, NegativeStride, U, UTerm>;
}

/// The mode of smallest stride (the first of equals) and the other modes.
pub trait MinStride {
    /// The mode.
    type Min;
    /// The others, in order.
    type Rest;
}

impl<H> MinStride for Cons<H, Nil> {
    type Min = H;
    type Rest = Nil;
}

impl<H: StrideOf, Y, T> MinStride for Cons<H, Cons<Y, T>>
where
    Cons<Y, T>: MinStride,
    <Cons<Y, T> as MinStride>::Min: StrideOf,
    H::Stride: StrideLeEq<<<Cons<Y, T> as MinStride>::Min as StrideOf>::Stride>,
    Self: PickMin<StrideAtMost<H::Stride, <<Cons<Y, T> as MinStride>::Min as StrideOf>::Stride>>,
{
    type Min = <Self as PickMin<
        StrideAtMost<H::Stride, <<Cons<Y, T> as MinStride>::Min as StrideOf>::Stride>,
    >>::Min;
    type Rest = <Self as PickMin<
        StrideAtMost<H::Stride, <<Cons<Y, T> as MinStride>::Min as StrideOf>::Stride>,
    >>::Rest;
}

/// The stride of a mode: a `(shape, stride)` pair or a `(shape, stride, prefix)` triple.
pub trait StrideOf {
    /// The stride.
    type Stride;
}
impl<S, D> StrideOf for (S, D) {
    type Stride = D;
}
impl<S, D, P> StrideOf for (S, D, P) {
    type Stride = D;
}

/// The head (`B1`) or the tail's minimum (`B0`).
pub trait PickMin<HeadIsMin> {
    /// The mode.
    type Min;
    /// The others.
    type Rest;
}
impl<H, T> PickMin<B1> for Cons<H, T> {
    type Min = H;
    type Rest = T;
}
impl<H, T: MinStride> PickMin<B0> for Cons<H, T> {
    type Min = T::Min;
    type Rest = Cons<H, T::Rest>;
}

/// The gaps between A's modes, by increasing stride, from `Reach` on.
pub trait Gaps<Reach> {
    /// The gap modes.
    type Modes;
    /// The reach of all of A's modes.
    type Reach;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

impl<Reach> Gaps<Reach> for Nil {
    type Modes = Nil;
    type Reach = Reach;
    type Verdict = Holds;
}

impl<H, T, Reach> Gaps<Reach> for Cons<H, T>
where
    Self: MinStride,
    <Self as MinStride>::Min: Gap<Reach>,
    <Self as MinStride>::Rest: Gaps<<<Self as MinStride>::Min as Gap<Reach>>::Reach>,
    <<Self as MinStride>::Min as Gap<Reach>>::Verdict: Both<
        <<Self as MinStride>::Rest as Gaps<<<Self as MinStride>::Min as Gap<Reach>>::Reach>>::Verdict,
    >,
{
    type Verdict = And<
        <<Self as MinStride>::Min as Gap<Reach>>::Verdict,
        <<Self as MinStride>::Rest as Gaps<<<Self as MinStride>::Min as Gap<Reach>>::Reach>>::Verdict,
    >;
    type Modes = Cons<
        <<Self as MinStride>::Min as Gap<Reach>>::Mode,
        <<Self as MinStride>::Rest as Gaps<<<Self as MinStride>::Min as Gap<Reach>>::Reach>>::Modes,
    >;
    type Reach =
        <<Self as MinStride>::Rest as Gaps<<<Self as MinStride>::Min as Gap<Reach>>::Reach>>::Reach;
}

/// The gap below mode `(S, D)` from `Reach`: `(D / Reach):Reach`, and the new reach `D * S`.
pub trait Gap<Reach> {
    /// The gap mode.
    type Mode;
    /// The reach after this mode.
    type Reach;
    /// [`Holds`], or the condition that failed.
    type Verdict;
}

impl<S, D: SameAs<Reach>, Reach> Gap<Reach> for (S, D)
where
    Self: GapIf<D::Output, Reach>,
{
    type Mode = <Self as GapIf<D::Output, Reach>>::Mode;
    type Reach = <Self as GapIf<D::Output, Reach>>::Reach;
    type Verdict = <Self as GapIf<D::Output, Reach>>::Verdict;
}

/// See [`Gap`]: the stride is the reach (`B1`: no gap, no division) or above it (`B0`).
pub trait GapIf<Contiguous, Reach> {
    /// The gap mode.
    type Mode;
    /// The reach after this mode.
    type Reach;
    /// [`Holds`], or the condition that failed.
    type Verdict;
}

impl<S, D: MulMixed<S>, Reach> GapIf<B1, Reach> for (S, D) {
    type Mode = (U1, Reach);
    type Reach = ProdOf<D, S>;
    type Verdict = Holds;
}

impl<S, D: Lt<Reach>, Reach> GapIf<B0, Reach> for (S, D)
where
    Less<D, Reach>: Negate,
    Self: GapAbove<Not<Less<D, Reach>>, Reach>,
{
    type Mode = <Self as GapAbove<Not<Less<D, Reach>>, Reach>>::Mode;
    type Reach = <Self as GapAbove<Not<Less<D, Reach>>, Reach>>::Reach;
    type Verdict = <Self as GapAbove<Not<Less<D, Reach>>, Reach>>::Verdict;
}

/// See [`Gap`]: the stride is above the reach (`B1`) or inside it (`B0`: A overlaps itself, an
/// error; the mode given back is a placeholder so that no second error follows from it).
pub trait GapAbove<Above, Reach> {
    /// The gap mode.
    type Mode;
    /// The reach after this mode.
    type Reach;
    /// [`Holds`], or the condition that failed.
    type Verdict;
}

/// The gap is `floor(D / Reach)` of the reach: CuTe's rule. When D is not a multiple of the
/// reach, the indices between the gap's end and D stay uncovered (`(2,2):(1,3)` skips 2 and 5).
impl<S, D: DivCheap<Reach> + MulMixed<S>, Reach> GapAbove<B1, Reach> for (S, D) {
    type Mode = (QuotCheap<D, Reach>, Reach);
    type Reach = ProdOf<D, S>;
    type Verdict = Holds;
}

impl<S, D: MulMixed<S> + Decimal, Reach: Decimal> GapAbove<B0, Reach> for (S, D) {
    type Mode = (U1, Reach);
    type Reach = ProdOf<D, S>;
    type Verdict = Check<B0, Outside, D, Reach>;
}

/// A runtime stride or reach: the gap is `D / Reach` at run time, where `D >= Reach` is
/// checked (CuTe checks nothing).
impl<S, D: MulMixed<S>, Reach> GapAbove<Unknown, Reach> for (S, D) {
    type Mode = (Dyn<Over<D, Reach>>, Reach);
    type Reach = ProdOf<D, S>;
    type Verdict = Deferred<Cons<Beyond<D, Reach>, Nil>>;
}

/// The repetitions up to the cotarget past the reach `N`: CuTe's `ceil_div(M, N)` taken leaf by
/// leaf, `(ceil(m0 / n), ceil(m1 / ceil(n / m0)), ...)`.
pub trait Blocks<N> {
    /// The counts.
    type Counts;
}
impl<N> Blocks<N> for Nil {
    type Counts = Nil;
}
impl<A: CeilDivMixed<N>, T: Blocks<CeilDivOf<N, A>>, N: CeilDivMixed<A>> Blocks<N> for Cons<A, T> {
    type Counts = Cons<CeilDivOf<A, N>, T::Counts>;
}

/// CuTe's coalesce of a shape: neighbours that are both static, or both runtime, multiply.
pub trait ShapeRuns {
    /// The merged shape, as a list.
    type Output;
}
impl ShapeRuns for Nil {
    type Output = Nil;
}
impl<X> ShapeRuns for Cons<X, Nil> {
    type Output = Self;
}
impl<X: SameKind<Y>, Y, T> ShapeRuns for Cons<X, Cons<Y, T>>
where
    Self: RunIf<X::Output>,
{
    type Output = <Self as RunIf<X::Output>>::Output;
}

/// See [`ShapeRuns`]: merge the first two (`B1`) or keep the first (`B0`).
#[doc(hidden)]
pub trait RunIf<Same> {
    /// The merged shape.
    type Output;
}
impl<X: MulMixed<Y>, Y, T> RunIf<B1> for Cons<X, Cons<Y, T>>
where
    Cons<ProdOf<X, Y>, T>: ShapeRuns,
{
    type Output = <Cons<ProdOf<X, Y>, T> as ShapeRuns>::Output;
}
impl<X, Y, T> RunIf<B0> for Cons<X, Cons<Y, T>>
where
    Cons<Y, T>: ShapeRuns,
{
    type Output = Cons<X, <Cons<Y, T> as ShapeRuns>::Output>;
}

/// Whether two numbers are both static or both runtime: `B1` or `B0`.
#[doc(hidden)]
pub trait SameKind<Y> {
    /// `B1` or `B0`.
    type Output;
}
impl<U, B, V, C> SameKind<UInt<V, C>> for UInt<U, B> {
    type Output = B1;
}
impl<E, F> SameKind<Dyn<F>> for Dyn<E> {
    type Output = B1;
}
impl<U, B, F> SameKind<Dyn<F>> for UInt<U, B> {
    type Output = B0;
}
impl<E, V, C> SameKind<UInt<V, C>> for Dyn<E> {
    type Output = B0;
}

/// The compact (column-major) modes of a shape list from the stride `R` on.
pub trait CompactFrom<R> {
    /// The `(shape, stride)` modes.
    type Modes;
}
impl<R> CompactFrom<R> for Nil {
    type Modes = Nil;
}
impl<R: MulMixed<X>, X, T: CompactFrom<ProdOf<R, X>>> CompactFrom<R> for Cons<X, T> {
    type Modes = Cons<(X, R), T::Modes>;
}

/// The modes that repeat the layout up to the cotarget M past the reach N.
pub type Repeats<M, N> =
    <<<<M as Leaves>::List as Blocks<N>>::Counts as ShapeRuns>::Output as CompactFrom<N>>::Modes;

/// `complement(Self, M)` on types.
#[diagnostic::on_unimplemented(
    message = "complement: the first argument is not a layout tessel can take the complement of",
    label = "complement takes a static layout (or composed layout) and a cotarget"
)]
pub trait ComplementOf<M> {
    /// The complement.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

/// `Complement<A, M>`: the complement of layout A against the cotarget M (a compile error at
/// this line if A overlaps itself, has a negative stride, or M is 0).
pub type Complement<A, M> =
    Realized<Verified<And<<M as Cotarget>::Verdict, Judged<A, M>>, Complemented<A, M>>>;

/// A and M as the walk sees them: their kinds checked, their runtime leaves symbols.
type SymA<A> = Sym0<Lay<A>>;
type SymM<M> = Sym1<<M as Cotarget>::Itself>;
type Complemented<A, M> = <SymA<A> as ComplementOf<SymM<M>>>::Output;
type Judged<A, M> = <SymA<A> as ComplementOf<SymM<M>>>::Verdict;

/// The layout A, once it is known to be one.
type Lay<A> = <A as ComplementOperand>::Itself;

crate::diagnostic::condition!(
    /// The cotarget is positive.
    PositiveCotarget,
    CotargetIsPositive,
    "complement: the cotarget {A} is not positive",
    "a cotarget is a positive integer C<N> or a static shape"
);

/// What complement takes as its cotarget: a positive integer or a static shape.
///
/// ```compile_fail
/// // complement: the cotarget 0 is not positive
/// let _: tessel::Complement<tessel::layout!("4:1"), tessel::C<0>> = Default::default();
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: `{Self}` is not a cotarget",
    label = "a cotarget is a positive integer C<N>, a static shape! or a runtime usize"
)]
pub trait Cotarget {
    /// The cotarget itself (1 in place of 0, which fails [`PositiveCotarget`]).
    type Itself;
    /// [`Holds`], or the failure of [`PositiveCotarget`].
    type Verdict;
}
impl<U, B> Cotarget for UInt<U, B> {
    type Itself = Self;
    type Verdict = Holds;
}
/// A runtime cotarget (`usize`): positive by its type's contract, as a shape is.
impl Cotarget for usize {
    type Itself = Self;
    type Verdict = Holds;
}
impl Cotarget for UTerm {
    type Itself = U1;
    type Verdict = Check<B0, PositiveCotarget, UTerm, UTerm>;
}
macro_rules! tuple_cotargets {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T),+> Cotarget for ($($T,)+) {
            type Itself = Self;
            type Verdict = Holds;
        }
    )+};
}
crate::num::list::for_each_arity!(tuple_cotargets);

type Coalesced<A> = <<<A as FlatModes>::List as FilterZeros>::Output as CoalesceList>::Stack;
type Filtered<A> = <Coalesced<A> as Sortable>::Output;
type Sorted<A, M> =
    And<<Coalesced<A> as Sortable>::Verdict, <Filtered<A> as ComplementOfModes<M>>::Verdict>;

impl<S: LayoutShape<D>, D: IntTuple, M> ComplementOf<M> for Layout<S, D>
where
    Self: FlatModes,
    <Self as FlatModes>::List: FilterZeros + Negatives,
    <<Self as FlatModes>::List as FilterZeros>::Output: CoalesceList,
    Coalesced<Self>: Sortable,
    Filtered<Self>: ComplementOfModes<M>,
    <Coalesced<Self> as Sortable>::Verdict: Both<<Filtered<Self> as ComplementOfModes<M>>::Verdict>,
    <<Self as FlatModes>::List as Negatives>::Verdict: Both<Sorted<Self, M>>,
{
    type Output = <Filtered<Self> as ComplementOfModes<M>>::Output;
    type Verdict = And<<<Self as FlatModes>::List as Negatives>::Verdict, Sorted<Self, M>>;
}

crate::diagnostic::condition!(
    /// Runtime strides only in a layout of one mode: the modes are sorted by stride at compile
    /// time (CuTe's static assertion "Dynamic-stride complement only for rank-1 layouts").
    RuntimeStrideRank,
    RuntimeStrideInOneMode,
    "complement: A has {A} modes after filtering and coalescing, and a runtime stride: modes are sorted by stride at compile time, so a runtime stride needs a layout of one mode",
    "a runtime stride in complement (and the products) needs a layout of one mode"
);

/// A's filtered modes, sortable by stride: one mode, or static strides. Otherwise the failure of
/// [`RuntimeStrideRank`], with the runtime strides replaced by 1 to go on with.
#[doc(hidden)]
pub trait Sortable {
    /// The modes.
    type Output;
    /// [`Holds`] or the failure.
    type Verdict;
}
impl<M> Sortable for Cons<M, Nil> {
    type Output = Self;
    type Verdict = Holds;
}
impl<M0, M1, T> Sortable for Cons<M0, Cons<M1, T>>
where
    Self: StaticStrides + Len,
    <Self as StaticStrides>::Runtime: CheckBit<RuntimeStrideRank, <Self as Len>::Output, UTerm>,
{
    type Output = <Self as StaticStrides>::Output;
    type Verdict =
        Check<<Self as StaticStrides>::Runtime, RuntimeStrideRank, <Self as Len>::Output, UTerm>;
}

/// Modes with each runtime stride replaced by 1, and `B0` if there was one (else `B1`).
#[doc(hidden)]
pub trait StaticStrides {
    /// The modes.
    type Output;
    /// `B1` when every stride is static.
    type Runtime;
}
impl StaticStrides for Nil {
    type Output = Nil;
    type Runtime = B1;
}
impl<S, D: IsRuntime, T: StaticStrides> StaticStrides for Cons<(S, D), T>
where
    D::Placeholder: Sized,
    T::Runtime: core::ops::BitAnd<D::Static>,
{
    type Output = Cons<(S, D::Placeholder), T::Output>;
    type Runtime = typenum::And<T::Runtime, D::Static>;
}

/// Whether a stride is static (`B1`, kept) or runtime (`B0`, replaced by 1).
#[doc(hidden)]
pub trait IsRuntime {
    /// `B1` for a static stride.
    type Static;
    /// The stride, or 1.
    type Placeholder;
}
impl IsRuntime for UTerm {
    type Static = B1;
    type Placeholder = Self;
}
impl<U, B> IsRuntime for UInt<U, B> {
    type Static = B1;
    type Placeholder = Self;
}
impl<U: Unsigned + NonZero> IsRuntime for NInt<U> {
    type Static = B1;
    type Placeholder = Self;
}
impl<F> IsRuntime for Dyn<F> {
    type Static = B0;
    type Placeholder = U1;
}

/// The complement of A's filtered, coalesced modes `Self`.
pub trait ComplementOfModes<M> {
    /// The complement.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

/// Nothing is left of A (`1:0`): the complement is all of the cotarget, compact (CuTe's
/// `make_layout(coalesce(M))`: one mode when static, runs of runtime leaves merged).
impl<D, M: Leaves> ComplementOfModes<M> for Cons<(One, D), Nil>
where
    M::List: ShapeRuns,
    <M::List as ShapeRuns>::Output: CompactFrom<U1>,
    AllOf<M>: StackLayout,
    <AllOf<M> as StackLayout>::Output: CoalesceLayout,
{
    type Output = <<AllOf<M> as StackLayout>::Output as CoalesceLayout>::Output;
    type Verdict = Holds;
}

/// The cotarget M as compact modes.
type AllOf<M> = <<<M as Leaves>::List as ShapeRuns>::Output as CompactFrom<U1>>::Modes;

type GapsOf<L> = <L as Gaps<U1>>::Modes;
type ReachOf<L> = <L as Gaps<U1>>::Reach;
type AllModes<L, M> = Joined<GapsOf<L>, Repeats<M, ReachOf<L>>>;

impl<S: Plural, D, T, M: Leaves> ComplementOfModes<M> for Cons<(S, D), T>
where
    Self: Gaps<U1>,
    M::List: Blocks<ReachOf<Self>>,
    <M::List as Blocks<ReachOf<Self>>>::Counts: ShapeRuns,
    <<M::List as Blocks<ReachOf<Self>>>::Counts as ShapeRuns>::Output: CompactFrom<ReachOf<Self>>,
    GapsOf<Self>: Concat<Repeats<M, ReachOf<Self>>>,
    AllModes<Self, M>: StackLayout,
    <AllModes<Self, M> as StackLayout>::Output: CoalesceLayout,
{
    type Output = <<AllModes<Self, M> as StackLayout>::Output as CoalesceLayout>::Output;
    type Verdict = <Self as Gaps<U1>>::Verdict;
}

/// `complement(a, m)`: the value of `Complement<A, M>`.
#[inline(always)]
pub fn complement<A: ComplementOperand + Gather, M: Cotarget + Gather>(
    a: A,
    m: M,
) -> Complement<A, M>
where
    Lay<A>: Symbolize<U0, U0>,
    M::Itself: Symbolize<U1, U0>,
    SymA<A>: ComplementOf<SymM<M>>,
    M::Verdict: Both<Judged<A, M>>,
    And<M::Verdict, Judged<A, M>>: Checked + Judge,
    Verified<And<M::Verdict, Judged<A, M>>, Complemented<A, M>>: Realize<Whole>,
{
    realize2::<
        And<M::Verdict, Judged<A, M>>,
        Verified<And<M::Verdict, Judged<A, M>>, Complemented<A, M>>,
        _,
        _,
    >(&a, &m)
}

/// `complement` as one bound, with the function as a method (generic code names it).
pub trait ComplementTo<M>: Sized {
    /// `Complement<Self, M>`.
    type Output;
    /// `complement(self, m)`.
    fn complement_to(self, m: M) -> Self::Output;
}
impl<A: ComplementOperand + Gather, M: Cotarget + Gather> ComplementTo<M> for A
where
    Lay<A>: Symbolize<U0, U0>,
    M::Itself: Symbolize<U1, U0>,
    SymA<A>: ComplementOf<SymM<M>>,
    M::Verdict: Both<Judged<A, M>>,
    And<M::Verdict, Judged<A, M>>: Checked + Judge,
    Verified<And<M::Verdict, Judged<A, M>>, Complemented<A, M>>: Realize<Whole>,
{
    type Output = Complement<A, M>;
    #[inline(always)]
    fn complement_to(self, m: M) -> Self::Output {
        complement(self, m)
    }
}
