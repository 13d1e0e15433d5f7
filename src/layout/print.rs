//! CuTe's `print_layout`: a rank-2 layout as a table, row `m`, column `n` holding `L(m, n)`.
//!
//! ```text
//! (2,(2,2)):(4,(2,1))
//!       0   1   2   3
//!     +---+---+---+---+
//!  0  | 0 | 2 | 1 | 3 |
//!     +---+---+---+---+
//!  1  | 4 | 6 | 5 | 7 |
//!     +---+---+---+---+
//! ```
//! Each cell is as wide as the digits of the cosize; the header line ends in a space, as CuTe's.

use core::fmt::{self, Display, Formatter};

/// The digits of `x` in decimal.
fn num_digits(x: usize) -> usize {
    let mut digits = 1;
    let mut rest = x / 10;
    while rest > 0 {
        digits += 1;
        rest /= 10;
    }
    digits
}

/// Writes the table of `at(m, n)` for `m < rows`, `n < cols`, under the layout's notation.
pub(crate) fn fmt_table(
    f: &mut Formatter<'_>,
    layout: &dyn Display,
    (rows, cols): (usize, usize),
    cosize: usize,
    at: &dyn Fn(usize, usize) -> i64,
) -> fmt::Result {
    let width = num_digits(cosize);
    let rule = |f: &mut Formatter<'_>| -> fmt::Result {
        f.write_str("    ")?;
        for _ in 0..cols {
            f.write_str("+")?;
            for _ in 0..width + 2 {
                f.write_str("-")?;
            }
        }
        f.write_str("+\n")
    };
    writeln!(f, "{layout}")?;
    f.write_str("    ")?;
    for n in 0..cols {
        write!(f, "  {n:>width$} ")?;
    }
    f.write_str("\n")?;
    for m in 0..rows {
        rule(f)?;
        write!(f, "{m:>2}  ")?;
        for n in 0..cols {
            write!(f, "| {:>width$} ", at(m, n))?;
        }
        f.write_str("|\n")?;
    }
    rule(f)
}

/// Displays whatever the closure writes.
pub(crate) struct DisplayFn<F>(pub(crate) F);

impl<F: Fn(&mut Formatter<'_>) -> fmt::Result> Display for DisplayFn<F> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}
