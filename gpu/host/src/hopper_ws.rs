//! The warp-specialized persistent GEMMs (`gemm_tn_ws_bf16`, `_f16`, `_e4m3`): descriptors of
//! A's `(128,BK)` and B's `(256,BK)` stages (128-byte K tiles), a grid of one block a
//! multiprocessor, C in bf16 or f16; checked against the CPU (the exact sum rounded as the
//! kernel rounds it) at every size the issue names, and timed for several scheduler groups.

use crate::hopper::{bf16_bits, cells, encode_tiled, exact, gmem, inputs, median_ms, sixteenths};
use crate::hopper::{tensor_map, ByValue, Stage};
use cudarc::driver::sys::{CUdevice_attribute, CUfunction_attribute};
use cudarc::driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DeviceRepr};
use cudarc::driver::{DriverError, LaunchConfig, PushKernelArg};
use std::sync::Arc;
use tessel::atom::element::{BF16, E4M3, F16};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::atom::tma::{TensorMap, TmaGmem};
use tessel::{layout, shape, TileToShape};

type StageB<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(256,64)")>;
type StageA8 = TileToShape<Layout_K_SW128_Atom<E4M3>, shape!("(128,128)")>;
type StageB8 = TileToShape<Layout_K_SW128_Atom<E4M3>, shape!("(256,128)")>;
type StageC = TileToShape<Layout_MN_SW128_Atom<BF16>, shape!("(128,128)")>;

/// `stages` stages of A and B (128-byte K tiles), their barriers, and room to align them to
/// 1024 bytes; with the TMA-store epilogue, its 32 KiB buffer of C.
const fn shared(stages: u32, tma_store: bool) -> u32 {
    stages * (128 + 256) * 128 + 1024 + 64 + if tma_store { 128 * 128 * 2 } else { 0 }
}

/// A kernel's input type.
#[derive(Clone, Copy, PartialEq)]
enum Input {
    Bf16,
    F16,
    E4m3,
}

/// A kernel and how it is launched: its input type, its stages (what its dynamic shared memory
/// holds) and the most blocks of its grid (the multiprocessors for a persistent launch).
struct Kernel<'a> {
    f: &'a CudaFunction,
    input: Input,
    stages: u32,
    tma_store: bool,
    cluster: bool,
    multicast: bool,
    blocks: u32,
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

/// A column-major `m x n` matrix.
fn gmem_mn(m: u32, n: u32) -> impl TmaGmem {
    let (m, n) = (m as usize, n as usize);
    layout!("(M,N):(1,ld)"; M = m, N = n, ld = m)
}

/// One launch: `C = A B^T` into `c` (column-major, bf16 or f16).
fn launch<B>(
    kernel: &Kernel,
    stream: &Arc<CudaStream>,
    (m, n, k, group): (u32, u32, u32, u32),
    (a, b): (&CudaSlice<B>, &CudaSlice<B>),
    c: &mut CudaSlice<u16>,
) -> Result<(), DriverError> {
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    // In pairs (clusters of 2 along M): as many pairs as fit, each taking 256x256 tiles.
    let grid = match kernel.cluster {
        false => (m.div_ceil(128) * n.div_ceil(256)).min(kernel.blocks),
        true => 2 * (m.div_ceil(256) * n.div_ceil(256)).min(kernel.blocks / 2),
    };
    let cfg = LaunchConfig {
        grid_dim: (grid, 1, 1),
        block_dim: (384, 1, 1),
        shared_mem_bytes: shared(kernel.stages, kernel.tma_store),
    };
    let mut builder = stream.launch_builder(kernel.f);
    let (ab, bb, bh, af, bf, a8, b8);
    match kernel.input {
        // A pair's block loads half of B's stage: a tile of 128 rows, as A's.
        Input::Bf16 if kernel.cluster && kernel.multicast => {
            (ab, bh) = (tensor_map!(BF16, pa, m, k), tensor_map!(BF16, pb, n, k));
            builder.arg(&ab).arg(&bh);
        }
        Input::Bf16 => {
            (ab, bb) = (tensor_map!(BF16, pa, m, k), tensor_map!(BF16, StageB<BF16>, pb, n, k));
            builder.arg(&ab).arg(&bb);
        }
        Input::F16 => {
            (af, bf) = (tensor_map!(F16, pa, m, k), tensor_map!(F16, StageB<F16>, pb, n, k));
            builder.arg(&af).arg(&bf);
        }
        Input::E4m3 => {
            (a8, b8) = (tensor_map!(E4M3, StageA8, pa, m, k), tensor_map!(E4M3, StageB8, pb, n, k));
            builder.arg(&a8).arg(&b8);
        }
    }
    // C's descriptor, column-major (read by the TMA-store epilogue only).
    let pc = c.device_ptr(stream).0;
    let c_map = ByValue(TensorMap::<BF16, StageC>::encode(pc, &gmem_mn(m, n), 1, encode_tiled).expect("TMA descriptor"));
    builder.arg(&c_map).arg(&m).arg(&n).arg(&k).arg(&group).arg(c);
    unsafe { builder.launch(cfg)? };
    Ok(())
}

/// Checks each kernel (group 8) at every size and times it for scheduler groups 1, 4, 8 and 16;
/// then the techniques: variants of the bf16 kernel (named `_3s`: 3 stages, `_noreg`: no
/// `setmaxnreg`; `_tma_store`, the epilogue through TMA stores, and `_cluster`, pairs of blocks
/// sharing B by multicast, are timed at every size), and the bf16 kernel launched one tile a block instead of persistent, each
/// checked at 1000x700x328 and timed at 4096³ and 8192³ for groups 4 and 16. Whether every
/// checked element was equal.
pub fn run(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    kernels: Vec<(&'static str, CudaFunction)>,
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<bool, DriverError> {
    let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
    let mut equal = true;
    for (name, function) in &kernels {
        let (stages, tma_store) = (if name.contains("_3s") { 3 } else { 4 }, name.ends_with("_tma_store"));
        function.set_attribute(
            CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            shared(4, tma_store) as i32,
        )?;
        let input = match name {
            n if n.contains("bf16") => Input::Bf16,
            n if n.contains("f16") => Input::F16,
            _ => Input::E4m3,
        };
        let (multicast, cluster) = (name.ends_with("_cluster"), name.ends_with("_cluster") || name.ends_with("_pairs"));
        let kernel = Kernel { f: function, input, stages, tma_store, cluster, multicast, blocks: sms };
        // e4m3's K is a multiple of 16 (TMA's 16-byte strides): 336 for the ragged size.
        let ragged = (1000, 700, if input == Input::E4m3 { 336 } else { 328 });
        let sizes = [ragged, (4096, 4096, 4096), (8192, 8192, 8192), (4000, 4000, 4000), (8192, 128, 8192), (128, 8192, 8192)];
        // The TMA-store epilogue and the pairs are checked and timed at every size, as the main
        // kernels.
        let variant = name.ends_with("_3s") || name.ends_with("_noreg");
        if !variant {
            for size in sizes {
                equal &= check_and_time(ctx, stream, name, &kernel, size, &[1, 4, 8, 16], random)?;
            }
        }
        // The techniques: the variants, and the main bf16 kernel one tile a block.
        let one_tile = Kernel { blocks: u32::MAX, ..kernel };
        let variants: Vec<(String, &Kernel)> = match *name {
            "gemm_tn_ws_bf16" => vec![(format!("{name} one tile a block"), &one_tile)],
            _ if variant => vec![(name.to_string(), &kernel)],
            _ => vec![],
        };
        for (label, kernel) in variants {
            for size in [ragged, (4096, 4096, 4096), (8192, 8192, 8192)] {
                equal &= check_and_time(ctx, stream, &format!("technique {label}"), kernel, size, &[4, 16], random)?;
            }
        }
    }
    Ok(equal)
}

/// Checks `kernel` at one size (group 8) against the CPU, then times it for each group; whether
/// every checked element was equal.
fn check_and_time(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    name: &str,
    kernel: &Kernel,
    size: (u32, u32, u32),
    groups: &[u32],
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<bool, DriverError> {
    let at = (name, size, groups, random);
    match kernel.input {
        Input::Bf16 => check_and_time_in(ctx, stream, kernel, at, (bf16_bits, sixteenths)),
        Input::F16 => check_and_time_in(ctx, stream, kernel, at, (crate::f16_bits, sixteenths)),
        Input::E4m3 => check_and_time_in(ctx, stream, kernel, at, (e4m3_bits, halves)),
    }
}

/// [`check_and_time`] for inputs of bits `B`.
#[allow(clippy::type_complexity)]
fn check_and_time_in<B: DeviceRepr>(
    ctx: &Arc<CudaContext>,
    stream: &Arc<CudaStream>,
    kernel: &Kernel,
    (name, (m, n, k), groups, random): (&str, (u32, u32, u32), &[u32], fn(usize, u64) -> Vec<f32>),
    values: (fn(f32) -> B, fn(f32) -> f32),
) -> Result<bool, DriverError> {
    // What the kernel stores: the exact sum rounded to its type.
    let round = |x: f32| if kernel.input == Input::F16 { F16::from_f32(x).0 } else { BF16::from_f32(x).0 };
    let ((a, b), (da, db)) = inputs(stream, (m, n, k), values, random)?;
    let mut dc = stream.alloc_zeros::<u16>((m * n) as usize)?;
    let gemm = |group: u32, dc: &mut CudaSlice<u16>| launch(kernel, stream, (m, n, k, group), (&da, &db), dc);
    gemm(8, &mut dc)?;
    let c = stream.memcpy_dtov(&dc)?;
    let cells = cells(m as usize, n as usize, random);
    let (mu, ku) = (m as usize, k as usize);
    let wrong: Vec<_> = cells.iter().filter(|&&(i, j)| c[i + mu * j] != round(exact(&a, &b, ku, (i, j)))).collect();
    if let Some(&&(i, j)) = wrong.first() {
        let (got, want) = (c[i + mu * j], exact(&a, &b, ku, (i, j)));
        println!("{name} {m}x{n}x{k}: WRONG: {} of {} elements differ; C({i},{j}) = {got:#06x}, the exact sum {want}", wrong.len(), cells.len());
        return Ok(false);
    }
    let mut timed = Vec::new();
    for &group in groups {
        let ms = median_ms(ctx, stream, || gemm(group, &mut dc))?;
        timed.push((group, 2.0 * m as f64 * n as f64 * k as f64 / (ms as f64 * 1e-3) / 1e12));
    }
    let best = timed.iter().map(|t| t.1).fold(0.0, f64::max);
    let groups: Vec<String> = timed.iter().map(|(g, t)| format!("group {g} {t:.1}")).collect();
    println!("{name} {m}x{n}x{k}: {} elements equal to the CPU's; {best:.1} TFLOP/s ({})", cells.len(), groups.join(", "));
    Ok(true)
}
