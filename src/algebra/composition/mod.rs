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

mod usage;
mod walk;
pub use usage::*;
pub use walk::*;

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
