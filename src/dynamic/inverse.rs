//! Runtime inverses: right_inverse, left_inverse, max_common_layout, max_common_vector.
//!
//! On A's coalesced modes sorted by stride:
//! - `right_inverse(A)` = R, the largest layout with `A(R(i)) == i` for `i < size(R)`: it follows
//!   the modes whose strides chain from 1 (each stride the reach of the one before) and stops at the
//!   first gap. A layout with no stride-1 mode gives `1:0`. Modes of stride 0 or negative strides
//!   are never part of the chain.
//! - `left_inverse(A)` = L with `L(A(i)) == i` for `i < size(A)` when A is injective (CuTe's
//!   quasi-inverse otherwise: `A(L(A(i))) == A(i)`); stride-0 modes are skipped. Each stride must
//!   be a multiple of the size gathered before it (checked; CuTe asserts the same).
//! - `max_common_layout(A, B)`: the largest R with `A(R(i)) == i` and `B(R(i)) == i`;
//!   `max_common_vector(A, B)` its size when it is contiguous.
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::inverse::{left_inverse, right_inverse};
//! let a: DynLayout = "(4,8):(8,1)".parse().unwrap();
//! assert_eq!(right_inverse(&a).to_string(), "(8,4):(4,1)");
//! assert_eq!(left_inverse(&a).unwrap().to_string(), "(8,4):(4,1)");
//! ```

use super::coalesce::{coalesce, flat_modes, from_modes, try_from_modes};
use super::composition::composition;
use super::{DynLayout, Error, IntTuple};
use crate::algebra::inverse::{MultipleOfBelow, NegativeStride};
use alloc::vec::Vec;

/// The coalesced modes, their exclusive prefix products, and their order by stride.
fn sorted_modes(a: &DynLayout) -> (Vec<(i64, i64)>, Vec<i64>, Vec<usize>) {
    let modes = flat_modes(&coalesce(a));
    let mut prefix = Vec::with_capacity(modes.len());
    let mut product = 1i64;
    for &(s, _) in &modes {
        prefix.push(product);
        product = product.saturating_mul(s);
    }
    let mut order: Vec<usize> = (0..modes.len()).collect();
    order.sort_by_key(|&i| modes[i].1);
    (modes, prefix, order)
}

/// `right_inverse(A)`.
pub fn right_inverse(a: &DynLayout) -> DynLayout {
    let (modes, prefix, order) = sorted_modes(a);
    let mut result = alloc::vec![(1, 0)];
    let mut next = 1i64;
    for i in order {
        let (s, d) = modes[i];
        if d == next {
            result.push((s, prefix[i]));
            next = s.saturating_mul(d);
        }
    }
    coalesce(&from_modes(&result))
}

/// `left_inverse(A)`.
pub fn left_inverse(a: &DynLayout) -> Result<DynLayout, Error> {
    let (modes, prefix, order) = sorted_modes(a);
    if let Some(&(_, d)) = modes.iter().find(|m| m.1 < 0) {
        return Err(Error::precondition(
            NegativeStride::MESSAGE,
            d.saturating_neg(),
            0,
        ));
    }
    let (mut shapes, mut strides) = (Vec::new(), alloc::vec![0i64]);
    let mut gathered = 1i64;
    for &i in &order {
        let (_, d) = modes[i];
        if d == 0 {
            continue;
        }
        if d % gathered != 0 {
            return Err(Error::precondition(MultipleOfBelow::MESSAGE, d, gathered));
        }
        shapes.push(d / gathered);
        gathered = gathered.checked_mul(d / gathered).ok_or(Error::Overflow)?;
        strides.push(prefix[i]);
    }
    shapes.push(modes[*order.last().expect("a layout has a mode")].0);
    let pairs: Vec<(i64, i64)> = shapes.into_iter().zip(strides).collect();
    Ok(coalesce(&try_from_modes(&pairs)?))
}

/// The first mode of a coalesced layout, when it is static-contiguous (stride 1).
fn contiguous_head(common: &DynLayout) -> Option<DynLayout> {
    let head = common
        .modes()
        .into_iter()
        .next()
        .expect("a layout has a mode");
    (head.stride() == &IntTuple::Int(1)).then_some(head)
}

/// `max_common_layout(A, B)`.
pub fn max_common_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout, Error> {
    let inv_b = right_inverse(b);
    let common = coalesce(&composition(a, &inv_b.clone().into())?);
    match contiguous_head(&common) {
        Some(head) => composition(&inv_b, &head.into()),
        None => Ok(from_modes(&[(1, 0)])),
    }
}

/// `max_common_vector(A, B)`.
pub fn max_common_vector(a: &DynLayout, b: &DynLayout) -> Result<i64, Error> {
    let common = coalesce(&composition(a, &right_inverse(b).into())?);
    Ok(contiguous_head(&common).map_or(1, |head| head.size()))
}
