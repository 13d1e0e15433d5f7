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
//! assert!(composition_step(6, 2, 8).is_err());
//! assert_eq!(composition_step(6, 2, 6), Ok(Some(3)));
//! ```

use crate::diagnostic::Failure;

/// `ceil(a / b)` for `a >= 0`, `b >= 1`: CuTe's `(a + b - 1) / b`, without its overflow.
#[inline(always)]
pub const fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + (a % b != 0) as i64
}

/// The smaller of two integers.
#[inline(always)]
pub const fn min(a: i64, b: i64) -> i64 {
    if a < b {
        a
    } else {
        b
    }
}

/// Whether leaf `j`, of order `oj`, comes before leaf `i`, of order `oi`, in a compact order
/// (`compact_order`): the smaller order first, and of equal orders the left leaf.
#[inline(always)]
pub const fn precedes(oj: i64, j: usize, oi: i64, i: usize) -> bool {
    oj < oi || (oj == oi && j < i)
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
/// stride `step > 0` meet a mode of A of size `shape`. The mode gives `ceil(shape / step)`
/// elements; `Ok(None)` when it gives one or nothing is left to take (the walk steps over it),
/// `Ok(Some(n))` when `n` elements are taken here, or the condition that fails: the stride
/// walks past the mode without being a multiple of it (CuTe's stride divisibility), what is
/// left is not a multiple of what is taken (CuTe's shape divisibility), or the walk goes on
/// past a mode whose size the stride does not divide (tessel's: else `A(B(c))` differs).
pub const fn composition_step(shape: i64, step: i64, rest: i64) -> Result<Option<i64>, Failure> {
    use crate::algebra::composition::{ShapeMultiple, StrideDividesMode, StrideMultiple};
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
    if rest > taken && shape % step != 0 {
        return Err(fail(StrideDividesMode::MESSAGE, step, shape));
    }
    Ok(Some(taken))
}

const fn fail(message: &'static str, a: i64, b: i64) -> Failure {
    Failure { message, a, b }
}
