//! Which keys a query row of attention sees, and the masking of a tile of scores by the
//! coordinates of its accumulators (the partition of the tile's identity tensor, as the
//! epilogue's predicates).
//!
//! Definition. Query row `i` sees key `j` when `j < seqlen_k` and, causally, `j <= i + seqlen_k
//! - seqlen_q` (the diagonal aligned to the bottom right, as FlashAttention defines it: with more
//! queries than keys, the first `seqlen_q - seqlen_k` rows see no key).
//!
//! Post-conditions: [`Mask::key_blocks`] covers every key some row of the tile sees; a block
//! that [`Mask::partial`] calls whole holds only keys every row of the tile sees, so that only
//! partial blocks are masked element by element; [`Mask::apply`] sets exactly the scores of
//! unseen keys to `-inf`.
//!
//! ```
//! use tessel::kernel::mask::Mask;
//! // 100 queries, 60 keys, causal: row i sees keys up to i - 40.
//! let mask = Mask { seqlen_q: 100, seqlen_k: 60, causal: true };
//! assert!(mask.sees(40, 0) && !mask.sees(39, 0) && !mask.sees(99, 60));
//! // Rows 64..128 in blocks of 32 keys: keys up to 59, two blocks, the second partial.
//! assert_eq!(mask.key_blocks(64, 64, 32), 2);
//! assert!(mask.partial(64, 0, 32) && mask.partial(64, 1, 32));
//! // Rows 0..64 see keys up to 23: one block.
//! assert_eq!(mask.key_blocks(0, 64, 32), 1);
//! ```

use crate::atom::thr_mma::ThrMma;
use crate::atom::tiled_mma::TiledMma;
use crate::kernel::epilogue::Accumulators;
use crate::num::count::Count;

/// The keys each query row sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask {
    /// The queries.
    pub seqlen_q: usize,
    /// The keys.
    pub seqlen_k: usize,
    /// Whether row `i` sees only keys up to `i + seqlen_k - seqlen_q`.
    pub causal: bool,
}

impl Mask {
    /// Whether query row `row` sees key `key`.
    #[inline(always)]
    pub const fn sees(&self, row: usize, key: usize) -> bool {
        key < self.seqlen_k && (!self.causal || key + self.seqlen_q <= row + self.seqlen_k)
    }

    /// The keys rows `row0..row0 + rows` see at most: one past the last.
    #[inline(always)]
    const fn key_end(&self, row0: usize, rows: usize) -> usize {
        if !self.causal {
            return self.seqlen_k;
        }
        // The last row's diagonal, `row0 + rows - 1 + seqlen_k - seqlen_q`, plus one.
        let end = (row0 + rows + self.seqlen_k).saturating_sub(self.seqlen_q);
        if end < self.seqlen_k {
            end
        } else {
            self.seqlen_k
        }
    }

    /// The blocks of `block` keys that rows `row0..row0 + rows` read: blocks `0..key_blocks`
    /// (none where no row sees a key).
    #[inline(always)]
    pub const fn key_blocks(&self, row0: usize, rows: usize, block: usize) -> usize {
        self.key_end(row0, rows).div_ceil(block)
    }

    /// Whether block `n` of `block` keys holds a key that some row from `row0` on does not see
    /// (the ragged end, or the causal diagonal: the first row sees the fewest keys).
    #[inline(always)]
    pub const fn partial(&self, row0: usize, n: usize, block: usize) -> bool {
        let end = (n + 1) * block;
        // The first row sees keys up to `row0 + seqlen_k - seqlen_q`.
        end > self.seqlen_k || (self.causal && end + self.seqlen_q > row0 + 1 + self.seqlen_k)
    }

    /// The scores of the accumulators of tile `S` (rows from `row0`, keys from `key0`) whose
    /// key the row does not see, set to `-inf`.
    #[inline(always)]
    pub fn apply<Tm: TiledMma, S: Accumulators<Tm>>(
        &self,
        thr: &ThrMma<Tm>,
        s: &mut S::Frag,
        (row0, key0): (usize, usize),
    ) {
        S::Vals::default().each(
            #[inline(always)]
            |i| {
                let (r, c) = S::coord(thr, i);
                if !self.sees(row0 + r, key0 + c) {
                    s[i] = f32::NEG_INFINITY;
                }
            },
        );
    }
}
