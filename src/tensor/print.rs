//! How a tensor prints, in the spirit of CuTe's `print_tensor`: its layout, then its elements in
//! the layout's shape. One mode is a column; two a table whose rows are mode 0 and columns mode
//! 1; more modes a table for each coordinate of the modes from 2 on (colexicographic), the
//! tables separated by a line of dashes. `Debug` shows the layout and the base. An identity
//! tensor prints as CuTe's, its strides as basis elements (`ArithTuple(0,0) o (4,3):(1@0,1@1)`).
//!
//! ```
//! use tessel::{layout, Tensor};
//! let data: Vec<u32> = (0..8).collect();
//! let t = Tensor::new(&data, layout!("(2,4):(4,1)"));
//! assert_eq!(t.to_string(), "(2,4):(4,1):\n0 1 2 3\n4 5 6 7\n");
//! assert_eq!(format!("{t:?}"), "TensorOf { base: 0, layout: (2,4):(4,1) }");
//! ```

use super::identity::{field, scale, CoordTuple, Coords, MAX_LEAVES};
use super::{Base, ReadEngine, Swizzled, TensorOf};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::swizzle::SwizzleFn;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display, Formatter, Write};

impl<E, L: Display, B: Base> Debug for TensorOf<E, L, B> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.debug_struct("TensorOf")
            .field("base", &self.base.get())
            .field("layout", &format_args!("{}", self.layout))
            .finish()
    }
}

impl<E: ReadEngine, S: LayoutShape<D>, D: IntTuple, B: Base> Display
    for TensorOf<E, Layout<S, D>, B>
where
    E::Elem: Display,
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (inner, elems) = (self.layout.to_dynamic(), self.engine.elems());
        let at = |l: isize| elems[(self.base.get() as isize + l) as usize].to_string();
        print_tensor(f, &self.layout, &inner, at)
    }
}

impl<E: ReadEngine, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple> Display
    for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    E::Elem: Display,
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let (inner, elems) = (self.layout.inner().to_dynamic(), self.engine.elems());
        let at = |l: isize| elems[self.engine_index(l) as usize].to_string();
        print_tensor(f, &self.layout, &inner, at)
    }
}

/// An identity tensor prints as CuTe prints it, its coordinates' strides as basis elements:
/// `ArithTuple(9,5) o (2,2):(2@0,2@1)`, the coordinate of its element 0, then its layout, the
/// stride `k@i` stepping leaf `i` of the coordinate by `k` (`k@i@m`: leaf `i` of mode `m`).
///
/// ```
/// use tessel::{layout, local_partition, local_tile, make_identity_tensor, shape};
/// let tile = local_tile(make_identity_tensor(10, 7), <shape!("(4,4)")>::default(), (2usize, 1usize));
/// let mine = local_partition(tile, layout!("(2,2)"), 3);
/// assert_eq!(mine.to_string(), "ArithTuple(9,5) o (2,2):(2@0,2@1):\n (9,5)  (9,7)\n(11,5) (11,7)\n");
/// ```
impl<Co: CoordTuple, S: LayoutShape<D>, D: IntTuple> Display
    for TensorOf<Coords<Co>, Layout<S, D>>
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let inner = self.layout.to_dynamic();
        let coord = |i: isize| {
            let mut text = String::new();
            let _ = Co::from_leaves(&|j| field(i as usize, j, Co::LEAVES), 0).write_to(&mut text);
            text
        };
        let mut head = String::from("ArithTuple");
        head.push_str(&coord(self.base as isize));
        write!(head, " o {}:", inner.shape())?;
        inner
            .stride()
            .write_leaves(&mut head, &mut |s, f| write_basis::<Co>(s, f))?;
        print_tensor(f, &head, &inner, |l| coord(self.base as isize + l))
    }
}

/// Writes a stride of an identity tensor's layout as CuTe prints its basis element: `k@i` for
/// `k` times leaf `i`, `k@i@m` for leaf `i` of mode `m` (innermost first), `0` for none, and a
/// stride that spans several leaves as their tuple of scales.
fn write_basis<Co: CoordTuple>(s: i64, f: &mut dyn Write) -> fmt::Result {
    let (r, sign) = (Co::LEAVES, if s < 0 { "-" } else { "" });
    let m = s.unsigned_abs() as usize;
    let mut scales = (0..r)
        .map(|j| scale(s as isize, j, r).unsigned_abs())
        .enumerate()
        .filter(|&(_, k)| k != 0);
    match (scales.next(), scales.next()) {
        (None, _) => f.write_str("0"),
        (Some((j, k)), None) => {
            let mut path = [0; MAX_LEAVES];
            let depth = Co::path_to(j, &mut path);
            write!(f, "{sign}{k}")?;
            path[..depth]
                .iter()
                .rev()
                .try_for_each(|i| write!(f, "@{i}"))
        }
        _ => {
            write!(f, "{sign}")?;
            Co::from_leaves(&|j| field(m, j, r), 0).write_to(f)
        }
    }
}

/// The layout's text, then the table of the elements' texts `at(inner(i))` over the inner
/// layout's shape.
fn print_tensor(
    f: &mut Formatter<'_>,
    layout: &dyn Display,
    inner: &crate::dynamic::DynLayout,
    at: impl Fn(isize) -> String,
) -> fmt::Result {
    writeln!(f, "{layout}:")?;
    let sizes: Vec<i64> = inner.modes().iter().map(|m| m.size()).collect();
    let rows = sizes[0] as usize;
    let cols = sizes.get(1).map_or(1, |&n| n as usize);
    let tables = inner.size() as usize / (rows * cols).max(1);
    let text: Vec<String> = (0..inner.size())
        .map(|i| {
            let l = inner
                .call(&crate::dynamic::IntTuple::Int(i))
                .expect("a 1-D coordinate");
            at(l as isize)
        })
        .collect();
    let width = text.iter().map(String::len).max().unwrap_or(0);
    for k in 0..tables {
        if k > 0 {
            writeln!(f, "{}", "-".repeat((width + 1) * cols - 1))?;
        }
        for m in 0..rows {
            for n in 0..cols {
                let sep = if n == 0 { "" } else { " " };
                write!(f, "{sep}{:>width$}", text[m + rows * (n + cols * k)])?;
            }
            writeln!(f)?;
        }
    }
    Ok(())
}
