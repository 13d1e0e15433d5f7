//! Swizzles: CuTe's XOR functions on indices, `Swizzle<B, M, S>`.
//!
//! An index's bits are read as `...YYY...ZZZ` + M low bits: the B bits of the mask ZZZ start at
//! bit `M` (at `M - S` when S is negative), and the B bits YYY sit `|S|` above (below) them.
//! The swizzle XORs YYY into ZZZ: `sw(x) = x ^ ((x & yyy_mask) >> S)` (a left shift when S is
//! negative). It is its own inverse, and it only permutes indices within aligned blocks of
//! `2^(M + B + |S|)`, so a swizzled layout keeps its cosize.
//!
//! The two bit ranges must not overlap, which is `|S| >= B`; `Swizzle<2, 0, 1>` does not compile
//! (a table of the valid `(B, S)` for `B <= 8`, `|S| <= 31` decides, from `build.rs`).
//!
//! Composed with a layout, a swizzle gives a [`ComposedLayout`](crate::ComposedLayout), CuTe's
//! `Sw<B,M,S> o offset o layout` (see [`crate::swizzle::composed`]).
//!
//! ```
//! use tessel::Swizzle;
//! // Swizzle<3,3,3>: bits 6..9 are XORed into bits 3..6 (16-byte chunks of 128-byte rows).
//! assert_eq!(Swizzle::<3, 3, 3>::apply(0b001_000_101), 0b001_001_101);
//! assert_eq!(Swizzle::<2, 0, -3>::apply(0b00_101), 0b01_101); // bits 0..2 into 3..5
//! assert_eq!(Swizzle::<3, 3, 3>::default().to_string(), "Sw<3,3,3>");
//! ```

pub mod bank;
pub mod composed;
pub mod const_layout;

use core::fmt::{self, Debug, Display, Formatter};

/// The pair `(B, S)` of a swizzle's parameters, for the validity table.
pub struct Bits<const B: u32, const S: i32>;

/// Implemented for the `(B, S)` whose bit ranges do not overlap: `|S| >= B`.
#[diagnostic::on_unimplemented(
    message = "invalid swizzle: the XOR's {Self} bit ranges overlap (CuTe requires |S| >= B)",
    label = "a Swizzle<B, M, S> moves B bits by S places: |S| must be at least B"
)]
pub trait ValidSwizzle {}

include!(concat!(env!("OUT_DIR"), "/swizzle_table.rs"));

/// CuTe's `Swizzle<B, M, S>`: XOR the B bits `|S|` above bit M (below, for negative S) into the
/// B bits at bit M.
pub struct Swizzle<const B: u32, const M: u32, const S: i32>
where
    Bits<B, S>: ValidSwizzle;

/// A swizzle function: what a [`ComposedLayout`](crate::ComposedLayout) applies to its indices.
pub trait SwizzleFn: Copy + Default + Debug + Display {
    /// The number of bits XORed.
    const BITS: u32;
    /// The lowest bit of ZZZ (or of YYY when S is negative): CuTe's MBase.
    const BASE: u32;
    /// The distance from ZZZ to YYY: CuTe's SShift.
    const SHIFT: i32;
    /// `x ^ ((x & yyy_mask) >> S)`.
    fn apply(offset: usize) -> usize;
    /// The bits below this are all the swizzle touches ([`swizzle_span`]).
    const SPAN: usize = swizzle_span(Self::BITS, Self::BASE, Self::SHIFT);
}

pub use crate::algebra::rules::{swizzle_span, swizzled, yyy_mask};

/// Whether `(B, M, S)` names a swizzle tessel accepts: `|S| >= B` (the bit ranges do not
/// overlap), `B <= 8` and `|S| <= 31` (the static table's range), all bits below 64.
pub const fn valid(bits: u32, base: u32, shift: i32) -> bool {
    let s = shift.unsigned_abs();
    s >= bits && bits <= 8 && s <= 31 && base as u64 + bits as u64 + s as u64 <= 63
}

impl<const B: u32, const M: u32, const S: i32> Swizzle<B, M, S>
where
    Bits<B, S>: ValidSwizzle,
{
    /// The mask of the B bits read (YYY).
    pub const YYY_MASK: usize = yyy_mask(B, M, S);

    /// The swizzled index.
    #[inline(always)]
    pub const fn apply(offset: usize) -> usize {
        swizzled(B, M, S, offset)
    }
}

impl<const B: u32, const M: u32, const S: i32> SwizzleFn for Swizzle<B, M, S>
where
    Bits<B, S>: ValidSwizzle,
{
    const BITS: u32 = B;
    const BASE: u32 = M;
    const SHIFT: i32 = S;
    #[inline(always)]
    fn apply(offset: usize) -> usize {
        Self::apply(offset)
    }
}

impl<const B: u32, const M: u32, const S: i32> Clone for Swizzle<B, M, S>
where
    Bits<B, S>: ValidSwizzle,
{
    fn clone(&self) -> Self {
        *self
    }
}
impl<const B: u32, const M: u32, const S: i32> Copy for Swizzle<B, M, S> where
    Bits<B, S>: ValidSwizzle
{
}
impl<const B: u32, const M: u32, const S: i32> Default for Swizzle<B, M, S>
where
    Bits<B, S>: ValidSwizzle,
{
    fn default() -> Self {
        Swizzle
    }
}
impl<const B: u32, const M: u32, const S: i32> Display for Swizzle<B, M, S>
where
    Bits<B, S>: ValidSwizzle,
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}
impl<const B: u32, const M: u32, const S: i32> Debug for Swizzle<B, M, S>
where
    Bits<B, S>: ValidSwizzle,
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}
