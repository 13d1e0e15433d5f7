//! SGEMM the way CuTe's tutorial `sgemm_1` writes it, on the CPU: `C = alpha * A * B^T + beta * C`
//! with A `M x K`, B `N x K`, C `M x N`, all column-major ("NT"), M, N, K known at run time.
//!
//! Each block owns a `(128,128)` tile of C (`local_tile`) and walks K in steps of 8: its 256
//! threads copy the `(128,8)` tiles of A and B into "shared memory" (arrays with static layouts)
//! through a `(32,8)` thread layout (`local_partition`), then each thread of a `(16,16)` thread
//! layout multiplies its rows of A by its columns of B (`local_partition_proj`, CuTe's
//! projections) into an `(8,8)` register fragment. Tiles past the matrix's edge are predicated
//! with identity tensors (`0y_predication`). The copy and the math are the atoms' `copy_if`
//! (`UniversalCopy`) and `gemm_fma` (CuTe's `gemm(tCsA, tCsB, tCrC)`, `UniversalFMA`). Blocks
//! and threads run one after another. `cargo run --release --example sgemm_1`.

use tessel::atom::copy::{CopyAtom, UniversalCopy};
use tessel::atom::exec::{copy_if, gemm_fma};
use tessel::tensor::{
    clear, elem_less, local_partition_proj, make_identity_tensor, FragmentOf, IdentityTensor, X,
};
use tessel::{layout, local_partition, local_tile, shape, Tensor, TensorMut, C};

const BM: usize = 128;
const BN: usize = 128;
const BK: usize = 8;
const THREADS: usize = 256;

/// The shared tiles: `(128,8)` column-major, static.
type SmemLayout = layout!("(128,8)");
/// Each thread's accumulators.
type Acc = FragmentOf<f32, shape!("(8,8)")>;

/// `c = alpha * a * b^T + beta * c`; `a` is `m x k`, `b` is `n x k`, `c` is `m x n`, column-major.
#[allow(clippy::too_many_arguments)]
pub fn sgemm_nt(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: &[f32],
    b: &[f32],
    beta: f32,
    c: &mut [f32],
) {
    let ma = Tensor::new(a, layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = m));
    let mb = Tensor::new(b, layout!("(N,K):(1,ldB)"; N = n, K = k, ldB = n));
    let lc = layout!("(M,N):(1,ldC)"; M = m, N = n, ldC = m);
    let (ida, idb, idc) = (
        make_identity_tensor(m, k),
        make_identity_tensor(n, k),
        make_identity_tensor(m, n),
    );
    let math_threads = layout!("(16,16)");
    let tile_c = <shape!("(128,128)")>::default();

    for bm in 0..m.div_ceil(BM) {
        for bn in 0..n.div_ceil(BN) {
            let mut acc = [Acc::filled(0.0); THREADS];
            let (mut smem_a, mut smem_b) = ([0f32; BM * BK], [0f32; BN * BK]);
            for kt in 0..k.div_ceil(BK) {
                // Copy: each thread moves its (4,1) elements of A's and B's tiles, zero past the edge.
                for tid in 0..THREADS {
                    copy_tile(ma, ida, (bm, kt), (m, k), &mut smem_a, tid);
                    copy_tile(mb, idb, (bn, kt), (n, k), &mut smem_b, tid);
                }
                // Math: thread (tm, tn) owns rows tm, tm+16, ... and columns tn, tn+16, ... of the tile.
                for (tid, acc) in acc.iter_mut().enumerate() {
                    let sa = Tensor::new(&smem_a, SmemLayout::default());
                    let sb = Tensor::new(&smem_b, SmemLayout::default());
                    let sa = local_partition_proj(sa, math_threads, tid, (C::<1>::default(), X));
                    let sb = local_partition_proj(sb, math_threads, tid, (X, C::<1>::default()));
                    // SAFETY: the partitions index inside the tiles; one thread at a time.
                    unsafe { gemm_fma(&sa, &sb, &mut acc.as_view_mut()) };
                }
            }
            // Epilogue: C = alpha * acc + beta * C where C exists.
            for (tid, acc) in acc.iter().enumerate() {
                let gc = local_tile(TensorMut::new(&mut *c, lc), tile_c, (bm, bn));
                let mut gc = local_partition(gc, math_threads, tid);
                let id = local_partition(local_tile(idc, tile_c, (bm, bn)), math_threads, tid);
                for i in 0..8 {
                    for j in 0..8 {
                        if elem_less(id.coord((i, j)), (m, n)) {
                            gc[(i, j)] = alpha * acc[(i, j)] + beta * gc[(i, j)];
                        }
                    }
                }
            }
        }
    }
}

/// Thread `tid`'s share of the `(128,8)` tile `tile` of the `extent` matrix `g` (its identity
/// tensor `id`) into the shared tile, zero where the tile overhangs the matrix.
fn copy_tile(
    g: Matrix,
    id: IdentityTensor,
    tile: (usize, usize),
    extent: (usize, usize),
    smem: &mut [f32],
    tid: usize,
) {
    let (threads, tiler) = (layout!("(32,8)"), <shape!("(128,8)")>::default());
    let g = local_partition(local_tile(g, tiler, tile), threads, tid);
    let id = local_partition(local_tile(id, tiler, tile), threads, tid);
    let mut s = local_partition(TensorMut::new(smem, SmemLayout::default()), threads, tid);
    clear(&mut s);
    let atom = CopyAtom::<UniversalCopy<f32>, f32>::default();
    // SAFETY: the partitions index inside the matrix and the tile; one thread at a time.
    unsafe { copy_if(&atom, |i| elem_less(id.coord(i), extent), &g, &mut s) };
}

/// A column-major matrix of runtime extent and leading dimension.
type Matrix<'a> = Tensor<'a, f32, tessel::Layout<(usize, usize), (C<1>, isize)>>;

/// The triple loop it must equal.
#[allow(clippy::too_many_arguments)]
pub fn naive_nt(
    m: usize,
    n: usize,
    k: usize,
    alpha: f32,
    a: &[f32],
    b: &[f32],
    beta: f32,
    c: &mut [f32],
) {
    for i in 0..m {
        for j in 0..n {
            let dot: f32 = (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum();
            c[i + m * j] = alpha * dot + beta * c[i + m * j];
        }
    }
}

fn main() {
    let (m, n, k) = (300, 200, 77);
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let c0: Vec<f32> = (0..m * n).map(|i| (i % 3) as f32).collect();
    let (mut c, mut want) = (c0.clone(), c0);
    sgemm_nt(m, n, k, 1.5, &a, &b, -0.5, &mut c);
    naive_nt(m, n, k, 1.5, &a, &b, -0.5, &mut want);
    assert_eq!(c, want);
    println!("sgemm_1 {m}x{n}x{k}: equal to the triple loop");
}
