//! The attention kernels' configurations ([`AttentionKernel`]): each kernel's parts as types and
//! the shared storage computed from them. Compiled into the kernels and, by path, into the host,
//! which reads a kernel's dynamic shared memory, tiles and launch from the same type.
//!
//! Tiles as FlashAttention-3 sizes them for 16-bit types, within 227 KB of shared memory and 240
//! registers a consumer thread: 128 query rows a block (64 a consumer warpgroup); blocks of 128
//! keys at head dims 64 and 128, of 80 at 256 (its Q tile alone is 64 KB); two stages of K and V.

use tessel::atom::element::{BF16, F16};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::kernel::attention::AttentionKernel;
use tessel::kernel::order::{Alternate, Unordered};
use tessel::kernel::role::AttentionCooperative;
use tessel::kernel::storage::{Barriers, Buffer, SharedStorage};
use tessel::mma::{KMajor, MNMajor};
use tessel::mma::{SM90_64x128x16_F32BF16BF16_RS, SM90_64x128x16_F32BF16BF16_SS};
use tessel::mma::{SM90_64x128x16_F32F16F16_RS, SM90_64x128x16_F32F16F16_SS};
use tessel::mma::{SM90_64x256x16_F32BF16BF16_RS, SM90_64x256x16_F32F16F16_RS};
use tessel::mma::{SM90_64x64x16_F32BF16BF16_RS, SM90_64x64x16_F32F16F16_RS};
use tessel::mma::{SM90_64x80x16_F32BF16BF16_SS, SM90_64x80x16_F32F16F16_SS};
use tessel::{shape, BlockedProduct, Layout, MakeTiledMma, TileToShape, C};

/// Two wgmma atoms along M: the two consumer warpgroups' rows.
type Two = shape!("(2,1,1)");
/// `(rows, cols, stages)` of `T`, K-major (the head dim contiguous), 128-byte swizzled.
type KMajorStages<T, const R: usize, const D: usize, const S: usize> =
    TileToShape<Layout_K_SW128_Atom<T>, (C<R>, C<D>, C<S>)>;
/// V's `(D, keys)` tile, N-major (the head dim contiguous), 128-byte swizzled, its atoms
/// (64 of the head dim by 8 keys) keys first (CuTe's `tile_to_shape(atom, shape, Step<_2,_1>)`),
/// so that a TMA box of 64 by all the keys fills contiguous atoms: `DA = D / 64` atoms down,
/// `NA = keys / 8` across.
pub type NMajorTile<T, const DA: usize, const NA: usize> =
    BlockedProduct<Layout_MN_SW128_Atom<T>, Layout<(C<DA>, C<NA>), (C<NA>, C<1>)>>;
/// `S` stages of it, `(D, keys, S)`.
pub type NMajorStages<T, const DA: usize, const NA: usize, const S: usize> = BlockedProduct<
    Layout_MN_SW128_Atom<T>,
    Layout<(C<DA>, C<NA>, C<S>), (C<NA>, C<1>, tessel::typenum::Prod<C<DA>, C<NA>>)>,
>;

/// `attention_config!(Name: T, D, BN, STAGES, SAtom, PvAtom, Order, OVERLAP)`: 128 query rows
/// a block, `BN` keys a block of keys, `STAGES` stages of K and V; `S = Q K^T` by `SAtom`s,
/// issued by the consumer warpgroups in `Order`, `O += P V` by `PvAtom`s (A from registers, V
/// N-major); with `OVERLAP`, a block's scores issued with the previous block's `P V`.
macro_rules! attention_config {
    ($($(#[$doc:meta])* $name:ident: $T:ty, $d:literal, $bn:literal, $stages:literal, $S:ident, $Pv:ident, $Order:ty, $overlap:literal;)+) => {$(
        $(#[$doc])*
        pub struct $name;
        impl AttentionKernel for $name {
            type In = $T;
            type Smma = MakeTiledMma<$S, Two>;
            type Pv = MakeTiledMma<$Pv<KMajor, MNMajor>, Two>;
            type TileQ = TileToShape<Layout_K_SW128_Atom<$T>, (C<128>, C<$d>)>;
            type TileK = TileToShape<Layout_K_SW128_Atom<$T>, (C<$bn>, C<$d>)>;
            type TileV = NMajorTile<$T, { $d / 64 }, { $bn / 8 }>;
            type StagesQK = (KMajorStages<$T, 128, $d, 1>, KMajorStages<$T, $bn, $d, $stages>);
            type StagesV = NMajorStages<$T, { $d / 64 }, { $bn / 8 }, $stages>;
            type Scores = (C<128>, C<$bn>);
            type Out = (C<128>, C<$d>);
            type Schedule = AttentionCooperative;
            type Order = $Order;
            type Storage = SharedStorage<(
                Buffer<$T, KMajorStages<$T, 128, $d, 1>>,
                Buffer<$T, KMajorStages<$T, $bn, $d, $stages>>,
                Buffer<$T, NMajorStages<$T, { $d / 64 }, { $bn / 8 }, $stages>>,
                Barriers<2>,
                Barriers<$stages>,
                Barriers<$stages>,
                Barriers<$stages>,
                Barriers<$stages>,
            )>;
            const BM: usize = 128;
            const BN: usize = $bn;
            const D: usize = $d;
            const STAGES: u32 = $stages;
            const OVERLAP: bool = $overlap;
        }
        tessel::assert_tma_tile!($T, NMajorTile<$T, { $d / 64 }, { $bn / 8 }>);
        tessel::assert_gmma_layout!(NMajorTile<$T, { $d / 64 }, { $bn / 8 }>, (C<$d>, C<16>), $T, tessel::atom::gmma::MN);
        tessel::assert_gmma_layout!(TileToShape<Layout_K_SW128_Atom<$T>, (C<$bn>, C<$d>)>, (C<$bn>, C<16>), $T, tessel::atom::gmma::K);
    )+};
}

attention_config! {
    /// bf16, head dim 64: blocks of 128 keys.
    Bf16Hdim64: BF16, 64, 128, 2, SM90_64x128x16_F32BF16BF16_SS, SM90_64x64x16_F32BF16BF16_RS, Alternate, true;
    /// bf16, head dim 128: blocks of 128 keys.
    Bf16Hdim128: BF16, 128, 128, 2, SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32BF16BF16_RS, Alternate, true;
    /// bf16, head dim 256: blocks of 80 keys.
    Bf16Hdim256: BF16, 256, 80, 2, SM90_64x80x16_F32BF16BF16_SS, SM90_64x256x16_F32BF16BF16_RS, Alternate, true;
    /// f16, head dim 64.
    F16Hdim64: F16, 64, 128, 2, SM90_64x128x16_F32F16F16_SS, SM90_64x64x16_F32F16F16_RS, Alternate, true;
    /// f16, head dim 128.
    F16Hdim128: F16, 128, 128, 2, SM90_64x128x16_F32F16F16_SS, SM90_64x128x16_F32F16F16_RS, Alternate, true;
    /// f16, head dim 256.
    F16Hdim256: F16, 256, 80, 2, SM90_64x80x16_F32F16F16_SS, SM90_64x256x16_F32F16F16_RS, Alternate, true;
    /// bf16, head dim 128, each block's scores, softmax and `P V` in turn (what the overlap
    /// gives, measured).
    Bf16Hdim128Sequential: BF16, 128, 128, 2, SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32BF16BF16_RS, Alternate, false;
    /// bf16, head dim 128, the warpgroups issuing as they come (what the turns give, measured).
    Bf16Hdim128Unordered: BF16, 128, 128, 2, SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32BF16BF16_RS, Unordered, true;
}
