//! The CPU GEMM examples against a naive triple loop, on random matrices whose M, N, K are not
//! multiples of the tiles (the ragged tiles are predicated).

#[allow(dead_code)]
#[path = "../examples/sgemm_1.rs"]
mod sgemm_1;

#[allow(dead_code)]
#[path = "../examples/sgemm_2.rs"]
mod sgemm_2;

/// Uniform in [-1, 1), from a 64-bit LCG (no dependency, reproducible).
fn random(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

type Gemm = fn(usize, usize, usize, f32, &[f32], &[f32], f32, &mut [f32]);

fn agrees(gemm: Gemm, m: usize, n: usize, k: usize) {
    let (a, b) = (random(m * k, 1 + m as u64), random(n * k, 2 + n as u64));
    let c0 = random(m * n, 3 + k as u64);
    let (mut c, mut want) = (c0.clone(), c0);
    gemm(m, n, k, 1.25, &a, &b, -0.75, &mut c);
    sgemm_1::naive_nt(m, n, k, 1.25, &a, &b, -0.75, &mut want);
    for (i, (x, y)) in c.iter().zip(&want).enumerate() {
        assert!(
            (x - y).abs() <= 1e-4 * (1.0 + y.abs()),
            "{m}x{n}x{k}: c[{i}] = {x}, want {y}"
        );
    }
}

#[test]
fn sgemm_1_equals_the_triple_loop_on_ragged_sizes() {
    for (m, n, k) in [
        (130, 70, 19),
        (1, 1, 1),
        (128, 128, 8),
        (129, 257, 9),
        (37, 150, 3),
    ] {
        agrees(sgemm_1::sgemm_nt, m, n, k);
    }
}

#[test]
fn sgemm_2_equals_the_triple_loop_on_ragged_sizes() {
    for (m, n, k) in [
        (130, 70, 19),
        (1, 1, 1),
        (128, 128, 8),
        (129, 257, 9),
        (37, 150, 3),
    ] {
        agrees(sgemm_2::sgemm_nt, m, n, k);
    }
}
