//! `make_fragment_like(L)`: the register layout of a thread's partition `L` (rank 2 or more,
//! static shape): mode 0, an atom's values, column-major, with its static zero strides kept 0;
//! the other modes compact after it, ordered by `L`'s strides (a [compact order](super)), so
//! that a fragment walks its registers in the order the tensor walks memory. A single rest mode
//! comes back wrapped in a tuple, `(V, (M))`, as CuTe's `tiled_product` gives it; a layout of
//! rank 1 or a leaf is column-major. Registers are counted at compile time, so every extent of a
//! register fragment must be static ([`StaticExtents`], one error naming how many are not); the
//! layout form ([`make_fragment_like`], [`FragmentLike`]) takes runtime extents as CuTe does,
//! answering the shape column-major. `make_tensor<T>(shape)`'s layout, [`FragmentOfShape`], is
//! the other register policy CuTe has.
//!
//! Post-conditions: the shape is `L`'s; the fragment is a bijection onto `0..n` once mode 0's
//! zero-stride leaves are set to size 1 (`n` the size that leaves); and of two rest leaves of
//! size 2 or more, the one with the smaller stride in `L` has the smaller stride here.
//!
//! ```
//! use tessel::{layout, ordered::FragmentLike};
//! // The A partition of a row-major tile for SM80's 16x8x16 (CuTe's answer).
//! type A = layout!("((2,2,2),4,4):((1,512,8),2048,16)");
//! assert_eq!(FragmentLike::<A>::default().to_string(), "((2,2,2),4,4):((1,2,4),32,8)");
//! ```

use super::{LeafStep, LeafWalk, LeafWalkList, Ordered, Paired};
use crate::diagnostic::{Check, CheckBit, Checked, Fails, Holds};
use crate::layout::compact::{ColumnMajor, Compact, Left, RealizeCompact};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves};
use crate::layout::Layout;
use crate::num::arith::IsZero;
use crate::num::list::{Cons, Nil, ToList, ToTuple};
use crate::num::nat::{AddCarry, Sum};
use crate::num::symbol::{Dyn, Env, Gather, Sym0, Symbolize};
use typenum::{NInt, NonZero, UInt, UTerm, Unsigned, B0, B1, U0, U1};

/// `make_fragment_like(L)` of a layout, CuTe's: of a static shape, mode 0 column-major and the
/// rest in the order of `L`'s strides (static or runtime); of a shape with a runtime extent, the
/// shape column-major; a composed layout's, its inner layout's. Registers need static extents:
/// [`MakeFragmentLike`] is the register form.
pub type FragmentLike<L> = <<L as FragmentOperand>::Parts as RealizeCompact>::Layout;

/// `make_fragment_like(l)` of a layout: see [`FragmentLike`]. (`tessel::make_fragment_like` is
/// the tensor's: registers.)
///
/// ```
/// use tessel::{layout, ordered::make_fragment_like};
/// // cute-oracle --raw make_fragment_like "(8,4):(#3,#1)", then "((2,#4),3):((1,2),8)"
/// let l = layout!("(8,4):(S,T)"; S = 3, T = 1);
/// assert_eq!(format!("{:#}", make_fragment_like(l)), "(_8,(_4)):(_1,(_8))");
/// let l = layout!("((2,N),3):((1,2),8)"; N = 4);
/// assert_eq!(format!("{:#}", make_fragment_like(l)), "((_2,4),_3):((_1,_2),8)");
/// ```
#[inline(always)]
pub fn make_fragment_like<L: FragmentOperand>(l: L) -> FragmentLike<L>
where
    L::Parts: RealizeCompact,
{
    <L::Parts>::layout(&l.leaves())
}

/// A layout, its leaves static or runtime, or a composed layout: what the layout form of
/// [`make_fragment_like`] takes.
///
/// ```compile_fail
/// // make_fragment_like: `TensorOf<..>` is not a layout (a tensor's registers: tessel::make_fragment_like(&t))
/// let data = [0f32; 8];
/// let t = tessel::Tensor::new(&data, tessel::layout!("(2,4):(4,1)"));
/// let _ = tessel::ordered::make_fragment_like(t);
/// ```
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: `{Self}` is not a layout",
    label = "make_fragment_like of a layout takes a Layout or a ComposedLayout",
    note = "a tensor's registers are `tessel::make_fragment_like(&t)`"
)]
pub trait FragmentOperand {
    /// The fragment's shape and strides, its runtime leaves symbols.
    type Parts;
    /// The layout's runtime leaves.
    fn leaves(&self) -> Env;
}
impl<S: LayoutShape<D> + Extents, D: IntTuple> FragmentOperand for Layout<S, D>
where
    Self: Symbolize<U0, U0> + Gather,
    S::Runtime: IsZero,
    Sym0<Self>: FragmentPartsIf<<S::Runtime as IsZero>::Output>,
{
    type Parts = <Sym0<Self> as FragmentPartsIf<<S::Runtime as IsZero>::Output>>::Parts;
    #[inline(always)]
    fn leaves(&self) -> Env {
        Env::of(self)
    }
}

/// The shape and strides of the fragment of a layout (mode 0 column-major, the rest ordered by
/// the layout's strides; a leaf column-major), its runtime leaves symbols: the rule the layout
/// and register forms share.
#[doc(hidden)]
pub trait FragmentParts {
    /// The shape: the layout's, a single rest mode wrapped in a tuple.
    type Shape;
    /// The strides.
    type Stride;
}
impl<S: ToList + LayoutShape<D>, D: ToList + IntTuple> FragmentParts for Layout<S, D>
where
    S::List: FragmentModes<D::List>,
    Modes<S, D>: ToTuple,
    Strides<S, D>: ToTuple,
{
    type Shape = Tuple<Modes<S, D>>;
    type Stride = Tuple<Strides<S, D>>;
}
impl<U, B, D: IntTuple> FragmentParts for Layout<UInt<U, B>, D>
where
    UInt<U, B>: Compact<Left, U1> + LayoutShape<D>,
{
    type Shape = UInt<U, B>;
    type Stride = <UInt<U, B> as Compact<Left, U1>>::Stride;
}

/// A layout's fragment parts: its own if its shape is static (`B1`), else its shape
/// column-major (CuTe's `make_layout(shape)`).
#[doc(hidden)]
pub trait FragmentPartsIf<Static> {
    /// The shape and strides.
    type Parts;
}
impl<L: FragmentParts> FragmentPartsIf<B1> for L {
    type Parts = (L::Shape, L::Stride);
}
impl<S: Compact<Left, U1> + LayoutShape<D>, D: IntTuple> FragmentPartsIf<B0> for Layout<S, D> {
    type Parts = (S, S::Stride);
}

/// `make_tensor<T>(S)`'s register layout: shape `S` column-major, once its extents are static
/// (a fragment of a shape, and an MMA's accumulators, CuTe's `make_fragment_C`).
pub type FragmentOfShape<S> =
    <<S as ShapeFragment>::Verdict as Checked>::Then<<S as ShapeFragment>::Output>;

/// The fragment layout of a layout, as one bound.
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: this layout has no register layout",
    label = "a fragment needs a layout with a static shape"
)]
pub trait MakeFragmentLike {
    /// The fragment's layout (one register, a placeholder, where the verdict fails).
    type Output;
    /// [`Holds`], or the failure of [`StaticExtents`].
    type Verdict;
}
impl<S: ToList + LayoutShape<D> + Extents, D: ToList + IntTuple> MakeFragmentLike for Layout<S, D>
where
    S::Runtime: IsZero,
    <S::Runtime as IsZero>::Output: CheckBit<StaticExtents, S::Runtime, S::All>,
    Self: FragmentIf<ExtentsVerdict<S>>,
{
    type Output = <Self as FragmentIf<ExtentsVerdict<S>>>::Output;
    type Verdict = ExtentsVerdict<S>;
}
impl<U, B, D: IntTuple> MakeFragmentLike for Layout<UInt<U, B>, D>
where
    UInt<U, B>: LayoutShape<D>,
    Self: FragmentIf<Holds>,
{
    type Output = <Self as FragmentIf<Holds>>::Output;
    type Verdict = Holds;
}

crate::diagnostic::condition!(
    /// A register fragment (make_fragment_like, partition_fragment_A/B/C): every extent is static.
    StaticExtents,
    StaticExtentsFails,
    "a register fragment (make_fragment_like, partition_fragment_A/B/C, FragmentOf): the shape has {A} runtime extents among its {B}, and registers need static ones",
    "registers are counted at compile time: partition a tile of static extents"
);

/// The verdict on a fragment of shape `S`: [`Holds`] when every extent is static.
#[doc(hidden)]
pub type ExtentsVerdict<S> = AllStatic<S, StaticExtents>;

/// [`Holds`] when every extent of shape `S` is static, else the failure of the condition `Tag`
/// with the number of runtime extents and of all extents.
#[doc(hidden)]
pub type AllStatic<S, Tag> = Check<
    <<S as Extents>::Runtime as IsZero>::Output,
    Tag,
    <S as Extents>::Runtime,
    <S as Extents>::All,
>;

/// The number of runtime extents of a shape and the number of its extents.
#[doc(hidden)]
pub trait Extents {
    /// How many leaves are runtime values.
    type Runtime;
    /// How many leaves.
    type All;
}
impl<U, B> Extents for UInt<U, B> {
    type Runtime = U0;
    type All = U1;
}
impl Extents for usize {
    type Runtime = U1;
    type All = U1;
}
#[diagnostic::do_not_recommend]
impl<T: ToList> Extents for T
where
    T::List: Extents,
{
    type Runtime = <T::List as Extents>::Runtime;
    type All = <T::List as Extents>::All;
}
impl Extents for Nil {
    type Runtime = U0;
    type All = U0;
}
impl<H: Extents, T: Extents> Extents for Cons<H, T>
where
    H::Runtime: AddCarry<T::Runtime, B0>,
    H::All: AddCarry<T::All, B0>,
{
    type Runtime = Sum<H::Runtime, T::Runtime>;
    type All = Sum<H::All, T::All>;
}

/// The fragment of a layout if the verdict `V` holds, else one register (a placeholder, so that
/// the verdict's error is the only one).
#[doc(hidden)]
pub trait FragmentIf<V> {
    /// The fragment's layout.
    type Output;
}
impl<L: FragmentParts> FragmentIf<Holds> for L
where
    L::Shape: LayoutShape<L::Stride>,
    L::Stride: IntTuple,
{
    type Output = Layout<L::Shape, L::Stride>;
}
impl<L, Tag, A, B> FragmentIf<Fails<Tag, A, B>> for L {
    type Output = Placeholder;
}

/// The register layout of a shape, as one bound: the fragments' second policy beside
/// [`MakeFragmentLike`] (CuTe has these two, `make_tensor<T>(shape)` and `make_fragment_like`).
///
/// ```
/// use tessel::ordered::FragmentOfShape;
/// use tessel::{layout, shape};
/// // Column-major, as CuTe's make_tensor<float>(Shape<_4,Shape<_2,_3>>{}).
/// static_assertions::assert_type_eq_all!(FragmentOfShape<shape!("(4,(2,3))")>, layout!("(4,(2,3)):(1,(4,8))"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape a fragment can have",
    label = "a fragment's shape is an IntTuple of static extents"
)]
pub trait ShapeFragment {
    /// The layout (one register, a placeholder, where the verdict fails).
    type Output;
    /// [`Holds`], or the failure of [`StaticExtents`].
    type Verdict;
}
impl<S: Extents + ColumnMajorIf<ExtentsVerdict<S>>> ShapeFragment for S
where
    S::Runtime: IsZero,
    <S::Runtime as IsZero>::Output: CheckBit<StaticExtents, S::Runtime, S::All>,
{
    type Output = <S as ColumnMajorIf<ExtentsVerdict<S>>>::Output;
    type Verdict = ExtentsVerdict<S>;
}

/// Shape `Self` column-major if the verdict `V` holds, else one register.
#[doc(hidden)]
pub trait ColumnMajorIf<V> {
    /// The layout.
    type Output;
}
impl<S: ColumnMajor> ColumnMajorIf<Holds> for S {
    type Output = S::Layout;
}
impl<S, Tag, A, B> ColumnMajorIf<Fails<Tag, A, B>> for S {
    type Output = Placeholder;
}

/// One register: what a fragment whose shape failed its check stands in for.
pub(super) type Placeholder = Layout<(U1,), (UTerm,)>;

type Modes<S, D> = <<S as ToList>::List as FragmentModes<<D as ToList>::List>>::Shape;
type Strides<S, D> = <<S as ToList>::List as FragmentModes<<D as ToList>::List>>::Stride;
type Tuple<L> = <L as ToTuple>::Tuple;

/// The fragment of the modes `Self` (a list) of a layout with strides `D`.
#[doc(hidden)]
pub trait FragmentModes<D> {
    /// The list of shapes.
    type Shape;
    /// The list of strides.
    type Stride;
}
/// Rank 1: column-major.
impl<S0: Compact<Left, U1>, D0> FragmentModes<Cons<D0, Nil>> for Cons<S0, Nil> {
    type Shape = Self;
    type Stride = Cons<S0::Stride, Nil>;
}
/// Rank 2 or more: mode 0 column-major over its non-zero strides, of size `K`; the rest ordered
/// by their strides, from `K` on. A single rest mode comes back as a tuple of one, as CuTe's
/// `tiled_product` gives it.
impl<S0, S1, ST, D0, D1, DT> FragmentModes<Cons<D0, Cons<D1, DT>>> for Cons<S0, Cons<S1, ST>>
where
    D0: Leaves,
    S0: LeafWalk<ZerosKept<U1, D0::List>>,
    Cons<S1, ST>: Paired<Cons<D1, DT>> + Rest,
    Cons<D1, DT>: LeafWalkList<RestState<S0, D0, S1, ST, D1, DT>>,
    <S0 as LeafWalk<ZerosKept<U1, D0::List>>>::Next: Running,
    <Cons<D1, DT> as LeafWalkList<RestState<S0, D0, S1, ST, D1, DT>>>::Strides: Rest,
{
    type Shape = Cons<S0, <Cons<S1, ST> as Rest>::Output>;
    type Stride = Cons<
        <S0 as LeafWalk<ZerosKept<U1, D0::List>>>::Stride,
        <<Cons<D1, DT> as LeafWalkList<RestState<S0, D0, S1, ST, D1, DT>>>::Strides as Rest>::Output,
    >;
}

/// The state the rest modes' walk (over their strides, the order) starts from.
type RestState<S0, D0, S1, ST, D1, DT> =
    Ordered<ZerosKeptSize<S0, D0>, Nil, <Cons<S1, ST> as Paired<Cons<D1, DT>>>::List>;

/// The rest modes as the fragment has them: one mode wrapped in a tuple, more as they are.
#[doc(hidden)]
pub trait Rest {
    /// The modes.
    type Output;
}
impl<X> Rest for Cons<X, Nil> {
    type Output = Cons<(X,), Nil>;
}
impl<X, Y, T> Rest for Cons<X, Cons<Y, T>> {
    type Output = Self;
}

/// The product of mode 0's leaves whose stride is not a static 0: where the rest starts.
type ZerosKeptSize<S0, D0> =
    <<S0 as LeafWalk<ZerosKept<U1, <D0 as Leaves>::List>>>::Next as Running>::Current;

/// Column-major over the leaves whose stride (the head of `Strides`, in step) is not a static
/// 0; such a leaf keeps stride 0. `Current` is the running product.
#[doc(hidden)]
pub struct ZerosKept<Current, Strides>(Current, Strides);

/// A state's running product.
#[doc(hidden)]
pub trait Running {
    /// The product so far.
    type Current;
}
impl<C, T> Running for ZerosKept<C, T> {
    type Current = C;
}

impl<S, C, T> LeafStep<S> for ZerosKept<C, Cons<UTerm, T>> {
    type Stride = UTerm;
    type Next = ZerosKept<C, T>;
}
impl<S: Compact<Left, C>, C, D: Kept, T> LeafStep<S> for ZerosKept<C, Cons<D, T>> {
    type Stride = S::Stride;
    type Next = ZerosKept<S::Next, T>;
}

/// A stride that is not a static 0.
#[doc(hidden)]
pub trait Kept {}
impl<U, B> Kept for UInt<U, B> {}
impl<U: Unsigned + NonZero> Kept for NInt<U> {}
impl Kept for isize {}
impl<E> Kept for Dyn<E> {}
