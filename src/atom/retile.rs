//! Retiling (CuTe's `TiledCopy::retile`, behind `retile_S` and `retile_D`): a thread's register
//! fragment laid out for the MMA, `(V, M, K)` as `partition_fragment_A` gives it, seen in the
//! copy's terms, `(CPY, CPY_M, CPY_K)`: the values one call of the copy atom moves, then the
//! calls. A copy from `partition_S` of a shared tile into the retiled fragment fills the MMA's
//! registers.
//!
//! CuTe's steps, each a type-level operation here, with `V = size<0>(fragment)`:
//! `frg_mn = upcast<threads * V>(right_inverse(TV).with_shape(TilerMN))` (the tile's elements
//! in units of one thread's `V` values), `frg_v = zipped_divide(logical_product(V,
//! right_inverse(frg_mn)), AtomNumVal)`; the fragment is zipped-divided by
//! `(V, product_each(shape(frg_mn)))`, its tile mode composed with `frg_v`, and the rest's first
//! mode (of size 1) sliced at 0. The result reaches each of the fragment's registers once
//! (a post-condition `tests/tensor.rs` checks beside CuTe's answers).
//!
//! ```
//! use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
//! use tessel::atom::element::F16;
//! use tessel::atom::retile::Retiled;
//! use tessel::atom::tiled_copy::MakeTiledCopyB;
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
//! use tessel::{layout, shape, MakeTiledMma, C};
//! // sgemm_sm80's B: 8 atoms of 4 halves a thread, two atoms to one ldmatrix.x4.
//! type Mma =
//!     MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;
//! type Ldsm = MakeTiledCopyB<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>;
//! type Frag = layout!("((2,2),8,4):((1,2),4,32)"); // partition_fragment_B of (128,64)
//! assert_eq!(Retiled::<Frag, Ldsm>::default().to_string(), "((8,1),4,4):((1,0),8,32)");
//! ```

use crate::algebra::composition::ComposeBy;
use crate::algebra::divide::ZippedDivideBy;
use crate::algebra::inverse::RightInverted;
use crate::algebra::product::LogicalProductBy;
use crate::atom::copy::{TwoModesShape, Upcast};
use crate::atom::tiled_copy::{AtomCounts, ThrCopy, TiledCopy, Tiler, Untuple};
use crate::diagnostic::{Check, CheckBit, Checked, Fails, Holds};
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, StaticShape};
use crate::layout::sublayout::Modes;
use crate::layout::sublayout::{Concatenate, TwoModes};
use crate::layout::Layout;
use crate::num::arith::{SameAs, SameValue};
use crate::num::list::Len;
use crate::num::nat::Prod;
use crate::tensor::{CutByValue, Engine, TensorOf};
use typenum::{U1, U3};

/// `Self`, a fragment layout `(V, M, K)`, retiled for the TiledCopy `Tc`.
#[diagnostic::on_unimplemented(
    message = "retile: this fragment cannot be retiled for this TiledCopy",
    label = "retile_S/retile_D take a thread's fragment (V, M, K) of the copy's MMA operand"
)]
pub trait Retile<Tc> {
    /// `(CPY, CPY_M, CPY_K)`.
    type Output;
}

/// The retiled layout.
pub type Retiled<R, Tc> = <R as Retile<Tc>>::Output;

/// The fragment's first mode's size, `V`.
type V<R> = <R as FirstSize>::V;
/// The TV layout's thread count.
type Threads<Tc> = Size<<<Tc as TiledCopy>::LayoutTV as TwoModesShape>::Mode0>;
/// `right_inverse(TV).with_shape(TilerMN)`: a tile element's `(thread, value)` index.
type TileToTv<Tc> = <<<Tc as TiledCopy>::LayoutTV as RightInverted>::Output as ComposeBy<
    Layout<Tiler<Tc>>,
>>::Output;
/// `frg_mn`.
type FrgMn<Tc, R> = <TileToTv<Tc> as Upcast<Prod<Threads<Tc>, V<R>>>>::Output;
/// `logical_product(V, right_inverse(frg_mn))`.
type ValProduct<Tc, R> =
    <Layout<V<R>> as LogicalProductBy<<FrgMn<Tc, R> as RightInverted>::Output>>::Output;
/// `make_layout(AtomNumVal)` (`1:0` for one value, as CuTe's compact layouts).
type AtomVals<Tc> = Layout<<<Tc as TiledCopy>::Atom as AtomCounts>::NumVal>;
/// `frg_v`: `(atom values, calls) -> fragment value`.
type FrgV<Tc, R> = <ValProduct<Tc, R> as ZippedDivideBy<AtomVals<Tc>>>::Output;
/// `(V, product_each(shape(frg_mn)))`.
type FrgTile<Tc, R> = (
    V<R>,
    Size<<FrgMn<Tc, R> as TwoModesShape>::Mode0>,
    Size<<FrgMn<Tc, R> as TwoModesShape>::Mode1>,
);
type Divided<Tc, R> = <R as ZippedDivideBy<FrgTile<Tc, R>>>::Output;
type TileMode<Tc, R> = <<Divided<Tc, R> as TwoModes>::First as ComposeBy<FrgV<Tc, R>>>::Output;
type Rest<Tc, R> = <Divided<Tc, R> as TwoModes>::Second;
type Rest1<Tc, R> = <Rest<Tc, R> as Tail2>::Mode1;
type Rest2<Tc, R> = <Rest<Tc, R> as Tail2>::Mode2;

impl<Tc: TiledCopy, R: FirstSize> Retile<Tc> for R
where
    Tc::Atom: AtomCounts,
    Tc::TilerMN: Untuple,
    Tc::LayoutTV: TwoModesShape + RightInverted,
    <Tc::LayoutTV as TwoModesShape>::Mode0: StaticShape,
    Tiler<Tc>: Compact<Left, U1> + LayoutShape<LayoutLeft<Tiler<Tc>>>,
    LayoutLeft<Tiler<Tc>>: IntTuple,
    <Tc::LayoutTV as RightInverted>::Output: ComposeBy<Layout<Tiler<Tc>>>,
    Threads<Tc>: crate::num::nat::Mul<V<R>>,
    TileToTv<Tc>: Upcast<Prod<Threads<Tc>, V<R>>>,
    FrgMn<Tc, R>: RightInverted + TwoModesShape,
    <FrgMn<Tc, R> as TwoModesShape>::Mode0: StaticShape,
    <FrgMn<Tc, R> as TwoModesShape>::Mode1: StaticShape,
    V<R>: Compact<Left, U1> + LayoutShape<LayoutLeft<V<R>>>,
    LayoutLeft<V<R>>: IntTuple,
    Layout<V<R>>: LogicalProductBy<<FrgMn<Tc, R> as RightInverted>::Output>,
    <Tc::Atom as AtomCounts>::NumVal:
        Compact<Left, U1> + LayoutShape<LayoutLeft<<Tc::Atom as AtomCounts>::NumVal>>,
    LayoutLeft<<Tc::Atom as AtomCounts>::NumVal>: IntTuple,
    ValProduct<Tc, R>: ZippedDivideBy<AtomVals<Tc>>,
    R: ZippedDivideBy<FrgTile<Tc, R>>,
    Divided<Tc, R>: TwoModes,
    <Divided<Tc, R> as TwoModes>::First: ComposeBy<FrgV<Tc, R>>,
    <Divided<Tc, R> as TwoModes>::Second: Tail2,
    (TileMode<Tc, R>, Rest1<Tc, R>, Rest2<Tc, R>): Concatenate,
{
    type Output = <(TileMode<Tc, R>, Rest1<Tc, R>, Rest2<Tc, R>) as Concatenate>::Output;
}

/// The size of a layout's first mode (any rank: the rank is checked apart, with its number).
pub trait FirstSize {
    /// `size<0>`.
    type V;
}
macro_rules! first_size {
    ($(($($S:ident $D:ident),+))+) => {$(
        impl<S0: StaticShape, D0, $($S, $D),+> FirstSize for Layout<(S0, $($S,)+), (D0, $($D,)+)>
        where
            (S0, $($S,)+): LayoutShape<(D0, $($D,)+)>,
            (D0, $($D,)+): IntTuple,
        {
            type V = Size<S0>;
        }
    )+};
}
first_size! { (S1 D1) (S1 D1, S2 D2) (S1 D1, S2 D2, S3 D3) }

crate::diagnostic::condition!(
    /// retile: the fragment has rank 3, `(V, M, K)`.
    FragmentRank,
    FragmentRankFails,
    "retile: the fragment has rank {A}, not 3: (V, M, K) as partition_fragment_A/B/C gives it",
    "retile_S/retile_D take a thread's register fragment of an MMA operand"
);
/// The retiled layout if the verdict `V` on the fragment's rank holds, else the fragment itself (a
/// placeholder, so that the rank's error is the only one).
pub trait RetileIf<Tc, V> {
    /// The retiled layout, or the placeholder.
    type Output;
}
impl<Tc, R: Retile<Tc>> RetileIf<Tc, Holds> for R {
    type Output = R::Output;
}
impl<Tc, R, Tag, A, B> RetileIf<Tc, Fails<Tag, A, B>> for R {
    type Output = R;
}
/// What `retile_S/D` need of a fragment, as one bound: the verdict on its rank and the retiled
/// layout (the fragment itself where the rank fails).
#[doc(hidden)]
pub trait RetileOf<Tc> {
    /// [`RankVerdict`] of the fragment's shape.
    type Verdict;
    /// `(CPY, CPY_M, CPY_K)`, or the placeholder.
    type Output: Default;
}
impl<Tc, S, D> RetileOf<Tc> for Layout<S, D>
where
    S: LayoutShape<D> + Modes,
    D: IntTuple,
    S::List: Len,
    RankOfShape<S>: SameAs<U3>,
    SameValue<RankOfShape<S>, U3>: CheckBit<FragmentRank, RankOfShape<S>, U3>,
    Layout<S, D>: RetileIf<Tc, RankVerdict<S>>,
    <Layout<S, D> as RetileIf<Tc, RankVerdict<S>>>::Output: Default,
{
    type Verdict = RankVerdict<S>;
    type Output = <Layout<S, D> as RetileIf<Tc, RankVerdict<S>>>::Output;
}

/// The rank of a shape `S`.
type RankOfShape<S> = <<S as Modes>::List as Len>::Output;
/// The rank check's verdict on a fragment of shape `S`: [`Holds`] for
/// rank 3.
pub type RankVerdict<S> = Check<SameValue<RankOfShape<S>, U3>, FragmentRank, RankOfShape<S>, U3>;

/// Modes 1 and 2 of a rank-3 layout (the rest mode `(1, RestM, RestN)` sliced at 0).
#[diagnostic::on_unimplemented(
    message = "retile: the fragment's rest modes are not (1, M, K): it is not of rank 3",
    label = "retile_S/retile_D take a thread's register fragment (V, M, K)"
)]
pub trait Tail2 {
    /// Mode 1.
    type Mode1;
    /// Mode 2.
    type Mode2;
}
impl<S0, S1: LayoutShape<D1>, S2: LayoutShape<D2>, D0, D1: IntTuple, D2: IntTuple> Tail2
    for Layout<(S0, S1, S2), (D0, D1, D2)>
where
    (S0, S1, S2): LayoutShape<(D0, D1, D2)>,
    (D0, D1, D2): IntTuple,
{
    type Mode1 = Layout<S1, D1>;
    type Mode2 = Layout<S2, D2>;
}

#[allow(non_snake_case)]
impl<Tc: TiledCopy> ThrCopy<Tc> {
    /// A register fragment as this copy's destination (CuTe's `retile_D`): the same registers,
    /// `(CPY, CPY_M, CPY_K)`.
    ///
    /// ```
    /// use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
    /// use tessel::atom::element::F16;
    /// use tessel::atom::tiled_copy::MakeTiledCopyA;
    /// use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
    /// use tessel::{layout, shape, MakeTiledMma, Tensor, C};
    /// type Mma =
    ///     MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;
    /// let smem = [0u16; 128 * 64];
    /// let sa = Tensor::new(&smem, layout!("(128,64)"));
    /// let frag = Mma::get_slice(0).partition_fragment_A::<u16, _, _>(&sa);
    /// assert_eq!(frag.layout().to_string(), "((2,2,2),4,4):((1,2,4),8,32)");
    /// // One ldmatrix.x4 fills the 8 halves of one atom; 4 atoms down M, 4 K blocks.
    /// let copy = MakeTiledCopyA::<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>::get_slice(0);
    /// // A view of the registers: what a copy writes into it lands in `frag`.
    /// assert_eq!(copy.retile_D(frag.as_view()).layout().to_string(), "((8,1),4,4):((1,0),8,32)");
    /// ```
    #[inline(always)]
    pub fn retile_D<E: Engine, S, D, B: CutByValue>(
        &self,
        t: TensorOf<E, Layout<S, D>, B>,
    ) -> TensorOf<E, <Layout<S, D> as RetileOf<Tc>>::Output>
    where
        S: LayoutShape<D>,
        D: IntTuple,
        Layout<S, D>: RetileOf<Tc>,
        <Layout<S, D> as RetileOf<Tc>>::Verdict: Checked,
    {
        t.cut().view(Default::default())
    }

    /// A register fragment as this copy's source (CuTe's `retile_S`): the same view.
    #[inline(always)]
    pub fn retile_S<E: Engine, S, D, B: CutByValue>(
        &self,
        t: TensorOf<E, Layout<S, D>, B>,
    ) -> TensorOf<E, <Layout<S, D> as RetileOf<Tc>>::Output>
    where
        S: LayoutShape<D>,
        D: IntTuple,
        Layout<S, D>: RetileOf<Tc>,
        <Layout<S, D> as RetileOf<Tc>>::Verdict: Checked,
    {
        self.retile_D(t)
    }
}
