//! The runtime layer: the same layouts and algebra on values, with checked arithmetic.
//!
//! Each module mirrors the static module of the same name, so the two can be read side by side:
//! [`int_tuple`] mirrors [`crate::int_tuple`], [`compact`] [`crate::compact`], [`ordered`]
//! [`crate::ordered`], [`coord`]
//! [`crate::coord`], [`layout`] [`crate::layout`](mod@crate::layout), [`sublayout`] [`crate::sublayout`]. [`parse`] is the grammar of CuTe's notation,
//! shared with the `layout!` macro. Every operation returns an [`Error`] value on bad input or
//! overflow; none panics or wraps.

pub mod algebra;
pub mod coalesce;
pub mod compact;
pub mod complement;
pub mod composed;
pub mod composition;
pub mod coord;
pub mod divide;
pub mod int_tuple;
pub mod inverse;
pub mod layout;
pub mod ordered;
pub mod parse;
pub mod product;
pub mod sublayout;
pub mod svg;
pub mod swizzle;
pub mod tiler;

pub use composed::DynComposedLayout;
pub use int_tuple::IntTuple;
pub use layout::DynLayout;
pub use swizzle::DynSwizzle;

use core::fmt;

/// What can go wrong in the runtime layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text is not CuTe's notation; the error says what was expected where.
    Parse(parse::ParseError),
    /// A result does not fit in an `i64`.
    Overflow,
    /// A shape has a leaf that is not positive.
    NotPositive,
    /// Shape and stride have different profiles.
    NotCongruent,
    /// A coordinate is negative or does not have the shape's profile.
    Coordinate,
    /// A coordinate lies outside the shape (where only coordinates inside it are accepted).
    OutsideShape,
    /// The operation needs a rank-2 layout.
    NotRank2,
    /// `make_layout` of no layouts.
    NoLayouts,
    /// A precondition of the algebra fails on two numbers: the same condition, with the same
    /// message, as the static layer's compile error.
    Precondition(Failure),
    /// A cotarget (complement's second argument) that is not a positive size.
    Cotarget,
    /// A swizzle's bit ranges overlap (`|S| < B`) or do not fit in 63 bits.
    InvalidSwizzle,
    /// The text is a plain layout where a composed one (`Sw<B,M,S> o OFFSET o L`) was expected.
    NotComposed,
    /// A composed layout reaches a negative index, where its swizzle is not defined.
    NegativeIndex,
    /// A table of more than [`layout::MAX_TABLE_CELLS`] cells was asked to be printed.
    TableTooLarge(i64),
}

/// A failed precondition: its message, with `{A}` and `{B}` standing for its two numbers (the
/// static layer's compile error reads the same).
///
/// ```
/// use tessel::composition::StrideDividesMode;
/// use tessel::dynamic::Error;
/// let e = Error::precondition(StrideDividesMode::MESSAGE, 4, 6);
/// assert_eq!(e.to_string(), "composition: the stride 4 does not divide the mode size 6 of A, and the walk goes on past that mode");
/// ```
pub use crate::diagnostic::Failure;

impl Error {
    /// The failure of the condition whose message is `message`, on the numbers `a` and `b`.
    pub fn precondition(message: &'static str, a: i64, b: i64) -> Error {
        Error::Precondition(Failure { message, a, b })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => write!(f, "{e}"),
            Error::Overflow => {
                f.write_str("arithmetic overflow: the result does not fit in 64 bits")
            }
            Error::NotPositive => f.write_str("a shape must be positive"),
            Error::NotCongruent => f.write_str("shape and stride are not congruent"),
            Error::Coordinate => f.write_str("the coordinate does not fit the shape"),
            Error::OutsideShape => f.write_str("the coordinate lies outside the shape"),
            Error::NotRank2 => f.write_str("the layout is not rank 2"),
            Error::NoLayouts => f.write_str("make_layout needs at least one layout"),
            Error::Precondition(c) => write!(f, "{c}"),
            Error::Cotarget => f.write_str("complement: the cotarget must be a positive size"),
            Error::InvalidSwizzle => {
                f.write_str("invalid swizzle: need |S| >= B, and the bits must fit in 63")
            }
            Error::NotComposed => f.write_str("expected a composed layout: Sw<B,M,S> o OFFSET o L"),
            Error::NegativeIndex => f.write_str(
                "the composed layout reaches a negative index: its offset must cover the layout's least index",
            ),
            Error::TableTooLarge(cells) => write!(
                f,
                "the table would have {cells} cells, more than the {} tessel prints",
                layout::MAX_TABLE_CELLS
            ),
        }
    }
}

impl From<parse::ParseError> for Error {
    fn from(e: parse::ParseError) -> Self {
        Error::Parse(e)
    }
}

/// The failure of a tuple tiler (or profile) of `tiler` modes on a layout of `layout` modes.
pub(crate) fn too_many(message: &'static str, tiler: usize, layout: usize) -> Error {
    Error::precondition(message, tiler as i64, layout as i64)
}

/// Checked integer steps: every overflow is [`Error::Overflow`].
pub(crate) mod checked {
    use super::Error;

    /// `a * b`.
    pub fn mul(a: i64, b: i64) -> Result<i64, Error> {
        a.checked_mul(b).ok_or(Error::Overflow)
    }

    /// `a + b`.
    pub fn add(a: i64, b: i64) -> Result<i64, Error> {
        a.checked_add(b).ok_or(Error::Overflow)
    }

    /// `|a|`.
    pub fn abs(a: i64) -> Result<i64, Error> {
        a.checked_abs().ok_or(Error::Overflow)
    }

    /// `ceil(a / b)` for `a >= 0`, `b > 0`, without the overflow of `(a + b - 1) / b`.
    pub fn ceil_div(a: i64, b: i64) -> i64 {
        crate::num::int::ceil_div(a, b)
    }
}
