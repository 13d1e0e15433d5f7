//! Copy atoms: one instruction's copy, described by who moves which bits.
//!
//! An operation (CuTe's `Copy_Traits`) names its threads (`ThrId`) and three layouts in bits:
//! `SrcLayout` and `DstLayout` map `(thread, bit)` to the bit of the source and destination
//! tile each thread moves, `RefLayout` is the one the TiledCopy tiles with. A [`CopyAtom`] pairs
//! an operation with the element type `T` it moves and recasts the layouts to elements
//! (`upcast` by `T`'s width), as CuTe's `Copy_Atom<Op, T>`. The layouts are CuTe's, compared
//! with CuTe's answers in `tests/golden_atoms.rs`; the instructions live with the GPU kernels.
//!
//! ```
//! use tessel::atom::copy::{CopyAtom, CopyAtomLayouts, SM75_U32x4_LDSM_N};
//! use tessel::atom::element::F16;
//! type Ldsm = CopyAtom<SM75_U32x4_LDSM_N, F16>;
//! // ldmatrix.x4: each lane gives one row address of 8 halves, and receives 8 halves.
//! assert_eq!(<Ldsm as CopyAtomLayouts>::ValLayoutSrc::default().to_string(), "(32,8):(8,1)");
//! assert_eq!(<Ldsm as CopyAtomLayouts>::ValLayoutDst::default().to_string(), "(32,(2,4)):(2,(1,64))");
//! ```
#![allow(non_camel_case_types)]

use crate::algebra::composition::ComposeBy;
use crate::algebra::inverse::RightInverted;
use crate::atom::element::Element;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::{Layout, StaticLayout};
use crate::num::arith::{CeilDiv, CeilQuot};
use core::marker::PhantomData;
use typenum::{Bit, UInt, UTerm, Unsigned};

/// A copy instruction as CuTe describes it (its `Copy_Traits`), layouts in bits.
pub trait CopyOp: Copy + Default {
    /// Thread number in the atom -> thread index.
    type ThrId: StaticLayout;
    /// `(thread, bit)` -> bit of the source tile.
    type SrcLayout: StaticLayout;
    /// `(thread, bit)` -> bit of the destination tile.
    type DstLayout: StaticLayout;
    /// `(thread, bit)` -> bit of the reference tile.
    type RefLayout: StaticLayout;
    /// [`IsRef`] when the source layout is the reference, else [`NotRef`].
    type SrcKind;
    /// [`IsRef`] when the destination layout is the reference, else [`NotRef`].
    type DstKind;
}

/// A side of a copy (source or destination) whose layout is the reference layout: a partition
/// of it needs no translation.
#[derive(Clone, Copy, Default, Debug)]
pub struct IsRef;
/// A side whose layout differs from the reference (ldmatrix's source: one row address a
/// lane): a partition goes through `right_inverse(Ref) o Side`, CuTe's `ref2trg`.
#[derive(Clone, Copy, Default, Debug)]
pub struct NotRef;
/// The identity translation: the side is the reference.
#[derive(Clone, Copy, Default, Debug)]
pub struct Same;

/// `(side thread, side value) -> (ref thread, ref value)` for one side of an atom, in elements.
pub trait RefToSide<Ref, Side> {
    /// [`Same`], or the layout `right_inverse(Ref) o Side`.
    type Output;
}
impl<Ref, Side> RefToSide<Ref, Side> for IsRef {
    type Output = Same;
}
impl<Ref: RightInverted, Side> RefToSide<Ref, Side> for NotRef
where
    Ref::Output: ComposeBy<Side>,
{
    type Output = <Ref::Output as ComposeBy<Side>>::Output;
}

macro_rules! one_thread_copies {
    ($($(#[$doc:meta])* $Name:ident;)+) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $Name<S>(PhantomData<S>);
        impl<S: Element> CopyOp for $Name<S>
        where
            $Name<S>: Copy + Default,
            (typenum::U1, S::Bits): LayoutShape<(typenum::U0, typenum::U1)>,
            Layout<(typenum::U1, S::Bits), (typenum::U0, typenum::U1)>: StaticLayout,
        {
            type ThrId = crate::layout!("1:0");
            type SrcLayout = Layout<(typenum::U1, S::Bits), (typenum::U0, typenum::U1)>;
            type DstLayout = Layout<(typenum::U1, S::Bits), (typenum::U0, typenum::U1)>;
            type RefLayout = Layout<(typenum::U1, S::Bits), (typenum::U0, typenum::U1)>;
            type SrcKind = IsRef;
            type DstKind = IsRef;
        }
    )+};
}

one_thread_copies! {
    /// One thread copies one `S` (CuTe's `UniversalCopy<S>`): a plain load and store.
    UniversalCopy;
    /// `cp.async.ca` of one `S` (4, 8 or 16 bytes), global to shared memory (CuTe's
    /// `SM80_CP_ASYNC_CACHEALWAYS<S>`).
    SM80_CP_ASYNC_CACHEALWAYS;
    /// `cp.async.ca` with a source size: zero-fill where the predicate is false.
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL;
    /// `cp.async.cg` of 16 bytes (bypassing L1).
    SM80_CP_ASYNC_CACHEGLOBAL;
    /// `cp.async.cg` with zero-fill.
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL;
}

macro_rules! warp_copies {
    ($($(#[$doc:meta])* $Name:ident: $src:tt $dst:tt;)+) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $Name;
        impl CopyOp for $Name {
            type ThrId = crate::layout!("32:1");
            type SrcLayout = crate::layout!($src);
            type DstLayout = crate::layout!($dst);
            type RefLayout = crate::layout!($dst);
            type SrcKind = NotRef;
            type DstKind = IsRef;
        }
    )+};
}

warp_copies! {
    /// `ldmatrix.x1`: one 8x8 matrix of 16-bit elements, each lane receiving one 32-bit word.
    SM75_U32x1_LDSM_N: "((8,4),128):((128,0),1)" "(32,32):(32,1)";
    /// `ldmatrix.x2`: two 8x8 matrices.
    SM75_U32x2_LDSM_N: "((16,2),128):((128,0),1)" "(32,(32,2)):(32,(1,1024))";
    /// `ldmatrix.x4`: four 8x8 matrices.
    SM75_U32x4_LDSM_N: "(32,128):(128,1)" "(32,(32,4)):(32,(1,1024))";
    /// `ldmatrix.x1.trans`: one 8x8 matrix, transposed.
    SM75_U16x2_LDSM_T: "((8,4),128):((128,0),1)" "((4,8),(16,2)):((256,16),(1,128))";
    /// `ldmatrix.x2.trans`.
    SM75_U16x4_LDSM_T: "((16,2),128):((128,0),1)" "((4,8),(16,2,2)):((256,16),(1,128,1024))";
    /// `ldmatrix.x4.trans`.
    SM75_U16x8_LDSM_T: "(32,128):(128,1)" "((4,8),(16,2,4)):((256,16),(1,128,1024))";
}

/// A copy operation and the element type it moves (CuTe's `Copy_Atom<Op, T>`), holding the
/// operation's value: a unit struct for an instruction with no state, or its state (a TMA
/// descriptor and barrier).
#[derive(Clone, Copy, Default, Debug)]
pub struct CopyAtom<Op, T> {
    op: Op,
    elem: PhantomData<T>,
}

impl<Op, T> CopyAtom<Op, T> {
    /// `Copy_Atom<Op, T>{op}`.
    #[inline(always)]
    pub const fn new(op: Op) -> Self {
        Self {
            op,
            elem: PhantomData,
        }
    }
    /// The operation, with its state.
    #[inline(always)]
    pub const fn op(&self) -> &Op {
        &self.op
    }
}

/// A copy atom's layouts in elements, and its counts.
pub trait CopyAtomLayouts {
    /// The element type.
    type ValType: Element;
    /// `(thread, value)` -> element of the source tile.
    type ValLayoutSrc: StaticLayout;
    /// `(thread, value)` -> element of the destination tile.
    type ValLayoutDst: StaticLayout;
    /// `(thread, value)` -> element of the reference tile.
    type ValLayoutRef: StaticLayout;
    /// The threads of one atom, a typenum number.
    type NumThr: Unsigned;
    /// The values each thread moves, a typenum number.
    type NumVal: Unsigned;
    /// `(src thread, src value) -> (ref thread, ref value)`, or [`Same`].
    type Ref2Src;
    /// `(dst thread, dst value) -> (ref thread, ref value)`, or [`Same`].
    type Ref2Dst;
}

/// `upcast<N>(Self)`: a layout in units of N-bit elements from one in bits (CuTe's `upcast`,
/// what `recast_layout<uint1_t, T>` does for a T of N bits).
pub trait Upcast<N> {
    /// The layout in elements.
    type Output;
}

type Up<L, N> = <L as Upcast<N>>::Output;

/// `upcast<N>(layout)`: `layout` in units of N of its elements (CuTe's `upcast`; a fragment of
/// halves seen as 32-bit registers is `upcast::<U2, _>`, CuTe's `recast<uint32_t>`).
///
/// ```
/// use tessel::atom::copy::upcast;
/// use tessel::layout;
/// let halves = layout!("((2,2,2),4,4):((1,2,4),32,8)");
/// // CuTe: `upcast<2>(...)` prints the same.
/// assert_eq!(upcast::<tessel::typenum::U2, _>(halves).to_string(), "((1,2,2),4,4):((1,1,2),16,4)");
/// ```
#[inline(always)]
pub fn upcast<N, L: Upcast<N>>(_: L) -> L::Output
where
    L::Output: Default,
{
    Default::default()
}

/// A mode `(S, D)`: stride 0 stays; else `ceil_div(S, ceil_div(N, D)) : ceil_div(D, N)`.
#[doc(hidden)]
pub trait UpcastMode<N> {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
}
impl<S, N> UpcastMode<N> for (S, UTerm) {
    type Shape = S;
    type Stride = UTerm;
}
impl<S, N, V, C: Bit> UpcastMode<N> for (S, UInt<V, C>)
where
    N: CeilDiv<UInt<V, C>>,
    S: CeilDiv<CeilQuot<N, UInt<V, C>>>,
    UInt<V, C>: CeilDiv<N>,
{
    type Shape = CeilQuot<S, CeilQuot<N, UInt<V, C>>>;
    type Stride = CeilQuot<UInt<V, C>, N>;
}

/// Upcast leaf by leaf over nested shapes.
#[doc(hidden)]
pub trait UpcastTuple<D, N> {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
}
impl<U, B, D, N> UpcastTuple<D, N> for UInt<U, B>
where
    (UInt<U, B>, D): UpcastMode<N>,
{
    type Shape = <(UInt<U, B>, D) as UpcastMode<N>>::Shape;
    type Stride = <(UInt<U, B>, D) as UpcastMode<N>>::Stride;
}
macro_rules! upcast_tuples {
    ($(($($S:ident $D:ident)+))+) => {$(
        impl<$($S: UpcastTuple<$D, N>, $D,)+ N> UpcastTuple<($($D,)+), N> for ($($S,)+) {
            type Shape = ($($S::Shape,)+);
            type Stride = ($($S::Stride,)+);
        }
    )+};
}
upcast_tuples! { (S0 D0) (S0 D0 S1 D1) (S0 D0 S1 D1 S2 D2) (S0 D0 S1 D1 S2 D2 S3 D3) }

impl<S: LayoutShape<D> + UpcastTuple<D, N>, D: IntTuple, N> Upcast<N> for Layout<S, D>
where
    S::Shape: LayoutShape<S::Stride>,
    S::Stride: IntTuple,
{
    type Output = Layout<S::Shape, S::Stride>;
}

type Size1<L> = crate::layout::int_tuple::Size<<L as TwoModesShape>::Mode1>;
type Size0<L> = crate::layout::int_tuple::Size<<L as TwoModesShape>::Mode0>;

/// The shapes of a two-mode static layout's modes.
#[doc(hidden)]
pub trait TwoModesShape {
    /// Mode 0's shape.
    type Mode0;
    /// Mode 1's shape.
    type Mode1;
}
impl<S0, S1, D: IntTuple> TwoModesShape for Layout<(S0, S1), D>
where
    (S0, S1): LayoutShape<D>,
{
    type Mode0 = S0;
    type Mode1 = S1;
}

impl<Op: CopyOp, T: Element> CopyAtomLayouts for CopyAtom<Op, T>
where
    Op::SrcLayout: Upcast<T::Bits>,
    Op::DstLayout: Upcast<T::Bits>,
    Op::RefLayout: Upcast<T::Bits>,
    Up<Op::SrcLayout, T::Bits>: StaticLayout,
    Up<Op::DstLayout, T::Bits>: StaticLayout,
    Up<Op::RefLayout, T::Bits>: StaticLayout + TwoModesShape,
    <Up<Op::RefLayout, T::Bits> as TwoModesShape>::Mode0: crate::layout::int_tuple::StaticShape,
    <Up<Op::RefLayout, T::Bits> as TwoModesShape>::Mode1: crate::layout::int_tuple::StaticShape,
    Op::SrcKind: RefToSide<Up<Op::RefLayout, T::Bits>, Up<Op::SrcLayout, T::Bits>>,
    Op::DstKind: RefToSide<Up<Op::RefLayout, T::Bits>, Up<Op::DstLayout, T::Bits>>,
{
    type ValType = T;
    type ValLayoutSrc = Up<Op::SrcLayout, T::Bits>;
    type ValLayoutDst = Up<Op::DstLayout, T::Bits>;
    type ValLayoutRef = Up<Op::RefLayout, T::Bits>;
    type NumThr = Size0<Up<Op::RefLayout, T::Bits>>;
    type NumVal = Size1<Up<Op::RefLayout, T::Bits>>;
    type Ref2Src =
        <Op::SrcKind as RefToSide<Up<Op::RefLayout, T::Bits>, Up<Op::SrcLayout, T::Bits>>>::Output;
    type Ref2Dst =
        <Op::DstKind as RefToSide<Up<Op::RefLayout, T::Bits>, Up<Op::DstLayout, T::Bits>>>::Output;
}
