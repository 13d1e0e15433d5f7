//! What a tensor is made with (CuTe's `make_tensor(ptr, layout)`): a plain layout, or a swizzled
//! one `Sw o O o L` ([`ComposedLayout`]), which the tensor keeps as [`Swizzled`] (its offset a
//! number that partitions move).
//!
//! ```
//! use tessel::{layout, Tensor};
//! let smem: Vec<u32> = (0..512).collect();
//! let t = Tensor::new(&smem, <layout!("Sw<3,3,3> o 0 o (8,64):(64,1)")>::default());
//! assert_eq!(t[(1usize, 0usize)], 64 ^ 8); // row 1 starts at 64, swizzled to 72
//! assert_eq!((t.size(), t.layout().to_string()), (512, "Sw<3,3,3> o 0 o (8,64):(64,1)".into()));
//! ```

use super::Swizzled;
use crate::layout::coord::Coord;
use crate::layout::int_tuple::{IntTuple, LayoutShape, StaticIntTuple, StaticShape, StaticSpan};
use crate::layout::{Layout, StaticLayout};
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::SwizzleFn;
use core::fmt::Display;

/// A layout a tensor can be made with.
pub trait TensorLayout: Display {
    /// The layout the tensor keeps.
    type Layout;
    /// That layout.
    fn tensor_layout(self) -> Self::Layout;
    /// Whether every index the layout gives from 0 lies in `0..len`; if not, its least and
    /// greatest index.
    fn fits(&self, len: usize) -> Result<(), (isize, isize)>;
}

impl<S: LayoutShape<D>, D: IntTuple> TensorLayout for Layout<S, D> {
    type Layout = Self;
    #[inline(always)]
    fn tensor_layout(self) -> Self {
        self
    }
    fn fits(&self, len: usize) -> Result<(), (isize, isize)> {
        let (lo, hi) = self.shape().span(&self.stride());
        within(lo, hi, len)
    }
}

impl<Sw: SwizzleFn, const O: usize, S: LayoutShape<D>, D: IntTuple> TensorLayout
    for ComposedLayout<Sw, O, Layout<S, D>>
where
    S: StaticShape + StaticSpan<D>,
    D: StaticIntTuple,
    usize: Coord<S, D>,
{
    type Layout = Swizzled<Sw, Layout<S, D>>;
    #[inline(always)]
    fn tensor_layout(self) -> Self::Layout {
        Swizzled::new(O as isize, Layout::INSTANCE)
    }
    /// The swizzle keeps each block of its span in place, so the blocks the inner indices reach
    /// bound the indices; where the last block passes the slice, every index is looked at.
    fn fits(&self, len: usize) -> Result<(), (isize, isize)> {
        let inner = Layout::<S, D>::INSTANCE;
        let (lo, hi) = inner.shape().span(&inner.stride());
        let (lo, hi) = (O as isize + lo, O as isize + hi);
        let span = Sw::SPAN as isize;
        if lo >= 0 && hi - hi.rem_euclid(span) + span <= len as isize {
            return Ok(());
        }
        let index = |i: usize| StaticLayout::call_signed(self, i);
        let (lo, hi) = (0..Layout::<S, D>::SIZE)
            .map(index)
            .fold((isize::MAX, isize::MIN), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            });
        within(lo, hi, len)
    }
}

fn within(lo: isize, hi: isize, len: usize) -> Result<(), (isize, isize)> {
    match lo >= 0 && (hi as usize) < len {
        true => Ok(()),
        false => Err((lo, hi)),
    }
}
