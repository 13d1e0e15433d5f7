//! SGEMM as CuTe's tutorial `sgemm_1` writes it: `C = alpha A B^T + beta C` with A `m x k`, B
//! `n x k`, C `m x n` column-major; A and B are M-/N-major ("NT") or K-major ("TN"). A block
//! computes a `(128,128)` tile of C (`local_tile`), walking K in steps of 8; its 256 threads
//! copy the `(128,8)` tiles of A and B to shared memory over a `(32,8)` thread layout
//! (`local_partition`), then each thread of a `(16,16)` layout multiplies its rows of A and
//! columns of B (`local_partition_proj`) into 8x8 registers. Tiles past the matrix's edge are
//! predicated with identity tensors; in the NT kernels a block whose tiles all lie inside loads
//! without them (measured: it helped NT and slowed TN, which keeps one predicated loop). One body, instantiated per layout choice: NT and TN as
//! sgemm_1 runs them, and NT with every size static (4096), to measure what runtime sizes cost.

use tessel::arch::{block, fma, ld_global_nc_f32, ld_shared_f32, st_shared_f32, sync_threads, thread};
use tessel::tensor::{elem_less, local_partition_proj, make_identity_tensor, Engine, TensorOf, X};
use tessel::{layout, local_partition, local_tile, shape, Layout, TensorPtr, C};

tessel::shared_array!(sgemm_a, 4224);
tessel::shared_array!(sgemm_b, 4224);

/// A shared tile of f32, addressed by the index a layout gives (`index_of`).
#[derive(Clone, Copy)]
pub struct Shared;
impl Engine for Shared {
    type Elem = f32;
    fn len(&self) -> usize {
        1056
    }
}

/// The `rows x cols` M-major matrix at `p`, runtime extents.
#[inline(always)]
unsafe fn m_major(
    p: *mut f32,
    rows: usize,
    cols: usize,
) -> TensorPtr<f32, Layout<(usize, usize), (C<1>, isize)>> {
    TensorPtr::from_raw_parts(
        p,
        rows * cols,
        layout!("(M,N):(1,ld)"; M = rows, N = cols, ld = rows),
    )
}

/// The `rows x cols` K-major matrix at `p`, runtime extents.
#[inline(always)]
unsafe fn k_major(
    p: *mut f32,
    rows: usize,
    cols: usize,
) -> TensorPtr<f32, Layout<(usize, usize), (isize, C<1>)>> {
    TensorPtr::from_raw_parts(
        p,
        rows * cols,
        layout!("(M,N):(ld,1)"; M = rows, N = cols, ld = cols),
    )
}

/// The sizes as the caller gives them.
#[inline(always)]
fn runtime(m: usize, n: usize, k: usize) -> (usize, usize, usize) {
    (m, n, k)
}

/// A 4096 x 4096 M-major matrix, every leaf static.
#[inline(always)]
unsafe fn static_4096(p: *mut f32) -> TensorPtr<f32, layout!("(4096,4096):(1,4096)")> {
    TensorPtr::from_raw_parts(p, 4096 * 4096, <layout!("(4096,4096):(1,4096)")>::default())
}

/// The kernel body: `$sizes` gives `(m, n, k)` from the arguments, `$a`, `$b`, `$c` build the
/// global tensors from the pointers and sizes, `$smem` is the shared tiles' layout, `$copy` the
/// copy threads'; `$fast` runs interior blocks unpredicated; the next k-step's registers load
/// just before row `$at` of this one's FMAs (8: after them).
macro_rules! sgemm_kernel {
    ($(#[$doc:meta])* $name:ident, $sizes:expr, $a:expr, $b:expr, $c:expr, $smem:ty, $copy:expr, $fast:expr,
     $at:expr) => {
        $(#[$doc])*
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "ptx-kernel" fn $name(
            m: u32, n: u32, k: u32, alpha: f32, a: *const f32, b: *const f32, beta: f32, c: *mut f32,
        ) {
            let (tid, _) = thread();
            let (bm, bn) = block();
            let (m, n, k): (usize, usize, usize) = $sizes(m as usize, n as usize, k as usize);
            let (tid, bm, bn) = (tid as usize, bm as usize, bn as usize);
            let (ma, mb, mc) = ($a(a as *mut f32, m, k), $b(b as *mut f32, n, k), $c(c, m, n));
            let (ida, idb) = (make_identity_tensor(m, k), make_identity_tensor(n, k));
            let idc = make_identity_tensor(m, n);
            let (copy, math) = ($copy, layout!("(16,16)"));
            let (tile_ab, tile_c) = (<shape!("(128,8)")>::default(), <shape!("(128,128)")>::default());
            let sa = TensorOf::from_engine(Shared, <$smem>::default());
            let sb = TensorOf::from_engine(Shared, <$smem>::default());
            let (a_dst, b_dst) = (local_partition(sa, copy, tid), local_partition(sb, copy, tid));
            let a_row = local_partition_proj(sa, math, tid, (C::<1>::default(), X));
            let b_col = local_partition_proj(sb, math, tid, (X, C::<1>::default()));
            let addr = |t: u32, i: isize| t + 4 * i as u32;
            // A and B through the read-only cache, as the twins' `const __restrict__` loads
            // (measured: TN 26.4 -> 27.3 TFLOP/s, NT unchanged).
            let read_nc = |t: &TensorPtr<f32, _>, i: usize| {
                ld_global_nc_f32(t.engine().as_ptr().offset(t.index_of(i)))
            };

            // With `$fast`, a block whose tiles lie inside the matrices (every block but the
            // edges') loads without predicates: one test, and the loop twice.
            let interior = $fast && (bm + 1) * 128 <= m && (bn + 1) * 128 <= n && k % 8 == 0;
            let mut acc = [[0f32; 8]; 8];
            let mut main_loop = |predicated: bool| for kt in 0..(k as u32).div_ceil(8) {
                let kt = kt as usize;
                let (ga, ca) = (local_tile(ma, tile_ab, (bm, kt)), local_tile(ida, tile_ab, (bm, kt)));
                let (gb, cb) = (local_tile(mb, tile_ab, (bn, kt)), local_tile(idb, tile_ab, (bn, kt)));
                let (ga, ca) = (local_partition(ga, copy, tid), local_partition(ca, copy, tid));
                let (gb, cb) = (local_partition(gb, copy, tid), local_partition(cb, copy, tid));
                // All loads first: each shared store is an `asm!` that orders memory, so a load
                // after it could not start earlier.
                let mut v = [[0f32; 4]; 2];
                for i in 0..4 {
                    let (ia, ib) = if predicated {
                        (elem_less(ca.coord(i), (m, k)), elem_less(cb.coord(i), (n, k)))
                    } else {
                        (true, true)
                    };
                    v[0][i] = if ia { read_nc(&ga, i) } else { 0.0 };
                    v[1][i] = if ib { read_nc(&gb, i) } else { 0.0 };
                }
                for i in 0..4 {
                    st_shared_f32(addr(sgemm_a(), a_dst.index_of(i)), v[0][i]);
                    st_shared_f32(addr(sgemm_b(), b_dst.index_of(i)), v[1][i]);
                }
                sync_threads();
                // The thread's rows of A and columns of B start at its base: each load is the
                // base plus the partition's static layout, a constant the load carries.
                let ta = addr(sgemm_a(), a_row.base() as isize);
                let tb = addr(sgemm_b(), b_col.base() as isize);
                let fragments = |kk: usize| {
                    let mut ra = [0f32; 8];
                    let mut rb = [0f32; 8];
                    for i in 0..8 {
                        ra[i] = ld_shared_f32(addr(ta, a_row.layout().call_signed((i, kk))));
                        rb[i] = ld_shared_f32(addr(tb, b_col.layout().call_signed((i, kk))));
                    }
                    (ra, rb)
                };
                // Where the next k-step's fragments load among this one's FMAs steers ptxas's
                // schedule (NVVM spreads the twins' loads through the FMAs). Measured, TN: after
                // them 27.3 TFLOP/s, before them 28.6, after half the rows 28.8; NT: after them
                // 35.0, before them 34.7.
                let mut next = fragments(0);
                for kk in 0..8 {
                    let (ra, rb) = next;
                    for i in 0..8 {
                        if i == $at && kk + 1 < 8 {
                            next = fragments(kk + 1);
                        }
                        for j in 0..8 {
                            acc[i][j] = fma(ra[i], rb[j], acc[i][j]);
                        }
                    }
                    if $at == 8 && kk + 1 < 8 {
                        next = fragments(kk + 1);
                    }
                }
                sync_threads();
            };
            if interior {
                main_loop(false)
            } else {
                main_loop(true)
            }
            let gc = local_partition(local_tile(mc, tile_c, (bm, bn)), math, tid);
            let cc = local_partition(local_tile(idc, tile_c, (bm, bn)), math, tid);
            for i in 0..8 {
                for j in 0..8 {
                    if elem_less(cc.coord((i, j)), (m, n)) {
                        let old = gc.read((i, j));
                        gc.write((i, j), fma(alpha, acc[i][j], beta * old));
                    }
                }
            }
        }
    };
}

tessel::launch_bounds!(sgemm_nt, 256, 2);
sgemm_kernel!(
    /// NT: A and B M-/N-major; shared tiles `(128,8)` M-major, copy threads `(32,8)` M-major.
    /// Grid `(ceil(m/128), ceil(n/128))`, block 256.
    sgemm_nt, runtime, m_major, m_major, m_major, layout!("(128,8)"), layout!("(32,8)"), true, 8
);
tessel::launch_bounds!(sgemm_tn, 256, 2);
sgemm_kernel!(
    /// TN: A and B K-major; shared tiles `(128,8):(8,1)` and copy threads `(32,8):(8,1)`
    /// K-major, as sgemm_1's `gemm_tn`.
    sgemm_tn, runtime, k_major, k_major, m_major, layout!("(128,8):(8,1)"), layout!("(32,8):(8,1)"),
    false, 4
);
tessel::launch_bounds!(sgemm_nt_4096, 256, 2);
sgemm_kernel!(
    /// NT with every size static: `m = n = k = 4096` (the arguments are ignored).
    sgemm_nt_4096,
    |_, _, _| (4096, 4096, 4096),
    |p, _, _| static_4096(p),
    |p, _, _| static_4096(p),
    |p, _, _| static_4096(p),
    layout!("(128,8)"),
    layout!("(32,8)"),
    true,
    8
);
