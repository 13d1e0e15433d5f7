//! TiledCopy: a copy atom tiled by a thread layout and a value layout.
//!
//! `MakeTiledCopy<ThrLayout, ValLayout>` is CuTe's `make_tiled_copy(atom, thr, val)`: the tile is
//! `raked_product(thr, val)`, `(m,n) -> (thread, value)` with each thread's values interleaved
//! across the threads; its right inverse, reshaped to `(size(thr), size(val))`, is the TV layout
//! `(thread, value) -> m + TM*n`, and the tile's extent `TilerMN` is `product_each` of its shape.
//!
//! `partition_S/D` cut a tensor for one thread by CuTe's `tile2thrfrg`: the tensor
//! zipped-divided by the tile, its tile mode composed with the TV layout, each atom's
//! `(thread, value)` taken to the side's own through `right_inverse(Ref) o Side` when that side is
//! not the atom's reference layout. For `ldmatrix` the source is not (a lane gives one row's
//! address): `make_tiled_copy_A(ldmatrix x4, mma).partition_S(smem)` is the row each lane points
//! at, for every atom the thread repeats, while the destination is the MMA's own registers.
//!
//! ```
//! use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
//! use tessel::atom::element::F16;
//! use tessel::atom::tiled_copy::MakeTiledCopyA;
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
//! use tessel::{layout, shape, MakeTiledMma, Tensor};
//! type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)")>;
//! type Ldsm = MakeTiledCopyA<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>;
//! let smem = [0u16; 128 * 32];
//! let rows = Ldsm::get_slice(37).partition_S(Tensor::new(&smem, layout!("(128,32):(32,1)")));
//! // Lane 5 of warp 1 (rows 16..32 of A): row 21, then 4 atoms down M and 2 along K.
//! assert_eq!(rows.layout().to_string(), "((8,1),4,2):((1,0),1024,16)");
//! assert_eq!(rows.base(), 21 * 32);
//! ```
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
use crate::atom::copy::{CopyAtom, CopyAtomLayouts, Same};
use crate::atom::element::Element;
use crate::atom::mma::MmaAtom;
use crate::atom::tiled_mma::{Mnk, TiledMma};
use crate::diagnostic::{Check, CheckBit, Checked};
pub use crate::layout::compact::AsLayout;
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::coord::Index;
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, Tuple};
use crate::layout::sublayout::{Concatenate, Prepend, PrependLayout, TwoModes};
use crate::layout::{Layout, StaticLayout};
use crate::num::arith::{SameAs, SameValue};
use crate::tensor::{At, CutByValue, Engine, ProductEach, Sliced, TensorOf};
use core::fmt::Display;
use core::marker::PhantomData;
use typenum::U1;

/// A copy tiled over a block of threads (CuTe's `TiledCopy`).
pub trait TiledCopy {
    /// The copy atom (`()` for none named: one thread, one value).
    type Atom: Copy + Default;
    /// The extent of the tile the threads copy together, `(TM,TN)`.
    type TilerMN: Default + Display + Untuple;
    /// `(thread, value) -> m + TM*n` in the tile.
    type LayoutTV: StaticLayout;
    /// The TV layout as a partition of the source composes it (CuTe's `thrval2mn`):
    /// `(thread, (atom value, repeat))`.
    type ThrVal2MnS: Default;
    /// The same for the destination.
    type ThrVal2MnD: Default;
    /// The number of threads.
    const THREADS: usize;
    /// The number of values each thread copies.
    const VALUES: usize;

    /// The atom this TiledCopy runs, with its state.
    fn atom(&self) -> Self::Atom;

    /// Thread `thread`'s slice (CuTe's `get_thread_slice`), running this TiledCopy's atom.
    #[inline(always)]
    fn get_thread_slice(&self, thread: usize) -> ThrCopy<Self>
    where
        Self: Sized,
    {
        ThrCopy {
            thread,
            atom: self.atom(),
        }
    }

    /// Thread `thread`'s slice, running the atom in its default state (CuTe's `get_slice` on
    /// `TiledCopy{}`). A method of the trait, so that code generic over a TiledCopy partitions
    /// with it.
    #[inline(always)]
    fn get_slice(thread: usize) -> ThrCopy<Self>
    where
        Self: Sized,
    {
        ThrCopy {
            thread,
            atom: Self::Atom::default(),
        }
    }
}

/// `make_tiled_copy(atom, ThrLayout{}, ValLayout{})`, each layout a layout or a shape (a shape
/// takes its column-major layout); `Atom` is a [`CopyAtom`], or `()`. It holds the atom
/// (`Default` for a stateless one, [`MakeTiledCopy::new`] for one with state).
#[derive(Clone, Copy, Default, Debug)]
pub struct MakeTiledCopy<ThrLayout, ValLayout, Atom = ()> {
    atom: Atom,
    tiling: PhantomData<(ThrLayout, ValLayout)>,
}

impl<T, V, Atom> MakeTiledCopy<T, V, Atom> {
    /// `make_tiled_copy(atom, T{}, V{})`.
    #[inline(always)]
    pub const fn new(atom: Atom) -> Self {
        Self {
            atom,
            tiling: PhantomData,
        }
    }
}

/// The threads and values of one atom, `(1, 1)` for `()`, and how its source and destination
/// reach its reference.
pub trait AtomCounts {
    /// Threads.
    type NumThr: Default;
    /// Values per thread.
    type NumVal: Default;
    /// [`Same`] or `right_inverse(Ref) o Src`.
    type Ref2Src;
    /// [`Same`] or `right_inverse(Ref) o Dst`.
    type Ref2Dst;
}
impl AtomCounts for () {
    type NumThr = U1;
    type NumVal = U1;
    type Ref2Src = Same;
    type Ref2Dst = Same;
}
impl<Op, T> AtomCounts for CopyAtom<Op, T>
where
    CopyAtom<Op, T>: CopyAtomLayouts,
{
    type NumThr = <CopyAtom<Op, T> as CopyAtomLayouts>::NumThr;
    type NumVal = <CopyAtom<Op, T> as CopyAtomLayouts>::NumVal;
    type Ref2Src = <CopyAtom<Op, T> as CopyAtomLayouts>::Ref2Src;
    type Ref2Dst = <CopyAtom<Op, T> as CopyAtomLayouts>::Ref2Dst;
}

/// An atom's `(thread, value)` mode taken to one side's threads and values: itself for
/// [`Same`], else composed with the side's `ref2trg` layout.
pub trait Retarget<R2T> {
    /// The layout over the side's `(thread, value)`.
    type Output;
}
impl<L> Retarget<Same> for L {
    type Output = L;
}
impl<L: ComposeBy<Layout<S, D>>, S: LayoutShape<D>, D: IntTuple> Retarget<Layout<S, D>> for L {
    type Output = L::Output;
}

/// CuTe's `tile2thrfrg` layout `thrval2mn` for an atom of `AT` threads and `AV` values, one side
/// of it reached by `R2T`: the TV layout `Self` zipped-divided by `(AT, AV)`,
/// `((at,av),(rt,rv))`, the atom mode retargeted to the side, then
/// `(coalesce((at,rt)), (coalesce(av), coalesce(rv)))`.
pub trait ThrVal<AT, AV, R2T> {
    /// `(thread, value) -> (m,n)` as a partition composes it.
    type Output: Default;
}
type AtomTv<L, AT, AV> = <L as ZippedDivideBy<(AT, AV)>>::Output;
type Atoms<L, AT, AV, R> = <<AtomTv<L, AT, AV> as TwoModes>::First as Retarget<R>>::Output;
type Rests<L, AT, AV> = <AtomTv<L, AT, AV> as TwoModes>::Second;
type ThrPair<L, AT, AV, R> = <(
    <Atoms<L, AT, AV, R> as TwoModes>::First,
    <Rests<L, AT, AV> as TwoModes>::First,
) as Concatenate>::Output;
type ValPair<L, AT, AV, R> = <(
    <<Atoms<L, AT, AV, R> as TwoModes>::Second as CoalesceLayout>::Output,
    <<Rests<L, AT, AV> as TwoModes>::Second as CoalesceLayout>::Output,
) as Concatenate>::Output;
type ThrValOf<L, AT, AV, R> = <(
    <ThrPair<L, AT, AV, R> as CoalesceLayout>::Output,
    ValPair<L, AT, AV, R>,
) as Concatenate>::Output;

impl<L, AT, AV, R> ThrVal<AT, AV, R> for L
where
    L: ZippedDivideBy<(AT, AV)>,
    AtomTv<L, AT, AV>: TwoModes,
    <AtomTv<L, AT, AV> as TwoModes>::First: Retarget<R>,
    Atoms<L, AT, AV, R>: TwoModes,
    Rests<L, AT, AV>: TwoModes,
    (
        <Atoms<L, AT, AV, R> as TwoModes>::First,
        <Rests<L, AT, AV> as TwoModes>::First,
    ): Concatenate,
    <Atoms<L, AT, AV, R> as TwoModes>::Second: CoalesceLayout,
    <Rests<L, AT, AV> as TwoModes>::Second: CoalesceLayout,
    (
        <<Atoms<L, AT, AV, R> as TwoModes>::Second as CoalesceLayout>::Output,
        <<Rests<L, AT, AV> as TwoModes>::Second as CoalesceLayout>::Output,
    ): Concatenate,
    ThrPair<L, AT, AV, R>: CoalesceLayout,
    (
        <ThrPair<L, AT, AV, R> as CoalesceLayout>::Output,
        ValPair<L, AT, AV, R>,
    ): Concatenate,
    ThrValOf<L, AT, AV, R>: Default,
{
    type Output = ThrValOf<L, AT, AV, R>;
}

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

impl<T: AsLayout, V: AsLayout, Atom: AtomCounts + Copy + Default> TiledCopy
    for MakeTiledCopy<T, V, Atom>
where
    Thr<T>: RakedProductBy<Val<V>>,
    LayoutMn<T, V>: StaticLayout + RightInverted,
    <LayoutMn<T, V> as StaticLayout>::Shape: ProductEach,
    TvSizes<T, V>: Compact<Left, U1> + LayoutShape<LayoutLeft<TvSizes<T, V>>>,
    LayoutLeft<TvSizes<T, V>>: IntTuple,
    Inverse<T, V>: ComposeBy<TvShape<T, V>>,
    Tv<T, V>: StaticLayout
        + TwoModes
        + ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Src>
        + ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Dst>,
    <Tv<T, V> as TwoModes>::First: StaticLayout,
    <Tv<T, V> as TwoModes>::Second: StaticLayout,
    <<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output: IntTuple,
{
    type Atom = Atom;
    type TilerMN = Tuple<<<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output>;
    type LayoutTV = Tv<T, V>;
    type ThrVal2MnS = <Tv<T, V> as ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Src>>::Output;
    type ThrVal2MnD = <Tv<T, V> as ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Dst>>::Output;
    const THREADS: usize = <<Tv<T, V> as TwoModes>::First as StaticLayout>::SIZE;
    const VALUES: usize = <<Tv<T, V> as TwoModes>::Second as StaticLayout>::SIZE;
    #[inline(always)]
    fn atom(&self) -> Atom {
        self.atom
    }
}

/// One thread's slice of a TiledCopy (CuTe's `ThrCopy`), and the atom it runs.
pub struct ThrCopy<Tc: TiledCopy> {
    thread: usize,
    atom: Tc::Atom,
}

impl<Tc: TiledCopy> ThrCopy<Tc> {
    /// The atom the thread runs.
    #[inline(always)]
    pub fn atom(&self) -> &Tc::Atom {
        &self.atom
    }
    /// The atom, to change its state between copies.
    #[inline(always)]
    pub fn atom_mut(&mut self) -> &mut Tc::Atom {
        &mut self.atom
    }
}

/// The slices without [`TiledCopy`] in scope: `get_slice` with the atom in its default state,
/// `get_thread_slice` running the value's atom.
macro_rules! slices {
    ($($Name:ident<$($P:ident),+>;)+) => {$(
        impl<$($P),+> $Name<$($P),+>
        where
            Self: TiledCopy,
        {
            /// Thread `thread`'s slice (CuTe's `get_slice`), without [`TiledCopy`] in scope.
            #[inline(always)]
            pub fn get_slice(thread: usize) -> ThrCopy<Self> {
                <Self as TiledCopy>::get_slice(thread)
            }
            /// Thread `thread`'s slice, running this TiledCopy's atom (CuTe's
            /// `get_thread_slice`).
            #[inline(always)]
            pub fn get_thread_slice(&self, thread: usize) -> ThrCopy<Self> {
                <Self as TiledCopy>::get_thread_slice(self, thread)
            }
        }
    )+};
}
slices! {
    MakeTiledCopy<T, V, A>;
    MakeTiledCopyA<A, Tm>;
    MakeTiledCopyB<A, Tm>;
    MakeTiledCopyC<A, Tm>;
}

/// A tensor layout `R` cut by a copy tile `Tiler` and one side's `(thread, value) -> (m,n)`
/// layout `Tv` for one thread: `(CPY, CPY_M, CPY_N)`, the thread's values of one tile and the
/// tiles it repeats over.
pub trait CopyPartition<Tiler, Tv>: Sized {
    /// `(Val, RestM, RestN)`.
    type Output;
    /// The thread's elements, and the index of the first.
    fn copy_partition<I: Index>(self, thread: usize) -> (Self::Output, I);
}

/// The tile a TiledCopy's partitions divide a tensor by, `(TM,TN)` as a tuple of integers.
pub type Tiler<Tc> = <<Tc as TiledCopy>::TilerMN as Untuple>::Inner;
type Tiled<R, T> = <R as ZippedDivideBy<T>>::Output;
type TileTv<R, T, Tv> = <<Tiled<R, T> as TwoModes>::First as ComposeBy<Tv>>::Output;
type Rest<R, T> = <Tiled<R, T> as TwoModes>::Second;

impl<R, T: Default, Tv: Default> CopyPartition<T, Tv> for R
where
    R: ZippedDivideBy<T>,
    Tiled<R, T>: TwoModes,
    <Tiled<R, T> as TwoModes>::First: ComposeBy<Tv>,
    TileTv<R, T, Tv>: TwoModes,
    <TileTv<R, T, Tv> as TwoModes>::First: At<usize>,
    Rest<R, T>: PrependLayout<<TileTv<R, T, Tv> as TwoModes>::Second>,
{
    type Output = Prepend<Rest<R, T>, <TileTv<R, T, Tv> as TwoModes>::Second>;
    #[inline(always)]
    fn copy_partition<I: Index>(self, thread: usize) -> (Self::Output, I) {
        let (tile, rest) = self.zipped_divide_by(T::default()).split();
        let (thr, val) = tile.compose_by(Tv::default()).split();
        (rest.prepend_layout(val), thr.at(thread))
    }
}

/// A layout cut for one thread's source (destination) elements.
pub type PartitionedS<R, Tc> =
    <R as CopyPartition<Tiler<Tc>, <Tc as TiledCopy>::ThrVal2MnS>>::Output;
/// See [`PartitionedS`].
pub type PartitionedD<R, Tc> =
    <R as CopyPartition<Tiler<Tc>, <Tc as TiledCopy>::ThrVal2MnD>>::Output;

/// One thread's part of `t` by a tile and one side's TV layout.
#[inline(always)]
fn cut<T, Tv, E, R: CopyPartition<T, Tv>>(
    thread: usize,
    t: TensorOf<E, R>,
) -> TensorOf<E, R::Output>
where
    E: Engine,
    R::Output: Sliced,
{
    t.map(|layout| layout.copy_partition(thread))
}

#[allow(non_snake_case)]
impl<Tc: TiledCopy> ThrCopy<Tc> {
    /// The thread's elements of the source tensor: `(CPY, CPY_M, CPY_N)`; for ldmatrix, the
    /// rows whose addresses the thread gives.
    #[inline(always)]
    pub fn partition_S<E, R, B: CutByValue>(
        &self,
        t: TensorOf<E, R, B>,
    ) -> TensorOf<E, PartitionedS<R, Tc>>
    where
        E: Engine,
        R: CopyPartition<Tiler<Tc>, Tc::ThrVal2MnS>,
        PartitionedS<R, Tc>: Sliced,
    {
        cut::<Tiler<Tc>, Tc::ThrVal2MnS, E, R>(self.thread, t.cut())
    }

    /// The thread's elements of the destination tensor: `(CPY, CPY_M, CPY_N)`.
    #[inline(always)]
    pub fn partition_D<E, R, B: CutByValue>(
        &self,
        t: TensorOf<E, R, B>,
    ) -> TensorOf<E, PartitionedD<R, Tc>>
    where
        E: Engine,
        R: CopyPartition<Tiler<Tc>, Tc::ThrVal2MnD>,
        PartitionedD<R, Tc>: Sliced,
    {
        cut::<Tiler<Tc>, Tc::ThrVal2MnD, E, R>(self.thread, t.cut())
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

macro_rules! tiled_copy_of_mma_types {
    ($($(#[$doc:meta])* $Name:ident;)+) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $Name<Atom, Mma> {
            atom: Atom,
            mma: PhantomData<Mma>,
        }
    )+};
}
tiled_copy_of_mma_types! {
    /// A TiledCopy that moves exactly the tile of A (B, C) a TiledMma computes on, each thread
    /// the elements it holds there: CuTe's `make_tiled_copy_A(atom, mma)`, whose TV layout is
    /// the MMA's `get_layoutA_TV()` and tile `(TM, TK)`.
    MakeTiledCopyA;
    /// `make_tiled_copy_B(atom, mma)`: B's tile `(TN, TK)`.
    MakeTiledCopyB;
    /// `make_tiled_copy_C(atom, mma)`: C's tile `(TM, TN)`.
    MakeTiledCopyC;
}

type TileMnk<Tm> = <Tm as TiledMma>::TileShapeMNK;

macro_rules! tiled_copies_of_mma {
    ($($Name:ident: $Tv:ident, ($P:ident, $Q:ident);)+) => {$(
        impl<Atom: AtomCounts + Copy + Default, Tm: TiledMma> TiledCopy for $Name<Atom, Tm>
        where
            TileMnk<Tm>: Mnk,
            (<TileMnk<Tm> as Mnk>::$P, <TileMnk<Tm> as Mnk>::$Q): IntTuple + Default,
            Tm::$Tv: TwoModes
                + ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Src>
                + ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Dst>,
            <Tm::$Tv as TwoModes>::First: StaticLayout,
            <Tm::$Tv as TwoModes>::Second: StaticLayout,
        {
            type Atom = Atom;
            type TilerMN = Tuple<(<TileMnk<Tm> as Mnk>::$P, <TileMnk<Tm> as Mnk>::$Q)>;
            type LayoutTV = Tm::$Tv;
            type ThrVal2MnS = <Tm::$Tv as ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Src>>::Output;
            type ThrVal2MnD = <Tm::$Tv as ThrVal<Atom::NumThr, Atom::NumVal, Atom::Ref2Dst>>::Output;
            const THREADS: usize = <<Tm::$Tv as TwoModes>::First as StaticLayout>::SIZE;
            const VALUES: usize = <<Tm::$Tv as TwoModes>::Second as StaticLayout>::SIZE;
            #[inline(always)]
            fn atom(&self) -> Atom {
                self.atom
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
        pub fn $fn<Atom: CopyAtomLayouts, Tm: TiledMma>(atom: Atom, _mma: Tm) -> $Name<Atom, Tm>
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
            $Name { atom, mma: PhantomData }
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
