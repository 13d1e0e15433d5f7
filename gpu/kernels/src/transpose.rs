//! Transpose of an `m x n` row-major f32 matrix through a swizzled shared tile, no padding:
//! `out(j, i) = in(i, j)`. A block of `(32,8)` threads moves a `(32,32)` tile; the shared tile
//! is `Sw<5,0,5> o (32,32):(32,1)` (column bits XORed with row bits), whose row-wise writes and
//! column-wise reads are both conflict-free, checked during type checking.

use crate::ptx::{self, block, ld_shared_f32, st_shared_f32, sync_threads, thread};
use tessel::{layout, StaticLayout};

/// The shared tile.
type Smem = layout!("Sw<5,0,5> o 0 o (32,32):(32,1)");
// A warp writes a row (lane l at (r, l): 1-D coordinate 32 l) and reads a column (lane l at
// (l, c): 1-D coordinate l): one wavefront each.
tessel::assert_conflict_free!(Smem, f32, layout!("32:32"), 1);
tessel::assert_conflict_free!(Smem, f32, layout!("32:1"), 1);

ptx::shared_array!(TRANSPOSE_TILE, 4096);

/// `out (n x m) = in (m x n)^T`, both row-major; grid `(ceil(n/32), ceil(m/32))`, block `(32, 8)`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn transpose(input: *const f32, output: *mut f32, m: u32, n: u32) {
    let (tx, ty) = thread();
    let (bx, by) = block();
    let tile = TRANSPOSE_TILE();
    let smem = Smem::default();
    let (row0, col0) = (by * 32, bx * 32);
    for j in 0..4 {
        let r = ty + 8 * j;
        let (i, c) = (row0 + r, col0 + tx);
        if i < m && c < n {
            let v = *input.add((i as usize) * n as usize + c as usize);
            st_shared_f32(tile + 4 * smem.call((r as usize, tx as usize)) as u32, v);
        }
    }
    sync_threads();
    for j in 0..4 {
        let r = ty + 8 * j;
        let (i, c) = (col0 + r, row0 + tx);
        if i < n && c < m {
            let v = ld_shared_f32(tile + 4 * smem.call((tx as usize, r as usize)) as u32);
            *output.add((i as usize) * m as usize + c as usize) = v;
        }
    }
}
