//! Runtime complement: the layout of the repetitions of A up to a cotarget, the mirror of
//! [`crate::complement`](mod@crate::complement) (which states the definition, the post-conditions and what tessel
//! rejects).
//!
//! `complement(A, M)` walks A's modes by increasing stride; below each mode `s:d` it puts the gap
//! `floor(d / reach):reach`, where `reach` is how far the modes so far reach, and a last mode
//! repeats the whole up to the cotarget `M` (an integer or a shape).
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::{complement::complement, IntTuple};
//! let a: DynLayout = "(2,2):(1,6)".parse().unwrap();
//! assert_eq!(complement(&a, &IntTuple::Int(24)).unwrap().to_string(), "(3,2):(2,12)");
//! let padded: DynLayout = "(4,2):(1,10)".parse().unwrap();
//! assert_eq!(complement(&padded, &IntTuple::Int(14)).unwrap().to_string(), "2:4");
//! ```

use super::checked::{ceil_div, mul};
pub use super::coalesce::filter;
use super::coalesce::{coalesce, flat_modes, try_from_modes};
use super::{DynLayout, Error, IntTuple};
use crate::algebra::complement::{NegativeStride, Outside};
use alloc::vec::Vec;

/// CuTe's `size(ceil_div(shape, n))`: how many blocks of `n` the modes of the shape span.
fn blocks(shape: &IntTuple, n: i64) -> Result<i64, Error> {
    let mut rest = n;
    let mut product = 1i64;
    for a in shape.leaves() {
        product = mul(product, ceil_div(a, rest))?;
        rest = ceil_div(rest, a);
    }
    Ok(product)
}

/// `complement(A, cotarget)`.
pub fn complement(a: &DynLayout, cotarget: &IntTuple) -> Result<DynLayout, Error> {
    if cotarget.leaves().any(|m| m <= 0) {
        return Err(Error::Cotarget);
    }
    let filtered = filter(a);
    if filtered.stride() == &IntTuple::Int(0) {
        return DynLayout::from_shape(IntTuple::Int(cotarget.size()?));
    }
    let mut modes = flat_modes(&filtered);
    if let Some(&(_, d)) = modes.iter().find(|m| m.1 < 0) {
        return Err(Error::precondition(
            NegativeStride::MESSAGE,
            d.saturating_neg(),
            0,
        ));
    }
    let mut result: Vec<(i64, i64)> = Vec::new();
    let mut reach = 1i64;
    while !modes.is_empty() {
        let (idx, &(s, d)) = modes
            .iter()
            .enumerate()
            .min_by_key(|(_, m)| m.1)
            .expect("not empty");
        if d < reach {
            return Err(Error::precondition(Outside::MESSAGE, d, reach));
        }
        result.push((d / reach, reach));
        reach = mul(d, s)?;
        modes.remove(idx);
    }
    let rest = blocks(cotarget, reach)?;
    result.push((rest, if rest == 1 { 0 } else { reach }));
    Ok(coalesce(&try_from_modes(&result)?))
}

/// `complement(A)`: against A's own cosize (after filtering).
pub fn complement_of(a: &DynLayout) -> Result<DynLayout, Error> {
    let filtered = filter(a);
    complement(a, &IntTuple::Int(filtered.cosize()))
}
