//! A tensor-core GEMM, f16 in, f32 accumulate, built as CuTe's sgemm_sm80 tutorial builds it
//! (simplified): `C = A B^T` with A `m x k` and B `n x k` K-major (row-major), C `m x n`
//! column-major. A block computes a `(128,128)` tile walking K by 32: a TiledCopy of 256
//! threads (`(64,4):(4,1)` threads, 8 halves each) moves the tiles of A and B into padded
//! K-major shared tiles with `cp.async` (zero-filled past the matrix), two stages deep; a
//! TiledMma of `SM80_16x8x16_F32F16F16F32_TN` over `(2,4,1)` atoms (`partition_A/B/C`) feeds
//! `mma.sync` from the shared tiles. `k` is a multiple of 8 (16-byte rows of A and B).

use crate::ptx::{
    self, block, cp_async_16, cp_async_commit, cp_async_wait, ld_shared_b32, mma_16816,
    sync_threads, thread,
};
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::tensor::{elem_less, make_identity_tensor, Engine, TensorOf};
use tessel::{layout, local_tile, shape, Layout, MakeTiledCopy, MakeTiledMma, TensorPtr, C};

type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)")>;
type Copy = MakeTiledCopy<layout!("(64,4):(4,1)"), layout!("(1,8)")>;
/// A `(128,32)` K-major shared tile padded to 40 halves a row: the fragments' 32-bit reads hit
/// 32 distinct banks, and each row stays 16-byte aligned for `cp.async`.
type Smem = layout!("(128,32):(40,1)");
const STAGE_BYTES: u32 = 128 * 40 * 2;
ptx::shared_array!(hgemm_a, 20480);
ptx::shared_array!(hgemm_b, 20480);

/// A shared tile of halves, addressed by the index a layout gives.
#[derive(Clone, Copy)]
pub struct SharedHalves;
impl Engine for SharedHalves {
    type Elem = u16;
    fn len(&self) -> usize {
        128 * 40
    }
}

/// The `rows x cols` row-major f16 matrix at `p`.
#[inline(always)]
unsafe fn k_major(
    p: *mut u16,
    rows: usize,
    cols: usize,
) -> TensorPtr<u16, Layout<(usize, usize), (isize, C<1>)>> {
    TensorPtr::from_raw_parts(
        p,
        rows * cols,
        layout!("(M,N):(ld,1)"; M = rows, N = cols, ld = cols),
    )
}

/// Grid `(ceil(m/128), ceil(n/128))`, block 256.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn hgemm_tn(
    m: u32,
    n: u32,
    k: u32,
    a: *const u16,
    b: *const u16,
    c: *mut f32,
) {
    let (tid, _) = thread();
    let (bm, bn) = block();
    let (m, n, k) = (m as usize, n as usize, k as usize);
    let (tid, bm, bn) = (tid as usize, bm as usize, bn as usize);
    let (ma, mb) = (k_major(a as *mut u16, m, k), k_major(b as *mut u16, n, k));
    let mc = TensorPtr::from_raw_parts(c, m * n, layout!("(M,N):(1,ld)"; M = m, N = n, ld = m));
    let (ida, idb, idc) = (
        make_identity_tensor(m, k),
        make_identity_tensor(n, k),
        make_identity_tensor(m, n),
    );
    let (tile_ab, tile_c) = (
        <shape!("(128,32)")>::default(),
        <shape!("(128,128)")>::default(),
    );
    let copy = Copy::get_slice(tid);
    let mma = Mma::get_slice(tid);
    let smem = TensorOf::from_engine(SharedHalves, Smem::default());
    let (a_dst, b_dst) = (copy.partition_D(smem), copy.partition_D(smem));
    let (a_frag, b_frag) = (mma.partition_A(smem), mma.partition_B(smem));

    // Tile kt of A and B into stage s, one cp.async group: two 16-byte chunks of each per
    // thread.
    let load = |kt: usize, s: u32| {
        let (ga, ca) = (
            copy.partition_S(local_tile(ma, tile_ab, (bm, kt))),
            copy.partition_S(local_tile(ida, tile_ab, (bm, kt))),
        );
        let (gb, cb) = (
            copy.partition_S(local_tile(mb, tile_ab, (bn, kt))),
            copy.partition_S(local_tile(idb, tile_ab, (bn, kt))),
        );
        for r in 0..2 {
            let x = (0usize, r, 0usize);
            let bytes = |inside: bool| if inside { 16 } else { 0 };
            let (pa, pb) = (
                ga.engine().as_ptr().offset(ga.index_of(x)),
                gb.engine().as_ptr().offset(gb.index_of(x)),
            );
            let (ia, ib) = (
                elem_less(ca.coord(x), (m, k)),
                elem_less(cb.coord(x), (n, k)),
            );
            cp_async_16(
                hgemm_a() + s * STAGE_BYTES + 2 * a_dst.index_of(x) as u32,
                if ia { pa } else { a } as *const u8,
                bytes(ia),
            );
            cp_async_16(
                hgemm_b() + s * STAGE_BYTES + 2 * b_dst.index_of(x) as u32,
                if ib { pb } else { b } as *const u8,
                bytes(ib),
            );
        }
        cp_async_commit();
    };

    let mut acc = [[[0f32; 4]; 4]; 4];
    let tiles = k.div_ceil(32);
    load(0, 0);
    for kt in 0..tiles {
        let s = (kt % 2) as u32;
        if kt + 1 < tiles {
            load(kt + 1, 1 - s);
            cp_async_wait::<1>();
        } else {
            cp_async_wait::<0>();
        }
        sync_threads();
        let (ta, tb) = (hgemm_a() + s * STAGE_BYTES, hgemm_b() + s * STAGE_BYTES);
        for kk in 0..2 {
            let mut fa = [[0u32; 4]; 4];
            let mut fb = [[0u32; 2]; 4];
            for i in 0..4 {
                for j in 0..4 {
                    // Values 2j and 2j+1 are neighbours in K: one 32-bit read.
                    fa[i][j] = ld_shared_b32(ta + 2 * a_frag.index_of((2 * j, i, kk)) as u32);
                }
                for j in 0..2 {
                    fb[i][j] = ld_shared_b32(tb + 2 * b_frag.index_of((2 * j, i, kk)) as u32);
                }
            }
            for i in 0..4 {
                for j in 0..4 {
                    mma_16816(&mut acc[i][j], fa[i], fb[j]);
                }
            }
        }
        sync_threads();
    }
    let gc = mma.partition_C(local_tile(mc, tile_c, (bm, bn)));
    let cc = mma.partition_C(local_tile(idc, tile_c, (bm, bn)));
    for i in 0..4 {
        for j in 0..4 {
            for v in 0..4 {
                if elem_less(cc.coord((v, i, j)), (m, n)) {
                    gc.write((v, i, j), acc[i][j][v]);
                }
            }
        }
    }
}
