//! Where a tile ends. The tile at block coordinate `c` of a tensor cut by a tiler lies inside
//! the tensor's shape exactly when `(c_i + 1) * t_i <= s_i` in every mode `i` the tiler cuts
//! (`t_i` the tile's extent there, `s_i` the mode's size); otherwise it is ragged and its
//! partitions remember it ([`TensorOf::is_full`](super::TensorOf::is_full) is false), as CuTe
//! leaves the residue to predication with identity tensors. A block coordinate past the
//! `ceil(s_i / t_i)` tiles of a mode is a `debug_assert!`.

use super::slice::Underscore;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use typenum::{UInt, Unsigned};

/// The most modes a tensor has here (a tuple's most elements).
const MAX_MODES: usize = 12;

/// Whether the tile at `coord` of `layout` cut by `tiler` lies inside the layout's shape.
#[inline(always)]
pub(crate) fn inside<L: TensorShape, T: TileExtents, X: BlockCoord>(
    layout: &L,
    tiler: &T,
    coord: &X,
) -> bool
where
    L::Shape: ModeSizes,
{
    let (mut sizes, mut tiles) = ([0; MAX_MODES], [(0, true); MAX_MODES]);
    let mut at = [Some(0); MAX_MODES];
    let rank = layout.tensor_shape().mode_sizes(&mut sizes);
    let cut = tiler.tile_extents(&mut tiles).min(rank);
    let mut counts = sizes;
    for i in 0..cut {
        counts[i] = sizes[i].div_ceil(tiles[i].0);
    }
    if !coord.block_coord(&counts[..rank], &mut at) {
        return false; // a natural coordinate inside a mode: not told apart here
    }
    for i in 0..rank {
        debug_assert!(
            at[i].is_none_or(|a| a < counts[i]),
            "local_tile: the block coordinate {} in mode {i} is past the {} tiles there",
            at[i].unwrap_or(0),
            counts[i]
        );
    }
    // A contiguous tile ends inside where its end does; a strided one (a layout tiler), or every
    // tile of a mode kept with `_`, lies inside where the tile divides the mode.
    (0..cut).all(|i| match (tiles[i], at[i]) {
        ((t, true), Some(a)) => (a + 1) * t <= sizes[i],
        ((t, _), _) => sizes[i] % t == 0,
    })
}

/// The size of each top-level mode of a shape.
#[doc(hidden)]
pub trait ModeSizes {
    /// Writes them to `out`; the rank.
    fn mode_sizes(&self, out: &mut [usize; MAX_MODES]) -> usize;
}
impl<S: crate::num::int::Int> ModeSizes for S {
    #[inline(always)]
    fn mode_sizes(&self, out: &mut [usize; MAX_MODES]) -> usize {
        out[0] = self.value() as usize;
        1
    }
}

/// A tiler's extent in each mode it cuts: `(size, true)` for an integer or a contiguous layout,
/// `(cosize, false)` for a strided layout.
#[doc(hidden)]
pub trait TileExtents {
    /// Writes them to `out`; the number of modes cut.
    fn tile_extents(&self, out: &mut [(usize, bool); MAX_MODES]) -> usize;
}
/// One element of a tiler: its extent.
#[doc(hidden)]
pub trait TileExtent {
    /// `(size, true)` or `(cosize, false)`.
    fn tile_extent(&self) -> (usize, bool);
}
impl<U: Unsigned, B: typenum::Bit> TileExtent for UInt<U, B> {
    #[inline(always)]
    fn tile_extent(&self) -> (usize, bool) {
        (Self::USIZE, true)
    }
}
impl<S: LayoutShape<D>, D: IntTuple> TileExtent for Layout<S, D> {
    #[inline(always)]
    fn tile_extent(&self) -> (usize, bool) {
        let (size, (lo, hi)) = (self.size(), self.shape().span(&self.stride()));
        let cosize = (hi - lo + 1) as usize;
        (
            if size == cosize { size } else { cosize },
            size == cosize && lo == 0,
        )
    }
}
impl<T: TileExtent> TileExtents for T {
    #[inline(always)]
    fn tile_extents(&self, out: &mut [(usize, bool); MAX_MODES]) -> usize {
        out[0] = self.tile_extent();
        1
    }
}

/// A block coordinate as one index per top-level mode of the rest (`None` where `_` keeps
/// every tile of the mode).
#[doc(hidden)]
pub trait BlockCoord {
    /// Writes them to `out` (a 1-D coordinate read colexicographically over `counts`); false
    /// where a mode's coordinate is a tuple.
    fn block_coord(&self, counts: &[usize], out: &mut [Option<usize>; MAX_MODES]) -> bool;
}
impl BlockCoord for usize {
    #[inline(always)]
    fn block_coord(&self, counts: &[usize], out: &mut [Option<usize>; MAX_MODES]) -> bool {
        let mut rest = *self;
        for (i, &n) in counts.iter().enumerate() {
            let last = i + 1 == counts.len();
            out[i] = Some(if last { rest } else { rest % n });
            rest /= n;
        }
        true
    }
}
impl BlockCoord for Underscore {
    #[inline(always)]
    fn block_coord(&self, counts: &[usize], out: &mut [Option<usize>; MAX_MODES]) -> bool {
        out[..counts.len()].fill(None);
        true
    }
}
/// One mode's block coordinate: a 1-D index, `_`, or a tuple (not read here).
#[doc(hidden)]
pub trait ModeIndex {
    /// `Some(Some(index))`, `Some(None)` for `_`, or `None` for a tuple.
    fn mode_index(&self) -> Option<Option<usize>>;
}
impl ModeIndex for usize {
    #[inline(always)]
    fn mode_index(&self) -> Option<Option<usize>> {
        Some(Some(*self))
    }
}
impl ModeIndex for Underscore {
    #[inline(always)]
    fn mode_index(&self) -> Option<Option<usize>> {
        Some(None)
    }
}

macro_rules! tuple_residue {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: IntTuple),+> ModeSizes for ($($T,)+) {
            #[inline(always)]
            fn mode_sizes(&self, out: &mut [usize; MAX_MODES]) -> usize {
                let mut n = 0;
                $( out[$i] = self.$i.size(); n += 1; )+
                n
            }
        }
        impl<$($T: TileExtent),+> TileExtents for ($($T,)+) {
            #[inline(always)]
            fn tile_extents(&self, out: &mut [(usize, bool); MAX_MODES]) -> usize {
                let mut n = 0;
                $( out[$i] = self.$i.tile_extent(); n += 1; )+
                n
            }
        }
        impl<$($T: ModeIndex),+> ModeIndex for ($($T,)+) {
            #[inline(always)]
            fn mode_index(&self) -> Option<Option<usize>> {
                None
            }
        }
        impl<$($T: ModeIndex),+> BlockCoord for ($($T,)+) {
            #[inline(always)]
            fn block_coord(&self, _: &[usize], out: &mut [Option<usize>; MAX_MODES]) -> bool {
                $(
                    match self.$i.mode_index() {
                        Some(x) => out[$i] = x,
                        None => return false,
                    }
                )+
                true
            }
        }
    )+};
}

crate::num::list::for_each_arity!(tuple_residue);

/// A tensor's layout, plain or swizzled, and the shape its partitions check.
pub trait TensorShape {
    /// The shape (of the inner layout, for a swizzled one).
    type Shape;
    /// Its value.
    fn tensor_shape(&self) -> Self::Shape;
}
impl<S: LayoutShape<D>, D: IntTuple> TensorShape for Layout<S, D> {
    type Shape = S;
    #[inline(always)]
    fn tensor_shape(&self) -> S {
        self.shape()
    }
}
