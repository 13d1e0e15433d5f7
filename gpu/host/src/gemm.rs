//! `C = epilogue(A B^T)` on Hopper in one call: the kernel picked for the shape, its
//! descriptors encoded from its own configuration type, and launched.
//!
//! A is `m x k` and B is `n x k`, both K-major (row-major: each row's `k` elements
//! contiguous); C is `m x n` column-major (each column's `m` elements contiguous), as cuBLAS's
//! `C = A^T B` with A and B "TN". The kernels are tessel's warp-specialized GEMMs
//! (`gpu/kernels/hopper`), built to PTX by this crate's build script and embedded.
//!
//! Post-conditions: on `Ok`, every element of C was written once by the picked kernel (split-K
//! sums its parts in an f32 workspace first); on `Err`, nothing was launched.
//!
//! ```no_run
//! use cudarc::driver::CudaContext;
//! use tessel::atom::element::BF16;
//! use tessel_cuda::gemm::{gemm, Epilogue};
//!
//! let stream = CudaContext::new(0)?.default_stream();
//! let (m, n, k) = (4096, 4096, 4096);
//! let a = stream.memcpy_stod(&vec![BF16::from_f32(1.0); m * k])?;
//! let b = stream.memcpy_stod(&vec![BF16::from_f32(0.5); n * k])?;
//! let mut c = stream.alloc_zeros::<BF16>(m * n)?;
//! let picked = gemm(&stream, (m, n, k), &a, &b, &mut c, Epilogue::None)?;
//! println!("{picked:?}"); // e.g. Choice { kernel: "gemm_tn_ws_bf16", parts: 1, group: 1 }
//! assert_eq!(stream.memcpy_dtov(&c)?[0].to_f32(), 2048.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::launch::{self, Fused, Kernel};
use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::SyncOnDrop;
use cudarc::driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DriverError};
use cudarc::nvrtc::Ptx;
use std::sync::{Arc, Mutex};
use tessel::atom::element::{Numeric, BF16, E4M3, F16};
use tessel::kernel::fusion::EpilogueArgs;

/// The PTX of `gpu/kernels/hopper`, built by this crate's build script.
pub const PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/hopper.ptx"));

/// Why a GEMM was not launched.
#[derive(Debug)]
pub enum GemmError {
    /// A size the kernels cannot take, or a buffer shorter than its matrix.
    Shape(String),
    /// No kernel for these types and this epilogue.
    Unsupported(String),
    /// A TMA descriptor the driver refused.
    Descriptor(String),
    /// The CUDA driver's error.
    Driver(DriverError),
}

impl std::fmt::Display for GemmError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            GemmError::Shape(s) => write!(f, "gemm: {s}"),
            GemmError::Unsupported(s) => write!(f, "gemm: no kernel for {s}"),
            GemmError::Descriptor(s) => write!(f, "gemm: TMA descriptor: {s}"),
            GemmError::Driver(e) => write!(f, "gemm: CUDA driver: {e:?}"),
        }
    }
}

impl std::error::Error for GemmError {}

impl From<DriverError> for GemmError {
    fn from(e: DriverError) -> Self {
        GemmError::Driver(e)
    }
}

/// An element type of A, B or C.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dtype {
    Bf16,
    F16,
    E4m3,
    F32,
}

/// The element types the kernels read and write (tessel's, which cudarc copies with tessel's
/// `cuda` feature).
pub trait Element: Numeric + cudarc::driver::DeviceRepr {
    const DTYPE: Dtype;
}
impl Element for BF16 {
    const DTYPE: Dtype = Dtype::Bf16;
}
impl Element for F16 {
    const DTYPE: Dtype = Dtype::F16;
}
impl Element for E4M3 {
    const DTYPE: Dtype = Dtype::E4m3;
}
impl Element for f32 {
    const DTYPE: Dtype = Dtype::F32;
}

/// What is applied to each accumulator `x` at `(i, j)` before C is written (the fusions of
/// `tessel::kernel::fusion`).
pub enum Epilogue<'a, O> {
    /// `x`.
    None,
    /// `gelu_tanh(x + bias[j])`: a bias a column of C (`n` of them).
    ColBiasGelu { bias: &'a CudaSlice<f32> },
    /// `relu(x + bias[i])`: a bias a row of C (`m` of them).
    RowBiasRelu { bias: &'a CudaSlice<f32> },
    /// `alpha x + beta source[i, j]`, the source column-major `m x n` as C.
    LinearCombination {
        alpha: f32,
        beta: f32,
        source: &'a CudaSlice<O>,
    },
    /// `x sigmoid(x)`.
    Silu,
    /// `scale x` (an e4m3 C), and `amax = max(amax, |x|)` over the output.
    ScaledAmax {
        scale: f32,
        amax: &'a CudaSlice<f32>,
    },
}

impl<O> Epilogue<'_, O> {
    fn fused(&self) -> Fused {
        match self {
            Epilogue::None => Fused::Plain,
            Epilogue::ColBiasGelu { .. } => Fused::ColBiasGelu,
            Epilogue::RowBiasRelu { .. } => Fused::RowBiasRelu,
            Epilogue::LinearCombination { .. } => Fused::AlphaBeta,
            Epilogue::Silu => Fused::Silu,
            Epilogue::ScaledAmax { .. } => Fused::ScaledAmax,
        }
    }
}

/// The kernel a call launched: its name, split-K's parts and the scheduler's group.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub kernel: &'static str,
    pub parts: u32,
    pub group: u32,
}

/// The kernels a call chooses from; the others in the PTX (`_3s`, `_noreg`, `_tma_store`) are
/// measured techniques.
pub const KERNELS: [&str; 12] = [
    "gemm_tn_ws_bf16",
    "gemm_tn_ws_bf16_pairs",
    "gemm_tn_ws_bf16_solo",
    "gemm_tn_ws_bf16_splitk",
    "gemm_tn_ws_bf16_pingpong",
    "gemm_tn_ws_f16",
    "gemm_tn_ws_e4m3",
    "gemm_tn_ws_e4m3_splitk",
    "gemm_tn_ws_bf16_bias_gelu",
    "gemm_tn_ws_bf16_alpha_beta",
    "gemm_tn_ws_f32_bias_relu",
    "gemm_tn_ws_f16_silu_tma_store",
];

/// Split-K's workspace on one stream: a tile's f32 sums a tile, and a flag a tile (zero
/// between launches).
type Workspace = Option<(CudaSlice<f32>, CudaSlice<u32>)>;

/// The kernels of one context, loaded once, and split-K's workspace for each stream it ran on.
/// [`gemm`] keeps one a context; a benchmark makes its own, to choose and launch apart:
///
/// ```no_run
/// use cudarc::driver::CudaContext;
/// use tessel::atom::element::BF16;
/// use tessel_cuda::gemm::{Choice, Dtype, Epilogue, Gemm};
/// use tessel_cuda::Fused;
///
/// let ctx = CudaContext::new(0)?;
/// let (stream, gemm) = (ctx.default_stream(), Gemm::new(&ctx)?);
/// let (m, n, k) = (8192, 128, 8192);
/// let choice = gemm.choose((Dtype::Bf16, Dtype::Bf16, Fused::Plain), (m, n, k))?;
/// assert_eq!(choice.kernel, "gemm_tn_ws_bf16_splitk"); // a skinny output: split-K
/// let a = stream.alloc_zeros::<BF16>(8192 * 8192)?;
/// let b = stream.alloc_zeros::<BF16>(128 * 8192)?;
/// let mut c = stream.alloc_zeros::<BF16>(8192 * 128)?;
/// let unsplit = Choice { parts: 1, ..choice };
/// gemm.launch(&stream, unsplit, (m, n, k), (&a, &b), &mut c, Epilogue::None)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Gemm {
    functions: Vec<(&'static str, CudaFunction)>,
    sms: u32,
    workspaces: Mutex<Vec<(usize, Workspace)>>,
}

impl Gemm {
    /// Loads the embedded kernels into `ctx`.
    pub fn new(ctx: &Arc<CudaContext>) -> Result<Gemm, GemmError> {
        Gemm::with_ptx(ctx, Ptx::from_src(PTX), &KERNELS)
    }

    /// Loads `names` of another build of the kernels (a benchmark's).
    pub fn with_ptx(
        ctx: &Arc<CudaContext>,
        ptx: Ptx,
        names: &[&'static str],
    ) -> Result<Gemm, GemmError> {
        let module = ctx.load_module(ptx)?;
        let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
        let mut functions = Vec::new();
        for &name in names {
            let f = module.load_function(name)?;
            Kernel::prepared(name, &f, 0)?;
            functions.push((name, f));
        }
        Ok(Gemm {
            functions,
            sms: sms as u32,
            workspaces: Mutex::new(Vec::new()),
        })
    }

    /// The kernels that compute `epilogue` from `T` into `O`.
    fn candidates(&self, input: Dtype, out: Dtype, fused: Fused) -> Vec<Kernel<'_>> {
        let kernels = self.functions.iter();
        kernels
            .filter_map(|(name, f)| Kernel::named(name, f, self.sms))
            .filter(|k| k.input == input && k.out.dtype == out && k.fused == fused)
            .collect()
    }

    /// The kernel, split and group `C = epilogue(A B^T)` gets at `(m, n, k)`, with its
    /// conditions checked.
    pub fn choose(
        &self,
        (input, out, fused): (Dtype, Dtype, Fused),
        (m, n, k): (u32, u32, u32),
    ) -> Result<Choice, GemmError> {
        let candidates = self.candidates(input, out, fused);
        let kernel = pick(&candidates, (m, n, k), self.sms).ok_or_else(|| {
            GemmError::Unsupported(format!("{input:?} inputs, a {out:?} output, {fused:?}"))
        })?;
        check(kernel, (m, n, k))?;
        Ok(Choice {
            kernel: kernel.name,
            parts: kernel.splits((m, n, k)),
            group: group((m, n)),
        })
    }

    /// `C = epilogue(A B^T)` with the kernel `choose` gives.
    pub fn run<T: Element, O: Element>(
        &self,
        stream: &Arc<CudaStream>,
        (m, n, k): (usize, usize, usize),
        (a, b): (&CudaSlice<T>, &CudaSlice<T>),
        c: &mut CudaSlice<O>,
        epilogue: Epilogue<O>,
    ) -> Result<Choice, GemmError> {
        let mnk = sizes((m, n, k))?;
        let choice = self.choose((T::DTYPE, O::DTYPE, epilogue.fused()), mnk)?;
        self.launch(stream, choice, mnk, (a, b), c, epilogue)?;
        Ok(choice)
    }

    /// `C = epilogue(A B^T)` with the kernel, split and group of `choice` (a benchmark's).
    pub fn launch<T: Element, O: Element>(
        &self,
        stream: &Arc<CudaStream>,
        choice: Choice,
        (m, n, k): (u32, u32, u32),
        (a, b): (&CudaSlice<T>, &CudaSlice<T>),
        c: &mut CudaSlice<O>,
        epilogue: Epilogue<O>,
    ) -> Result<(), GemmError> {
        let (name, f) = (self.functions.iter())
            .find(|(name, _)| *name == choice.kernel)
            .ok_or_else(|| GemmError::Unsupported(choice.kernel.to_string()))?;
        let named = Kernel::named(name, f, self.sms).expect("loaded by Kernel::prepared");
        // A kernel without split-K's epilogue has one part (`Some(1)`).
        let parts = choice.parts;
        if parts == 0 || (named.split.is_some() && parts != 1) {
            return Err(GemmError::Unsupported(format!("{name} in {parts} parts")));
        }
        let kernel = Kernel {
            split: Some(parts),
            ..named
        };
        check(&kernel, (m, n, k))?;
        let (mu, nu, ku) = (m as usize, n as usize, k as usize);
        at_least("A", a.len(), mu * ku)?;
        at_least("B", b.len(), nu * ku)?;
        at_least("C", c.len(), mu * nu)?;
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        let (pc, _gc) = c.device_ptr(stream);
        let (args, _held) = operands(&epilogue, stream, (mu, nu))?;
        let mnkg = (m, n, k, choice.group);
        // Split-K's epilogue reads its workspace only where a tile is split.
        if parts == 1 {
            return launch::launch(&kernel, stream, mnkg, (pa, pb, pc), (0, 0), args);
        }
        let mut all = self.workspaces.lock().expect("the workspaces' lock");
        let (s, f) = workspace(&mut all, stream, &kernel, (m, n))?;
        let (partial, _gs) = s.device_ptr(stream);
        let (flags, _gf) = f.device_ptr(stream);
        launch::launch(&kernel, stream, mnkg, (pa, pb, pc), (partial, flags), args)
    }
}

/// The epilogue's arguments, and its operands' device pointers held until the launch is queued.
fn operands<'a, O>(
    epilogue: &'a Epilogue<O>,
    stream: &'a CudaStream,
    (m, n): (usize, usize),
) -> Result<(EpilogueArgs, Option<SyncOnDrop<'a>>), GemmError> {
    let mut args = EpilogueArgs {
        alpha: 1.0,
        beta: 0.0,
        scale: 1.0,
        pad: 0,
        bias: 0,
        source: 0,
        amax: 0,
    };
    let held = match epilogue {
        Epilogue::ColBiasGelu { bias } | Epilogue::RowBiasRelu { bias } => {
            let len = if matches!(epilogue, Epilogue::ColBiasGelu { .. }) {
                n
            } else {
                m
            };
            at_least("the bias", bias.len(), len)?;
            let (p, g) = bias.device_ptr(stream);
            args.bias = p;
            Some(g)
        }
        Epilogue::LinearCombination {
            alpha,
            beta,
            source,
        } => {
            at_least("the source", source.len(), m * n)?;
            (args.alpha, args.beta) = (*alpha, *beta);
            let (p, g) = source.device_ptr(stream);
            args.source = p;
            Some(g)
        }
        Epilogue::ScaledAmax { scale, amax } => {
            at_least("amax", amax.len(), 1)?;
            args.scale = *scale;
            let (p, g) = amax.device_ptr(stream);
            args.amax = p;
            Some(g)
        }
        Epilogue::None | Epilogue::Silu => None,
    };
    Ok((args, held))
}

/// `stream`'s split-K workspace, grown to `kernel`'s tiles of an `m x n` output. Launches on one
/// stream run in order, so they share it; another stream gets its own.
fn workspace<'a>(
    all: &'a mut Vec<(usize, Workspace)>,
    stream: &Arc<CudaStream>,
    kernel: &Kernel,
    (m, n): (u32, u32),
) -> Result<&'a mut (CudaSlice<f32>, CudaSlice<u32>), GemmError> {
    let key = stream.cu_stream() as usize;
    let at = match all.iter().position(|(s, _)| *s == key) {
        Some(at) => at,
        None => {
            all.push((key, None));
            all.len() - 1
        }
    };
    let ws = &mut all[at].1;
    let tiles = kernel.tiles(m, n) as usize;
    let sums = tiles * (kernel.tile_m * kernel.tile_n) as usize;
    if ws
        .as_ref()
        .is_none_or(|(s, f)| s.len() < sums || f.len() < tiles)
    {
        // Zero flags: each launch leaves them zero for the next.
        *ws = Some((stream.alloc_zeros(sums)?, stream.alloc_zeros(tiles)?));
    }
    Ok(ws.as_mut().expect("allocated above"))
}

/// `C = epilogue(A B^T)` on `stream`'s device with the kernel picked for `(m, n, k)`: A
/// `m x k` and B `n x k` K-major, C `m x n` column-major. The kernels are loaded into the
/// stream's context at its first call.
pub fn gemm<T: Element, O: Element>(
    stream: &Arc<CudaStream>,
    mnk: (usize, usize, usize),
    a: &CudaSlice<T>,
    b: &CudaSlice<T>,
    c: &mut CudaSlice<O>,
    epilogue: Epilogue<O>,
) -> Result<Choice, GemmError> {
    static LOADED: Mutex<Vec<(usize, Arc<Gemm>)>> = Mutex::new(Vec::new());
    let ctx = stream.context();
    let key = ctx.cu_ctx() as usize;
    let gemm = {
        let mut loaded = LOADED.lock().expect("the kernels' lock");
        match loaded.iter().find(|(k, _)| *k == key) {
            Some((_, g)) => g.clone(),
            None => {
                let g = Arc::new(Gemm::new(ctx)?);
                loaded.push((key, g.clone()));
                g
            }
        }
    };
    gemm.run(stream, mnk, (a, b), c, epilogue)
}

/// The kernel for `(m, n, k)` among `candidates`, as cuBLAS's heuristics choose: the
/// cooperative pairs (128x256 a block, B shared by multicast) where their tiles fill the
/// multiprocessors; where they do not, split-K when K is long enough for parts of 16 K tiles,
/// else ping-pong's 128x128 tiles (more of them, and each one's epilogue hidden behind the
/// other consumer's mainloop).
fn pick<'a>(
    candidates: &'a [Kernel<'a>],
    (m, n, k): (u32, u32, u32),
    sms: u32,
) -> Option<&'a Kernel<'a>> {
    let named = |suffix: &str| candidates.iter().find(|c| c.name.ends_with(suffix));
    let pairs = candidates.iter().find(|c| c.cluster_m == 2);
    if candidates.len() <= 1 {
        return candidates.first();
    }
    if let Some(p) = pairs {
        if p.tiles(m, n) * p.cluster_m >= sms {
            return Some(p);
        }
    }
    let split = named("_splitk").filter(|s| s.splits((m, n, k)) > 1);
    split
        .or_else(|| named("_pingpong"))
        .or_else(|| named("_splitk"))
        .or(pairs)
}

/// The scheduler's group: 8 tiles along M for outputs of 8192 or more along both sides (L2
/// holds a group's rows of A and B), else 1.
fn group((m, n): (u32, u32)) -> u32 {
    if m >= 8192 && n >= 8192 {
        8
    } else {
        1
    }
}

/// The sizes as the kernels take them.
fn sizes((m, n, k): (usize, usize, usize)) -> Result<(u32, u32, u32), GemmError> {
    let small = |x: usize| u32::try_from(x).ok().filter(|&x| x > 0 && x < 1 << 31);
    match (small(m), small(n), small(k)) {
        (Some(m), Some(n), Some(k)) => Ok((m, n, k)),
        _ => Err(GemmError::Shape(format!(
            "{m}x{n}x{k}: each size from 1 to 2^31 - 1"
        ))),
    }
}

/// The conditions of `kernel` at `(m, n, k)`.
fn check(kernel: &Kernel, mnk: (u32, u32, u32)) -> Result<(), GemmError> {
    let store = kernel.tma_store.then_some((kernel.out.bytes, kernel.name));
    conditions(kernel.input, store, mnk)
}

/// K rows of A and B a multiple of 16 bytes (TMA's strides), and C's columns too where the
/// kernel stores C by TMA (`store`: C's element bytes and the kernel's name).
fn conditions(
    input: Dtype,
    store: Option<(usize, &str)>,
    (m, n, k): (u32, u32, u32),
) -> Result<(), GemmError> {
    let bytes = if input == Dtype::E4m3 { 1 } else { 2 };
    if !(u64::from(k) * bytes).is_multiple_of(16) {
        return Err(GemmError::Shape(format!(
            "{m}x{n}x{k}: K a multiple of {} (16-byte rows of A and B)",
            16 / bytes
        )));
    }
    if let Some((out, name)) = store {
        if !(m as usize * out).is_multiple_of(16) {
            return Err(GemmError::Shape(format!(
                "{m}x{n}x{k}: M a multiple of {} for {name}'s TMA store (16-byte columns of C)",
                16 / out
            )));
        }
    }
    Ok(())
}

/// A buffer holds its matrix.
fn at_least(what: &str, len: usize, need: usize) -> Result<(), GemmError> {
    if len < need {
        return Err(GemmError::Shape(format!(
            "{what} holds {len} elements, fewer than its {need}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message of a refusal.
    fn refused<T: std::fmt::Debug>(r: Result<T, GemmError>) -> String {
        r.expect_err("a size the kernels cannot take").to_string()
    }

    #[test]
    fn sizes_from_1_to_2_pow_31_are_taken() {
        assert_eq!(sizes((1, 1, 8)).unwrap(), (1, 1, 8));
        assert_eq!(sizes((1000, 703, 328)).unwrap(), (1000, 703, 328));
        let message = refused(sizes((4096, 0, 4096)));
        assert_eq!(message, "gemm: 4096x0x4096: each size from 1 to 2^31 - 1");
        refused(sizes((1 << 31, 1, 8)));
        refused(sizes((1, 1, usize::MAX)));
    }

    #[test]
    fn k_rows_are_16_bytes_and_a_tma_store_needs_16_byte_columns() {
        let (bf16, e4m3) = (Dtype::Bf16, Dtype::E4m3);
        assert!(conditions(bf16, None, (1001, 703, 8)).is_ok());
        let message = refused(conditions(bf16, None, (4096, 4096, 12)));
        assert_eq!(
            message,
            "gemm: 4096x4096x12: K a multiple of 8 (16-byte rows of A and B)"
        );
        let message = refused(conditions(e4m3, None, (128, 128, 8)));
        assert_eq!(
            message,
            "gemm: 128x128x8: K a multiple of 16 (16-byte rows of A and B)"
        );
        assert!(conditions(e4m3, None, (128, 128, 336)).is_ok());
        // K near 2^31: no overflow on the way to the answer.
        assert!(conditions(bf16, None, (1, 1, (1 << 31) - 8)).is_ok());
        let silu = Some((2, "gemm_tn_ws_f16_silu_tma_store"));
        assert!(conditions(Dtype::F16, silu, (1000, 700, 328)).is_ok());
        let message = refused(conditions(Dtype::F16, silu, (1001, 700, 328)));
        assert_eq!(
            message,
            "gemm: 1001x700x328: M a multiple of 8 for gemm_tn_ws_f16_silu_tma_store's TMA store \
             (16-byte columns of C)"
        );
    }

    #[test]
    fn a_buffer_shorter_than_its_matrix_is_refused() {
        assert!(at_least("A", 1000 * 328, 1000 * 328).is_ok());
        let message = refused(at_least("the bias", 699, 700));
        assert_eq!(
            message,
            "gemm: the bias holds 699 elements, fewer than its 700"
        );
    }
}
