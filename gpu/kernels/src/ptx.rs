//! The instructions tessel's layouts do not cover: special registers, barriers, shared memory
//! (declared in PTX, addressed by its 32-bit window and reached with `ld.shared`/`st.shared`,
//! since rustc cannot place a `static` there), and the fused multiply-add.

use core::arch::asm;

/// `%tid.x`, `%tid.y`.
#[inline(always)]
pub fn thread() -> (u32, u32) {
    unsafe {
        (
            core::arch::nvptx::_thread_idx_x() as u32,
            core::arch::nvptx::_thread_idx_y() as u32,
        )
    }
}

/// `%ctaid.x`, `%ctaid.y`.
#[inline(always)]
pub fn block() -> (u32, u32) {
    unsafe {
        (
            core::arch::nvptx::_block_idx_x() as u32,
            core::arch::nvptx::_block_idx_y() as u32,
        )
    }
}

/// `bar.sync 0`.
#[inline(always)]
pub fn sync_threads() {
    unsafe { core::arch::nvptx::_syncthreads() }
}

/// A shared-memory array declared in PTX: its 32-bit shared-window address. `shared_array!(name,
/// bytes)` has a static size; `shared_array!(name)` is the dynamic array, sized at launch (what
/// goes above the 48 KiB a static one may have).
macro_rules! shared_array {
    ($name:ident, $bytes:literal) => {
        core::arch::global_asm!(concat!(".shared .align 16 .b8 ", stringify!($name), "[", $bytes, "];"));
        $crate::ptx::shared_array!(@address $name);
    };
    ($name:ident) => {
        core::arch::global_asm!(concat!(".extern .shared .align 128 .b8 ", stringify!($name), "[];"));
        $crate::ptx::shared_array!(@address $name);
    };
    (@address $name:ident) => {
        #[inline(always)]
        fn $name() -> u32 {
            let a: u32;
            unsafe { core::arch::asm!(concat!("mov.u32 {a}, ", stringify!($name), ";"), a = out(reg32) a) };
            a
        }
    };
}
pub(crate) use shared_array;

/// `ld.shared.f32` at a byte address of the shared window.
#[inline(always)]
pub unsafe fn ld_shared_f32(addr: u32) -> f32 {
    let v: f32;
    asm!("ld.shared.f32 {v}, [{a}];", v = out(reg32) v, a = in(reg32) addr);
    v
}

/// `ld.global.nc.f32`: a load through the read-only (non-coherent) cache, for data no thread
/// writes while the kernel runs.
#[inline(always)]
pub unsafe fn ld_global_nc_f32(p: *const f32) -> f32 {
    let v: f32;
    asm!("ld.global.nc.f32 {v}, [{p}];", v = out(reg32) v, p = in(reg64) p, options(pure, readonly, nostack));
    v
}

/// `st.shared.f32`.
#[inline(always)]
pub unsafe fn st_shared_f32(addr: u32, v: f32) {
    asm!("st.shared.f32 [{a}], {v};", a = in(reg32) addr, v = in(reg32) v);
}

/// `fma.rn.f32`.
#[inline(always)]
pub fn fma(a: f32, b: f32, c: f32) -> f32 {
    unsafe { core::intrinsics::fmaf32(a, b, c) }
}

/// `cp.async.cg.shared.global` of 16 bytes, zero-filled past `src_bytes` (0 or 16).
#[inline(always)]
pub unsafe fn cp_async_16(dst: u32, src: *const u8, src_bytes: u32) {
    asm!("cp.async.cg.shared.global [{d}], [{s}], 16, {n};", d = in(reg32) dst, s = in(reg64) src, n = in(reg32) src_bytes);
}

/// `cp.async.commit_group`: the copies issued since the last commit form a group.
#[inline(always)]
pub unsafe fn cp_async_commit() {
    asm!("cp.async.commit_group;");
}

/// `cp.async.wait_group N`: at most N groups still in flight.
#[inline(always)]
pub unsafe fn cp_async_wait<const N: u32>() {
    asm!("cp.async.wait_group {n};", n = const N);
}

/// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`: `d = a * b + d` on one warp's fragments.
#[inline(always)]
pub unsafe fn mma_16816(d: &mut [f32; 4], a: [u32; 4], b: [u32; 2]) {
    asm!(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{{d0}, {d1}, {d2}, {d3}}}, {{{a0}, {a1}, {a2}, {a3}}}, {{{b0}, {b1}}}, {{{d0}, {d1}, {d2}, {d3}}};",
        d0 = inout(reg32) d[0], d1 = inout(reg32) d[1], d2 = inout(reg32) d[2], d3 = inout(reg32) d[3],
        a0 = in(reg32) a[0], a1 = in(reg32) a[1], a2 = in(reg32) a[2], a3 = in(reg32) a[3],
        b0 = in(reg32) b[0], b1 = in(reg32) b[1],
    );
}

/// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`: four 8x8 matrices of halves, lane `l` giving the
/// address of row `l % 8` of matrix `l / 8`; register `j` holds this lane's two halves of
/// matrix `j`.
#[inline(always)]
pub unsafe fn ldmatrix_x4(addr: u32) -> [u32; 4] {
    let (d0, d1, d2, d3): (u32, u32, u32, u32);
    asm!(
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{d0}, {d1}, {d2}, {d3}}}, [{a}];",
        d0 = out(reg32) d0, d1 = out(reg32) d1, d2 = out(reg32) d2, d3 = out(reg32) d3,
        a = in(reg32) addr,
    );
    [d0, d1, d2, d3]
}
