//! The runtime layer: the same layouts and algebra on values, with checked arithmetic.
//!
//! Each module mirrors the static module of the same name, so the two can be read side by side:
//! [`int_tuple`] mirrors [`crate::int_tuple`], [`compact`] [`crate::compact`], [`coord`]
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
pub mod parse;
pub mod product;
pub mod sublayout;
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
    /// The operation needs a rank-2 layout.
    NotRank2,
    /// A mode index is out of range, or a mode range is empty.
    Mode,
    /// The operation's stride divisibility condition fails.
    StrideDivisibility(&'static str),
    /// The operation's shape divisibility condition fails.
    ShapeDivisibility(&'static str),
    /// The layout overlaps or interleaves itself, so it has no complement.
    NotInjective,
    /// The operation is not defined for negative strides.
    NegativeStride(&'static str),
    /// A swizzle's bit ranges overlap (`|S| < B`) or do not fit in 63 bits.
    InvalidSwizzle,
    /// The text is a plain layout where a composed one (`Sw<B,M,S> o OFFSET o L`) was expected.
    NotComposed,
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
            Error::NotRank2 => f.write_str("the layout is not rank 2"),
            Error::Mode => {
                f.write_str("no such mode: the index is past the rank, or the range is empty")
            }
            Error::StrideDivisibility(op) => {
                write!(f, "{op}: the stride divisibility condition fails")
            }
            Error::ShapeDivisibility(op) => {
                write!(f, "{op}: the shape divisibility condition fails")
            }
            Error::NotInjective => {
                f.write_str("complement: the layout overlaps or interleaves itself")
            }
            Error::NegativeStride(op) => write!(f, "{op}: not defined for negative strides"),
            Error::InvalidSwizzle => {
                f.write_str("invalid swizzle: need |S| >= B, and the bits must fit in 63")
            }
            Error::NotComposed => f.write_str("expected a composed layout: Sw<B,M,S> o OFFSET o L"),
        }
    }
}

impl From<parse::ParseError> for Error {
    fn from(e: parse::ParseError) -> Self {
        Error::Parse(e)
    }
}
