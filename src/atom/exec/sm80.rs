//! The SM80 atoms that run: `mma.sync` m16n8k16 and m16n8k8 (f16 and bf16 in, f32 accumulate;
//! with f16 accumulators too), `cp.async` (global to shared: `.cg` of 16 bytes, `.ca`
//! of 4, 8 or 16, each with its zero-filling form) and `ldmatrix` (shared to registers: x1, x2,
//! x4, plain and transposed). Their registers are
//! what the PTX ISA's fragment tables name: value `2r` and `2r + 1` of a thread's A (or B) in
//! register `r`, low half first, which is the order of the atoms' TV layouts' value modes
//! (`tests/mma_ptx.rs`, `tests/mma_registers.rs`). The instructions are the device layer's
//! ([`crate::arch`]); only the nvptx64 build has them.

use super::{pairs, MmaRegisters};
use crate::atom::element::{BF16, F16};
use crate::mma::{SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x8_F32BF16BF16F32_TN};
use crate::mma::{SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN};
use crate::mma::{SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x8_F32F16F16F32_TN};

/// An m16n8 atom with `$a` registers of A, `$b` of B and accumulators `$C`: f32, one to a
/// register, or f16 (sgemm_sm80's atom as shipped), two to a register, `c0, c1` in the first,
/// as A's and B's.
macro_rules! m16n8 {
    ($($Atom:ty, $T:ty, $a:literal, $b:literal, $C:tt, $fma:ident;)+) => {$(
        impl MmaRegisters for $Atom {
            type ElemA = $T;
            type ElemB = $T;
            type FragA = [$T; 2 * $a];
            type FragB = [$T; 2 * $b];
            type FragC = [$C; 4];
            type RegA = [u32; $a];
            type RegB = [u32; $b];
            #[inline(always)]
            fn pack(a: &[$T; 2 * $a], b: &[$T; 2 * $b]) -> ([u32; $a], [u32; $b]) {
                (pairs(a), pairs(b))
            }
        }
        #[cfg(target_arch = "nvptx64")]
        impl super::MmaExec for $Atom {
            #[inline(always)]
            unsafe fn fma(&self, c: &mut [$C; 4], a: [u32; $a], b: [u32; $b]) {
                m16n8!(@fma $C, $fma, c, a, b);
            }
        }
    )+};
    (@fma f32, $fma:ident, $c:ident, $a:ident, $b:ident) => {
        crate::arch::sm80::$fma($c, $a, $b)
    };
    (@fma F16, $fma:ident, $c:ident, $a:ident, $b:ident) => {{
        let mut d: [u32; 2] = pairs($c);
        crate::arch::sm80::$fma(&mut d, $a, $b);
        for (r, x) in d.iter().enumerate() {
            ($c[2 * r], $c[2 * r + 1]) = crate::atom::element::unpack_halves(*x);
        }
    }};
}
m16n8! {
    SM80_16x8x16_F32F16F16F32_TN, F16, 4, 2, f32, mma_16816;
    SM80_16x8x16_F32BF16BF16F32_TN, BF16, 4, 2, f32, mma_16816_bf16;
    SM80_16x8x8_F32F16F16F32_TN, F16, 2, 1, f32, mma_1688;
    SM80_16x8x8_F32BF16BF16F32_TN, BF16, 2, 1, f32, mma_1688_bf16;
    SM80_16x8x16_F16F16F16F16_TN, F16, 4, 2, F16, mma_16816_f16;
    SM80_16x8x8_F16F16F16F16_TN, F16, 2, 1, F16, mma_1688_f16;
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::super::CopyExec;
    use crate::arch::sm75::{ldmatrix_x1, ldmatrix_x1_trans, ldmatrix_x2, ldmatrix_x2_trans};
    use crate::arch::sm75::{ldmatrix_x4, ldmatrix_x4_trans};
    use crate::arch::sm80::{cp_async_16, cp_async_ca};
    use crate::atom::copy::{SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T};
    use crate::atom::copy::{SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N};
    use crate::atom::copy::{SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL};
    use crate::atom::copy::{SM80_CP_ASYNC_CACHEGLOBAL, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL};
    use crate::atom::element::{unpack_halves, Half};
    use crate::tensor::{AccessMut, Ptr, Smem};

    /// `cp.async` of a vector `$V` (`.cg`: 16 bytes; `.ca`: 4, 8 or 16) from global memory,
    /// read-only or not; where the predicate is false, the zero-filling atom reads no byte (from the
    /// engine's start, a valid address) and writes zeros, the other skips.
    macro_rules! cp_async {
        ($($Op:ident<$V:ty>, $zfill:literal, $issue:expr;)+) => {$(
            impl<T, M> CopyExec<Ptr<T, M>, Smem<T>> for $Op<$V> {
                const VALUES: usize = core::mem::size_of::<$V>() / core::mem::size_of::<T>();
                #[inline(always)]
                unsafe fn call(&self, src: &Ptr<T, M>, s: usize, dst: &mut Smem<T>, d: usize, pred: bool) {
                    let at = if pred { src.start().add(s) } else { src.start() };
                    let bytes = if pred { core::mem::size_of::<$V>() as u32 } else { 0 };
                    if pred || $zfill {
                        $issue(dst.address(d), at as *const u8, bytes);
                    }
                }
            }
        )+};
    }
    cp_async! {
        SM80_CP_ASYNC_CACHEGLOBAL<u128>, false, cp_async_16;
        SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, true, cp_async_16;
        SM80_CP_ASYNC_CACHEALWAYS<u32>, false, cp_async_ca::<4>;
        SM80_CP_ASYNC_CACHEALWAYS<u64>, false, cp_async_ca::<8>;
        SM80_CP_ASYNC_CACHEALWAYS<u128>, false, cp_async_ca::<16>;
        SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u32>, true, cp_async_ca::<4>;
        SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u64>, true, cp_async_ca::<8>;
        SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u128>, true, cp_async_ca::<16>;
    }

    /// `ldmatrix`: the lane gives the address of its row of 8 halves, and receives two halves a
    /// register, value `2r` (low) and `2r + 1` in register `r` (the transposed forms alike).
    macro_rules! ldmatrix {
        ($($Op:ty, $regs:literal, $load:ident;)+) => {$(
            impl<T: Half, D: AccessMut<Elem = T>> CopyExec<Smem<T>, D> for $Op {
                const VALUES: usize = 2 * $regs;
                #[inline(always)]
                unsafe fn call(&self, src: &Smem<T>, s: usize, dst: &mut D, d: usize, pred: bool) {
                    if pred {
                        let regs = $load(src.address(s));
                        // An index loop: an array's `into_iter` keeps a runtime cursor LLVM
                        // does not unroll.
                        for (r, &x) in regs.iter().enumerate() {
                            let (lo, hi) = unpack_halves(x);
                            dst.store(d + 2 * r, lo);
                            dst.store(d + 2 * r + 1, hi);
                        }
                    }
                }
            }
        )+};
    }
    ldmatrix! {
        SM75_U32x1_LDSM_N, 1, ldmatrix_x1;
        SM75_U32x2_LDSM_N, 2, ldmatrix_x2;
        SM75_U32x4_LDSM_N, 4, ldmatrix_x4;
        SM75_U16x2_LDSM_T, 1, ldmatrix_x1_trans;
        SM75_U16x4_LDSM_T, 2, ldmatrix_x2_trans;
        SM75_U16x8_LDSM_T, 4, ldmatrix_x4_trans;
    }
}
