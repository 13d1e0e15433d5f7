//! Divides: `logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A))))`, and its
//! rearranged forms, computed during type checking.
//!
//! Mode 0 of the result is B's tile (it equals `composition(A, B)`), mode 1 runs over the tiles. A
//! tuple tiler divides mode by mode and keeps the modes of A it does not reach. `zipped_divide`
//! gathers the tile modes into `((tile), (rest))`, `tiled_divide` unpacks the rest,
//! `((tile), r0, r1, ...)`, `flat_divide` unpacks both.
//!
//! Post-conditions: the result is its defining formula, its mode 0 is `composition(A, B)`, and
//! each composition inside meets composition's. tessel rejects what CuTe rejects (a tiler that
//! overlaps itself, CuTe's divisibility assertions, a tuple tiler with more modes than A) plus the
//! divides whose composition CuTe answers wrongly (`tiled_divide((3,4):(4,1), 6:2)`: CuTe's
//! `((2,3),2):((8,1),4)` is not `A o (B, B*)`); the conditions and messages are composition's and
//! complement's. A tile that overhangs A is no error, in CuTe or here: `(96,8)` over `(256,64)`
//! divides into `ceil(256/96) = 3` tiles down the first mode, the last one running past A's size
//! (the tensor layer checks tiles against the data they cut). The runtime mirror is
//! [`crate::dynamic::divide`].
//!
//! ```
//! use tessel::{layout, shape, logical_divide, zipped_divide, LogicalDivide, ZippedDivide, C};
//! static_assertions::assert_type_eq_all!(
//!     LogicalDivide<layout!("(4,2,3):(2,1,8)"), layout!("4:2")>,
//!     layout!("((2,2),(2,3)):((4,1),(2,8))"));
//! type M = layout!("(16,8):(1,16)");
//! assert_eq!(zipped_divide(M::default(), <shape!("(2,2)")>::default()).to_string(), "((2,2),(8,4)):((1,16),(2,32))");
//! static_assertions::assert_type_eq_all!(ZippedDivide<M, shape!("(16,2)")>, layout!("((16,2),(1,4)):((1,16),(0,32))"));
//! ```

use crate::algebra::by_mode::{
    tuple_tilers, DivideOperand, DivideTilerKind, IntegerTiler, KeepRest, ModeOp,
};
use crate::algebra::coalesce::CoalesceLayout;
use crate::algebra::complement::ComplementOf;
use crate::algebra::composition::Compose;
use crate::algebra::mixed::{
    realize2, try_realize2, Gather, Realize, Realized, Sym0, Sym1, Symbolize, Whole,
};
use crate::diagnostic::{And, Both, Checked, Failure, Judge, Verified};
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::{Concatenate, ConcatenateList, ModeLayouts, Modes, Parts};
use crate::layout::Layout;
use crate::num::list::{list_type, Concat, Cons, Joined, Nil, ToTuple};
use typenum::{UInt, U0, U1};

/// `logical_divide(A, Self)` for a tiler `Self`: a layout, an integer, or a tuple of tilers.
#[diagnostic::on_unimplemented(
    message = "logical_divide: the first argument is not a layout tessel divides",
    label = "logical_divide takes a static layout (or composed layout) and a tiler"
)]
pub trait DivideTiler<A> {
    /// The logical divide.
    type Output;
    /// [`Holds`](crate::diagnostic::Holds), or the first condition that failed.
    type Verdict;
}

/// `LogicalDivide<A, T>`: A divided by the tiler T, `((tile), (rest))` per tiled mode (a compile
/// error at this line if the complement or the composition it takes fails a condition).
pub type LogicalDivide<A, T> = Realized<Divided<A, T>>;

/// The logical divide with symbols for runtime leaves, checked.
type Divided<A, T> = Verified<Judged<A, T>, <SymT<T> as DivideTiler<SymA<A>>>::Output>;
type Judged<A, T> = <SymT<T> as DivideTiler<SymA<A>>>::Verdict;

/// The tiler T, once it is known to be one, its runtime leaves symbols.
type SymT<T> = Sym1<<T as DivideTilerKind>::Itself>;
/// The layout A, once it is known to be one, its runtime leaves symbols.
type SymA<A> = Sym0<<A as DivideOperand>::Itself>;

type CoalescedShape<A> = <<A as CoalesceLayout>::Output as Parts>::Shape;
type WithRest<A, B> = <(B, <B as ComplementOf<CoalescedShape<A>>>::Output) as Concatenate>::Output;

impl<AS: LayoutShape<AD>, AD: IntTuple, BS: LayoutShape<BD>, BD: IntTuple>
    DivideTiler<Layout<AS, AD>> for Layout<BS, BD>
where
    Layout<AS, AD>: CoalesceLayout,
    <Layout<AS, AD> as CoalesceLayout>::Output: Parts,
    Self: ComplementOf<CoalescedShape<Layout<AS, AD>>>,
    (
        Self,
        <Self as ComplementOf<CoalescedShape<Layout<AS, AD>>>>::Output,
    ): Concatenate,
    Layout<AS, AD>: Compose<WithRest<Layout<AS, AD>, Self>>,
    <Self as ComplementOf<CoalescedShape<Layout<AS, AD>>>>::Verdict:
        Both<<Layout<AS, AD> as Compose<WithRest<Layout<AS, AD>, Self>>>::Verdict>,
{
    type Output = <Layout<AS, AD> as Compose<WithRest<Layout<AS, AD>, Self>>>::Output;
    type Verdict = And<
        <Self as ComplementOf<CoalescedShape<Layout<AS, AD>>>>::Verdict,
        <Layout<AS, AD> as Compose<WithRest<Layout<AS, AD>, Self>>>::Verdict,
    >;
}

/// An integer tiler `N` divides like the layout `N:1` (`1:0` for 1).
impl<AS: LayoutShape<AD>, AD: IntTuple, U, B> DivideTiler<Layout<AS, AD>> for UInt<U, B>
where
    UInt<U, B>: Compact<Left, U1> + LayoutShape<LayoutLeft<UInt<U, B>>>,
    LayoutLeft<UInt<U, B>>: IntTuple,
    IntegerTiler<UInt<U, B>>: DivideTiler<Layout<AS, AD>>,
{
    type Output = <IntegerTiler<UInt<U, B>> as DivideTiler<Layout<AS, AD>>>::Output;
    type Verdict = <IntegerTiler<UInt<U, B>> as DivideTiler<Layout<AS, AD>>>::Verdict;
}

/// The logical divide as a by-mode operation: mode L with tiler T.
pub struct DivideOp;
impl<L, T: DivideTiler<L>> ModeOp<L, T> for DivideOp {
    type Output = T::Output;
    type Verdict = T::Verdict;
}

// A tuple tiler divides mode by mode and keeps the modes of A past it.
crate::num::list::for_each_arity!(tuple_tilers; DivideTiler, DivideOp, KeepRest, crate::algebra::by_mode::DivideModes);

/// CuTe's `zip2_by` with the tiler `Self` as the guide: the rank-2 modes at the guide's terminals
/// of the IntTuple X gathered into `((firsts), (seconds, rest...))`.
#[doc(hidden)]
pub trait Zip2By<X> {
    /// The rearranged IntTuple.
    type Output;
}

impl<X, BS: LayoutShape<BD>, BD: IntTuple> Zip2By<X> for Layout<BS, BD> {
    type Output = X;
}
impl<X, U, B> Zip2By<X> for UInt<U, B> {
    type Output = X;
}

/// The modes of X, split by a list of guides: the first halves and the second halves (with the
/// modes past the guides).
#[doc(hidden)]
pub trait Zip2List<G> {
    /// The first halves.
    type Firsts;
    /// The second halves, then the unguided modes.
    type Seconds;
}
impl<Xs> Zip2List<Nil> for Xs {
    type Firsts = Nil;
    type Seconds = Xs;
}
/// Guides past the last mode (a tiler with too many modes, already reported): nothing.
impl<G, GT> Zip2List<Cons<G, GT>> for Nil {
    type Firsts = Nil;
    type Seconds = Nil;
}
impl<X, XT: Zip2List<GT>, G: Zip2By<X>, GT> Zip2List<Cons<G, GT>> for Cons<X, XT>
where
    G::Output: Halves,
{
    type Firsts = Cons<<G::Output as Halves>::First, XT::Firsts>;
    type Seconds = Cons<<G::Output as Halves>::Second, XT::Seconds>;
}

/// The two modes of a rank-2 IntTuple.
pub trait Halves {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
}
impl<A, B> Halves for (A, B) {
    type First = A;
    type Second = B;
}

macro_rules! tuple_guide {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<X: Modes, $($T),+> Zip2By<X> for ($($T,)+)
        where
            X::List: Zip2List<list_type!($($T),+)>,
            <X::List as Zip2List<list_type!($($T),+)>>::Firsts: ToTuple,
            <X::List as Zip2List<list_type!($($T),+)>>::Seconds: ToTuple,
        {
            type Output = (
                <<X::List as Zip2List<list_type!($($T),+)>>::Firsts as ToTuple>::Tuple,
                <<X::List as Zip2List<list_type!($($T),+)>>::Seconds as ToTuple>::Tuple,
            );
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_guide);

/// CuTe's `tile_unzip`: a layout rearranged by the tiler `T` to `((tile), (rest))`.
pub trait TileUnzip<T> {
    /// The rearranged layout.
    type Output;
}
impl<S: LayoutShape<D>, D: IntTuple, T: Zip2By<S> + Zip2By<D>> TileUnzip<T> for Layout<S, D>
where
    <T as Zip2By<S>>::Output: LayoutShape<<T as Zip2By<D>>::Output>,
    <T as Zip2By<D>>::Output: IntTuple,
{
    type Output = Layout<<T as Zip2By<S>>::Output, <T as Zip2By<D>>::Output>;
}

/// `ZippedDivide<A, T>`: `((tile), (rest))`.
pub type ZippedDivide<A, T> = Realized<Zipped<A, T>>;
type Zipped<A, T> = <Divided<A, T> as TileUnzip<T>>::Output;

/// A rank-2 layout with mode 1 (and mode 0 when `Both`) unpacked one level: a mode of rank 1
/// stays whole.
pub trait Unpack<Both> {
    /// The layout.
    type Output;
}

/// A mode as the list of modes it unpacks to.
#[doc(hidden)]
pub trait Open {
    /// The modes.
    type Modes;
}
impl<S: Modes + LayoutShape<D>, D: Modes + IntTuple> Open for Layout<S, D>
where
    Self: OpenList<S::List, D::List>,
{
    type Modes = <Self as OpenList<S::List, D::List>>::Modes;
}

/// See [`Open`]: a layout of one mode stays whole, one of several gives its modes.
#[doc(hidden)]
pub trait OpenList<SL, DL> {
    /// The modes.
    type Modes;
}
impl<L, S, D> OpenList<Cons<S, Nil>, Cons<D, Nil>> for L {
    type Modes = Cons<L, Nil>;
}
impl<L, S0, S1, ST, D0, D1, DT> OpenList<Cons<S0, Cons<S1, ST>>, Cons<D0, Cons<D1, DT>>> for L
where
    Cons<S0, Cons<S1, ST>>: ModeLayouts<Cons<D0, Cons<D1, DT>>>,
{
    type Modes = <Cons<S0, Cons<S1, ST>> as ModeLayouts<Cons<D0, Cons<D1, DT>>>>::Output;
}

/// Whether mode 0 unpacks too: `Keep` leaves it whole.
pub struct Keep;
/// See [`Keep`]: `Open` unpacks mode 0 as well.
pub struct OpenBoth;

/// Mode 0 as a list, per the choice.
pub trait First<L> {
    /// The list.
    type Modes;
}
impl<L> First<L> for Keep {
    type Modes = Cons<L, Nil>;
}
impl<L: Open> First<L> for OpenBoth {
    type Modes = L::Modes;
}

impl<S0, S1, D0, D1, Both> Unpack<Both> for Layout<(S0, S1), (D0, D1)>
where
    (S0, S1): LayoutShape<(D0, D1)>,
    S0: LayoutShape<D0>,
    S1: LayoutShape<D1>,
    D0: IntTuple,
    D1: IntTuple,
    (D0, D1): IntTuple,
    Layout<S1, D1>: Open,
    Both: First<Layout<S0, D0>>,
    <Both as First<Layout<S0, D0>>>::Modes: Concat<<Layout<S1, D1> as Open>::Modes>,
    Joined<<Both as First<Layout<S0, D0>>>::Modes, <Layout<S1, D1> as Open>::Modes>:
        ConcatenateList,
{
    type Output = <Joined<<Both as First<Layout<S0, D0>>>::Modes, <Layout<S1, D1> as Open>::Modes>
        as ConcatenateList>::Output;
}

/// `TiledDivide<A, T>`: `((tile), r0, r1, ...)`.
pub type TiledDivide<A, T> = Realized<<Zipped<A, T> as Unpack<Keep>>::Output>;
/// `FlatDivide<A, T>`: `(t0, t1, ..., r0, r1, ...)`.
pub type FlatDivide<A, T> = Realized<<Zipped<A, T> as Unpack<OpenBoth>>::Output>;

/// `logical_divide(a, t)`.
#[inline(always)]
pub fn logical_divide<A: DivideOperand + Gather, T: DivideTilerKind + Gather>(
    a: A,
    t: T,
) -> LogicalDivide<A, T>
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: Realize<Whole>,
{
    realize2::<Judged<A, T>, Divided<A, T>, _, _>(&a, &t)
}

/// `logical_divide` as one bound, with the function as a method (generic code names it).
pub trait LogicalDivideBy<T>: Sized {
    /// `LogicalDivide<Self, T>`.
    type Output;
    /// `logical_divide(self, t)`.
    fn logical_divide_by(self, t: T) -> Self::Output;
}
impl<A: DivideOperand + Gather, T: DivideTilerKind + Gather> LogicalDivideBy<T> for A
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: Realize<Whole>,
{
    type Output = LogicalDivide<A, T>;
    #[inline(always)]
    fn logical_divide_by(self, t: T) -> Self::Output {
        logical_divide(self, t)
    }
}

/// `zipped_divide(a, t)`.
#[inline(always)]
pub fn zipped_divide<A: DivideOperand + Gather, T: DivideTilerKind + Gather>(
    a: A,
    t: T,
) -> ZippedDivide<A, T>
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: TileUnzip<T>,
    Zipped<A, T>: Realize<Whole>,
{
    realize2::<Judged<A, T>, Zipped<A, T>, _, _>(&a, &t)
}

/// `Self` zipped-divided by the tiler `T`: what [`zipped_divide`] takes, as one bound (the tensor
/// layer names it).
///
/// ```
/// use tessel::{divide::ZippedDivideBy, layout, shape};
/// let z = layout!("(16,8):(1,16)").zipped_divide_by(<shape!("(2,2)")>::default());
/// assert_eq!(z.to_string(), "((2,2),(8,4)):((1,16),(2,32))");
/// ```
pub trait ZippedDivideBy<T>: Sized {
    /// `ZippedDivide<Self, T>`.
    type Output;
    /// `zipped_divide(self, t)`.
    fn zipped_divide_by(self, t: T) -> Self::Output;
}
impl<A: DivideOperand + Gather, T: DivideTilerKind + Gather> ZippedDivideBy<T> for A
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: TileUnzip<T>,
    Zipped<A, T>: Realize<Whole>,
{
    type Output = ZippedDivide<A, T>;
    #[inline(always)]
    fn zipped_divide_by(self, t: T) -> Self::Output {
        zipped_divide(self, t)
    }
}

/// `logical_divide(a, t)` with the conditions on runtime values checked (see
/// [`try_composition`](crate::algebra::composition::try_composition)).
///
/// ```
/// use tessel::{divide::try_logical_divide, Layout, C};
/// let a = Layout::new(200usize, C::<1>::default());
/// let t = try_logical_divide(a, C::<64>::default()).unwrap();
/// assert_eq!(format!("{t:#}"), "(_64,4):(_1,_64)"); // 4 tiles, the last one ragged
/// ```
#[inline(always)]
pub fn try_logical_divide<A: DivideOperand + Gather, T: DivideTilerKind + Gather>(
    a: A,
    t: T,
) -> Result<LogicalDivide<A, T>, Failure>
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: Realize<Whole>,
{
    try_realize2::<Judged<A, T>, Divided<A, T>, _, _>(&a, &t)
}

/// `zipped_divide(a, t)` with the conditions on runtime values checked.
///
/// ```
/// use tessel::{divide::try_zipped_divide, Layout, C};
/// let a = Layout::new((256usize, 64usize), (C::<1>::default(), 256isize));
/// let t = try_zipped_divide(a, (C::<128>::default(), C::<32>::default())).unwrap();
/// assert_eq!(format!("{t:#}"), "((_128,_32),(2,2)):((_1,256),(_128,8192))");
/// ```
#[inline(always)]
pub fn try_zipped_divide<A: DivideOperand + Gather, T: DivideTilerKind + Gather>(
    a: A,
    t: T,
) -> Result<ZippedDivide<A, T>, Failure>
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: TileUnzip<T>,
    Zipped<A, T>: Realize<Whole>,
{
    try_realize2::<Judged<A, T>, Zipped<A, T>, _, _>(&a, &t)
}

/// `tiled_divide(a, t)`.
#[inline(always)]
pub fn tiled_divide<A: DivideOperand + Gather, T: DivideTilerKind + Gather>(
    a: A,
    t: T,
) -> TiledDivide<A, T>
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: TileUnzip<T>,
    Zipped<A, T>: Unpack<Keep>,
    <Zipped<A, T> as Unpack<Keep>>::Output: Realize<Whole>,
{
    realize2::<Judged<A, T>, <Zipped<A, T> as Unpack<Keep>>::Output, _, _>(&a, &t)
}

/// `flat_divide(a, t)`.
#[inline(always)]
pub fn flat_divide<A: DivideOperand + Gather, T: DivideTilerKind + Gather>(
    a: A,
    t: T,
) -> FlatDivide<A, T>
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: TileUnzip<T>,
    Zipped<A, T>: Unpack<OpenBoth>,
    <Zipped<A, T> as Unpack<OpenBoth>>::Output: Realize<Whole>,
{
    realize2::<Judged<A, T>, <Zipped<A, T> as Unpack<OpenBoth>>::Output, _, _>(&a, &t)
}

/// `tiled_divide` (`K` = [`Keep`]) or `flat_divide` (`K` = [`OpenBoth`]) as one bound, with the
/// function as a method (the tensor layer names it).
///
/// ```
/// use tessel::{divide::{Keep, OpenBoth, UnpackDivideBy}, layout, shape};
/// let t = <shape!("(2,2)")>::default();
/// let tiled = UnpackDivideBy::<_, Keep>::unpack_divide_by(layout!("(16,8):(1,16)"), t);
/// assert_eq!(tiled.to_string(), "((2,2),8,4):((1,16),2,32)");
/// let flat = UnpackDivideBy::<_, OpenBoth>::unpack_divide_by(layout!("(16,8):(1,16)"), t);
/// assert_eq!(flat.to_string(), "(2,2,8,4):(1,16,2,32)");
/// ```
pub trait UnpackDivideBy<T, K>: Sized {
    /// `TiledDivide<Self, T>` or `FlatDivide<Self, T>`.
    type Output;
    /// `tiled_divide(self, t)` or `flat_divide(self, t)`.
    fn unpack_divide_by(self, t: T) -> Self::Output;
}
impl<A: DivideOperand + Gather, T: DivideTilerKind + Gather, K> UnpackDivideBy<T, K> for A
where
    A::Itself: Symbolize<U0, U0>,
    T::Itself: Symbolize<U1, U0>,
    SymT<T>: DivideTiler<SymA<A>>,
    Judged<A, T>: Checked + Judge,
    Divided<A, T>: TileUnzip<T>,
    Zipped<A, T>: Unpack<K>,
    <Zipped<A, T> as Unpack<K>>::Output: Realize<Whole>,
{
    type Output = Realized<<Zipped<A, T> as Unpack<K>>::Output>;
    #[inline(always)]
    fn unpack_divide_by(self, t: T) -> Self::Output {
        realize2::<Judged<A, T>, <Zipped<A, T> as Unpack<K>>::Output, _, _>(&self, &t)
    }
}
