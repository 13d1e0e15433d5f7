//! SGEMM the way CuTe's tutorial `sgemm_2` writes it, on the CPU: the copies are a TiledCopy
//! (`(32,8)` threads, `(4,1)` values each: a `(128,8)` tile) and the math a TiledMma of
//! UniversalFMA over `(16,16,1)` threads; `C = alpha * A * B^T + beta * C`, all column-major
//! ("NT"), M, N, K known at run time, ragged tiles predicated with identity tensors. Blocks and
//! threads run one after another. The copies and the math are the atoms' `copy_if` and `gemm`,
//! as a GPU kernel's are. `cargo run --release --example sgemm_2`.

use tessel::atom::exec::{copy_if, gemm};
use tessel::mma::UniversalFMA;
use tessel::tensor::{clear, elem_less, make_identity_tensor};
use tessel::{
    layout, local_tile, shape, MakeTiledCopy, MakeTiledMma, Tensor, TensorMut, TiledCopy, TiledMma,
};

const BM: usize = 128;
const BN: usize = 128;
const BK: usize = 8;

type CopyAB = MakeTiledCopy<layout!("(32,8)"), layout!("(4,1)")>;
type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
type Smem = layout!("(128,8)");

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
    let (tile_ab, tile_c) = (
        <shape!("(128,8)")>::default(),
        <shape!("(128,128)")>::default(),
    );

    for bm in 0..m.div_ceil(BM) {
        for bn in 0..n.div_ceil(BN) {
            let gc = local_tile(Tensor::new(&*c, lc), tile_c, (bm, bn));
            let mut acc: Vec<_> = (0..Mma::THREADS)
                .map(|tid| Mma::get_slice(tid).partition_fragment_C::<f32, _, _>(&gc))
                .collect();
            let (mut smem_a, mut smem_b) = ([0f32; BM * BK], [0f32; BN * BK]);
            for kt in 0..k.div_ceil(BK) {
                for tid in 0..CopyAB::THREADS {
                    let thr = CopyAB::get_slice(tid);
                    let mut sa = thr.partition_D(TensorMut::new(&mut smem_a, Smem::default()));
                    let (ga, ca) = (
                        local_tile(ma, tile_ab, (bm, kt)),
                        local_tile(ida, tile_ab, (bm, kt)),
                    );
                    let (ga, ca) = (thr.partition_S(ga), thr.partition_S(ca));
                    clear(&mut sa);
                    // SAFETY: UniversalCopy between slices has no precondition.
                    unsafe { copy_if(&thr, |i| elem_less(ca.coord(i), (m, k)), &ga, &mut sa) };
                    let mut sb = thr.partition_D(TensorMut::new(&mut smem_b, Smem::default()));
                    let (gb, cb) = (
                        local_tile(mb, tile_ab, (bn, kt)),
                        local_tile(idb, tile_ab, (bn, kt)),
                    );
                    let (gb, cb) = (thr.partition_S(gb), thr.partition_S(cb));
                    clear(&mut sb);
                    unsafe { copy_if(&thr, |i| elem_less(cb.coord(i), (n, k)), &gb, &mut sb) };
                }
                for (tid, acc) in acc.iter_mut().enumerate() {
                    let thr = Mma::get_slice(tid);
                    let sa = thr.partition_A(Tensor::new(&smem_a, Smem::default()));
                    let sb = thr.partition_B(Tensor::new(&smem_b, Smem::default()));
                    // SAFETY: UniversalFMA runs on one thread and has no precondition.
                    unsafe { gemm(&thr, &sa, &sb, acc) };
                }
            }
            for (tid, acc) in acc.iter().enumerate() {
                let thr = Mma::get_slice(tid);
                let mut tc =
                    thr.partition_C(local_tile(TensorMut::new(&mut *c, lc), tile_c, (bm, bn)));
                let id = thr.partition_C(local_tile(idc, tile_c, (bm, bn)));
                for i in 0..tc.size() {
                    if elem_less(id.coord(i), (m, n)) {
                        tc[i] = alpha * acc[i] + beta * tc[i];
                    }
                }
            }
        }
    }
}

fn main() {
    let (m, n, k) = (300, 200, 77);
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 11) as f32 - 5.0).collect();
    let mut c: Vec<f32> = (0..m * n).map(|i| (i % 3) as f32).collect();
    let mut want = c.clone();
    sgemm_nt(m, n, k, 1.5, &a, &b, -0.5, &mut c);
    for i in 0..m {
        for j in 0..n {
            let dot: f32 = (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum();
            want[i + m * j] = 1.5 * dot - 0.5 * want[i + m * j];
        }
    }
    assert_eq!(c, want);
    println!("sgemm_2 {m}x{n}x{k}: equal to the triple loop");
}
