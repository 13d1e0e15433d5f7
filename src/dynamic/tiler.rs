//! Runtime tilers: what composition, divides and products take as their second argument.
//!
//! A tiler is a layout, an integer `N` (CuTe's integral tiler, close to the layout `N:1`), or a
//! tuple of tilers applied mode by mode. A shape such as `(2,2)` is the tuple of its integers.
//! CuTe's notation for a tuple of layouts is `<3:3,(2,4):(1,8)>`.
//!
//! ```
//! use tessel::dynamic::tiler::Tiler;
//! let t: Tiler = "<3:3,(2,4):(1,8)>".parse().unwrap();
//! assert_eq!(t.to_string(), "<3:3,(2,4):(1,8)>");
//! assert_eq!("(2,2)".parse::<Tiler>().unwrap().to_string(), "(2,2)");
//! ```

use super::{parse, DynLayout, Error, IntTuple};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// A layout, an integer, or a tuple of tilers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiler {
    /// A layout.
    Layout(DynLayout),
    /// An integer `N`.
    Int(i64),
    /// A tuple of tilers, one per mode; `shape` marks one written as a shape, `(2,2)`.
    Tuple {
        /// The tilers.
        elems: Vec<Tiler>,
        /// Written as a shape (parentheses) rather than CuTe's `<...>`.
        shape: bool,
    },
}

impl Tiler {
    /// The tiler of a shape: an integer, or a tuple of the tilers of its modes.
    pub fn from_shape(s: &IntTuple) -> Tiler {
        match s {
            IntTuple::Int(n) => Tiler::Int(*n),
            IntTuple::Tuple(elems) => Tiler::Tuple {
                elems: elems.iter().map(Tiler::from_shape).collect(),
                shape: true,
            },
        }
    }

    fn from_node(node: &parse::TilerNode) -> Result<Tiler, Error> {
        Ok(match node {
            parse::TilerNode::Layout(shape, stride) => {
                let shape = IntTuple::from_node(shape);
                Tiler::Layout(DynLayout::new(shape, IntTuple::from_node(stride))?)
            }
            parse::TilerNode::Shape(shape) => Tiler::from_shape(&IntTuple::from_node(shape)),
            parse::TilerNode::Tuple(elems) => Tiler::Tuple {
                elems: elems
                    .iter()
                    .map(Tiler::from_node)
                    .collect::<Result<_, _>>()?,
                shape: false,
            },
        })
    }
}

impl From<DynLayout> for Tiler {
    fn from(l: DynLayout) -> Tiler {
        Tiler::Layout(l)
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Int(n) => write!(f, "{n}"),
            Tiler::Tuple { elems, shape } => {
                let (open, close) = if *shape { ("(", ")") } else { ("<", ">") };
                f.write_str(open)?;
                for (i, t) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str(close)
            }
        }
    }
}

impl FromStr for Tiler {
    type Err = Error;
    fn from_str(text: &str) -> Result<Tiler, Error> {
        Tiler::from_node(&parse::parse_tiler(text)?)
    }
}
