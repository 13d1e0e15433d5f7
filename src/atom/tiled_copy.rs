//! TiledCopy: a copy atom tiled by a thread layout and a value layout.
//!
//! `MakeTiledCopy<ThrLayout, ValLayout>` is CuTe's `make_tiled_copy(atom, thr, val)`: the tile is
//! `raked_product(thr, val)`, `(m,n) -> (thread, value)` with each thread's values interleaved
//! across the threads; its right inverse, reshaped to `(size(thr), size(val))`, is the TV layout
//! `(thread, value) -> m + TM*n`, and the tile's extent `TilerMN` is `product_each` of its shape.
//!
//! ```
//! use tessel::{layout, MakeTiledCopy, TiledCopy};
//! // sgemm_sm80's copy of A: 16x8 threads (row-major), 1x8 values each.
//! type Copy = MakeTiledCopy<layout!("(16,8):(8,1)"), layout!("(1,8)")>;
//! assert_eq!(<Copy as TiledCopy>::TilerMN::default().to_string(), "(16,64)");
//! assert_eq!(<Copy as TiledCopy>::LayoutTV::default().to_string(), "((8,16),8):((128,1),16)");
//! ```

use crate::algebra::coalesce::CoalesceLayout;
use crate::algebra::composition::ComposeBy;
use crate::algebra::divide::ZippedDivideBy;
use crate::algebra::inverse::RightInverted;
use crate::algebra::product::RakedProductBy;
use crate::atom::copy::{CopyAtom, CopyAtomLayouts};
use crate::atom::element::Element;
use crate::atom::mma::MmaAtom;
use crate::atom::tiled_mma::{Mnk, TiledMma};
use crate::diagnostic::{Check, CheckBit, Checked};
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, Tuple};
use crate::layout::sublayout::{Concatenate, TwoModes};
use crate::layout::{Layout, StaticLayout};
use crate::num::arith::{SameAs, SameValue};
use crate::tensor::{At, ProductEach, Sliced, TensorOf};
use core::fmt::Display;
use core::marker::PhantomData;
use typenum::U1;

/// A copy tiled over a block of threads (CuTe's `TiledCopy`).
pub trait TiledCopy {
    /// The copy atom (`()` for none named: one thread, one value).
    type Atom;
    /// The extent of the tile the threads copy together, `(TM,TN)`.
    type TilerMN: Default + Display;
    /// `(thread, value) -> m + TM*n` in the tile.
    type LayoutTV: StaticLayout;
    /// The TV layout as a partition composes it (CuTe's `thrval2mn` for an atom of one thread
    /// and one value): `(coalesce(thread), (1, coalesce(value)))`.
    type ThrVal2Mn: Default;
    /// The number of threads.
    const THREADS: usize;
    /// The number of values each thread copies.
    const VALUES: usize;
}

/// `make_tiled_copy(Atom{}, ThrLayout{}, ValLayout{})`, each a layout or a shape (a shape takes
/// its column-major layout); `Atom` is a [`CopyAtom`], or `()`.
#[derive(Clone, Copy, Default, Debug)]
pub struct MakeTiledCopy<ThrLayout, ValLayout, Atom = ()>(
    PhantomData<(ThrLayout, ValLayout, Atom)>,
);

/// The threads and values of one atom: `(1, 1)` for `()`.
pub trait AtomCounts {
    /// Threads.
    type NumThr: Default;
    /// Values per thread.
    type NumVal: Default;
}
impl AtomCounts for () {
    type NumThr = U1;
    type NumVal = U1;
}
impl<Op, T> AtomCounts for CopyAtom<Op, T>
where
    CopyAtom<Op, T>: CopyAtomLayouts,
{
    type NumThr = <CopyAtom<Op, T> as CopyAtomLayouts>::NumThr;
    type NumVal = <CopyAtom<Op, T> as CopyAtomLayouts>::NumVal;
}

/// CuTe's `thrval2mn` for an atom of `AT` threads and `AV` values whose source is its reference
/// (UniversalCopy, cp.async): the TV layout `Self` zipped-divided by `(AT, AV)`,
/// `((at,av),(rt,rv))`, then `(coalesce((at,rt)), (coalesce(av), coalesce(rv)))`.
pub trait ThrVal<AT, AV> {
    /// `(thread, value) -> (m,n)` as a partition composes it.
    type Output: Default;
}
type AtomTv<L, AT, AV> = <L as ZippedDivideBy<(AT, AV)>>::Output;
type Atoms<L, AT, AV> = <AtomTv<L, AT, AV> as TwoModes>::First;
type Rests<L, AT, AV> = <AtomTv<L, AT, AV> as TwoModes>::Second;
type ThrPair<L, AT, AV> = <(
    <Atoms<L, AT, AV> as TwoModes>::First,
    <Rests<L, AT, AV> as TwoModes>::First,
) as Concatenate>::Output;
type ValPair<L, AT, AV> = <(
    <<Atoms<L, AT, AV> as TwoModes>::Second as CoalesceLayout>::Output,
    <<Rests<L, AT, AV> as TwoModes>::Second as CoalesceLayout>::Output,
) as Concatenate>::Output;
type ThrValOf<L, AT, AV> = <(
    <ThrPair<L, AT, AV> as CoalesceLayout>::Output,
    ValPair<L, AT, AV>,
) as Concatenate>::Output;

impl<L, AT, AV> ThrVal<AT, AV> for L
where
    L: ZippedDivideBy<(AT, AV)>,
    AtomTv<L, AT, AV>: TwoModes,
    Atoms<L, AT, AV>: TwoModes,
    Rests<L, AT, AV>: TwoModes,
    (
        <Atoms<L, AT, AV> as TwoModes>::First,
        <Rests<L, AT, AV> as TwoModes>::First,
    ): Concatenate,
    <Atoms<L, AT, AV> as TwoModes>::Second: CoalesceLayout,
    <Rests<L, AT, AV> as TwoModes>::Second: CoalesceLayout,
    (
        <<Atoms<L, AT, AV> as TwoModes>::Second as CoalesceLayout>::Output,
        <<Rests<L, AT, AV> as TwoModes>::Second as CoalesceLayout>::Output,
    ): Concatenate,
    ThrPair<L, AT, AV>: CoalesceLayout,
    (
        <ThrPair<L, AT, AV> as CoalesceLayout>::Output,
        ValPair<L, AT, AV>,
    ): Concatenate,
    ThrValOf<L, AT, AV>: Default,
{
    type Output = ThrValOf<L, AT, AV>;
}

/// A layout, or a shape standing for its column-major layout (CuTe's `make_layout(shape)`).
pub trait AsLayout {
    /// The layout.
    type Layout: StaticLayout;
}
impl<S: LayoutShape<D>, D: IntTuple> AsLayout for Layout<S, D>
where
    Self: StaticLayout,
{
    type Layout = Self;
}
macro_rules! shape_as_layout {
    ($(($($T:ident)+))+) => {$(
        impl<$($T),+> AsLayout for ($($T,)+)
        where
            ($($T,)+): Compact<Left, U1> + LayoutShape<LayoutLeft<($($T,)+)>>,
            LayoutLeft<($($T,)+)>: IntTuple,
            Layout<($($T,)+)>: StaticLayout,
        {
            type Layout = Layout<($($T,)+)>;
        }
    )+};
}
shape_as_layout! { (A) (A B) (A B C) (A B C D) }

type Thr<T> = <T as AsLayout>::Layout;
type Val<V> = <V as AsLayout>::Layout;
/// `raked_product(thr, val)`: `(m,n) -> (thread, value)`.
type LayoutMn<T, V> = <Thr<T> as RakedProductBy<Val<V>>>::Output;
/// `(size(thr), size(val))`.
type TvSizes<T, V> = (
    Size<<Thr<T> as StaticLayout>::Shape>,
    Size<<Val<V> as StaticLayout>::Shape>,
);
/// `make_layout((size(thr), size(val)))`.
type TvShape<T, V> = Layout<TvSizes<T, V>>;
type Inverse<T, V> = <LayoutMn<T, V> as RightInverted>::Output;
type Tv<T, V> = <Inverse<T, V> as ComposeBy<TvShape<T, V>>>::Output;

impl<T: AsLayout, V: AsLayout, Atom: AtomCounts> TiledCopy for MakeTiledCopy<T, V, Atom>
where
    Thr<T>: RakedProductBy<Val<V>>,
    LayoutMn<T, V>: StaticLayout + RightInverted,
    <LayoutMn<T, V> as StaticLayout>::Shape: ProductEach,
    TvSizes<T, V>: Compact<Left, U1> + LayoutShape<LayoutLeft<TvSizes<T, V>>>,
    LayoutLeft<TvSizes<T, V>>: IntTuple,
    Inverse<T, V>: ComposeBy<TvShape<T, V>>,
    Tv<T, V>: StaticLayout + TwoModes + ThrVal<Atom::NumThr, Atom::NumVal>,
    <Tv<T, V> as TwoModes>::First: StaticLayout,
    <Tv<T, V> as TwoModes>::Second: StaticLayout,
    <<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output: IntTuple,
{
    type Atom = Atom;
    type TilerMN = Tuple<<<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output>;
    type LayoutTV = Tv<T, V>;
    type ThrVal2Mn = <Tv<T, V> as ThrVal<Atom::NumThr, Atom::NumVal>>::Output;
    const THREADS: usize = <<Tv<T, V> as TwoModes>::First as StaticLayout>::SIZE;
    const VALUES: usize = <<Tv<T, V> as TwoModes>::Second as StaticLayout>::SIZE;
}

/// One thread's slice of a TiledCopy (CuTe's `ThrCopy`).
pub struct ThrCopy<Tc> {
    thread: usize,
    tiled: PhantomData<Tc>,
}

impl<T, V, A> MakeTiledCopy<T, V, A>
where
    Self: TiledCopy,
{
    /// Thread `thread`'s slice (CuTe's `get_slice`).
    #[inline(always)]
    pub fn get_slice(thread: usize) -> ThrCopy<Self> {
        ThrCopy {
            thread,
            tiled: PhantomData,
        }
    }
}

/// A tensor layout `R` cut by a TiledCopy `Tc` for one thread: `(CPY, CPY_M, CPY_N)`, the thread's
/// values of one tile and the tiles it repeats over.
pub trait CopyPartition<Tc>: Sized {
    /// `(Val, RestM, RestN)`.
    type Output;
    /// The thread's elements, and the index of the first.
    fn copy_partition(self, thread: usize) -> (Self::Output, isize);
}

type Tiler<Tc> = <<Tc as TiledCopy>::TilerMN as Untuple>::Inner;
type Tiled<R, Tc> = <R as ZippedDivideBy<Tiler<Tc>>>::Output;
type TileTv<R, Tc> =
    <<Tiled<R, Tc> as TwoModes>::First as ComposeBy<<Tc as TiledCopy>::ThrVal2Mn>>::Output;
type Rest<R, Tc> = <Tiled<R, Tc> as TwoModes>::Second;

impl<R, Tc: TiledCopy> CopyPartition<Tc> for R
where
    Tc::TilerMN: Untuple,
    R: ZippedDivideBy<Tiler<Tc>>,
    Tiled<R, Tc>: TwoModes,
    <Tiled<R, Tc> as TwoModes>::First: ComposeBy<Tc::ThrVal2Mn>,
    TileTv<R, Tc>: TwoModes,
    <TileTv<R, Tc> as TwoModes>::First: At<usize>,
    Rest<R, Tc>: TwoModes,
    (
        <TileTv<R, Tc> as TwoModes>::Second,
        <Rest<R, Tc> as TwoModes>::First,
        <Rest<R, Tc> as TwoModes>::Second,
    ): Concatenate,
{
    type Output = <(
        <TileTv<R, Tc> as TwoModes>::Second,
        <Rest<R, Tc> as TwoModes>::First,
        <Rest<R, Tc> as TwoModes>::Second,
    ) as Concatenate>::Output;
    #[inline(always)]
    fn copy_partition(self, thread: usize) -> (Self::Output, isize) {
        let (tile, rest) = self.zipped_divide_by(Tiler::<Tc>::default()).split();
        let (thr, val) = tile.compose_by(Tc::ThrVal2Mn::default()).split();
        let (rest_m, rest_n) = rest.split();
        ((val, rest_m, rest_n).concatenate(), thr.at(thread))
    }
}

#[allow(non_snake_case)]
impl<Tc: TiledCopy> ThrCopy<Tc> {
    /// The thread's elements of the source tensor: `(CPY, CPY_M, CPY_N)`.
    #[inline(always)]
    pub fn partition_S<E, R: CopyPartition<Tc>>(&self, t: TensorOf<E, R>) -> TensorOf<E, R::Output>
    where
        R::Output: Sliced,
    {
        let (engine, base, layout) = t.into_parts();
        let (part, offset) = layout.copy_partition(self.thread);
        part.over(engine, base, offset)
    }

    /// The thread's elements of the destination tensor: `(CPY, CPY_M, CPY_N)`.
    #[inline(always)]
    pub fn partition_D<E, R: CopyPartition<Tc>>(&self, t: TensorOf<E, R>) -> TensorOf<E, R::Output>
    where
        R::Output: Sliced,
    {
        self.partition_S(t)
    }
}

/// The tuple inside a [`Tuple`].
pub trait Untuple {
    /// The tuple.
    type Inner: Default;
}
impl<S: Default> Untuple for Tuple<S> {
    type Inner = S;
}

/// A TiledCopy that moves exactly the tile of A (B, C) a TiledMma computes on, each thread the
/// elements it holds there: CuTe's `make_tiled_copy_A(atom, mma)`, whose TV layout is the MMA's
/// `get_layoutA_TV()` and tile `(TM, TK)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct MakeTiledCopyA<Atom, Mma>(PhantomData<(Atom, Mma)>);
/// `make_tiled_copy_B(atom, mma)`: B's tile `(TN, TK)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct MakeTiledCopyB<Atom, Mma>(PhantomData<(Atom, Mma)>);
/// `make_tiled_copy_C(atom, mma)`: C's tile `(TM, TN)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct MakeTiledCopyC<Atom, Mma>(PhantomData<(Atom, Mma)>);

type TileMnk<Tm> = <Tm as TiledMma>::TileShapeMNK;

macro_rules! tiled_copies_of_mma {
    ($($Name:ident: $Tv:ident, ($P:ident, $Q:ident);)+) => {$(
        impl<Atom: AtomCounts, Tm: TiledMma> TiledCopy for $Name<Atom, Tm>
        where
            TileMnk<Tm>: Mnk,
            (<TileMnk<Tm> as Mnk>::$P, <TileMnk<Tm> as Mnk>::$Q): IntTuple + Default,
            Tm::$Tv: TwoModes + ThrVal<Atom::NumThr, Atom::NumVal>,
            <Tm::$Tv as TwoModes>::First: StaticLayout,
            <Tm::$Tv as TwoModes>::Second: StaticLayout,
        {
            type Atom = Atom;
            type TilerMN = Tuple<(<TileMnk<Tm> as Mnk>::$P, <TileMnk<Tm> as Mnk>::$Q)>;
            type LayoutTV = Tm::$Tv;
            type ThrVal2Mn = <Tm::$Tv as ThrVal<Atom::NumThr, Atom::NumVal>>::Output;
            const THREADS: usize = <<Tm::$Tv as TwoModes>::First as StaticLayout>::SIZE;
            const VALUES: usize = <<Tm::$Tv as TwoModes>::Second as StaticLayout>::SIZE;
        }
        impl<Atom, Tm> $Name<Atom, Tm>
        where
            Self: TiledCopy,
        {
            /// Thread `thread`'s slice (CuTe's `get_slice`).
            #[inline(always)]
            pub fn get_slice(thread: usize) -> ThrCopy<Self> {
                ThrCopy { thread, tiled: PhantomData }
            }
        }
    )+};
}

tiled_copies_of_mma! {
    MakeTiledCopyA: LayoutATV, (M, K);
    MakeTiledCopyB: LayoutBTV, (N, K);
    MakeTiledCopyC: LayoutCTV, (M, N);
}

crate::diagnostic::condition!(
    /// The copy's element has the width of the MMA operand it feeds.
    SameElementWidth,
    SameElementWidthFails,
    "make_tiled_copy_A/B/C: the copy atom moves {A}-bit elements, the MMA reads {B}-bit elements of this operand",
    "the copy atom's element type must have the width of the MMA's operand type (cutlass#1988)"
);

crate::diagnostic::condition!(
    /// A TiledCopy and a TiledMma that run in one block have as many threads.
    SameThreads,
    SameThreadsFails,
    "the TiledCopy has {A} threads and the TiledMma {B}: one block runs both, so they must agree",
    "a TiledCopy and the TiledMma it feeds need the same number of threads"
);

/// The verdict on the widths of a copy atom's element and an MMA operand's element.
pub type WidthVerdict<Atom, E> = Check<
    SameValue<<<Atom as CopyAtomLayouts>::ValType as Element>::Bits, <E as Element>::Bits>,
    SameElementWidth,
    <<Atom as CopyAtomLayouts>::ValType as Element>::Bits,
    <E as Element>::Bits,
>;

macro_rules! make_tiled_copy_fns {
    ($($(#[$doc:meta])* $fn:ident -> $Name:ident, $Val:ident;)+) => {$(
        $(#[$doc])*
        #[allow(non_snake_case)]
        #[inline(always)]
        pub fn $fn<Atom: CopyAtomLayouts, Tm: TiledMma>(_atom: Atom, _mma: Tm) -> $Name<Atom, Tm>
        where
            <Tm::Atom as MmaAtom>::$Val: Element,
            <Atom::ValType as Element>::Bits: SameAs<<<Tm::Atom as MmaAtom>::$Val as Element>::Bits>,
            SameValue<
                <Atom::ValType as Element>::Bits,
                <<Tm::Atom as MmaAtom>::$Val as Element>::Bits,
            >: CheckBit<
                SameElementWidth,
                <Atom::ValType as Element>::Bits,
                <<Tm::Atom as MmaAtom>::$Val as Element>::Bits,
            >,
            WidthVerdict<Atom, <Tm::Atom as MmaAtom>::$Val>: Checked,
        {
            $Name(PhantomData)
        }
    )+};
}

make_tiled_copy_fns! {
    /// `make_tiled_copy_A(atom, mma)`; a compile error when the atom's element is not as wide as
    /// the MMA's A element (CuTe accepts it and copies the wrong bytes: cutlass#1988).
    make_tiled_copy_A -> MakeTiledCopyA, ValTypeA;
    /// `make_tiled_copy_B(atom, mma)`, checked likewise against B's element.
    make_tiled_copy_B -> MakeTiledCopyB, ValTypeB;
    /// `make_tiled_copy_C(atom, mma)`, checked likewise against C's element.
    make_tiled_copy_C -> MakeTiledCopyC, ValTypeC;
}

/// Checks during type checking that a TiledCopy and a TiledMma one block runs together have the
/// same number of threads (CuTe leaves the extra threads' slices to wrap around).
///
/// ```
/// use tessel::atom::tiled_copy::same_threads;
/// use tessel::mma::UniversalFMA;
/// use tessel::{layout, shape, MakeTiledCopy, MakeTiledMma};
/// same_threads(
///     MakeTiledCopy::<layout!("(32,8)"), layout!("(4,1)")>::default(),
///     MakeTiledMma::<UniversalFMA<f32>, shape!("(16,16,1)")>::default(),
/// );
/// ```
#[inline(always)]
pub fn same_threads<Tc: TiledCopy, Tm: TiledMma>(_copy: Tc, _mma: Tm)
where
    Tc::LayoutTV: TwoModes,
    <Tc::LayoutTV as TwoModes>::First: StaticLayout,
    ThreadCount<Tc>: SameAs<Size<<Tm::ThrLayoutVMNK as StaticLayout>::Shape>>,
    SameValue<ThreadCount<Tc>, Size<<Tm::ThrLayoutVMNK as StaticLayout>::Shape>>:
        CheckBit<SameThreads, ThreadCount<Tc>, Size<<Tm::ThrLayoutVMNK as StaticLayout>::Shape>>,
    Check<
        SameValue<ThreadCount<Tc>, Size<<Tm::ThrLayoutVMNK as StaticLayout>::Shape>>,
        SameThreads,
        ThreadCount<Tc>,
        Size<<Tm::ThrLayoutVMNK as StaticLayout>::Shape>,
    >: Checked,
{
}

/// A TiledCopy's number of threads, a typenum number.
pub type ThreadCount<Tc> =
    Size<<<<Tc as TiledCopy>::LayoutTV as TwoModes>::First as StaticLayout>::Shape>;
