//! The warp-specialized GEMMs' configurations ([`GemmKernel`]): each kernel's parts as types,
//! and the shared storage computed from them. Compiled into the kernels and, by path, into the
//! host, which reads a kernel's dynamic shared memory, tile and launch from the same type.

use tessel::atom::element::{BF16, E4M3, F16};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::kernel::epilogue::{Direct, DirectAmax, EpilogueParts, SplitK, TmaStore};
use tessel::kernel::fusion::{ColBias, Gelu, Identity, LinearCombination, Relu, RowBias, Silu};
use tessel::kernel::gemm::GemmKernel;
use tessel::kernel::role::{Cooperative, CooperativeKeepRegisters, Pingpong, Schedule};
use tessel::kernel::storage::{Barriers, Buffer, SharedStorage};
use tessel::mma::SM90_64x256x32_F32E4M3E4M3_SS_TN;
use tessel::mma::{SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x32_F32E4M3E4M3_SS_TN};
use tessel::mma::{SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32F16F16_SS};
use tessel::{shape, MakeTiledMma, TileToShape, C};

/// A stage of A in 16-bit types: 128 rows of 64 elements, 128-byte swizzled.
pub type StageA<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(128,64)")>;
/// A stage of B: 256 rows of 64 elements, 128-byte swizzled.
pub type StageB<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(256,64)")>;
tessel::assert_tma_tile!(BF16, StageB<BF16>);
tessel::assert_gmma_layout!(
    StageB<BF16>,
    shape!("(256,16)"),
    BF16,
    tessel::atom::gmma::K
);
tessel::assert_tma_tile!(F16, StageB<F16>);
tessel::assert_gmma_layout!(StageB<F16>, shape!("(256,16)"), F16, tessel::atom::gmma::K);
/// A stage of e4m3's A: 128 rows of 128 elements (a 128-byte swizzle row, as in 16-bit types).
pub type StageA8 = TileToShape<Layout_K_SW128_Atom<E4M3>, shape!("(128,128)")>;
/// A stage of e4m3's B: 256 rows of 128 elements.
pub type StageB8 = TileToShape<Layout_K_SW128_Atom<E4M3>, shape!("(256,128)")>;
tessel::assert_tma_tile!(E4M3, StageA8);
tessel::assert_gmma_layout!(StageA8, shape!("(64,32)"), E4M3, tessel::atom::gmma::K);
tessel::assert_tma_tile!(E4M3, StageB8);
tessel::assert_gmma_layout!(StageB8, shape!("(256,32)"), E4M3, tessel::atom::gmma::K);

/// The TMA-store epilogue's buffer: half a 128x256 tile of C, M-major (C is column-major),
/// 128-byte swizzled so that the consumers' writes are free of bank conflicts.
pub type StageC<T> = TileToShape<Layout_MN_SW128_Atom<T>, shape!("(128,128)")>;
tessel::assert_tma_tile!(BF16, StageC<BF16>);

/// `PIPE` stages of `ROWS x BK` elements of `T`, the stage mode last (CuTe's
/// `tile_to_shape(atom, (ROWS, BK, PIPE))`).
pub type Stages<T, const ROWS: usize, const BK: usize, const PIPE: usize> =
    TileToShape<Layout_K_SW128_Atom<T>, (C<ROWS>, C<BK>, C<PIPE>)>;

/// `gemm_config!(Name: In, Atom, AtomLayout, BM, BN, STAGES, CLUSTER_M, LoadB, Epilogue,
/// Schedule)` (the output's type is the epilogue's): a configuration of `(BM, BN)` tiles of the TiledMma of `Atom`s in `AtomLayout`,
/// K tiles of 128 bytes; its storage computed from its stages, its epilogue's buffer and its
/// barriers (the pipeline's, the schedule's).
macro_rules! gemm_config {
    ($($(#[$doc:meta])* $name:ident: $T:ty, $Atom:ty, $AtomLayout:ty, $bm:literal,
       $bn:literal, $stages:literal, $cluster:literal, $LoadB:ty, $Epi:ty, $Schedule:ty;)+) => {$(
        $(#[$doc])*
        pub struct $name;
        impl GemmKernel for $name {
            type In = $T;
            type Mma = MakeTiledMma<$Atom, $AtomLayout>;
            type TileA = TileToShape<Layout_K_SW128_Atom<$T>, (C<$bm>, C<{ 128 / core::mem::size_of::<$T>() }>)>;
            type TileB = TileToShape<Layout_K_SW128_Atom<$T>, (C<$bn>, C<{ 128 / core::mem::size_of::<$T>() }>)>;
            type LoadB = $LoadB;
            type Stages = (
                Stages<$T, $bm, { 128 / core::mem::size_of::<$T>() }, $stages>,
                Stages<$T, $bn, { 128 / core::mem::size_of::<$T>() }, $stages>,
            );
            type Tile = (C<$bm>, C<$bn>);
            type Epilogue = $Epi;
            type Schedule = $Schedule;
            type Storage = SharedStorage<(
                Buffer<$T, Stages<$T, $bm, { 128 / core::mem::size_of::<$T>() }, $stages>>,
                Buffer<$T, Stages<$T, $bn, { 128 / core::mem::size_of::<$T>() }, $stages>>,
                <$Epi as EpilogueParts>::Buffer,
                Barriers<$stages>,
                Barriers<$stages>,
                <$Schedule as Schedule>::OrderBarriers,
            )>;
            const BK: usize = 128 / core::mem::size_of::<$T>();
            const BM: usize = $bm;
            const BN: usize = $bn;
            const STAGES: u32 = $stages;
            const CLUSTER_M: usize = $cluster;
        }
    )+};
}

/// Two atoms along M (a cooperative schedule's two consumer warpgroups).
type Pair = shape!("(2,1,1)");
/// One atom (a ping-pong warpgroup's).
type One = shape!("(1,1,1)");

/// The plain epilogue: C converted and stored where it lies inside the output.
type Plain<T> = Direct<T, Identity>;

gemm_config! {
    /// bf16 in pairs sharing B's `(256,64)` tile, each block loading its half multicast to both.
    Bf16Pairs: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 2, StageA<BF16>, Plain<BF16>, Cooperative;
    /// The same in f16.
    F16Pairs: F16, SM90_64x256x16_F32F16F16_SS, Pair, 128, 256, 4, 2, StageA<F16>, Plain<F16>, Cooperative;
    /// The same in e4m3 (K tiles of 128), C in bf16.
    E4m3Pairs: E4M3, SM90_64x256x32_F32E4M3E4M3_SS_TN, Pair, 128, 256, 4, 2, StageA8, Plain<BF16>, Cooperative;
    /// 128x128 tiles, 6 stages and split-K, no clusters.
    Bf16SplitK: BF16, SM90_64x128x16_F32BF16BF16_SS, Pair, 128, 128, 6, 1, StageA<BF16>, SplitK<Plain<BF16>>, Cooperative;
    /// The same in e4m3.
    E4m3SplitK: E4M3, SM90_64x128x32_F32E4M3E4M3_SS_TN, Pair, 128, 128, 6, 1, StageA8, SplitK<Plain<BF16>>, Cooperative;
    /// One block loading its own A and B tiles, without clusters.
    Bf16Solo: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 1, StageB<BF16>, Plain<BF16>, Cooperative;
    /// The solo kernel with 3 stages.
    Bf16Solo3s: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 3, 1, StageB<BF16>, Plain<BF16>, Cooperative;
    /// The solo kernel without `setmaxnreg`.
    Bf16SoloNoreg: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 1, StageB<BF16>, Plain<BF16>, CooperativeKeepRegisters;
    /// The solo kernel with its epilogue through shared memory and TMA stores.
    Bf16SoloTmaStore: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 1, StageB<BF16>, TmaStore<BF16, Identity, StageC<BF16>>, Cooperative;
    /// The pairs without the multicast: each block loads its own B.
    Bf16PairsOwnB: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 2, StageB<BF16>, Plain<BF16>, Cooperative;
    /// The bf16 pairs with a fused epilogue: `gelu(A B^T + bias)`, a bias per column (torch's
    /// `gelu(a @ b.t() + bias, approximate="tanh")`).
    Bf16BiasGelu: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 2, StageA<BF16>, Direct<BF16, (ColBias, Gelu)>, Cooperative;
    /// `alpha A B^T + beta C` (CUTLASS's `LinearCombination`), in pairs.
    Bf16AlphaBeta: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 2, StageA<BF16>, Direct<BF16, LinearCombination>, Cooperative;
    /// `relu(A B^T + bias)`, a bias per row, C in f32, in pairs.
    F32BiasRelu: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 2, StageA<BF16>, Direct<f32, (RowBias, Relu)>, Cooperative;
    /// `silu(A B^T)` through the TMA-store epilogue, in f16.
    F16SiluTmaStore: F16, SM90_64x256x16_F32F16F16_SS, Pair, 128, 256, 4, 1, StageB<F16>, TmaStore<F16, Silu, StageC<F16>>, Cooperative;
    /// Ping-pong: each consumer warpgroup its own `(128,128)` tiles (one `SM90_64x128x16` atom,
    /// two along M), their mainloops and epilogues in turn; 6 stages; one block loading its own
    /// A and B.
    Bf16Pingpong: BF16, SM90_64x128x16_F32BF16BF16_SS, One, 128, 128, 6, 1, StageA<BF16>, Plain<BF16>, Pingpong;
    /// bf16 in, e4m3 out: `e4m3(scale A B^T)` and the output's absolute maximum (before the
    /// scale), as fp8 training needs; in pairs.
    Bf16E4m3Amax: BF16, SM90_64x256x16_F32BF16BF16_SS, Pair, 128, 256, 4, 2, StageA<BF16>, DirectAmax<E4M3, Identity>, Cooperative;
}
