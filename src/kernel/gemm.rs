//! A warp-specialized persistent Hopper GEMM as a generic function of its configuration
//! (CUTLASS's `GemmUniversal` over `KernelTmaWarpSpecializedCooperative`): `C = A B^T`, A
//! `m x k` and B `n x k` K-major, f32 accumulation, C `m x n` column-major.
//!
//! A configuration ([`GemmKernel`]) names the parts: the element, the TiledMma, the TMA tiles
//! and stage-moded layouts of the mainloop ([`mainloop`](super::mainloop)), the output tile
//! and its epilogue ([`epilogue`](super::epilogue)), the schedule's roles and budgets
//! ([`role`](super::role)), the shared storage computed from all of them
//! (`storage`). `gemm` (on the device) is the kernel's body: the producer warp loads each
//! unit of work's K tiles ([`scheduler`](super::scheduler)) into the pipeline's stages, the
//! consumer warpgroups multiply them and store the tile; [`gemm_kernel!`](crate::gemm_kernel)
//! is a kernel's entry, one line.
//!
//! Post-conditions: each unit of work the scheduler gives the block is loaded and consumed once,
//! in the same order by both roles; every stage the producer fills is released once by the
//! consumers of every block that reads it; no block exits while a block of its cluster may still
//! signal its barriers.
//!
//! The launch: a grid of at most one block a multiprocessor (a multiple of the cluster's blocks),
//! [`GemmKernel::THREADS`] threads, [`GemmKernel::SHARED_BYTES`] of dynamic shared memory; the
//! parameters are A's, B's and C's descriptors (C's is read by a TMA-store epilogue only) and one
//! [`GemmArgs`].
//!
//! ```
//! use tessel::kernel::gemm::GemmArgs;
//! // The host and the device read the same layout of the arguments.
//! assert_eq!(core::mem::size_of::<GemmArgs>(), 88);
//! ```

use crate::kernel::epilogue::EpilogueParts;
use crate::kernel::fusion::EpilogueArgs;
use crate::kernel::role::Schedule;
use crate::kernel::storage::Carve;

/// The kernel's arguments after its descriptors (the host passes them by value).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GemmArgs {
    /// `(m, n, k)`.
    pub mnk: [u32; 3],
    /// The scheduler's rows of tiles a group.
    pub group: u32,
    /// Split-K's parts of a tile (1 for a kernel whose epilogue does not reduce).
    pub splits: u32,
    /// Unused: the pointers' alignment.
    pub pad: u32,
    /// C, column-major, leading dimension `m`.
    pub c: u64,
    /// Split-K's workspace: a tile's f32 accumulators a tile.
    pub partial: u64,
    /// Split-K's turns: one `u32` a tile, zero before the launch (each launch leaves them zero).
    pub flags: u64,
    /// The fusion's arguments.
    pub epilogue: EpilogueArgs,
}

/// A GEMM kernel's configuration: its parts as types, and the constants a launch reads.
pub trait GemmKernel {
    /// The inputs' element.
    type In;
    /// The consumers' TiledMma (its threads are the consumer warpgroups').
    type Mma;
    /// A's TMA tile, a stage of A `(BM,BK)`.
    type TileA;
    /// B's stage `(BN,BK)`.
    type TileB;
    /// What one block of a cluster loads of B's stage: all of it, or its part.
    type LoadB;
    /// A's and B's stage-moded layouts, `((BM,BK,PIPE), (BN,BK,PIPE))`.
    type Stages;
    /// The output tile's shape, `(BM,BN)`.
    type Tile;
    /// The epilogue: its output's element, its part of the shared storage, whether it reduces
    /// split-K's parts.
    type Epilogue: EpilogueParts;
    /// The schedule: its roles and register budgets.
    type Schedule: Schedule;
    /// The shared storage: A's stages, B's, the epilogue's buffer, the full and empty barriers,
    /// the schedule's order barriers.
    type Storage: Carve<6>;
    /// The stages' K.
    const BK: usize;
    /// The output tile's rows a block.
    const BM: usize;
    /// The output tile's columns.
    const BN: usize;
    /// The pipeline's stages.
    const STAGES: u32;
    /// The blocks of a cluster along M (1: no cluster).
    const CLUSTER_M: usize;
    /// Whether the epilogue reduces split-K's parts (the scheduler then splits).
    const SPLIT: bool = <Self::Epilogue as EpilogueParts>::SPLIT;
    /// The block's threads.
    const THREADS: usize = <Self::Schedule as Schedule>::THREADS;
    /// The dynamic shared memory a launch gives.
    const SHARED_BYTES: u32 = <Self::Storage as Carve<6>>::DYNAMIC_BYTES;
}

/// The output's element of a configuration.
pub type Out<K> = <<K as GemmKernel>::Epilogue as EpilogueParts>::Out;
/// The tile of a configuration's C descriptor (a TMA-store epilogue's; `()` without one).
pub type StoreTile<K> = <<K as GemmKernel>::Epilogue as EpilogueParts>::StoreTile;

#[cfg(target_arch = "nvptx64")]
pub use device::gemm;

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::Out;
    use super::{GemmArgs, GemmKernel};
    use crate::arch::sm90::{cluster_ctarank, cluster_id, cluster_sync, elect_one_sync};
    use crate::arch::sm90::{setmaxnreg, warp_idx_sync};
    use crate::arch::{block, grid, sync_threads, thread};
    use crate::atom::exec::warpgroup_fence_operand;
    use crate::atom::exec::{warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait};
    use crate::atom::exec::{MmaExec, MmaRegisters};
    use crate::atom::gmma::GmmaDescriptor;
    use crate::atom::mma::MmaAtom;
    use crate::atom::pipeline::{PipelineState, PipelineTmaAsync};
    use crate::atom::thr_mma::ThrMma;
    use crate::atom::tiled_mma::TiledMma;
    use crate::atom::tma::{TensorMap, TmaElement, TmaTile};
    use crate::kernel::epilogue::EpilogueParts;
    use crate::kernel::epilogue::{Accumulators, Epilogue, Output};
    use crate::kernel::mainloop::{SsStages, TmaTileLoad};
    use crate::kernel::order::{empty_rounds, OrderedSequenceBarrier};
    use crate::kernel::role::Consumer as ConsumerBudget;
    use crate::kernel::role::{empty_arrivals, Producer, Role, Schedule, WARPGROUP};
    use crate::kernel::scheduler::{TileScheduler, Work};
    use crate::kernel::storage::Carve;
    use crate::num::count::Count;

    /// The consumer warpgroups' turns in ping-pong: mainloop, epilogue; two warpgroups.
    type Order = OrderedSequenceBarrier<2, 2>;

    /// The stages' pipeline of a configuration.
    type Pipe<K, const STAGES: u32> = PipelineTmaAsync<
        STAGES,
        (
            TensorMap<<K as GemmKernel>::In, <K as GemmKernel>::TileA>,
            TensorMap<<K as GemmKernel>::In, <K as GemmKernel>::TileB>,
        ),
        (),
    >;

    /// The kernel body of configuration `K` with `STAGES` stages (its `STAGES`): A's and B's
    /// descriptors, the address of C's (a TMA-store epilogue's), the arguments, and the dynamic
    /// shared memory's address.
    ///
    /// # Safety
    /// Launched as [`GemmKernel`]'s constants say; the descriptors are the kernel's parameters
    /// (`TensorMap::from_param`), `tma_c` the address of C's; the arguments' pointers hold what
    /// [`GemmArgs`] says.
    #[inline(always)]
    pub unsafe fn gemm<K: GemmKernel, const STAGES: u32>(
        tma_a: &TensorMap<K::In, K::TileA>,
        tma_b: &TensorMap<K::In, K::LoadB>,
        tma_c: u64,
        args: &GemmArgs,
        smem: u32,
    ) where
        K::In: TmaElement,
        K::Mma: TiledMma,
        <K::Mma as TiledMma>::Atom: MmaAtom<ValTypeC = f32>
            + MmaExec
            + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
        K::TileA: TmaTileLoad<K::In>,
        K::TileB: TmaTile,
        K::LoadB: TmaTileLoad<K::In>,
        K::Stages: SsStages<K::Mma, K::In>,
        K::Tile: Accumulators<K::Mma>,
        K::Epilogue: Epilogue<K::Mma, K::Tile>,
    {
        const {
            assert!(
                K::STAGES == STAGES,
                "the kernel's stages are its configuration's"
            );
            let tile_threads = if K::Schedule::PINGPONG {
                WARPGROUP
            } else {
                K::Schedule::CONSUMER_THREADS
            };
            assert!(
                !K::Schedule::PINGPONG || !(K::SPLIT || <K::Epilogue as EpilogueParts>::TMA),
                "ping-pong takes a direct epilogue: split-K's turns and a TMA store's buffer are the block's"
            );
            assert!(
                K::Mma::THREADS == tile_threads,
                "a tile's consumers are the TiledMma's threads: a warpgroup's in ping-pong"
            );
        };
        let (warp, elected) = (warp_idx_sync(), elect_one_sync());
        // The stages of A and B, the epilogue's buffer and the barriers, where the storage puts
        // them.
        let [sa, sb, sc, full, empty, order] = K::Storage::carve(smem);
        let pipe = Pipe::<K, STAGES>::new(full, empty);
        if warp == 0 {
            // Each consumer thread releases a stage; in a cluster, each consumer warp of each
            // block.
            pipe.init(empty_arrivals(K::Mma::THREADS, K::CLUSTER_M), elected);
            if K::Schedule::PINGPONG {
                Order::new(order, 0).init(WARPGROUP as u32, elected);
            }
            tma_a.prefetch();
            tma_b.prefetch();
            K::Epilogue::prefetch(tma_c);
        }
        // The barriers are initialised in every block of a cluster before any block signals them.
        if K::CLUSTER_M > 1 {
            cluster_sync();
        } else {
            sync_threads();
        }
        let [m, n, k] = args.mnk.map(|x| x as usize);
        let splits = if K::SPLIT { args.splits as usize } else { 1 };
        let sched = TileScheduler::new((m, n), (K::BM * K::CLUSTER_M, K::BN), args.group as usize)
            .split_k(splits);
        // A cluster takes the scheduler's tiles, each block its BM rows.
        let ((unit, units), rank) = if K::CLUSTER_M > 1 {
            let (id, ids) = cluster_id();
            ((id as usize, ids as usize), cluster_ctarank() as usize)
        } else {
            ((block().0 as usize, grid().0 as usize), 0)
        };
        let works = sched.work_of(unit, units);
        let k_tiles = k.div_ceil(K::BK);
        match K::Schedule::role(warp) {
            Role::Producer { warp } => {
                if K::Schedule::REALLOC {
                    setmaxnreg::<Producer<K::Schedule>>();
                }
                if warp == 0 {
                    produce::<K, STAGES>(
                        &pipe,
                        (tma_a, tma_b),
                        (sa, sb),
                        k_tiles,
                        works,
                        rank,
                        elected,
                    );
                }
            }
            Role::Consumer { group } => {
                if K::Schedule::REALLOC {
                    setmaxnreg::<ConsumerBudget<K::Schedule>>();
                }
                // The tile's consumer thread: of all consumers, or of its warpgroup in ping-pong.
                let thread = K::Schedule::consumer_thread(thread().0 as usize) % K::Mma::THREADS;
                let thr = K::Mma::get_slice(thread);
                let out = Output {
                    c: args.c as *mut Out<K>,
                    mn: (m, n),
                    args: &args.epilogue,
                    partial: args.partial as *mut f32,
                    flags: args.flags as *mut u32,
                    smem: sc,
                    tma: tma_c,
                };
                let consumer = Consumer::<K, STAGES> {
                    pipe: &pipe,
                    thr: &thr,
                    thread,
                    smem: (sa, sb),
                    out: &out,
                    rank,
                    k_tiles,
                    elected,
                };
                if K::Schedule::PINGPONG {
                    consumer.pingpong(works, Order::new(order, group));
                } else {
                    consumer.cooperative(works);
                }
            }
        }
        if K::CLUSTER_M > 1 {
            // The cluster's closing barrier: no block exits while another may still arrive on its
            // barriers.
            cluster_sync();
        }
    }

    /// The producer warp: each unit of work's K tiles into the next stages.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn produce<K: GemmKernel, const STAGES: u32>(
        pipe: &Pipe<K, STAGES>,
        (tma_a, tma_b): (&TensorMap<K::In, K::TileA>, &TensorMap<K::In, K::LoadB>),
        (sa, sb): (u32, u32),
        k_tiles: usize,
        works: impl Iterator<Item = Work>,
        rank: usize,
        elected: bool,
    ) where
        K::In: TmaElement,
        K::TileA: TmaTileLoad<K::In>,
        K::TileB: TmaTile,
        K::LoadB: TmaTileLoad<K::In>,
    {
        let a_bytes = TensorMap::<K::In, K::TileA>::TILE_BYTES;
        let (b_bytes, part_bytes) = (
            TensorMap::<K::In, K::TileB>::TILE_BYTES,
            TensorMap::<K::In, K::LoadB>::TILE_BYTES,
        );
        // B's stage in parts, one a block of the cluster (each multicast to all), or whole.
        let parts = (b_bytes / part_bytes) as usize;
        let part = if parts > 1 { rank } else { 0 };
        let part_rows = K::BN / parts;
        let cluster = (1u16 << K::CLUSTER_M) - 1;
        let mut write = PipelineState::<STAGES>::new();
        for work in works {
            let (bp, bn) = work.tile;
            let bm = K::CLUSTER_M * bp + rank;
            for kt in work.k_tiles(k_tiles) {
                pipe.producer_acquire(&write);
                pipe.producer_expect_tx(&write, elected);
                let (full, stage) = (pipe.barriers(&write).0, write.index());
                let (row_a, row_b, col) = (bm * K::BM, bn * K::BN + part * part_rows, kt * K::BK);
                K::TileA::load(tma_a, full, elected, [row_a, col], sa + stage * a_bytes);
                let dst = sb + stage * b_bytes + part as u32 * part_bytes;
                if parts > 1 {
                    K::LoadB::load(tma_b, (full, cluster), elected, [row_b, col], dst);
                } else {
                    K::LoadB::load(tma_b, full, elected, [row_b, col], dst);
                }
                write.advance();
            }
        }
    }

    /// A consumer warpgroup's view of the kernel.
    struct Consumer<'a, K: GemmKernel, const STAGES: u32>
    where
        K::Mma: TiledMma,
    {
        pipe: &'a Pipe<K, STAGES>,
        thr: &'a ThrMma<K::Mma>,
        thread: usize,
        smem: (u32, u32),
        out: &'a Output<'a, Out<K>>,
        rank: usize,
        k_tiles: usize,
        elected: bool,
    }

    impl<K: GemmKernel, const STAGES: u32> Consumer<'_, K, STAGES>
    where
        K::In: TmaElement,
        K::TileA: TmaTile,
        K::TileB: TmaTile,
        K::Mma: TiledMma,
        <K::Mma as TiledMma>::Atom: MmaAtom<ValTypeC = f32>
            + MmaExec
            + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
        K::Stages: SsStages<K::Mma, K::In>,
        K::Tile: Accumulators<K::Mma>,
        K::Epilogue: Epilogue<K::Mma, K::Tile>,
    {
        /// Cooperative: both warpgroups on each unit of work, its K tiles multiplied as they
        /// arrive, then its epilogue.
        #[inline(always)]
        unsafe fn cooperative(&self, works: impl Iterator<Item = Work>) {
            let parts = K::Stages::partition(self.thr, self.smem);
            let mut read = PipelineState::<STAGES>::new();
            for work in works {
                let mut acc = self.mainloop(&parts, &work, &mut read);
                self.epilogue(&work, &mut acc);
            }
            K::Epilogue::finish(self.thread);
        }

        /// Ping-pong: warpgroup `group` takes every other unit of work (skipping the other's
        /// stages), its mainloop and its epilogue each a turn of `order`. In a last round without
        /// a unit of its own, it takes its turns empty, so that the other is not left waiting.
        #[inline(always)]
        unsafe fn pingpong(&self, works: impl Iterator<Item = Work> + Clone, mut order: Order) {
            let parts = K::Stages::partition(self.thr, self.smem);
            let mut read = PipelineState::<STAGES>::new();
            let (group, groups) = (order.group() as usize, K::Schedule::CONSUMERS);
            let count = works.clone().count();
            for (j, work) in works.enumerate() {
                if j % groups != group {
                    for _ in work.k_tiles(self.k_tiles) {
                        read.advance();
                    }
                    continue;
                }
                order.wait();
                let mut acc = self.mainloop(&parts, &work, &mut read);
                order.arrive();
                order.wait();
                self.epilogue(&work, &mut acc);
                order.arrive();
            }
            for _ in 0..2 * empty_rounds(count, group, groups) {
                order.wait();
                order.arrive();
            }
            K::Epilogue::finish(self.thread);
        }

        /// A unit of work's K tiles multiplied as they arrive, each stage released once its
        /// wgmmas are done: the accumulators.
        #[inline(always)]
        unsafe fn mainloop(
            &self,
            parts: &<K::Stages as SsStages<K::Mma, K::In>>::Parts,
            work: &Work,
            read: &mut PipelineState<STAGES>,
        ) -> <K::Tile as Accumulators<K::Mma>>::Frag {
            let mut acc = <K::Tile as Accumulators<K::Mma>>::Frag::default();
            let mut release = *read;
            let ks = work.k_tiles(self.k_tiles);
            for kt in ks.clone() {
                self.pipe.consumer_wait(read);
                // The accumulators in their registers before the fence (CUTLASS's
                // `warpgroup_fence_operand`): zeroed there, not between the wgmmas.
                self.fence(&mut acc);
                warpgroup_arrive();
                K::Stages::mma(
                    self.thr,
                    parts,
                    (read.index() as usize, read.index() as usize),
                    &mut acc,
                );
                warpgroup_commit_batch();
                // The previous K tile's wgmmas are done: its stage goes back to the producer.
                warpgroup_wait::<1>();
                if kt > ks.start {
                    self.release(&release);
                    release.advance();
                }
                read.advance();
            }
            warpgroup_wait::<0>();
            self.fence(&mut acc);
            if !ks.is_empty() {
                self.release(&release);
            }
            acc
        }

        /// Each accumulator in its register here ([`warpgroup_fence_operand`]).
        #[inline(always)]
        fn fence(&self, acc: &mut <K::Tile as Accumulators<K::Mma>>::Frag) {
            <<K::Tile as Accumulators<K::Mma>>::Vals as Default>::default()
                .each(|i| acc[i] = warpgroup_fence_operand(acc[i]));
        }

        /// A stage back to the producers: in a cluster, of every block (each fills all).
        #[inline(always)]
        unsafe fn release(&self, s: &PipelineState<STAGES>) {
            if K::CLUSTER_M > 1 {
                self.pipe
                    .consumer_release_cluster(s, 0..K::CLUSTER_M as u32, self.elected);
            } else {
                self.pipe.consumer_release(s);
            }
        }

        /// The unit of work's tile stored by the epilogue.
        #[inline(always)]
        unsafe fn epilogue(&self, work: &Work, acc: &mut <K::Tile as Accumulators<K::Mma>>::Frag) {
            let (bp, bn) = work.tile;
            let bm = K::CLUSTER_M * bp + self.rank;
            let origin = (bm * K::BM, bn * K::BN);
            K::Epilogue::store(self.out, self.thr, self.thread, work, origin, acc);
        }
    }
}

/// A GEMM kernel's entry, one line: `gemm_kernel!(NAME: Config, smem)`, where `smem` is the
/// crate's dynamic shared array (`tessel::shared_array!(smem)`). It declares the kernel's launch
/// bounds from the configuration (its threads and cluster) and calls `gemm` with the
/// descriptors read in place (grid constants).
#[macro_export]
macro_rules! gemm_kernel {
    ($(#[$doc:meta])* $name:ident: $K:ty, $smem:ident) => {
        $crate::launch_bounds!(
            $name,
            <$K as $crate::kernel::gemm::GemmKernel>::THREADS,
            1,
            cluster = (<$K as $crate::kernel::gemm::GemmKernel>::CLUSTER_M, 1, 1)
        );
        $(#[$doc])*
        ///
        /// # Safety
        /// Launched as its configuration's constants say, with its descriptors and arguments.
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(
            _a: $crate::atom::tma::TensorMap<<$K as $crate::kernel::gemm::GemmKernel>::In, <$K as $crate::kernel::gemm::GemmKernel>::TileA>,
            _b: $crate::atom::tma::TensorMap<<$K as $crate::kernel::gemm::GemmKernel>::In, <$K as $crate::kernel::gemm::GemmKernel>::LoadB>,
            _c: $crate::atom::tma::TensorMap<$crate::kernel::gemm::Out<$K>, $crate::kernel::gemm::StoreTile<$K>>,
            args: $crate::kernel::gemm::GemmArgs,
        ) {
            use $crate::atom::tma::TensorMap;
            $crate::kernel::gemm::gemm::<$K, { <$K as $crate::kernel::gemm::GemmKernel>::STAGES }>(
                TensorMap::from_param($crate::grid_constant!($name, 0)),
                TensorMap::from_param($crate::grid_constant!($name, 1)),
                $crate::grid_constant!($name, 2),
                &args,
                $smem(),
            )
        }
    };
}
