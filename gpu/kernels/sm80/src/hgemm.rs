//! A tensor-core GEMM, f16 in, f32 accumulate, built as CuTe's sgemm_sm80 tutorial builds it:
//! `C = A B^T` with A `m x k` and B `n x k` K-major (row-major), C `m x n` column-major. A block
//! computes a `(128,128)` tile walking K by 32 (`hgemm_tn`, 48 KiB of static shared memory) or
//! by 64 (`hgemm_tn_k64`, 96 KiB dynamic), three stages deep:
//! - a TiledCopy of the block's threads (8 halves each, the atom `cp.async.cg` of 16 bytes) moves tiles
//!   of A and B into swizzled K-major shared tiles (zero-filled past the matrix);
//! - `make_tiled_copy_A/B` of `ldmatrix.x4` over the TiledMma gives each lane the shared row it
//!   points at, and fills the MMA's registers in the MMA's order;
//! - a TiledMma of `SM80_16x8x16_F32F16F16F32_TN` over `(2,4,1)` atoms, its tile widened to
//!   `(32,64,16)` (CuTe's permutation `Tile<_32,_64,_16>`: a warp's two B atoms, 32 rows
//!   apart, then come from one `ldmatrix.x4`), feeds `mma.sync` (`partition_C`).
//!
//! `hgemm_tn_k64_128` is the K-step-64 kernel with sgemm_sm80's own tiling: 128 threads,
//! `(2,2,1)` atoms widened to `(32,32,16)`, a thread holding `4 x 8` atoms (measured faster:
//! twice the MMAs per ldmatrix).
//!
//! `k` is a multiple of 8 (16-byte rows of A and B).

use tessel::arch::sm80::{cp_async_commit, cp_async_wait};
use tessel::arch::{block, sync_threads, thread};
use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
use tessel::atom::copy::{UniversalCopy, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL};
use tessel::atom::element::F16;
use tessel::atom::exec::{copy, copy_if, gemm};
use tessel::atom::tiled_copy::{MakeTiledCopyA, MakeTiledCopyB};
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::tensor::{elem_less, make_identity_tensor, Underscore as _x};
use tessel::{
    layout, local_tile, shape, Composition, MakeTiledCopy, MakeTiledMma, Swizzle, TensorPtr,
    TensorSmem, TileToShape, C,
};

type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)"), (C<32>, C<64>, C<16>)>;
/// `cp.async` of 8 halves a thread, `Thr` threads.
type G2s<Thr> =
    MakeTiledCopy<Thr, layout!("(1,8)"), CopyAtom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, F16>>;
/// sgemm_sm80's TiledMma: 128 threads.
type Mma128 = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;
const STAGES: usize = 3;

/// K step 32: a stage's shared tile of A or B has rows of 32 halves (64 bytes), the 16-byte
/// chunk XORed with bits 1-2 of the row, so that 8 rows at one chunk fall in 8 distinct bank
/// groups.
type Smem32 = layout!("Sw<2,3,3> o 0 o (128,32):(32,1)");
/// K step 64: rows of 128 bytes, the chunk XORed with bits 0-2 of the row.
type Smem64 = layout!("Sw<3,3,3> o 0 o (128,64):(64,1)");
// Each access a warp makes, conflict-free (16 bytes a lane: 4 wavefronts). The lane -> 1-D
// coordinate `row + 128 k` maps restate the partitions below, which the tests hold to CuTe's.
// cp.async: lane l writes row l/4 (l/8), halves 8(l%4).. (8(l%8)..).
tessel::assert_conflict_free!(Smem32, u16, layout!("(4,8):(1024,1)"), 8);
tessel::assert_conflict_free!(Smem64, u16, layout!("(8,4):(1024,1)"), 8);
// ldmatrix.x4 of A: lane l points at row l%16, halves 8(l/16)..
tessel::assert_conflict_free!(Smem32, u16, layout!("(16,2):(1,1024)"), 8);
tessel::assert_conflict_free!(Smem64, u16, layout!("(16,2):(1,1024)"), 8);
// ldmatrix.x4 of B: lane l points at row l%8 + 32(l/16), halves 8(l/8%2)..
tessel::assert_conflict_free!(Smem32, u16, layout!("(8,2,2):(1,1024,32)"), 8);
tessel::assert_conflict_free!(Smem64, u16, layout!("(8,2,2):(1,1024,32)"), 8);
// With 2 warps in N (Mma128): rows l%8 + 16(l/16).
tessel::assert_conflict_free!(Smem64, u16, layout!("(8,2,2):(1,1024,16)"), 8);

tessel::shared_array!(hgemm_a, 24576);
tessel::shared_array!(hgemm_b, 24576);
tessel::shared_array!(hgemm_dynamic);

/// The same GEMM as CuTe's sgemm_sm80 writes it: global and shared tensors with a K-tile and a
/// stage mode, `copy_if` of the TiledCopy `$G2s` (cp.async, zero-filled past the matrix),
/// `copy` of ldmatrix into the retiled MMA fragments and `gemm` of the TiledMma `$Mma`: tessel's
/// atoms choose every instruction and register. `$a` and `$b` are the shared stages' addresses.
///
/// Every element's copy is predicated, as CuTe's `copy_if` with `elem_less` does: the tests are
/// one per row and one per column of a thread's elements (identity coordinates read leaf by
/// leaf), and the row tests, the same for every K tile, stay out of the K loop. Skipping them on
/// a K tile inside A and B (a branch around the test, or its result selected away) was faster
/// while each element computed its own test; now it is slower, measured on an H100 (BENCHMARKS,
/// "the f16 copy predicates after identity coordinates").
macro_rules! hgemm_kernel {
    ($(#[$doc:meta])* $name:ident, $bk:literal, $kblocks:tt, $Smem:ty, $G2s:ty, $a:expr, $b:expr, $Mma:ty) => {
$(#[$doc])*
#[no_mangle]
#[allow(non_snake_case)] // CuTe's names: tAgA is thread-partition A of global A
pub unsafe extern "ptx-kernel" fn $name(
    m: u32,
    n: u32,
    k: u32,
    a: *const u16,
    b: *const u16,
    c: *mut f32,
) {
    let (tid, bm, bn) = (thread().0 as usize, block().0 as usize, block().1 as usize);
    let (m, n, k) = (m as usize, n as usize, k as usize);
    let ma = TensorPtr::from_raw_parts(a as *mut F16, m * k, layout!("(M,K):(ld,1)"; M = m, K = k, ld = k));
    let mb = TensorPtr::from_raw_parts(b as *mut F16, n * k, layout!("(N,K):(ld,1)"; N = n, K = k, ld = k));
    let mc = TensorPtr::from_raw_parts(c, m * n, layout!("(M,N):(1,ld)"; M = m, N = n, ld = m));
    let (tile_ab, tile_c) = ((C::<128>::default(), C::<$bk>::default()), <shape!("(128,128)")>::default());
    // The block's tiles: (BM,BK,k) of A and B, (BM,BN) of C, and their coordinates.
    let (ga, ca) = (local_tile(ma, tile_ab, (bm, _x)), local_tile(make_identity_tensor(m, k), tile_ab, (bm, _x)));
    let (gb, cb) = (local_tile(mb, tile_ab, (bn, _x)), local_tile(make_identity_tensor(n, k), tile_ab, (bn, _x)));
    let gc = local_tile(mc, tile_c, (bm, bn));
    let cc = local_tile(make_identity_tensor(m, n), tile_c, (bm, bn));
    // The shared tiles, (BM,BK,PIPE).
    let sa = TensorSmem::<F16, _>::from_smem($a, 128 * $bk * STAGES, <$Smem>::default());
    let sb = TensorSmem::<F16, _>::from_smem($b, 128 * $bk * STAGES, <$Smem>::default());

    let g2s = <$G2s>::get_slice(tid);
    let (tAgA, tAcA, tAsA) = (g2s.partition_S(ga), g2s.partition_S(ca), g2s.partition_D(sa));
    let (tBgB, tBcB, tBsB) = (g2s.partition_S(gb), g2s.partition_S(cb), g2s.partition_D(sb));
    let load = |kt: usize, pipe: usize| {
        let (ca, cb) = (tAcA.slice((_x, _x, _x, kt)), tBcB.slice((_x, _x, _x, kt)));
        copy_if(&g2s, |i| elem_less(ca.coord(i), (m, k)), &tAgA.slice((_x, _x, _x, kt)), &mut tAsA.slice((_x, _x, _x, pipe)));
        copy_if(&g2s, |i| elem_less(cb.coord(i), (n, k)), &tBgB.slice((_x, _x, _x, kt)), &mut tBsB.slice((_x, _x, _x, pipe)));
    };

    let mma = <$Mma>::get_slice(tid);
    // One K block (16) of A's and B's registers at a time, so that no register index depends on it.
    let k_block = (C::<128>::default(), C::<16>::default());
    let sa_block = local_tile(sa.slice((_x, _x, 0usize)), k_block, (0usize, 0usize));
    let sb_block = local_tile(sb.slice((_x, _x, 0usize)), k_block, (0usize, 0usize));
    let mut tCrC = mma.partition_fragment_C::<f32, _, _>(&gc);
    type S2rA = MakeTiledCopyA<CopyAtom<SM75_U32x4_LDSM_N, F16>, $Mma>;
    type S2rB = MakeTiledCopyB<CopyAtom<SM75_U32x4_LDSM_N, F16>, $Mma>;
    let (s2r_a, s2r_b) = (S2rA::get_slice(tid), S2rB::get_slice(tid));
    let (tXsA, tXsB) = (s2r_a.partition_S(sa), s2r_b.partition_S(sb));

    let k_tiles = k.div_ceil($bk);
    for s in 0..STAGES - 1 {
        if s < k_tiles {
            load(s, s);
        }
        cp_async_commit();
    }
    // The stages read and written, counted round as sgemm_sm80's smem_pipe_read/write rather
    // than `kt % STAGES`, `(kt + 2) % STAGES` (a 64-bit division each). Measured, old and new
    // PTX in one loop (gpu/compare_ptx.py): the K-step-64 kernels +1.7 to +2.6% at 4000³ and
    // 4096³; the K-step-32 one +0.1 to +0.8%; at 1000x700x328 each within -0.7 to +0.8%.
    let (mut smem_pipe_read, mut smem_pipe_write) = (0, STAGES - 1);
    for kt in 0..k_tiles {
        // Tile kt has landed, and every warp is done with the stage the next load overwrites.
        cp_async_wait::<{ STAGES as u32 - 2 }>();
        sync_threads();
        if kt + STAGES - 1 < k_tiles {
            load(kt + STAGES - 1, smem_pipe_write);
        }
        cp_async_commit();
        let pipe = smem_pipe_read;
        smem_pipe_read = if pipe + 1 == STAGES { 0 } else { pipe + 1 };
        smem_pipe_write = pipe;
        tessel::unroll!($kblocks, kk => {
            let mut tCrA = mma.partition_fragment_A::<F16, _, _>(&sa_block);
            let mut tCrB = mma.partition_fragment_B::<F16, _, _>(&sb_block);
            copy(&s2r_a, &tXsA.slice((_x, _x, kk, pipe)), &mut s2r_a.retile_D(tCrA.as_view_mut()));
            copy(&s2r_b, &tXsB.slice((_x, _x, kk, pipe)), &mut s2r_b.retile_D(tCrB.as_view_mut()));
            gemm(&mma, &tCrA, &tCrB, &mut tCrC);
        });
    }
    let (mut tCgC, tCcC) = (mma.partition_C(gc), mma.partition_C(cc));
    copy_if(&CopyAtom::<UniversalCopy<f32>, f32>::default(), |i| elem_less(tCcC.coord(i), (m, n)), &tCrC, &mut tCgC);
}
    };
}

/// Stage-moded shared tiles, `(BM,BK,PIPE)`: the swizzled `8 x BK` atom tiled to the shape (CuTe's
/// `tile_to_shape(SmemLayoutAtom, (BM,BK,PIPE))`), `Sw o 0 o ((8,16),(BK,1),(1,3))`.
type Staged32 =
    TileToShape<Composition<Swizzle<2, 3, 3>, layout!("(8,32):(32,1)")>, shape!("(128,32,3)")>;
type Staged64 =
    TileToShape<Composition<Swizzle<3, 3, 3>, layout!("(8,64):(64,1)")>, shape!("(128,64,3)")>;

tessel::launch_bounds!(hgemm_tn, 256, 2);
hgemm_kernel!(
    /// Grid `(ceil(m/128), ceil(n/128))`, block 256, K step 32: 48 KiB of static shared memory.
    hgemm_tn, 32, 2, Staged32, G2s<layout!("(64,4):(4,1)")>, hgemm_a(), hgemm_b(), Mma
);
tessel::launch_bounds!(hgemm_tn_k64, 256, 2);
hgemm_kernel!(
    /// The same with K step 64: launch with 96 KiB of dynamic shared memory.
    hgemm_tn_k64, 64, 4, Staged64, G2s<layout!("(32,8):(8,1)")>, hgemm_dynamic(), hgemm_dynamic() + 3 * 128 * 64 * 2, Mma
);
tessel::launch_bounds!(hgemm_tn_k64_128, 128, 2);
hgemm_kernel!(
    /// K step 64 with CuTe sgemm_sm80's tiling: 128 threads, `(2,2,1)` atoms widened to
    /// `(32,32,16)`, so a thread holds `4 x 8` atoms. 96 KiB of dynamic shared memory.
    hgemm_tn_k64_128, 64, 4, Staged64, G2s<layout!("(16,8):(8,1)")>, hgemm_dynamic(), hgemm_dynamic() + 3 * 128 * 64 * 2, Mma128
);
