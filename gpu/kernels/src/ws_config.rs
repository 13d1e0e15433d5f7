//! The warp-specialized GEMMs' configurations: each kernel's types and constants, and the shared
//! storage computed from them. Compiled into the kernels and, by path, into the host, which reads
//! a kernel's dynamic shared memory, tile and launch from the same type.

use tessel::atom::element::{BF16, E4M3, F16};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::atom::tma::{TmaElement, TmaTile};
use tessel::kernel::role::{Cooperative, Schedule};
use tessel::kernel::storage::{Barriers, Buffer, SharedStorage};
use tessel::mma::SM90_64x256x32_F32E4M3E4M3_SS_TN;
use tessel::mma::{SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x32_F32E4M3E4M3_SS_TN};
use tessel::mma::{SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32F16F16_SS};
use tessel::{shape, TileToShape, C};

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
pub type StageC = TileToShape<Layout_MN_SW128_Atom<BF16>, shape!("(128,128)")>;
tessel::assert_tma_tile!(BF16, StageC);

/// `PIPE` stages of `ROWS x BK` elements of `T`, the stage mode last (CuTe's
/// `tile_to_shape(atom, (ROWS, BK, PIPE))`).
pub type Stages<T, const ROWS: usize, const BK: usize, const PIPE: usize> =
    TileToShape<Layout_K_SW128_Atom<T>, (C<ROWS>, C<BK>, C<PIPE>)>;

/// One kernel's configuration.
pub trait WsConfig {
    /// The inputs' element.
    type In: TmaElement;
    /// C's element.
    type Out;
    /// A's stage (128 rows), TMA's tile.
    type StageA: TmaTile;
    /// B's stage (`BN` rows).
    type StageB: TmaTile;
    /// What one block loads of B's stage: all of it, or its half of a pair's.
    type LoadB: TmaTile;
    /// The wgmma atom (two along M).
    type Atom;
    /// The shared storage: A's and B's stages, the TMA-store epilogue's buffer or nothing, the
    /// stages' full and empty barriers.
    type Storage;
    /// The stages' K: 128 bytes of the input.
    const BK: usize;
    /// B's rows in a stage: the tile's N.
    const BN: usize;
    /// The stages.
    const STAGES: usize;
    /// Whether the producer gives its registers to the consumers (`setmaxnreg`).
    const REALLOC: bool;
    /// Whether C goes through shared memory and TMA stores.
    const TMA_STORE: bool;
    /// Whether blocks run in pairs along M (clusters of 2).
    const CLUSTER: bool;
    /// The blocks of a cluster along M.
    const CLUSTER_M: usize = if Self::CLUSTER { 2 } else { 1 };
    /// A block's rows of the output tile (its two consumer warpgroups' 64 each), A's stage's rows.
    const BM: usize = 128;
    /// The block's threads: the cooperative schedule's.
    const THREADS: usize = Cooperative::THREADS;
    /// Whether a tile's K may be cut into parts (split-K).
    const SPLIT: bool;
    /// The dynamic shared memory a launch gives.
    const SHARED_BYTES: u32;
}

/// `ws_config!(Name: In => Out, StageA, StageB, LoadB, Atom, BN, STAGES, REALLOC, TMA_STORE,
/// CLUSTER, SPLIT)`: the configuration type, its storage computed from its stages.
macro_rules! ws_config {
    ($($(#[$doc:meta])* $name:ident: $T:ty => $O:ty, $SA:ty, $SB:ty, $TB:ty, $Atom:ty, $bn:literal,
       $stages:literal, $realloc:literal, $tma_store:ident, $cluster:literal, $split:literal;)+) => {$(
        $(#[$doc])*
        pub struct $name;
        impl WsConfig for $name {
            type In = $T;
            type Out = $O;
            type StageA = $SA;
            type StageB = $SB;
            type LoadB = $TB;
            type Atom = $Atom;
            type Storage = SharedStorage<(
                Buffer<$T, Stages<$T, 128, { 128 / core::mem::size_of::<$T>() }, $stages>>,
                Buffer<$T, Stages<$T, $bn, { 128 / core::mem::size_of::<$T>() }, $stages>>,
                ws_config!(@epilogue $tma_store),
                Barriers<$stages>,
                Barriers<$stages>,
            )>;
            const BK: usize = 128 / core::mem::size_of::<$T>();
            const BN: usize = $bn;
            const STAGES: usize = $stages;
            const REALLOC: bool = $realloc;
            const TMA_STORE: bool = ws_config!(@is $tma_store);
            const CLUSTER: bool = $cluster;
            const SPLIT: bool = $split;
            const SHARED_BYTES: u32 = <Self as WsConfig>::Storage::DYNAMIC_BYTES;
        }
    )+};
    (@epilogue tma_store) => { Buffer<BF16, StageC> };
    (@epilogue direct) => { () };
    (@is tma_store) => { true };
    (@is direct) => { false };
}

ws_config! {
    /// bf16 in pairs sharing B's `(256,64)` tile, each block loading its half multicast to both.
    Bf16Pairs: BF16 => BF16, StageA<BF16>, StageB<BF16>, StageA<BF16>, SM90_64x256x16_F32BF16BF16_SS, 256, 4, true, direct, true, false;
    /// The same in f16.
    F16Pairs: F16 => F16, StageA<F16>, StageB<F16>, StageA<F16>, SM90_64x256x16_F32F16F16_SS, 256, 4, true, direct, true, false;
    /// The same in e4m3 (K tiles of 128), C in bf16.
    E4m3Pairs: E4M3 => BF16, StageA8, StageB8, StageA8, SM90_64x256x32_F32E4M3E4M3_SS_TN, 256, 4, true, direct, true, false;
    /// 128x128 tiles, 6 stages and split-K, no clusters.
    Bf16SplitK: BF16 => BF16, StageA<BF16>, StageA<BF16>, StageA<BF16>, SM90_64x128x16_F32BF16BF16_SS, 128, 6, true, direct, false, true;
    /// The same in e4m3.
    E4m3SplitK: E4M3 => BF16, StageA8, StageA8, StageA8, SM90_64x128x32_F32E4M3E4M3_SS_TN, 128, 6, true, direct, false, true;
    /// One block loading its own A and B tiles, without clusters.
    Bf16Solo: BF16 => BF16, StageA<BF16>, StageB<BF16>, StageB<BF16>, SM90_64x256x16_F32BF16BF16_SS, 256, 4, true, direct, false, false;
    /// The solo kernel with 3 stages.
    Bf16Solo3s: BF16 => BF16, StageA<BF16>, StageB<BF16>, StageB<BF16>, SM90_64x256x16_F32BF16BF16_SS, 256, 3, true, direct, false, false;
    /// The solo kernel without `setmaxnreg`.
    Bf16SoloNoreg: BF16 => BF16, StageA<BF16>, StageB<BF16>, StageB<BF16>, SM90_64x256x16_F32BF16BF16_SS, 256, 4, false, direct, false, false;
    /// The solo kernel with its epilogue through shared memory and TMA stores.
    Bf16SoloTmaStore: BF16 => BF16, StageA<BF16>, StageB<BF16>, StageB<BF16>, SM90_64x256x16_F32BF16BF16_SS, 256, 4, true, tma_store, false, false;
    /// The pairs without the multicast: each block loads its own B.
    Bf16PairsOwnB: BF16 => BF16, StageA<BF16>, StageB<BF16>, StageB<BF16>, SM90_64x256x16_F32BF16BF16_SS, 256, 4, true, direct, true, false;
}
