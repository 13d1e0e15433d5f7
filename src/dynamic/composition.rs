//! Runtime composition: `R = A o B`, `R(c) = A(B(c))`.
//!
//! B decides the shape: for each mode `n:d` of B, skip `d` of A's 1-D coordinates at a time and
//! take `n`, walking A's coalesced modes. CuTe's post-conditions: `compatible(B, R)` and
//! `R(i) == A(B(i))` for every `i < size(B)`. A tiler (a tuple) composes mode by mode and drops
//! the modes of A it does not reach, as CuTe does.
//!
//! Preconditions, checked: at each mode of A the remaining stride must divide the mode's size or be
//! a multiple of it (stride divisibility), and the remaining size must be a multiple of what the
//! mode gives (shape divisibility). CuTe checks a weaker stride condition and so accepts
//! `(6,2):(8,2) o 4:4`, returning the wrong `(2,2):(32,2)`; tessel rejects it. CuTe composes B's
//! modes one at a time, which is right only if their sums never carry from one mode of A into the
//! next: `(4,2):(1,8) o (3,2):(1,3)` gives CuTe's `(3,2):(1,3)`, but `B(4) = 4` and `A(4) = 8`.
//! tessel counts, for each mode of A, the largest coordinate each mode of B can put there, and
//! rejects the composition (as a stride divisibility failure) when their sum exceeds the mode.
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::composition::composition;
//! let a: DynLayout = "(6,2):(8,2)".parse().unwrap();
//! let b: DynLayout = "(4,3):(3,1)".parse().unwrap();
//! assert_eq!(composition(&a, &b.into()).unwrap().to_string(), "((2,2),3):((24,2),8)");
//! let c: DynLayout = "4:4".parse().unwrap();
//! assert_eq!(
//!     composition(&a, &c.into()).unwrap_err().to_string(),
//!     "composition: the stride 4 does not divide the mode size 6 of A, and the walk goes on past that mode"
//! );
//! ```

use super::checked::{abs, add, ceil_div, mul};
use super::coalesce::coalesce_x;
use super::sublayout::make_layout;
use super::tiler::Tiler;
use super::too_many;
use super::{DynLayout, Error, IntTuple};
use crate::algebra::by_mode::ComposeModes;
use crate::algebra::composition::NoCarry;
use crate::algebra::rules;
use alloc::vec::Vec;

/// `composition(A, B)` for a layout, an integer or a tuple tiler B.
pub fn composition(a: &DynLayout, b: &Tiler) -> Result<DynLayout, Error> {
    match b {
        Tiler::Tuple { elems, .. } => {
            let modes = a.modes();
            if elems.len() > modes.len() {
                return Err(too_many(ComposeModes::MESSAGE, elems.len(), modes.len()));
            }
            let parts: Vec<DynLayout> = elems
                .iter()
                .zip(&modes)
                .map(|(t, m)| composition(m, t))
                .collect::<Result<_, _>>()?;
            make_layout(&parts)
        }
        Tiler::Int(n) if *n <= 0 => Err(Error::NotPositive),
        Tiler::Int(n) => compose_flat(a, &IntTuple::Int(*n), &IntTuple::Int(1)),
        Tiler::Layout(b) => compose_flat(a, b.shape(), b.stride()),
    }
}

/// A composed with `rshape:rstride`, after coalescing A, with the no-carry check.
fn compose_flat(a: &DynLayout, rshape: &IntTuple, rstride: &IntTuple) -> Result<DynLayout, Error> {
    let flat = coalesce_x(a)?;
    let mut used = alloc::vec![0i64; flat.shape().leaves().count()];
    compose(flat.shape(), flat.stride(), rshape, rstride, &mut used)
}

fn layout(shape: IntTuple, stride: IntTuple) -> Result<DynLayout, Error> {
    DynLayout::new(shape, stride)
}

/// A (flat, coalesced) `lshape:lstride` composed with `rshape:rstride`. `used[i]` sums, over
/// the modes of B composed so far, the largest coordinate each puts in mode `i` of A.
fn compose(
    lshape: &IntTuple,
    lstride: &IntTuple,
    rshape: &IntTuple,
    rstride: &IntTuple,
    used: &mut [i64],
) -> Result<DynLayout, Error> {
    let (rs, rd) = match (rshape, rstride) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            let parts: Vec<DynLayout> = s
                .iter()
                .zip(d)
                .map(|(s, d)| compose(lshape, lstride, s, d, used))
                .collect::<Result<_, _>>()?;
            return make_layout(&parts);
        }
        (IntTuple::Int(s), IntTuple::Int(d)) => (*s, *d),
        _ => unreachable!("a layout's shape and stride are congruent"),
    };
    if rd == 0 {
        return layout(IntTuple::Int(rs), IntTuple::Int(0));
    }
    let (shapes, strides): (Vec<i64>, Vec<i64>) = match (lshape, lstride) {
        (IntTuple::Int(_), IntTuple::Int(d)) => {
            return layout(IntTuple::Int(rs), IntTuple::Int(mul(rd, *d)?));
        }
        _ => (lshape.leaves().collect(), lstride.leaves().collect()),
    };
    let last = shapes.len() - 1;
    let modes: Vec<(i64, i64)> = shapes
        .iter()
        .copied()
        .zip(strides.iter().copied())
        .collect();
    let (mut out_shape, mut out_stride) = (Vec::new(), Vec::new());
    let (mut rest_shape, mut rest_stride) = (rs, rd);
    for i in 0..last {
        let (curr_shape, curr_stride) = modes[i];
        let step = abs(rest_stride)?;
        let next_stride = ceil_div(step, curr_shape) * rest_stride.signum();
        // A negative stride walks with its magnitude: CuTe's misaligned answer is not checked there.
        let above = if rest_stride > 0 {
            &modes[i + 1..]
        } else {
            &[][..]
        };
        let taken = rules::composition_step(modes[i], above, step, rest_shape)
            .map_err(Error::Precondition)?;
        let Some(new_shape) = taken else {
            rest_stride = next_stride;
            continue;
        };
        // The usage is below curr_shape: no overflow there.
        used[i] = add(
            used[i],
            rules::composition_usage(curr_shape, step, rest_shape, new_shape),
        )?;
        if used[i] >= curr_shape {
            return Err(Error::precondition(NoCarry::MESSAGE, used[i], curr_shape));
        }
        out_shape.push(new_shape);
        out_stride.push(mul(rest_stride, curr_stride)?);
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    let last_stride = mul(rest_stride, strides[last])?;
    if out_shape.is_empty() {
        return layout(IntTuple::Int(rest_shape), IntTuple::Int(last_stride));
    }
    if rest_shape != 1 {
        out_shape.push(rest_shape);
        out_stride.push(last_stride);
    }
    let wrap = |v: Vec<i64>| match v.as_slice() {
        [x] => IntTuple::Int(*x),
        _ => IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect()),
    };
    layout(wrap(out_shape), wrap(out_stride))
}
