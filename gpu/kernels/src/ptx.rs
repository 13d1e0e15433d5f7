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

/// A shared-memory array declared in PTX: its 32-bit shared-window address.
macro_rules! shared_array {
    ($name:ident, $bytes:literal) => {
        core::arch::global_asm!(concat!(".shared .align 16 .b8 ", stringify!($name), "[", $bytes, "];"));
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
