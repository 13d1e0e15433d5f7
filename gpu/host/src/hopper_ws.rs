//! The warp-specialized persistent GEMMs (`gemm_tn_ws_*`): each launched as its configuration
//! type says (`ws_config.rs`, the kernel crate's own file: its descriptors' tiles, shared memory,
//! tile, cluster, threads, epilogue), checked against the CPU at every size the issue names
//! (the plain epilogues exactly: the exact sum rounded as the kernel rounds it; the fused ones
//! to a stated tolerance), and timed for several scheduler groups.

use crate::gemm::Dtype;
use crate::gemm::GemmError;
use crate::hopper::{bf16_bits, cells, exact_at, inputs, median_ms, sixteenths};
use crate::launch::{self, Fused, Kernel, Workspace};
use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DeviceRepr};
use std::sync::Arc;
use tessel::atom::element::E4M3;
use tessel::kernel::fusion::EpilogueArgs;

const ALPHA: f32 = 1.5;
const BETA: f32 = -0.75;
/// An e4m3 output's scale: a power of two, so that the scaled sum rounds as the kernel's.
const SCALE: f32 = 0.25;
/// What a fused epilogue computes of the exact sum `x` at `(i, j)`, on the CPU: the formulas of
/// `tessel::kernel::fusion`, in f64 (torch's `gelu(.., approximate="tanh")`, `silu`, ...).
impl Fused {
    fn apply(self, x: f64, (i, j): (usize, usize), bias: &[f32], source: f64) -> f64 {
        let gelu = |x: f64| {
            0.5 * x
                * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x)).tanh())
        };
        match self {
            Fused::Plain => x,
            Fused::ColBiasGelu => gelu(x + bias[j] as f64),
            Fused::AlphaBeta => ALPHA as f64 * x + BETA as f64 * source,
            Fused::RowBiasRelu => (x + bias[i] as f64).max(0.0),
            Fused::Silu => x / (1.0 + (-x).exp()),
            Fused::ScaledAmax => SCALE as f64 * x,
        }
    }
}
/// The e4m3 bits of an f32 that e4m3 holds exactly.
fn e4m3_bits(x: f32) -> u8 {
    let e = E4M3::from_f32(x);
    assert!(e.to_f32() == x, "{x} is not exact in e4m3");
    e.0
}

/// Multiples of 1/2 in [-2, 2) from uniform [-1/2, 1/2): exact in e4m3, and their sums exact
/// however the tensor core adds them (integers of a quarter, far from its precision).
fn halves(x: f32) -> f32 {
    (x * 8.0).floor() / 2.0
}

/// What a fused epilogue reads: the bias (f32, one a row and one a column: the longer of the
/// two) and the source C (of the output's type), on the host and the device.
struct Operands {
    bias: Vec<f32>,
    source: Vec<u8>,
    device: (CudaSlice<f32>, CudaSlice<u8>),
    /// Where a scaled output's absolute maximum is reduced (0 before the first launch).
    amax: CudaSlice<f32>,
}

/// One launch: `C = F(A B^T)` into `c` (column-major, of the kernel's output type).
fn launch<B>(
    kernel: &Kernel,
    stream: &Arc<CudaStream>,
    mnkg: (u32, u32, u32, u32),
    (a, b): (&CudaSlice<B>, &CudaSlice<B>),
    (c, ws, ops): (&mut CudaSlice<u8>, &mut Workspace, &Operands),
) -> Result<(), GemmError> {
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let (pc, _gc) = c.device_ptr(stream);
    let (partial, _gp) = ws.0.device_ptr(stream);
    let (flags, _gf) = ws.1.device_ptr(stream);
    let (bias, _gbias) = ops.device.0.device_ptr(stream);
    let (source, _gs) = ops.device.1.device_ptr(stream);
    let (amax, _ga) = ops.amax.device_ptr(stream);
    let epilogue = EpilogueArgs {
        alpha: ALPHA,
        beta: BETA,
        scale: SCALE,
        pad: 0,
        bias,
        source,
        amax,
    };
    launch::launch(
        kernel,
        stream,
        mnkg,
        (pa, pb, pc),
        (partial, flags),
        epilogue,
    )
}

/// Checks each kernel (group 8) at every size and times it for scheduler groups 1, 4, 8 and 16
/// (the main kernels, in pairs; `_splitk`, 128x128 tiles and split-K; `_solo`, one block
/// without clusters; `_tma_store`, its epilogue through TMA stores; `_pairs`, the pairs without
/// multicast); then the techniques: variants of the solo kernel (`_3s`: 3 stages, `_noreg`: no
/// `setmaxnreg`) and the solo kernel launched one tile a block instead of persistent, each
/// checked at the ragged size and timed at 4096³ and 8192³ for groups 4 and 16; the split-K
/// kernels without a split at the skinny sizes, and in 4 parts at the ragged size. Whether
/// every checked element was equal.
pub fn run(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    kernels: Vec<(&'static str, CudaFunction)>,
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<bool, GemmError> {
    let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
    let mut equal = true;
    for (name, function) in &kernels {
        let kernel = Kernel::prepared(name, function, sms)?;
        // e4m3's K is a multiple of 16 (TMA's 16-byte strides): 336 for the ragged size.
        let ragged = (
            1000,
            700,
            if kernel.input == Dtype::E4m3 {
                336
            } else {
                328
            },
        );
        let (skinny, square) = (
            [(8192, 128, 8192), (128, 8192, 8192)],
            [(4096, 4096, 4096), (8192, 8192, 8192)],
        );
        // An odd M and N: C's rows are not 16-byte aligned (the direct epilogue stores any).
        let odd = (1001, 703, ragged.2);
        let sizes = [
            ragged,
            square[0],
            square[1],
            (4000, 4000, 4000),
            skinny[0],
            skinny[1],
        ];
        // The TMA-store epilogue and the pairs are checked and timed at every size, as the main
        // kernels and the solo one.
        let variant = name.ends_with("_3s") || name.ends_with("_noreg");
        if !variant {
            // A fused epilogue is timed for the main kernels' best group only.
            let groups: &[u32] = if kernel.fused == Fused::Plain {
                &[1, 4, 8, 16]
            } else {
                &[8]
            };
            for size in sizes {
                equal &= check_and_time(ctx, stream, name, &kernel, size, groups, random)?;
            }
            if !kernel.tma_store {
                equal &= check_and_time(ctx, stream, name, &kernel, odd, &[8], random)?;
            }
        }
        // The techniques: the variants, the solo bf16 kernel one tile a block, split-K's tiles
        // without the split.
        let one_tile = Kernel {
            blocks: u32::MAX,
            ..kernel
        };
        let split = |s| Kernel {
            split: Some(s),
            ..kernel
        };
        let (unsplit, four) = (split(1), split(4));
        let variants: Vec<(String, &Kernel, Vec<_>)> = match *name {
            "gemm_tn_ws_bf16_solo" => vec![(
                format!("{name} one tile a block"),
                &one_tile,
                vec![ragged, square[0], square[1]],
            )],
            // Four parts at the ragged size: uneven ones, in e4m3 (3 K tiles) an empty one.
            _ if name.ends_with("_splitk") => vec![
                (
                    format!("{name} unsplit"),
                    &unsplit,
                    vec![skinny[0], skinny[1]],
                ),
                (format!("{name} in 4 parts"), &four, vec![ragged]),
            ],
            _ if variant => vec![(
                name.to_string(),
                &kernel,
                vec![ragged, square[0], square[1]],
            )],
            _ => vec![],
        };
        for (label, kernel, sizes) in variants {
            for size in sizes {
                let label = format!("technique {label}");
                equal &= check_and_time(ctx, stream, &label, kernel, size, &[4, 16], random)?;
            }
        }
    }
    Ok(equal)
}

/// `gpu-host PTX sweep SHAPES NAMES`: each kernel checked (group 8) and timed (groups 1 and 8)
/// at each shape (`M,N,K;M,N,K...`), split-K also in 2 parts: the data a choice of kernel
/// by shape is read from. Whether every checked element was equal.
pub fn sweep(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    kernels: Vec<(&'static str, CudaFunction)>,
    shapes: &[(u32, u32, u32)],
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<bool, GemmError> {
    let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
    let mut equal = true;
    for &size in shapes {
        for (name, function) in &kernels {
            let kernel = Kernel::prepared(name, function, sms)?;
            equal &= check_and_time(ctx, stream, name, &kernel, size, &[1, 8], random)?;
            if kernel.split.is_none() {
                let two = Kernel {
                    split: Some(2),
                    ..kernel
                };
                let label = format!("{name} in 2 parts");
                equal &= check_and_time(ctx, stream, &label, &two, size, &[8], random)?;
            }
        }
    }
    Ok(equal)
}

/// Checks `kernel` at one size (group 8) against the CPU, then times it for each group; whether
/// every checked element was equal (within the tolerance of a fused epilogue).
fn check_and_time(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    name: &str,
    kernel: &Kernel,
    size: (u32, u32, u32),
    groups: &[u32],
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<bool, GemmError> {
    let at = (name, size, groups, random);
    match kernel.input {
        Dtype::Bf16 => check_and_time_in(ctx, stream, kernel, at, (bf16_bits, sixteenths)),
        Dtype::F16 => check_and_time_in(
            ctx,
            stream,
            kernel,
            at,
            (crate::hopper::f16_bits, sixteenths),
        ),
        Dtype::E4m3 => check_and_time_in(ctx, stream, kernel, at, (e4m3_bits, halves)),
        Dtype::F32 => unreachable!("no kernel reads f32 inputs"),
    }
}

/// The tolerance of a fused epilogue's element against the CPU's formula: its output type's
/// rounding (half an ulp, 2^-9 of bf16's, 2^-12 of f16's) and the device's approximations
/// (`tanh.approx`, `ex2.approx`: about 2^-11 relative), twice over; the plain epilogues and
/// f32's ReLU are exact.
fn tolerance(kernel: &Kernel, want: f64) -> f64 {
    let rounding = match kernel.out.bytes {
        4 => 0.0,
        _ if kernel.input == Dtype::F16 => 2f64.powi(-11),
        _ => 2f64.powi(-8),
    };
    let approx = match kernel.fused {
        Fused::ColBiasGelu | Fused::Silu => 2f64.powi(-10),
        _ => 0.0,
    };
    (rounding + approx) * want.abs() + approx * 2f64.powi(-4)
}

/// [`check_and_time`] for inputs of bits `B`.
#[allow(clippy::type_complexity)]
fn check_and_time_in<B: DeviceRepr>(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    kernel: &Kernel,
    (name, (m, n, k), groups, random): (&str, (u32, u32, u32), &[u32], fn(usize, u64) -> Vec<f32>),
    values: (fn(f32) -> B, fn(f32) -> f32),
) -> Result<bool, GemmError> {
    let ((a, b), (da, db)) = inputs(stream, (m, n, k), values, random)?;
    let (mu, nu, ku) = (m as usize, n as usize, k as usize);
    let bytes = kernel.out.bytes;
    // The bias and the source C: multiples of 1/16, exact in every output type.
    let bias: Vec<f32> = random(mu.max(nu), 6).into_iter().map(sixteenths).collect();
    let source_values: Vec<f32> = random(mu * nu, 7).into_iter().map(sixteenths).collect();
    let source: Vec<u8> = source_values
        .iter()
        .flat_map(|&x| match bytes {
            4 => x.to_le_bytes().to_vec(),
            1 => vec![E4M3::from_f32(x).0],
            _ if kernel.input == Dtype::F16 => crate::hopper::f16_bits(x).to_le_bytes().to_vec(),
            _ => bf16_bits(x).to_le_bytes().to_vec(),
        })
        .collect();
    let ops = Operands {
        device: (stream.memcpy_stod(&bias)?, stream.memcpy_stod(&source)?),
        amax: stream.alloc_zeros::<f32>(1)?,
        bias,
        source,
    };
    let mut dc = stream.alloc_zeros::<u8>(mu * nu * bytes)?;
    let tiles = kernel.tiles(m, n) as usize;
    let (sums, flags) = (tiles * (kernel.tile_m * kernel.tile_n) as usize, tiles);
    let mut ws = (
        stream.alloc_zeros::<f32>(sums)?,
        stream.alloc_zeros::<u32>(flags)?,
    );
    let gemm = |group: u32, dc: &mut CudaSlice<u8>, ws: &mut Workspace| {
        launch(kernel, stream, (m, n, k, group), (&da, &db), (dc, ws, &ops))
    };
    gemm(8, &mut dc, &mut ws)?;
    let c = stream.memcpy_dtov(&dc)?;
    // Split-K leaves its flags zero for the next launch.
    let flags = stream.memcpy_dtov(&ws.1)?;
    if flags.iter().any(|&f| f != 0) {
        println!("{name} {m}x{n}x{k}: WRONG: split-K's flags are not zero after the launch");
        return Ok(false);
    }
    let cells = cells(mu, nu, random);
    let value = |p: usize| (kernel.out.value)(&c[p * bytes..(p + 1) * bytes]);
    let source_at = |p: usize| (kernel.out.value)(&ops.source[p * bytes..(p + 1) * bytes]) as f64;
    let sums = exact_at(&a, &b, ku, &cells);
    let want = |c: usize| {
        let (i, j) = cells[c];
        kernel
            .fused
            .apply(sums[c] as f64, (i, j), &ops.bias, source_at(i + mu * j))
    };
    let wrong: Vec<_> = (0..cells.len())
        .filter(|&c| {
            let (i, j) = cells[c];
            let (got, want) = (value(i + mu * j) as f64, want(c));
            if matches!(kernel.fused, Fused::Plain | Fused::ScaledAmax) {
                got != (kernel.out.round)(want as f32) as f64
            } else {
                (got - want).abs() > tolerance(kernel, want) || got.is_nan()
            }
        })
        .collect();
    if let Some(&c) = wrong.first() {
        let (i, j) = cells[c];
        let (got, want) = (value(i + mu * j), want(c));
        println!("{name} {m}x{n}x{k}: WRONG: {} of {} elements differ; C({i},{j}) = {got}, the CPU's {want}", wrong.len(), cells.len());
        return Ok(false);
    }
    // The absolute maximum of the whole output, where every element was checked.
    if kernel.fused == Fused::ScaledAmax && cells.len() == mu * nu {
        let got = stream.memcpy_dtov(&ops.amax)?[0];
        let want = sums.iter().map(|s| s.abs()).fold(0.0, f32::max);
        if got != want {
            println!("{name} {m}x{n}x{k}: WRONG: the absolute maximum {got}, the CPU's {want}");
            return Ok(false);
        }
    }
    dump(
        (name, kernel.fused),
        (m, n, k),
        (&da, &db),
        (&dc, &ops),
        stream,
    )?;
    let mut timed = Vec::new();
    for &group in groups {
        let ms = median_ms(ctx, stream, || gemm(group, &mut dc, &mut ws))?;
        timed.push((
            group,
            2.0 * m as f64 * n as f64 * k as f64 / (ms as f64 * 1e-3) / 1e12,
        ));
    }
    let best = timed.iter().map(|t| t.1).fold(0.0, f64::max);
    let groups: Vec<String> = timed
        .iter()
        .map(|(g, t)| format!("group {g} {t:.1}"))
        .collect();
    let agree = if matches!(kernel.fused, Fused::Plain | Fused::ScaledAmax) {
        "equal to the CPU's"
    } else {
        "within the tolerance of the CPU's"
    };
    println!(
        "{name} {m}x{n}x{k}: {} elements {agree}; {best:.1} TFLOP/s ({})",
        cells.len(),
        groups.join(", ")
    );
    Ok(true)
}

/// The kernels whose outputs `gpu/torch_check.py` holds against torch's.
const AGAINST_TORCH: [&str; 10] = [
    "gemm_tn_ws_bf16",
    "gemm_tn_ws_f16",
    "gemm_tn_ws_e4m3",
    "gemm_tn_ws_bf16_splitk",
    "gemm_tn_ws_e4m3_splitk",
    "gemm_tn_ws_bf16_bias_gelu",
    "gemm_tn_ws_bf16_alpha_beta",
    "gemm_tn_ws_f32_bias_relu",
    "gemm_tn_ws_f16_silu_tma_store",
    "gemm_tn_ws_bf16_e4m3_amax",
];

/// With `TESSEL_DUMP=DIR`, writes the inputs' bits and C's of one of [`AGAINST_TORCH`] at one
/// size to `DIR/NAME_MxNxK.{a,b,c}` (A `m x k` and B `n x k` row-major, C column-major), for
/// `gpu/torch_check.py` to compare with torch's product of the same inputs; for a fused
/// epilogue also its operands: `.bias` (f32, the longer of m and n), `.src` (the source C, of
/// C's type), `.amax` (f32) and `.fused` (the fusion, alpha, beta and scale, as text).
fn dump<B: DeviceRepr>(
    (name, fused): (&str, Fused),
    (m, n, k): (u32, u32, u32),
    (da, db): (&CudaSlice<B>, &CudaSlice<B>),
    (dc, ops): (&CudaSlice<u8>, &Operands),
    stream: &Arc<CudaStream>,
) -> Result<(), GemmError> {
    let Some(dir) = std::env::var_os("TESSEL_DUMP") else {
        return Ok(());
    };
    if !AGAINST_TORCH.contains(&name) {
        return Ok(());
    }
    let path = std::path::Path::new(&dir).join(format!("{name}_{m}x{n}x{k}"));
    let write = |ext: &str, bytes: &[u8]| {
        std::fs::write(path.with_extension(ext), bytes).expect("TESSEL_DUMP is a writable folder")
    };
    write("a", as_bytes(&stream.memcpy_dtov(da)?));
    write("b", as_bytes(&stream.memcpy_dtov(db)?));
    write("c", as_bytes(&stream.memcpy_dtov(dc)?));
    if fused != Fused::Plain {
        write("bias", as_bytes(&ops.bias));
        write("src", &ops.source);
        write("amax", as_bytes(&stream.memcpy_dtov(&ops.amax)?));
        let text = format!("{fused:?} {ALPHA} {BETA} {SCALE}");
        write("fused", text.as_bytes());
    }
    Ok(())
}

/// A slice's bytes.
fn as_bytes<B>(v: &[B]) -> &[u8] {
    // SAFETY: the elements are plain bits (u8, u16), without padding.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

/// `gpu-host PTX gemm SHAPES`: the host call (`gemm::Gemm`, loaded from that PTX) at each shape
/// in bf16: its pick, checked against the CPU (the exact sums rounded to bf16), and timed.
/// Whether every checked element was equal.
pub fn host_call(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    ptx: cudarc::nvrtc::Ptx,
    shapes: &[(u32, u32, u32)],
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<bool, GemmError> {
    use crate::gemm::{Choice, Dtype, Epilogue, Gemm, KERNELS};
    use tessel::atom::element::BF16;
    let gemm = Gemm::with_ptx(ctx, ptx, &KERNELS)?;
    let bf16 = |x: f32| BF16(bf16_bits(x));
    let mut equal = true;
    for &(m, n, k) in shapes {
        let ((a, b), (da, db)) = inputs(stream, (m, n, k), (bf16, sixteenths), random)?;
        let (mu, nu, ku) = (m as usize, n as usize, k as usize);
        let mut dc = stream.alloc_zeros::<BF16>(mu * nu)?;
        let choice = gemm.choose((Dtype::Bf16, Dtype::Bf16, Fused::Plain), (m, n, k))?;
        let run = |dc: &mut CudaSlice<BF16>| {
            gemm.launch(stream, choice, (m, n, k), (&da, &db), dc, Epilogue::None)
        };
        run(&mut dc)?;
        let c = stream.memcpy_dtov(&dc)?;
        let cells = cells(mu, nu, random);
        let sums = exact_at(&a, &b, ku, &cells);
        let wrong = (cells.iter().zip(&sums))
            .filter(|&(&(i, j), &s)| c[i + mu * j] != BF16::from_f32(s))
            .count();
        equal &= wrong == 0;
        let ms = median_ms(ctx, stream, || run(&mut dc))?;
        let tflops = 2.0 * m as f64 * n as f64 * k as f64 / (ms as f64 * 1e-3) / 1e12;
        let Choice {
            kernel,
            parts,
            group,
        } = choice;
        let verdict = if wrong == 0 {
            "equal to".to_string()
        } else {
            format!("WRONG: {wrong} differ from")
        };
        println!(
            "host call {m}x{n}x{k}: {kernel} in {parts} parts, group {group}; {} elements {verdict} the CPU's; {tflops:.1} TFLOP/s",
            cells.len()
        );
    }
    Ok(equal)
}
