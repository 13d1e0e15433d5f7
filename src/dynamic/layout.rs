//! Runtime layouts: the mirror of [`crate::layout`](mod@crate::layout), with checked arithmetic.
//!
//! A `DynLayout` is valid by construction: its shape is positive, its stride congruent, and its
//! size and cosize fit in an `i64`; evaluation at a coordinate is checked too, since a coordinate
//! past the end extends along the last mode.
//!
//! ```
//! use tessel::DynLayout;
//! let l: DynLayout = "(4,(2,4)):(2,(1,8))".parse().unwrap();
//! assert_eq!(l.call(&"(1,5)".parse().unwrap()), Ok(19));
//! assert_eq!(l.call(&5.into()), Ok(3));
//! assert_eq!((l.size(), l.cosize(), l.rank(), l.depth()), (32, 32, 2, 2));
//! assert_eq!(l.to_string(), "(4,(2,4)):(2,(1,8))");
//! ```

use super::compact::layout_left;
use super::coord::crd2idx;
use super::{parse, Error, IntTuple};
use crate::layout::print::{fmt_table, DisplayFn};
use alloc::vec;
use core::fmt::{self, Display};
use core::str::FromStr;

/// The most cells [`DynLayout::print_layout`] prints (2^16): a larger table is an error.
pub const MAX_TABLE_CELLS: i64 = 1 << 16;

/// A layout whose shape and stride are values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DynLayout {
    shape: IntTuple,
    stride: IntTuple,
}

impl DynLayout {
    /// The layout `shape:stride`, checked.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Self, Error> {
        if shape.leaves().any(|s| s <= 0) {
            return Err(Error::NotPositive);
        }
        if !shape.congruent(&stride) {
            return Err(Error::NotCongruent);
        }
        let layout = DynLayout { shape, stride };
        layout.shape.size()?;
        let (min, max) = layout.span()?;
        max.checked_sub(min)
            .and_then(|w| w.checked_add(1))
            .ok_or(Error::Overflow)?;
        Ok(layout)
    }

    /// The layout of `shape` with its compact column-major stride.
    pub fn from_shape(shape: IntTuple) -> Result<Self, Error> {
        let stride = layout_left(&shape)?;
        DynLayout::new(shape, stride)
    }

    /// The shape.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// The number of coordinates.
    pub fn size(&self) -> i64 {
        self.shape.size().expect("checked in new")
    }

    /// The width of the index range (CuTe's cosize).
    pub fn cosize(&self) -> i64 {
        let (min, max) = self.span().expect("checked in new");
        max - min + 1
    }

    /// The least index: 0 unless a stride is negative.
    pub fn min_index(&self) -> i64 {
        self.span().expect("checked in new").0
    }

    /// The number of top-level modes.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// The nesting depth of the shape.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// The index of coordinate `c` (1-D, R-D or natural).
    pub fn call(&self, c: &IntTuple) -> Result<i64, Error> {
        crd2idx(c, &self.shape, &self.stride)
    }

    /// The least and the greatest index.
    fn span(&self) -> Result<(i64, i64), Error> {
        let far = |s: i64, d: i64| (s - 1).checked_mul(d).ok_or(Error::Overflow);
        let add = |a: i64, b: i64| a.checked_add(b).ok_or(Error::Overflow);
        let mut pairs = self.shape.leaves().zip(self.stride.leaves());
        pairs.try_fold((0, 0), |(lo, hi), (s, d)| {
            let x = far(s, d)?;
            Ok((add(lo, x.min(0))?, add(hi, x.max(0))?))
        })
    }

    /// CuTe's `print_layout` table of a rank-2 layout.
    pub fn print_layout(&self) -> Result<impl Display + '_, Error> {
        let at = move |c: &IntTuple| self.call(c).expect("in range of a checked layout");
        rank2_table(self, self, self.cosize() as usize, at)
    }

    /// The layout as rank 2, for a table: itself at rank 2, `(1:0, L)` (one row) at rank 1, and
    /// `(L0, (L1, ..., Lr))` (modes 1 and on as the columns) at rank 3 or more.
    ///
    /// ```
    /// use tessel::DynLayout;
    /// let l: DynLayout = "(2,3,4)".parse().unwrap();
    /// assert_eq!(l.as_rank2().to_string(), "(2,(3,4)):(1,(2,6))");
    /// let row: DynLayout = "4:2".parse().unwrap();
    /// assert_eq!(row.as_rank2().to_string(), "(1,4):(0,2)");
    /// ```
    pub fn as_rank2(&self) -> DynLayout {
        let regroup = |t: &IntTuple, unit: i64| match t {
            IntTuple::Tuple(modes) if modes.len() >= 2 => {
                let rest = IntTuple::Tuple(modes[1..].to_vec());
                IntTuple::Tuple(vec![modes[0].clone(), rest])
            }
            one => IntTuple::Tuple(vec![IntTuple::Int(unit), one.clone()]),
        };
        match self.rank() {
            2 => self.clone(),
            _ => DynLayout::new(regroup(&self.shape, 1), regroup(&self.stride, 0))
                .expect("the same modes, regrouped"),
        }
    }

    /// A table of any rank: CuTe's `print_layout` of [`as_rank2`](Self::as_rank2), headed by
    /// the layout itself; an error past [`MAX_TABLE_CELLS`] cells.
    ///
    /// ```
    /// use tessel::DynLayout;
    /// let l: DynLayout = "4:2".parse().unwrap();
    /// assert!(l.show().unwrap().to_string().contains(" 0  | 0 | 2 | 4 | 6 |"));
    /// let huge: DynLayout = "(65536,2)".parse().unwrap();
    /// assert!(huge.show().is_err());
    /// ```
    pub fn show(&self) -> Result<impl Display + '_, Error> {
        let view = self.as_rank2();
        let rows = view.shape().modes()[0].size()?;
        rank2_table(self, &view, self.cosize() as usize, move |c| {
            self.call(&IntTuple::Int(column_major(rows, c)))
                .expect("in range of a checked layout")
        })
    }
}

/// The 1-D coordinate of the table cell `c = (m, n)` in a table of `rows` rows.
pub(crate) fn column_major(rows: i64, c: &IntTuple) -> i64 {
    match c.modes() {
        [IntTuple::Int(m), IntTuple::Int(n)] => m + n * rows,
        _ => unreachable!("a table cell is (m, n)"),
    }
}

/// The `print_layout` table of `layout`, a function on the coordinates of the rank-2 `shape_of`
/// (a layout, or a composed layout's inner one) giving the index `at(c)`, headed by `layout`.
pub(crate) fn rank2_table<'a>(
    layout: &'a dyn Display,
    shape_of: &DynLayout,
    cosize: usize,
    at: impl Fn(&IntTuple) -> i64 + 'a,
) -> Result<impl Display + 'a, Error> {
    if shape_of.rank() != 2 {
        return Err(Error::NotRank2);
    }
    let rows = shape_of.shape.modes()[0].size()?;
    let cols = shape_of.shape.modes()[1].size()?;
    let cells = rows.saturating_mul(cols);
    if cells > MAX_TABLE_CELLS {
        return Err(Error::TableTooLarge(cells));
    }
    let at = move |m: usize, n: usize| {
        at(&IntTuple::Tuple(alloc::vec![
            IntTuple::Int(m as i64),
            IntTuple::Int(n as i64)
        ]))
    };
    Ok(DisplayFn(move |f: &mut fmt::Formatter<'_>| {
        fmt_table(f, layout, (rows as usize, cols as usize), cosize, &at)
    }))
}

impl Display for DynLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl FromStr for DynLayout {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        let (shape, stride) = parse::parse_layout(text)?;
        DynLayout::from_nodes(shape, stride)
    }
}

impl DynLayout {
    /// The layout of a parsed shape and stride (a compact one without a stride).
    pub(crate) fn from_nodes(
        shape: parse::Node,
        stride: Option<parse::Node>,
    ) -> Result<Self, Error> {
        let shape = IntTuple::from_node(&shape);
        match stride {
            Some(stride) => DynLayout::new(shape, IntTuple::from_node(&stride)),
            None => DynLayout::from_shape(shape),
        }
    }
}
