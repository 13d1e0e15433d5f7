//! SGEMM as CuTe's tutorial `sgemm_1` writes it (NT: A `m x k`, B `n x k`, C `m x n`, all
//! column-major; `C = alpha A B^T + beta C`): a block computes a `(128,128)` tile of C
//! (`local_tile`), walking K in steps of 8; its 256 threads copy the `(128,8)` tiles of A and B
//! to shared memory over a `(32,8)` thread layout (`local_partition`), then each thread of a
//! `(16,16)` layout multiplies its rows of A and columns of B (`local_partition_proj`) into 8x8
//! registers. Tiles past the matrix's edge are predicated with identity tensors.

use crate::ptx::{self, block, fma, ld_shared_f32, st_shared_f32, sync_threads, thread};
use tessel::tensor::{elem_less, local_partition_proj, make_identity_tensor, Engine, TensorOf, X};
use tessel::{layout, local_partition, local_tile, shape, Layout, TensorPtr, C};

/// The shared tiles, column-major.
type Smem = layout!("(128,8)");
ptx::shared_array!(sgemm_a, 4096);
ptx::shared_array!(sgemm_b, 4096);

/// A shared tile of 1024 f32, addressed by the index a layout gives (`index_of`).
#[derive(Clone, Copy)]
pub struct Shared;
impl Engine for Shared {
    type Elem = f32;
    fn len(&self) -> usize {
        1024
    }
}

/// A column-major matrix of runtime extents.
type Matrix = TensorPtr<f32, Layout<(usize, usize), (C<1>, isize)>>;

/// The `rows x cols` column-major matrix at `p`.
#[inline(always)]
unsafe fn matrix(p: *mut f32, rows: usize, cols: usize) -> Matrix {
    let l = layout!("(M,N):(1,ld)"; M = rows, N = cols, ld = rows);
    TensorPtr::from_raw_parts(p, rows * cols, l)
}

/// Grid `(ceil(m/128), ceil(n/128))`, block 256.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "ptx-kernel" fn sgemm_nt(
    m: u32,
    n: u32,
    k: u32,
    alpha: f32,
    a: *const f32,
    b: *const f32,
    beta: f32,
    c: *mut f32,
) {
    let (tid, _) = thread();
    let (bm, bn) = block();
    let (m, n, k, tid, bm, bn) = (
        m as usize,
        n as usize,
        k as usize,
        tid as usize,
        bm as usize,
        bn as usize,
    );
    let (ma, mb, mc) = (
        matrix(a as *mut f32, m, k),
        matrix(b as *mut f32, n, k),
        matrix(c, m, n),
    );
    let (ida, idb, idc) = (
        make_identity_tensor(m, k),
        make_identity_tensor(n, k),
        make_identity_tensor(m, n),
    );
    let (copy, math) = (layout!("(32,8)"), layout!("(16,16)"));
    let (tile_ab, tile_c) = (
        <shape!("(128,8)")>::default(),
        <shape!("(128,128)")>::default(),
    );
    let sa = TensorOf::from_engine(Shared, Smem::default());
    let sb = TensorOf::from_engine(Shared, Smem::default());
    let (a_dst, b_dst) = (
        local_partition(sa, copy, tid),
        local_partition(sb, copy, tid),
    );
    let a_row = local_partition_proj(sa, math, tid, (C::<1>::default(), X));
    let b_col = local_partition_proj(sb, math, tid, (X, C::<1>::default()));
    let addr = |t: u32, i: isize| t + 4 * i as u32;

    let mut acc = [[0f32; 8]; 8];
    for kt in 0..k.div_ceil(8) {
        let (ga, ca) = (
            local_tile(ma, tile_ab, (bm, kt)),
            local_tile(ida, tile_ab, (bm, kt)),
        );
        let (gb, cb) = (
            local_tile(mb, tile_ab, (bn, kt)),
            local_tile(idb, tile_ab, (bn, kt)),
        );
        let (ga, ca) = (
            local_partition(ga, copy, tid),
            local_partition(ca, copy, tid),
        );
        let (gb, cb) = (
            local_partition(gb, copy, tid),
            local_partition(cb, copy, tid),
        );
        // All loads first: each shared store is an `asm!` that orders memory, so a load after
        // it could not start earlier.
        let mut v = [[0f32; 4]; 2];
        for i in 0..4 {
            v[0][i] = if elem_less(ca.coord(i), (m, k)) {
                ga.read(i)
            } else {
                0.0
            };
            v[1][i] = if elem_less(cb.coord(i), (n, k)) {
                gb.read(i)
            } else {
                0.0
            };
        }
        for i in 0..4 {
            st_shared_f32(addr(sgemm_a(), a_dst.index_of(i)), v[0][i]);
            st_shared_f32(addr(sgemm_b(), b_dst.index_of(i)), v[1][i]);
        }
        sync_threads();
        // The thread's rows of A and columns of B start at its base: each load is the base
        // plus the partition's static layout, a constant the shared load carries as its offset.
        let (ta, tb) = (
            addr(sgemm_a(), a_row.base() as isize),
            addr(sgemm_b(), b_col.base() as isize),
        );
        for kk in 0..8 {
            let mut ra = [0f32; 8];
            let mut rb = [0f32; 8];
            for i in 0..8 {
                ra[i] = ld_shared_f32(addr(ta, a_row.layout().call_signed((i, kk))));
                rb[i] = ld_shared_f32(addr(tb, b_col.layout().call_signed((i, kk))));
            }
            for i in 0..8 {
                for j in 0..8 {
                    acc[i][j] = fma(ra[i], rb[j], acc[i][j]);
                }
            }
        }
        sync_threads();
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
