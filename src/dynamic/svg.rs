//! Pictures of layouts in SVG, as CuTe's `print_latex` draws them: a grid of the layout's
//! rank-2 shape (rank 1 as one row, rank 3 and more with modes 1.. as the columns, as
//! [`DynLayout::show`] tabulates it), row and column numbers at its edges.
//!
//! - a layout: each cell `(m, n)` shows its index `L(m, n)`, coloured by the index (eight
//!   colours in turn, as CuTe's);
//! - a thread-value layout over an `M x N` tile (CuTe's `print_latex` of a TiledMma's or
//!   TiledCopy's TV layouts): `(t, v) -> m + M n`, each cell labelled `T{t}V{v}` and coloured by
//!   thread; a cell no pair reaches is left blank, and a note under the grid says how many
//!   there are and how many cells more than one pair reaches (those show the first pair);
//! - a divide: the layout's grid, each cell coloured by the tile of `zipped_divide` it falls in.
//!
//! ```
//! use tessel::dynamic::svg::layout_svg;
//! let svg = layout_svg(&"(2,3):(3,1)".parse().unwrap()).unwrap();
//! assert_eq!(svg.matches("class=\"cell\"").count(), 6);
//! assert!(svg.contains(">5</text>")); // L(1, 2) = 3 + 2
//! ```

use super::divide::zipped_divide;
use super::tiler::Tiler;
use super::{DynComposedLayout, DynLayout, Error, IntTuple};
use crate::dynamic::layout::MAX_TABLE_CELLS;
use crate::layout::int_tuple::{IntTuple as StaticTuple, LayoutShape, StaticIntTuple};
use crate::layout::int_tuple::{StaticShape, StaticSpan};
use crate::layout::Layout;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::SwizzleFn;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

/// The eight colours cells take in turn (CuTe's `print_latex` palette for threads).
pub const PALETTE: [&str; 8] = [
    "#afafff", "#afffaf", "#ffffaf", "#ffafaf", "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2",
];

/// A cell's width and height, and the margin that holds the row and column numbers.
const W: usize = 56;
const H: usize = 24;
const MARGIN: usize = 40;

/// A grid to draw: its title, its cells (row by row, each a label and a colour, or blank) and
/// notes under it.
struct Picture {
    title: String,
    rows: usize,
    cols: usize,
    cells: Vec<Option<(String, usize)>>,
    notes: Vec<String>,
}

impl Picture {
    /// A blank `rows x cols` grid, at most [`MAX_TABLE_CELLS`] cells.
    fn new(title: String, rows: i64, cols: i64) -> Result<Self, Error> {
        let cells = rows.saturating_mul(cols);
        if cells > MAX_TABLE_CELLS {
            return Err(Error::TableTooLarge(cells));
        }
        let (rows, cols) = (rows as usize, cols as usize);
        Ok(Picture {
            title,
            rows,
            cols,
            cells: vec![None; rows * cols],
            notes: Vec::new(),
        })
    }

    /// The SVG text.
    fn render(&self) -> String {
        let (width, height) = (
            MARGIN + W * self.cols + 8,
            MARGIN + H * self.rows + 20 * (1 + self.notes.len()),
        );
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             font-family=\"monospace\" font-size=\"11\" text-anchor=\"middle\">\n\
             <text class=\"title\" x=\"{}\" y=\"14\">{}</text>\n",
            width / 2,
            escape(&self.title)
        );
        for m in 0..self.rows {
            let y = MARGIN + H * m + H / 2 + 4;
            let _ = writeln!(
                s,
                "<text class=\"row\" x=\"{}\" y=\"{y}\">{m}</text>",
                MARGIN / 2
            );
        }
        for n in 0..self.cols {
            let x = MARGIN + W * n + W / 2;
            let _ = writeln!(
                s,
                "<text class=\"col\" x=\"{x}\" y=\"{}\">{n}</text>",
                MARGIN - 8
            );
        }
        for (i, cell) in self.cells.iter().enumerate() {
            let (m, n) = (i / self.cols, i % self.cols);
            let (x, y) = (MARGIN + W * n, MARGIN + H * m);
            let _ = match cell {
                Some((label, colour)) => writeln!(
                    s,
                    "<g class=\"cell\" data-m=\"{m}\" data-n=\"{n}\"><rect x=\"{x}\" y=\"{y}\" width=\"{W}\" \
                     height=\"{H}\" fill=\"{}\" stroke=\"black\"/><text x=\"{}\" y=\"{}\">{label}</text></g>",
                    PALETTE[colour % PALETTE.len()],
                    x + W / 2,
                    y + H / 2 + 4
                ),
                None => writeln!(
                    s,
                    "<g class=\"cell blank\" data-m=\"{m}\" data-n=\"{n}\"><rect x=\"{x}\" y=\"{y}\" \
                     width=\"{W}\" height=\"{H}\" fill=\"white\" stroke=\"black\"/></g>"
                ),
            };
        }
        for (i, note) in self.notes.iter().enumerate() {
            let y = MARGIN + H * self.rows + 16 + 20 * i;
            let _ = writeln!(
                s,
                "<text class=\"note\" x=\"{}\" y=\"{y}\">{}</text>",
                width / 2,
                escape(note)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

/// `text` with XML's special characters escaped (a composed layout's `Sw<B,M,S>`).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The rows and columns of `l`'s table.
fn grid_of(l: &DynLayout) -> Result<(i64, i64), Error> {
    let view = l.as_rank2();
    Ok((
        view.shape().modes()[0].size()?,
        view.shape().modes()[1].size()?,
    ))
}

/// A grid of `l`'s table, cell `(m, n)` labelled and coloured by `index(m + rows n)`.
fn indexed(
    title: String,
    l: &DynLayout,
    index: impl Fn(i64) -> Result<i64, Error>,
) -> Result<String, Error> {
    let (rows, cols) = grid_of(l)?;
    let mut p = Picture::new(title, rows, cols)?;
    for i in 0..rows * cols {
        let k = index(i)?;
        p.cells[(i % rows * cols + i / rows) as usize] = Some((k.to_string(), k as usize));
    }
    Ok(p.render())
}

/// The picture of a layout: each cell its index, coloured by it.
pub fn layout_svg(l: &DynLayout) -> Result<String, Error> {
    indexed(l.to_string(), l, |i| l.call(&IntTuple::Int(i)))
}

/// The picture of a composed layout `Sw o O o L`: each cell of L's table its swizzled index.
///
/// ```
/// use tessel::dynamic::svg::composed_svg;
/// let svg = composed_svg(&"Sw<1,0,1> o 0 o (2,2):(2,1)".parse().unwrap()).unwrap();
/// // Row 1 swaps its two elements: (1, 0) holds 3.
/// let cell = svg.lines().find(|l| l.contains("data-m=\"1\" data-n=\"0\"")).unwrap();
/// assert!(cell.ends_with(">3</text></g>"));
/// ```
pub fn composed_svg(c: &DynComposedLayout) -> Result<String, Error> {
    indexed(c.to_string(), c.layout(), |i| {
        c.call_index(i).map(|k| k as i64)
    })
}

// The static layouts' pictures are drawn here, through their runtime twins, so that the static
// layers never reach up to the runtime one.
impl<S: LayoutShape<D>, D: StaticTuple> Layout<S, D> {
    /// Its picture, as CuTe's `print_latex` draws it ([`layout_svg`]).
    ///
    /// ```
    /// let svg = tessel::layout!("(4,8):(1,4)").to_svg().unwrap();
    /// assert_eq!(svg.matches("class=\"cell\"").count(), 32);
    /// ```
    pub fn to_svg(&self) -> Result<String, Error> {
        layout_svg(&self.to_dynamic())
    }
}

impl<Sw: SwizzleFn, const O: usize, S, D> ComposedLayout<Sw, O, Layout<S, D>>
where
    S: StaticShape + StaticSpan<D> + LayoutShape<D>,
    D: StaticIntTuple,
{
    /// Its picture: each cell of the layout's table its swizzled index ([`composed_svg`]).
    ///
    /// ```
    /// let svg = tessel::layout!("Sw<1,0,1> o 0 o (2,2):(2,1)").to_svg().unwrap();
    /// let cell = svg.lines().find(|l| l.contains("data-m=\"1\" data-n=\"0\"")).unwrap();
    /// assert!(cell.ends_with(">3</text></g>")); // row 1 swaps its two elements
    /// ```
    pub fn to_svg(&self) -> Result<String, Error> {
        composed_svg(&self.to_dynamic())
    }
}

/// The picture of a thread-value layout `(T, V) -> m + M n` over an `M x N` tile: each cell
/// `T{t}V{v}` coloured by thread, a cell no pair reaches blank; an index outside the tile is
/// [`Error::OutsideShape`].
///
/// ```
/// use tessel::dynamic::svg::tv_svg;
/// // Two threads of two values over a 2x2 tile: thread 1 holds row 1.
/// let svg = tv_svg(&"(2,2):(1,2)".parse().unwrap(), (2, 2)).unwrap();
/// let cell = svg.lines().find(|l| l.contains("data-m=\"1\" data-n=\"1\"")).unwrap();
/// assert!(cell.ends_with(">T1V1</text></g>"));
/// assert!(tv_svg(&"(2,2):(1,2)".parse().unwrap(), (2, 1)).is_err()); // past the tile
/// ```
pub fn tv_svg(tv: &DynLayout, (m, n): (i64, i64)) -> Result<String, Error> {
    if tv.rank() != 2 {
        return Err(Error::NotRank2);
    }
    let threads = tv.shape().modes()[0].size()?;
    let mut p = Picture::new(format!("{tv} over {m}x{n}"), m, n)?;
    let mut repeated = 0;
    for v in 0..tv.shape().modes()[1].size()? {
        for t in 0..threads {
            let k = tv.call(&IntTuple::Int(t + threads * v))?;
            if !(0..m * n).contains(&k) {
                return Err(Error::OutsideShape);
            }
            let cell = &mut p.cells[(k % m * n + k / m) as usize];
            match cell {
                Some(_) => repeated += 1,
                None => *cell = Some((format!("T{t}V{v}"), t as usize)),
            }
        }
    }
    let blank = p.cells.iter().filter(|c| c.is_none()).count();
    if blank > 0 {
        p.notes
            .push(format!("{blank} cells no thread reaches (blank)"));
    }
    if repeated > 0 {
        p.notes.push(format!(
            "{repeated} more (thread, value) pairs reach cells already shown"
        ));
    }
    Ok(p.render())
}

/// The picture of `zipped_divide(l, tiler)` on `l`'s table: each cell its index in `l`,
/// coloured by the tile it falls in (the tile's number in the divide's second mode).
///
/// ```
/// use tessel::dynamic::svg::divide_svg;
/// let svg = divide_svg(&"(4,4)".parse().unwrap(), &"(2,2)".parse().unwrap()).unwrap();
/// assert!(svg.contains("4 tiles of 4 cells"));
/// ```
pub fn divide_svg(l: &DynLayout, tiler: &Tiler) -> Result<String, Error> {
    let (rows, cols) = grid_of(l)?;
    // The divide of the table's own coordinates: (tile, rest) -> m + rows n.
    let coords = zipped_divide(&DynLayout::from_shape(l.as_rank2().shape().clone())?, tiler)?;
    let mut p = Picture::new(format!("zipped_divide({l}, {tiler})"), rows, cols)?;
    let tile = coords.shape().modes()[0].size()?;
    for j in 0..coords.size() {
        let c = coords.call(&IntTuple::Int(j))?;
        let k = l.call(&IntTuple::Int(c))?;
        p.cells[(c % rows * cols + c / rows) as usize] = Some((k.to_string(), (j / tile) as usize));
    }
    p.notes.push(format!(
        "{} tiles of {tile} cells",
        coords.size() / tile.max(1)
    ));
    Ok(p.render())
}
