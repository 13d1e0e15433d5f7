//! The SM90 atoms that run: `wgmma.mma_async` m64nNk16 (f16 and bf16 in) and m64nNk32 (e4m3
//! in), f32 accumulate, with A and B K-major in shared memory (`_SS`) or A in registers (`_RS`,
//! its eight values in the order of the atom's A layout, two to a register). A thread's shared
//! operands are the descriptors of the atom's tiles
//! ([`make_gmma_fragment`](crate::atom::gmma::make_gmma_fragment)); its accumulators are the
//! `N/2` values of the atom's C layout, in its order. The atom's `scale_out` says whether a call
//! adds to them. Around a `gemm` the kernel runs CuTe's protocol: [`warpgroup_arrive`] before,
//! [`warpgroup_commit_batch`] after, [`warpgroup_wait`] before the accumulators are read.

use super::MmaRegisters;
use crate::atom::element::{BF16, F16};
use crate::atom::gmma::{GmmaDescriptor, Major};
use crate::mma::*;

#[cfg(target_arch = "nvptx64")]
pub use crate::arch::sm90::{
    warpgroup_fence_operand, wgmma_commit_group as warpgroup_commit_batch,
    wgmma_fence as warpgroup_arrive, wgmma_wait_group as warpgroup_wait,
};

/// A wgmma on the accumulators as the bits of their f32 values (the instruction's registers).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn on_bits<const R: usize>(c: &mut [f32; R], wgmma: impl FnOnce(&mut [u32; R])) {
    let mut bits = c.map(f32::to_bits);
    wgmma(&mut bits);
    *c = bits.map(f32::from_bits);
}

/// A K-major wgmma atom (an SS atom's default majors) of `$regs` accumulators a thread.
macro_rules! wgmma_ss {
    ($($Atom:ty, $regs:literal, $fma:ident;)+) => {$(
        impl MmaRegisters for $Atom {
            type ElemA = GmmaDescriptor;
            type ElemB = GmmaDescriptor;
            type FragA = [GmmaDescriptor; 1];
            type FragB = [GmmaDescriptor; 1];
            type FragC = [f32; $regs];
            type RegA = u64;
            type RegB = u64;
            #[inline(always)]
            fn pack(a: &[GmmaDescriptor; 1], b: &[GmmaDescriptor; 1]) -> (u64, u64) {
                (a[0].0, b[0].0)
            }
        }
        #[cfg(target_arch = "nvptx64")]
        impl super::MmaExec for $Atom {
            #[inline(always)]
            unsafe fn fma(&self, c: &mut [f32; $regs], a: u64, b: u64) {
                on_bits(c, |d| crate::arch::sm90::$fma(d, a, b, self.scale_out == ScaleOut::One));
            }
        }
    )+};
}
wgmma_ss! {
    // sm90_tables.py: begin
    SM90_64x8x16_F32F16F16_SS, 4, wgmma_m64n8k16_f32_f16;
    SM90_64x16x16_F32F16F16_SS, 8, wgmma_m64n16k16_f32_f16;
    SM90_64x24x16_F32F16F16_SS, 12, wgmma_m64n24k16_f32_f16;
    SM90_64x32x16_F32F16F16_SS, 16, wgmma_m64n32k16_f32_f16;
    SM90_64x40x16_F32F16F16_SS, 20, wgmma_m64n40k16_f32_f16;
    SM90_64x48x16_F32F16F16_SS, 24, wgmma_m64n48k16_f32_f16;
    SM90_64x56x16_F32F16F16_SS, 28, wgmma_m64n56k16_f32_f16;
    SM90_64x64x16_F32F16F16_SS, 32, wgmma_m64n64k16_f32_f16;
    SM90_64x72x16_F32F16F16_SS, 36, wgmma_m64n72k16_f32_f16;
    SM90_64x80x16_F32F16F16_SS, 40, wgmma_m64n80k16_f32_f16;
    SM90_64x88x16_F32F16F16_SS, 44, wgmma_m64n88k16_f32_f16;
    SM90_64x96x16_F32F16F16_SS, 48, wgmma_m64n96k16_f32_f16;
    SM90_64x104x16_F32F16F16_SS, 52, wgmma_m64n104k16_f32_f16;
    SM90_64x112x16_F32F16F16_SS, 56, wgmma_m64n112k16_f32_f16;
    SM90_64x120x16_F32F16F16_SS, 60, wgmma_m64n120k16_f32_f16;
    SM90_64x128x16_F32F16F16_SS, 64, wgmma_m64n128k16_f32_f16;
    SM90_64x136x16_F32F16F16_SS, 68, wgmma_m64n136k16_f32_f16;
    SM90_64x144x16_F32F16F16_SS, 72, wgmma_m64n144k16_f32_f16;
    SM90_64x152x16_F32F16F16_SS, 76, wgmma_m64n152k16_f32_f16;
    SM90_64x160x16_F32F16F16_SS, 80, wgmma_m64n160k16_f32_f16;
    SM90_64x168x16_F32F16F16_SS, 84, wgmma_m64n168k16_f32_f16;
    SM90_64x176x16_F32F16F16_SS, 88, wgmma_m64n176k16_f32_f16;
    SM90_64x184x16_F32F16F16_SS, 92, wgmma_m64n184k16_f32_f16;
    SM90_64x192x16_F32F16F16_SS, 96, wgmma_m64n192k16_f32_f16;
    SM90_64x200x16_F32F16F16_SS, 100, wgmma_m64n200k16_f32_f16;
    SM90_64x208x16_F32F16F16_SS, 104, wgmma_m64n208k16_f32_f16;
    SM90_64x216x16_F32F16F16_SS, 108, wgmma_m64n216k16_f32_f16;
    SM90_64x224x16_F32F16F16_SS, 112, wgmma_m64n224k16_f32_f16;
    SM90_64x232x16_F32F16F16_SS, 116, wgmma_m64n232k16_f32_f16;
    SM90_64x240x16_F32F16F16_SS, 120, wgmma_m64n240k16_f32_f16;
    SM90_64x248x16_F32F16F16_SS, 124, wgmma_m64n248k16_f32_f16;
    SM90_64x256x16_F32F16F16_SS, 128, wgmma_m64n256k16_f32_f16;
    SM90_64x8x16_F32BF16BF16_SS, 4, wgmma_m64n8k16_f32_bf16;
    SM90_64x16x16_F32BF16BF16_SS, 8, wgmma_m64n16k16_f32_bf16;
    SM90_64x24x16_F32BF16BF16_SS, 12, wgmma_m64n24k16_f32_bf16;
    SM90_64x32x16_F32BF16BF16_SS, 16, wgmma_m64n32k16_f32_bf16;
    SM90_64x40x16_F32BF16BF16_SS, 20, wgmma_m64n40k16_f32_bf16;
    SM90_64x48x16_F32BF16BF16_SS, 24, wgmma_m64n48k16_f32_bf16;
    SM90_64x56x16_F32BF16BF16_SS, 28, wgmma_m64n56k16_f32_bf16;
    SM90_64x64x16_F32BF16BF16_SS, 32, wgmma_m64n64k16_f32_bf16;
    SM90_64x72x16_F32BF16BF16_SS, 36, wgmma_m64n72k16_f32_bf16;
    SM90_64x80x16_F32BF16BF16_SS, 40, wgmma_m64n80k16_f32_bf16;
    SM90_64x88x16_F32BF16BF16_SS, 44, wgmma_m64n88k16_f32_bf16;
    SM90_64x96x16_F32BF16BF16_SS, 48, wgmma_m64n96k16_f32_bf16;
    SM90_64x104x16_F32BF16BF16_SS, 52, wgmma_m64n104k16_f32_bf16;
    SM90_64x112x16_F32BF16BF16_SS, 56, wgmma_m64n112k16_f32_bf16;
    SM90_64x120x16_F32BF16BF16_SS, 60, wgmma_m64n120k16_f32_bf16;
    SM90_64x128x16_F32BF16BF16_SS, 64, wgmma_m64n128k16_f32_bf16;
    SM90_64x136x16_F32BF16BF16_SS, 68, wgmma_m64n136k16_f32_bf16;
    SM90_64x144x16_F32BF16BF16_SS, 72, wgmma_m64n144k16_f32_bf16;
    SM90_64x152x16_F32BF16BF16_SS, 76, wgmma_m64n152k16_f32_bf16;
    SM90_64x160x16_F32BF16BF16_SS, 80, wgmma_m64n160k16_f32_bf16;
    SM90_64x168x16_F32BF16BF16_SS, 84, wgmma_m64n168k16_f32_bf16;
    SM90_64x176x16_F32BF16BF16_SS, 88, wgmma_m64n176k16_f32_bf16;
    SM90_64x184x16_F32BF16BF16_SS, 92, wgmma_m64n184k16_f32_bf16;
    SM90_64x192x16_F32BF16BF16_SS, 96, wgmma_m64n192k16_f32_bf16;
    SM90_64x200x16_F32BF16BF16_SS, 100, wgmma_m64n200k16_f32_bf16;
    SM90_64x208x16_F32BF16BF16_SS, 104, wgmma_m64n208k16_f32_bf16;
    SM90_64x216x16_F32BF16BF16_SS, 108, wgmma_m64n216k16_f32_bf16;
    SM90_64x224x16_F32BF16BF16_SS, 112, wgmma_m64n224k16_f32_bf16;
    SM90_64x232x16_F32BF16BF16_SS, 116, wgmma_m64n232k16_f32_bf16;
    SM90_64x240x16_F32BF16BF16_SS, 120, wgmma_m64n240k16_f32_bf16;
    SM90_64x248x16_F32BF16BF16_SS, 124, wgmma_m64n248k16_f32_bf16;
    SM90_64x256x16_F32BF16BF16_SS, 128, wgmma_m64n256k16_f32_bf16;
    SM90_64x8x32_F32E4M3E4M3_SS_TN, 4, wgmma_m64n8k32_f32_e4m3;
    SM90_64x16x32_F32E4M3E4M3_SS_TN, 8, wgmma_m64n16k32_f32_e4m3;
    SM90_64x24x32_F32E4M3E4M3_SS_TN, 12, wgmma_m64n24k32_f32_e4m3;
    SM90_64x32x32_F32E4M3E4M3_SS_TN, 16, wgmma_m64n32k32_f32_e4m3;
    SM90_64x40x32_F32E4M3E4M3_SS_TN, 20, wgmma_m64n40k32_f32_e4m3;
    SM90_64x48x32_F32E4M3E4M3_SS_TN, 24, wgmma_m64n48k32_f32_e4m3;
    SM90_64x56x32_F32E4M3E4M3_SS_TN, 28, wgmma_m64n56k32_f32_e4m3;
    SM90_64x64x32_F32E4M3E4M3_SS_TN, 32, wgmma_m64n64k32_f32_e4m3;
    SM90_64x72x32_F32E4M3E4M3_SS_TN, 36, wgmma_m64n72k32_f32_e4m3;
    SM90_64x80x32_F32E4M3E4M3_SS_TN, 40, wgmma_m64n80k32_f32_e4m3;
    SM90_64x88x32_F32E4M3E4M3_SS_TN, 44, wgmma_m64n88k32_f32_e4m3;
    SM90_64x96x32_F32E4M3E4M3_SS_TN, 48, wgmma_m64n96k32_f32_e4m3;
    SM90_64x104x32_F32E4M3E4M3_SS_TN, 52, wgmma_m64n104k32_f32_e4m3;
    SM90_64x112x32_F32E4M3E4M3_SS_TN, 56, wgmma_m64n112k32_f32_e4m3;
    SM90_64x120x32_F32E4M3E4M3_SS_TN, 60, wgmma_m64n120k32_f32_e4m3;
    SM90_64x128x32_F32E4M3E4M3_SS_TN, 64, wgmma_m64n128k32_f32_e4m3;
    SM90_64x136x32_F32E4M3E4M3_SS_TN, 68, wgmma_m64n136k32_f32_e4m3;
    SM90_64x144x32_F32E4M3E4M3_SS_TN, 72, wgmma_m64n144k32_f32_e4m3;
    SM90_64x152x32_F32E4M3E4M3_SS_TN, 76, wgmma_m64n152k32_f32_e4m3;
    SM90_64x160x32_F32E4M3E4M3_SS_TN, 80, wgmma_m64n160k32_f32_e4m3;
    SM90_64x168x32_F32E4M3E4M3_SS_TN, 84, wgmma_m64n168k32_f32_e4m3;
    SM90_64x176x32_F32E4M3E4M3_SS_TN, 88, wgmma_m64n176k32_f32_e4m3;
    SM90_64x184x32_F32E4M3E4M3_SS_TN, 92, wgmma_m64n184k32_f32_e4m3;
    SM90_64x192x32_F32E4M3E4M3_SS_TN, 96, wgmma_m64n192k32_f32_e4m3;
    SM90_64x200x32_F32E4M3E4M3_SS_TN, 100, wgmma_m64n200k32_f32_e4m3;
    SM90_64x208x32_F32E4M3E4M3_SS_TN, 104, wgmma_m64n208k32_f32_e4m3;
    SM90_64x216x32_F32E4M3E4M3_SS_TN, 108, wgmma_m64n216k32_f32_e4m3;
    SM90_64x224x32_F32E4M3E4M3_SS_TN, 112, wgmma_m64n224k32_f32_e4m3;
    SM90_64x232x32_F32E4M3E4M3_SS_TN, 116, wgmma_m64n232k32_f32_e4m3;
    SM90_64x240x32_F32E4M3E4M3_SS_TN, 120, wgmma_m64n240k32_f32_e4m3;
    SM90_64x248x32_F32E4M3E4M3_SS_TN, 124, wgmma_m64n248k32_f32_e4m3;
    SM90_64x256x32_F32E4M3E4M3_SS_TN, 128, wgmma_m64n256k32_f32_e4m3;
    // sm90_tables.py: end
}

/// An RS wgmma atom (A from registers, B a descriptor of a K-major or N-major tile, as its
/// `MajorB`) of `$regs` accumulators.
macro_rules! wgmma_rs {
    ($($Atom:ident, $T:ty, $regs:literal, $fma:ident;)+) => {$(
        impl<MB: Major + Copy + Default> MmaRegisters for $Atom<KMajor, MB> {
            type ElemA = $T;
            type ElemB = GmmaDescriptor;
            type FragA = [$T; 8];
            type FragB = [GmmaDescriptor; 1];
            type FragC = [f32; $regs];
            type RegA = [u32; 4];
            type RegB = u64;
            #[inline(always)]
            fn pack(a: &[$T; 8], b: &[GmmaDescriptor; 1]) -> ([u32; 4], u64) {
                (super::pairs(a), b[0].0)
            }
        }
        #[cfg(target_arch = "nvptx64")]
        impl<MB: Major + crate::arch::sm90::TransposeB + Copy + Default> super::MmaExec for $Atom<KMajor, MB> {
            #[inline(always)]
            unsafe fn fma(&self, c: &mut [f32; $regs], a: [u32; 4], b: u64) {
                on_bits(c, |d| crate::arch::sm90::$fma::<MB>(d, a, b, self.scale_out == ScaleOut::One));
            }
        }
    )+};
}
wgmma_rs! {
    // sm90_tables.py: begin
    SM90_64x8x16_F32F16F16_RS, F16, 4, wgmma_m64n8k16_f32_f16_rs;
    SM90_64x16x16_F32F16F16_RS, F16, 8, wgmma_m64n16k16_f32_f16_rs;
    SM90_64x24x16_F32F16F16_RS, F16, 12, wgmma_m64n24k16_f32_f16_rs;
    SM90_64x32x16_F32F16F16_RS, F16, 16, wgmma_m64n32k16_f32_f16_rs;
    SM90_64x40x16_F32F16F16_RS, F16, 20, wgmma_m64n40k16_f32_f16_rs;
    SM90_64x48x16_F32F16F16_RS, F16, 24, wgmma_m64n48k16_f32_f16_rs;
    SM90_64x56x16_F32F16F16_RS, F16, 28, wgmma_m64n56k16_f32_f16_rs;
    SM90_64x64x16_F32F16F16_RS, F16, 32, wgmma_m64n64k16_f32_f16_rs;
    SM90_64x72x16_F32F16F16_RS, F16, 36, wgmma_m64n72k16_f32_f16_rs;
    SM90_64x80x16_F32F16F16_RS, F16, 40, wgmma_m64n80k16_f32_f16_rs;
    SM90_64x88x16_F32F16F16_RS, F16, 44, wgmma_m64n88k16_f32_f16_rs;
    SM90_64x96x16_F32F16F16_RS, F16, 48, wgmma_m64n96k16_f32_f16_rs;
    SM90_64x104x16_F32F16F16_RS, F16, 52, wgmma_m64n104k16_f32_f16_rs;
    SM90_64x112x16_F32F16F16_RS, F16, 56, wgmma_m64n112k16_f32_f16_rs;
    SM90_64x120x16_F32F16F16_RS, F16, 60, wgmma_m64n120k16_f32_f16_rs;
    SM90_64x128x16_F32F16F16_RS, F16, 64, wgmma_m64n128k16_f32_f16_rs;
    SM90_64x136x16_F32F16F16_RS, F16, 68, wgmma_m64n136k16_f32_f16_rs;
    SM90_64x144x16_F32F16F16_RS, F16, 72, wgmma_m64n144k16_f32_f16_rs;
    SM90_64x152x16_F32F16F16_RS, F16, 76, wgmma_m64n152k16_f32_f16_rs;
    SM90_64x160x16_F32F16F16_RS, F16, 80, wgmma_m64n160k16_f32_f16_rs;
    SM90_64x168x16_F32F16F16_RS, F16, 84, wgmma_m64n168k16_f32_f16_rs;
    SM90_64x176x16_F32F16F16_RS, F16, 88, wgmma_m64n176k16_f32_f16_rs;
    SM90_64x184x16_F32F16F16_RS, F16, 92, wgmma_m64n184k16_f32_f16_rs;
    SM90_64x192x16_F32F16F16_RS, F16, 96, wgmma_m64n192k16_f32_f16_rs;
    SM90_64x200x16_F32F16F16_RS, F16, 100, wgmma_m64n200k16_f32_f16_rs;
    SM90_64x208x16_F32F16F16_RS, F16, 104, wgmma_m64n208k16_f32_f16_rs;
    SM90_64x216x16_F32F16F16_RS, F16, 108, wgmma_m64n216k16_f32_f16_rs;
    SM90_64x224x16_F32F16F16_RS, F16, 112, wgmma_m64n224k16_f32_f16_rs;
    SM90_64x232x16_F32F16F16_RS, F16, 116, wgmma_m64n232k16_f32_f16_rs;
    SM90_64x240x16_F32F16F16_RS, F16, 120, wgmma_m64n240k16_f32_f16_rs;
    SM90_64x248x16_F32F16F16_RS, F16, 124, wgmma_m64n248k16_f32_f16_rs;
    SM90_64x256x16_F32F16F16_RS, F16, 128, wgmma_m64n256k16_f32_f16_rs;
    SM90_64x8x16_F32BF16BF16_RS, BF16, 4, wgmma_m64n8k16_f32_bf16_rs;
    SM90_64x16x16_F32BF16BF16_RS, BF16, 8, wgmma_m64n16k16_f32_bf16_rs;
    SM90_64x24x16_F32BF16BF16_RS, BF16, 12, wgmma_m64n24k16_f32_bf16_rs;
    SM90_64x32x16_F32BF16BF16_RS, BF16, 16, wgmma_m64n32k16_f32_bf16_rs;
    SM90_64x40x16_F32BF16BF16_RS, BF16, 20, wgmma_m64n40k16_f32_bf16_rs;
    SM90_64x48x16_F32BF16BF16_RS, BF16, 24, wgmma_m64n48k16_f32_bf16_rs;
    SM90_64x56x16_F32BF16BF16_RS, BF16, 28, wgmma_m64n56k16_f32_bf16_rs;
    SM90_64x64x16_F32BF16BF16_RS, BF16, 32, wgmma_m64n64k16_f32_bf16_rs;
    SM90_64x72x16_F32BF16BF16_RS, BF16, 36, wgmma_m64n72k16_f32_bf16_rs;
    SM90_64x80x16_F32BF16BF16_RS, BF16, 40, wgmma_m64n80k16_f32_bf16_rs;
    SM90_64x88x16_F32BF16BF16_RS, BF16, 44, wgmma_m64n88k16_f32_bf16_rs;
    SM90_64x96x16_F32BF16BF16_RS, BF16, 48, wgmma_m64n96k16_f32_bf16_rs;
    SM90_64x104x16_F32BF16BF16_RS, BF16, 52, wgmma_m64n104k16_f32_bf16_rs;
    SM90_64x112x16_F32BF16BF16_RS, BF16, 56, wgmma_m64n112k16_f32_bf16_rs;
    SM90_64x120x16_F32BF16BF16_RS, BF16, 60, wgmma_m64n120k16_f32_bf16_rs;
    SM90_64x128x16_F32BF16BF16_RS, BF16, 64, wgmma_m64n128k16_f32_bf16_rs;
    SM90_64x136x16_F32BF16BF16_RS, BF16, 68, wgmma_m64n136k16_f32_bf16_rs;
    SM90_64x144x16_F32BF16BF16_RS, BF16, 72, wgmma_m64n144k16_f32_bf16_rs;
    SM90_64x152x16_F32BF16BF16_RS, BF16, 76, wgmma_m64n152k16_f32_bf16_rs;
    SM90_64x160x16_F32BF16BF16_RS, BF16, 80, wgmma_m64n160k16_f32_bf16_rs;
    SM90_64x168x16_F32BF16BF16_RS, BF16, 84, wgmma_m64n168k16_f32_bf16_rs;
    SM90_64x176x16_F32BF16BF16_RS, BF16, 88, wgmma_m64n176k16_f32_bf16_rs;
    SM90_64x184x16_F32BF16BF16_RS, BF16, 92, wgmma_m64n184k16_f32_bf16_rs;
    SM90_64x192x16_F32BF16BF16_RS, BF16, 96, wgmma_m64n192k16_f32_bf16_rs;
    SM90_64x200x16_F32BF16BF16_RS, BF16, 100, wgmma_m64n200k16_f32_bf16_rs;
    SM90_64x208x16_F32BF16BF16_RS, BF16, 104, wgmma_m64n208k16_f32_bf16_rs;
    SM90_64x216x16_F32BF16BF16_RS, BF16, 108, wgmma_m64n216k16_f32_bf16_rs;
    SM90_64x224x16_F32BF16BF16_RS, BF16, 112, wgmma_m64n224k16_f32_bf16_rs;
    SM90_64x232x16_F32BF16BF16_RS, BF16, 116, wgmma_m64n232k16_f32_bf16_rs;
    SM90_64x240x16_F32BF16BF16_RS, BF16, 120, wgmma_m64n240k16_f32_bf16_rs;
    SM90_64x248x16_F32BF16BF16_RS, BF16, 124, wgmma_m64n248k16_f32_bf16_rs;
    SM90_64x256x16_F32BF16BF16_RS, BF16, 128, wgmma_m64n256k16_f32_bf16_rs;
    // sm90_tables.py: end
}
