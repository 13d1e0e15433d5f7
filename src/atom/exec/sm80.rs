//! The SM80 atoms that run: `mma.sync` m16n8k16 (f16 and bf16 in, f32 accumulate), `cp.async`
//! of 16 bytes (global to shared) and `ldmatrix.x4` (shared to registers). Their registers are
//! what the PTX ISA's fragment tables name: value `2r` and `2r + 1` of a thread's A (or B) in
//! register `r`, low half first, which is the order of the atoms' TV layouts' value modes
//! (`tests/mma_ptx.rs`, `tests/mma_registers.rs`). The instructions are the device layer's
//! ([`crate::arch`]); only the nvptx64 build has them.

use super::MmaRegisters;
use crate::atom::element::{pack_halves, Half, BF16, F16};
use crate::mma::{SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN};

/// Pairs of halves into registers: register `r` holds values `2r` (low) and `2r + 1`.
#[inline(always)]
fn pairs<T: Half, const N: usize, const R: usize>(v: &[T; N]) -> [u32; R] {
    core::array::from_fn(|r| pack_halves(v[2 * r], v[2 * r + 1]))
}

macro_rules! m16n8k16 {
    ($($Atom:ty, $T:ty, $fma:ident;)+) => {$(
        impl MmaRegisters for $Atom {
            type FragA = [$T; 8];
            type FragB = [$T; 4];
            type FragC = [f32; 4];
            type RegA = [u32; 4];
            type RegB = [u32; 2];
            #[inline(always)]
            fn pack(a: &[$T; 8], b: &[$T; 4]) -> ([u32; 4], [u32; 2]) {
                (pairs(a), pairs(b))
            }
        }
        #[cfg(target_arch = "nvptx64")]
        impl super::MmaExec for $Atom {
            #[inline(always)]
            unsafe fn fma(c: &mut [f32; 4], a: [u32; 4], b: [u32; 2]) {
                crate::arch::sm80::$fma(c, a, b);
            }
        }
    )+};
}
m16n8k16! {
    SM80_16x8x16_F32F16F16F32_TN, F16, mma_16816;
    SM80_16x8x16_F32BF16BF16F32_TN, BF16, mma_16816_bf16;
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::super::CopyExec;
    use crate::arch::sm75::ldmatrix_x4;
    use crate::arch::sm80::cp_async_16;
    use crate::atom::copy::{
        CopyAtom, SM75_U32x4_LDSM_N, SM80_CP_ASYNC_CACHEGLOBAL, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL,
    };
    use crate::atom::element::{unpack_halves, Half};
    use crate::tensor::{AccessMut, Ptr, Smem};

    /// `cp.async.cg` of 16 bytes; where the predicate is false, the zero-filling atom reads no
    /// byte (from the engine's start, a valid address) and writes 16 zeros, the other skips.
    macro_rules! cp_async {
        ($($Op:ident, $zfill:literal;)+) => {$(
            impl<T> CopyExec<Ptr<T>, Smem<T>> for CopyAtom<$Op<u128>, T> {
                const VALUES: usize = 16 / core::mem::size_of::<T>();
                #[inline(always)]
                unsafe fn call(src: &Ptr<T>, s: usize, dst: &mut Smem<T>, d: usize, pred: bool) {
                    let at = if pred { src.as_ptr().add(s) } else { src.as_ptr() };
                    if pred || $zfill {
                        cp_async_16(dst.address(d), at as *const u8, if pred { 16 } else { 0 });
                    }
                }
            }
        )+};
    }
    cp_async! {
        SM80_CP_ASYNC_CACHEGLOBAL, false;
        SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, true;
    }

    /// `ldmatrix.x4`: the lane gives the address of its row of 8 halves, and receives 8 halves,
    /// two to a register.
    impl<T: Half, D: AccessMut<Elem = T>> CopyExec<Smem<T>, D> for CopyAtom<SM75_U32x4_LDSM_N, T> {
        const VALUES: usize = 8;
        #[inline(always)]
        unsafe fn call(src: &Smem<T>, s: usize, dst: &mut D, d: usize, pred: bool) {
            if pred {
                let regs = ldmatrix_x4(src.address(s));
                // An index loop: an array's `into_iter` keeps a runtime cursor LLVM does not unroll.
                for (r, &x) in regs.iter().enumerate() {
                    let (lo, hi) = unpack_halves(x);
                    dst.store(d + 2 * r, lo);
                    dst.store(d + 2 * r + 1, hi);
                }
            }
        }
    }
}
