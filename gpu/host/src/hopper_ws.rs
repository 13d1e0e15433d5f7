//! The warp-specialized persistent GEMMs (`gemm_tn_ws_bf16`, `gemm_tn_ws_f16`): descriptors of
//! A's `(128,64)` and B's `(256,64)` stages, a grid of one block a multiprocessor, C in the
//! inputs' type; checked against the CPU (the exact sum rounded as the kernel rounds it) at
//! every size the issue names, and timed for several scheduler groups.

use crate::hopper::{cells, encode_tiled, exact, gmem, inputs, median_ms, tensor_map, ByValue, Stage};
use cudarc::driver::sys::{CUdevice_attribute, CUfunction_attribute};
use cudarc::driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DriverError};
use cudarc::driver::{LaunchConfig, PushKernelArg};
use std::sync::Arc;
use tessel::atom::element::{BF16, F16};
use tessel::atom::gmma::Layout_K_SW128_Atom;
use tessel::atom::tma::TensorMap;
use tessel::{shape, TileToShape};

type StageB<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(256,64)")>;

/// `stages` stages of A and B, their barriers, and room to align them to 1024 bytes.
const fn shared(stages: u32) -> u32 {
    stages * (128 + 256) * 64 * 2 + 1024 + 64
}

/// A kernel and how it is launched: its input type, its stages (what its dynamic shared memory
/// holds) and the most blocks of its grid (the multiprocessors for a persistent launch).
struct Kernel<'a> {
    f: &'a CudaFunction,
    bf16: bool,
    stages: u32,
    blocks: u32,
}

/// One launch: `C = A B^T` into `c` (column-major, the inputs' type).
fn launch(
    kernel: &Kernel,
    stream: &Arc<CudaStream>,
    (m, n, k, group): (u32, u32, u32, u32),
    (a, b): (&CudaSlice<u16>, &CudaSlice<u16>),
    c: &mut CudaSlice<u16>,
) -> Result<(), DriverError> {
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let tiles = m.div_ceil(128) * n.div_ceil(256);
    let cfg = LaunchConfig {
        grid_dim: (tiles.min(kernel.blocks), 1, 1),
        block_dim: (384, 1, 1),
        shared_mem_bytes: shared(kernel.stages),
    };
    let mut builder = stream.launch_builder(kernel.f);
    let (ab, bb, af, bf);
    if kernel.bf16 {
        (ab, bb) = (tensor_map!(BF16, pa, m, k), tensor_map!(BF16, StageB<BF16>, pb, n, k));
        builder.arg(&ab).arg(&bb);
    } else {
        (af, bf) = (tensor_map!(F16, pa, m, k), tensor_map!(F16, StageB<F16>, pb, n, k));
        builder.arg(&af).arg(&bf);
    }
    builder.arg(&m).arg(&n).arg(&k).arg(&group).arg(c);
    unsafe { builder.launch(cfg)? };
    Ok(())
}

/// Checks each kernel (group 8) at every size and times it for scheduler groups 1, 4, 8 and 16;
/// then the techniques: variants of the bf16 kernel (named `_3s`: 3 stages, `_noreg`: no
/// `setmaxnreg`), and the bf16 kernel launched one tile a block instead of persistent, each
/// checked at 1000x700x328 and timed at 4096³ and 8192³ for groups 4 and 16.
pub fn run(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    kernels: Vec<(&'static str, CudaFunction, fn(f32) -> u16)>,
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<(), DriverError> {
    let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
    let sizes = [
        (1000u32, 700u32, 328u32),
        (4096, 4096, 4096),
        (8192, 8192, 8192),
        (4000, 4000, 4000),
        (8192, 128, 8192),
        (128, 8192, 8192),
    ];
    for (name, function, to_bits) in &kernels {
        function.set_attribute(CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared(4) as i32)?;
        let stages = if name.contains("_3s") { 3 } else { 4 };
        let kernel = Kernel { f: function, bf16: name.contains("bf16"), stages, blocks: sms };
        if name.ends_with("_bf16") || name.ends_with("_f16") {
            for size in sizes {
                check_and_time(ctx, stream, name, &kernel, size, &[1, 4, 8, 16], (*to_bits, random))?;
            }
        }
        // The techniques: the variants, and the main bf16 kernel one tile a block.
        let one_tile = Kernel { blocks: u32::MAX, ..kernel };
        let variants: Vec<(String, &Kernel)> = match *name {
            "gemm_tn_ws_bf16" => vec![(format!("{name} one tile a block"), &one_tile)],
            n if n.ends_with("_3s") || n.ends_with("_noreg") => vec![(name.to_string(), &kernel)],
            _ => vec![],
        };
        for (label, kernel) in variants {
            for size in [(1000, 700, 328), (4096, 4096, 4096), (8192, 8192, 8192)] {
                check_and_time(ctx, stream, &format!("technique {label}"), kernel, size, &[4, 16], (*to_bits, random))?;
            }
        }
    }
    Ok(())
}

/// Checks `kernel` at one size (group 8) against the CPU, then times it for each group.
fn check_and_time(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    name: &str,
    kernel: &Kernel,
    (m, n, k): (u32, u32, u32),
    groups: &[u32],
    (to_bits, random): (fn(f32) -> u16, fn(usize, u64) -> Vec<f32>),
) -> Result<(), DriverError> {
    // What the kernel stores: the exact sum rounded to its type.
    let round = |x: f32| if kernel.bf16 { BF16::from_f32(x).0 } else { F16::from_f32(x).0 };
    let ((a, b), (da, db)) = inputs(stream, (m, n, k), to_bits, random)?;
    let mut dc = stream.alloc_zeros::<u16>((m * n) as usize)?;
    let gemm = |group: u32, dc: &mut CudaSlice<u16>| launch(kernel, stream, (m, n, k, group), (&da, &db), dc);
    gemm(8, &mut dc)?;
    let c = stream.memcpy_dtov(&dc)?;
    let cells = cells(m as usize, n as usize, random);
    let (mu, ku) = (m as usize, k as usize);
    let wrong = cells.iter().filter(|&&(i, j)| c[i + mu * j] != round(exact(&a, &b, ku, (i, j)))).count();
    assert_eq!(wrong, 0, "{name} {m}x{n}x{k}: {wrong} of {} elements wrong", cells.len());
    let mut timed = Vec::new();
    for &group in groups {
        let ms = median_ms(ctx, stream, || gemm(group, &mut dc))?;
        timed.push((group, 2.0 * m as f64 * n as f64 * k as f64 / (ms as f64 * 1e-3) / 1e12));
    }
    let best = timed.iter().map(|t| t.1).fold(0.0, f64::max);
    let groups: Vec<String> = timed.iter().map(|(g, t)| format!("group {g} {t:.1}")).collect();
    println!("{name} {m}x{n}x{k}: {} elements equal to the CPU's; {best:.1} TFLOP/s ({})", cells.len(), groups.join(", "));
    Ok(())
}
