//! Composed layouts on values: the runtime mirror of [`crate::composed`], `Sw o OFFSET o L`.
//!
//! ```
//! use tessel::dynamic::{algebra::run, DynComposedLayout};
//! let c: DynComposedLayout = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse().unwrap();
//! assert_eq!(c.call_index(1).unwrap(), 72);
//! assert_eq!(run("tile_to_shape", &["Sw<3,3,3> o 0 o (8,64):(64,1)", "(128,64)"]).unwrap(),
//!            "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))");
//! ```

use super::parse::{self, SwizzleNode};
use super::{DynLayout, DynSwizzle, Error, IntTuple};
use core::fmt;
use core::str::FromStr;

/// `Sw o OFFSET o L`: the index of c is `Sw(OFFSET + L(c))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynComposedLayout {
    swizzle: DynSwizzle,
    offset: usize,
    layout: DynLayout,
}

impl DynComposedLayout {
    /// `swizzle o offset o layout`.
    pub fn new(swizzle: DynSwizzle, offset: usize, layout: DynLayout) -> Self {
        DynComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }

    /// The swizzle.
    pub fn swizzle(&self) -> DynSwizzle {
        self.swizzle
    }

    /// The offset.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The inner layout L.
    pub fn layout(&self) -> &DynLayout {
        &self.layout
    }

    /// The same swizzle and offset around another inner layout (what the algebra gives).
    pub fn with_layout(&self, layout: DynLayout) -> Self {
        DynComposedLayout {
            layout,
            ..self.clone()
        }
    }

    /// The index of coordinate c.
    pub fn call(&self, c: &IntTuple) -> Result<usize, Error> {
        let inner = self.layout.call(c)?;
        let at = i64::try_from(self.offset)
            .ok()
            .and_then(|o| o.checked_add(inner));
        let at = at
            .and_then(|i| usize::try_from(i).ok())
            .ok_or(Error::Coordinate)?;
        Ok(self.swizzle.apply(at))
    }

    /// CuTe's `print_layout` table of a composed layout whose inner layout has rank 2.
    pub fn print_layout(&self) -> Result<impl fmt::Display + '_, Error> {
        self.check_indices()?;
        let at = move |c: &IntTuple| self.call(c).expect("checked by check_indices") as i64;
        super::layout::rank2_table(self, &self.layout, self.layout.cosize() as usize, at)
    }

    /// A table of any rank, as [`DynLayout::show`] draws one.
    pub fn show(&self) -> Result<impl fmt::Display + '_, Error> {
        self.check_indices()?;
        let view = self.layout.as_rank2();
        let rows = view.shape().modes()[0].size()?;
        let cosize = self.layout.cosize() as usize;
        super::layout::rank2_table(self, &view, cosize, move |c| {
            let i = super::layout::column_major(rows, c);
            self.call_index(i).expect("checked by check_indices") as i64
        })
    }

    /// Every index `OFFSET + L(c)` is a `usize` (none is negative), so `call` succeeds on every
    /// coordinate of the shape.
    fn check_indices(&self) -> Result<(), Error> {
        let offset = i64::try_from(self.offset).map_err(|_| Error::Overflow)?;
        let lowest = offset
            .checked_add(self.layout.min_index())
            .ok_or(Error::Overflow)?;
        let highest = lowest.checked_add(self.layout.cosize() - 1);
        match (lowest < 0, highest) {
            (false, Some(_)) => Ok(()),
            (true, _) => Err(Error::NegativeIndex),
            (_, None) => Err(Error::Overflow),
        }
    }

    /// The index of the 1-D coordinate i.
    pub fn call_index(&self, i: i64) -> Result<usize, Error> {
        self.call(&IntTuple::Int(i))
    }
}

impl fmt::Display for DynComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}

impl FromStr for DynComposedLayout {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        match parse::parse_composed(text)? {
            (Some(sw), shape, stride) => Ok(DynComposedLayout::new(
                swizzle_of(&sw)?,
                sw.offset as usize,
                DynLayout::from_nodes(shape, stride)?,
            )),
            (None, ..) => Err(Error::NotComposed),
        }
    }
}

/// The swizzle a parsed prefix names.
fn swizzle_of(sw: &SwizzleNode) -> Result<DynSwizzle, Error> {
    alloc::format!("Sw<{},{},{}>", sw.bits, sw.base, sw.shift).parse()
}
