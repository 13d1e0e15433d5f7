//! Each `tessel_*` function evaluates a static layout; its `hand_*` twin is the arithmetic a
//! kernel author would write by hand. `tests/zero_cost.rs` builds this crate in release mode and
//! checks that each pair compiles to the same machine code.

use tessel::{layout, ColMajor, RowMajor};

#[no_mangle]
pub fn tessel_row_major(i: usize, j: usize) -> usize {
    RowMajor::<128, 64>::default().call((i, j))
}

#[no_mangle]
pub fn hand_row_major(i: usize, j: usize) -> usize {
    i * 64 + j
}

#[no_mangle]
pub fn tessel_col_major(i: usize, j: usize) -> usize {
    ColMajor::<1536, 3>::default().call((i, j))
}

#[no_mangle]
pub fn hand_col_major(i: usize, j: usize) -> usize {
    i + j * 1536
}

#[no_mangle]
pub fn tessel_hierarchical_1d(i: usize) -> usize {
    layout!("(4,(2,4)):(2,(1,8))").call(i)
}

#[no_mangle]
pub fn hand_hierarchical_1d(i: usize) -> usize {
    (i % 4) * 2 + (i / 4) % 2 + (i / 8) * 8
}

#[no_mangle]
pub fn tessel_hierarchical_natural(i: usize, j: usize, k: usize) -> usize {
    layout!("(4,(2,4)):(2,(1,8))").call((i, (j, k)))
}

#[no_mangle]
pub fn hand_hierarchical_natural(i: usize, j: usize, k: usize) -> usize {
    i * 2 + j + k * 8
}

#[no_mangle]
pub fn tessel_odd_sizes_1d(i: usize) -> usize {
    layout!("(3,(2,3)):(3,(12,1))").call(i)
}

#[no_mangle]
pub fn hand_odd_sizes_1d(i: usize) -> usize {
    (i % 3) * 3 + (i / 3) % 2 * 12 + i / 6
}

#[no_mangle]
pub fn tessel_split_row(i: usize, j: usize) -> usize {
    layout!("((2,2),2):((4,1),2)").call((i, j))
}

#[no_mangle]
pub fn hand_split_row(i: usize, j: usize) -> usize {
    (i % 2) * 4 + i / 2 + j * 2
}

#[no_mangle]
pub fn tessel_padded(i: usize, j: usize) -> usize {
    layout!("(32,32):(1,33)").call((i, j))
}

#[no_mangle]
pub fn hand_padded(i: usize, j: usize) -> usize {
    i + j * 33
}

#[no_mangle]
pub fn tessel_reversed(i: usize) -> isize {
    layout!("8:-1").call_signed(i)
}

#[no_mangle]
pub fn hand_reversed(i: usize) -> isize {
    -(i as isize)
}
