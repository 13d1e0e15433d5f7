//! The Hopper GEMMs (`gemm_tn_tma_bf16`, `gemm_tn_tma_f16`): their TMA descriptors encoded from
//! the kernels' own stage types by tessel's parameters and the driver's
//! `cuTensorMapEncodeTiled`, launched, checked against the CPU, and timed.

use cudarc::driver::sys::{self, CUfunction_attribute, CUresult};
use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, DevicePtr, DeviceRepr, DriverError};
use cudarc::driver::{LaunchConfig, PushKernelArg};
use std::sync::Arc;
use tessel::atom::element::{BF16, F16};
use tessel::atom::gmma::Layout_K_SW128_Atom;
use tessel::atom::tma::{TensorMap, TmaDescriptor, TmaGmem, TmaParams};
use tessel::{layout, shape, TileToShape};

pub type Stage<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(128,64)")>;
/// The TMA check's tile.
pub type Wide = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,128)")>;

/// A kernel parameter passed by value as its bytes (the driver reads its size from the PTX).
#[repr(transparent)]
pub struct ByValue<T>(pub T);
unsafe impl<T> DeviceRepr for ByValue<T> {}

/// The driver's encoding of tessel's parameters.
pub fn encode_tiled(p: &TmaParams, desc: &mut TmaDescriptor) -> Result<(), CUresult> {
    // SAFETY: the enums are the driver's, numbered as its header numbers them (tessel's values
    // are those numbers); the arrays hold `rank` entries (strides `rank - 1`).
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            desc as *mut TmaDescriptor as *mut sys::CUtensorMap,
            std::mem::transmute::<u32, sys::CUtensorMapDataType>(p.data_type),
            p.rank,
            p.global_address as *mut std::ffi::c_void,
            p.global_dim.as_ptr(),
            p.global_strides.as_ptr(),
            p.box_dim.as_ptr(),
            p.element_strides.as_ptr(),
            std::mem::transmute::<u32, sys::CUtensorMapInterleave>(p.interleave),
            std::mem::transmute::<u32, sys::CUtensorMapSwizzle>(p.swizzle as u32),
            std::mem::transmute::<u32, sys::CUtensorMapL2promotion>(p.l2_promotion),
            std::mem::transmute::<u32, sys::CUtensorMapFloatOOBfill>(p.oob_fill),
        )
    };
    match r {
        CUresult::CUDA_SUCCESS => Ok(()),
        e => Err(e),
    }
}

/// The descriptor of a K-major `rows x k` matrix of `T` at `ptr` and the kernel's stage (or
/// the stage type `S`).
macro_rules! tensor_map {
    ($T:ty, $S:ty, $ptr:expr, $rows:expr, $k:expr) => {
        ByValue(
            TensorMap::<$T, $S>::encode($ptr, &gmem($rows, $k), 1, encode_tiled)
                .expect("TMA descriptor"),
        )
    };
    ($T:ty, $ptr:expr, $rows:expr, $k:expr) => {
        tensor_map!($T, Stage<$T>, $ptr, $rows, $k)
    };
}

/// A K-major `rows x k` matrix.
pub fn gmem(rows: u32, k: u32) -> impl TmaGmem {
    let (rows, k) = (rows as usize, k as usize);
    layout!("(R,K):(ld,1)"; R = rows, K = k, ld = k)
}

/// The dynamic shared memory of `stages` stages of A and B, their barriers, and room to align.
fn shared(stages: u32) -> u32 {
    stages * 2 * 128 * 64 * 2 + 1024 + 16 * stages
}

/// `C = A B^T` for K-major `a` (`m x k`) and `b` (`n x k`) of bf16 (`bf16`) or f16, C
/// column-major: the kernel `f`.
fn launch(
    (f, stages): (&CudaFunction, u32),
    bf16: bool,
    stream: &Arc<CudaStream>,
    (m, n, k): (u32, u32, u32),
    (a, b): (&CudaSlice<u16>, &CudaSlice<u16>),
    c: &mut CudaSlice<f32>,
) -> Result<(), DriverError> {
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let cfg = LaunchConfig {
        grid_dim: (m.div_ceil(128), n.div_ceil(128), 1),
        block_dim: (128, 1, 1),
        shared_mem_bytes: shared(stages),
    };
    let mut builder = stream.launch_builder(f);
    let (ab, bb, af, bf);
    if bf16 {
        (ab, bb) = (tensor_map!(BF16, pa, m, k), tensor_map!(BF16, pb, n, k));
        builder.arg(&ab).arg(&bb);
    } else {
        (af, bf) = (tensor_map!(F16, pa, m, k), tensor_map!(F16, pb, n, k));
        builder.arg(&af).arg(&bf);
    }
    builder.arg(&m).arg(&n).arg(&k).arg(c);
    unsafe { builder.launch(cfg)? };
    Ok(())
}

/// The bf16 bits of an f32 that bf16 holds exactly.
pub fn bf16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    assert!(b & 0xffff == 0, "{x} is not exact in bf16");
    (b >> 16) as u16
}

/// Checks each kernel at several sizes (every element of the small ones, a sample of the large
/// ones, against exact sums on the CPU) and times it: the median of 20 samples of 10 launches.
#[allow(clippy::type_complexity)]
pub fn run(
    ctx: &Arc<cudarc::driver::CudaContext>,
    stream: &Arc<CudaStream>,
    kernels: Vec<(&'static str, CudaFunction, fn(f32) -> u16)>,
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<(), DriverError> {
    for (name, function, to_bits) in kernels {
        // A name ending `_4sN` has four stages (what the kernels' macro takes), else three.
        let stages = if name.contains("_4s") { 4 } else { 3 };
        function.set_attribute(
            CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            shared(stages) as i32,
        )?;
        for (m, n, k) in [
            (1000u32, 700u32, 328u32),
            (4096, 4096, 4096),
            (8192, 8192, 8192),
            (4000, 4000, 4000),
        ] {
            let ((a, b), (da, db)) = inputs(stream, (m, n, k), (to_bits, sixteenths), random)?;
            let mut dc = stream.alloc_zeros::<f32>((m * n) as usize)?;
            let bf16 = name.contains("bf16");
            let gemm = |dc: &mut CudaSlice<f32>| {
                launch((&function, stages), bf16, stream, (m, n, k), (&da, &db), dc)
            };
            gemm(&mut dc)?;
            let c = stream.memcpy_dtov(&dc)?;
            let cells = cells(m as usize, n as usize, random);
            let (mu, ku) = (m as usize, k as usize);
            let sums = exact_at(&a, &b, ku, &cells);
            let wrong = (cells.iter().zip(&sums))
                .filter(|&(&(i, j), &sum)| c[i + mu * j] != sum)
                .count();
            assert_eq!(
                wrong,
                0,
                "{name} {m}x{n}x{k}: {wrong} of {} elements wrong",
                cells.len()
            );
            let ms = median_ms(ctx, stream, || gemm(&mut dc))?;
            let tflops = 2.0 * m as f64 * n as f64 * k as f64 / (ms as f64 * 1e-3) / 1e12;
            println!("{name} {m}x{n}x{k}: {} elements equal to the CPU's; {ms:.3} ms, {tflops:.1} TFLOP/s", cells.len());
        }
    }
    Ok(())
}

/// Multiples of 1/16 in [-1/2, 1/2) from uniform [-1/2, 1/2): exact in bf16 and f16.
pub fn sixteenths(x: f32) -> f32 {
    (x * 16.0).floor() / 16.0
}

/// K-major A (`m x k`) and B (`n x k`) of `quantize`d random values, exact in the inputs' type
/// (`to_bits`), on the host and on the device.
#[allow(clippy::type_complexity)]
pub fn inputs<B: DeviceRepr>(
    stream: &Arc<CudaStream>,
    (m, n, k): (u32, u32, u32),
    (to_bits, quantize): (fn(f32) -> B, fn(f32) -> f32),
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<((Vec<f32>, Vec<f32>), (CudaSlice<B>, CudaSlice<B>)), DriverError> {
    let values = |v: Vec<f32>| -> Vec<f32> { v.into_iter().map(quantize).collect() };
    let (a, b) = (
        values(random((m * k) as usize, 4)),
        values(random((n * k) as usize, 5)),
    );
    let bits = |v: &[f32]| -> Vec<B> { v.iter().map(|&x| to_bits(x)).collect() };
    let (da, db) = (
        stream.memcpy_stod(&bits(&a))?,
        stream.memcpy_stod(&bits(&b))?,
    );
    Ok(((a, b), (da, db)))
}

/// The cells of an `m x n` output to check: every one of a small output, else 4096 at random
/// and the four corners.
pub fn cells(m: usize, n: usize, random: fn(usize, u64) -> Vec<f32>) -> Vec<(usize, usize)> {
    if m * n <= 1 << 20 {
        return (0..m * n).map(|p| (p % m, p / m)).collect();
    }
    let r = random(2 * 4096, 9);
    let at = |x: f32, size: usize| ((x + 0.5) * size as f32) as usize % size;
    (0..4096)
        .map(|i| (at(r[2 * i], m), at(r[2 * i + 1], n)))
        .chain([(0, 0), (m - 1, n - 1), (m - 1, 0), (0, n - 1)])
        .collect()
}

/// `C(i, j)` of K-major `a` and `b`, exact: the inputs are multiples of 1/16 in [-1/2, 1/2) (or
/// of 1/2 in [-2, 2)), so every sum of up to 2^16 products is exact in f32.
/// Exact in any order, so summed in 8 lanes (which vectorize).
pub fn exact(a: &[f32], b: &[f32], k: usize, (i, j): (usize, usize)) -> f32 {
    let (a, b) = (&a[i * k..(i + 1) * k], &b[j * k..(j + 1) * k]);
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = (a8.remainder().iter().zip(b8.remainder()))
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a8.zip(b8) {
        for l in 0..8 {
            lanes[l] += x[l] * y[l];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// [`exact`] at each of `cells`, on every core (a skinny size checks 2^20 sums of 8192).
pub fn exact_at(a: &[f32], b: &[f32], k: usize, cells: &[(usize, usize)]) -> Vec<f32> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = cells.len().div_ceil(cores).max(1);
    std::thread::scope(|s| {
        let parts: Vec<_> = cells
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || part.iter().map(|&c| exact(a, b, k, c)).collect::<Vec<_>>())
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("a CPU check thread"))
            .collect()
    })
}

/// The median time of one launch, in ms: 3 launches to warm up, then 20 samples of 10.
pub fn median_ms<E: From<DriverError>>(
    ctx: &Arc<cudarc::driver::CudaContext>,
    stream: &Arc<CudaStream>,
    mut launch: impl FnMut() -> Result<(), E>,
) -> Result<f32, E> {
    for _ in 0..3 {
        launch()?;
    }
    let mut samples = Vec::new();
    for _ in 0..20 {
        let start = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
        let end = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
        start.record(stream)?;
        for _ in 0..10 {
            launch()?;
        }
        end.record(stream)?;
        samples.push(start.elapsed_ms(&end)? / 10.0);
    }
    samples.sort_by(f32::total_cmp);
    Ok(samples[samples.len() / 2])
}

/// `check_tma_copy`: a ragged bf16 matrix copied through TMA loads and stores of `(128,128)`
/// tiles, the load's descriptor of the matrix flat (`nested` 0), of its rows as `(8, m/8)` (1) or
/// of its K as `(64, k/64)` (2, a box grown across the K leaf); equal to the source, and nothing
/// written past its edge (a guard after it keeps its values).
pub fn check_copy(
    stream: &Arc<CudaStream>,
    function: &CudaFunction,
    nested: u32,
    random: fn(usize, u64) -> Vec<f32>,
) -> Result<(), DriverError> {
    let (m, k) = (1000u32, if nested == 2 { 512u32 } else { 504 });
    let src: Vec<u16> = random((m * k) as usize, 11)
        .iter()
        .map(|x| (x.to_bits() >> 16) as u16)
        .collect();
    let guard = 4096usize;
    let dsrc = stream.memcpy_stod(&src)?;
    let dout = stream.memcpy_stod(&vec![0xffffu16; (m * k) as usize + guard])?;
    {
        let (pi, _gi) = dsrc.device_ptr(stream);
        let (po, _go) = dout.device_ptr(stream);
        let (mu, ku) = (m as usize, k as usize);
        let tin = ByValue(
            match nested {
                0 => TensorMap::<BF16, Wide>::encode(pi, &gmem(m, k), 1, encode_tiled),
                1 => {
                    let rows = layout!("((8,M8),K):((ld,ld8),1)"; M8 = mu / 8, K = ku, ld = ku, ld8 = 8 * ku);
                    TensorMap::<BF16, Wide>::encode(pi, &rows, 1, encode_tiled)
                }
                _ => {
                    let cols = layout!("(M,(64,K64)):(ld,(1,64))"; M = mu, K64 = ku / 64, ld = ku);
                    TensorMap::<BF16, Wide>::encode(pi, &cols, 1, encode_tiled)
                }
            }
            .expect("TMA descriptor"),
        );
        let tout = tensor_map!(BF16, Wide, po, m, k);
        let cfg = LaunchConfig {
            grid_dim: (m.div_ceil(128), k.div_ceil(128), 1),
            block_dim: (128, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut builder = stream.launch_builder(function);
        builder.arg(&tin).arg(&tout).arg(&m).arg(&k).arg(&nested);
        unsafe { builder.launch(cfg)? };
    }
    let out = stream.memcpy_dtov(&dout)?;
    let name = [
        "check_tma_copy",
        "check_tma_copy, rows (8,m/8)",
        "check_tma_copy, K (64,k/64)",
    ][nested as usize];
    let wrong = (0..src.len()).filter(|&i| out[i] != src[i]).count();
    assert_eq!(wrong, 0, "{name} {m}x{k}: {wrong} elements differ");
    assert!(
        out[src.len()..].iter().all(|&g| g == 0xffff),
        "{name} wrote past the matrix"
    );
    println!("{name} {m}x{k}: TMA load and store equal to the source, nothing past it");
    Ok(())
}

/// A reproducible uniform [-0.5, 0.5) sequence.
pub fn random(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9e3779b97f4a7c15) | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        })
        .collect()
}

/// The f16 bits of an f32 that f16 holds exactly (a normal number of at most 11 significant bits).
pub fn f16_bits(x: f32) -> u16 {
    if x == 0.0 {
        return 0;
    }
    let b = x.to_bits();
    let exponent = ((b >> 23) & 0xff) as i32 - 127 + 15;
    assert!(
        (1..31).contains(&exponent) && b & 0x1fff == 0,
        "{x} is not exact in f16"
    );
    (((b >> 16) & 0x8000) | (exponent as u32) << 10 | (b >> 13) & 0x3ff) as u16
}
