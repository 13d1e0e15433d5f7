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

use crate::algebra::composition::ComposeBy;
use crate::algebra::inverse::RightInverted;
use crate::algebra::product::RakedProductBy;
use crate::layout::compact::{Compact, LayoutLeft, Left};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, Tuple};
use crate::layout::{Layout, StaticLayout};
use crate::tensor::ProductEach;
use core::fmt::Display;
use core::marker::PhantomData;
use typenum::U1;

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
    Tv<T, V>: StaticLayout,
    <<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output: IntTuple,
{
    type ThrLayout = Thr<T>;
    type ValLayout = Val<V>;
    type TilerMN = Tuple<<<LayoutMn<T, V> as StaticLayout>::Shape as ProductEach>::Output>;
    type LayoutTV = Tv<T, V>;
}
