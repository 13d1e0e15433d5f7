//! A Hopper GEMM built as CuTe's wgmma_tma_sm90 tutorial builds its TN case, in bf16 or f16
//! with f32 accumulation: `C = A B^T`, A `m x k` and B `n x k` K-major, C `m x n` column-major f32, `k`
//! a multiple of 8. A block of one warpgroup (128 threads) computes a `(128,128)` tile:
//! - TMA loads each K tile `(128,64)` of A and B into 128-byte-swizzled stages, a layout mode
//!   (`tile_to_shape(Layout_K_SW128_Atom, (128,64,3))`), through the descriptors the host
//!   encoded from one stage's type (`TensorMap`, parameters passed as grid constants):
//!   `tma_partition` of the stages and of the block's tiles of the TMA tensor, then
//!   `copy(tma.with(bar), tAgA(_, k), tAsA(_, stage))`; past the matrix the boxes fill with zeros;
//! - an mbarrier pipeline of 3 stages (`PipelineTmaAsync`), each full barrier expecting the bytes
//!   both tiles' types give, warp 0 producing (its elected lane issuing);
//! - a TiledMma of one `SM90_64x64x16_F32BF16BF16_SS` atom partitions the stages once and reads
//!   a stage's slice through descriptor fragments (`make_gmma_fragment`), four K blocks a tile,
//!   `gemm` issuing `wgmma`;
//! - the epilogue writes the accumulators predicated by an identity tensor.

use tessel::arch::sm90::{elect_one_sync, tma_store_arrive, tma_store_wait, warp_idx_sync};
use tessel::arch::{block, sync_threads, thread};
use tessel::atom::copy::{CopyAtom, UniversalCopy};
use tessel::atom::element::{BF16, F16};
use tessel::atom::exec::{
    copy, copy_if, gemm, warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait,
};
use tessel::atom::gmma::{make_gmma_fragment, Layout_K_SW128_Atom, K};
use tessel::atom::pipeline::{PipelineState, PipelineTmaAsync};
use tessel::atom::tma::TensorMap;
use tessel::atom::tma_copy::{tma_partition, TmaCoords};
use tessel::mma::{SM90_64x64x16_F32BF16BF16_SS, SM90_64x64x16_F32F16F16_SS};
use tessel::tensor::{elem_less, make_identity_tensor, Underscore as _x};
use tessel::{layout, local_tile, shape, MakeTiledMma, TensorPtr, TensorSmem, TileToShape, C};

/// A stage of A or B: 128 rows of 64 elements (128 bytes), 128-byte swizzled.
pub type Stage<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(128,64)")>;
tessel::assert_tma_tile!(BF16, Stage<BF16>);
tessel::assert_gmma_layout!(Stage<BF16>, shape!("(64,16)"), BF16, K);
tessel::assert_tma_tile!(F16, Stage<F16>);
tessel::assert_gmma_layout!(Stage<F16>, shape!("(64,16)"), F16, K);

tessel::shared_array!(hopper_smem);

/// `$stages` stages; `$in_flight` wgmma batches left in flight when the next K tile's are issued
/// (the tutorial's 0: each tile's wgmmas complete before the next tile's start; CUTLASS's
/// mainloops keep 1, releasing a stage one tile later).
macro_rules! gemm_tn_tma {
    ($(#[$doc:meta])* $name:ident, $T:ty, $Atom:ty, $stages:literal, $in_flight:literal) => {
$(#[$doc])*
#[no_mangle]
#[allow(non_snake_case)] // CuTe's names: tCrA is thread-partition C's registers of A
pub unsafe extern "ptx-kernel" fn $name(
    _tma_a: TensorMap<$T, Stage<$T>>,
    _tma_b: TensorMap<$T, Stage<$T>>,
    m: u32,
    n: u32,
    k: u32,
    c: *mut f32,
) {
    // The descriptors where the launch put them (a reference to the parameters would copy them).
    let tma_a = TensorMap::<$T, Stage<$T>>::from_param(tessel::grid_constant!($name, 0));
    let tma_b = TensorMap::<$T, Stage<$T>>::from_param(tessel::grid_constant!($name, 1));
    let (tid, bm, bn) = (thread().0 as usize, block().0 as usize, block().1 as usize);
    let (m, n, k) = (m as usize, n as usize, k as usize);
    // Warp 0 produces, its elected lane issuing: no branch depends on the lane (one would
    // cost the wgmmas their overlap, ptxas C7520).
    let (producer, elected) = (warp_idx_sync() == 0, elect_one_sync());
    const STAGES: u32 = $stages;
    const STAGE_BYTES: u32 = TensorMap::<$T, Stage<$T>>::TILE_BYTES;
    let sa0 = (hopper_smem() + 1023) & !1023;
    let sb0 = sa0 + STAGES * STAGE_BYTES;
    let bars = sb0 + STAGES * STAGE_BYTES;
    type Pipe = PipelineTmaAsync<STAGES, (TensorMap<$T, Stage<$T>>, TensorMap<$T, Stage<$T>>), ()>;
    let pipe = Pipe::new(bars, bars + 8 * STAGES);
    if producer {
        pipe.init(128, elected);
        tma_a.prefetch();
        tma_b.prefetch();
    }
    sync_threads();

    // The stages are a layout mode (CuTe's `tile_to_shape(atom, (BM, BK, PIPE))`), sliced per
    // stage for TMA's loads and partitioned once for the wgmmas.
    const PIPE: usize = STAGES as usize;
    type Stages<T> = TileToShape<Layout_K_SW128_Atom<T>, (C<128>, C<64>, C<PIPE>)>;
    let sA = TensorSmem::<$T, _>::from_smem(sa0, 128 * 64 * PIPE, <Stages<$T>>::default());
    let sB = TensorSmem::<$T, _>::from_smem(sb0, 128 * 64 * PIPE, <Stages<$T>>::default());
    // The block's tiles of the TMA tensors, `(BM,BK,k)`, and with the stages `(TMA,k)` and
    // `(TMA,PIPE)`: one TMA copy a K tile and stage.
    let tile = <shape!("(128,64)")>::default();
    let gA = local_tile(tma_a.get_tma_tensor((m, k)), tile, (bm, _x));
    let gB = local_tile(tma_b.get_tma_tensor((n, k)), tile, (bn, _x));
    let one = layout!("1:0");
    let (tAgA, tAsA) = tma_partition(tma_a, 0, one, sA.group_modes::<0, 2>(), gA.group_modes::<0, 2>());
    let (tBgB, tBsB) = tma_partition(tma_b, 0, one, sB.group_modes::<0, 2>(), gB.group_modes::<0, 2>());
    // The producer warp fills a stage with K tile kt of the block's rows of A and B.
    let produce = |s: &PipelineState<STAGES>, kt: usize| {
        pipe.producer_acquire(s);
        pipe.producer_expect_tx(s, elected);
        let (full, stage) = (pipe.barriers(s).0, s.index() as usize);
        let (a, b) = (tma_a.with(full).issue_if(elected), tma_b.with(full).issue_if(elected));
        copy(&a, &tAgA.slice((_x, kt)), &mut tAsA.slice((_x, stage)));
        copy(&b, &tBgB.slice((_x, kt)), &mut tBsB.slice((_x, stage)));
    };
    let k_tiles = k.div_ceil(64);
    let mut write = PipelineState::<STAGES>::new();
    if producer {
        for kt in 0..k_tiles.min(STAGES as usize) {
            produce(&write, kt);
            write.advance();
        }
    }

    let mc = TensorPtr::from_raw_parts(c, m * n, layout!("(M,N):(1,ld)"; M = m, N = n, ld = m));
    let tile_c = <shape!("(128,128)")>::default();
    let gc = local_tile(mc, tile_c, (bm, bn));
    let mma = MakeTiledMma::<$Atom, shape!("(1,1,1)")>::get_slice(tid);
    let mut tCrC = mma.partition_fragment_C::<f32, _, _>(&gc);
    let (tCsA, tCsB) = (mma.partition_A(sA), mma.partition_B(sB));
    let (mut read, mut release) = (PipelineState::<STAGES>::new(), PipelineState::<STAGES>::new());
    for kt in 0..k_tiles {
        pipe.consumer_wait(&read);
        let stage = read.index() as usize;
        let tCrA = make_gmma_fragment::<K, _, _>(&tCsA.slice((_x, _x, _x, stage)));
        let tCrB = make_gmma_fragment::<K, _, _>(&tCsB.slice((_x, _x, _x, stage)));
        warpgroup_arrive();
        tessel::unroll!(4, kb => {
            gemm(&mma, &tCrA.slice((_x, _x, kb)), &tCrB.slice((_x, _x, kb)), &mut tCrC.as_view_mut());
        });
        warpgroup_commit_batch();
        warpgroup_wait::<$in_flight>();
        read.advance();
        // Tile `kt - $in_flight`'s wgmmas are done: its stage takes the tile `STAGES` on.
        if let Some(done) = kt.checked_sub($in_flight) {
            pipe.consumer_release(&release);
            release.advance();
            let next = done + STAGES as usize;
            if producer && next < k_tiles {
                produce(&write, next);
                write.advance();
            }
        }
    }
    warpgroup_wait::<0>();
    let mut tCgC = mma.partition_C(gc);
    let tCcC = mma.partition_C(local_tile(make_identity_tensor(m, n), tile_c, (bm, bn)));
    let inside = |i| elem_less(tCcC.coord(i), (m, n));
    copy_if(&CopyAtom::<UniversalCopy<f32>, f32>::default(), inside, &tCrC, &mut tCgC);
}
    };
}

tessel::launch_bounds!(gemm_tn_tma_bf16, 128, 1);
gemm_tn_tma!(
    /// Grid `(ceil(m/128), ceil(n/128))`, block 128, `3 x 2 x 16 KiB + 1 KiB` of dynamic shared
    /// memory (the stages, their barriers, and room to align them to 1024 bytes): the
    /// tutorial's schedule.
    gemm_tn_tma_bf16, BF16, SM90_64x64x16_F32BF16BF16_SS, 3, 0
);
tessel::launch_bounds!(gemm_tn_tma_f16, 128, 1);
gemm_tn_tma!(
    /// The same in f16.
    gemm_tn_tma_f16, F16, SM90_64x64x16_F32F16F16_SS, 3, 0
);

tessel::shared_array!(tma_check, 32784, align 1024);

/// The TMA checks' tile: `(128,128)`, two boxes of the 128-byte swizzle along K.
pub type Wide = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,128)")>;
tessel::assert_tma_tile!(BF16, Wide);

tessel::launch_bounds!(check_tma_copy, 128, 1);
/// TMA's load and store of one `(128,128)` tile: block `(i, j)` loads tile `(i, j)` of a K-major
/// bf16 matrix through the first descriptor into a 128-byte-swizzled stage and stores it through
/// the second into another matrix of the same shape, which so becomes a copy of the first (past
/// the matrix's edge, the load fills zeros and the store writes nothing). The first descriptor
/// sees the matrix flat (`nested` 0), its rows as `(8, m/8)` (1: eight rows, then the blocks of
/// eight, each a mode of the descriptor), or its K as `(64, k/64)` (2: the tile's two boxes along
/// K one box grown across the leaf, as CuTe's); the tile of the TMA tensor of that shape gives
/// each box its coordinate. Grid `(ceil(m/128), ceil(k/128))`, block 128.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn check_tma_copy(
    _tma_in: TensorMap<BF16, Wide>,
    _tma_out: TensorMap<BF16, Wide>,
    m: u32,
    k: u32,
    nested: u32,
) {
    let (bm, bk) = (block().0 as usize, block().1 as usize);
    let (m, k, tile) = (m as usize, k as usize, <shape!("(128,128)")>::default());
    let tma_in = TensorMap::<BF16, Wide>::from_param(tessel::grid_constant!(check_tma_copy, 0));
    let tma_out = TensorMap::<BF16, Wide>::from_param(tessel::grid_constant!(check_tma_copy, 1));
    let origin = [bm * 128, bk * 128];
    let (c8, c64) = (C::<8>::default(), C::<64>::default());
    match nested {
        0 => {
            let coords = tma_in.get_tma_tensor((m, k));
            round_trip(tma_in, tma_out, &local_tile(coords, tile, (bm, bk)), origin);
        }
        1 => {
            let coords = tma_in.get_tma_tensor(((c8, m / 8), k));
            round_trip(tma_in, tma_out, &local_tile(coords, tile, (bm, bk)), origin);
        }
        _ => {
            let coords = tma_in.get_tma_tensor((m, (c64, k / 64)));
            round_trip(tma_in, tma_out, &local_tile(coords, tile, (bm, bk)), origin);
        }
    }
}

/// The block's tile of TMA coordinates `tile`, loaded through `tma_in` into a stage (`copy`
/// of the TMA atom with its barrier) and stored from it through `tma_out` (of the same matrix
/// as flat modes) at `origin`, the tile's first element.
#[inline(always)]
unsafe fn round_trip<G: TmaCoords>(
    tma_in: &TensorMap<BF16, Wide>,
    tma_out: &TensorMap<BF16, Wide>,
    tile: &G,
    origin: [usize; 2],
) {
    let (producer, elected) = (warp_idx_sync() == 0, elect_one_sync());
    let mut stage = TensorSmem::<BF16, _>::from_smem(tma_check(), 128 * 128, Wide::default());
    let bar = tma_check() + TensorMap::<BF16, Wide>::TILE_BYTES;
    type Pipe = PipelineTmaAsync<1, Wide, BF16>;
    let pipe = Pipe::new(bar, bar + 8);
    if producer {
        pipe.init(128, elected);
    }
    sync_threads();
    let s = PipelineState::<1>::new();
    if producer {
        pipe.producer_acquire(&s);
        pipe.producer_expect_tx(&s, elected);
        let load = tma_in.with(pipe.barriers(&s).0).issue_if(elected);
        copy(&load, tile, &mut stage);
    }
    pipe.consumer_wait(&s);
    if producer {
        tma_out.store(origin, &stage, elected);
        tma_store_arrive();
        tma_store_wait::<0>();
    }
}
