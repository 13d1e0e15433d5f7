//! The online softmax (FlashAttention's) over a thread's accumulators of scores, one block of
//! keys at a time, rows read through [`AccRows`].
//!
//! Definition. With `c = scale log2(e)`, for each row `i` after the blocks seen so far: the
//! running maximum `m_i = max_j c s_ij` and the running sum `l_i = sum_j 2^(c s_ij - m_i)`. A
//! block's scores become `P = 2^(c s - m)` in place, and the output rows are rescaled by
//! `2^(m_old - m_new)` before `P V` is added. At the end `O / l` and the log-sum-exp
//! `LSE_i = (m_i + log2 l_i) ln 2`, natural, of the scaled scores.
//!
//! The maxima are exchanged between the lanes that hold a row ([`AccRows::XOR_LANES`]) each
//! block, so that every lane scales by the same `m`; the sums only once, at the end (each lane
//! sums its own columns, all rescaled alike).
//!
//! Post-conditions: after [`OnlineSoftmax::finish`], `O_i / l_i` is row `i` of
//! `softmax(scale S) V`; a row whose every score was masked (`-inf`) has `l = 0`, its output 0
//! and its LSE `-inf`, and nothing is NaN: a maximum of `-inf` subtracts 0.
//!
//! ```
//! use tessel::kernel::softmax::OnlineSoftmax;
//! use tessel::mma::SM90_64x64x16_F32BF16BF16_SS;
//! use tessel::{shape, MakeTiledMma};
//! type Mma = MakeTiledMma<SM90_64x64x16_F32BF16BF16_SS, shape!("(1,1,1)")>;
//! type Tile = shape!("(64,64)");
//! // The lanes of a row's quad alike (`exchange` gives a lane its own value), scale 1: row 0
//! // holds, over its 4 lanes of 16 columns, four scores ln 2 and 60 zeros: 4 x 2 + 60 = 68.
//! let mut soft = OnlineSoftmax::<Mma, Tile>::new(core::f32::consts::LOG2_E);
//! let mut s = [0.0f32; 32];
//! s[0] = 2.0f32.ln();
//! let alike = |x: f32, _: u32| x;
//! let rescale = soft.step(&mut s, alike);
//! assert_eq!(rescale[0], 0.0); // nothing to rescale after the first block
//! let (inv, lse) = soft.finish(alike);
//! assert!((s[0] * inv[0] - 2.0 / 68.0).abs() < 1e-6 && (lse[0] - 68.0f32.ln()).abs() < 1e-5);
//! ```

use crate::atom::acc::AccRows;
use crate::atom::tiled_mma::TiledMma;
use core::marker::PhantomData;
use core::ops::IndexMut;
use generic_array::sequence::GenericSequence;
use generic_array::GenericArray;

/// A value a row of a thread's accumulators.
pub type PerRow<Tm, S> = GenericArray<f32, <S as AccRows<Tm>>::Rows>;

/// The running maxima and sums of a thread's rows of the tile `S` under `Tm`, in log2 units.
pub struct OnlineSoftmax<Tm: TiledMma, S: AccRows<Tm>> {
    max: PerRow<Tm, S>,
    sum: PerRow<Tm, S>,
    scale_log2: f32,
    rows: PhantomData<(Tm, S)>,
}

/// `x` reduced with `op` over the lanes that differ from this one by bits of `lanes`, by
/// butterfly exchanges (`exchange(x, mask)`: lane `lane ^ mask`'s `x`, a `shfl.xor` on the
/// device).
#[inline(always)]
pub fn allreduce(
    mut x: f32,
    lanes: u32,
    op: impl Fn(f32, f32) -> f32,
    exchange: &impl Fn(f32, u32) -> f32,
) -> f32 {
    let mut bit = 1;
    while bit < 32 {
        if lanes & bit != 0 {
            x = op(x, exchange(x, bit));
        }
        bit <<= 1;
    }
    x
}

/// `2^x` (`ex2.approx.ftz` on the device).
#[inline(always)]
fn exp2(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    return crate::arch::ex2_approx(x);
    #[cfg(not(target_arch = "nvptx64"))]
    return libm_exp2(x);
}

/// `log2(x)` (`lg2.approx.ftz` on the device).
#[inline(always)]
fn log2(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    return crate::arch::lg2_approx(x);
    #[cfg(not(target_arch = "nvptx64"))]
    return libm_log2(x);
}

/// `2^x` on the host (core has no `exp2`): `2^n 2^f`, `f` in `[-1/2, 1/2]` by its Taylor series
/// to `f^8` (a relative error below 2^-23).
#[cfg(not(target_arch = "nvptx64"))]
fn libm_exp2(x: f32) -> f32 {
    if x < -150.0 {
        return 0.0;
    }
    if x > 128.0 {
        return f32::INFINITY;
    }
    // n = floor(x + 1/2), without std's floor.
    let t = x + 0.5;
    let n = t as i32 - ((t as i32 as f32) > t) as i32;
    let f = ((x - n as f32) * core::f32::consts::LN_2) as f64;
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for k in 1..=8 {
        term *= f / k as f64;
        sum += term;
    }
    (sum * f64::from_bits(((n + 1023) as u64) << 52)) as f32
}

/// `log2(x)` on the host: `e + log2(m)`, `m` in `[1, 2)`, by `2 atanh((m-1)/(m+1)) / ln 2`.
#[cfg(not(target_arch = "nvptx64"))]
fn libm_log2(x: f32) -> f32 {
    if x <= 0.0 {
        return f32::NEG_INFINITY;
    }
    let bits = x.to_bits();
    let e = ((bits >> 23) & 0xff) as i32 - 127;
    let m = f32::from_bits((bits & 0x7f_ffff) | 0x3f80_0000) as f64;
    let s = (m - 1.0) / (m + 1.0);
    let (mut p, mut sum) = (s, 0.0f64);
    for k in (1..=15).step_by(2) {
        sum += p / k as f64;
        p *= s * s;
    }
    (e as f64 + 2.0 * sum / core::f64::consts::LN_2) as f32
}

impl<Tm: TiledMma, S: AccRows<Tm>> OnlineSoftmax<Tm, S> {
    /// No block seen, for scores scaled by `scale_log2` (the softmax's scale times `log2(e)`).
    #[inline(always)]
    pub fn new(scale_log2: f32) -> Self {
        OnlineSoftmax {
            max: GenericArray::generate(|_| f32::NEG_INFINITY),
            sum: GenericArray::generate(|_| 0.0),
            scale_log2,
            rows: PhantomData,
        }
    }

    /// One block of scores `s` (the thread's accumulators of `S`), turned into `P` in place;
    /// the factor each row of the output is rescaled by before `P V` is added.
    #[inline(always)]
    pub fn step(
        &mut self,
        s: &mut impl IndexMut<usize, Output = f32>,
        exchange: impl Fn(f32, u32) -> f32,
    ) -> PerRow<Tm, S> {
        let c = self.scale_log2;
        GenericArray::generate(|r| {
            let mut m = f32::NEG_INFINITY;
            for j in 0..S::COLS {
                m = m.max(s[S::index(r, j)]);
            }
            let m = allreduce(m * c, S::XOR_LANES, f32::max, &exchange).max(self.max[r]);
            // A row masked so far keeps a maximum of -inf: subtract 0 from its -inf scores.
            let shift = if m == f32::NEG_INFINITY { 0.0 } else { m };
            let rescale = exp2(self.max[r] - shift);
            let mut sum = 0.0;
            for j in 0..S::COLS {
                let i = S::index(r, j);
                s[i] = exp2(s[i] * c - shift);
                sum += s[i];
            }
            self.sum[r] = self.sum[r] * rescale + sum;
            self.max[r] = m;
            rescale
        })
    }

    /// After the last block: each row's `1 / l` (0 for a row without keys) and its LSE.
    #[inline(always)]
    pub fn finish(&mut self, exchange: impl Fn(f32, u32) -> f32) -> (PerRow<Tm, S>, PerRow<Tm, S>) {
        let sums: PerRow<Tm, S> = GenericArray::generate(|r| {
            allreduce(self.sum[r], S::XOR_LANES, |a, b| a + b, &exchange)
        });
        let inv = GenericArray::generate(|r| if sums[r] > 0.0 { 1.0 / sums[r] } else { 0.0 });
        let lse = GenericArray::generate(|r| {
            if sums[r] > 0.0 {
                (self.max[r] + log2(sums[r])) * core::f32::consts::LN_2
            } else {
                f32::NEG_INFINITY
            }
        });
        (inv, lse)
    }
}
