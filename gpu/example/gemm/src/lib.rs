//! Your own GEMM: a bf16 Hopper GEMM, `C = gelu(A B^T + bias)`, composed from tessel's
//! collectives as CUTLASS composes its kernels. The configuration names the parts as types; the
//! kernel is one line over the library's generic body.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]

use tessel::atom::element::BF16;
use tessel::atom::gmma::Layout_K_SW128_Atom;
use tessel::kernel::epilogue::{Direct, EpilogueParts};
use tessel::kernel::fusion::{ColBias, Gelu};
use tessel::kernel::gemm::GemmKernel;
use tessel::kernel::role::{Cooperative, Schedule};
use tessel::kernel::storage::{Barriers, Buffer, SharedStorage};
use tessel::mma::SM90_64x256x16_F32BF16BF16_SS;
use tessel::{shape, MakeTiledMma, TileToShape};

/// 128x64 tiles of A and 256x64 of B, 4 stages of each (the stage mode last), 128-byte swizzled.
type TileA = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
type TileB = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(256,64)")>;
type StagesA = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64,4)")>;
type StagesB = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(256,64,4)")>;
type Epi = Direct<BF16, (ColBias, Gelu)>;

/// The kernel's parts: two consumer warpgroups of `64x256x16` wgmmas over 128x256 tiles, blocks
/// in pairs sharing B's tile (each loading its half, multicast to both).
pub struct BiasGelu;
impl GemmKernel for BiasGelu {
    type In = BF16;
    type Mma = MakeTiledMma<SM90_64x256x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type TileA = TileA;
    type TileB = TileB;
    type LoadB = TileA;
    type Stages = (StagesA, StagesB);
    type Tile = shape!("(128,256)");
    type Epilogue = Epi;
    type Schedule = Cooperative;
    type Storage = SharedStorage<(
        Buffer<BF16, StagesA>,
        Buffer<BF16, StagesB>,
        <Epi as EpilogueParts>::Buffer,
        Barriers<4>,
        Barriers<4>,
        <Cooperative as Schedule>::OrderBarriers,
    )>;
    const BK: usize = 64;
    const BM: usize = 128;
    const BN: usize = 256;
    const STAGES: u32 = 4;
    const CLUSTER_M: usize = 2;
}

tessel::shared_array!(smem);
tessel::gemm_kernel!(
    /// `C = gelu(A B^T + bias)`, a bias per column.
    gemm_bias_gelu: BiasGelu, smem
);

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { core::arch::nvptx::trap() }
}
