//! Runtime complement: the layout of the indices below a cotarget that A does not reach.
//!
//! `complement(A, M)` walks A's modes by increasing stride; each gap between one mode's reach and
//! the next mode's stride becomes a mode of the result, and a last mode repeats the whole up to
//! the cotarget `M` (an integer or a shape). CuTe's post-conditions: the result is ordered
//! (`R(i-1) < R(i)`), its image meets A's only at 0, and `(A, R)` covers `[0, M)`.
//!
//! Preconditions, checked: A must not overlap itself, each stride must be a multiple of the reach
//! of the modes below it, and no stride may be negative (CuTe divides without checking, and
//! returns negative shapes for negative strides: `complement(4:-1, 8)` is its `(-1,0):(1,-4)`).
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::{complement::complement, IntTuple};
//! let a: DynLayout = "(2,2):(1,6)".parse().unwrap();
//! assert_eq!(complement(&a, &IntTuple::Int(24)).unwrap().to_string(), "(3,2):(2,12)");
//! ```

use super::coalesce::{coalesce, flat_modes, from_modes};
use super::{DynLayout, Error, IntTuple};
use alloc::vec::Vec;

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// CuTe's `ceil_div(shape, n)`: how many blocks of `n` each mode of the shape spans.
fn ceil_div_shape(shape: &IntTuple, n: i64) -> i64 {
    let mut rest = n;
    let mut product = 1i64;
    for a in shape.leaves() {
        product = product.saturating_mul(ceil_div(a, rest));
        rest = ceil_div(rest, a);
    }
    product
}

/// `filter(A)`: without its stride-0 and size-1 modes (`1:0` if nothing is left).
pub fn filter(a: &DynLayout) -> DynLayout {
    let kept: Vec<(i64, i64)> = flat_modes(a)
        .into_iter()
        .map(|(s, d)| if d == 0 { (1, d) } else { (s, d) })
        .collect();
    coalesce(&from_modes(&kept))
}

/// `complement(A, cotarget)`.
pub fn complement(a: &DynLayout, cotarget: &IntTuple) -> Result<DynLayout, Error> {
    let filtered = filter(a);
    if filtered.stride() == &IntTuple::Int(0) {
        return DynLayout::from_shape(IntTuple::Int(cotarget.size()?));
    }
    let mut modes = flat_modes(&filtered);
    if modes.iter().any(|m| m.1 < 0) {
        return Err(Error::NegativeStride("complement"));
    }
    let mut result: Vec<(i64, i64)> = Vec::new();
    let mut reach = 1i64;
    while !modes.is_empty() {
        let (idx, &(s, d)) = modes
            .iter()
            .enumerate()
            .min_by_key(|(_, m)| m.1)
            .expect("not empty");
        if d / reach == 0 {
            return Err(Error::NotInjective);
        }
        if d % reach != 0 {
            return Err(Error::StrideDivisibility("complement"));
        }
        result.push((d / reach, reach));
        reach = d.checked_mul(s).ok_or(Error::Overflow)?;
        modes.remove(idx);
    }
    let rest = ceil_div_shape(cotarget, reach);
    result.push((rest, if rest == 1 { 0 } else { reach }));
    Ok(coalesce(&from_modes(&result)))
}

/// `complement(A)`: against A's own cosize (after filtering).
pub fn complement_of(a: &DynLayout) -> Result<DynLayout, Error> {
    let filtered = filter(a);
    complement(a, &IntTuple::Int(filtered.cosize()))
}
