//! Runtime coalesce: the same function of the 1-D coordinate, with as few modes as possible.
//!
//! Walking the flattened modes from the last to the first: a mode of size 1 is dropped; a mode
//! `s:d` followed by `s':d'` with `s * d == d'` merges into `s*s':d`; anything else stays.
//! CuTe's post-conditions: `size(R) == size(L)`, `depth(R) <= 1`, `R(i) == L(i)` for `i < size(L)`.
//! By-mode coalesce with a profile coalesces each top-level mode on its own.
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::coalesce::coalesce;
//! let l: DynLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
//! assert_eq!(coalesce(&l).to_string(), "12:1");
//! let m: DynLayout = "(4,8):(8,1)".parse().unwrap();
//! assert_eq!(coalesce(&m).to_string(), "(4,8):(8,1)");
//! ```

use super::checked::mul;
use super::ordered::zeros_to_one;
use super::too_many;
use super::{DynLayout, Error, IntTuple};
use crate::algebra::by_mode::CoalesceModes;
use crate::algebra::rules::coalesce_merges;
use alloc::vec::Vec;

/// The flattened modes of a layout as `(shape, stride)` pairs.
pub(crate) fn flat_modes(l: &DynLayout) -> Vec<(i64, i64)> {
    l.shape().leaves().zip(l.stride().leaves()).collect()
}

/// A layout of flat modes: an integer layout for one mode, a tuple otherwise; an error if its
/// size or cosize does not fit in an `i64`.
pub(crate) fn try_from_modes(modes: &[(i64, i64)]) -> Result<DynLayout, Error> {
    match modes {
        [(s, d)] => DynLayout::new(IntTuple::Int(*s), IntTuple::Int(*d)),
        _ => DynLayout::new(
            IntTuple::Tuple(modes.iter().map(|m| IntTuple::Int(m.0)).collect()),
            IntTuple::Tuple(modes.iter().map(|m| IntTuple::Int(m.1)).collect()),
        ),
    }
}

/// [`try_from_modes`] for modes that describe the same function as a valid layout.
pub(crate) fn from_modes(modes: &[(i64, i64)]) -> DynLayout {
    try_from_modes(modes).expect("coalescing keeps a valid layout valid")
}

/// Coalesces `modes` onto the stack `front` (kept first-mode-first), walking from the back.
fn coalesce_onto(
    modes: &[(i64, i64)],
    mut front: Vec<(i64, i64)>,
) -> Result<Vec<(i64, i64)>, Error> {
    for &(s, d) in modes.iter().rev() {
        if s == 1 {
            continue;
        }
        let unit = front.len() == 1 && front[0].0 == 1;
        match front.first_mut() {
            Some(first) if unit => *first = (s, d),
            Some(first) if coalesce_merges((s, d), first.1) => *first = (mul(s, first.0)?, d),
            _ => front.insert(0, (s, d)),
        }
    }
    if front.len() == 1 && front[0].0 == 1 {
        return Ok(alloc::vec![(1, 0)]);
    }
    Ok(front)
}

/// `coalesce(L)`.
pub fn coalesce(l: &DynLayout) -> DynLayout {
    let modes = flat_modes(l);
    let (last, rest) = modes.split_last().expect("a layout has a mode");
    let merged = coalesce_onto(rest, alloc::vec![*last]);
    from_modes(&merged.expect("merged modes are no larger than the layout"))
}

/// `filter_zeros(A)`: each leaf of stride 0 given size 1, the rest as it is.
pub fn filter_zeros(a: &DynLayout) -> DynLayout {
    let shape = zeros_to_one(a.shape(), a.stride());
    DynLayout::new(shape, a.stride().clone()).expect("a layout with some extents set to 1")
}

/// `filter(A)`: `coalesce(filter_zeros(A))`, without its stride-0 and size-1 modes (`1:0` if
/// nothing is left).
///
/// ```
/// use tessel::dynamic::coalesce::filter;
/// assert_eq!(filter(&"((4,2),3):((1,0),4)".parse().unwrap()).to_string(), "12:1");
/// ```
pub fn filter(a: &DynLayout) -> DynLayout {
    coalesce(&filter_zeros(a))
}

/// CuTe's `coalesce_x`: like `coalesce`, and also the same function past the end of the domain
/// (a trailing mode of size 1 keeps its stride as a mode of size 2, which may overflow).
pub(crate) fn coalesce_x(l: &DynLayout) -> Result<DynLayout, Error> {
    let modes = flat_modes(l);
    let (&(s, d), rest) = modes.split_last().expect("a layout has a mode");
    try_from_modes(&coalesce_onto(
        rest,
        alloc::vec![(if s == 1 { 2 } else { s }, d)],
    )?)
}

/// `coalesce(L, profile)`: each top-level mode `i < rank(profile)` coalesced on its own when the
/// profile has a tuple there; a profile that is an integer coalesces the whole layout.
pub fn coalesce_by_mode(l: &DynLayout, profile: &IntTuple) -> Result<DynLayout, Error> {
    match profile {
        IntTuple::Int(_) => Ok(coalesce(l)),
        IntTuple::Tuple(p) => {
            let modes = l.modes();
            if p.len() > modes.len() {
                return Err(too_many(CoalesceModes::MESSAGE, p.len(), modes.len()));
            }
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match p.get(i) {
                    Some(p) => coalesce_by_mode(m, p)?,
                    None => m.clone(),
                });
            }
            super::sublayout::make_layout(&out)
        }
    }
}
