//! The attention kernels on the GPU: each case checked against the CPU (`gpu-host PTX attention
//! check`), and their speed at FlashAttention's benchmark shapes (`gpu-host PTX attention
//! bench`). With `TESSEL_DUMP=DIR` a check writes each case's q, k, v, o and lse (their raw
//! bits) and a JSON file of its shapes, strides, dtype, causal flag and scale, for
//! `gpu/attention_check.py` to hold against torch.

use crate::attention::{Attention, Heads, VARIANTS};
use crate::gemm::{Dtype, Element, GemmError};
use crate::hopper::{median_ms, random};
use cudarc::driver::{CudaContext, CudaStream};
use std::sync::Arc;
use tessel::atom::element::{BF16, F16};
use tessel::kernel::mask::Mask;

/// One case: `(dtype, batch, heads, kv_heads, seqlen_q, seqlen_k, head_dim, causal, logits)`,
/// `logits` scaling the inputs (large logits: no NaN nor infinity).
pub type Case = (Dtype, usize, usize, usize, usize, usize, usize, bool, f32);

/// The checks: seqlens 1, 17, 128, 1000, 4096, 16384; each head dim causal and not; GQA;
/// causal with more queries than keys (rows without keys) and fewer; f16; large logits.
pub const CASES: [Case; 14] = [
    (Dtype::Bf16, 1, 2, 2, 1, 1, 64, false, 1.0),
    (Dtype::Bf16, 1, 4, 2, 17, 17, 128, true, 1.0),
    (Dtype::Bf16, 2, 4, 2, 128, 128, 256, true, 1.0),
    (Dtype::Bf16, 2, 4, 4, 1000, 1000, 128, false, 1.0),
    (Dtype::Bf16, 1, 4, 2, 1000, 300, 64, true, 1.0),
    (Dtype::Bf16, 1, 2, 2, 300, 1000, 256, true, 1.0),
    (Dtype::Bf16, 1, 2, 2, 4096, 4096, 128, true, 1.0),
    (Dtype::Bf16, 1, 2, 1, 4096, 4096, 64, false, 1.0),
    (Dtype::Bf16, 1, 2, 2, 1000, 1000, 256, false, 1.0),
    (Dtype::Bf16, 1, 1, 1, 16384, 16384, 128, false, 1.0),
    (Dtype::Bf16, 1, 2, 2, 512, 512, 128, false, 30.0),
    (Dtype::F16, 2, 4, 4, 1000, 1000, 64, true, 1.0),
    (Dtype::F16, 1, 2, 1, 4096, 4096, 256, false, 1.0),
    (Dtype::F16, 1, 2, 2, 128, 128, 128, false, 1.0),
];

/// Checks every case: O within `TOLERANCE` of the CPU's, the LSE within 1e-3 relative; rows
/// without keys O = 0 and LSE = -inf; nothing NaN. Whether all held.
pub fn check(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    attn: &Attention,
) -> Result<bool, GemmError> {
    let _ = ctx;
    let mut all = true;
    for (i, case) in CASES.iter().enumerate() {
        all &= match case.0 {
            Dtype::F16 => check_case::<F16>(stream, attn, case, i as u64, "")?,
            _ => check_case::<BF16>(stream, attn, case, i as u64, "")?,
        };
        // The measured variants of bf16's head dim 128 on its cases.
        if case.0 == Dtype::Bf16 && case.6 == 128 {
            for variant in VARIANTS {
                all &= check_case::<BF16>(stream, attn, case, i as u64, variant)?;
            }
        }
    }
    Ok(all)
}

/// O's tolerance against the CPU's f64 (inputs in [-0.5, 0.5)): P rounded to 16 bits before
/// `P V`, O rounded to 16 bits.
const TOLERANCE: f64 = 0.01;

/// One case, checked; its line printed.
fn check_case<T: Element + cudarc::driver::ValidAsZeroBits>(
    stream: &Arc<CudaStream>,
    attn: &Attention,
    case: &Case,
    seed: u64,
    variant: &'static str,
) -> Result<bool, GemmError> {
    let &(dtype, b, h, hk, sq, sk, d, causal, logits) = case;
    let scale = 1.0 / (d as f32).sqrt();
    let values = |n: usize, s: u64| -> Vec<T> {
        random(n, s)
            .into_iter()
            .map(|x| T::from_f32(x * logits))
            .collect()
    };
    let (q, k, v) = (
        values(b * sq * h * d, seed * 3 + 1),
        values(b * sk * hk * d, seed * 3 + 2),
        values(b * sk * hk * d, seed * 3 + 3),
    );
    let (dq, dk, dv) = (
        stream.memcpy_stod(&q)?,
        stream.memcpy_stod(&k)?,
        stream.memcpy_stod(&v)?,
    );
    let mut o = stream.alloc_zeros::<T>(b * sq * h * d)?;
    let mut lse = stream.alloc_zeros::<f32>(b * h * sq)?;
    let heads = (
        Heads::new(&dq, b, sq, h, d),
        Heads::new(&dk, b, sk, hk, d),
        Heads::new(&dv, b, sk, hk, d),
    );
    let name = if variant.is_empty() {
        attn.run(stream, heads, &mut o, &mut lse, causal, scale)?
    } else {
        attn.run_kernel(variant, stream, heads, (&mut o, &mut lse), (causal, scale))?
    };

    let (o, lse) = (stream.memcpy_dtov(&o)?, stream.memcpy_dtov(&lse)?);
    if variant.is_empty() {
        dump(case, scale, (&q, &k, &v, &o, &lse));
    }
    let f = |x: &T| x.to_f32() as f64;
    let mask = Mask {
        seqlen_q: sq,
        seqlen_k: sk,
        causal,
    };
    // Every row up to 1024 queries; past them, 256 rows spread over the sequence and the last
    // (the CPU's sums are the check's cost).
    let rows: Vec<usize> = if sq <= 1024 {
        (0..sq).collect()
    } else {
        (0..256).map(|i| i * sq / 256).chain([sq - 1]).collect()
    };
    let (mut worst_o, mut worst_lse, mut wrong) = (0f64, 0f64, false);
    for bb in 0..b {
        for hh in 0..h {
            let kh = hh / (h / hk);
            for &i in &rows {
                let qi = &q[((bb * sq + i) * h + hh) * d..][..d];
                let keys: Vec<usize> = (0..sk).filter(|&j| mask.sees(i, j)).collect();
                let s: Vec<f64> = keys
                    .iter()
                    .map(|&j| {
                        scale as f64
                            * (0..d)
                                .map(|x| f(&qi[x]) * f(&k[((bb * sk + j) * hk + kh) * d + x]))
                                .sum::<f64>()
                    })
                    .collect();
                let m = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let l: f64 = s.iter().map(|x| (x - m).exp()).sum();
                let got_lse = lse[(bb * h + hh) * sq + i] as f64;
                let oi = &o[((bb * sq + i) * h + hh) * d..][..d];
                if keys.is_empty() {
                    wrong |= got_lse != f64::NEG_INFINITY || oi.iter().any(|x| f(x) != 0.0);
                    continue;
                }
                worst_lse =
                    worst_lse.max((got_lse - (m + l.ln())).abs() / (1.0 + (m + l.ln()).abs()));
                for x in 0..d {
                    let want: f64 = keys
                        .iter()
                        .zip(&s)
                        .map(|(&j, sj)| {
                            (sj - m).exp() / l * f(&v[((bb * sk + j) * hk + kh) * d + x])
                        })
                        .sum();
                    let got = f(&oi[x]);
                    wrong |= got.is_nan();
                    worst_o = worst_o.max((got - want).abs() / logits as f64);
                }
            }
        }
    }
    let ok = !wrong && worst_o <= TOLERANCE && worst_lse <= 1e-3;
    println!(
        "attention {name} {dtype:?} b{b} h{h}/{hk} {sq}x{sk} d{d}{}{}: max |O - CPU| {worst_o:.2e}, LSE relative {worst_lse:.2e}{}",
        if causal { " causal" } else { "" },
        if logits != 1.0 { format!(" logits x{logits}") } else { String::new() },
        if ok { "" } else { " WRONG" }
    );
    Ok(ok)
}

/// A case's q, k, v, o and lse, on the host.
type Tensors<'a, T> = (&'a [T], &'a [T], &'a [T], &'a [T], &'a [f32]);

/// With `TESSEL_DUMP=DIR`: the case's tensors' bits and `DIR/attention_CASE.json`.
fn dump<T: Element>(case: &Case, scale: f32, (q, k, v, o, lse): Tensors<T>) {
    let Some(dir) = std::env::var_os("TESSEL_DUMP") else {
        return;
    };
    let &(dtype, b, h, hk, sq, sk, d, causal, logits) = case;
    let name = format!(
        "attention_{dtype:?}_b{b}_h{h}_{hk}_{sq}x{sk}_d{d}_{}_x{logits}",
        causal as u8
    )
    .to_lowercase();
    let path = std::path::Path::new(&dir).join(&name);
    let bytes = |x: &[T]| -> Vec<u8> {
        // SAFETY: the elements are plain 16-bit values.
        unsafe { std::slice::from_raw_parts(x.as_ptr() as *const u8, std::mem::size_of_val(x)) }
            .to_vec()
    };
    for (ext, data) in [
        ("q", bytes(q)),
        ("k", bytes(k)),
        ("v", bytes(v)),
        ("o", bytes(o)),
    ] {
        std::fs::write(path.with_extension(ext), data).expect("TESSEL_DUMP is a writable folder");
    }
    let lse_bytes: Vec<u8> = lse.iter().flat_map(|x| x.to_le_bytes()).collect();
    std::fs::write(path.with_extension("lse"), lse_bytes)
        .expect("TESSEL_DUMP is a writable folder");
    let strides = |s: usize, heads: usize| format!("[{}, {}, {d}, 1]", s * heads * d, heads * d);
    let json = format!(
        "{{\"batch\": {b}, \"heads\": {h}, \"kv_heads\": {hk}, \"seqlen_q\": {sq}, \"seqlen_k\": {sk}, \
         \"head_dim\": {d}, \"dtype\": \"{}\", \"causal\": {causal}, \"scale\": {scale}, \
         \"layout\": \"(batch, seqlen, heads, head_dim)\", \"q_strides\": {}, \"k_strides\": {}, \
         \"v_strides\": {}, \"o_strides\": {}, \"lse_strides\": [{}, {sq}, 1]}}",
        format!("{dtype:?}").to_lowercase(),
        strides(sq, h),
        strides(sk, hk),
        strides(sk, hk),
        strides(sq, h),
        h * sq
    );
    std::fs::write(path.with_extension("json"), json).expect("TESSEL_DUMP is a writable folder");
}

/// One shape `(seqlen, head dim, causal)` by the kernel `variant` (`""`: the call's pick).
fn bench_one(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    attn: &Attention,
    (s, d, causal): (usize, usize, bool),
    variant: &'static str,
) -> Result<(), GemmError> {
    let (b, h) = (16384 / s, 2048 / d);
    let n = b * s * h * d;
    let x: Vec<BF16> = random(n, 7).into_iter().map(BF16::from_f32).collect();
    let dx = stream.memcpy_stod(&x)?;
    let mut o = stream.alloc_zeros::<BF16>(n)?;
    let mut lse = stream.alloc_zeros::<f32>(b * h * s)?;
    let heads = Heads::new(&dx, b, s, h, d);
    let mut name = variant;
    let ms = median_ms(ctx, stream, || {
        name = if variant.is_empty() {
            attn.run(
                stream,
                (heads, heads, heads),
                &mut o,
                &mut lse,
                causal,
                0.125,
            )?
        } else {
            attn.run_kernel(
                variant,
                stream,
                (heads, heads, heads),
                (&mut o, &mut lse),
                (causal, 0.125),
            )?
        };
        Ok::<(), GemmError>(())
    })?;
    let flops = 4.0 * (b * h * s * s * d) as f64 / if causal { 2.0 } else { 1.0 };
    println!(
        "attention bench {name} seqlen {s} hdim {d}{}: {ms:.3} ms, {:.1} TFLOP/s",
        if causal { " causal" } else { "" },
        flops / (ms as f64 * 1e-3) / 1e12
    );
    Ok(())
}

/// FlashAttention's benchmark shapes: 16k tokens a batch, hidden 2048, bf16; seqlens 1k, 4k,
/// 16k, head dims 64, 128, 256, causal and not. Prints each one's TFLOP/s (`4 b h s^2 d`, halved
/// for causal), the median of 20 samples of 10 launches.
pub fn bench(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    attn: &Attention,
    seqlens: &[usize],
) -> Result<(), GemmError> {
    for &s in seqlens {
        for d in [64, 128, 256] {
            let names: &[&'static str] = if d == 128 {
                &[
                    "flash_attention_fwd_bf16_hdim128",
                    "flash_attention_fwd_bf16_hdim128_unordered",
                ]
            } else {
                &[""]
            };
            for causal in [false, true] {
                for &variant in names {
                    bench_one(ctx, stream, attn, (s, d, causal), variant)?;
                }
            }
        }
    }
    Ok(())
}
