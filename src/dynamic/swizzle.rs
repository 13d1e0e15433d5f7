//! Swizzles on values: the runtime mirror of [`crate::swizzle`].
//!
//! ```
//! use tessel::dynamic::DynSwizzle;
//! let sw = DynSwizzle::new(3, 3, 3).unwrap();
//! assert_eq!(sw.apply(0b001_000_101), 0b001_001_101);
//! assert_eq!(sw.to_string(), "Sw<3,3,3>");
//! assert!(DynSwizzle::new(2, 0, 1).is_err());
//! ```

use super::{parse, Error};
use core::fmt;
use core::str::FromStr;

/// CuTe's `Swizzle<B, M, S>` as a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynSwizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl DynSwizzle {
    /// The swizzle `Sw<B,M,S>`: an error unless [`crate::swizzle::valid`] (the static layer's
    /// condition: `|S| >= B`, `B <= 8`, `|S| <= 31`).
    pub fn new(bits: u32, base: u32, shift: i32) -> Result<Self, Error> {
        if !crate::swizzle::valid(bits, base, shift) {
            return Err(Error::InvalidSwizzle);
        }
        Ok(DynSwizzle { bits, base, shift })
    }

    /// `(B, M, S)`.
    pub fn params(&self) -> (u32, u32, i32) {
        (self.bits, self.base, self.shift)
    }

    /// The mask of the bits read (YYY).
    pub fn yyy_mask(&self) -> usize {
        crate::algebra::rules::yyy_mask(self.bits, self.base, self.shift)
    }

    /// The swizzled index: `x ^ ((x & yyy_mask) >> S)`.
    pub fn apply(&self, offset: usize) -> usize {
        crate::algebra::rules::swizzled(self.bits, self.base, self.shift, offset)
    }
}

impl fmt::Display for DynSwizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

impl FromStr for DynSwizzle {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        let (bits, base, shift) = parse::parse_swizzle(text)?;
        let int = |v: i64| u32::try_from(v).map_err(|_| Error::InvalidSwizzle);
        let shift = i32::try_from(shift).map_err(|_| Error::InvalidSwizzle)?;
        DynSwizzle::new(int(bits)?, int(base)?, shift)
    }
}
