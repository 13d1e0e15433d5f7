//! The order in which a persistent GEMM's blocks take the output's tiles (CUTLASS's
//! `PersistentTileSchedulerSm90`, with a grouped raster), and split-K's parts of a tile.
//!
//! A grid of `blocks` blocks, about one a multiprocessor, covers a `tiles_m x tiles_n` grid of
//! tiles: block `b` takes the units of work numbered `b, b + blocks, b + 2 blocks, ...`. Tile
//! number `t` lies in a group of `group` rows of tiles, walked down the rows first, then across
//! the columns; the blocks running at one time so share the rows of A and columns of B they
//! read, which stay in L2 (a group of 1 is the plain row-by-row order). With split-K
//! ([`TileScheduler::split_k`]) each tile is `splits` units, consecutive, each summing a part of
//! K's tiles ([`Work::k_tiles`]): an output of fewer tiles than multiprocessors keeps more of
//! them busy. The parts then add up in turn through [`SplitKFlags`] (CUTLASS's serial split-K).
//!
//! The post-condition: the numbers `0..units()` name every part of every tile once, and the
//! parts of a tile cover its K tiles once, in order.
//!
//! ```
//! use tessel::kernel::scheduler::TileScheduler;
//! // A 300x600 output in 128x256 tiles: 3x3 tiles, in groups of 2 rows.
//! let s = TileScheduler::new((300, 600), (128, 256), 2);
//! let order: Vec<_> = (0..s.tiles()).map(|t| s.tile(t)).collect();
//! assert_eq!(order, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 0), (2, 1), (2, 2)]);
//! let tiles: Vec<_> = s.work_of(1, 4).map(|w| w.tile).collect();
//! assert_eq!(tiles, [(1, 0), (1, 2)]);
//! // Split in 2 along K: block 1 of 4 takes the second part of tiles 0, 2, 4, 6, 8.
//! let s = s.split_k(2);
//! let w = s.work_of(1, 4).next().unwrap();
//! assert_eq!((w.tile, w.split, w.k_tiles(7)), ((0, 0), 1, 3..7));
//! ```

use core::num::NonZeroUsize;

/// The tiles of an `m x n` output, the order they are taken in, and the parts each is cut in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileScheduler {
    tiles_m: usize,
    tiles_n: usize,
    group: usize,
    splits: usize,
}

/// A unit of work: a tile, or one of its parts along K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// The tile's coordinate `(row, column)` in tiles.
    pub tile: (usize, usize),
    /// The tile's number in the scheduler's order.
    pub index: usize,
    /// The part, `0..splits`.
    pub split: usize,
    /// How many parts the tile is cut in.
    pub splits: usize,
}

impl Work {
    /// The part's K tiles among `k_tiles`: `split * k_tiles / splits` up to the next part's
    /// start (the parts differ by at most one K tile).
    #[inline(always)]
    pub fn k_tiles(&self, k_tiles: usize) -> core::ops::Range<usize> {
        let at = |s: usize| s * k_tiles / nonzero(self.splits);
        at(self.split)..at(self.split + 1)
    }

    /// Whether this is the tile's last part: the one that stores it.
    #[inline(always)]
    pub const fn is_last(&self) -> bool {
        self.split + 1 >= self.splits
    }
}

impl TileScheduler {
    /// An `m x n` output cut into `tile_m x tile_n` tiles (the last ones ragged), taken in
    /// groups of `group` rows of tiles (at least 1), each tile one unit of work.
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
            splits: 1,
        }
    }

    /// The same tiles, each cut into `splits` parts along K (at least 1).
    #[inline(always)]
    pub const fn split_k(self, splits: usize) -> Self {
        let splits = if splits == 0 { 1 } else { splits };
        TileScheduler { splits, ..self }
    }

    /// The number of tiles.
    #[inline(always)]
    pub const fn tiles(&self) -> usize {
        self.tiles_m * self.tiles_n
    }

    /// The number of units of work: the tiles times their parts.
    #[inline(always)]
    pub const fn units(&self) -> usize {
        self.tiles() * self.splits
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

    /// The units of work block `block` of `blocks` takes, in order.
    #[inline(always)]
    pub fn work_of(self, block: usize, blocks: usize) -> impl Iterator<Item = Work> + Clone {
        // Not `step_by`, whose count divides by `step - 1 + 1`: a panic path on the GPU.
        let (units, blocks) = (self.units(), blocks.max(1));
        (0..)
            .map(move |i| block + i * blocks)
            .take_while(move |&u| u < units)
            .map(move |u| {
                let (index, split) = (u / nonzero(self.splits), u % nonzero(self.splits));
                let tile = self.tile(index);
                Work {
                    tile,
                    index,
                    split,
                    splits: self.splits,
                }
            })
    }
}

/// The turns of split-K's parts of each tile, one flag a tile in global memory (CUTLASS's
/// `GenericBarrier` as its serial split-K uses it): part `s` waits until its tile's flag is `s`,
/// adds its sum to what the parts before it left in a workspace, leaves the new sum there and
/// passes the turn on (the flag becomes `s + 1`); the last part stores the tile instead and sets
/// the flag back to 0, ready for the next launch. The flags are zero before the first launch.
/// Parts wait only for parts of lower unit numbers, and a persistent grid's blocks are all
/// resident, so each wait ends (with more blocks than fit at once it might not).
#[derive(Clone, Copy, Debug)]
pub struct SplitKFlags {
    #[cfg_attr(not(target_arch = "nvptx64"), allow(dead_code))] // read by the device methods
    flags: *mut u32,
}

impl SplitKFlags {
    /// The flags at `flags`, one a tile.
    pub const fn new(flags: *mut u32) -> Self {
        SplitKFlags { flags }
    }
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{SplitKFlags, Work};
    use crate::arch::{ld_acquire_gpu, st_release_gpu, sync_named};

    impl SplitKFlags {
        /// The threads of named barrier `(id, threads)` wait for `work`'s turn: `leader`, one of
        /// them, reads its tile's flag until it is the part's number; then the barrier, after
        /// which every one of them sees the sums of the parts before.
        ///
        /// # Safety
        /// The flags hold one a tile of `work`'s scheduler, zero before the launch; exactly
        /// `threads` threads (whole warps) call it, one a leader; every block is resident.
        #[inline(always)]
        pub unsafe fn wait(&self, work: &Work, leader: bool, (id, threads): (u32, u32)) {
            if leader {
                while ld_acquire_gpu(self.flags.add(work.index)) != work.split as u32 {}
            }
            sync_named(id, threads);
        }

        /// The same threads pass the turn on after leaving their sum (a barrier, then the
        /// leader's release); after the last part, the flag is 0 again.
        ///
        /// # Safety
        /// As [`wait`](Self::wait), which the same threads called for `work` before.
        #[inline(always)]
        pub unsafe fn pass(&self, work: &Work, leader: bool, (id, threads): (u32, u32)) {
            sync_named(id, threads);
            if leader {
                let next = if work.is_last() { 0 } else { work.split + 1 };
                st_release_gpu(self.flags.add(work.index), next as u32);
            }
        }
    }
}

/// `x`, or 1 for 0 (neither divisor of `tile` is 0 for a tile that exists; a `NonZero` says so
/// without a panic path on the GPU).
#[inline(always)]
fn nonzero(x: usize) -> NonZeroUsize {
    NonZeroUsize::new(x).unwrap_or(NonZeroUsize::MIN)
}
