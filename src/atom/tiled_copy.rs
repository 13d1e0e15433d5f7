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
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, Tuple};
use crate::layout::sublayout::{Concatenate, TwoModes};
use crate::layout::{Layout, StaticLayout};
use crate::tensor::{At, ProductEach, Sliced, TensorOf};
use core::fmt::Display;
use core::marker::PhantomData;
use typenum::{U0, U1};

/// A copy tiled over a block of threads (CuTe's `TiledCopy`).
pub trait TiledCopy {
    /// The thread layout, `(m,n)` of a thread -> thread index.
    type ThrLayout: StaticLayout;
    /// The value layout, `(m,n)` of a value -> value index.
    type ValLayout: StaticLayout;
    /// The extent of the tile the threads copy together, `(TM,TN)`.
    type TilerMN: Default + Display;
    /// `(thread, value) -> m + TM*n` in the tile.
    type LayoutTV: StaticLayout;
    /// The TV layout as a partition composes it (CuTe's `thrval2mn` for an atom of one thread
    /// and one value): `(coalesce(thread), (1, coalesce(value)))`.
    type ThrVal2Mn: Default;
    /// The number of threads.
    const THREADS: usize = <Self::ThrLayout as StaticLayout>::SIZE;
    /// The number of values each thread copies.
    const VALUES: usize = <Self::ValLayout as StaticLayout>::SIZE;
}

/// `make_tiled_copy(atom, ThrLayout{}, ValLayout{})`, each a layout or a shape (a shape takes its
/// column-major layout).
pub struct MakeTiledCopy<ThrLayout, ValLayout>(PhantomData<(ThrLayout, ValLayout)>);

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
/// `make_layout((size(thr), size(val)))`.
type TvShape<T, V> = Layout<(
    Size<<Thr<T> as StaticLayout>::Shape>,
    Size<<Val<V> as StaticLayout>::Shape>,
)>;
type Inverse<T, V> = <LayoutMn<T, V> as RightInverted>::Output;
type Tv<T, V> = <Inverse<T, V> as ComposeBy<TvShape<T, V>>>::Output;

impl<T: AsLayout, V: AsLayout> TiledCopy for MakeTiledCopy<T, V>
where
    Thr<T>: RakedProductBy<Val<V>>,
    LayoutMn<T, V>: StaticLayout + RightInverted,
    <LayoutMn<T, V> as StaticLayout>::Shape: ProductEach,
    (
        Size<<Thr<T> as StaticLayout>::Shape>,
        Size<<Val<V> as StaticLayout>::Shape>,
    ): Compact<Left, U1>,
    (
        Size<<Thr<T> as StaticLayout>::Shape>,
        Size<<Val<V> as StaticLayout>::Shape>,
    ): LayoutShape<
        LayoutLeft<(
            Size<<Thr<T> as StaticLayout>::Shape>,
            Size<<Val<V> as StaticLayout>::Shape>,
        )>,
    >,
    LayoutLeft<(
        Size<<Thr<T> as StaticLayout>::Shape>,
        Size<<Val<V> as StaticLayout>::Shape>,
    )>: IntTuple,
    Inverse<T, V>: ComposeBy<TvShape<T, V>>,
    Tv<T, V>: StaticLayout + TwoModes,
    <Tv<T, V> as TwoModes>::First: CoalesceLayout,
    <Tv<T, V> as TwoModes>::Second: CoalesceLayout,
    (
        Layout<U1, U0>,
        <<Tv<T, V> as TwoModes>::Second as CoalesceLayout>::Output,
    ): Concatenate,
    (
        <<Tv<T, V> as TwoModes>::First as CoalesceLayout>::Output,
        <(
            Layout<U1, U0>,
            <<Tv<T, V> as TwoModes>::Second as CoalesceLayout>::Output,
        ) as Concatenate>::Output,
    ): Concatenate,
    ThrVal2Mn<Tv<T, V>>: Default,
    <<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output: IntTuple,
{
    type ThrLayout = Thr<T>;
    type ValLayout = Val<V>;
    type TilerMN = Tuple<<<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output>;
    type LayoutTV = Tv<T, V>;
    type ThrVal2Mn = ThrVal2Mn<Tv<T, V>>;
}

/// `(coalesce(thread), (1:0, coalesce(value)))` of a TV layout.
type ThrVal2Mn<L> = <(
    <<L as TwoModes>::First as CoalesceLayout>::Output,
    <(
        Layout<U1, U0>,
        <<L as TwoModes>::Second as CoalesceLayout>::Output,
    ) as Concatenate>::Output,
) as Concatenate>::Output;

/// One thread's slice of a TiledCopy (CuTe's `ThrCopy`).
pub struct ThrCopy<Tc> {
    thread: usize,
    tiled: PhantomData<Tc>,
}

impl<T, V> MakeTiledCopy<T, V>
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
        part.over(engine, (base as isize + offset) as usize)
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
