//! Pipelines of shared-memory stages on mbarriers (CUTLASS's `PipelineTmaAsync`): a producer
//! fills stage `i` with asynchronous copies that complete bytes on its *full* barrier, the
//! consumers wait on it, compute, and arrive on its *empty* barrier, which the producer waits on
//! before filling the stage again.
//!
//! What a wait must know is in the types: the [`PipelineState`] carries the stage index and the
//! phase parity and advances itself (the parity flips each time the index wraps), and the bytes a
//! stage expects are the stage layout's size times the element's ([`PipelineTmaAsync::TX_BYTES`]),
//! never written by hand. What the types cannot rule out: a role calling another's method (a
//! consumer acquiring), a state advanced twice or not at all between calls, and copies that
//! complete fewer bytes than the stage expects: each of these hangs the block rather than
//! misreading, as in CUTLASS (cutlass#2364, #2365, #2233).
//!
//! ```
//! use tessel::atom::pipeline::PipelineState;
//! let mut s = PipelineState::<3>::new();
//! for _ in 0..4 {
//!     s.advance();
//! }
//! assert_eq!((s.index(), s.phase()), (1, 1)); // the fourth step wrapped once
//! ```

use crate::atom::tma::{TensorMap, TmaElement, TmaTile};
use crate::layout::StaticLayout;
use core::marker::PhantomData;

/// Where a pipeline is: the stage index and the parity of the phase it waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipelineState<const STAGES: u32> {
    index: u32,
    phase: u32,
}

impl<const STAGES: u32> Default for PipelineState<STAGES> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const STAGES: u32> PipelineState<STAGES> {
    /// Stage 0, phase 0: where producers and consumers both start.
    pub const fn new() -> Self {
        PipelineState { index: 0, phase: 0 }
    }
    /// The stage.
    pub const fn index(&self) -> u32 {
        self.index
    }
    /// The phase parity.
    pub const fn phase(&self) -> u32 {
        self.phase
    }
    /// The next stage; past the last, stage 0 and the other parity.
    #[inline(always)]
    pub fn advance(&mut self) {
        self.index += 1;
        if self.index == STAGES {
            self.index = 0;
            self.phase ^= 1;
        }
    }
}

/// `STAGES` stages of the static layout `Stage` of `T` elements, their full and empty barriers
/// at two shared arrays of `STAGES` 8-byte barriers.
pub struct PipelineTmaAsync<const STAGES: u32, Stage, T> {
    full: u32,
    empty: u32,
    stage: PhantomData<(Stage, T)>,
}

impl<const STAGES: u32, Stage, T> Clone for PipelineTmaAsync<STAGES, Stage, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<const STAGES: u32, Stage, T> Copy for PipelineTmaAsync<STAGES, Stage, T> {}

/// The bytes the copies of one stage complete: a static layout of `T`, or the tiles of the TMA
/// copies that fill it (`(TensorMap<TA, SA>, TensorMap<TB, SB>)` with `T = ()`).
///
/// ```
/// use tessel::atom::element::BF16;
/// use tessel::atom::gmma::Layout_K_SW128_Atom;
/// use tessel::atom::pipeline::PipelineTmaAsync;
/// use tessel::atom::tma::TensorMap;
/// use tessel::{shape, TileToShape};
/// type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
/// type Pipe = PipelineTmaAsync<3, (TensorMap<BF16, Stage>, TensorMap<BF16, Stage>), ()>;
/// assert_eq!(Pipe::TX_BYTES, 2 * 128 * 64 * 2); // A's and B's tiles, never written by hand
/// ```
pub trait StageBytes<T> {
    /// The bytes.
    const BYTES: u32;
}
impl<L: StaticLayout, T> StageBytes<T> for L {
    const BYTES: u32 = (L::SIZE * core::mem::size_of::<T>()) as u32;
}
impl<TA: TmaElement, SA: TmaTile, TB: TmaElement, SB: TmaTile> StageBytes<()>
    for (TensorMap<TA, SA>, TensorMap<TB, SB>)
{
    const BYTES: u32 = TensorMap::<TA, SA>::TILE_BYTES + TensorMap::<TB, SB>::TILE_BYTES;
}

impl<const STAGES: u32, Stage: StageBytes<T>, T> PipelineTmaAsync<STAGES, Stage, T> {
    /// The bytes one stage's copies complete: its size in elements times the element's.
    pub const TX_BYTES: u32 = Stage::BYTES;

    /// The shared addresses of the state's stage's full and empty barriers.
    pub const fn barriers(&self, s: &PipelineState<STAGES>) -> (u32, u32) {
        (self.full + 8 * s.index, self.empty + 8 * s.index)
    }

    /// The pipeline over the barriers at shared addresses `full` and `empty`, not initialised.
    pub const fn new(full: u32, empty: u32) -> Self {
        PipelineTmaAsync {
            full,
            empty,
            stage: PhantomData,
        }
    }
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::StageBytes;
    use super::{PipelineState, PipelineTmaAsync};
    use crate::arch::sm90::{cp_async_bulk_g2s, fence_barrier_init, mbarrier_wait_parity};
    use crate::arch::sm90::{mapa_shared, mbarrier_arrive_cluster};
    use crate::arch::sm90::{mbarrier_arrive, mbarrier_arrive_expect_tx, mbarrier_init};

    impl<const STAGES: u32, Stage: StageBytes<T>, T> PipelineTmaAsync<STAGES, Stage, T> {
        /// Initialises the barriers where `issue` holds: each full one expects the producer's
        /// arrival, each empty one `consumers` arrivals. `true` for a lone thread; in a warp
        /// that calls it together, the elected lane (`elect_one_sync()`), so that no branch on
        /// the lane comes before the block's barrier.
        ///
        /// # Safety
        /// One thread initialises, then a barrier of the block follows before any other method;
        /// the two arrays hold `STAGES` 8-byte-aligned barriers each.
        pub unsafe fn init(&self, consumers: u32, issue: bool) {
            for i in 0..STAGES {
                mbarrier_init(self.full + 8 * i, 1, issue);
                mbarrier_init(self.empty + 8 * i, consumers, issue);
            }
            fence_barrier_init();
        }

        /// The producer waits until the consumers released the stage (at once, the first time
        /// round: the producer waits for the parity before its state's).
        #[inline(always)]
        pub fn producer_acquire(&self, s: &PipelineState<STAGES>) {
            // SAFETY: the barrier was initialised (`init`); a wait reads it only.
            unsafe { mbarrier_wait_parity(self.barriers(s).1, s.phase() ^ 1) }
        }

        /// The producer's arrival on the stage's full barrier, expecting [`Self::TX_BYTES`],
        /// where `arrive` holds: `true` for a lone producer thread; in a producer warp that calls
        /// it together, the elected lane (`elect_one_sync()`), so that the warp takes no branch.
        ///
        /// # Safety
        /// One thread arrives for the stage, and copies of `TX_BYTES` follow.
        #[inline(always)]
        pub unsafe fn producer_expect_tx(&self, s: &PipelineState<STAGES>, arrive: bool) {
            mbarrier_arrive_expect_tx(self.barriers(s).0, Self::TX_BYTES, arrive);
        }

        /// One bulk copy of a whole stage, `TX_BYTES` from global `src` to the stage at shared
        /// address `dst`, completing on the stage's full barrier.
        ///
        /// # Safety
        /// As `cp_async_bulk_g2s`: both 16-byte aligned, `TX_BYTES` a multiple of 16, the stage
        /// acquired and its bytes expected.
        #[inline(always)]
        pub unsafe fn copy_bulk(&self, s: &PipelineState<STAGES>, src: *const T, dst: u32) {
            cp_async_bulk_g2s(dst, src as *const u8, Self::TX_BYTES, self.barriers(s).0);
        }

        /// The consumers wait until the stage is full.
        #[inline(always)]
        pub fn consumer_wait(&self, s: &PipelineState<STAGES>) {
            // SAFETY: as in `producer_acquire`.
            unsafe { mbarrier_wait_parity(self.barriers(s).0, s.phase()) }
        }

        /// A consumer's release of the stage: one arrival on its empty barrier.
        #[inline(always)]
        pub fn consumer_release(&self, s: &PipelineState<STAGES>) {
            // SAFETY: the barrier was initialised; an arrival is what it counts.
            unsafe { mbarrier_arrive(self.barriers(s).1) }
        }

        /// A release of the stage in a cluster whose blocks fill each other's stages
        /// (multicast): one arrival on the stage's empty barrier in each block of `ranks` (its
        /// own among them) where `arrive` holds, whose `init` counted every such arrival. A warp
        /// that calls it together after its wgmmas are waited for releases for all its lanes
        /// with its elected lane (`elect_one_sync()`), as CUTLASS's consumers do.
        ///
        /// # Safety
        /// The blocks of `ranks` are in the cluster and have not exited (a cluster barrier
        /// before they exit).
        #[inline(always)]
        pub unsafe fn consumer_release_cluster(
            &self,
            s: &PipelineState<STAGES>,
            ranks: core::ops::Range<u32>,
            arrive: bool,
        ) {
            let empty = self.barriers(s).1;
            for rank in ranks {
                mbarrier_arrive_cluster(mapa_shared(empty, rank), arrive);
            }
        }
    }
}
