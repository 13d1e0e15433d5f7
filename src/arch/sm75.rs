//! Turing's ldmatrix (CuTe's `SM75_U32x{1,2,4}_LDSM_N` and `SM75_U16x{2,4,8}_LDSM_T`).

use core::arch::asm;

macro_rules! ldmatrix {
    ($($(#[$doc:meta])* $name:ident, $shape:literal, $n:literal, [$($d:ident)+];)+) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// All 32 lanes of the warp execute it together, each lane that gives a row (lanes
        /// `0..8` times the number of matrices) a 16-byte aligned row inside a shared array.
        #[inline(always)]
        pub unsafe fn $name(addr: u32) -> [u32; $n] {
            $(let $d: u32;)+
            asm!(
                concat!("ldmatrix.sync.aligned.m8n8.", $shape, ".shared.b16 {{", ldmatrix!(@list $($d)+), "}}, [{a}];"),
                $($d = out(reg32) $d,)+
                a = in(reg32) addr,
            );
            [$($d),+]
        }
    )+};
    (@list $d:ident) => { concat!("{", stringify!($d), "}") };
    (@list $d:ident $($rest:ident)+) => { concat!("{", stringify!($d), "}, ", ldmatrix!(@list $($rest)+)) };
}
ldmatrix! {
    /// `ldmatrix.sync.aligned.m8n8.x1.shared.b16`: one 8x8 matrix of halves, lane `l < 8`
    /// giving the address of row `l`; the register holds this lane's two halves of it.
    ldmatrix_x1, "x1", 1, [d0];
    /// `ldmatrix ... .x2`: two matrices, lane `l < 16` giving row `l % 8` of matrix `l / 8`;
    /// register `j` holds this lane's two halves of matrix `j`.
    ldmatrix_x2, "x2", 2, [d0 d1];
    /// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`: four 8x8 matrices of halves, lane `l` giving
    /// the address of row `l % 8` of matrix `l / 8`; register `j` holds this lane's two halves
    /// of matrix `j`.
    ldmatrix_x4, "x4", 4, [d0 d1 d2 d3];
    /// `ldmatrix ... .x1.trans`: as [`ldmatrix_x1`], each matrix transposed (a lane receives two
    /// halves of a column).
    ldmatrix_x1_trans, "x1.trans", 1, [d0];
    /// `ldmatrix ... .x2.trans`: as [`ldmatrix_x2`], transposed.
    ldmatrix_x2_trans, "x2.trans", 2, [d0 d1];
    /// `ldmatrix ... .x4.trans`: as [`ldmatrix_x4`], transposed.
    ldmatrix_x4_trans, "x4.trans", 4, [d0 d1 d2 d3];
}
