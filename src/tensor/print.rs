//! How a tensor prints, in the spirit of CuTe's `print_tensor`: its layout, then its elements in
//! the layout's shape. One mode is a column; two a table whose rows are mode 0 and columns mode
//! 1; more modes a table for each coordinate of the modes from 2 on (colexicographic), the
//! tables separated by a line of dashes. `Debug` shows the layout and the base.
//!
//! ```
//! use tessel::{layout, Tensor};
//! let data: Vec<u32> = (0..8).collect();
//! let t = Tensor::new(&data, layout!("(2,4):(4,1)"));
//! assert_eq!(t.to_string(), "(2,4):(4,1):\n0 1 2 3\n4 5 6 7\n");
//! assert_eq!(format!("{t:?}"), "TensorOf { base: 0, layout: (2,4):(4,1) }");
//! ```

use super::{Base, ReadEngine, Swizzled, TensorOf};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::swizzle::SwizzleFn;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display, Formatter};

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
        let inner = self.layout.to_dynamic();
        let at = |l: isize| self.base.get() as isize + l;
        print_tensor(f, &self.layout, &inner, at, self.engine.elems())
    }
}

impl<E: ReadEngine, Sw: SwizzleFn, S: LayoutShape<D>, D: IntTuple> Display
    for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    E::Elem: Display,
{
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let inner = self.layout.inner().to_dynamic();
        print_tensor(
            f,
            &self.layout,
            &inner,
            |l| self.engine_index(l),
            self.engine.elems(),
        )
    }
}

/// The layout's text, then the table of `elems[at(inner(i))]` over the inner layout's shape.
fn print_tensor<T: Display>(
    f: &mut Formatter<'_>,
    layout: &dyn Display,
    inner: &crate::dynamic::DynLayout,
    at: impl Fn(isize) -> isize,
    elems: &[T],
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
            elems[at(l as isize) as usize].to_string()
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
