//! `make_layout_like(L)`: `L`'s shape compact in the order of `L`'s own strides (a
//! [compact order](super)), each static zero stride kept 0; `make_tensor_like`'s registers are
//! that layout, once its extents are static.
//!
//! Post-conditions: the shape is `L`'s; the layout is a bijection onto `0..n` once the leaves of
//! static stride 0 are set to size 1 (`n` the size that leaves), and keeps those strides 0; of two
//! leaves of size 2 or more, the one with the smaller stride in `L` has the smaller stride here.
//!
//! ```
//! use tessel::{layout, make_layout_like};
//! // cute-oracle --cpp 'make_layout_like(Layout<Shape<_8,_4,_2>,Stride<_16,_1,_4>>{})'
//! assert_eq!(make_layout_like(layout!("(8,4,2):(16,1,4)")).to_string(), "(8,4,2):(8,1,4)");
//! ```

use super::fragment::{AllStatic, Extents, Placeholder};
use super::OrderedStrides;
use crate::diagnostic::{CheckBit, Checked, Fails, Holds};
use crate::layout::compact::RealizeCompact;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::arith::IsZero;
use crate::num::symbol::{Dyn, Env, Gather, Sym0, Symbolize};
use typenum::{NInt, NonZero, UInt, UTerm, Unsigned, U0, U1};

/// `make_layout_like(L)`: `L`'s shape compact in the order of `L`'s strides, each static zero
/// stride kept 0 (its leaf counts as size 1 for the others). Where two strides tie, the left
/// leaf comes first, as in [`CompactOrder`](super::CompactOrder) (CuTe gives both leaves the same stride). A runtime
/// extent or stride is taken as CuTe takes it: a runtime stride orders after every static one,
/// and a stride is runtime where a runtime extent precedes it.
pub type LayoutLike<L> = <Like<<L as LikeOperand>::Sym> as RealizeCompact>::Layout;
type Like<L> = <L as MakeLayoutLike>::Output;

/// The shape and strides of the layout like `Self`, a layout whose runtime leaves are symbols.
pub trait MakeLayoutLike {
    /// The shape, and the strides compact in the order of the layout's.
    type Output;
}
impl<S: ZerosToOne<D> + LayoutShape<D>, D: IntTuple> MakeLayoutLike for Layout<S, D>
where
    S::Output: OrderedStrides<D>,
{
    // The order is the layout's own strides, so it fits the shape: no verdict to ask.
    type Output = (S, <S::Output as OrderedStrides<D>>::Output);
}

/// `make_layout_like(l)`: see [`LayoutLike`].
///
/// ```
/// use tessel::{layout, make_layout_like};
/// // cute-oracle --cpp 'make_layout_like(Layout<Shape<Shape<_2,_4>,_3>,Stride<Stride<_1,_0>,_8>>{})'
/// assert_eq!(make_layout_like(layout!("((2,4),3):((1,0),8)")).to_string(), "((2,4),3):((1,0),2)");
/// assert_eq!(make_layout_like(layout!("(8,4,2):(16,1,4)")).to_string(), "(8,4,2):(8,1,4)");
/// // Runtime leaves: cute-oracle --raw make_layout_like "(#8,4,#2):(#16,1,#4)"
/// let l = layout!("(M,4,N):(S,1,T)"; M = 8, N = 2, S = 16, T = 4);
/// assert_eq!(format!("{:#}", make_layout_like(l)), "(8,_4,2):(_4,_1,32)");
/// ```
#[inline(always)]
pub fn make_layout_like<L: LikeOperand>(l: L) -> LayoutLike<L>
where
    L::Sym: MakeLayoutLike,
    Like<L::Sym>: RealizeCompact,
{
    <Like<L::Sym>>::layout(&l.leaves())
}

/// A layout, its leaves static or runtime: what [`make_layout_like`] takes.
///
/// ```compile_fail
/// // make_layout_like: `TensorOf<..>` is not a layout (its layout: make_layout_like(t.layout()))
/// let data = [0f32; 8];
/// let t = tessel::Tensor::new(&data, tessel::layout!("(2,4):(4,1)"));
/// let _ = tessel::make_layout_like(t);
/// ```
#[diagnostic::on_unimplemented(
    message = "make_layout_like: `{Self}` is not a layout",
    label = "make_layout_like takes a Layout, its leaves static or runtime",
    note = "a tensor's registers like it are `make_tensor_like(&t)`, the layout like its own `make_layout_like(t.layout())`"
)]
pub trait LikeOperand {
    /// The layout with its runtime leaves as symbols.
    type Sym;
    /// Its runtime leaves.
    fn leaves(&self) -> Env;
}
impl<S: LayoutShape<D>, D: IntTuple> LikeOperand for Layout<S, D>
where
    Self: Symbolize<U0, U0> + Gather,
{
    type Sym = Sym0<Self>;
    #[inline(always)]
    fn leaves(&self) -> Env {
        Env::of(self)
    }
}

/// `make_tensor_like`'s register layout: [`LayoutLike<L>`], once `L`'s extents are static.
///
/// ```
/// use tessel::{layout, ordered::TensorLike};
/// // cute-oracle --cpp 'make_layout_like(Layout<Shape<_4,_8>,Stride<_16,_1>>{})' is (4,8):(8,1).
/// assert_eq!(TensorLike::<layout!("(4,8):(16,1)")>::default().to_string(), "(4,8):(8,1)");
/// ```
pub type TensorLike<L> =
    <<L as MakeTensorLike>::Verdict as Checked>::Then<<L as MakeTensorLike>::Output>;

/// See [`TensorLike`].
pub trait MakeTensorLike {
    /// The register layout (a placeholder where the verdict fails).
    type Output: Default;
    /// [`Holds`], or the failure of [`StaticLikeExtents`].
    type Verdict;
}
impl<S: LayoutShape<D> + Extents, D: IntTuple> MakeTensorLike for Layout<S, D>
where
    S::Runtime: IsZero,
    <S::Runtime as IsZero>::Output: CheckBit<StaticLikeExtents, S::Runtime, S::All>,
    Self: LikeIf<LikeVerdict<S>>,
{
    type Output = <Self as LikeIf<LikeVerdict<S>>>::Output;
    type Verdict = LikeVerdict<S>;
}

crate::diagnostic::condition!(
    /// make_tensor_like: every extent is static.
    StaticLikeExtents,
    StaticLikeExtentsFails,
    "make_tensor_like: the shape has {A} runtime extents among its {B}, and registers need static ones",
    "registers are counted at compile time: make_layout_like takes runtime extents, make_tensor_like does not"
);

/// The verdict on registers like a layout of shape `S`: [`Holds`] when every extent is static.
#[doc(hidden)]
pub type LikeVerdict<S> = AllStatic<S, StaticLikeExtents>;

/// The layout like `Self` if the verdict `V` holds, else a placeholder (so that the verdict's
/// error is the only one).
#[doc(hidden)]
pub trait LikeIf<V> {
    /// The layout.
    type Output: Default;
}
impl<L: LikeOperand> LikeIf<Holds> for L
where
    L::Sym: MakeLayoutLike,
    Like<L::Sym>: RealizeCompact,
    LayoutLike<L>: Default,
{
    type Output = LayoutLike<L>;
}
impl<L, Tag, A, B> LikeIf<Fails<Tag, A, B>> for L {
    type Output = Placeholder;
}

/// `Self` with each leaf whose stride in `D` is a static 0 set to 1 (CuTe's `filter_zeros`).
///
/// ```
/// use tessel::ordered::ZerosToOne;
/// use tessel::{layout, shape, StaticLayout};
/// type L = layout!("((2,4),3):((1,0),8)");
/// type S = <<L as StaticLayout>::Shape as ZerosToOne<<L as StaticLayout>::Stride>>::Output;
/// static_assertions::assert_type_eq_all!(S, shape!("((2,1),3)"));
/// ```
pub trait ZerosToOne<D> {
    /// The shape.
    type Output;
}
impl<U, B> ZerosToOne<UTerm> for UInt<U, B> {
    type Output = U1;
}
impl<U, B, V, C> ZerosToOne<UInt<V, C>> for UInt<U, B> {
    type Output = Self;
}
impl<U, B, V: Unsigned + NonZero> ZerosToOne<NInt<V>> for UInt<U, B> {
    type Output = Self;
}
impl<U, B> ZerosToOne<isize> for UInt<U, B> {
    type Output = Self;
}
/// In the algebra a runtime stride is a symbol, kept as `isize` is: CuTe does not know it is 0.
impl<U, B, E> ZerosToOne<Dyn<E>> for UInt<U, B> {
    type Output = Self;
}
/// A runtime extent (a symbol) of static stride 0 is 1, as CuTe's; of any other stride, kept.
impl<E> ZerosToOne<UTerm> for Dyn<E> {
    type Output = U1;
}
impl<E, V, C> ZerosToOne<UInt<V, C>> for Dyn<E> {
    type Output = Self;
}
impl<E, V: Unsigned + NonZero> ZerosToOne<NInt<V>> for Dyn<E> {
    type Output = Self;
}
impl<E, F> ZerosToOne<Dyn<F>> for Dyn<E> {
    type Output = Self;
}

macro_rules! tuple_zeros_to_one {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: ZerosToOne<$D>, $D),+> ZerosToOne<($($D,)+)> for ($($T,)+) {
            type Output = ($($T::Output,)+);
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_zeros_to_one);
