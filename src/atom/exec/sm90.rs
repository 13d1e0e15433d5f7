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
use crate::atom::gmma::GmmaDescriptor;
use crate::mma::*;

#[cfg(target_arch = "nvptx64")]
pub use crate::arch::sm90::{
    wgmma_commit_group as warpgroup_commit_batch, wgmma_fence as warpgroup_arrive,
    wgmma_wait_group as warpgroup_wait,
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
    SM90_64x8x16_F32F16F16_SS, 4, wgmma_m64n8k16_f32_f16;
    SM90_64x16x16_F32F16F16_SS, 8, wgmma_m64n16k16_f32_f16;
    SM90_64x32x16_F32F16F16_SS, 16, wgmma_m64n32k16_f32_f16;
    SM90_64x64x16_F32F16F16_SS, 32, wgmma_m64n64k16_f32_f16;
    SM90_64x128x16_F32F16F16_SS, 64, wgmma_m64n128k16_f32_f16;
    SM90_64x256x16_F32F16F16_SS, 128, wgmma_m64n256k16_f32_f16;
    SM90_64x8x16_F32BF16BF16_SS, 4, wgmma_m64n8k16_f32_bf16;
    SM90_64x16x16_F32BF16BF16_SS, 8, wgmma_m64n16k16_f32_bf16;
    SM90_64x32x16_F32BF16BF16_SS, 16, wgmma_m64n32k16_f32_bf16;
    SM90_64x64x16_F32BF16BF16_SS, 32, wgmma_m64n64k16_f32_bf16;
    SM90_64x128x16_F32BF16BF16_SS, 64, wgmma_m64n128k16_f32_bf16;
    SM90_64x256x16_F32BF16BF16_SS, 128, wgmma_m64n256k16_f32_bf16;
    SM90_64x8x32_F32E4M3E4M3_SS_TN, 4, wgmma_m64n8k32_f32_e4m3;
    SM90_64x16x32_F32E4M3E4M3_SS_TN, 8, wgmma_m64n16k32_f32_e4m3;
    SM90_64x32x32_F32E4M3E4M3_SS_TN, 16, wgmma_m64n32k32_f32_e4m3;
    SM90_64x64x32_F32E4M3E4M3_SS_TN, 32, wgmma_m64n64k32_f32_e4m3;
    SM90_64x128x32_F32E4M3E4M3_SS_TN, 64, wgmma_m64n128k32_f32_e4m3;
    SM90_64x256x32_F32E4M3E4M3_SS_TN, 128, wgmma_m64n256k32_f32_e4m3;
}

/// An RS wgmma atom (A from registers, B a K-major descriptor) of `$regs` accumulators.
macro_rules! wgmma_rs {
    ($($Atom:ty, $T:ty, $regs:literal, $fma:ident;)+) => {$(
        impl MmaRegisters for $Atom {
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
        impl super::MmaExec for $Atom {
            #[inline(always)]
            unsafe fn fma(&self, c: &mut [f32; $regs], a: [u32; 4], b: u64) {
                on_bits(c, |d| crate::arch::sm90::$fma(d, a, b, self.scale_out == ScaleOut::One));
            }
        }
    )+};
}
wgmma_rs! {
    SM90_64x8x16_F32F16F16_RS, F16, 4, wgmma_m64n8k16_f32_f16_rs;
    SM90_64x16x16_F32F16F16_RS, F16, 8, wgmma_m64n16k16_f32_f16_rs;
    SM90_64x32x16_F32F16F16_RS, F16, 16, wgmma_m64n32k16_f32_f16_rs;
    SM90_64x64x16_F32F16F16_RS, F16, 32, wgmma_m64n64k16_f32_f16_rs;
    SM90_64x128x16_F32F16F16_RS, F16, 64, wgmma_m64n128k16_f32_f16_rs;
    SM90_64x256x16_F32F16F16_RS, F16, 128, wgmma_m64n256k16_f32_f16_rs;
    SM90_64x8x16_F32BF16BF16_RS, BF16, 4, wgmma_m64n8k16_f32_bf16_rs;
    SM90_64x16x16_F32BF16BF16_RS, BF16, 8, wgmma_m64n16k16_f32_bf16_rs;
    SM90_64x32x16_F32BF16BF16_RS, BF16, 16, wgmma_m64n32k16_f32_bf16_rs;
    SM90_64x64x16_F32BF16BF16_RS, BF16, 32, wgmma_m64n64k16_f32_bf16_rs;
    SM90_64x128x16_F32BF16BF16_RS, BF16, 64, wgmma_m64n128k16_f32_bf16_rs;
    SM90_64x256x16_F32BF16BF16_RS, BF16, 128, wgmma_m64n256k16_f32_bf16_rs;
}
