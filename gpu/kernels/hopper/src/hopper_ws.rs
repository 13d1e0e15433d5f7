//! A warp-specialized, persistent Hopper GEMM, built as CUTLASS's
//! `KernelTmaWarpSpecializedCooperative` builds its TN case: `C = A B^T`, A `m x k` and B
//! `n x k` K-major, f32 accumulation, C `m x n` column-major. In bf16 or f16 (C in the inputs'
//! type, `k` a multiple of 8), or in e4m3 (C in bf16, `k` a multiple of 16: TMA's 16-byte
//! strides). Blocks of three warpgroups (384 threads) stay resident on their multiprocessors, in
//! pairs (clusters of 2 along M, as CUTLASS's example 48): a pair takes `(256,256)` output
//! tiles in the scheduler's order (`TileScheduler`, grouped rasters), each block its 128 rows:
//! - warpgroup 0 produces (`Role::Producer`): it gives most of its registers back (the
//!   `Cooperative` schedule's `PRODUCER_REGISTERS`, 40) and its first warp's elected lane
//!   issues TMA loads of each K tile of 128 bytes, `(128,64)` of A and half of B's `(256,64)`
//!   multicast to both blocks of the pair, in 16-bit types (`(128,128)` and half of
//!   `(256,128)` in e4m3), into 4 stages of a `PipelineTmaAsync`, running ahead across tiles
//!   (the mainloop's `TmaTileLoad`: a tile at its first element's coordinate into its stage);
//! - warpgroups 1 and 2 consume (`CONSUMER_REGISTERS`, 232): a TiledMma of two
//!   `SM90_64x256x16_F32BF16BF16_SS` atoms along M (`SM90_64x256x32_F32E4M3E4M3_SS_TN` in e4m3),
//!   128 accumulators a thread, over the stages as a layout mode, `(128,BK,PIPE)` and
//!   `(256,BK,PIPE)`, partitioned once (the mainloop's `SsStages`); one wgmma batch left in
//!   flight while the next K tile's is issued; a stage goes back to the producers of both
//!   blocks (each filled half of it); then the epilogue collective: each accumulator, at its
//!   coordinate (the partition of the tile's identity tensor), through the fusion, converted
//!   and stored where it lies inside the output, while the producer already fills the stages
//!   with the next tile's K tiles.
//!
//! Each kernel is one line: the library's generic body (`tessel::kernel::gemm::gemm`) over a
//! configuration type (`ws_config.rs`, which the host compiles too): its mainloop's types, its
//! epilogue (plain, split-K, TMA store, fused), its schedule, and the shared storage computed
//! from them, which the kernel carves and the host launches with.
//!
//! Variants measure the techniques (docs/benchmarks-history.md): `_solo`, one block loading all of its own
//! tiles, without clusters, and its variants `_3s` (3 stages), `_noreg` (no `setmaxnreg`) and
//! `_tma_store` (an epilogue through shared memory and TMA stores; every kernel takes C's
//! descriptor, which only it reads); `_pairs`, the clusters without the multicast. Fused
//! epilogues: `_bias_gelu`, `_alpha_beta`, `_f32_bias_relu` (C in f32), `_f16_silu_tma_store`.

use crate::ws_config::F32BiasRelu;
use crate::ws_config::{Bf16AlphaBeta, Bf16BiasGelu, Bf16Pairs, Bf16PairsOwnB, Bf16Solo};
use crate::ws_config::{Bf16E4m3Amax, Bf16Pingpong, E4m3SplitK, F16Pairs, F16SiluTmaStore};
use crate::ws_config::{Bf16Solo3s, Bf16SoloNoreg, Bf16SoloTmaStore, Bf16SplitK, E4m3Pairs};
use tessel::gemm_kernel;

tessel::shared_array!(smem);

gemm_kernel!(
    /// Grid: an even number of blocks, at most the multiprocessors, in clusters of 2 along M;
    /// `group` the scheduler's rows of tiles a group. A pair's blocks share B's `(256,64)` tile,
    /// each loading its half multicast to both.
    gemm_tn_ws_bf16: Bf16Pairs, smem
);
gemm_kernel!(
    /// The same in f16.
    gemm_tn_ws_f16: F16Pairs, smem
);
gemm_kernel!(
    /// The same in e4m3 (QGMMA, K tiles of 128), C in bf16: each block loads a `(128,128)` half
    /// of B's stage, as A's.
    gemm_tn_ws_e4m3: E4m3Pairs, smem
);
gemm_kernel!(
    /// For outputs of few tiles (a skinny M or N): 128x128 tiles, 6 stages, and split-K, each
    /// tile's K cut into `splits` parts added in turn; no clusters. `partial` holds `tiles x 128
    /// x 128` f32s, `flags` one `u32` a tile, zero before the first launch.
    gemm_tn_ws_bf16_splitk: Bf16SplitK, smem
);
gemm_kernel!(
    /// The same in e4m3.
    gemm_tn_ws_e4m3_splitk: E4m3SplitK, smem
);
gemm_kernel!(
    /// The bf16 kernel without clusters: each block loads its own A and B tiles. The variants
    /// below are variants of this one.
    gemm_tn_ws_bf16_solo: Bf16Solo, smem
);
gemm_kernel!(
    /// The solo kernel with 3 stages (what the fourth stage gives).
    gemm_tn_ws_bf16_3s: Bf16Solo3s, smem
);
gemm_kernel!(
    /// The solo kernel without `setmaxnreg` (every warpgroup keeps the launch's 168 registers).
    gemm_tn_ws_bf16_noreg: Bf16SoloNoreg, smem
);
gemm_kernel!(
    /// The solo kernel with its epilogue through shared memory and TMA stores.
    gemm_tn_ws_bf16_tma_store: Bf16SoloTmaStore, smem
);
gemm_kernel!(
    /// The pairs without the multicast: each block loads its own B.
    gemm_tn_ws_bf16_pairs: Bf16PairsOwnB, smem
);
gemm_kernel!(
    /// `gelu(A B^T + bias)` (tanh form), a bias per column, in pairs.
    gemm_tn_ws_bf16_bias_gelu: Bf16BiasGelu, smem
);
gemm_kernel!(
    /// `alpha A B^T + beta C`, in pairs.
    gemm_tn_ws_bf16_alpha_beta: Bf16AlphaBeta, smem
);
gemm_kernel!(
    /// `relu(A B^T + bias)`, a bias per row, C in f32, in pairs.
    gemm_tn_ws_f32_bias_relu: F32BiasRelu, smem
);
gemm_kernel!(
    /// `silu(A B^T)` in f16, through the TMA-store epilogue.
    gemm_tn_ws_f16_silu_tma_store: F16SiluTmaStore, smem
);
gemm_kernel!(
    /// Ping-pong: two consumer warpgroups on alternate `(128,128)` tiles, one's epilogue under
    /// the other's mainloop; one block loading its own A and B.
    gemm_tn_ws_bf16_pingpong: Bf16Pingpong, smem
);
gemm_kernel!(
    /// bf16 in, `e4m3(scale A B^T)` out, and the output's absolute maximum reduced into `amax`.
    gemm_tn_ws_bf16_e4m3_amax: Bf16E4m3Amax, smem
);
