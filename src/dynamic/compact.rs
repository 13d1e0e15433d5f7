//! Runtime compact strides: the mirror of [`crate::layout::compact`].
//!
//! ```
//! use tessel::dynamic::{compact::{layout_left, layout_right}, IntTuple};
//! let s: IntTuple = "(2,(1,4))".parse().unwrap();
//! assert_eq!(layout_left(&s).unwrap().to_string(), "(1,(0,2))");
//! assert_eq!(layout_right(&s).unwrap().to_string(), "(4,(0,1))");
//! ```

use super::{Error, IntTuple};

/// The generalized column-major strides of `shape`: CuTe's `LayoutLeft`.
pub fn layout_left(shape: &IntTuple) -> Result<IntTuple, Error> {
    compact(shape, false, &mut 1)
}

/// The generalized row-major strides of `shape`: CuTe's `LayoutRight`.
pub fn layout_right(shape: &IntTuple) -> Result<IntTuple, Error> {
    compact(shape, true, &mut 1)
}

/// Column-major strides of `shape` starting from `start` (CuTe's `compact_col_major(shape, start)`).
pub(crate) fn layout_left_from(shape: &IntTuple, start: i64) -> Result<IntTuple, Error> {
    compact(shape, false, &mut { start })
}

/// Gives each leaf the running product `current` (0 for a leaf of size 1), walking the leaves
/// left to right, or right to left when `reverse`.
fn compact(shape: &IntTuple, reverse: bool, current: &mut i64) -> Result<IntTuple, Error> {
    match shape {
        IntTuple::Int(1) => Ok(IntTuple::Int(0)),
        IntTuple::Int(n) => {
            let stride = *current;
            *current = current.checked_mul(*n).ok_or(Error::Overflow)?;
            Ok(IntTuple::Int(stride))
        }
        IntTuple::Tuple(elems) => {
            let mut strides = elems
                .iter()
                .map(|_| IntTuple::Int(0))
                .collect::<alloc::vec::Vec<_>>();
            let order: alloc::vec::Vec<usize> = if reverse {
                (0..elems.len()).rev().collect()
            } else {
                (0..elems.len()).collect()
            };
            for i in order {
                strides[i] = compact(&elems[i], reverse, current)?;
            }
            Ok(IntTuple::Tuple(strides))
        }
    }
}
