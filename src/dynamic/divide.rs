//! Runtime divides: `logical_divide(A, B) = A o (B, complement(B, size(A)))`, and its rearranged
//! forms.
//!
//! Mode 0 of the result is B's tile (it equals `composition(A, B)`), mode 1 runs over the tiles. A
//! tuple tiler divides mode by mode and keeps the modes of A it does not reach. `zipped_divide`
//! gathers the tile modes into `((tile), (rest))`; `tiled_divide` unpacks the rest,
//! `((tile), r0, r1, ...)`; `flat_divide` unpacks both.
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::{divide::{logical_divide, zipped_divide}, tiler::Tiler};
//! let a: DynLayout = "(4,2,3):(2,1,8)".parse().unwrap();
//! let t: Tiler = "4:2".parse().unwrap();
//! assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! let m: DynLayout = "(16,8):(1,16)".parse().unwrap();
//! let s: Tiler = "(2,2)".parse().unwrap();
//! assert_eq!(zipped_divide(&m, &s).unwrap().to_string(), "((2,2),(8,4)):((1,16),(2,32))");
//! ```

use super::coalesce::coalesce;
use super::complement::complement;
use super::composition::composition;
use super::sublayout::make_layout;
use super::tiler::Tiler;
use super::too_many;
use super::{DynLayout, Error, IntTuple};
use crate::algebra::by_mode::DivideModes;
use alloc::vec::Vec;

/// An operation on a layout and a tiler, with the message of its tiler having too many modes.
pub(crate) type NamedOp = (
    &'static str,
    fn(&DynLayout, &Tiler) -> Result<DynLayout, Error>,
);

/// Applies `op` to each mode of `a` with the matching tiler, keeping the modes past the tiler.
pub(crate) fn by_mode(
    a: &DynLayout,
    tilers: &[Tiler],
    (name, op): NamedOp,
) -> Result<DynLayout, Error> {
    let modes = a.modes();
    if tilers.len() > modes.len() {
        return Err(too_many(name, tilers.len(), modes.len()));
    }
    let parts: Vec<DynLayout> = modes
        .iter()
        .enumerate()
        .map(|(i, m)| tilers.get(i).map_or(Ok(m.clone()), |t| op(m, t)))
        .collect::<Result<_, _>>()?;
    make_layout(&parts)
}

/// `logical_divide(A, tiler)`.
pub fn logical_divide(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    match tiler {
        Tiler::Tuple { elems, .. } => by_mode(a, elems, (DivideModes::MESSAGE, logical_divide)),
        Tiler::Int(n) => logical_divide(a, &DynLayout::from_shape(IntTuple::Int(*n))?.into()),
        Tiler::Layout(b) => {
            let rest = complement(b, coalesce(a).shape())?;
            let both = make_layout(&[b.clone(), rest])?;
            composition(a, &both.into())
        }
    }
}

/// CuTe's `zip2_by`: gathers the first and second halves of the rank-2 modes found at the
/// tiler's terminals: `((A,a),((B,b),(C,c)),d)` by `(X,(X,X))` is `((A,(B,C)),(a,(b,c),d))`.
fn zip2_by(t: &IntTuple, guide: &Tiler) -> IntTuple {
    let Tiler::Tuple { elems, .. } = guide else {
        return t.clone();
    };
    let modes = t.modes();
    let split: Vec<IntTuple> = elems
        .iter()
        .zip(modes)
        .map(|(g, m)| zip2_by(m, g))
        .collect();
    let half = |k: usize| split.iter().map(move |s| s.modes()[k].clone());
    let firsts = half(0).collect();
    let seconds = half(1)
        .chain(modes[elems.len()..].iter().cloned())
        .collect();
    IntTuple::Tuple(alloc::vec![
        IntTuple::Tuple(firsts),
        IntTuple::Tuple(seconds)
    ])
}

/// CuTe's `tile_unzip`: a logical divide or product rearranged to `((tile), (rest))`.
pub(crate) fn tile_unzip(l: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    DynLayout::new(zip2_by(l.shape(), tiler), zip2_by(l.stride(), tiler))
}

/// The modes of a rank-2 layout with mode 0 (when `first`) and mode 1 unpacked one level.
pub(crate) fn unpack(l: &DynLayout, first: bool) -> Result<DynLayout, Error> {
    let modes = l.modes();
    let open = |m: &DynLayout, yes: bool| {
        if yes && m.rank() > 1 {
            m.modes()
        } else {
            alloc::vec![m.clone()]
        }
    };
    let mut parts = open(&modes[0], first);
    parts.extend(open(&modes[1], true));
    make_layout(&parts)
}

/// `zipped_divide(A, tiler)`: `((tile), (rest))`.
pub fn zipped_divide(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    tile_unzip(&logical_divide(a, tiler)?, tiler)
}

/// `tiled_divide(A, tiler)`: `((tile), r0, r1, ...)`.
pub fn tiled_divide(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    unpack(&zipped_divide(a, tiler)?, false)
}

/// `flat_divide(A, tiler)`: `(t0, t1, ..., r0, r1, ...)`.
pub fn flat_divide(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    unpack(&zipped_divide(a, tiler)?, true)
}
