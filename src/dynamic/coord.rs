//! Runtime coordinates: the mirror of [`crate::layout::coord`], with checked arithmetic.
//!
//! ```
//! use tessel::dynamic::{coord::{crd2idx, idx2crd}, IntTuple};
//! let s: IntTuple = "(3,(2,3))".parse().unwrap();
//! let d: IntTuple = "(3,(12,1))".parse().unwrap();
//! assert_eq!(idx2crd(&IntTuple::Int(16), &s).unwrap().to_string(), "(1,(1,2))");
//! assert_eq!(crd2idx(&"(1,5)".parse().unwrap(), &s, &d), Ok(17));
//! ```

use super::{Error, IntTuple};

/// The index of coordinate `c` into `shape:stride`.
pub fn crd2idx(c: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64, Error> {
    match (c, shape, stride) {
        (IntTuple::Int(c), _, _) if *c < 0 => Err(Error::Coordinate),
        (IntTuple::Int(c), IntTuple::Int(_), IntTuple::Int(d)) => {
            c.checked_mul(*d).ok_or(Error::Overflow)
        }
        (IntTuple::Int(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            split(*c, s, |c, i| crd2idx(&IntTuple::Int(c), &s[i], &d[i]))?
                .into_iter()
                .try_fold(0i64, |acc, x| acc.checked_add(x).ok_or(Error::Overflow))
        }
        (IntTuple::Tuple(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) if c.len() == s.len() => {
            c.iter().zip(s).zip(d).try_fold(0i64, |acc, ((c, s), d)| {
                acc.checked_add(crd2idx(c, s, d)?).ok_or(Error::Overflow)
            })
        }
        _ => Err(Error::Coordinate),
    }
}

/// Whether coordinate `c` (1-D, R-D or natural) lies inside `shape`: every integer of it below
/// the size of the mode it stands for. (`crd2idx` also takes coordinates past the end.)
///
/// ```
/// use tessel::dynamic::{coord::contains, IntTuple};
/// let s: IntTuple = "(4,(2,3))".parse().unwrap();
/// assert!(contains(&"(3,5)".parse().unwrap(), &s) && contains(&IntTuple::Int(23), &s));
/// assert!(!contains(&"(4,0)".parse().unwrap(), &s) && !contains(&IntTuple::Int(24), &s));
/// ```
pub fn contains(c: &IntTuple, shape: &IntTuple) -> bool {
    match (c, shape) {
        (IntTuple::Int(c), _) => *c >= 0 && shape.size().is_ok_and(|n| *c < n),
        (IntTuple::Tuple(c), IntTuple::Tuple(s)) => {
            c.len() == s.len() && c.iter().zip(s).all(|(c, s)| contains(c, s))
        }
        (IntTuple::Tuple(_), IntTuple::Int(_)) => false,
    }
}

/// The natural coordinate of coordinate `c` into `shape`.
pub fn idx2crd(c: &IntTuple, shape: &IntTuple) -> Result<IntTuple, Error> {
    match (c, shape) {
        (IntTuple::Int(c), _) if *c < 0 => Err(Error::Coordinate),
        (IntTuple::Int(_), IntTuple::Int(_)) => Ok(c.clone()),
        (IntTuple::Int(c), IntTuple::Tuple(s)) => Ok(IntTuple::Tuple(split(*c, s, |c, i| {
            idx2crd(&IntTuple::Int(c), &s[i])
        })?)),
        (IntTuple::Tuple(c), IntTuple::Tuple(s)) if c.len() == s.len() => Ok(IntTuple::Tuple(
            c.iter()
                .zip(s)
                .map(|(c, s)| idx2crd(c, s))
                .collect::<Result<_, _>>()?,
        )),
        _ => Err(Error::Coordinate),
    }
}

/// Splits the 1-D coordinate `c` over `modes` colexicographically, applying `f` to each piece
/// and its mode's index; the last mode takes what is left, unreduced.
fn split<T>(
    mut c: i64,
    modes: &[IntTuple],
    f: impl Fn(i64, usize) -> Result<T, Error>,
) -> Result<alloc::vec::Vec<T>, Error> {
    let last = modes.len() - 1;
    let mut out = alloc::vec::Vec::with_capacity(modes.len());
    for (i, mode) in modes.iter().enumerate() {
        if i == last {
            out.push(f(c, i)?);
        } else {
            let n = mode.size()?;
            out.push(f(c % n, i)?);
            c /= n;
        }
    }
    Ok(out)
}
