//! The registers `gemm` hands an SM80 MMA, through tessel's own path (a thread's partition,
//! `atom_values`, `MmaRegisters::pack`), held to the PTX ISA's fragment tables for
//! mma.m16n8k16 and m16n8k8 (".f16 / .bf16 A, B and .f32 / .f16 C/D fragments"), every lane and
//! register: what
//! the kernels run is what the ISA expects. And the CPU atoms' `copy_if` and `gemm` against the
//! tensor-level copy and the triple loop.

use tessel::atom::element::{unpack_halves, F16};
use tessel::atom::exec::{atom_values, copy_if, gemm, MmaRegisters};
use tessel::mma::SM80_16x8x8_F32F16F16F32_TN;
use tessel::mma::{SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN, UniversalFMA};
use tessel::tensor::{clear, elem_less, make_identity_tensor};
use tessel::{layout, local_tile, shape, MakeTiledCopy, MakeTiledMma, Tensor, TensorMut, TiledMma};

type Atom = SM80_16x8x16_F32F16F16F32_TN;
type One = MakeTiledMma<Atom, shape!("(1,1,1)")>;

/// The ISA's names: the lane's group and its thread in the group.
fn group(lane: usize) -> (usize, usize) {
    (lane >> 2, lane % 4)
}

#[test]
fn a_and_b_registers_are_the_isa_fragments() {
    // A(m, k) = m + 16 k, B(n, k) = n + 8 k: each element names its place.
    let a: Vec<F16> = (0..256).map(|i| F16(i as u16)).collect();
    let b: Vec<F16> = (0..128).map(|i| F16(i as u16)).collect();
    for lane in 0..32 {
        let thr = One::get_slice(lane);
        let ta = thr.partition_A(Tensor::new(&a, layout!("(16,16)")));
        let tb = thr.partition_B(Tensor::new(&b, layout!("(8,16)")));
        let (ra, rb) = Atom::pack(&atom_values(&ta, 0, 0), &atom_values(&tb, 0, 0));
        let (g, t) = group(lane);
        for (r, &x) in ra.iter().enumerate() {
            let (lo, hi): (F16, F16) = unpack_halves(x);
            for (h, v) in [lo, hi].into_iter().enumerate() {
                let i = 2 * r + h;
                let (row, col) = (g + 8 * ((i >> 1) & 1), t * 2 + (i & 1) + 8 * (i >> 2));
                assert_eq!(v.0 as usize, row + 16 * col, "A: lane {lane}, a{i}");
            }
        }
        for (r, &x) in rb.iter().enumerate() {
            let (lo, hi): (F16, F16) = unpack_halves(x);
            for (h, v) in [lo, hi].into_iter().enumerate() {
                let i = 2 * r + h;
                let (k, n) = (t * 2 + (i & 1) + 8 * (i >> 1), g);
                assert_eq!(v.0 as usize, n + 8 * k, "B: lane {lane}, b{i}");
            }
        }
    }
}

#[test]
fn m16n8k8_registers_are_the_isa_fragments() {
    // mma.m16n8k8 with .f16 A and B: a0, a1 at row g, a2, a3 at row g + 8, columns 2t and
    // 2t + 1; b0, b1 at rows (k) 2t and 2t + 1 of column g.
    type Atom8 = SM80_16x8x8_F32F16F16F32_TN;
    type One8 = MakeTiledMma<Atom8, shape!("(1,1,1)")>;
    let a: Vec<F16> = (0..128).map(|i| F16(i as u16)).collect(); // A(m, k) = m + 16 k
    let b: Vec<F16> = (0..64).map(|i| F16(i as u16)).collect(); // B(n, k) = n + 8 k
    for lane in 0..32 {
        let thr = One8::get_slice(lane);
        let ta = thr.partition_A(Tensor::new(&a, layout!("(16,8)")));
        let tb = thr.partition_B(Tensor::new(&b, layout!("(8,8)")));
        let (ra, rb) = Atom8::pack(&atom_values(&ta, 0, 0), &atom_values(&tb, 0, 0));
        let (g, t) = group(lane);
        for (r, &x) in ra.iter().enumerate() {
            let (lo, hi): (F16, F16) = unpack_halves(x);
            for (h, v) in [lo, hi].into_iter().enumerate() {
                let (row, col) = (g + 8 * r, 2 * t + h);
                assert_eq!(
                    v.0 as usize,
                    row + 16 * col,
                    "A: lane {lane}, a{}",
                    2 * r + h
                );
            }
        }
        let (lo, hi): (F16, F16) = unpack_halves(rb[0]);
        for (h, v) in [lo, hi].into_iter().enumerate() {
            assert_eq!(v.0 as usize, g + 8 * (2 * t + h), "B: lane {lane}, b{h}");
        }
    }
}

#[test]
fn f16_accumulators_are_the_isa_fragments() {
    // mma.m16n8k16 with .f16 C: c0, c1 (row g) in the first register, c2, c3 (row g + 8) in
    // the second, columns 2t and 2t + 1; gathered as the f32 atom's, from the same C layout.
    type Atom16 = SM80_16x8x16_F16F16F16F16_TN;
    let c: Vec<F16> = (0..128).map(|i| F16(i as u16)).collect(); // C(m, n) = m + 16 n
    for lane in 0..32 {
        let thr = MakeTiledMma::<Atom16, shape!("(1,1,1)")>::get_slice(lane);
        let tc = thr.partition_C(Tensor::new(&c, layout!("(16,8)")));
        let fc: <Atom16 as MmaRegisters>::FragC = atom_values(&tc, 0, 0);
        let (g, t) = group(lane);
        for (i, v) in fc.into_iter().enumerate() {
            let (row, col) = (g + 8 * (i >> 1), 2 * t + (i & 1));
            assert_eq!(v.0 as usize, row + 16 * col, "C: lane {lane}, c{i}");
        }
    }
}

#[test]
fn c_registers_are_the_isa_fragments() {
    let c: Vec<f32> = (0..128).map(|i| i as f32).collect(); // C(m, n) = m + 16 n
    for lane in 0..32 {
        let tc = One::get_slice(lane).partition_C(Tensor::new(&c, layout!("(16,8)")));
        let fc: <Atom as MmaRegisters>::FragC = atom_values(&tc, 0, 0);
        let (g, t) = group(lane);
        for (i, v) in fc.into_iter().enumerate() {
            let (row, col) = (g + 8 * (i >> 1), t * 2 + (i & 1));
            assert_eq!(v as usize, row + 16 * col, "C: lane {lane}, c{i}");
        }
    }
}

/// Every thread of a (4,4,1) TiledMma of UniversalFMA, its tiles copied by a TiledCopy with
/// `copy_if` (zero past the edge), equals the triple loop on a ragged 13 x 11 x 7 problem.
#[test]
fn the_cpu_atoms_compute_a_ragged_gemm() {
    type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(4,4,1)")>;
    type Copy = MakeTiledCopy<layout!("(4,4)"), layout!("(4,1)")>;
    let (m, n, k) = (13usize, 11usize, 7usize);
    let a: Vec<f32> = (0..m * k).map(|i| (i % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| (i % 5) as f32 - 2.0).collect();
    let ga = Tensor::new(&a, layout!("(M,K):(1,M)"; M = m, K = k));
    let gb = Tensor::new(&b, layout!("(N,K):(1,N)"; N = n, K = k));
    let tile = <shape!("(16,8)")>::default();
    let (mut sa, mut sb) = ([0f32; 128], [0f32; 128]);
    for tid in 0..16 {
        let thr = Copy::get_slice(tid);
        for (g, id, extent, s) in [
            (ga, make_identity_tensor(m, k), (m, k), &mut sa),
            (gb, make_identity_tensor(n, k), (n, k), &mut sb),
        ] {
            let (src, cid) = (
                thr.partition_S(local_tile(g, tile, (0usize, 0usize))),
                thr.partition_S(local_tile(id, tile, (0usize, 0usize))),
            );
            let mut dst = thr.partition_D(TensorMut::new(s, layout!("(16,8)")));
            clear(&mut dst);
            // SAFETY: UniversalCopy between slices has no precondition.
            unsafe { copy_if(&thr, |i| elem_less(cid.coord(i), extent), &src, &mut dst) };
        }
    }
    let mut c = vec![0f32; 16 * 16];
    for tid in 0..Mma::THREADS {
        let thr = Mma::get_slice(tid);
        let (ta, tb) = (
            thr.partition_A(Tensor::new(&sa, layout!("(16,8)"))),
            thr.partition_B(Tensor::new(&sb, layout!("(16,8)"))),
        );
        let mut tc = thr.partition_C(TensorMut::new(&mut c, layout!("(16,16)")));
        // SAFETY: UniversalFMA has no precondition.
        unsafe { gemm(&thr, &ta, &tb, &mut tc) };
    }
    for i in 0..m {
        for j in 0..n {
            let dot: f32 = (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum();
            assert_eq!(c[i + 16 * j], dot, "C({i}, {j})");
        }
    }
}

/// The PTX ISA's wgmma D fragment (`.m64nNk16` and `.m64nNk32`, f32 accumulators): thread `t`
/// of the warpgroup holds, in register `i`, row `16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) % 2)` and
/// column `8 (i / 4) + 2 (t % 4) + i % 2`.
fn wgmma_d(t: usize, i: usize) -> (usize, usize) {
    (
        16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2),
        8 * (i / 4) + 2 * (t % 4) + i % 2,
    )
}

/// The SM90 atoms' C layouts, N from 8 to 256 in steps of 8 (f16 SS, bf16 RS, e4m3; the other
/// families' rows come from the same lines of scripts/sm90_tables.py, and every atom is held to
/// CuTe in tests/golden_atoms.rs): value `i` of thread `t` is the ISA's register `i`
/// (`m + 64 n` in the `(64, N)` tile).
#[test]
fn every_wgmma_c_layout_is_the_isa_fragment() {
    use tessel::dynamic::IntTuple::Int;
    use tessel::mma::*;
    use tessel::{MmaAtom, StaticLayout};
    fn check<A: MmaAtom>(n: usize) {
        let c = A::CLayout::dynamic();
        assert_eq!(c.size() as usize, 64 * n, "N = {n}");
        for t in 0..128 {
            for i in 0..n / 2 {
                let (row, col) = wgmma_d(t, i);
                // (t, i) as the 1-D coordinate of the (128, N/2) layout.
                let at = c.call(&Int((t + 128 * i) as i64)).unwrap();
                assert_eq!(at as usize, row + 64 * col, "N = {n}: thread {t}, d{i}");
            }
        }
    }
    check::<SM90_64x8x16_F32F16F16_SS>(8);
    check::<SM90_64x16x16_F32F16F16_SS>(16);
    check::<SM90_64x24x16_F32F16F16_SS>(24);
    check::<SM90_64x32x16_F32F16F16_SS>(32);
    check::<SM90_64x40x16_F32F16F16_SS>(40);
    check::<SM90_64x48x16_F32F16F16_SS>(48);
    check::<SM90_64x56x16_F32F16F16_SS>(56);
    check::<SM90_64x64x16_F32F16F16_SS>(64);
    check::<SM90_64x72x16_F32F16F16_SS>(72);
    check::<SM90_64x80x16_F32F16F16_SS>(80);
    check::<SM90_64x88x16_F32F16F16_SS>(88);
    check::<SM90_64x96x16_F32F16F16_SS>(96);
    check::<SM90_64x104x16_F32F16F16_SS>(104);
    check::<SM90_64x112x16_F32F16F16_SS>(112);
    check::<SM90_64x120x16_F32F16F16_SS>(120);
    check::<SM90_64x128x16_F32F16F16_SS>(128);
    check::<SM90_64x136x16_F32F16F16_SS>(136);
    check::<SM90_64x144x16_F32F16F16_SS>(144);
    check::<SM90_64x152x16_F32F16F16_SS>(152);
    check::<SM90_64x160x16_F32F16F16_SS>(160);
    check::<SM90_64x168x16_F32F16F16_SS>(168);
    check::<SM90_64x176x16_F32F16F16_SS>(176);
    check::<SM90_64x184x16_F32F16F16_SS>(184);
    check::<SM90_64x192x16_F32F16F16_SS>(192);
    check::<SM90_64x200x16_F32F16F16_SS>(200);
    check::<SM90_64x208x16_F32F16F16_SS>(208);
    check::<SM90_64x216x16_F32F16F16_SS>(216);
    check::<SM90_64x224x16_F32F16F16_SS>(224);
    check::<SM90_64x232x16_F32F16F16_SS>(232);
    check::<SM90_64x240x16_F32F16F16_SS>(240);
    check::<SM90_64x248x16_F32F16F16_SS>(248);
    check::<SM90_64x256x16_F32F16F16_SS>(256);
    check::<SM90_64x8x16_F32BF16BF16_RS>(8);
    check::<SM90_64x16x16_F32BF16BF16_RS>(16);
    check::<SM90_64x24x16_F32BF16BF16_RS>(24);
    check::<SM90_64x32x16_F32BF16BF16_RS>(32);
    check::<SM90_64x40x16_F32BF16BF16_RS>(40);
    check::<SM90_64x48x16_F32BF16BF16_RS>(48);
    check::<SM90_64x56x16_F32BF16BF16_RS>(56);
    check::<SM90_64x64x16_F32BF16BF16_RS>(64);
    check::<SM90_64x72x16_F32BF16BF16_RS>(72);
    check::<SM90_64x80x16_F32BF16BF16_RS>(80);
    check::<SM90_64x88x16_F32BF16BF16_RS>(88);
    check::<SM90_64x96x16_F32BF16BF16_RS>(96);
    check::<SM90_64x104x16_F32BF16BF16_RS>(104);
    check::<SM90_64x112x16_F32BF16BF16_RS>(112);
    check::<SM90_64x120x16_F32BF16BF16_RS>(120);
    check::<SM90_64x128x16_F32BF16BF16_RS>(128);
    check::<SM90_64x136x16_F32BF16BF16_RS>(136);
    check::<SM90_64x144x16_F32BF16BF16_RS>(144);
    check::<SM90_64x152x16_F32BF16BF16_RS>(152);
    check::<SM90_64x160x16_F32BF16BF16_RS>(160);
    check::<SM90_64x168x16_F32BF16BF16_RS>(168);
    check::<SM90_64x176x16_F32BF16BF16_RS>(176);
    check::<SM90_64x184x16_F32BF16BF16_RS>(184);
    check::<SM90_64x192x16_F32BF16BF16_RS>(192);
    check::<SM90_64x200x16_F32BF16BF16_RS>(200);
    check::<SM90_64x208x16_F32BF16BF16_RS>(208);
    check::<SM90_64x216x16_F32BF16BF16_RS>(216);
    check::<SM90_64x224x16_F32BF16BF16_RS>(224);
    check::<SM90_64x232x16_F32BF16BF16_RS>(232);
    check::<SM90_64x240x16_F32BF16BF16_RS>(240);
    check::<SM90_64x248x16_F32BF16BF16_RS>(248);
    check::<SM90_64x256x16_F32BF16BF16_RS>(256);
    check::<SM90_64x8x32_F32E4M3E4M3_SS_TN>(8);
    check::<SM90_64x16x32_F32E4M3E4M3_SS_TN>(16);
    check::<SM90_64x24x32_F32E4M3E4M3_SS_TN>(24);
    check::<SM90_64x32x32_F32E4M3E4M3_SS_TN>(32);
    check::<SM90_64x40x32_F32E4M3E4M3_SS_TN>(40);
    check::<SM90_64x48x32_F32E4M3E4M3_SS_TN>(48);
    check::<SM90_64x56x32_F32E4M3E4M3_SS_TN>(56);
    check::<SM90_64x64x32_F32E4M3E4M3_SS_TN>(64);
    check::<SM90_64x72x32_F32E4M3E4M3_SS_TN>(72);
    check::<SM90_64x80x32_F32E4M3E4M3_SS_TN>(80);
    check::<SM90_64x88x32_F32E4M3E4M3_SS_TN>(88);
    check::<SM90_64x96x32_F32E4M3E4M3_SS_TN>(96);
    check::<SM90_64x104x32_F32E4M3E4M3_SS_TN>(104);
    check::<SM90_64x112x32_F32E4M3E4M3_SS_TN>(112);
    check::<SM90_64x120x32_F32E4M3E4M3_SS_TN>(120);
    check::<SM90_64x128x32_F32E4M3E4M3_SS_TN>(128);
    check::<SM90_64x136x32_F32E4M3E4M3_SS_TN>(136);
    check::<SM90_64x144x32_F32E4M3E4M3_SS_TN>(144);
    check::<SM90_64x152x32_F32E4M3E4M3_SS_TN>(152);
    check::<SM90_64x160x32_F32E4M3E4M3_SS_TN>(160);
    check::<SM90_64x168x32_F32E4M3E4M3_SS_TN>(168);
    check::<SM90_64x176x32_F32E4M3E4M3_SS_TN>(176);
    check::<SM90_64x184x32_F32E4M3E4M3_SS_TN>(184);
    check::<SM90_64x192x32_F32E4M3E4M3_SS_TN>(192);
    check::<SM90_64x200x32_F32E4M3E4M3_SS_TN>(200);
    check::<SM90_64x208x32_F32E4M3E4M3_SS_TN>(208);
    check::<SM90_64x216x32_F32E4M3E4M3_SS_TN>(216);
    check::<SM90_64x224x32_F32E4M3E4M3_SS_TN>(224);
    check::<SM90_64x232x32_F32E4M3E4M3_SS_TN>(232);
    check::<SM90_64x240x32_F32E4M3E4M3_SS_TN>(240);
    check::<SM90_64x248x32_F32E4M3E4M3_SS_TN>(248);
    check::<SM90_64x256x32_F32E4M3E4M3_SS_TN>(256);
}
