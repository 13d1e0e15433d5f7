//! The warp-specialized persistent GEMMs (`gemm_tn_ws_bf16`, `_f16`, `_e4m3`): descriptors of
//! A's `(128,BK)` and B's `(256,BK)` stages (128-byte K tiles; of B's half in pairs sharing it),
//! a grid of one block a multiprocessor (an even number in pairs), C in bf16 or f16; checked against the CPU (the exact sum rounded as the
//! kernel rounds it) at every size the issue names, and timed for several scheduler groups.

use crate::hopper::{bf16_bits, cells, encode_tiled, exact, gmem, inputs, median_ms, sixteenths};
use crate::hopper::{tensor_map, ByValue};
use cudarc::driver::sys::{CUdevice_attribute, CUfunction_attribute};
use cudarc::driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DeviceRepr};
use cudarc::driver::{DriverError, LaunchConfig, PushKernelArg};
use std::marker::PhantomData;
use std::sync::Arc;
use tessel::atom::element::{BF16, E4M3, F16};
use tessel::atom::tma::{TensorMap, TmaGmem};
use tessel::layout;
use ws_config::{Bf16Pairs, Bf16PairsOwnB, Bf16Solo, Bf16Solo3s, Bf16SoloNoreg};
use ws_config::{Bf16SoloTmaStore, Bf16SplitK, E4m3Pairs, E4m3SplitK, F16Pairs};
use ws_config::{StageC, WsConfig};

/// The kernels' configurations, the kernel crate's own file: what each kernel's shared memory,
/// tile and launch are.
#[path = "../../kernels/src/ws_config.rs"]
#[allow(dead_code)] // what only the kernels read (the stages' K, registers)
mod ws_config;

/// A kernel's input type.
#[derive(Clone, Copy, PartialEq)]
enum Input {
    Bf16,
    F16,
    E4m3,
}

/// The input type of an element type.
trait InputOf {
    const INPUT: Input;
}
impl InputOf for BF16 {
    const INPUT: Input = Input::Bf16;
}
impl InputOf for F16 {
    const INPUT: Input = Input::F16;
}
impl InputOf for E4M3 {
    const INPUT: Input = Input::E4m3;
}

/// What a launch passes after A's and B's descriptors: C's descriptor, the sizes, the scheduler's
/// group and split-K's parts, then C and split-K's workspace.
type Rest<'a> = (
    &'a ByValue<TensorMap<BF16, StageC>>,
    [u32; 5],
    (&'a mut CudaSlice<u16>, &'a mut Workspace),
);

/// A launch with A's descriptor of `pa` and B's of `pb`, of a configuration's tiles.
trait Go {
    fn go(
        &self,
        kernel: &Kernel,
        stream: &Arc<CudaStream>,
        cfg: LaunchConfig,
        at: (u64, u64),
        rest: Rest<'_>,
    ) -> Result<(), DriverError>;
}

/// The configuration `Cfg`'s launch.
struct Of<Cfg>(PhantomData<Cfg>);

/// A kernel and how it is launched, read from its configuration: its input type, its tile, its
/// dynamic shared memory, its descriptors' types, the most blocks of its grid (the
/// multiprocessors for a persistent launch), and split-K's parts (`None`: as many as keep the
/// multiprocessors busy).
#[derive(Clone, Copy)]
struct Kernel<'a> {
    f: &'a CudaFunction,
    input: Input,
    tile_n: u32,
    shared: u32,
    tile_m: u32,
    cluster_m: u32,
    threads: u32,
    split: Option<u32>,
    blocks: u32,
    go: &'static dyn Go,
}

/// [`go`] with A's and B's descriptors of the configuration's tiles.
impl<Cfg: WsConfig> Go for Of<Cfg> {
    fn go(
        &self,
        kernel: &Kernel,
        stream: &Arc<CudaStream>,
        cfg: LaunchConfig,
        (pa, pb): (u64, u64),
        rest: Rest<'_>,
    ) -> Result<(), DriverError> {
        let [m, n, k, ..] = rest.1;
        let a = tensor_map!(Cfg::In, Cfg::StageA, pa, m, k);
        let b = tensor_map!(Cfg::In, Cfg::LoadB, pb, n, k);
        go(kernel, stream, cfg, (a, b), rest)
    }
}

impl Kernel<'_> {
    /// The kernel of configuration `Cfg`.
    fn of<Cfg: WsConfig + 'static>(f: &CudaFunction, blocks: u32) -> Kernel<'_>
    where
        Cfg::In: InputOf,
    {
        Kernel {
            f,
            input: Cfg::In::INPUT,
            tile_n: Cfg::BN as u32,
            shared: Cfg::SHARED_BYTES,
            tile_m: (Cfg::BM * Cfg::CLUSTER_M) as u32,
            cluster_m: Cfg::CLUSTER_M as u32,
            threads: Cfg::THREADS as u32,
            split: if Cfg::SPLIT { None } else { Some(1) },
            blocks,
            go: &Of::<Cfg>(PhantomData),
        }
    }

    /// The kernel of that name.
    fn named<'a>(name: &str, f: &'a CudaFunction, blocks: u32) -> Kernel<'a> {
        match name {
            "gemm_tn_ws_bf16" => Kernel::of::<Bf16Pairs>(f, blocks),
            "gemm_tn_ws_f16" => Kernel::of::<F16Pairs>(f, blocks),
            "gemm_tn_ws_e4m3" => Kernel::of::<E4m3Pairs>(f, blocks),
            "gemm_tn_ws_bf16_splitk" => Kernel::of::<Bf16SplitK>(f, blocks),
            "gemm_tn_ws_e4m3_splitk" => Kernel::of::<E4m3SplitK>(f, blocks),
            "gemm_tn_ws_bf16_solo" => Kernel::of::<Bf16Solo>(f, blocks),
            "gemm_tn_ws_bf16_3s" => Kernel::of::<Bf16Solo3s>(f, blocks),
            "gemm_tn_ws_bf16_noreg" => Kernel::of::<Bf16SoloNoreg>(f, blocks),
            "gemm_tn_ws_bf16_tma_store" => Kernel::of::<Bf16SoloTmaStore>(f, blocks),
            "gemm_tn_ws_bf16_pairs" => Kernel::of::<Bf16PairsOwnB>(f, blocks),
            _ => panic!("{name}: no configuration"),
        }
    }

    /// The tiles of an `m x n` output (of a cluster's rows).
    fn tiles(&self, m: u32, n: u32) -> u32 {
        m.div_ceil(self.tile_m) * n.div_ceil(self.tile_n)
    }

    /// Split-K's parts: as many as fill the multiprocessors with the output's tiles, each
    /// part at least 16 K tiles of 128 bytes (at 1000x700x328, parts of 3 K tiles gave 41.9
    /// TFLOP/s against 51.1 unsplit; at 8192x128x8192, parts of 64 gave 381 against 271).
    fn splits(&self, (m, n, k): (u32, u32, u32)) -> u32 {
        let k_tiles = k.div_ceil(if self.input == Input::E4m3 { 128 } else { 64 });
        let fill = (self.blocks / self.tiles(m, n).max(1)).clamp(1, (k_tiles / 16).max(1));
        self.split.unwrap_or(fill)
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

/// A column-major `m x n` matrix.
fn gmem_mn(m: u32, n: u32) -> impl TmaGmem {
    let (m, n) = (m as usize, n as usize);
    layout!("(M,N):(1,ld)"; M = m, N = n, ld = m)
}

/// Split-K's workspace: a tile's f32 sums a tile and a flag a tile (zero).
type Workspace = (CudaSlice<f32>, CudaSlice<u32>);

/// One launch: `C = A B^T` into `c` (column-major, bf16 or f16).
fn launch<B>(
    kernel: &Kernel,
    stream: &Arc<CudaStream>,
    (m, n, k, group): (u32, u32, u32, u32),
    (a, b): (&CudaSlice<B>, &CudaSlice<B>),
    (c, ws): (&mut CudaSlice<u16>, &mut Workspace),
) -> Result<(), DriverError> {
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    // As many blocks (clusters) as fit, each taking its tiles or their parts.
    let splits = kernel.splits((m, n, k));
    let units = kernel.tiles(m, n) * splits;
    let grid = kernel.cluster_m * units.min(kernel.blocks / kernel.cluster_m);
    let cfg = LaunchConfig {
        grid_dim: (grid, 1, 1),
        block_dim: (kernel.threads, 1, 1),
        shared_mem_bytes: kernel.shared,
    };
    // C's descriptor, column-major (read by the TMA-store epilogue only).
    let pc = c.device_ptr(stream).0;
    let c_map = ByValue(
        TensorMap::<BF16, StageC>::encode(pc, &gmem_mn(m, n), 1, encode_tiled)
            .expect("TMA descriptor"),
    );
    let rest = (&c_map, [m, n, k, group, splits], (c, ws));
    kernel.go.go(kernel, stream, cfg, (pa, pb), rest)
}

/// The launch itself, with A's and B's descriptors and the parameters after them.
#[allow(clippy::type_complexity)]
fn go<MA: DeviceRepr, MB: DeviceRepr>(
    kernel: &Kernel,
    stream: &Arc<CudaStream>,
    cfg: LaunchConfig,
    (ma, mb): (MA, MB),
    (c_map, [m, n, k, group, splits], (c, (partial, flags))): Rest<'_>,
) -> Result<(), DriverError> {
    let mut builder = stream.launch_builder(kernel.f);
    builder.arg(&ma).arg(&mb).arg(c_map);
    builder.arg(&m).arg(&n).arg(&k).arg(&group).arg(&splits);
    builder.arg(partial).arg(flags).arg(c);
    unsafe { builder.launch(cfg)? };
    Ok(())
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
) -> Result<bool, DriverError> {
    let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
    let mut equal = true;
    for (name, function) in &kernels {
        let kernel = Kernel::named(name, function, sms);
        function.set_attribute(
            CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            kernel.shared as i32,
        )?;
        // e4m3's K is a multiple of 16 (TMA's 16-byte strides): 336 for the ragged size.
        let ragged = (
            1000,
            700,
            if kernel.input == Input::E4m3 {
                336
            } else {
                328
            },
        );
        let (skinny, square) = (
            [(8192, 128, 8192), (128, 8192, 8192)],
            [(4096, 4096, 4096), (8192, 8192, 8192)],
        );
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
            for size in sizes {
                equal &= check_and_time(ctx, stream, name, &kernel, size, &[1, 4, 8, 16], random)?;
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
    let round = |x: f32| {
        if kernel.input == Input::F16 {
            F16::from_f32(x).0
        } else {
            BF16::from_f32(x).0
        }
    };
    let ((a, b), (da, db)) = inputs(stream, (m, n, k), values, random)?;
    let mut dc = stream.alloc_zeros::<u16>((m * n) as usize)?;
    let tiles = kernel.tiles(m, n) as usize;
    let (sums, flags) = (tiles * (kernel.tile_m * kernel.tile_n) as usize, tiles);
    let mut ws = (
        stream.alloc_zeros::<f32>(sums)?,
        stream.alloc_zeros::<u32>(flags)?,
    );
    let gemm = |group: u32, dc: &mut CudaSlice<u16>, ws: &mut Workspace| {
        launch(kernel, stream, (m, n, k, group), (&da, &db), (dc, ws))
    };
    gemm(8, &mut dc, &mut ws)?;
    let c = stream.memcpy_dtov(&dc)?;
    // Split-K leaves its flags zero for the next launch.
    let flags = stream.memcpy_dtov(&ws.1)?;
    if flags.iter().any(|&f| f != 0) {
        println!("{name} {m}x{n}x{k}: WRONG: split-K's flags are not zero after the launch");
        return Ok(false);
    }
    let cells = cells(m as usize, n as usize, random);
    let (mu, ku) = (m as usize, k as usize);
    let wrong: Vec<_> = cells
        .iter()
        .filter(|&&(i, j)| c[i + mu * j] != round(exact(&a, &b, ku, (i, j))))
        .collect();
    if let Some(&&(i, j)) = wrong.first() {
        let (got, want) = (c[i + mu * j], exact(&a, &b, ku, (i, j)));
        println!("{name} {m}x{n}x{k}: WRONG: {} of {} elements differ; C({i},{j}) = {got:#06x}, the exact sum {want}", wrong.len(), cells.len());
        return Ok(false);
    }
    dump(name, (m, n, k), (&da, &db), &dc, stream)?;
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
    println!(
        "{name} {m}x{n}x{k}: {} elements equal to the CPU's; {best:.1} TFLOP/s ({})",
        cells.len(),
        groups.join(", ")
    );
    Ok(true)
}

/// The kernels whose outputs `gpu/torch_check.py` holds against torch's.
const AGAINST_TORCH: [&str; 5] = [
    "gemm_tn_ws_bf16",
    "gemm_tn_ws_f16",
    "gemm_tn_ws_e4m3",
    "gemm_tn_ws_bf16_splitk",
    "gemm_tn_ws_e4m3_splitk",
];

/// With `TESSEL_DUMP=DIR`, writes the inputs' bits and C's of one of [`AGAINST_TORCH`] at one
/// size to `DIR/NAME_MxNxK.{a,b,c}` (A `m x k` and B `n x k` row-major, C column-major), for
/// `gpu/torch_check.py` to compare with torch's product of the same inputs.
fn dump<B: DeviceRepr>(
    name: &str,
    (m, n, k): (u32, u32, u32),
    (da, db): (&CudaSlice<B>, &CudaSlice<B>),
    dc: &CudaSlice<u16>,
    stream: &Arc<CudaStream>,
) -> Result<(), DriverError> {
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
    Ok(())
}

/// A slice's bytes.
fn as_bytes<B>(v: &[B]) -> &[u8] {
    // SAFETY: the elements are plain bits (u8, u16), without padding.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}
