//! Transpose of an `m x n` row-major f32 matrix through a swizzled shared tile, no padding:
//! `out(j, i) = in(i, j)`. A block of `(32,8)` threads moves a `(32,32)` tile; the shared tile
//! is `Sw<5,0,5> o (32,32):(32,1)` (column bits XORed with row bits), whose row-wise writes and
//! column-wise reads are both conflict-free, checked during type checking. Global indices come
//! from `zipped_divide` of the runtime-sized matrix by the static tile, evaluated in 32 bits.

use tessel::arch::{block, ld_shared_f32, st_shared_f32, sync_threads, thread};
use tessel::{layout, zipped_divide, C};

/// The shared tile.
type Smem = layout!("Sw<5,0,5> o 0 o (32,32):(32,1)");
// A warp writes a row (lane l at (r, l): 1-D coordinate 32 l) and reads a column (lane l at
// (l, c): 1-D coordinate l): one wavefront each.
tessel::assert_conflict_free!(Smem, f32, layout!("32:32"), 1);
tessel::assert_conflict_free!(Smem, f32, layout!("32:1"), 1);

tessel::shared_array!(transpose_tile, 4096);

tessel::launch_bounds!(transpose, 256);
/// `out (n x m) = in (m x n)^T`, both row-major; grid `(ceil(n/32), ceil(m/32))`, block `(32, 8)`:
/// each thread moves 4 rows of the tile.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn transpose(input: *const f32, output: *mut f32, m: u32, n: u32) {
    transpose_tile_rows::<4>(input, output, m, n)
}

tessel::launch_bounds!(transpose_r8, 256);
/// The same with block `(32, 4)`: each thread moves 8 rows, twice the loads in flight.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn transpose_r8(
    input: *const f32,
    output: *mut f32,
    m: u32,
    n: u32,
) {
    transpose_tile_rows::<8>(input, output, m, n)
}

/// One `(32,32)` tile, each thread moving `ROWS` of its rows (`32 / ROWS` threads a column).
#[inline(always)]
unsafe fn transpose_tile_rows<const ROWS: usize>(
    input: *const f32,
    output: *mut f32,
    m: u32,
    n: u32,
) {
    let step = 32 / ROWS;
    let (tx, ty) = thread();
    let (bx, by) = block();
    let tile = (C::<32>::default(), C::<32>::default());
    // The (32,32) tiles of each matrix, (i, j) within tile (bi, bj); the caller's sizes fit u32.
    let src =
        zipped_divide(layout!("(M,N):(ldN,1)"; M = m, N = n, ldN = n), tile).index32_unchecked();
    let dst =
        zipped_divide(layout!("(N,M):(ldM,1)"; N = n, M = m, ldM = m), tile).index32_unchecked();
    // The shared tile in u32 too (a constant check: 1024 indices).
    let (t, smem) = (transpose_tile(), Smem::default().index32().unwrap());
    // The bounds in u32, as the indices are.
    let inside = |i: u32, j: u32, rows: u32, cols: u32| i < rows && j < cols;
    let (tx, ty, bx, by) = (tx as usize, ty as usize, bx as usize, by as usize);
    let u = |x: usize| x as u32;
    // All loads first: each shared store is an `asm!` that orders memory.
    let mut v = [0f32; ROWS];
    for (j, v) in v.iter_mut().enumerate() {
        let r = ty + step * j;
        if inside(u(by * 32 + r), u(bx * 32 + tx), m, n) {
            *v = *input.add(src.call(((r, tx), (by, bx))) as usize);
        }
    }
    for (j, v) in v.iter().enumerate() {
        let r = ty + step * j;
        if inside(u(by * 32 + r), u(bx * 32 + tx), m, n) {
            st_shared_f32(t + 4 * smem.call((r, tx)), *v);
        }
    }
    sync_threads();
    for j in 0..ROWS {
        let r = ty + step * j;
        if inside(u(bx * 32 + r), u(by * 32 + tx), n, m) {
            let v = ld_shared_f32(t + 4 * smem.call((tx, r)));
            *output.add(dst.call(((r, tx), (bx, by))) as usize) = v;
        }
    }
}
