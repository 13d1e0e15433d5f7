//! `y = a x + y` on an `m x n` column-major matrix: each block takes a `(32,32)` tile
//! (`local_tile`), each of its 256 threads, a `(32,8)` layout, takes its 4 elements of it
//! (`local_partition`), and an identity tensor cut alike says which of them lie inside the matrix.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]

use tessel::arch::{block, thread};
use tessel::tensor::{elem_less, make_identity_tensor};
use tessel::{layout, local_partition, local_tile, shape, TensorPtr};

tessel::launch_bounds!(axpy, 256); // CUDA's __launch_bounds__(256): .maxntid in the PTX
/// Grid `(ceil(m/32), ceil(n/32))`, block 256.
///
/// # Safety
/// `x` and `y` point to `m * n` floats of global memory.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn axpy(m: u32, n: u32, a: f32, x: *const f32, y: *mut f32) {
    let (m, n) = (m as usize, n as usize);
    let (tid, (bm, bn)) = (thread().0 as usize, block());
    let tile = (bm as usize, bn as usize);
    let matrix = layout!("(M,N)"; M = m, N = n); // (M,N):(1,M)
    let gx = TensorPtr::from_raw_parts(x as *mut f32, m * n, matrix);
    let gy = TensorPtr::from_raw_parts(y, m * n, matrix);
    let (shape, threads) = (<shape!("(32,32)")>::default(), layout!("(32,8)"));
    let tx = local_partition(local_tile(gx, shape, tile), threads, tid); // (1,4)
    let ty = local_partition(local_tile(gy, shape, tile), threads, tid);
    let id = make_identity_tensor(m, n); // each element its (row, column)
    let tc = local_partition(local_tile(id, shape, tile), threads, tid);
    for i in 0..4 {
        if elem_less(tc.coord(i), (m, n)) {
            ty.write(i, a * tx.read(i) + ty.read(i));
        }
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { core::arch::nvptx::trap() }
}
