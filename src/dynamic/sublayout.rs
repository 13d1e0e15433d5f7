//! Runtime sublayouts and concatenation: the mirror of [`crate::layout::sublayout`].
//!
//! ```
//! use tessel::DynLayout;
//! let a: DynLayout = "(2,3,5,7)".parse().unwrap();
//! assert_eq!(a.select(&[1, 3]).unwrap().to_string(), "(3,7):(2,30)");
//! assert_eq!(a.take(1, 3).unwrap().to_string(), "(3,5):(2,6)");
//! assert_eq!(a.group(0, 2).unwrap().to_string(), "((2,3),5,7):((1,2),6,30)");
//! let b: DynLayout = "(4,(3,6))".parse().unwrap();
//! assert_eq!(b.get(&[1, 0]).unwrap().to_string(), "3:4");
//! ```

use super::{DynLayout, Error, IntTuple};
use crate::layout::sublayout::{GetMode, RangeEmpty, RangeEnd, ReplaceMode, SelectMode};
use alloc::vec::Vec;

/// The top-level modes: an integer is one mode.
fn modes(t: &IntTuple) -> Vec<IntTuple> {
    t.modes().to_vec()
}

fn mode_range(t: &IntTuple, begin: usize, end: usize) -> Result<Vec<IntTuple>, Error> {
    let all = modes(t);
    if end > all.len() {
        return Err(failed(RangeEnd::MESSAGE, end, all.len()));
    }
    if begin >= end {
        return Err(failed(RangeEmpty::MESSAGE, begin, end));
    }
    Ok(all[begin..end].to_vec())
}

/// The mode `i` of `t`, or the failure `message` (the static layer's words).
fn mode(t: &IntTuple, i: usize, message: &'static str) -> Result<IntTuple, Error> {
    t.get(i).cloned().ok_or(failed(message, i, t.rank()))
}

fn failed(message: &'static str, a: usize, b: usize) -> Error {
    Error::precondition(message, a as i64, b as i64)
}

impl DynLayout {
    /// The top-level modes, each a layout (an integer layout is its own single mode).
    pub fn modes(&self) -> Vec<DynLayout> {
        let pairs = self.shape().modes().iter().zip(self.stride().modes());
        pairs
            .map(|(s, d)| DynLayout::new(s.clone(), d.clone()).expect("a mode of a valid layout"))
            .collect()
    }

    /// Applies `f` to the shape and the stride alike.
    fn lift(&self, f: impl Fn(&IntTuple) -> Result<IntTuple, Error>) -> Result<DynLayout, Error> {
        DynLayout::new(f(self.shape())?, f(self.stride())?)
    }

    /// `layout<I...>(self)`: the mode at the path of indices.
    pub fn get(&self, path: &[usize]) -> Result<DynLayout, Error> {
        self.lift(|t| {
            path.iter()
                .try_fold(t.clone(), |t, &i| mode(&t, i, GetMode::MESSAGE))
        })
    }

    /// `select<I...>(self)`: the modes at the indices, in that order.
    pub fn select(&self, indices: &[usize]) -> Result<DynLayout, Error> {
        self.lift(|t| {
            let picked = indices.iter().map(|&i| mode(t, i, SelectMode::MESSAGE));
            Ok(IntTuple::Tuple(picked.collect::<Result<_, _>>()?))
        })
    }

    /// `take<B,E>(self)`: the modes `B..E`.
    pub fn take(&self, begin: usize, end: usize) -> Result<DynLayout, Error> {
        self.lift(|t| Ok(IntTuple::Tuple(mode_range(t, begin, end)?)))
    }

    /// `group<B,E>(self)`: the modes `B..E` gathered into one.
    pub fn group(&self, begin: usize, end: usize) -> Result<DynLayout, Error> {
        self.lift(|t| {
            let group = IntTuple::Tuple(mode_range(t, begin, end)?);
            let mut all = modes(t);
            all.splice(begin..end, [group]);
            Ok(IntTuple::Tuple(all))
        })
    }

    /// `flatten(self)`: the leaves as modes.
    pub fn flatten(&self) -> DynLayout {
        self.lift(|t| Ok(t.flatten()))
            .expect("flattening keeps a layout valid")
    }

    /// `append(self, x)`: `x` as a new last mode.
    pub fn append(&self, x: &DynLayout) -> Result<DynLayout, Error> {
        let len = self.rank();
        self.insert(len, 0, x)
    }

    /// `prepend(self, x)`: `x` as a new first mode.
    pub fn prepend(&self, x: &DynLayout) -> Result<DynLayout, Error> {
        self.insert(0, 0, x)
    }

    /// `replace<I>(self, x)`: `x` in place of mode `I`.
    pub fn replace(&self, i: usize, x: &DynLayout) -> Result<DynLayout, Error> {
        mode(self.shape(), i, ReplaceMode::MESSAGE)?;
        self.insert(i, 1, x)
    }

    /// `x` in place of the `removed` modes at `at`.
    fn insert(&self, at: usize, removed: usize, x: &DynLayout) -> Result<DynLayout, Error> {
        let put = |t: &IntTuple, x: &IntTuple| {
            let mut all = modes(t);
            all.splice(at..at + removed, [x.clone()]);
            IntTuple::Tuple(all)
        };
        DynLayout::new(put(self.shape(), x.shape()), put(self.stride(), x.stride()))
    }
}

/// `make_layout(a, b, ...)`: the layouts as the modes of one layout.
pub fn make_layout(layouts: &[DynLayout]) -> Result<DynLayout, Error> {
    if layouts.is_empty() {
        return Err(Error::NoLayouts);
    }
    let shape = layouts.iter().map(|l| l.shape().clone()).collect();
    let stride = layouts.iter().map(|l| l.stride().clone()).collect();
    DynLayout::new(IntTuple::Tuple(shape), IntTuple::Tuple(stride))
}
