//! The integer steps of CuTe's algebra, once, as `const fn`s on plain integers (`i64`).
//!
//! The typed layer evaluates its runtime leaves with these (through [`crate::algebra::mixed`]), the
//! runtime layer (`dynamic/`) calls them through its overflow-checked wrappers, and const
//! evaluation can call them directly. The type-level walks mirror the same steps on typenum
//! integers; the golden tests hold both to the same answers of CuTe (`tests/golden_algebra.rs`
//! the runtime layer, the `*_static` suites and `tests/golden_mixed.rs` the typed one).
//!
//! ```
//! use tessel::rules::{ceil_div, composition_step};
//! assert_eq!(ceil_div(7, 2), 4);
//! // 8 elements at stride 2 in a mode of size 6: it gives 3, 8 is no multiple of 3.
//! assert!(composition_step((6, 1), &[(2, 6)], 2, 8).is_err());
//! assert_eq!(composition_step((6, 1), &[(2, 6)], 2, 6), Ok(Some(3)));
//! // Past a mode of stride 0 whose size 3 the stride 2 does not divide: CuTe is right there.
//! assert_eq!(composition_step((3, 0), &[(2, 3), (2, 3)], 2, 4), Ok(Some(2)));
//! // Coalesce: 4:2 then 3:8 is 12:2; 4:2 then 3:6 is not one mode.
//! assert!(tessel::rules::coalesce_merges((4, 2), 8) && !tessel::rules::coalesce_merges((4, 2), 6));
//! ```

use crate::diagnostic::Failure;

// Composition's conditions on a step, here with the step (the composition module re-exports
// them).
crate::diagnostic::condition!(
    /// Walking past a mode of A: the stride must be a multiple of its size.
    StrideMultiple,
    StrideIsMultipleOfMode,
    "composition: the stride {A} is larger than the mode size {B} of A but not a multiple of it",
    "stride divisibility: a stride of B must divide each mode of A it walks past, or be a multiple of it"
);

crate::diagnostic::condition!(
    /// Taking from a mode of A and going on past it: the stride must divide the mode's size.
    StrideDividesMode,
    StrideDividesModeSize,
    "composition: the stride {A} does not divide the mode size {B} of A, and the walk goes on past that mode",
    "stride divisibility: a stride of B must divide each mode of A it walks past, or be a multiple of it"
);

crate::diagnostic::condition!(
    /// Taking from a mode of A: what is left to take must be a multiple of what the mode gives.
    ShapeMultiple,
    SizeIsMultipleOfTaken,
    "composition: the size {A} left to take is not a multiple of the {B} elements a mode of A gives",
    "shape divisibility: the size left to take must be a multiple of what each mode of A gives"
);

pub use crate::layout::ordered::precedes;
pub use crate::num::int::{ceil_div, min};

/// Coalesce's step: mode `s:d` and the mode after it, of stride `next`, are one mode of size
/// `s * s'` and stride `d` when `s * d == next` (the second continues the first).
#[inline(always)]
pub const fn coalesce_merges((s, d): (i64, i64), next: i64) -> bool {
    matches!(s.checked_mul(d), Some(x) if x == next)
}

/// The mask of the B bits a swizzle `(B, M, S)` reads (YYY).
#[inline(always)]
pub const fn yyy_mask(bits: u32, base: u32, shift: i32) -> usize {
    ((1 << bits) - 1) << (base as i32 + if shift > 0 { shift } else { 0 })
}

/// The swizzle `(B, M, S)` of an index: `x ^ ((x & yyy_mask) >> S)` (a left shift for negative
/// S). The one definition the static, the runtime and the const layers share.
#[inline(always)]
pub const fn swizzled(bits: u32, base: u32, shift: i32, x: usize) -> usize {
    let y = x & yyy_mask(bits, base, shift);
    x ^ if shift >= 0 { y >> shift } else { y << -shift }
}

/// `2^(M + B + |S|)`: a swizzle `(B, M, S)` reads and writes only the bits below it, so a
/// multiple `h` of it passes through, `swizzled(x + h) = swizzled(x) + h` (wrapping). A partition
/// of a swizzled tile uses it to keep the static part of an index outside the swizzle, as CuTe
/// moves it into the pointer.
#[inline(always)]
pub const fn swizzle_span(bits: u32, base: u32, shift: i32) -> usize {
    1 << (base + bits + shift.unsigned_abs())
}

/// One step of composition's walk (CuTe's fold, with tessel's conditions): `rest` elements at
/// stride `step > 0` meet the mode `shape:stride` of A, below the modes `above` (flat, the last
/// one unbounded). The mode gives `ceil(shape / step)` elements; `Ok(None)` when it gives one or
/// nothing is left to take (the walk steps over it), `Ok(Some(n))` when `n` elements are taken
/// here, or the condition that fails: the stride walks past the mode without being a multiple
/// of it (CuTe's stride divisibility), what is left is not a multiple of what is taken (CuTe's
/// shape divisibility), or the walk goes on past a mode whose size the stride does not divide
/// and CuTe's answer is not `A(B(c))` there ([`misaligned_step_holds`]).
pub const fn composition_step(
    (shape, stride): (i64, i64),
    above: &[(i64, i64)],
    step: i64,
    rest: i64,
) -> Result<Option<i64>, Failure> {
    if step >= shape && step % shape != 0 {
        return Err(fail(StrideMultiple::MESSAGE, step, shape));
    }
    let given = (shape - 1) / step + 1;
    if given == 1 || rest == 1 {
        return Ok(None);
    }
    let taken = if given < rest { given } else { rest };
    if rest % taken != 0 {
        return Err(fail(ShapeMultiple::MESSAGE, rest, taken));
    }
    if rest > taken
        && shape % step != 0
        && !misaligned_step_holds((shape, stride), above, step, rest)
    {
        return Err(fail(StrideDividesMode::MESSAGE, step, shape));
    }
    Ok(Some(taken))
}

/// How far into the mode `shape` a step that took `taken` of `rest` elements at stride `step`
/// reaches (its largest coordinate there): `(taken - 1) * step`, or the whole mode where the walk
/// went on past it misaligned ([`misaligned_step_holds`]: the rows then land anywhere in it).
pub const fn composition_usage(shape: i64, step: i64, rest: i64, taken: i64) -> i64 {
    if step < shape && rest > taken && shape % step != 0 {
        shape - 1
    } else {
        (taken - 1) * step
    }
}

/// Whether CuTe's answer is still `A(B(c))` where the walk takes `g = ceil(shape / step)`
/// elements of the mode `shape:stride` (`step` not dividing `shape`) and goes on with
/// `rows = rest / g > 1` into the modes `above`. CuTe reads element `c0 + g * c1` as `c0` steps
/// in this mode and index `c1` above it; the true position is `step * c0 + e * c1` in the mode
/// (`e = g * step - shape`, the overshoot of each row) and `c1 + floor((step * c0 + e * c1) /
/// shape)` above. So CuTe is right exactly when the mode's stride is 0 (row 1 already sits `e`
/// into the mode) and the modes above give the same value at `c1` and at every index the
/// overshoot reaches from it: from row `lo = ceil(step / e) - 1` on, `[lo, hi]`. tessel also
/// asks that the rows cover every bounded mode above (their usage is then full, so no other
/// mode of B can add to them, and the overshoot lands in the unbounded last one).
pub const fn misaligned_step_holds(
    (shape, stride): (i64, i64),
    above: &[(i64, i64)],
    step: i64,
    rest: i64,
) -> bool {
    let given = (shape - 1) / step + 1;
    let rows = rest / given;
    let excess = given * step - shape;
    if stride != 0 || step <= 0 || excess <= 0 || above.is_empty() {
        return false;
    }
    let lo = ceil_div(step, excess) - 1;
    if lo >= rows {
        return true;
    }
    let reach =
        (step as i128 * (given as i128 - 1) + excess as i128 * (rows as i128 - 1)) / shape as i128;
    let hi = rows as i128 - 1 + reach;
    bounded_size(above) as i128 <= rows as i128 && constant_on(above, lo as i128, hi)
}

/// The size of the bounded modes (all but the last), saturating.
const fn bounded_size(modes: &[(i64, i64)]) -> i64 {
    let (mut n, mut j) = (1i64, 0);
    while j + 1 < modes.len() {
        n = n.saturating_mul(modes[j].0);
        j += 1;
    }
    n
}

/// Whether the flat layout `modes` (the last one unbounded) gives one value on `[lo, hi]`.
const fn constant_on(modes: &[(i64, i64)], mut lo: i128, mut hi: i128) -> bool {
    let mut j = 0;
    while j < modes.len() {
        let (u, v) = (modes[j].0 as i128, modes[j].1 as i128);
        if lo == hi {
            return true;
        }
        if j + 1 == modes.len() {
            return v == 0;
        }
        if v != 0 {
            // Two neighbours, across the end of this mode, with the same value.
            return hi == lo + 1 && lo % u == u - 1 && value(modes, j, lo) == value(modes, j, hi);
        }
        lo /= u;
        hi /= u;
        j += 1;
    }
    lo == hi
}

/// The value of the flat layout `modes[from..]` (the last mode unbounded) at index `x`.
const fn value(modes: &[(i64, i64)], from: usize, mut x: i128) -> i128 {
    let (mut sum, mut j) = (0i128, from);
    while j < modes.len() {
        let (u, v) = (modes[j].0 as i128, modes[j].1 as i128);
        let digit = if j + 1 == modes.len() { x } else { x % u };
        sum += digit * v;
        x /= u;
        j += 1;
    }
    sum
}

const fn fail(message: &'static str, a: i64, b: i64) -> Failure {
    Failure { message, a, b }
}
