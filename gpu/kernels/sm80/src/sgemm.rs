//! SGEMM as CuTe's tutorial `sgemm_1` writes it: `C = alpha A B^T + beta C` with A `m x k`, B
//! `n x k`, C `m x n` column-major; A and B are M-/N-major ("NT") or K-major ("TN"). A block
//! computes a `(128,128)` tile of C (`local_tile`), walking K in steps of 8; its 256 threads
//! copy the `(128,8)` tiles of A and B to shared memory over a `(32,8)` thread layout
//! (`local_partition`), then each thread of a `(16,16)` layout multiplies its rows of A and
//! columns of B (`local_partition_proj`) into 8x8 registers. Tiles past the matrix's edge are
//! predicated with identity tensors; in the NT kernels a block whose tiles all lie inside loads
//! without them (measured: it helped NT and slowed TN, which keeps one predicated loop). One body
//! written with the atoms' copy and gemm, instantiated per layout choice: NT and TN as sgemm_1
//! runs them.

use tessel::arch::{block, fma, sync_threads, thread};
use tessel::atom::copy::{CopyAtom, UniversalCopy};
use tessel::atom::exec::{copy, copy_if, gemm_fma};
use tessel::tensor::{clear, elem_less, local_partition_proj, make_identity_tensor, X};
use tessel::tensor::{make_fragment_like, FragmentOf, Underscore as _x};
use tessel::{
    layout, local_partition, local_tile, shape, Layout, TensorConstPtr, TensorPtr, TensorSmem, C,
};

tessel::shared_array!(sgemm_a, 4224);
tessel::shared_array!(sgemm_b, 4224);

/// The `rows x cols` M-major layout, runtime extents.
#[inline(always)]
fn m_major_layout(rows: usize, cols: usize) -> Layout<(usize, usize), (C<1>, isize)> {
    layout!("(M,N):(1,ld)"; M = rows, N = cols, ld = rows)
}

/// The `rows x cols` K-major layout, runtime extents.
#[inline(always)]
fn k_major_layout(rows: usize, cols: usize) -> Layout<(usize, usize), (isize, C<1>)> {
    layout!("(M,N):(ld,1)"; M = rows, N = cols, ld = cols)
}

/// The `rows x cols` M-major matrix at `p`.
#[inline(always)]
unsafe fn m_major(
    p: *mut f32,
    rows: usize,
    cols: usize,
) -> TensorPtr<f32, Layout<(usize, usize), (C<1>, isize)>> {
    TensorPtr::from_raw_parts(p, rows * cols, m_major_layout(rows, cols))
}

/// The epilogue `C = alpha acc + beta C` where C exists, a column of 8 at a time: the column's
/// reads of C, then its writes, so that the reads are in flight together (ptxas moves no read of
/// C above a write before it). The epilogue also changes how ptxas assigns the K loop's
/// registers: measured on an H100, one element after the other moved NT 4000x3000x1000 from
/// 1.08 to 0.92 of `sgemm_nt` with this build of the library, where it had been the faster of
/// the two before identity coordinates were read leaf by leaf (docs/benchmarks-history.md, "the sgemm twins'
/// epilogue" and "the NT twin's epilogue again").
macro_rules! by_column {
    ($gC:ident, $cC:ident, $rC:ident, $m:ident, $n:ident, $alpha:ident, $beta:ident) => {
        for j in 0..8 {
            let mut c = [0f32; 8];
            for x in 0..8 {
                if elem_less($cC.coord(j * 8 + x), ($m, $n)) {
                    c[x] = $gC.read(j * 8 + x);
                }
            }
            for x in 0..8 {
                if elem_less($cC.coord(j * 8 + x), ($m, $n)) {
                    $gC.write(j * 8 + x, fma($alpha, $rC[j * 8 + x], $beta * c[x]));
                }
            }
        }
    };
}

/// The same GEMM as CuTe's tutorials write it, with the atoms: the block's `(BM,BK,k)` tiles of
/// A and B (`local_tile` keeping the K-tile mode), each copy thread's share of a K tile loaded
/// into registers (`copy_if` of `UniversalCopy`, zero past the matrix), then stored to shared
/// memory (CuTe's sgemm_sm70: global, registers, shared), and `gemm_fma` of each thread's rows
/// of shared A and columns of shared B into its accumulators; the epilogue
/// `C = alpha acc + beta C` where C exists. `$a`/`$b` build the global tensors, `$smem` is the
/// shared tiles' layout and `$copy` the copy threads'; with `$prefetch` the next K tile loads
/// while the block multiplies this one (the registers it holds meanwhile spill TN's kernel
/// past 128: measured, TN 16.2 TFLOP/s with it, 24.4 without), without it just before its
/// stores (all loads first, so that one memory latency covers them). With `$fast` a K tile
/// inside the matrices is copied without predicates (measured at 4096³: NT 31.4 -> 34.2
/// TFLOP/s; TN 26.0 -> 22.4, its registers spilling).
macro_rules! sgemm_kernel {
    ($(#[$doc:meta])* $name:ident, $a:expr, $b:expr, $smem:ty, $copy:expr, $prefetch:literal,
     $fast:literal) => {
        $(#[$doc])*
        #[no_mangle]
        #[allow(clippy::too_many_arguments, non_snake_case)] // CuTe's names: tAgA, tCsA, ...
        pub unsafe extern "ptx-kernel" fn $name(
            m: u32, n: u32, k: u32, alpha: f32, a: *const f32, b: *const f32, beta: f32, c: *mut f32,
        ) {
            let (tid, bm, bn) = (thread().0 as usize, block().0 as usize, block().1 as usize);
            let (m, n, k) = (m as usize, n as usize, k as usize);
            // A and B are only read: through the read-only cache, as the twins' `const __restrict__`.
            let ma = TensorConstPtr::from_raw_parts(a, m * k, $a(m, k));
            let mb = TensorConstPtr::from_raw_parts(b, n * k, $b(n, k));
            let mc = m_major(c, m, n);
            let (tile_ab, tile_c) = (<shape!("(128,8)")>::default(), <shape!("(128,128)")>::default());
            let (copy_thr, math) = ($copy, layout!("(16,16)"));
            // The block's tiles, (BM,BK,k) of A and B and (BM,BN) of C, and their coordinates.
            let (gA, cA) = (local_tile(ma, tile_ab, (bm, _x)), local_tile(make_identity_tensor(m, k), tile_ab, (bm, _x)));
            let (gB, cB) = (local_tile(mb, tile_ab, (bn, _x)), local_tile(make_identity_tensor(n, k), tile_ab, (bn, _x)));
            let (gC, cC) = (local_tile(mc, tile_c, (bm, bn)), local_tile(make_identity_tensor(m, n), tile_c, (bm, bn)));
            let sA = TensorSmem::<f32, _>::from_smem(sgemm_a(), <$smem>::default().cosize(), <$smem>::default());
            let sB = TensorSmem::<f32, _>::from_smem(sgemm_b(), <$smem>::default().cosize(), <$smem>::default());
            // The copy threads' shares: 4 elements of each K tile of global, of shared and of registers.
            let (tAgA, tAcA, mut tAsA) = (local_partition(gA, copy_thr, tid), local_partition(cA, copy_thr, tid), local_partition(sA, copy_thr, tid));
            let (tBgB, tBcB, mut tBsB) = (local_partition(gB, copy_thr, tid), local_partition(cB, copy_thr, tid), local_partition(sB, copy_thr, tid));
            let (mut tArA, mut tBrB) = (make_fragment_like(&tAsA), make_fragment_like(&tBsB));
            // The math threads' rows of A and columns of B, (8,8) each, and their (8,8) of C.
            let tCsA = local_partition_proj(sA, math, tid, (C::<1>::default(), X));
            let tCsB = local_partition_proj(sB, math, tid, (X, C::<1>::default()));
            let (tCgC, tCcC) = (local_partition(gC, math, tid), local_partition(cC, math, tid));
            let mut tCrC = FragmentOf::<f32, shape!("(8,8)")>::filled(0.0);
            let atom = CopyAtom::<UniversalCopy<f32>, f32>::default();
            // With `$fast`, a block whose tiles lie inside the matrices tests no coordinate.
            let inside = $fast && (bm + 1) * 128 <= m && (bn + 1) * 128 <= n;
            macro_rules! load {
                ($kt:expr) => {{
                    let (ca, cb) = (tAcA.slice((_x, _x, $kt)), tBcB.slice((_x, _x, $kt)));
                    let all = inside && ($kt + 1) * 8 <= k;
                    if !all {
                        clear(&mut tArA);
                        clear(&mut tBrB);
                    }
                    copy_if(&atom, |i| all || elem_less(ca.coord(i), (m, k)), &tAgA.slice((_x, _x, $kt)), &mut tArA);
                    copy_if(&atom, |i| all || elem_less(cb.coord(i), (n, k)), &tBgB.slice((_x, _x, $kt)), &mut tBrB);
                }};
            }
            let k_tiles = k.div_ceil(8);
            if $prefetch {
                load!(0usize);
            }
            for kt in 0..k_tiles {
                if !$prefetch {
                    load!(kt);
                }
                copy(&atom, &tArA, &mut tAsA);
                copy(&atom, &tBrB, &mut tBsB);
                sync_threads();
                if $prefetch && kt + 1 < k_tiles {
                    load!(kt + 1); // in flight while the block multiplies
                }
                // One K column at a time, unrolled: LLVM leaves the K loop of a whole (8,8)
                // gemm rolled.
                tessel::unroll!(8, kk => {
                    gemm_fma(&tCsA.slice((_x, kk)), &tCsB.slice((_x, kk)), &mut tCrC.as_view_mut());
                });
                sync_threads();
            }
            by_column!(tCgC, tCcC, tCrC, m, n, alpha, beta);
        }
    };
}

tessel::launch_bounds!(sgemm_nt, 256, 2);
sgemm_kernel!(
    /// NT: A and B M-/N-major; shared tiles `(128,8)` M-major, copy threads `(32,8)` M-major.
    /// Grid `(ceil(m/128), ceil(n/128))`, block 256.
    sgemm_nt, m_major_layout, m_major_layout, layout!("(128,8)"), layout!("(32,8)"), true, true
);
tessel::launch_bounds!(sgemm_tn, 256, 2);
sgemm_kernel!(
    /// TN: A and B K-major, its copy threads sgemm_1's
    /// `(32,8):(8,1)`, no prefetch. Its shared tiles are M-major, padded by one element a
    /// column, `(128,8):(1,129)`, as CuTe's sgemm_2 TN has them: the copy transposes the K-major
    /// rows, and a thread's rows of A and columns of B are then single words of consecutive
    /// lanes, where sgemm_1's K-major `(128,8):(8,1)` gave ptxas 128-bit loads of four K columns
    /// that, at 128 registers, it could only issue one after another into one register quad.
    /// Measured against the K-major tiles, one timing loop (gpu/variants.py): 0.91 -> 1.04 of
    /// the hand-indexed kernel it replaced at 1000x700x333, 0.976 -> 1.050 at 4096³; unpadded M-major tiles
    /// (`(128,8)`, their stores 8-way bank conflicts) 0.90 and 0.85.
    sgemm_tn, k_major_layout, k_major_layout, layout!("(128,8):(1,129)"), layout!("(32,8):(8,1)"), false, false
);
