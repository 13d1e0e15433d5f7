//! Products: `logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B)`, its rearranged
//! forms, the rank-sensitive blocked and raked products, and tile_to_shape, computed during type
//! checking.
//!
//! Mode 0 of a logical product is A itself, mode 1 places copies of A as B lays them out. A tuple
//! tiler multiplies mode by mode and keeps the modes of A past it. `blocked_product(A, B)` pads
//! both to the larger rank with `1:0` modes and pairs mode i of A with mode i of the copies,
//! `((a0,c0),(a1,c1),...)`; `raked_product(A, B)` puts the copies first, `((c0,a0),...)`.
//! `tile_to_shape(A, S)` repeats A column-major until it has shape S.
//!
//! Post-conditions (CuTe's test): the logical product has rank 2, its mode 0 is A, its mode 1 is
//! compatible with B, and it is its defining formula; its complement takes CuTe's answer, so a
//! padded tile multiplies as in CuTe (`(32,32):(1,33)` by `4:1` is `((32,32),4):((1,33),1056)`).
//! tessel rejects what CuTe rejects (A overlapping itself, CuTe's divisibility assertions, a
//! tuple tiler with more modes than A; for tile_to_shape a mode of S that is not a multiple of
//! A's, or a layout of higher rank than S) plus products whose composition CuTe answers wrongly:
//! `logical_product((2):(3), (4):(2))` is CuTe's `((2),((2,2))):((3),((2,6)))`, whose copies are
//! not `complement(A, 14) o B` (that takes the coordinate 4 of `(3,3):(1,6)` to 7, CuTe to 6).
//! The runtime mirror is [`crate::dynamic::product`].
//!
//! ```
//! use tessel::{blocked_product, layout, raked_product, shape, BlockedProduct, LogicalProduct, TileToShape};
//! static_assertions::assert_type_eq_all!(
//!     LogicalProduct<layout!("(2,2):(4,1)"), layout!("6:1")>,
//!     layout!("((2,2),(2,3)):((4,1),(2,8))"));
//! let (a, b) = (layout!("(2,5):(5,1)"), layout!("(3,4):(1,3)"));
//! assert_eq!(blocked_product(a, b).to_string(), "((2,3),(5,4)):((5,10),(1,30))");
//! assert_eq!(raked_product(a, b).to_string(), "((3,2),(4,5)):((10,5),(30,1))");
//! static_assertions::assert_type_eq_all!(
//!     TileToShape<layout!("(8,8):(8,1)"), shape!("(32,16)")>,
//!     layout!("((8,4),(8,2)):((8,64),(1,256))"));
//! ```

use crate::algebra::by_mode::{
    tuple_tilers, IntegerTiler, KeepRest, ModeOp, ProductOperand, ProductTilerKind,
};
use crate::algebra::complement::ComplementOf;
use crate::algebra::composition::Compose;
use crate::algebra::divide::{Keep, OpenBoth, TileUnzip, Unpack};
use crate::algebra::mixed::{
    realize2, Dyn, Env, Eval, Gather, Over, Realize, Realized, Sym0, Sym1, Symbolize, Whole,
};
use crate::diagnostic::{
    And, Both, Check, CheckBit, Checked, Deferred, Failure, Holds, Judge, Pick, RuntimeCheck,
    Verified,
};
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves};
use crate::layout::sublayout::{Concatenate, Modes, Parts};
use crate::layout::Layout;
use crate::num::arith::{DivCheap, Divides, MulMixed, ProdOf, QuotCheap};
pub use crate::num::list::Len;
use crate::num::list::{list_type, Concat, Cons, Joined, Nil, ToTuple, ZipList};
use crate::num::nat::{Diff, Pred, Sub1, SubBorrow};
use typenum::{IsEqual, Max, Maximum, UInt, UTerm, B0, B1, U0, U1};

/// The size of a shape's leaves (a list), static or runtime: static where every leaf is.
pub trait ListSizeMixed {
    /// The size.
    type Output;
}
impl ListSizeMixed for Nil {
    type Output = U1;
}
impl<H: MulMixed<T::Output>, T: ListSizeMixed> ListSizeMixed for Cons<H, T> {
    type Output = ProdOf<H, T::Output>;
}

/// `size(S)` for a shape S, static or runtime.
pub type SizeOf<S> = <<S as Leaves>::List as ListSizeMixed>::Output;

pub use crate::layout::{Cosize, CosizeOf, ReachSum};

/// `logical_product(A, Self)` for a tiler `Self`: a layout, an integer, or a tuple of tilers.
#[diagnostic::on_unimplemented(
    message = "logical_product: the first argument is not a layout tessel multiplies",
    label = "logical_product takes a static layout (or composed layout) and a tiler"
)]
pub trait ProductTiler<A> {
    /// The logical product.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

/// `LogicalProduct<A, B>`: `(A, copies of A laid out by B)` (a compile error at this line if the
/// complement or the composition it takes fails a condition).
pub type LogicalProduct<A, B> = Realized<Multiplied<A, B>>;

/// The logical product with symbols for runtime leaves, checked.
type Multiplied<A, B> = Verified<Judged<A, B>, <SymB<B> as ProductTiler<SymA<A>>>::Output>;
type Judged<A, B> = <SymB<B> as ProductTiler<SymA<A>>>::Verdict;
type Zipped<A, B> = <Multiplied<A, B> as TileUnzip<B>>::Output;

/// The tiler B, once it is known to be one, its runtime leaves symbols.
type SymB<B> = Sym1<<B as ProductTilerKind>::Itself>;
/// The layout A, once it is known to be one.
type Lay<A> = <A as ProductOperand>::Itself;
/// ... its runtime leaves symbols.
type SymA<A> = Sym0<Lay<A>>;

type Target<AS, B> = ProdOf<SizeOf<AS>, Cosize<B>>;
type Copies<A, AS, B> = <<A as ComplementOf<Target<AS, B>>>::Output as Compose<B>>::Output;

impl<AS: LayoutShape<AD> + Leaves, AD: IntTuple, BS: LayoutShape<BD>, BD: IntTuple>
    ProductTiler<Layout<AS, AD>> for Layout<BS, BD>
where
    Self: CosizeOf,
    AS::List: ListSizeMixed,
    SizeOf<AS>: MulMixed<Cosize<Self>>,
    Layout<AS, AD>: ComplementOf<Target<AS, Self>>,
    <Layout<AS, AD> as ComplementOf<Target<AS, Self>>>::Output: Compose<Self>,
    (Layout<AS, AD>, Copies<Layout<AS, AD>, AS, Self>): Concatenate,
    <Layout<AS, AD> as ComplementOf<Target<AS, Self>>>::Verdict: Both<
        <<Layout<AS, AD> as ComplementOf<Target<AS, Self>>>::Output as Compose<Self>>::Verdict,
    >,
{
    type Output = <(Layout<AS, AD>, Copies<Layout<AS, AD>, AS, Self>) as Concatenate>::Output;
    type Verdict = And<
        <Layout<AS, AD> as ComplementOf<Target<AS, Self>>>::Verdict,
        <<Layout<AS, AD> as ComplementOf<Target<AS, Self>>>::Output as Compose<Self>>::Verdict,
    >;
}

/// An integer tiler `N` multiplies like the layout `N:1` (`1:0` for 1).
impl<AS: LayoutShape<AD>, AD: IntTuple, U, B> ProductTiler<Layout<AS, AD>> for UInt<U, B>
where
    UInt<U, B>: Compact<Left, U1> + LayoutShape<LayoutLeft<UInt<U, B>>>,
    LayoutLeft<UInt<U, B>>: IntTuple,
    IntegerTiler<UInt<U, B>>: ProductTiler<Layout<AS, AD>>,
{
    type Output = <IntegerTiler<UInt<U, B>> as ProductTiler<Layout<AS, AD>>>::Output;
    type Verdict = <IntegerTiler<UInt<U, B>> as ProductTiler<Layout<AS, AD>>>::Verdict;
}

/// The logical product as a by-mode operation: mode L with tiler T.
pub struct ProductOp;
impl<L, T: ProductTiler<L>> ModeOp<L, T> for ProductOp {
    type Output = T::Output;
    type Verdict = T::Verdict;
}

// A tuple tiler multiplies mode by mode and keeps the modes of A past it.
crate::num::list::for_each_arity!(tuple_tilers; ProductTiler, ProductOp, KeepRest, crate::algebra::by_mode::ProductModes);

/// `ZippedProduct<A, B>`: `((A), (copies))`.
pub type ZippedProduct<A, B> = Realized<Zipped<A, B>>;
/// `TiledProduct<A, B>`: `((A), c0, c1, ...)`.
pub type TiledProduct<A, B> = Realized<<Zipped<A, B> as Unpack<Keep>>::Output>;
/// `FlatProduct<A, B>`: `(a0, a1, ..., c0, c1, ...)`.
pub type FlatProduct<A, B> = Realized<<Zipped<A, B> as Unpack<OpenBoth>>::Output>;

/// The rank of a layout, as a typenum number (an integer layout has rank 1).
pub type RankOf<L> = <<<L as Parts>::Shape as Modes>::List as Len>::Output;

/// CuTe's `append<R>`: the layout padded with `1:0` modes to rank R (unchanged at rank R).
#[doc(hidden)]
pub trait PadTo<R> {
    /// The padded layout.
    type Output;
}

/// `R - len` copies of the mode `1:0`, after a list of modes.
pub trait Padding<Missing> {
    /// The padded list of shapes (or strides, with `Stride = B1`).
    type Output;
}

impl<S: LayoutShape<D> + Modes, D: IntTuple + Modes, R> PadTo<R> for Layout<S, D>
where
    S::List: Len,
    <S::List as Len>::Output: IsEqual<R>,
    Self: PadIf<<<S::List as Len>::Output as IsEqual<R>>::Output, R>,
{
    type Output = <Self as PadIf<<<S::List as Len>::Output as IsEqual<R>>::Output, R>>::Output;
}

/// Unchanged (`B1`: already rank R) or padded (`B0`).
#[doc(hidden)]
pub trait PadIf<AtRank, R> {
    /// The layout.
    type Output;
}
impl<L, R> PadIf<B1, R> for L {
    type Output = L;
}
impl<S: LayoutShape<D> + Modes, D: IntTuple + Modes, R> PadIf<B0, R> for Layout<S, D>
where
    S::List: Len + Concat<Ones<Diff<R, <S::List as Len>::Output>, U1>>,
    D::List: Concat<Ones<Diff<R, <S::List as Len>::Output>, UTerm>>,
    R: SubBorrow<<S::List as Len>::Output, B0>,
    Diff<R, <S::List as Len>::Output>: Repeat<U1> + Repeat<UTerm>,
    Joined<S::List, Ones<Diff<R, <S::List as Len>::Output>, U1>>: ToTuple,
    Joined<D::List, Ones<Diff<R, <S::List as Len>::Output>, UTerm>>: ToTuple,
    <Joined<S::List, Ones<Diff<R, <S::List as Len>::Output>, U1>> as ToTuple>::Tuple: LayoutShape<
        <Joined<D::List, Ones<Diff<R, <S::List as Len>::Output>, UTerm>> as ToTuple>::Tuple,
    >,
    <Joined<D::List, Ones<Diff<R, <S::List as Len>::Output>, UTerm>> as ToTuple>::Tuple: IntTuple,
{
    type Output = Layout<
        <Joined<S::List, Ones<Diff<R, <S::List as Len>::Output>, U1>> as ToTuple>::Tuple,
        <Joined<D::List, Ones<Diff<R, <S::List as Len>::Output>, UTerm>> as ToTuple>::Tuple,
    >;
}

/// `N` copies of X.
pub trait Repeat<X> {
    /// The list.
    type Output;
}
impl<X> Repeat<X> for UTerm {
    type Output = Nil;
}
impl<U, B, X> Repeat<X> for UInt<U, B>
where
    UInt<U, B>: Pred,
    Sub1<UInt<U, B>>: Repeat<X>,
{
    type Output = Cons<X, <Sub1<UInt<U, B>> as Repeat<X>>::Output>;
}

/// `N` copies of X, as a list.
pub type Ones<N, X> = <N as Repeat<X>>::Output;

crate::diagnostic::condition!(
    /// zip (blocked_product, raked_product): a tuple zips only with one of its rank.
    ZipRanks,
    ZipRanksMatch,
    "blocked_product/raked_product: zip pairs a part of {A} modes with one of {B} modes (CuTe: Mismatched Ranks)",
    "zip needs the block and the tiler's copies of one rank; a runtime stride in the block may keep its complement from coalescing"
);

/// CuTe's `zip(a, b)` on IntTuples: `((a0,b0),(a1,b1),...)`; an integer zips with anything to
/// `((a,b))`; tuples of two ranks do not zip (the verdict, with `Self` as a placeholder).
pub trait ZipWith<B> {
    /// The zipped IntTuple.
    type Output;
    /// [`Holds`], or the ranks that differ.
    type Verdict;
}
impl<U, Bt, B> ZipWith<B> for UInt<U, Bt> {
    type Output = ((UInt<U, Bt>, B),);
    type Verdict = Holds;
}
impl<B> ZipWith<B> for UTerm {
    type Output = ((UTerm, B),);
    type Verdict = Holds;
}
impl<E, B> ZipWith<B> for Dyn<E> {
    type Output = ((Dyn<E>, B),);
    type Verdict = Holds;
}
impl<U: typenum::Unsigned + typenum::NonZero, B> ZipWith<B> for typenum::NInt<U> {
    type Output = ((typenum::NInt<U>, B),);
    type Verdict = Holds;
}

/// Two lists zipped where their lengths `Same` (`B1`), else the first list unchanged and the
/// failure.
#[doc(hidden)]
pub trait ZipIf<Same, B> {
    /// The zipped list.
    type Output;
    /// [`Holds`], or the ranks that differ.
    type Verdict;
}
impl<X: ZipList<B>, B> ZipIf<B1, B> for X {
    type Output = X::Output;
    type Verdict = Holds;
}
impl<X: Len, B: Len> ZipIf<B0, B> for X
where
    X::Output: crate::diagnostic::Decimal,
    B::Output: crate::diagnostic::Decimal,
{
    type Output = X;
    type Verdict = Check<B0, ZipRanks, X::Output, B::Output>;
}
type Zip<X, B> =
    <X as ZipIf<<<X as Len>::Output as IsEqual<<B as Len>::Output>>::Output, B>>::Output;
type ZipVerdict<X, B> =
    <X as ZipIf<<<X as Len>::Output as IsEqual<<B as Len>::Output>>::Output, B>>::Verdict;

macro_rules! tuple_zip {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T,)+ B: Modes> ZipWith<B> for ($($T,)+)
        where
            list_type!($($T),+): Len,
            B::List: Len,
            <list_type!($($T),+) as Len>::Output: IsEqual<<B::List as Len>::Output>,
            list_type!($($T),+): ZipIf<
                <<list_type!($($T),+) as Len>::Output as IsEqual<<B::List as Len>::Output>>::Output,
                B::List,
            >,
            Zip<list_type!($($T),+), B::List>: ToTuple,
        {
            type Output = <Zip<list_type!($($T),+), B::List> as ToTuple>::Tuple;
            type Verdict = ZipVerdict<list_type!($($T),+), B::List>;
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_zip);

/// The layout `zip(X, Y)` of two layouts' shapes and strides, and whether their ranks let them.
#[doc(hidden)]
pub trait ZipLayouts<Y> {
    /// The zipped layout.
    type Output;
    /// [`Holds`], or the ranks that differ.
    type Verdict;
}
impl<
        XS: LayoutShape<XD> + ZipWith<YS>,
        XD: IntTuple + ZipWith<YD>,
        YS: LayoutShape<YD>,
        YD: IntTuple,
    > ZipLayouts<Layout<YS, YD>> for Layout<XS, XD>
where
    XS::Output: LayoutShape<XD::Output>,
    XD::Output: IntTuple,
{
    type Output = Layout<XS::Output, XD::Output>;
    type Verdict = XS::Verdict;
}

/// The two modes of a rank-2 layout.
#[doc(hidden)]
pub trait TwoModes {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
}
impl<S0: LayoutShape<D0>, S1: LayoutShape<D1>, D0: IntTuple, D1: IntTuple> TwoModes
    for Layout<(S0, S1), (D0, D1)>
where
    (S0, S1): LayoutShape<(D0, D1)>,
{
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
}

/// `logical_product(append<R>(A), append<R>(B))` for R the larger rank.
type Halves<A, B> = <<B as PadTo<MaxRank<A, B>>>::Output as ProductTiler<
    <A as PadTo<MaxRank<A, B>>>::Output,
>>::Output;
type MaxRank<A, B> = Maximum<RankOf<A>, RankOf<B>>;

/// The rank-sensitive products of `Self` and B: `Blocked` and `Raked`, each with its verdict.
pub trait RankProduct<B> {
    /// `blocked_product(Self, B)`.
    type Blocked;
    /// `raked_product(Self, B)`.
    type Raked;
    /// [`Holds`], or the first condition of the product or of its zip that failed.
    type BlockedVerdict;
    /// The same for `raked_product`.
    type RakedVerdict;
}

/// The two halves of the product, `(A, B*)`.
type HalfA<A, B> = <Halves<A, B> as TwoModes>::First;
type HalfB<A, B> = <Halves<A, B> as TwoModes>::Second;
/// The product's own verdict.
type ProductVerdict<A, B> = <<B as PadTo<MaxRank<A, B>>>::Output as ProductTiler<
    <A as PadTo<MaxRank<A, B>>>::Output,
>>::Verdict;

impl<AS: LayoutShape<AD>, AD: IntTuple, B> RankProduct<B> for Layout<AS, AD>
where
    Layout<AS, AD>: Parts + PadTo<MaxRank<Layout<AS, AD>, B>>,
    B: Parts + PadTo<MaxRank<Layout<AS, AD>, B>>,
    <<Layout<AS, AD> as Parts>::Shape as Modes>::List: Len,
    <<B as Parts>::Shape as Modes>::List: Len,
    <Layout<AS, AD> as Parts>::Shape: Modes,
    <B as Parts>::Shape: Modes,
    RankOf<Layout<AS, AD>>: Max<RankOf<B>>,
    <B as PadTo<MaxRank<Layout<AS, AD>, B>>>::Output:
        ProductTiler<<Layout<AS, AD> as PadTo<MaxRank<Layout<AS, AD>, B>>>::Output>,
    Halves<Layout<AS, AD>, B>: TwoModes,
    HalfA<Layout<AS, AD>, B>: ZipLayouts<HalfB<Layout<AS, AD>, B>>,
    HalfB<Layout<AS, AD>, B>: ZipLayouts<HalfA<Layout<AS, AD>, B>>,
    ProductVerdict<Layout<AS, AD>, B>: Both<<HalfA<Layout<AS, AD>, B> as ZipLayouts<HalfB<Layout<AS, AD>, B>>>::Verdict>
        + Both<<HalfB<Layout<AS, AD>, B> as ZipLayouts<HalfA<Layout<AS, AD>, B>>>::Verdict>,
{
    type Blocked = <HalfA<Layout<AS, AD>, B> as ZipLayouts<HalfB<Layout<AS, AD>, B>>>::Output;
    type Raked = <HalfB<Layout<AS, AD>, B> as ZipLayouts<HalfA<Layout<AS, AD>, B>>>::Output;
    type BlockedVerdict = And<
        ProductVerdict<Layout<AS, AD>, B>,
        <HalfA<Layout<AS, AD>, B> as ZipLayouts<HalfB<Layout<AS, AD>, B>>>::Verdict,
    >;
    type RakedVerdict = And<
        ProductVerdict<Layout<AS, AD>, B>,
        <HalfB<Layout<AS, AD>, B> as ZipLayouts<HalfA<Layout<AS, AD>, B>>>::Verdict,
    >;
}

/// `BlockedProduct<A, B>`: `((a0,c0),(a1,c1),...)`.
pub type BlockedProduct<A, B> = Realized<Blocked<A, B>>;
type Blocked<A, B> = Verified<
    <SymA<A> as RankProduct<Sym1<B>>>::BlockedVerdict,
    <SymA<A> as RankProduct<Sym1<B>>>::Blocked,
>;
/// `RakedProduct<A, B>`: `((c0,a0),(c1,a1),...)`.
pub type RakedProduct<A, B> = Realized<Raked<A, B>>;
type Raked<A, B> = Verified<
    <SymA<A> as RankProduct<Sym1<B>>>::RakedVerdict,
    <SymA<A> as RankProduct<Sym1<B>>>::Raked,
>;

crate::diagnostic::condition!(
    /// Each mode of the target shape must be a multiple of the block's mode.
    BlockDivides,
    BlockDividesTarget,
    "tile_to_shape: the block's mode of size {A} does not divide the target's mode of size {B}",
    "shape divisibility: each mode of the target shape must be a multiple of the block's mode"
);

/// How many copies of the block each mode of the target needs: a list of counts.
pub trait Counts<Targets> {
    /// The counts.
    type Output;
    /// [`Holds`], or the first mode that does not divide.
    type Verdict;
}
impl Counts<Nil> for Nil {
    type Output = Nil;
    type Verdict = Holds;
}
impl<B: Leaves, BT: Counts<TT>, T: Leaves, TT> Counts<Cons<T, TT>> for Cons<B, BT>
where
    B::List: ListSizeMixed,
    T::List: ListSizeMixed,
    SizeOf<B>: Count<SizeOf<T>>,
    <SizeOf<B> as Count<SizeOf<T>>>::Verdict: Both<BT::Verdict>,
{
    type Output = Cons<<SizeOf<B> as Count<SizeOf<T>>>::Output, BT::Output>;
    type Verdict = And<<SizeOf<B> as Count<SizeOf<T>>>::Verdict, BT::Verdict>;
}

/// How many blocks of size `Self` a target mode of size T holds: `T / Self`, where `Self`
/// must divide T (a compile error when both are static, checked at run time otherwise; the
/// count is then 1 in place of a failed one, so that no second error follows).
#[doc(hidden)]
pub trait Count<T> {
    /// The count.
    type Output;
    /// [`Holds`], the failure, or the runtime check.
    type Verdict;
}
impl<U, B, V, C> Count<UInt<V, C>> for UInt<U, B>
where
    UInt<V, C>: DivCheap<UInt<U, B>>,
    Divides<UInt<V, C>, UInt<U, B>>: CheckBit<BlockDivides, UInt<U, B>, UInt<V, C>>,
    Check<Divides<UInt<V, C>, UInt<U, B>>, BlockDivides, UInt<U, B>, UInt<V, C>>:
        Pick<QuotCheap<UInt<V, C>, UInt<U, B>>, U1>,
{
    type Output =
        <Check<Divides<UInt<V, C>, UInt<U, B>>, BlockDivides, UInt<U, B>, UInt<V, C>> as Pick<
            QuotCheap<UInt<V, C>, UInt<U, B>>,
            U1,
        >>::Output;
    type Verdict = Check<Divides<UInt<V, C>, UInt<U, B>>, BlockDivides, UInt<U, B>, UInt<V, C>>;
}
impl<U, B, F> Count<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Over<Dyn<F>, UInt<U, B>>>;
    type Verdict = Deferred<Cons<BlockDividesAt<UInt<U, B>, Dyn<F>>, Nil>>;
}
impl<E, T> Count<T> for Dyn<E> {
    type Output = Dyn<Over<T, Dyn<E>>>;
    type Verdict = Deferred<Cons<BlockDividesAt<Dyn<E>, T>, Nil>>;
}

/// At run time: the block size B divides the target mode T ([`BlockDivides`]).
pub struct BlockDividesAt<B, T>(core::marker::PhantomData<(B, T)>);
impl<B: Eval, T: Eval> RuntimeCheck for BlockDividesAt<B, T> {
    #[inline(always)]
    fn check(env: &Env) -> Result<(), Failure> {
        let (b, t) = (B::eval(env) as i64, T::eval(env) as i64);
        match t % b {
            0 => Ok(()),
            _ => Err(Failure {
                message: BlockDivides::MESSAGE,
                a: b,
                b: t,
            }),
        }
    }
}

/// `tile_to_shape(Self, S)` on types.
pub trait TileTo<S> {
    /// The tiled layout.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

type Padded<A, S> = <A as PadTo<<<S as Modes>::List as Len>::Output>>::Output;
type CountsOf<A, S> = <<<<Padded<A, S> as Parts>::Shape as Modes>::List as Counts<
    <S as Modes>::List,
>>::Output as ToTuple>::Tuple;

crate::diagnostic::condition!(
    /// The target shape has at least the layout's rank.
    RankFits,
    RankFitsTarget,
    "tile_to_shape: the layout has {A} modes, more than the {B} of the target shape",
    "the target shape needs at least as many modes as the layout"
);

impl<AS: LayoutShape<AD> + Modes, AD: IntTuple, S: Modes> TileTo<S> for Layout<AS, AD>
where
    AS::List: Len,
    S::List: Len,
    <AS::List as Len>::Output: typenum::IsLessOrEqual<<S::List as Len>::Output>,
    Self: TileToIf<typenum::LeEq<<AS::List as Len>::Output, <S::List as Len>::Output>, S>,
{
    type Output = <Self as TileToIf<
        typenum::LeEq<<AS::List as Len>::Output, <S::List as Len>::Output>,
        S,
    >>::Output;
    type Verdict = <Self as TileToIf<
        typenum::LeEq<<AS::List as Len>::Output, <S::List as Len>::Output>,
        S,
    >>::Verdict;
}

/// `tile_to_shape` once the ranks are known to fit (`B1`) or not (`B0`: a placeholder and the
/// failure of [`RankFits`]).
#[doc(hidden)]
pub trait TileToIf<Fits, S> {
    /// The tiled layout.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

impl<AS: LayoutShape<AD> + Modes, AD: IntTuple, S: Modes> TileToIf<B0, S> for Layout<AS, AD>
where
    AS::List: Len,
    S::List: Len,
    <AS::List as Len>::Output: crate::diagnostic::Decimal,
    <S::List as Len>::Output: crate::diagnostic::Decimal,
{
    type Output = Layout<U1, UTerm>;
    type Verdict = Check<B0, RankFits, <AS::List as Len>::Output, <S::List as Len>::Output>;
}

impl<AS: LayoutShape<AD>, AD: IntTuple, S: Modes> TileToIf<B1, S> for Layout<AS, AD>
where
    S::List: Len,
    Layout<AS, AD>: PadTo<<S::List as Len>::Output>,
    Padded<Layout<AS, AD>, S>: Parts,
    <Padded<Layout<AS, AD>, S> as Parts>::Shape: Modes,
    <<Padded<Layout<AS, AD>, S> as Parts>::Shape as Modes>::List: Counts<S::List>,
    <<<Padded<Layout<AS, AD>, S> as Parts>::Shape as Modes>::List as Counts<S::List>>::Output:
        ToTuple,
    CountsOf<Layout<AS, AD>, S>:
        Compact<Left, U1> + LayoutShape<LayoutLeft<CountsOf<Layout<AS, AD>, S>>>,
    LayoutLeft<CountsOf<Layout<AS, AD>, S>>: IntTuple,
    Padded<Layout<AS, AD>, S>:
        RankProduct<Layout<CountsOf<Layout<AS, AD>, S>, LayoutLeft<CountsOf<Layout<AS, AD>, S>>>>,
    <<<Padded<Layout<AS, AD>, S> as Parts>::Shape as Modes>::List as Counts<S::List>>::Verdict:
        Both<
            <Padded<Layout<AS, AD>, S> as RankProduct<
                Layout<CountsOf<Layout<AS, AD>, S>, LayoutLeft<CountsOf<Layout<AS, AD>, S>>>,
            >>::BlockedVerdict,
        >,
{
    type Output = <Padded<Layout<AS, AD>, S> as RankProduct<
        Layout<CountsOf<Layout<AS, AD>, S>, LayoutLeft<CountsOf<Layout<AS, AD>, S>>>,
    >>::Blocked;
    type Verdict = And<
        <<<Padded<Layout<AS, AD>, S> as Parts>::Shape as Modes>::List as Counts<S::List>>::Verdict,
        <Padded<Layout<AS, AD>, S> as RankProduct<
            Layout<CountsOf<Layout<AS, AD>, S>, LayoutLeft<CountsOf<Layout<AS, AD>, S>>>,
        >>::BlockedVerdict,
    >;
}

/// `TileToShape<A, S>`: A repeated column-major to the shape S (a compile error at this line if a
/// mode of S is not a multiple of A's).
pub type TileToShape<A, S> = Realized<Tiled<A, S>>;
type Tiled<A, S> =
    Verified<<SymA<A> as TileTo<Sym1<S>>>::Verdict, <SymA<A> as TileTo<Sym1<S>>>::Output>;

/// `logical_product(a, b)`: the value of `LogicalProduct<A, B>`.
#[inline(always)]
pub fn logical_product<A, B>(a: A, b: B) -> LogicalProduct<A, B>
where
    A: ProductOperand + Gather,
    B: ProductTilerKind + Gather,
    Lay<A>: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymB<B>: ProductTiler<SymA<A>>,
    Judged<A, B>: Checked + Judge,
    Multiplied<A, B>: Realize<Whole>,
{
    realize2::<Judged<A, B>, Multiplied<A, B>, _, _>(&a, &b)
}

/// `zipped_product(a, b)`: the value of `ZippedProduct<A, B>`.
#[inline(always)]
pub fn zipped_product<A, B>(a: A, b: B) -> ZippedProduct<A, B>
where
    A: ProductOperand + Gather,
    B: ProductTilerKind + Gather,
    Lay<A>: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymB<B>: ProductTiler<SymA<A>>,
    Judged<A, B>: Checked + Judge,
    Multiplied<A, B>: TileUnzip<B>,
    Zipped<A, B>: Realize<Whole>,
{
    realize2::<Judged<A, B>, Zipped<A, B>, _, _>(&a, &b)
}

/// `tiled_product(a, b)`: the value of `TiledProduct<A, B>`.
#[inline(always)]
pub fn tiled_product<A, B>(a: A, b: B) -> TiledProduct<A, B>
where
    A: ProductOperand + Gather,
    B: ProductTilerKind + Gather,
    Lay<A>: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymB<B>: ProductTiler<SymA<A>>,
    Judged<A, B>: Checked + Judge,
    Multiplied<A, B>: TileUnzip<B>,
    Zipped<A, B>: Unpack<Keep>,
    <Zipped<A, B> as Unpack<Keep>>::Output: Realize<Whole>,
{
    realize2::<Judged<A, B>, <Zipped<A, B> as Unpack<Keep>>::Output, _, _>(&a, &b)
}

/// `logical_product` as one bound, with the function as a method (generic code names it).
///
/// ```
/// use tessel::algebra::product::LogicalProductBy;
/// use tessel::layout;
/// let p = layout!("(2,2):(4,1)").logical_product_by(layout!("6:1"));
/// assert_eq!(p.to_string(), "((2,2),(2,3)):((4,1),(2,8))"); // CuTe's answer (cute-oracle)
/// ```
pub trait LogicalProductBy<B>: Sized {
    /// `LogicalProduct<Self, B>`.
    type Output;
    /// `logical_product(self, b)`.
    fn logical_product_by(self, b: B) -> Self::Output;
}
impl<A: ProductOperand + Gather, B: ProductTilerKind + Gather> LogicalProductBy<B> for A
where
    Lay<A>: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymB<B>: ProductTiler<SymA<A>>,
    Judged<A, B>: Checked + Judge,
    Multiplied<A, B>: Realize<Whole>,
{
    type Output = LogicalProduct<A, B>;
    #[inline(always)]
    fn logical_product_by(self, b: B) -> Self::Output {
        logical_product(self, b)
    }
}

/// `tiled_product` as one bound, with the function as a method (generic code names it).
pub trait TiledProductBy<B>: Sized {
    /// `TiledProduct<Self, B>`.
    type Output;
    /// `tiled_product(self, b)`.
    fn tiled_product_by(self, b: B) -> Self::Output;
}
impl<A: ProductOperand + Gather, B: ProductTilerKind + Gather> TiledProductBy<B> for A
where
    Lay<A>: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymB<B>: ProductTiler<SymA<A>>,
    Judged<A, B>: Checked + Judge,
    Multiplied<A, B>: TileUnzip<B>,
    Zipped<A, B>: Unpack<Keep>,
    <Zipped<A, B> as Unpack<Keep>>::Output: Realize<Whole>,
{
    type Output = TiledProduct<A, B>;
    #[inline(always)]
    fn tiled_product_by(self, b: B) -> Self::Output {
        tiled_product(self, b)
    }
}

/// `flat_product(a, b)`: the value of `FlatProduct<A, B>`.
#[inline(always)]
pub fn flat_product<A, B>(a: A, b: B) -> FlatProduct<A, B>
where
    A: ProductOperand + Gather,
    B: ProductTilerKind + Gather,
    Lay<A>: Symbolize<U0, U0>,
    B::Itself: Symbolize<U1, U0>,
    SymB<B>: ProductTiler<SymA<A>>,
    Judged<A, B>: Checked + Judge,
    Multiplied<A, B>: TileUnzip<B>,
    Zipped<A, B>: Unpack<OpenBoth>,
    <Zipped<A, B> as Unpack<OpenBoth>>::Output: Realize<Whole>,
{
    realize2::<Judged<A, B>, <Zipped<A, B> as Unpack<OpenBoth>>::Output, _, _>(&a, &b)
}

/// `blocked_product(a, b)`: the value of `BlockedProduct<A, B>`.
#[inline(always)]
pub fn blocked_product<A, B>(a: A, b: B) -> BlockedProduct<A, B>
where
    A: ProductOperand + Gather,
    B: Gather + Symbolize<U1, U0>,
    Lay<A>: Symbolize<U0, U0>,
    SymA<A>: RankProduct<Sym1<B>>,
    <SymA<A> as RankProduct<Sym1<B>>>::BlockedVerdict: Checked + Judge,
    Blocked<A, B>: Realize<Whole>,
{
    realize2::<<SymA<A> as RankProduct<Sym1<B>>>::BlockedVerdict, Blocked<A, B>, _, _>(&a, &b)
}

/// `raked_product(a, b)`: the value of `RakedProduct<A, B>`.
#[inline(always)]
pub fn raked_product<A, B>(a: A, b: B) -> RakedProduct<A, B>
where
    A: ProductOperand + Gather,
    B: Gather + Symbolize<U1, U0>,
    Lay<A>: Symbolize<U0, U0>,
    SymA<A>: RankProduct<Sym1<B>>,
    <SymA<A> as RankProduct<Sym1<B>>>::RakedVerdict: Checked + Judge,
    Raked<A, B>: Realize<Whole>,
{
    realize2::<<SymA<A> as RankProduct<Sym1<B>>>::RakedVerdict, Raked<A, B>, _, _>(&a, &b)
}

/// `raked_product` as one bound, with the function as a method (generic code names it).
pub trait RakedProductBy<B>: Sized {
    /// `RakedProduct<Self, B>`.
    type Output;
    /// `raked_product(self, b)`.
    fn raked_product_by(self, b: B) -> Self::Output;
}
impl<A: ProductOperand + Gather, B: Gather + Symbolize<U1, U0>> RakedProductBy<B> for A
where
    Lay<A>: Symbolize<U0, U0>,
    SymA<A>: RankProduct<Sym1<B>>,
    <SymA<A> as RankProduct<Sym1<B>>>::RakedVerdict: Checked + Judge,
    Raked<A, B>: Realize<Whole>,
{
    type Output = RakedProduct<A, B>;
    #[inline(always)]
    fn raked_product_by(self, b: B) -> Self::Output {
        raked_product(self, b)
    }
}

/// `tile_to_shape(a, s)`: the value of `TileToShape<A, S>`.
#[inline(always)]
pub fn tile_to_shape<A, S>(a: A, s: S) -> TileToShape<A, S>
where
    A: ProductOperand + Gather,
    S: Gather + Symbolize<U1, U0>,
    Lay<A>: Symbolize<U0, U0>,
    SymA<A>: TileTo<Sym1<S>>,
    <SymA<A> as TileTo<Sym1<S>>>::Verdict: Checked + Judge,
    Tiled<A, S>: Realize<Whole>,
{
    realize2::<<SymA<A> as TileTo<Sym1<S>>>::Verdict, Tiled<A, S>, _, _>(&a, &s)
}
