//! How the host launches a warp-specialized GEMM: everything read from the kernel's
//! configuration type (`ws_config.rs`, the kernel crate's own file): its descriptors' tiles,
//! shared memory, tile, cluster, threads, epilogue and split-K.

use crate::gemm::{Dtype, Element, GemmError};
use crate::hopper::{encode_tiled, gmem, ByValue};
use crate::ws_config::{Bf16AlphaBeta, Bf16BiasGelu, Bf16Pairs, Bf16PairsOwnB, Bf16Solo};
use crate::ws_config::{Bf16E4m3Amax, Bf16Pingpong, F16SiluTmaStore, F32BiasRelu};
use crate::ws_config::{Bf16Solo3s, Bf16SoloNoreg, Bf16SoloTmaStore, Bf16SplitK, E4m3Pairs};
use crate::ws_config::{E4m3SplitK, F16Pairs};
use cudarc::driver::sys::CUfunction_attribute;
use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use std::marker::PhantomData;
use std::sync::Arc;
use tessel::atom::element::{BF16, E4M3, F16};
use tessel::atom::tma::{TensorMap, TmaElement, TmaGmem, TmaTile};
use tessel::kernel::epilogue::{Direct, DirectAmax, EpilogueParts, SplitK, TmaStore};
use tessel::kernel::fusion::{ColBias, EpilogueArgs, Gelu, Identity, LinearCombination};
use tessel::kernel::fusion::{Relu, RowBias, Silu};
use tessel::kernel::gemm::{GemmArgs, GemmKernel, Out};
use tessel::layout;

/// The descriptor of a global tensor of `T` at `address` for the tile `S`.
pub(crate) fn descriptor<T: TmaElement, S: TmaTile>(
    address: u64,
    gmem: &impl TmaGmem,
) -> Result<ByValue<TensorMap<T, S>>, GemmError> {
    TensorMap::<T, S>::encode(address, gmem, 1, encode_tiled)
        .map(ByValue)
        .map_err(|e| GemmError::Descriptor(format!("{e:?}")))
}

/// One launch of `kernel`: `C = F(A B^T)`, A and B K-major at `pa` and `pb`, C column-major at
/// `pc`; split-K's workspace (a tile's sums, a flag a tile) at `ws`. As many blocks (clusters)
/// as fit, each taking its tiles or their parts.
pub(crate) fn launch(
    kernel: &Kernel,
    stream: &Arc<CudaStream>,
    (m, n, k, group): (u32, u32, u32, u32),
    (pa, pb, pc): (u64, u64, u64),
    (partial, flags): (u64, u64),
    epilogue: EpilogueArgs,
) -> Result<(), GemmError> {
    let splits = kernel.splits((m, n, k));
    let units = kernel.tiles(m, n) * splits;
    let grid = kernel.cluster_m * units.min(kernel.blocks / kernel.cluster_m);
    let cfg = LaunchConfig {
        grid_dim: (grid, 1, 1),
        block_dim: (kernel.threads, 1, 1),
        shared_mem_bytes: kernel.shared,
    };
    let args = GemmArgs {
        mnk: [m, n, k],
        group,
        splits,
        pad: 0,
        c: pc,
        partial,
        flags,
        epilogue,
    };
    kernel.go.go(kernel, stream, cfg, (pa, pb), args)
}

/// A kernel's output type: its bytes, and an element's value from its bits.
#[derive(Clone, Copy)]
pub(crate) struct OutType {
    pub(crate) dtype: Dtype,
    pub(crate) bytes: usize,
    pub(crate) value: fn(&[u8]) -> f32,
    pub(crate) round: fn(f32) -> f32,
}
pub(crate) trait OutOf: Element {
    const OUT: OutType = OutType {
        dtype: Self::DTYPE,
        bytes: core::mem::size_of::<Self>(),
        value: |b| Self::read(b).to_f32(),
        round: |x| Self::from_f32(x).to_f32(),
    };
    fn read(b: &[u8]) -> Self;
}
impl OutOf for BF16 {
    fn read(b: &[u8]) -> Self {
        BF16(u16::from_le_bytes([b[0], b[1]]))
    }
}
impl OutOf for F16 {
    fn read(b: &[u8]) -> Self {
        F16(u16::from_le_bytes([b[0], b[1]]))
    }
}
impl OutOf for E4M3 {
    fn read(b: &[u8]) -> Self {
        E4M3(b[0])
    }
}
impl OutOf for f32 {
    fn read(b: &[u8]) -> Self {
        f32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
}

/// What a kernel's epilogue computes of each accumulator (`gemm::Epilogue`'s kinds).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fused {
    Plain,
    ColBiasGelu,
    AlphaBeta,
    RowBiasRelu,
    Silu,
    ScaledAmax,
}
/// The fusion of an epilogue type.
pub(crate) trait FusedOf {
    const FUSED: Fused;
}
macro_rules! fused_of {
    ($($F:ty => $v:ident;)+) => {$(
        impl<O> FusedOf for Direct<O, $F> {
            const FUSED: Fused = Fused::$v;
        }
        impl<O, S> FusedOf for TmaStore<O, $F, S> {
            const FUSED: Fused = Fused::$v;
        }
    )+};
}
fused_of! {
    Identity => Plain;
    (ColBias, Gelu) => ColBiasGelu;
    LinearCombination => AlphaBeta;
    (RowBias, Relu) => RowBiasRelu;
    Silu => Silu;
}
impl<O> FusedOf for DirectAmax<O, Identity> {
    const FUSED: Fused = Fused::ScaledAmax;
}
impl<E: FusedOf> FusedOf for SplitK<E> {
    const FUSED: Fused = E::FUSED;
}

/// C's descriptor of an epilogue: a TMA store's, of its tile; or none (zero bytes of a
/// descriptor the kernel never reads, which any `m` takes).
pub(crate) trait CMap {
    fn c_map(pc: u64, m: u32, n: u32) -> Result<ByValue<TensorMap<u8, ()>>, GemmError>;
}
impl<O, F> CMap for Direct<O, F> {
    fn c_map(_: u64, _: u32, _: u32) -> Result<ByValue<TensorMap<u8, ()>>, GemmError> {
        // SAFETY: a TensorMap is plain integers; zero is one (never read).
        Ok(ByValue(unsafe { std::mem::zeroed() }))
    }
}
impl<O, F> CMap for DirectAmax<O, F> {
    fn c_map(_: u64, _: u32, _: u32) -> Result<ByValue<TensorMap<u8, ()>>, GemmError> {
        // SAFETY: as `Direct`'s.
        Ok(ByValue(unsafe { std::mem::zeroed() }))
    }
}
impl<E: CMap> CMap for SplitK<E> {
    fn c_map(pc: u64, m: u32, n: u32) -> Result<ByValue<TensorMap<u8, ()>>, GemmError> {
        E::c_map(pc, m, n)
    }
}
impl<O: TmaElement, F, S: TmaTile> CMap for TmaStore<O, F, S> {
    fn c_map(pc: u64, m: u32, n: u32) -> Result<ByValue<TensorMap<u8, ()>>, GemmError> {
        // C column-major: TMA's 16-byte strides need `m` elements a multiple of 16 bytes.
        let ByValue(map) = descriptor::<O, S>(pc, &gmem_mn(m, n))?;
        // SAFETY: one layout of 256 bytes whatever the types.
        Ok(ByValue(unsafe {
            std::mem::transmute::<TensorMap<O, S>, TensorMap<u8, ()>>(map)
        }))
    }
}

/// A launch with A's descriptor of `pa` and B's of `pb`, of a configuration's tiles.
pub(crate) trait Go {
    fn go(
        &self,
        kernel: &Kernel,
        stream: &Arc<CudaStream>,
        cfg: LaunchConfig,
        at: (u64, u64),
        args: GemmArgs,
    ) -> Result<(), GemmError>;
}

/// The configuration `K`'s launch.
pub(crate) struct Of<K>(PhantomData<K>);

/// A kernel and how it is launched, read from its configuration: its input and output types,
/// its fusion, its tile, its dynamic shared memory, the most blocks of its grid (the
/// multiprocessors for a persistent launch), and split-K's parts (`None`: as many as keep the
/// multiprocessors busy).
#[derive(Clone, Copy)]
pub(crate) struct Kernel<'a> {
    pub(crate) name: &'static str,
    pub(crate) f: &'a CudaFunction,
    pub(crate) input: Dtype,
    pub(crate) out: OutType,
    pub(crate) fused: Fused,
    pub(crate) tile_n: u32,
    pub(crate) shared: u32,
    pub(crate) tile_m: u32,
    pub(crate) cluster_m: u32,
    pub(crate) threads: u32,
    pub(crate) split: Option<u32>,
    pub(crate) tma_store: bool,
    pub(crate) blocks: u32,
    pub(crate) go: &'static dyn Go,
}

impl<K: GemmKernel> Go for Of<K>
where
    K::In: TmaElement,
    K::TileA: TmaTile,
    K::LoadB: TmaTile,
    K::Epilogue: CMap,
{
    fn go(
        &self,
        kernel: &Kernel,
        stream: &Arc<CudaStream>,
        cfg: LaunchConfig,
        (pa, pb): (u64, u64),
        args: GemmArgs,
    ) -> Result<(), GemmError> {
        let [m, n, k] = args.mnk;
        let a = descriptor::<K::In, K::TileA>(pa, &gmem(m, k))?;
        let b = descriptor::<K::In, K::LoadB>(pb, &gmem(n, k))?;
        let c = K::Epilogue::c_map(args.c, m, n)?;
        let args = ByValue(args);
        let mut builder = stream.launch_builder(kernel.f);
        builder.arg(&a).arg(&b).arg(&c).arg(&args);
        unsafe { builder.launch(cfg)? };
        Ok(())
    }
}

impl Kernel<'_> {
    /// The kernel of configuration `K`.
    pub(crate) fn of<K: GemmKernel + 'static>(f: &CudaFunction, blocks: u32) -> Kernel<'_>
    where
        K::In: Element + TmaElement,
        Out<K>: OutOf,
        K::Epilogue: FusedOf + EpilogueParts,
        K::TileA: TmaTile,
        K::LoadB: TmaTile,
        K::Epilogue: CMap,
    {
        Kernel {
            name: "",
            f,
            input: K::In::DTYPE,
            out: Out::<K>::OUT,
            fused: K::Epilogue::FUSED,
            tile_n: K::BN as u32,
            shared: K::SHARED_BYTES,
            tile_m: (K::BM * K::CLUSTER_M) as u32,
            cluster_m: K::CLUSTER_M as u32,
            threads: K::THREADS as u32,
            split: if K::SPLIT { None } else { Some(1) },
            tma_store: <K::Epilogue as EpilogueParts>::TMA,
            blocks,
            go: &Of::<K>(PhantomData),
        }
    }

    /// The kernel of that name, if it has a configuration.
    pub(crate) fn named<'a>(
        name: &'static str,
        f: &'a CudaFunction,
        blocks: u32,
    ) -> Option<Kernel<'a>> {
        let kernel = match name {
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
            "gemm_tn_ws_bf16_bias_gelu" => Kernel::of::<Bf16BiasGelu>(f, blocks),
            "gemm_tn_ws_bf16_alpha_beta" => Kernel::of::<Bf16AlphaBeta>(f, blocks),
            "gemm_tn_ws_f32_bias_relu" => Kernel::of::<F32BiasRelu>(f, blocks),
            "gemm_tn_ws_f16_silu_tma_store" => Kernel::of::<F16SiluTmaStore>(f, blocks),
            "gemm_tn_ws_bf16_pingpong" => Kernel::of::<Bf16Pingpong>(f, blocks),
            "gemm_tn_ws_bf16_e4m3_amax" => Kernel::of::<Bf16E4m3Amax>(f, blocks),
            _ => return None,
        };
        Some(Kernel { name, ..kernel })
    }

    /// The kernel of that name, its function allowed the dynamic shared memory it needs.
    pub(crate) fn prepared<'a>(
        name: &'static str,
        f: &'a CudaFunction,
        blocks: u32,
    ) -> Result<Kernel<'a>, GemmError> {
        let kernel = Kernel::named(name, f, blocks).ok_or_else(|| {
            GemmError::Unsupported(format!("{name}: no configuration in ws_config.rs"))
        })?;
        f.set_attribute(
            CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            kernel.shared as i32,
        )?;
        Ok(kernel)
    }

    /// The tiles of an `m x n` output (of a cluster's rows).
    pub(crate) fn tiles(&self, m: u32, n: u32) -> u32 {
        m.div_ceil(self.tile_m) * n.div_ceil(self.tile_n)
    }

    /// Split-K's parts: as many as fill the multiprocessors with the output's tiles, each
    /// part at least 16 K tiles of 128 bytes (at 1000x700x328, parts of 3 K tiles gave 41.9
    /// TFLOP/s against 51.1 unsplit; at 8192x128x8192, parts of 64 gave 381 against 271).
    pub(crate) fn splits(&self, (m, n, k): (u32, u32, u32)) -> u32 {
        let k_tiles = k.div_ceil(if self.input == Dtype::E4m3 { 128 } else { 64 });
        let fill = (self.blocks / self.tiles(m, n).max(1)).clamp(1, (k_tiles / 16).max(1));
        self.split.unwrap_or(fill)
    }
}

/// A column-major `m x n` matrix.
pub(crate) fn gmem_mn(m: u32, n: u32) -> impl TmaGmem {
    let (m, n) = (m as usize, n as usize);
    layout!("(M,N):(1,ld)"; M = m, N = n, ld = m)
}

/// Split-K's workspace: a tile's f32 sums a tile and a flag a tile (zero).
pub(crate) type Workspace = (CudaSlice<f32>, CudaSlice<u32>);
