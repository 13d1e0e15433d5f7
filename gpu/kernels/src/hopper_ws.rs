//! A warp-specialized, persistent Hopper GEMM, built as CUTLASS's
//! `KernelTmaWarpSpecializedCooperative` builds its TN case: `C = A B^T`, A `m x k` and B
//! `n x k` K-major, f32 accumulation, C `m x n` column-major. In bf16 or f16 (C in the inputs'
//! type, `k` a multiple of 8), or in e4m3 (C in bf16, `k` a multiple of 16: TMA's 16-byte
//! strides). Blocks of three warpgroups (384 threads) stay resident on their multiprocessors, in
//! pairs (clusters of 2 along M, as CUTLASS's example 48): a pair takes `(256,256)` output
//! tiles in the scheduler's order ([`TileScheduler`], grouped rasters), each block its 128 rows:
//! - warpgroup 0 produces ([`Role::Producer`]): it gives most of its registers back (the
//!   [`Cooperative`] schedule's `PRODUCER_REGISTERS`, 40) and its first
//!   warp's elected lane issues TMA loads of each K tile of 128 bytes, `(128,64)` of A and half
//!   of B's `(256,64)` multicast to both blocks of the pair, in 16-bit types (`(128,128)` and
//!   half of `(256,128)` in e4m3), into 4 stages of a `PipelineTmaAsync`, running ahead across
//!   tiles; the stages are a layout mode, `(128,BK,PIPE)` and `(256,BK,PIPE)`; `tma_partition`
//!   of them and of the work's tiles of the TMA tensors gives each block its part of B, and
//!   `copy(tma.with((bar, mask)), tBgB(_, k), tBsB(_, stage))` loads it;
//! - warpgroups 1 and 2 consume (`CONSUMER_REGISTERS`, 232): a TiledMma of two
//!   `SM90_64x256x16_F32BF16BF16_SS` atoms along M (`SM90_64x256x32_F32E4M3E4M3_SS_TN` in e4m3),
//!   128 accumulators a thread, one wgmma batch left in flight while the next K tile's is
//!   issued; a stage goes back to the producers of both blocks (each filled half of it); then
//!   the epilogue: the accumulators converted and stored, predicated by an identity tensor,
//!   while the producer already fills the stages with the next tile's K tiles.
//!
//! Each kernel is the macro's body over a configuration type ([`WsConfig`], `ws_config.rs`,
//! which the host compiles too): its types, its stages, and the shared storage computed from
//! them, which the kernel carves and the host launches with.
//!
//! Variants measure the techniques (docs/benchmarks-history.md): `_solo`, one block loading all of its own
//! tiles, without clusters, and its variants `_3s` (3 stages), `_noreg` (no `setmaxnreg`) and
//! `_tma_store` (an epilogue through shared memory and TMA stores; every kernel takes C's
//! descriptor, which only it reads); `_pairs`, the clusters without the multicast.

use crate::ws_config::{Bf16Pairs, Bf16PairsOwnB, Bf16Solo, Bf16Solo3s, Bf16SoloNoreg};
use crate::ws_config::{Bf16SoloTmaStore, Bf16SplitK, E4m3Pairs, E4m3SplitK, F16Pairs};
use crate::ws_config::{StageC, Stages, WsConfig};
use tessel::arch::sm90::tma_store_arrive;
use tessel::arch::sm90::{cluster_ctarank, cluster_id, cluster_sync, tma_store_wait};
use tessel::arch::sm90::{elect_one_sync, fence_proxy_async_shared, setmaxnreg, warp_idx_sync};
use tessel::arch::{block, grid, sync_named, sync_threads, thread};
use tessel::atom::element::BF16;
use tessel::atom::exec::{copy, gemm, warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait};
use tessel::atom::gmma::{make_gmma_fragment, K};
use tessel::atom::pipeline::{PipelineState, PipelineTmaAsync};
use tessel::atom::scheduler::{SplitKFlags, TileScheduler};
use tessel::atom::tma::TensorMap;
use tessel::atom::tma_copy::tma_partition;
use tessel::kernel::role::{empty_arrivals, Cooperative, Role, Schedule};
use tessel::mma::SM90_64x128x16_F32BF16BF16_SS;
use tessel::tensor::{
    assert_size, elem_less, make_identity_tensor, AccessMut, Underscore as _x, Walk,
};
use tessel::{layout, local_tile, shape, ColMajor, Layout, MakeTiledMma, TensorPtr, TensorSmem};
use tessel::{TiledMma, C};

tessel::shared_array!(ws_smem);

/// The kernel of the configuration `$Cfg` ([`WsConfig`]: its types, stages, and whether it runs in
/// pairs, splits K or stores through TMA), `$vals` accumulators a thread (`BN / 2`, a literal for
/// `unroll!`). In pairs (`CLUSTER`), the consumers release each other's stages; with `LoadB` of
/// half `StageB`'s rows the blocks share B's tile, each loading half of it multicast to both.
/// With `SPLIT`, a tile's K may be cut into `splits` parts, added up in turn through `partial` (an
/// f32 workspace of a tile's accumulators a tile) and `flags` (one a tile, zero before the
/// launch).
macro_rules! gemm_tn_ws {
    ($(#[$doc:meta])* $name:ident, $Cfg:ty, $vals:tt) => {
$(#[$doc])*
#[no_mangle]
#[allow(non_snake_case)] // CuTe's names: tCrA is thread-partition C's registers of A
pub unsafe extern "ptx-kernel" fn $name(
    _tma_a: TensorMap<<$Cfg as WsConfig>::In, <$Cfg as WsConfig>::StageA>,
    _tma_b: TensorMap<<$Cfg as WsConfig>::In, <$Cfg as WsConfig>::LoadB>,
    _tma_c: TensorMap<BF16, StageC>,
    m: u32,
    n: u32,
    k: u32,
    group: u32,
    splits: u32,
    partial: *mut f32,
    flags: *mut u32,
    c: *mut <$Cfg as WsConfig>::Out,
) {
    type Cfg = $Cfg;
    type T = <Cfg as WsConfig>::In;
    type SA = <Cfg as WsConfig>::StageA;
    type SB = <Cfg as WsConfig>::StageB;
    type TB = <Cfg as WsConfig>::LoadB;
    type Mma = MakeTiledMma<<Cfg as WsConfig>::Atom, shape!("(2,1,1)")>;
    let tma_a = TensorMap::<T, SA>::from_param(tessel::grid_constant!($name, 0));
    let tma_b = TensorMap::<T, TB>::from_param(tessel::grid_constant!($name, 1));
    let tma_c = TensorMap::<BF16, StageC>::from_param(tessel::grid_constant!($name, 2));
    let (tid, blk, blocks) = (thread().0 as usize, block().0 as usize, grid().0 as usize);
    let (m, n, k) = (m as usize, n as usize, k as usize);
    let (warp, elected) = (warp_idx_sync(), elect_one_sync());
    const STAGES: u32 = Cfg::STAGES as u32;
    // What one block loads of B's stage: all of it, or its half of a pair's.
    const B_BYTES: u32 = TensorMap::<T, SB>::TILE_BYTES;
    const PART_BYTES: u32 = TensorMap::<T, TB>::TILE_BYTES;
    const BM: usize = Cfg::BM;
    const BK: usize = Cfg::BK;
    const BN: usize = Cfg::BN;
    // The stages of A and B, C's buffer (the TMA-store epilogue's) and the barriers, where the
    // configuration's storage puts them.
    let [sa0, sb0, sc0, full, empty] = <Cfg as WsConfig>::Storage::carve(ws_smem());
    type Pipe = PipelineTmaAsync<STAGES, (TensorMap<T, SA>, TensorMap<T, SB>), ()>;
    let pipe = Pipe::new(full, empty);
    // A block's pair, where its consumers release the stages of both blocks.
    const PAIR: usize = Cfg::CLUSTER_M;
    if warp == 0 {
        // Each consumer thread releases a stage; in a pair, each consumer warp of both blocks.
        pipe.init(empty_arrivals(<Mma as TiledMma>::THREADS, PAIR), elected);
        tma_a.prefetch();
        tma_b.prefetch();
        if Cfg::TMA_STORE {
            tma_c.prefetch();
        }
    }
    // The barriers are initialised in both blocks of a pair before either block signals them.
    if Cfg::CLUSTER {
        cluster_sync();
    } else {
        sync_threads();
    }
    // A pair takes `(256,256)` tiles in the scheduler's order, each block its BM = 128 rows.
    let (unit, units) = if Cfg::CLUSTER {
        let (id, ids) = cluster_id();
        (id as usize, ids as usize)
    } else {
        (blk, blocks)
    };
    let rank = if Cfg::CLUSTER { cluster_ctarank() } else { 0 };
    let splits = if Cfg::SPLIT { splits as usize } else { 1 };
    let sched = TileScheduler::new((m, n), (BM * PAIR, BN), group as usize).split_k(splits);
    let k_tiles = k.div_ceil(BK);
    // The stages are a layout mode (CuTe's `tile_to_shape(atom, (BM, BK, PIPE))`), sliced per
    // stage for TMA's loads and partitioned once for the wgmmas; each stage's slice is the
    // TensorMap's tile (checked during the build).
    const PIPE: usize = Cfg::STAGES;
    type StagesA = Stages<T, BM, BK, PIPE>;
    type StagesB = Stages<T, BN, BK, PIPE>;
    let sA = TensorSmem::<T, _>::from_smem(sa0, BM * BK * PIPE, StagesA::default());
    let sB = TensorSmem::<T, _>::from_smem(sb0, BN * BK * PIPE, StagesB::default());
    // B's tile is loaded in parts, one a block: two in a pair sharing B (each block's half,
    // multicast to both), else one.
    const PARTS: usize = (B_BYTES / PART_BYTES) as usize;
    let part = if PARTS > 1 { rank as usize } else { 0 };

    let role = Cooperative::role(warp);
    if let Role::Producer { warp } = role {
        if Cfg::REALLOC {
            setmaxnreg::<false, { Cooperative::PRODUCER_REGISTERS }>();
        }
        if warp == 0 {
            let mut write = PipelineState::<STAGES>::new();
            for work in sched.work_of(unit, units) {
                let (bp, bn) = work.tile;
                let bm = PAIR * bp + rank as usize;
                // The work's tiles of the TMA tensors, `(BM,BK,k)`, and with the stages
                // `(TMA,k)` and `(TMA,PIPE)`; B's TMA mode is this block's part of the tile.
                let gA = local_tile(tma_a.get_tma_tensor((m, k)), <(C<BM>, C<BK>)>::default(), (bm, _x));
                let gB = local_tile(tma_b.get_tma_tensor((n, k)), <(C<BN>, C<BK>)>::default(), (bn, _x));
                let (tAgA, tAsA) = tma_partition(tma_a, 0, layout!("1:0"), sA.group_modes::<0, 2>(), gA.group_modes::<0, 2>());
                let blocks = <Layout<C<PARTS>, C<1>>>::default();
                let (tBgB, tBsB) = tma_partition(tma_b, part, blocks, sB.group_modes::<0, 2>(), gB.group_modes::<0, 2>());
                for kt in work.k_tiles(k_tiles) {
                    pipe.producer_acquire(&write);
                    pipe.producer_expect_tx(&write, elected);
                    let (full, stage) = (pipe.barriers(&write).0, write.index() as usize);
                    let a = tma_a.with(full).issue_if(elected);
                    copy(&a, &tAgA.slice((_x, kt)), &mut tAsA.slice((_x, stage)));
                    let (gb, mut sb) = (tBgB.slice((_x, kt)), tBsB.slice((_x, stage)));
                    if Cfg::CLUSTER && PARTS > 1 {
                        copy(&tma_b.with((full, 0b11)).issue_if(elected), &gb, &mut sb);
                    } else {
                        copy(&tma_b.with(full).issue_if(elected), &gb, &mut sb);
                    }
                    write.advance();
                }
            }
        }
        if Cfg::CLUSTER {
            // The pair's closing barrier (every thread of both blocks reaches it).
            cluster_sync();
        }
        return;
    }
    if Cfg::REALLOC {
        setmaxnreg::<true, { Cooperative::CONSUMER_REGISTERS }>();
    }
    let mc = TensorPtr::from_raw_parts(c, m * n, layout!("(M,N):(1,ld)"; M = m, N = n, ld = m));
    let tile_c = <(C<BM>, C<BN>)>::default();
    // The consumers' threads, numbered from 0, are the TiledMma's.
    let mma = Mma::get_slice(Cooperative::consumer_thread(tid));
    let (tCsA, tCsB) = (mma.partition_A(sA), mma.partition_B(sB));
    let mut read = PipelineState::<STAGES>::new();
    // A stage goes back to the producers: in a pair, of both blocks (each fills both).
    let release_stage = |s: &PipelineState<STAGES>| {
        if Cfg::CLUSTER {
            pipe.consumer_release_cluster(s, 0..PAIR as u32, elected);
        } else {
            pipe.consumer_release(s);
        }
    };
    for work in sched.work_of(unit, units) {
        let (bp, bn) = work.tile;
        let bm = PAIR * bp + rank as usize;
        let gc = local_tile(mc, tile_c, (bm, bn));
        let mut tCrC = mma.partition_fragment_C::<f32, _, _>(&gc);
        let mut release = read;
        let ks = work.k_tiles(k_tiles);
        for kt in ks.clone() {
            pipe.consumer_wait(&read);
            let stage = read.index() as usize;
            let tCrA = make_gmma_fragment::<K, _, _>(&tCsA.slice((_x, _x, _x, stage)));
            let tCrB = make_gmma_fragment::<K, _, _>(&tCsB.slice((_x, _x, _x, stage)));
            warpgroup_arrive();
            tessel::unroll!(4, kb => {
                gemm(&mma, &tCrA.slice((_x, _x, kb)), &tCrB.slice((_x, _x, kb)), &mut tCrC.as_view_mut());
            });
            warpgroup_commit_batch();
            // The previous K tile's wgmmas are done: its stage goes back to the producer.
            warpgroup_wait::<1>();
            if kt > ks.start {
                release_stage(&release);
                release.advance();
            }
            read.advance();
        }
        warpgroup_wait::<0>();
        if !ks.is_empty() {
            release_stage(&release);
        }
        assert_size::<$vals, _, _, _>(&tCrC);
        if Cfg::SPLIT && splits > 1 {
            // Split-K: in turn, each part adds what the parts before it summed and leaves the
            // new sum for the next; the last stores the tile.
            let turns = SplitKFlags::new(flags);
            const CONSUMERS: usize = <Mma as TiledMma>::THREADS;
            let sum = TensorPtr::from_raw_parts(partial.add(work.index * CONSUMERS * $vals), CONSUMERS * $vals, ColMajor::<CONSUMERS, $vals>::default());
            let (me, leader) = (Cooperative::consumer_thread(tid), Cooperative::first_consumer(tid));
            turns.wait(&work, leader, (1, <Mma as TiledMma>::THREADS as u32));
            if work.split > 0 {
                tessel::unroll!($vals, i => { tCrC[i] += sum.read((me, i)); });
            }
            if !work.is_last() {
                tessel::unroll!($vals, i => { sum.write((me, i), tCrC[i]); });
            }
            turns.pass(&work, leader, (1, <Mma as TiledMma>::THREADS as u32));
            if !work.is_last() {
                continue;
            }
        }
        if Cfg::TMA_STORE {
            // C in two halves of 128 columns through the buffer. A thread's accumulators of the
            // 64x256 atoms are, half by half, its values of 64x128 atoms (the value mode of N
            // is outermost), so the half's partition is a TiledMma of those.
            let sc = TensorSmem::<BF16, _>::from_smem(sc0, 128 * 128, StageC::default());
            let mut tCsC = MakeTiledMma::<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>::get_slice(Cooperative::consumer_thread(tid)).partition_C(sc);
            tessel::unroll!(2, h => {
                // The previous store has read the buffer.
                if Cooperative::first_consumer(tid) {
                    tma_store_wait::<0>();
                }
                sync_named(1, <Mma as TiledMma>::THREADS as u32);
                // Unrolled for the registers' sake, as the direct epilogue below (a `copy` of a
                // converted fragment stays a rolled loop, its registers in local memory).
                tessel::unroll!(64, i => {
                    let at = tCsC.index(i);
                    tCsC.engine_mut().store(at, BF16::from_f32(tCrC[64 * h + i]));
                });
                fence_proxy_async_shared();
                sync_named(1, <Mma as TiledMma>::THREADS as u32);
                if Cooperative::first_consumer(tid) {
                    // What lies past the matrix's edge is not written.
                    let half = <(C<128>, C<128>)>::default();
                    let mut gC = local_tile(tma_c.get_tma_tensor((m, n)), half, (bm, bn * (BN / 128) + h));
                    copy(tma_c, &sc, &mut gC);
                    tma_store_arrive();
                }
            });
            continue;
        }
        let tCgC = mma.partition_C(gc);
        let tCcC = mma.partition_C(local_tile(make_identity_tensor(m, n), tile_c, (bm, bn)));
        // The values, converted and stored where inside the matrix. Unrolled here: LLVM leaves
        // this loop rolled (128 predicated stores are past its cost threshold), and a rolled
        // loop would index the registers, putting them in local memory.
        tessel::unroll!($vals, i => {
            if elem_less(tCcC.coord(i), (m, n)) {
                tCgC.write(i, <<Cfg as WsConfig>::Out>::from_f32(tCrC[i]));
            }
        });
    }
    if Cfg::TMA_STORE && Cooperative::first_consumer(tid) {
        // The block's shared memory outlives the last store's read of it.
        tma_store_wait::<0>();
    }
    if Cfg::CLUSTER {
        // Neither block exits while the other may still arrive on its barriers.
        cluster_sync();
    }
}
    };
}

tessel::launch_bounds!(
    gemm_tn_ws_bf16,
    Bf16Pairs::THREADS,
    1,
    cluster = (Bf16Pairs::CLUSTER_M, 1, 1)
);
gemm_tn_ws!(
    /// Grid: an even number of blocks, at most the multiprocessors, in clusters of 2 along M;
    /// block 384, [`WsConfig::SHARED_BYTES`] of dynamic shared memory; `group` the scheduler's
    /// rows of tiles a group. A pair's blocks share B's `(256,64)` tile, each loading its half (`StageA`'s 128
    /// rows) multicast to both.
    gemm_tn_ws_bf16, Bf16Pairs, 128
);
tessel::launch_bounds!(
    gemm_tn_ws_f16,
    F16Pairs::THREADS,
    1,
    cluster = (F16Pairs::CLUSTER_M, 1, 1)
);
gemm_tn_ws!(
    /// The same in f16.
    gemm_tn_ws_f16, F16Pairs, 128
);
tessel::launch_bounds!(
    gemm_tn_ws_e4m3,
    E4m3Pairs::THREADS,
    1,
    cluster = (E4m3Pairs::CLUSTER_M, 1, 1)
);
gemm_tn_ws!(
    /// The same in e4m3 (QGMMA, K tiles of 128), C in bf16: each block loads a `(128,128)`
    /// half of B's stage, as A's.
    gemm_tn_ws_e4m3, E4m3Pairs, 128
);
tessel::launch_bounds!(gemm_tn_ws_bf16_splitk, Bf16SplitK::THREADS, 1);
gemm_tn_ws!(
    /// For outputs of few tiles (a skinny M or N): 128x128 tiles (two `SM90_64x128x16` atoms),
    /// 6 stages, and split-K, each tile's K cut into `splits` parts added in turn; no clusters.
    /// Grid `(min(tiles x splits, multiprocessors))`; `partial` holds `tiles x 128 x 128` f32s,
    /// `flags` one `u32` a tile, zero before the first launch (each launch leaves them zero).
    gemm_tn_ws_bf16_splitk, Bf16SplitK, 64
);
tessel::launch_bounds!(gemm_tn_ws_e4m3_splitk, E4m3SplitK::THREADS, 1);
gemm_tn_ws!(
    /// The same in e4m3 (two `SM90_64x128x32` atoms, `(128,128)` stages of A and B).
    gemm_tn_ws_e4m3_splitk, E4m3SplitK, 64
);
tessel::launch_bounds!(gemm_tn_ws_bf16_solo, Bf16Solo::THREADS, 1);
gemm_tn_ws!(
    /// The bf16 kernel without clusters: each block loads its own A and B tiles; grid
    /// `(min(tiles, multiprocessors))`. The variants below are variants of this one.
    gemm_tn_ws_bf16_solo, Bf16Solo, 128
);
tessel::launch_bounds!(gemm_tn_ws_bf16_3s, Bf16Solo3s::THREADS, 1);
gemm_tn_ws!(
    /// The solo kernel with 3 stages (for the technique table: what the fourth stage gives).
    gemm_tn_ws_bf16_3s, Bf16Solo3s, 128
);
tessel::launch_bounds!(gemm_tn_ws_bf16_noreg, Bf16SoloNoreg::THREADS, 1);
gemm_tn_ws!(
    /// The solo kernel without `setmaxnreg` (every warpgroup keeps the launch's 168 registers).
    gemm_tn_ws_bf16_noreg, Bf16SoloNoreg, 128
);
tessel::launch_bounds!(gemm_tn_ws_bf16_tma_store, Bf16SoloTmaStore::THREADS, 1);
gemm_tn_ws!(
    /// The solo kernel with its epilogue through shared memory and TMA stores (32 KiB more of
    /// dynamic shared memory).
    gemm_tn_ws_bf16_tma_store, Bf16SoloTmaStore, 128
);
tessel::launch_bounds!(
    gemm_tn_ws_bf16_pairs,
    Bf16PairsOwnB::THREADS,
    1,
    cluster = (Bf16PairsOwnB::CLUSTER_M, 1, 1)
);
gemm_tn_ws!(
    /// The pairs of `gemm_tn_ws_bf16` without the multicast: each block loads its own B (for
    /// the technique table: what the pairing gives apart from the multicast).
    gemm_tn_ws_bf16_pairs, Bf16PairsOwnB, 128
);
