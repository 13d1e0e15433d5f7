//! Turing's ldmatrix (CuTe's `SM75_U32x4_LDSM_N`).

use core::arch::asm;

/// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`: four 8x8 matrices of halves, lane `l` giving the
/// address of row `l % 8` of matrix `l / 8`; register `j` holds this lane's two halves of
/// matrix `j`.
///
/// # Safety
/// All 32 lanes of the warp execute it together, each `addr` a 16-byte aligned row inside a
/// shared array.
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
