//! The online softmax (`tessel::kernel::softmax`) of a warpgroup simulated on the CPU: 128
//! threads in lockstep (a barrier per lane exchange, as `shfl.xor` runs), each with its
//! accumulators of a 64x64 score tile of SM90's wgmma, over four blocks of keys with masked
//! scores and a row without keys; `P V` added in the tile's coordinates. Against softmax(scale S) V
//! and the log-sum-exp computed directly.

use std::sync::{Arc, Barrier, Mutex};
use tessel::atom::acc::AccRows;
use tessel::kernel::epilogue::Accumulators;
use tessel::kernel::softmax::OnlineSoftmax;
use tessel::mma::SM90_64x64x16_F32BF16BF16_SS;
use tessel::{shape, MakeTiledMma, TiledMma};

type Mma = MakeTiledMma<SM90_64x64x16_F32BF16BF16_SS, shape!("(1,1,1)")>;
type Tile = shape!("(64,64)");
const BLOCKS: usize = 4;
const N: usize = 64;
const D: usize = 8;

/// A deterministic pseudo-random number in [-1, 1).
fn rand(i: usize, seed: u64) -> f32 {
    let mut x = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed;
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    (x % 2000) as f32 / 1000.0 - 1.0
}

/// Score `(row, key)` of the whole sequence: `-inf` where masked (row 5 masked everywhere, a
/// causal-like band elsewhere).
fn score(row: usize, key: usize, seed: u64) -> f32 {
    if row == 5 || key > row + 150 {
        f32::NEG_INFINITY
    } else {
        8.0 * rand(row * 1000 + key, seed)
    }
}

#[test]
fn online_softmax_of_a_warpgroup() {
    for seed in [1u64, 2, 3] {
        check(seed);
    }
}

fn check(seed: u64) {
    let scale = 0.7f32;
    let threads = <Mma as TiledMma>::THREADS;
    let v: Vec<f32> = (0..BLOCKS * N * D).map(|i| rand(i, seed ^ 77)).collect();
    // Each thread's exchange slot, and the tile's P, rescale, 1/l and LSE per row, as each lane
    // saw them (all lanes of a row must agree).
    let slots = Arc::new(Mutex::new(vec![0f32; threads]));
    let barrier = Arc::new(Barrier::new(threads));
    let p_tile = Arc::new(Mutex::new(vec![vec![0f32; 64 * N]; BLOCKS]));
    let rescales = Arc::new(Mutex::new(vec![vec![None::<f32>; 64]; BLOCKS]));
    let finals = Arc::new(Mutex::new(vec![None::<(f32, f32)>; 64]));
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let (slots, barrier) = (slots.clone(), barrier.clone());
            let (p_tile, rescales, finals) = (p_tile.clone(), rescales.clone(), finals.clone());
            std::thread::spawn(move || {
                let thr = Mma::get_slice(t);
                let coord = |i| <Tile as Accumulators<Mma>>::coord(&thr, i);
                let exchange = |x: f32, mask: u32| {
                    slots.lock().unwrap()[t] = x;
                    barrier.wait();
                    let y = slots.lock().unwrap()[t ^ mask as usize];
                    barrier.wait();
                    y
                };
                let mut soft = OnlineSoftmax::<Mma, Tile>::new(scale * std::f32::consts::LOG2_E);
                let row_of = |r| coord(<Tile as AccRows<Mma>>::index(r, 0)).0;
                for b in 0..BLOCKS {
                    let mut s: Vec<f32> = (0..32)
                        .map(|i| {
                            let (r, c) = coord(i);
                            score(r, b * N + c, seed)
                        })
                        .collect();
                    let rescale = soft.step(&mut s, exchange);
                    let mut tile = p_tile.lock().unwrap();
                    for (i, p) in s.iter().enumerate() {
                        let (r, c) = coord(i);
                        tile[b][r * N + c] = *p;
                    }
                    let mut seen = rescales.lock().unwrap();
                    for r in 0..<Tile as AccRows<Mma>>::ROWS {
                        let old = seen[b][row_of(r)].replace(rescale[r]);
                        assert!(
                            old.is_none_or(|o| o == rescale[r]),
                            "lanes of row {} disagree",
                            row_of(r)
                        );
                    }
                }
                let (inv, lse) = soft.finish(exchange);
                let mut seen = finals.lock().unwrap();
                for r in 0..<Tile as AccRows<Mma>>::ROWS {
                    let old = seen[row_of(r)].replace((inv[r], lse[r]));
                    assert!(
                        old.is_none_or(|o| o == (inv[r], lse[r])),
                        "lanes of row {} disagree at the end",
                        row_of(r)
                    );
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let (p_tile, rescales, finals) = (
        p_tile.lock().unwrap(),
        rescales.lock().unwrap(),
        finals.lock().unwrap(),
    );
    for row in 0..64 {
        // O as the kernel accumulates it: rescaled, then P V added, block by block.
        let mut o = [0f32; D];
        for b in 0..BLOCKS {
            let f = rescales[b][row].unwrap();
            for (d, x) in o.iter_mut().enumerate() {
                *x = *x * f
                    + (0..N)
                        .map(|k| p_tile[b][row * N + k] * v[(b * N + k) * D + d])
                        .sum::<f32>();
            }
        }
        let (inv, lse) = finals[row].unwrap();
        // Directly: softmax over all keys, in f64.
        let s: Vec<f64> = (0..BLOCKS * N)
            .map(|k| (scale * score(row, k, seed)) as f64)
            .collect();
        let m = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        if m == f64::NEG_INFINITY {
            assert_eq!(
                (inv, lse),
                (0.0, f32::NEG_INFINITY),
                "row {row} without keys"
            );
            assert!(o.iter().all(|x| *x == 0.0 && !x.is_nan()));
            continue;
        }
        let l: f64 = s.iter().map(|x| (x - m).exp()).sum();
        assert!(
            ((lse as f64) - (m + l.ln())).abs() < 1e-4,
            "row {row}: LSE {lse} against {}",
            m + l.ln()
        );
        for (d, x) in o.iter().enumerate() {
            let want: f64 = (0..BLOCKS * N)
                .map(|k| (s[k] - m).exp() / l * v[k * D + d] as f64)
                .sum();
            assert!(
                ((x * inv) as f64 - want).abs() < 1e-5,
                "row {row}, column {d}: {} against {want}",
                x * inv
            );
        }
    }
}
