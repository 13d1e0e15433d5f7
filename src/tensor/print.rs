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

use super::identity::{CoordTuple, Coords};
use super::{Base, ReadEngine, Swizzled, TensorOf};
use crate::layout::coord::Coord;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::index::MAX_LEAVES;
use crate::num::int::Int;
use crate::num::list::for_each_arity;
use crate::swizzle::SwizzleFn;
use alloc::format;
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
        let at = |i| elems[(self.base.get() as isize + index_at(&inner, i)) as usize].to_string();
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
        let at = |i| elems[self.engine_index(index_at(&inner, i)) as usize].to_string();
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
impl<Co: CoordTuple, S: LayoutShape<D>, D: IntTuple + WriteBasis> Display
    for TensorOf<Coords<Co>, Layout<S, D>>
where
    usize: Coord<S, D>,
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let inner = self.layout.to_dynamic();
        let text = |c: Co| {
            let mut text = String::new();
            let _ = c.write_to(&mut text);
            text
        };
        let origin = Co::from_leaves(&|j| self.engine.origin(self.base, j) as usize, 0);
        let mut head = format!("ArithTuple{} o {}:", text(origin), inner.shape());
        self.layout.stride().write_basis::<Co>(&mut head)?;
        print_tensor(f, &head, &inner, |i| text(self.coord(i)))
    }
}

/// A stride of an identity tensor's layout written as CuTe prints its basis element: `k@i` for
/// `k` times leaf `i`, `k@i@m` for leaf `i` of mode `m` (innermost first), `0` for none.
#[doc(hidden)]
pub trait WriteBasis {
    /// Writes it, the leaves' paths those of a coordinate `Co`.
    fn write_basis<Co: CoordTuple>(&self, f: &mut dyn Write) -> fmt::Result;
}
impl<T: Int> WriteBasis for T {
    fn write_basis<Co: CoordTuple>(&self, f: &mut dyn Write) -> fmt::Result {
        let k = self.value();
        write!(f, "{k}")?;
        match T::BASIS {
            Some(j) if k != 0 => {
                let mut path = [0; MAX_LEAVES];
                let depth = Co::path_to(j, &mut path);
                path[..depth]
                    .iter()
                    .rev()
                    .try_for_each(|i| write!(f, "@{i}"))
            }
            _ => Ok(()),
        }
    }
}
macro_rules! write_basis_tuples {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: WriteBasis),+> WriteBasis for ($($T,)+) {
            fn write_basis<Co: CoordTuple>(&self, f: &mut dyn Write) -> fmt::Result {
                let mut sep = "(";
                $(f.write_str(sep)?; self.$i.write_basis::<Co>(f)?; sep = ",";)+
                let _ = sep;
                f.write_str(")")
            }
        }
    )+};
}
for_each_arity!(write_basis_tuples);

/// The index the layout `inner` gives its element `i`.
fn index_at(inner: &crate::dynamic::DynLayout, i: usize) -> isize {
    inner
        .call(&crate::dynamic::IntTuple::Int(i as i64))
        .expect("a 1-D coordinate") as isize
}

/// The layout's text, then the table of the elements' texts `at(i)` over the inner layout's
/// shape.
fn print_tensor(
    f: &mut Formatter<'_>,
    layout: &dyn Display,
    inner: &crate::dynamic::DynLayout,
    at: impl Fn(usize) -> String,
) -> fmt::Result {
    writeln!(f, "{layout}:")?;
    let sizes: Vec<i64> = inner.modes().iter().map(|m| m.size()).collect();
    let rows = sizes[0] as usize;
    let cols = sizes.get(1).map_or(1, |&n| n as usize);
    let tables = inner.size() as usize / (rows * cols).max(1);
    let text: Vec<String> = (0..inner.size() as usize).map(at).collect();
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
