//! Ampere's warp MMA and asynchronous copy (CuTe's `SM80_16x8x16_F32F16F16F32_TN`, its bf16 and
//! m16n8k8 twins and its f16-accumulating form, `SM80_CP_ASYNC_CACHEGLOBAL(_ZFILL)` and
//! `SM80_CP_ASYNC_CACHEALWAYS(_ZFILL)`), and the conversions from f32 to bf16 and f16 (`cvt.rn`).

use core::arch::asm;

macro_rules! mma_m16n8k16 {
    ($($(#[$doc:meta])* $name:ident, $ty:literal;)+) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// All 32 lanes of the warp execute it together.
        #[inline(always)]
        pub unsafe fn $name(d: &mut [f32; 4], a: [u32; 4], b: [u32; 2]) {
            asm!(
                concat!("mma.sync.aligned.m16n8k16.row.col.f32.", $ty, ".", $ty, ".f32 {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, {{{d0}, {d1}, {d2}, {d3}}};"),
                d0 = inout(reg32) d[0], d1 = inout(reg32) d[1], d2 = inout(reg32) d[2], d3 = inout(reg32) d[3],
                a0 = in(reg32) a[0], a1 = in(reg32) a[1], a2 = in(reg32) a[2], a3 = in(reg32) a[3],
                b0 = in(reg32) b[0], b1 = in(reg32) b[1],
            );
        }
    )+};
}
mma_m16n8k16! {
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`: `d = a * b + d` on one warp's
    /// fragments (the registers as the atom's layouts give them).
    mma_16816, "f16";
    /// The same with bf16 inputs.
    mma_16816_bf16, "bf16";
}

macro_rules! mma_m16n8k8 {
    ($($(#[$doc:meta])* $name:ident, $ty:literal;)+) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// All 32 lanes of the warp execute it together.
        #[inline(always)]
        pub unsafe fn $name(d: &mut [f32; 4], a: [u32; 2], b: [u32; 1]) {
            asm!(
                concat!("mma.sync.aligned.m16n8k8.row.col.f32.", $ty, ".", $ty, ".f32 {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}}}, {{{b0}}}, {{{d0}, {d1}, {d2}, {d3}}};"),
                d0 = inout(reg32) d[0], d1 = inout(reg32) d[1], d2 = inout(reg32) d[2], d3 = inout(reg32) d[3],
                a0 = in(reg32) a[0], a1 = in(reg32) a[1], b0 = in(reg32) b[0],
            );
        }
    )+};
}
mma_m16n8k8! {
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`: `d = a * b + d`, K of 8.
    mma_1688, "f16";
    /// The same with bf16 inputs.
    mma_1688_bf16, "bf16";
}

/// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`: `d = a * b + d` with f16 accumulators,
/// two to a register (CuTe's `SM80_16x8x16_F16F16F16F16_TN`, sgemm_sm80's atom).
///
/// # Safety
/// All 32 lanes of the warp execute it together.
#[inline(always)]
pub unsafe fn mma_16816_f16(d: &mut [u32; 2], a: [u32; 4], b: [u32; 2]) {
    asm!(
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {{{d0}, {d1}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, {{{d0}, {d1}}};",
        d0 = inout(reg32) d[0], d1 = inout(reg32) d[1],
        a0 = in(reg32) a[0], a1 = in(reg32) a[1], a2 = in(reg32) a[2], a3 = in(reg32) a[3],
        b0 = in(reg32) b[0], b1 = in(reg32) b[1],
    );
}

/// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`: the same with K of 8
/// (`SM80_16x8x8_F16F16F16F16_TN`).
///
/// # Safety
/// All 32 lanes of the warp execute it together.
#[inline(always)]
pub unsafe fn mma_1688_f16(d: &mut [u32; 2], a: [u32; 2], b: [u32; 1]) {
    asm!(
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {{{d0}, {d1}}}, {{{a0}, {a1}}}, {{{b0}}}, {{{d0}, {d1}}};",
        d0 = inout(reg32) d[0], d1 = inout(reg32) d[1],
        a0 = in(reg32) a[0], a1 = in(reg32) a[1], b0 = in(reg32) b[0],
    );
}

/// `cp.async.ca.shared.global` of `N` bytes (4, 8 or 16; through L1), zero-filled past
/// `src_bytes`.
///
/// # Safety
/// `dst` is an `N`-byte aligned address inside a shared array; `src_bytes` is 0 or `N`, and
/// where it is `N`, `src` points to `N` readable, `N`-byte aligned bytes of global memory.
#[inline(always)]
pub unsafe fn cp_async_ca<const N: u32>(dst: u32, src: *const u8, src_bytes: u32) {
    const {
        assert!(
            N == 4 || N == 8 || N == 16,
            "cp.async.ca moves 4, 8 or 16 bytes"
        )
    };
    asm!("cp.async.ca.shared.global [{d}], [{s}], {n}, {b};", d = in(reg32) dst, s = in(reg64) src, n = const N, b = in(reg32) src_bytes);
}

/// `cp.async.cg.shared.global` of 16 bytes, zero-filled past `src_bytes`.
///
/// # Safety
/// `dst` is a 16-byte aligned address inside a shared array; `src_bytes` is 0 or 16, and where
/// it is 16, `src` points to 16 readable, 16-byte aligned bytes of global memory.
#[inline(always)]
pub unsafe fn cp_async_16(dst: u32, src: *const u8, src_bytes: u32) {
    asm!("cp.async.cg.shared.global [{d}], [{s}], 16, {n};", d = in(reg32) dst, s = in(reg64) src, n = in(reg32) src_bytes);
}

/// `cp.async.commit_group`: the copies issued since the last commit form a group.
///
/// # Safety
/// None beyond the copies' own; it only groups them.
#[inline(always)]
pub unsafe fn cp_async_commit() {
    asm!("cp.async.commit_group;");
}

/// `cp.async.wait_group N`: at most N groups still in flight.
///
/// # Safety
/// The shared memory the finished groups wrote is read only after this (and a barrier, where
/// other threads wrote it).
#[inline(always)]
pub unsafe fn cp_async_wait<const N: u32>() {
    asm!("cp.async.wait_group {n};", n = const N);
}

macro_rules! cvt_rn {
    ($($(#[$doc:meta])* $name:ident, $ty:literal;)+) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name(x: f32) -> u16 {
            let h: u16;
            // SAFETY: a conversion between registers; it touches no memory.
            unsafe {
                asm!(concat!("cvt.rn.", $ty, ".f32 {h}, {x};"), h = out(reg16) h, x = in(reg32) x,
                     options(pure, nomem, nostack, preserves_flags));
            }
            h
        }
    )+};
}
cvt_rn! {
    /// `cvt.rn.bf16.f32`: the bf16 nearest `x` (ties to even), its bits.
    cvt_rn_bf16_f32, "bf16";
    /// `cvt.rn.f16.f32`: the f16 nearest `x` (ties to even), its bits.
    cvt_rn_f16_f32, "f16";
}

macro_rules! cvt_rn_x2 {
    ($($(#[$doc:meta])* $name:ident, $ty:literal;)+) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name(lo: f32, hi: f32) -> u32 {
            let h: u32;
            // SAFETY: a conversion between registers; it touches no memory. PTX puts its first
            // source in the upper half.
            unsafe {
                asm!(concat!("cvt.rn.", $ty, ".f32 {h}, {hi}, {lo};"), h = out(reg32) h, hi = in(reg32) hi,
                     lo = in(reg32) lo, options(pure, nomem, nostack, preserves_flags));
            }
            h
        }
    )+};
}
cvt_rn_x2! {
    /// `cvt.rn.bf16x2.f32`: two bf16s nearest `lo` and `hi` (ties to even), `lo` in the lower
    /// half, as a packed register of an MMA's operand.
    cvt_rn_bf16x2_f32, "bf16x2";
    /// `cvt.rn.f16x2.f32`: the same in f16.
    cvt_rn_f16x2_f32, "f16x2";
}
