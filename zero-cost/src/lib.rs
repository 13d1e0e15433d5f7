//! Each `tessel_*` function evaluates a static layout; its `hand_*` twin is the arithmetic a
//! kernel author would write by hand. `tests/zero_cost.rs` builds this crate in release mode and
//! checks that each pair compiles to the same machine code.

use tessel::atom::exec::gemm;
use tessel::mma::UniversalFMA;
use tessel::tensor::FragmentOf;
use tessel::{
    layout, local_partition, shape, zipped_divide, ColMajor, Layout, MakeTiledMma, RowMajor,
    Tensor, C,
};

#[no_mangle]
pub fn tessel_row_major(i: usize, j: usize) -> usize {
    RowMajor::<128, 64>::default().call((i, j))
}

#[no_mangle]
pub fn hand_row_major(i: usize, j: usize) -> usize {
    i * 64 + j
}

#[no_mangle]
pub fn tessel_col_major(i: usize, j: usize) -> usize {
    ColMajor::<1536, 3>::default().call((i, j))
}

#[no_mangle]
pub fn hand_col_major(i: usize, j: usize) -> usize {
    i + j * 1536
}

#[no_mangle]
pub fn tessel_hierarchical_1d(i: usize) -> usize {
    layout!("(4,(2,4)):(2,(1,8))").call(i)
}

#[no_mangle]
pub fn hand_hierarchical_1d(i: usize) -> usize {
    (i % 4) * 2 + (i / 4) % 2 + (i / 8) * 8
}

#[no_mangle]
pub fn tessel_hierarchical_natural(i: usize, j: usize, k: usize) -> usize {
    layout!("(4,(2,4)):(2,(1,8))").call((i, (j, k)))
}

#[no_mangle]
pub fn hand_hierarchical_natural(i: usize, j: usize, k: usize) -> usize {
    i * 2 + j + k * 8
}

#[no_mangle]
pub fn tessel_odd_sizes_1d(i: usize) -> usize {
    layout!("(3,(2,3)):(3,(12,1))").call(i)
}

#[no_mangle]
pub fn hand_odd_sizes_1d(i: usize) -> usize {
    (i % 3) * 3 + (i / 3) % 2 * 12 + i / 6
}

#[no_mangle]
pub fn tessel_split_row(i: usize, j: usize) -> usize {
    layout!("((2,2),2):((4,1),2)").call((i, j))
}

#[no_mangle]
pub fn hand_split_row(i: usize, j: usize) -> usize {
    (i % 2) * 4 + i / 2 + j * 2
}

#[no_mangle]
pub fn tessel_padded(i: usize, j: usize) -> usize {
    layout!("(32,32):(1,33)").call((i, j))
}

#[no_mangle]
pub fn hand_padded(i: usize, j: usize) -> usize {
    i + j * 33
}

#[no_mangle]
pub fn tessel_reversed(i: usize) -> isize {
    layout!("8:-1").call_signed(i)
}

#[no_mangle]
pub fn hand_reversed(i: usize) -> isize {
    -(i as isize)
}

/// A runtime-sized row-major matrix `(m,k):(lda,1)` tiled by a static `(128,32)` tile: element
/// `(i,kk)` of tile `(bm,bk)`.
#[no_mangle]
pub fn tessel_tiled_runtime_matrix(
    m: usize,
    k: usize,
    lda: isize,
    (bm, bk): (usize, usize),
    (i, kk): (usize, usize),
) -> isize {
    let a = Layout::new((m, k), (lda, C::<1>::default()));
    let tiles = zipped_divide(a, (C::<128>::default(), C::<32>::default()));
    tiles.call_signed(((i, kk), (bm, bk)))
}

#[no_mangle]
pub fn hand_tiled_runtime_matrix(
    _m: usize,
    _k: usize,
    lda: isize,
    (bm, bk): (usize, usize),
    (i, kk): (usize, usize),
) -> isize {
    (bm * 128 + i) as isize * lda + (bk * 32 + kk) as isize
}

/// The same tile, its indices in 32-bit arithmetic (the caller knows they fit).
#[no_mangle]
pub fn tessel_tiled_runtime_matrix_u32(
    m: usize,
    k: usize,
    lda: isize,
    (bm, bk): (usize, usize),
    (i, kk): (usize, usize),
) -> u32 {
    let a = Layout::new((m, k), (lda, C::<1>::default()));
    let tiles = zipped_divide(a, (C::<128>::default(), C::<32>::default()));
    // SAFETY: the caller's matrix has fewer than 2^32 elements.
    unsafe { tiles.index32_unchecked() }.call(((i, kk), (bm, bk)))
}

#[no_mangle]
pub fn hand_tiled_runtime_matrix_u32(
    _m: usize,
    _k: usize,
    lda: isize,
    (bm, bk): (usize, usize),
    (i, kk): (usize, usize),
) -> u32 {
    ((bm * 128 + i) as u32)
        .wrapping_mul(lda as u32)
        .wrapping_add((bk * 32 + kk) as u32)
}

/// A thread's `(4,4)` register tile, loaded from a `(64,64)` shared tile partitioned over
/// `(16,16)` threads (`local_partition`), summed so that every load counts.
#[no_mangle]
pub fn tessel_partitioned_tile(smem: &[f32; 4096], tid: usize) -> f32 {
    let s = Tensor::new(smem, layout!("(64,64)"));
    let t = local_partition(s, layout!("(16,16)"), tid);
    let mut sum = 0.0;
    for j in 0..4 {
        for i in 0..4 {
            sum += t[(i, j)];
        }
    }
    sum
}

#[no_mangle]
pub fn hand_partitioned_tile(smem: &[f32; 4096], tid: usize) -> f32 {
    let (tm, tn) = (tid % 16, tid / 16 % 16);
    let mut sum = 0.0;
    for j in 0..4 {
        for i in 0..4 {
            sum += smem[(tm + 16 * i) + 64 * (tn + 16 * j)];
        }
    }
    sum
}

/// The same tile through a TiledMma of UniversalFMA over `(16,16,1)` threads (`partition_A`):
/// thread `tid`'s rows of a `(64,8)` tile of A, `(1,4,8)` values.
#[no_mangle]
pub fn tessel_mma_partition(smem: &[f32; 512], tid: usize) -> f32 {
    type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    let t = Mma::get_slice(tid).partition_A(Tensor::new(smem, layout!("(64,8)")));
    let mut sum = 0.0;
    for k in 0..8 {
        for m in 0..4 {
            sum += t[(0, m, k)];
        }
    }
    sum
}

#[no_mangle]
pub fn hand_mma_partition(smem: &[f32; 512], tid: usize) -> f32 {
    let tm = tid % 16;
    let mut sum = 0.0;
    for k in 0..8 {
        for m in 0..4 {
            sum += smem[(tm + 16 * m) + 64 * k];
        }
    }
    sum
}

/// A thread's `(4,4)` accumulators of C = A B^T for `(64,8)` tiles of A and B, through a
/// TiledMma of UniversalFMA over `(16,16,1)` threads and `gemm`: its walks over `(V,M,K)`,
/// `(V,N,K)` and `(V,M,N)` are static, so they unroll by construction (`tests/zero_cost.rs`
/// builds this with LLVM's unroller off too).
#[no_mangle]
pub fn tessel_fragment_gemm(a: &[f32; 512], b: &[f32; 512], tid: usize, out: &mut [f32; 16]) {
    type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    let thr = Mma::get_slice(tid);
    let ta = thr.partition_A(Tensor::new(a, layout!("(64,8)")));
    let tb = thr.partition_B(Tensor::new(b, layout!("(64,8)")));
    let mut c = FragmentOf::<f32, shape!("(1,4,4)")>::default(); // its `(64,64)` C, `(V,M,N)`
                                                                 // SAFETY: UniversalFMA runs on one thread; the partitions index inside the arrays.
    unsafe { gemm(&thr, &ta, &tb, &mut c) };
    out.copy_from_slice(c.as_array());
}

#[no_mangle]
pub fn hand_fragment_gemm(a: &[f32; 512], b: &[f32; 512], tid: usize, out: &mut [f32; 16]) {
    let (tm, tn) = (tid % 16, tid / 16 % 16);
    let mut c = [0f32; 16];
    for k in 0..8 {
        for m in 0..4 {
            for n in 0..4 {
                c[m + 4 * n] += a[(tm + 16 * m) + 64 * k] * b[(tn + 16 * n) + 64 * k];
            }
        }
    }
    *out = c;
}
