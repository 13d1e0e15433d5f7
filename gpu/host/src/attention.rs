//! FlashAttention's forward pass on the host: [`attention`], one call that picks the kernel for
//! the head dim and launches it. The kernels (`gpu/kernels/attention`, on tessel's kernel layer)
//! are built to PTX by this crate's build script and embedded.
//!
//! Q, K, V and O are `(batch, seqlen, heads, head_dim)`, the head dim contiguous (torch's
//! `(b, s, h, d)` and FlashAttention's layout); K and V have `kv_heads` heads dividing Q's
//! (grouped-query attention); the LSE is `(batch, heads, seqlen_q)` f32. Causal attention is
//! aligned to the bottom right, as FlashAttention defines it.
//!
//! Post-conditions: on `Ok`, every element of O and the LSE was written once; a row without keys
//! has O = 0 and LSE = -inf; on `Err`, nothing was launched.
//!
//! ```no_run
//! use cudarc::driver::CudaContext;
//! use tessel::atom::element::BF16;
//! use tessel_cuda::attention::{attention, Heads};
//! let ctx = CudaContext::new(0)?;
//! let stream = ctx.default_stream();
//! // 2 sequences of 1000 tokens, 16 heads of 128, 4 key/value heads.
//! let (b, s, h, hk, d) = (2, 1000, 16, 4, 128);
//! let q = stream.alloc_zeros::<BF16>(b * s * h * d)?;
//! let kv = stream.alloc_zeros::<BF16>(b * s * hk * d)?;
//! let mut o = stream.alloc_zeros::<BF16>(b * s * h * d)?;
//! let mut lse = stream.alloc_zeros::<f32>(b * h * s)?;
//! let kernel = attention(
//!     &stream,
//!     Heads::new(&q, b, s, h, d),
//!     Heads::new(&kv, b, s, hk, d),
//!     Heads::new(&kv, b, s, hk, d),
//!     &mut o,
//!     &mut lse,
//!     true,
//!     1.0 / (d as f32).sqrt(),
//! )?;
//! assert_eq!(kernel, "flash_attention_fwd_bf16_hdim128");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::attention_config::{Bf16Hdim128, Bf16Hdim128Sequential, Bf16Hdim128Unordered};
use crate::attention_config::{Bf16Hdim256, Bf16Hdim64};
use crate::attention_config::{F16Hdim128, F16Hdim256, F16Hdim64};
use crate::gemm::{Dtype, Element, GemmError};
use crate::hopper::ByValue;
use crate::launch::descriptor;
use cudarc::driver::sys::CUfunction_attribute;
use cudarc::driver::{CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr, LaunchConfig};
use cudarc::driver::{DevicePtrMut, PushKernelArg, ValidAsZeroBits};
use cudarc::nvrtc::Ptx;
use std::sync::{Arc, Mutex};
use tessel::atom::tma::{TmaElement, TmaGmem, TmaTile};
use tessel::kernel::attention::{AttentionArgs, AttentionKernel};
use tessel::layout;

/// The PTX of `gpu/kernels/attention`, built by this crate's build script.
pub const PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/attention.ptx"));

/// A tensor of `(batch, seqlen, heads, head_dim)` elements, the head dim contiguous.
#[derive(Clone, Copy)]
pub struct Heads<'a, T> {
    /// The elements.
    pub data: &'a CudaSlice<T>,
    /// `(batch, seqlen, heads, head_dim)`.
    pub shape: [usize; 4],
}

impl<'a, T> Heads<'a, T> {
    /// `data` as `batch` sequences of `seqlen` tokens of `heads` heads of `head_dim`.
    pub fn new(
        data: &'a CudaSlice<T>,
        batch: usize,
        seqlen: usize,
        heads: usize,
        head_dim: usize,
    ) -> Self {
        Heads {
            data,
            shape: [batch, seqlen, heads, head_dim],
        }
    }
}

/// The attention kernels: each one's name and how it is launched, by element and head dim.
pub const KERNELS: [&str; 6] = [
    "flash_attention_fwd_bf16_hdim64",
    "flash_attention_fwd_bf16_hdim128",
    "flash_attention_fwd_bf16_hdim256",
    "flash_attention_fwd_f16_hdim64",
    "flash_attention_fwd_f16_hdim128",
    "flash_attention_fwd_f16_hdim256",
];

/// Measured variants of `flash_attention_fwd_bf16_hdim128`: without the warpgroups' turns,
/// without the intra-warpgroup overlap.
pub const VARIANTS: [&str; 2] = [
    "flash_attention_fwd_bf16_hdim128_unordered",
    "flash_attention_fwd_bf16_hdim128_sequential",
];

/// The kernel of `dtype` and `head_dim`.
pub fn kernel_for(dtype: Dtype, head_dim: usize) -> Result<&'static str, GemmError> {
    let name = match (dtype, head_dim) {
        (Dtype::Bf16, 64) => KERNELS[0],
        (Dtype::Bf16, 128) => KERNELS[1],
        (Dtype::Bf16, 256) => KERNELS[2],
        (Dtype::F16, 64) => KERNELS[3],
        (Dtype::F16, 128) => KERNELS[4],
        (Dtype::F16, 256) => KERNELS[5],
        _ => {
            return Err(GemmError::Unsupported(format!(
            "attention in {dtype:?} at head dim {head_dim} (bf16 or f16, head dims 64, 128, 256)"
        )))
        }
    };
    Ok(name)
}

/// The attention kernels of one context, loaded.
pub struct Attention {
    module: Arc<CudaModule>,
}

impl Attention {
    /// Loads the embedded PTX into the stream's context.
    pub fn new(stream: &Arc<CudaStream>) -> Result<Self, GemmError> {
        Attention::with_ptx(stream, Ptx::from_src(PTX))
    }

    /// Loads another build of the kernels (a benchmark's).
    pub fn with_ptx(stream: &Arc<CudaStream>, ptx: Ptx) -> Result<Self, GemmError> {
        Ok(Attention {
            module: stream.context().load_module(ptx)?,
        })
    }

    /// `o = softmax(scale q k^T [causal]) v` and `lse`, by the kernel for the head dim; its name.
    #[allow(clippy::too_many_arguments)]
    pub fn run<T: Element + ValidAsZeroBits>(
        &self,
        stream: &Arc<CudaStream>,
        (q, k, v): (Heads<T>, Heads<T>, Heads<T>),
        o: &mut CudaSlice<T>,
        lse: &mut CudaSlice<f32>,
        causal: bool,
        scale: f32,
    ) -> Result<&'static str, GemmError> {
        let name = kernel_for(T::DTYPE, q.shape[3])?;
        self.run_kernel(name, stream, (q, k, v), (o, lse), (causal, scale))
    }

    /// The same by the kernel `name` (of [`KERNELS`] or one of [`VARIANTS`]).
    pub fn run_kernel<T: Element + ValidAsZeroBits>(
        &self,
        name: &'static str,
        stream: &Arc<CudaStream>,
        (q, k, v): (Heads<T>, Heads<T>, Heads<T>),
        (o, lse): (&mut CudaSlice<T>, &mut CudaSlice<f32>),
        (causal, scale): (bool, f32),
    ) -> Result<&'static str, GemmError> {
        let args = arguments(
            q.shape,
            k.shape,
            v.shape,
            (o.len(), lse.len()),
            (causal, scale),
        )?;
        for t in [q, k, v] {
            let [b, s, h, d] = t.shape;
            if t.data.len() < b * s * h * d {
                return Err(GemmError::Shape(format!(
                    "a buffer of {} elements holds no {b}x{s}x{h}x{d} tensor",
                    t.data.len()
                )));
            }
        }
        if !name.contains(&format!(
            "_{}_hdim{}",
            format!("{:?}", T::DTYPE).to_lowercase(),
            q.shape[3]
        )) {
            return Err(GemmError::Unsupported(format!(
                "{name} for {:?} at head dim {}",
                T::DTYPE,
                q.shape[3]
            )));
        }
        let f = self.module.load_function(name)?;
        let (pq, _gq) = q.data.device_ptr(stream);
        let (pk, _gk) = k.data.device_ptr(stream);
        let (pv, _gv) = v.data.device_ptr(stream);
        let (po, _go) = o.device_ptr_mut(stream);
        let (pl, _gl) = lse.device_ptr_mut(stream);
        let args = AttentionArgs {
            o: po,
            lse: pl,
            ..args
        };
        let at = (pq, pk, pv);
        match name {
            "flash_attention_fwd_bf16_hdim64" => launch::<Bf16Hdim64>(&f, stream, at, args),
            "flash_attention_fwd_bf16_hdim128" => launch::<Bf16Hdim128>(&f, stream, at, args),
            "flash_attention_fwd_bf16_hdim256" => launch::<Bf16Hdim256>(&f, stream, at, args),
            "flash_attention_fwd_f16_hdim64" => launch::<F16Hdim64>(&f, stream, at, args),
            "flash_attention_fwd_f16_hdim128" => launch::<F16Hdim128>(&f, stream, at, args),
            "flash_attention_fwd_f16_hdim256" => launch::<F16Hdim256>(&f, stream, at, args),
            "flash_attention_fwd_bf16_hdim128_unordered" => {
                launch::<Bf16Hdim128Unordered>(&f, stream, at, args)
            }
            "flash_attention_fwd_bf16_hdim128_sequential" => {
                launch::<Bf16Hdim128Sequential>(&f, stream, at, args)
            }
            _ => {
                return Err(GemmError::Unsupported(format!(
                    "no attention kernel {name}"
                )))
            }
        }?;
        Ok(name)
    }
}

/// The kernel's arguments for these shapes, or why they are refused (the pointers left 0).
pub fn arguments(
    q: [usize; 4],
    k: [usize; 4],
    v: [usize; 4],
    (o_len, lse_len): (usize, usize),
    (causal, scale): (bool, f32),
) -> Result<AttentionArgs, GemmError> {
    let [b, sq, h, d] = q;
    let [bk, sk, hk, dk] = k;
    let refuse = |s: String| Err(GemmError::Shape(format!("attention: {s}")));
    if k != v {
        return refuse(format!("K is {k:?} and V {v:?}: one shape"));
    }
    if bk != b || dk != d {
        return refuse(format!(
            "Q is {q:?} and K {k:?}: the same batch and head dim"
        ));
    }
    if q.iter().chain(&k).any(|&x| x == 0) {
        return refuse(format!("an empty tensor: Q {q:?}, K {k:?}"));
    }
    if h % hk != 0 {
        return refuse(format!(
            "{hk} key/value heads do not divide {h} query heads"
        ));
    }
    if [b * h, sq, sk].iter().any(|&x| x > i32::MAX as usize) || b * sq * h * d > u32::MAX as usize
    {
        return refuse(format!(
            "Q {q:?} and K {k:?} are past the kernels' 32-bit indices"
        ));
    }
    if o_len < b * sq * h * d || lse_len < b * h * sq {
        return refuse(format!(
            "O holds {o_len} elements and the LSE {lse_len}, for Q {q:?}"
        ));
    }
    Ok(AttentionArgs {
        seqlen_q: sq as u32,
        seqlen_k: sk as u32,
        heads: h as u32,
        kv_heads: hk as u32,
        batch: b as u32,
        causal: causal as u32,
        scale_log2: scale * std::f32::consts::LOG2_E,
        pad: 0,
        o: 0,
        lse: 0,
    })
}

/// Q or K as a global tensor `(seqlen, D, heads, batch)`.
pub fn gmem_rows(seqlen: u32, d: u32, heads: u32, batch: u32) -> impl TmaGmem {
    let (s, d, h, b) = (seqlen as usize, d as usize, heads as usize, batch as usize);
    layout!("(S,D,H,B):(ldS,1,D,ldB)"; S = s, D = d, H = h, B = b, ldS = h * d, ldB = s * h * d)
}

/// V as a global tensor `(D, seqlen, heads, batch)`: N-major, as `P V`'s B operand reads it.
pub fn gmem_cols(seqlen: u32, d: u32, heads: u32, batch: u32) -> impl TmaGmem {
    let (s, d, h, b) = (seqlen as usize, d as usize, heads as usize, batch as usize);
    layout!("(D,S,H,B):(1,ldS,D,ldB)"; D = d, S = s, H = h, B = b, ldS = h * d, ldB = s * h * d)
}

/// One launch of configuration `K`'s kernel `f`: Q, K, V at `(pq, pk, pv)`.
fn launch<K: AttentionKernel>(
    f: &CudaFunction,
    stream: &Arc<CudaStream>,
    (pq, pk, pv): (u64, u64, u64),
    args: AttentionArgs,
) -> Result<(), GemmError>
where
    K::In: TmaElement,
    K::TileQ: TmaTile,
    K::TileK: TmaTile,
    K::TileV: TmaTile,
{
    let (d, b) = (K::D as u32, args.batch);
    let q = descriptor::<K::In, K::TileQ>(pq, &gmem_rows(args.seqlen_q, d, args.heads, b))?;
    let k = descriptor::<K::In, K::TileK>(pk, &gmem_rows(args.seqlen_k, d, args.kv_heads, b))?;
    let v = descriptor::<K::In, K::TileV>(pv, &gmem_cols(args.seqlen_k, d, args.kv_heads, b))?;
    f.set_attribute(
        CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        K::SHARED_BYTES as i32,
    )?;
    let cfg = LaunchConfig {
        grid_dim: (
            args.seqlen_q.div_ceil(K::BM as u32),
            args.heads * args.batch,
            1,
        ),
        block_dim: (K::THREADS as u32, 1, 1),
        shared_mem_bytes: K::SHARED_BYTES,
    };
    let args = ByValue(args);
    let mut builder = stream.launch_builder(f);
    builder.arg(&q).arg(&k).arg(&v).arg(&args);
    // SAFETY: the descriptors cover the tensors the arguments name, which the guards of `run`
    // hold alive; the grid and block are the configuration's.
    unsafe { builder.launch(cfg)? };
    Ok(())
}

/// `o = softmax(scale q k^T [causal]) v` and each row's log-sum-exp `lse`, by the kernel for
/// the head dim (64, 128 or 256; bf16 or f16), loaded once a context; the kernel's name.
#[allow(clippy::too_many_arguments)]
pub fn attention<T: Element + ValidAsZeroBits>(
    stream: &Arc<CudaStream>,
    q: Heads<T>,
    k: Heads<T>,
    v: Heads<T>,
    o: &mut CudaSlice<T>,
    lse: &mut CudaSlice<f32>,
    causal: bool,
    scale: f32,
) -> Result<&'static str, GemmError> {
    static LOADED: Mutex<Vec<(usize, Arc<Attention>)>> = Mutex::new(Vec::new());
    let key = stream.context().cu_ctx() as usize;
    let loaded = {
        let mut all = LOADED.lock().expect("the kernels' lock");
        match all.iter().find(|(k, _)| *k == key) {
            Some((_, a)) => a.clone(),
            None => {
                let a = Arc::new(Attention::new(stream)?);
                all.push((key, a.clone()));
                a
            }
        }
    };
    loaded.run(stream, (q, k, v), o, lse, causal, scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_shapes() {
        let ok = arguments(
            [2, 100, 8, 128],
            [2, 50, 2, 128],
            [2, 50, 2, 128],
            (204800, 1600),
            (true, 0.1),
        );
        assert_eq!(ok.unwrap().kv_heads, 2);
        let heads = arguments(
            [2, 100, 8, 128],
            [2, 50, 3, 128],
            [2, 50, 3, 128],
            (204800, 1600),
            (true, 0.1),
        );
        assert!(heads
            .unwrap_err()
            .to_string()
            .contains("3 key/value heads do not divide 8"));
        let short = arguments(
            [2, 100, 8, 128],
            [2, 50, 2, 128],
            [2, 50, 2, 128],
            (204799, 1600),
            (false, 0.1),
        );
        assert!(short.unwrap_err().to_string().contains("O holds 204799"));
        assert!(kernel_for(Dtype::Bf16, 96)
            .unwrap_err()
            .to_string()
            .contains("head dim 96"));
    }

    #[test]
    fn descriptors_cover_a_head_of_a_sequence() {
        // Q's tile of 128 rows by 128 of the head dim: two boxes of 64 (a 128-byte swizzle row),
        // over the four modes (seqlen, D, heads, batch).
        let gmem = gmem_rows(1000, 128, 16, 2);
        type TileQ = <Bf16Hdim128 as AttentionKernel>::TileQ;
        let map = tessel::atom::tma::TensorMap::<tessel::atom::element::BF16, TileQ>::encode(
            0,
            &gmem,
            1,
            |p, _| {
                // The head dim first (contiguous), then the tokens (OOB-filled past 1000), the heads
                // and the sequences; strides in bytes.
                assert_eq!((p.rank, &p.box_dim[..4]), (4, &[64, 128, 1, 1][..]));
                assert_eq!(&p.global_dim[..4], &[128, 1000, 16, 2]);
                assert_eq!(
                    &p.global_strides[..3],
                    &[16 * 128 * 2, 128 * 2, 1000 * 16 * 128 * 2]
                );
                Ok::<(), ()>(())
            },
        );
        assert!(map.is_ok());
        // V's tile (D, keys): the same dims, its box 64 of the head dim by 128 keys.
        type TileV = <Bf16Hdim128 as AttentionKernel>::TileV;
        let v = tessel::atom::tma::TensorMap::<tessel::atom::element::BF16, TileV>::encode(
            0,
            &gmem_cols(1000, 128, 16, 2),
            1,
            |p, _| {
                assert_eq!(
                    (p.rank, &p.box_dim[..4], &p.global_dim[..4]),
                    (4, &[64, 128, 1, 1][..], &[128, 1000, 16, 2][..])
                );
                Ok::<(), ()>(())
            },
        );
        assert!(v.is_ok());
    }
}
