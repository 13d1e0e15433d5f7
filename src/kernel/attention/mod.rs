//! FlashAttention's forward pass on Hopper, built as FlashAttention-3 builds it, as a generic
//! function of its configuration: `O = softmax(scale Q K^T [+ causal mask]) V` and the
//! log-sum-exp of each row. Q, K, V and O are `(batch, seqlen, heads, head_dim)`, the head dim
//! contiguous (torch's and FlashAttention's layout); K and V have `kv_heads` heads, each shared
//! by `heads / kv_heads` query heads (grouped-query attention); the LSE is `(batch, heads,
//! seqlen_q)` f32.
//!
//! A block takes `BM` query rows of one head (the grid `(ceil(seqlen_q / BM), heads x batch)`):
//! - the producer warp ([`Role::Producer`](super::role::Role)) loads Q's tile once, then each
//!   block of `BN` keys, last to first (the causal diagonal's partial blocks first, as
//!   FlashAttention orders them): K's tile into the K pipeline's stages and V's, N-major as
//!   `P V`'s B operand reads it, into the V pipeline's; TMA fills rows past a sequence's end
//!   with zeros;
//! - two consumer warpgroups, 64 rows each (a TiledMma of two wgmma atoms along M): for each
//!   block, `S = Q K^T` (SS wgmmas, [`SsStages`](super::mainloop::SsStages)), issued in turns
//!   ([`IssueOrder`]: one warpgroup's softmax under the other's wgmmas), the mask on a partial
//!   block ([`Mask`](super::mask::Mask)), the online softmax
//!   ([`OnlineSoftmax`](super::softmax::OnlineSoftmax)), `P` converted in registers and read as
//!   the A operand of RS wgmmas ([`AccAsA`](crate::atom::acc::AccAsA)), `O += P V`
//!   ([`RsStages`](super::mainloop::RsStages)); then `O / l` and the LSE stored where they lie
//!   inside the output.
//!
//! Post-conditions: each block of keys is loaded and consumed once, in one order by both roles;
//! every stage the producer fills is released by all consumers; a row without keys stores
//! `O = 0` and `LSE = -inf`.
//!
//! ```
//! use tessel::kernel::attention::AttentionArgs;
//! // The host and the device read the same layout of the arguments.
//! assert_eq!(core::mem::size_of::<AttentionArgs>(), 48);
//! ```

use crate::kernel::order::IssueOrder;
use crate::kernel::role::Schedule;
use crate::kernel::storage::Carve;

/// The kernel's arguments after its descriptors.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttentionArgs {
    /// The queries of a sequence.
    pub seqlen_q: u32,
    /// The keys of a sequence.
    pub seqlen_k: u32,
    /// The query heads.
    pub heads: u32,
    /// The key and value heads (dividing `heads`).
    pub kv_heads: u32,
    /// The sequences.
    pub batch: u32,
    /// 1: row `i` sees keys up to `i + seqlen_k - seqlen_q`.
    pub causal: u32,
    /// The softmax's scale times `log2(e)`.
    pub scale_log2: f32,
    /// Unused: the pointers' alignment.
    pub pad: u32,
    /// O's first element.
    pub o: u64,
    /// The LSE's first element.
    pub lse: u64,
}

/// An attention kernel's configuration: its parts as types, and the constants a launch reads.
pub trait AttentionKernel {
    /// The element of Q, K, V and O.
    type In;
    /// `S = Q K^T`: SS wgmmas over the `(BM, BN)` scores, K the head dim.
    type Smma;
    /// `O += P V`: RS wgmmas over the `(BM, D)` output, K the block's keys, B N-major.
    type Pv;
    /// Q's TMA tile, `(BM, D)`.
    type TileQ;
    /// K's TMA tile, `(BN, D)`.
    type TileK;
    /// V's TMA tile, `(D, BN)`, N-major.
    type TileV;
    /// Q's tile as a stage-moded layout of one stage, `(BM, D, 1)`, and K's stages,
    /// `(BN, D, STAGES)`.
    type StagesQK;
    /// V's stages, `(D, BN, STAGES)`.
    type StagesV;
    /// The scores' tile shape, `(BM, BN)`.
    type Scores;
    /// The output's tile shape, `(BM, D)`.
    type Out;
    /// The roles and their register budgets.
    type Schedule: Schedule;
    /// The order in which the consumer warpgroups issue `Q K^T`.
    type Order: IssueOrder;
    /// Q, K's stages, V's stages, Q's barriers (full, empty), K's full and empty barriers,
    /// V's.
    type Storage: Carve<8>;
    /// The query rows a block.
    const BM: usize;
    /// The keys a block of keys.
    const BN: usize;
    /// The head dim.
    const D: usize;
    /// The K and V pipelines' stages.
    const STAGES: u32;
    /// Whether a block's scores are issued with the previous block's `P V` and its softmax run
    /// under it (FlashAttention-3's intra-warpgroup overlap), rather than each block in turn.
    const OVERLAP: bool;
    /// The block's threads.
    const THREADS: usize = <Self::Schedule as Schedule>::THREADS;
    /// The dynamic shared memory a launch gives.
    const SHARED_BYTES: u32 = <Self::Storage as Carve<8>>::DYNAMIC_BYTES;
}

#[cfg(target_arch = "nvptx64")]
pub use device::attention;

#[cfg(target_arch = "nvptx64")]
mod consumer;
#[cfg(target_arch = "nvptx64")]
mod device;
#[cfg(target_arch = "nvptx64")]
mod parts;

/// An attention kernel's entry, one line: `attention_kernel!(NAME: Config, smem)`, where `smem`
/// is the crate's dynamic shared array (`tessel::shared_array!(smem)`).
#[macro_export]
macro_rules! attention_kernel {
    ($(#[$doc:meta])* $name:ident: $K:ty, $smem:ident) => {
        $crate::launch_bounds!(
            $name,
            <$K as $crate::kernel::attention::AttentionKernel>::THREADS,
            1,
            cluster = (1, 1, 1)
        );
        $(#[$doc])*
        ///
        /// # Safety
        /// Launched as its configuration's constants say, with its descriptors and arguments.
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(
            _q: $crate::atom::tma::TensorMap<<$K as $crate::kernel::attention::AttentionKernel>::In, <$K as $crate::kernel::attention::AttentionKernel>::TileQ>,
            _k: $crate::atom::tma::TensorMap<<$K as $crate::kernel::attention::AttentionKernel>::In, <$K as $crate::kernel::attention::AttentionKernel>::TileK>,
            _v: $crate::atom::tma::TensorMap<<$K as $crate::kernel::attention::AttentionKernel>::In, <$K as $crate::kernel::attention::AttentionKernel>::TileV>,
            args: $crate::kernel::attention::AttentionArgs,
        ) {
            use $crate::atom::tma::TensorMap;
            $crate::kernel::attention::attention::<$K, { <$K as $crate::kernel::attention::AttentionKernel>::STAGES }>(
                TensorMap::from_param($crate::grid_constant!($name, 0)),
                TensorMap::from_param($crate::grid_constant!($name, 1)),
                TensorMap::from_param($crate::grid_constant!($name, 2)),
                &args,
                $smem(),
            )
        }
    };
}
