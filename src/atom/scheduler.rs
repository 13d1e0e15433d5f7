//! The order in which a persistent GEMM's blocks take the output's tiles (CUTLASS's
//! `PersistentTileSchedulerSm90`, with a grouped raster).
//!
//! A grid of `blocks` blocks, about one a multiprocessor, covers a `tiles_m x tiles_n` grid of
//! tiles: block `b` takes the tiles numbered `b, b + blocks, b + 2 blocks, ...`. Tile number
//! `t` lies in a group of `group` rows of tiles, walked down the rows first, then across the
//! columns; the blocks running at one time so share the rows of A and columns of B they read,
//! which stay in L2 (a group of 1 is the plain row-by-row order).
//!
//! The post-condition: the numbers `0..tiles_m * tiles_n` name every tile once.
//!
//! ```
//! use tessel::atom::scheduler::TileScheduler;
//! // A 300x600 output in 128x256 tiles: 3x3 tiles, in groups of 2 rows.
//! let s = TileScheduler::new((300, 600), (128, 256), 2);
//! let order: Vec<_> = (0..s.tiles()).map(|t| s.tile(t)).collect();
//! assert_eq!(order, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 0), (2, 1), (2, 2)]);
//! assert_eq!(s.tiles_of(1, 4).collect::<Vec<_>>(), [(1, 0), (1, 2)]);
//! ```

use core::num::NonZeroUsize;

/// The tiles of an `m x n` output and the order they are taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileScheduler {
    tiles_m: usize,
    tiles_n: usize,
    group: usize,
}

impl TileScheduler {
    /// An `m x n` output cut into `tile_m x tile_n` tiles (the last ones ragged), taken in
    /// groups of `group` rows of tiles (at least 1).
    #[inline(always)]
    pub const fn new(
        (m, n): (usize, usize),
        (tile_m, tile_n): (usize, usize),
        group: usize,
    ) -> Self {
        let group = if group == 0 { 1 } else { group };
        TileScheduler {
            tiles_m: m.div_ceil(tile_m),
            tiles_n: n.div_ceil(tile_n),
            group,
        }
    }

    /// The number of tiles.
    #[inline(always)]
    pub const fn tiles(&self) -> usize {
        self.tiles_m * self.tiles_n
    }

    /// The coordinate `(row, column)` of tile number `t` (`t < tiles()`).
    #[inline(always)]
    pub fn tile(&self, t: usize) -> (usize, usize) {
        let per_group = nonzero(self.group * self.tiles_n);
        let (first, r) = (t / per_group * self.group, t % per_group);
        // The last group may hold fewer rows.
        let rows = nonzero(self.group.min(self.tiles_m - first));
        (first + r % rows, r / rows)
    }

    /// The tiles block `block` of `blocks` takes, in order.
    #[inline(always)]
    pub fn tiles_of(self, block: usize, blocks: usize) -> impl Iterator<Item = (usize, usize)> {
        // Not `step_by`, whose count divides by `step - 1 + 1`: a panic path on the GPU.
        let (tiles, blocks) = (self.tiles(), blocks.max(1));
        (0..)
            .map(move |i| block + i * blocks)
            .take_while(move |&t| t < tiles)
            .map(move |t| self.tile(t))
    }
}

/// `x`, or 1 for 0 (neither divisor of `tile` is 0 for a tile that exists; a `NonZero` says so
/// without a panic path on the GPU).
#[inline(always)]
fn nonzero(x: usize) -> NonZeroUsize {
    NonZeroUsize::new(x).unwrap_or(NonZeroUsize::MIN)
}
