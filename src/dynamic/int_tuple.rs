//! Runtime IntTuples: the mirror of [`crate::layout::int_tuple`] on values.
//!
//! ```
//! use tessel::dynamic::IntTuple;
//! let s: IntTuple = "(3,(2,3))".parse().unwrap();
//! assert_eq!((s.rank(), s.depth(), s.size()), (2, 2, Ok(18)));
//! assert_eq!(s.flatten().to_string(), "(3,2,3)");
//! assert!(IntTuple::Int(24).compatible(&"((2,2),(3,2))".parse().unwrap()));
//! ```

use super::{parse, Error};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// An integer, or a tuple of at least one IntTuple.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTuple {
    /// An integer.
    Int(i64),
    /// A tuple.
    Tuple(Vec<IntTuple>),
}

impl IntTuple {
    /// The number of top-level elements (1 for an integer).
    pub fn rank(&self) -> usize {
        match self {
            IntTuple::Int(_) => 1,
            IntTuple::Tuple(elems) => elems.len(),
        }
    }

    /// The nesting depth (0 for an integer).
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Int(_) => 0,
            IntTuple::Tuple(elems) => 1 + elems.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// The product of the leaves, or `Error::Overflow`.
    pub fn size(&self) -> Result<i64, Error> {
        self.leaves()
            .try_fold(1i64, |acc, x| acc.checked_mul(x).ok_or(Error::Overflow))
    }

    /// The I-th top-level element (`get(0)` of an integer is the integer).
    pub fn get(&self, i: usize) -> Option<&IntTuple> {
        match self {
            IntTuple::Int(_) if i == 0 => Some(self),
            IntTuple::Int(_) => None,
            IntTuple::Tuple(elems) => elems.get(i),
        }
    }

    /// The top-level elements: the integer itself for an integer.
    pub fn modes(&self) -> &[IntTuple] {
        match self {
            IntTuple::Int(_) => core::slice::from_ref(self),
            IntTuple::Tuple(elems) => elems,
        }
    }

    /// The leaves in order.
    pub fn leaves(&self) -> impl Iterator<Item = i64> + '_ {
        let mut stack = alloc::vec![self];
        core::iter::from_fn(move || loop {
            match stack.pop()? {
                IntTuple::Int(x) => return Some(*x),
                IntTuple::Tuple(elems) => stack.extend(elems.iter().rev()),
            }
        })
    }

    /// The leaves as a flat tuple; an integer stays an integer.
    pub fn flatten(&self) -> IntTuple {
        match self {
            IntTuple::Int(_) => self.clone(),
            IntTuple::Tuple(_) => IntTuple::Tuple(self.leaves().map(IntTuple::Int).collect()),
        }
    }

    /// The same profile: a tuple of the same rank wherever the other has one.
    pub fn congruent(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (IntTuple::Int(_), IntTuple::Int(_)) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.congruent(b))
            }
            _ => false,
        }
    }

    /// Every coordinate of `self` is a coordinate of `other`, and the sizes agree.
    pub fn compatible(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (IntTuple::Int(_), _) => self.size().is_ok() && self.size() == other.size(),
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.compatible(b))
            }
            (IntTuple::Tuple(_), IntTuple::Int(_)) => false,
        }
    }

    /// An IntTuple built from a parsed node.
    pub(crate) fn from_node(node: &parse::Node) -> IntTuple {
        match node {
            parse::Node::Int { value, .. } => IntTuple::Int(*value),
            parse::Node::Name { .. } => unreachable!("the runtime parser allows no names"),
            parse::Node::Tuple { elems, .. } => {
                IntTuple::Tuple(elems.iter().map(IntTuple::from_node).collect())
            }
        }
    }
}

impl IntTuple {
    /// Writes the tuple as CuTe nests it, each integer spelled by `leaf`: `Display` writes the
    /// numbers, an identity tensor's printer its strides as basis elements.
    ///
    /// ```
    /// use tessel::dynamic::IntTuple;
    /// let t: IntTuple = "(2,(3,4))".parse().unwrap();
    /// let mut text = String::new();
    /// t.write_leaves(&mut text, &mut |x, f| write!(f, "<{}>", 10 * x)).unwrap();
    /// assert_eq!(text, "(<20>,(<30>,<40>))");
    /// ```
    pub fn write_leaves(
        &self,
        f: &mut dyn fmt::Write,
        leaf: &mut dyn FnMut(i64, &mut dyn fmt::Write) -> fmt::Result,
    ) -> fmt::Result {
        match self {
            IntTuple::Int(x) => leaf(*x, f),
            IntTuple::Tuple(elems) => {
                f.write_str("(")?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    e.write_leaves(f, leaf)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_leaves(f, &mut |x, f| write!(f, "{x}"))
    }
}

impl FromStr for IntTuple {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        Ok(IntTuple::from_node(&parse::parse_int_tuple(text)?))
    }
}

impl From<i64> for IntTuple {
    fn from(x: i64) -> Self {
        IntTuple::Int(x)
    }
}
