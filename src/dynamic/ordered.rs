//! Runtime compact orders: the mirror of [`crate::ordered`].
//!
//! ```
//! use tessel::dynamic::ordered::{compact_order, make_fragment_like, make_ordered_layout};
//! use tessel::dynamic::ordered::make_layout_like;
//! use tessel::dynamic::{DynLayout, IntTuple};
//! let s: IntTuple = "(2,4,3)".parse().unwrap();
//! assert_eq!(compact_order(&s, &"(5,3,9)".parse().unwrap()).unwrap().to_string(), "(4,1,8)");
//! let s: IntTuple = "((2,4),3)".parse().unwrap();
//! let l = make_ordered_layout(&s, &"(2,1)".parse().unwrap()).unwrap();
//! assert_eq!(l.to_string(), "((2,4),3):((3,6),1)");
//! let a: DynLayout = "((2,2,2),4,4):((1,512,8),2048,16)".parse().unwrap();
//! assert_eq!(make_fragment_like(&a).unwrap().to_string(), "((2,2,2),4,4):((1,2,4),32,8)");
//! let z: DynLayout = "((2,4),3):((1,0),8)".parse().unwrap();
//! assert_eq!(make_layout_like(&z).unwrap().to_string(), "((2,4),3):((1,0),2)");
//! ```

use super::checked::mul;
use super::compact::{layout_left, layout_left_from};
use super::{DynLayout, Error, IntTuple};
use crate::layout::ordered::precedes;
use alloc::vec::Vec;

/// The strides of `shape` compact in the order of `order` (CuTe's `compact_order`): `order` has
/// `shape`'s profile, or a coarser one whose leaf orders a whole sub-shape (column-major inside).
pub fn compact_order(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple, Error> {
    let mut keys = Vec::new();
    ordered_leaves(shape, order, &mut keys)?;
    let mut next = 0;
    strides(shape, order, &keys, &mut next)
}

/// `make_ordered_layout(shape, order)`: `shape` with the strides `compact_order(shape, order)`.
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<DynLayout, Error> {
    DynLayout::new(shape.clone(), compact_order(shape, order)?)
}

/// `make_fragment_like(l)`: mode 0 column-major over its non-zero strides, the other modes compact
/// after it in the order of `l`'s strides; a layout of rank 1 column-major.
pub fn make_fragment_like(l: &DynLayout) -> Result<DynLayout, Error> {
    let (shape, stride) = (l.shape(), l.stride());
    if shape.rank() < 2 {
        return DynLayout::from_shape(shape.clone());
    }
    let kept = zeros_to_one(&shape.modes()[0], &stride.modes()[0]);
    // A leaf of size 1 gets stride 0 (`layout_left`), so the zero strides stay 0.
    let mut modes = Vec::from([layout_left(&kept)?]);
    let rest = |t: &IntTuple| IntTuple::Tuple(t.modes()[1..].to_vec());
    let start = kept.size()?;
    for d in compact_order(&rest(shape), &rest(stride))?.modes() {
        modes.push(scaled(d, start)?);
    }
    let mut shapes = shape.modes().to_vec();
    // One rest mode comes back as a tuple of one, as CuTe's `tiled_product` gives it.
    if shape.rank() == 2 {
        let wrap = |m: &mut IntTuple| *m = IntTuple::Tuple(Vec::from([m.clone()]));
        wrap(&mut shapes[1]);
        wrap(&mut modes[1]);
    }
    DynLayout::new(IntTuple::Tuple(shapes), IntTuple::Tuple(modes))
}

/// `make_layout_like(l)`: `l`'s shape compact in the order of its strides, each zero stride kept
/// 0 (its leaf counts as size 1).
pub fn make_layout_like(l: &DynLayout) -> Result<DynLayout, Error> {
    let kept = zeros_to_one(l.shape(), l.stride());
    DynLayout::new(l.shape().clone(), compact_order(&kept, l.stride())?)
}

/// Each leaf of `order` with the size of the part of `shape` it orders.
fn ordered_leaves(
    shape: &IntTuple,
    order: &IntTuple,
    out: &mut Vec<(i64, i64)>,
) -> Result<(), Error> {
    match (shape, order) {
        (_, IntTuple::Int(o)) => out.push((shape.size()?, *o)),
        (IntTuple::Tuple(s), IntTuple::Tuple(o)) if s.len() == o.len() => {
            for (s, o) in s.iter().zip(o) {
                ordered_leaves(s, o, out)?;
            }
        }
        _ => return Err(Error::NotCongruent),
    }
    Ok(())
}

/// The strides, leaf `next` of `keys` being the first order leaf of `order`.
fn strides(
    shape: &IntTuple,
    order: &IntTuple,
    keys: &[(i64, i64)],
    next: &mut usize,
) -> Result<IntTuple, Error> {
    match order {
        IntTuple::Int(o) => {
            let i = *next;
            *next += 1;
            let mut start = 1;
            for (j, &(s, oj)) in keys.iter().enumerate() {
                if precedes(oj, j, *o, i) {
                    start = mul(start, s)?;
                }
            }
            layout_left_from(shape, start)
        }
        IntTuple::Tuple(o) => Ok(IntTuple::Tuple(
            shape
                .modes()
                .iter()
                .zip(o)
                .map(|(s, o)| strides(s, o, keys, next))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// `shape` with the leaves of stride 0 set to 1 (CuTe's `filter_zeros`).
pub(crate) fn zeros_to_one(shape: &IntTuple, stride: &IntTuple) -> IntTuple {
    match (shape, stride) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            IntTuple::Tuple(s.iter().zip(d).map(|(s, d)| zeros_to_one(s, d)).collect())
        }
        (_, IntTuple::Int(0)) => IntTuple::Int(1),
        _ => shape.clone(),
    }
}

/// Every leaf times `k`.
fn scaled(t: &IntTuple, k: i64) -> Result<IntTuple, Error> {
    match t {
        IntTuple::Int(d) => Ok(IntTuple::Int(mul(*d, k)?)),
        IntTuple::Tuple(m) => Ok(IntTuple::Tuple(
            m.iter().map(|d| scaled(d, k)).collect::<Result<_, _>>()?,
        )),
    }
}
