//! Coordinates: from any coordinate of a shape to its natural coordinate and to an index.
//!
//! A layout accepts three kinds of coordinate: a 1-D integer, an R-D tuple with one entry per
//! top-level mode, and the natural h-D coordinate congruent to the shape. An integer that falls on
//! a tuple mode is split colexicographically (mode 0 fastest); the last mode of a split is not
//! reduced modulo its size, so a coordinate past the end extends along it, as in CuTe.
//!
//! - `idx2crd(c, shape)`: the natural coordinate of `c`;
//! - `crd2idx(c, shape, stride)`: the inner product of the natural coordinate with the stride.
//!
//! ```
//! use tessel::{coord::{crd2idx, idx2crd}, shape};
//! let s = <shape!("(3,(2,3))")>::default();
//! let d = <shape!("(3,(12,1))")>::default();
//! assert_eq!(idx2crd(16, s), (1, (1, 2)));
//! assert_eq!(idx2crd((1, 5), s), (1, (1, 2)));
//! assert_eq!(crd2idx(16, s, d), 17);
//! assert_eq!(crd2idx((1, (1, 2)), s, d), 17);
//! ```

use crate::layout::int_tuple::IntTuple;
use crate::num::int::Int;
use crate::num::list::{for_each_arity, Cons, Nil, ToList, ToTuple};

/// A coordinate of type `Self` into shape `S` with stride `D`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of this layout",
    label = "expected usize, or a tuple with one entry per mode of the shape (nested like it, or usize for a whole mode)"
)]
pub trait Coord<S, D> {
    /// The index: the natural coordinate's inner product with `stride`, in the integer `I`.
    fn crd2idx<I: Index>(self, shape: S, stride: D) -> I;
}

pub use crate::num::index::Index;

/// A coordinate of type `Self` for a shape of profile `P` (its tuples, with each integer a
/// [`Leaf`](crate::int_tuple::Leaf)): `usize` anywhere, or a tuple with one entry per mode. A layout checks this first,
/// so that a coordinate of the wrong rank is reported with the profile and no number.
///
/// ```compile_fail
/// // `(usize, usize, usize)` is not a coordinate of a layout whose shape has the profile `(Leaf, Leaf)`
/// let _ = tessel::layout!("(4,8):(1,4)").call((1usize, 2usize, 3usize));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a layout whose shape has the profile `{P}`",
    label = "expected usize, or a tuple with one entry per mode of the shape (nested like it, or usize for a whole mode)"
)]
pub trait CoordIn<P> {
    /// The coordinate itself.
    type Itself;
    /// Its value.
    fn itself(self) -> Self::Itself;
}

impl<P> CoordIn<P> for usize {
    type Itself = usize;
    #[inline(always)]
    fn itself(self) -> usize {
        self
    }
}

/// A 1-D coordinate into shape `Self` with stride `D`: split colexicographically.
pub trait Split<D> {
    /// The index of the 1-D coordinate `c`.
    fn split<I: Index>(self, stride: D, c: I) -> I;
}

/// The natural coordinate of a coordinate of type `Self` into shape `S`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of this shape",
    label = "expected usize, or a tuple with one entry per mode of the shape"
)]
pub trait Idx2Crd<S> {
    /// The natural coordinate: congruent to `S`, with `usize` leaves.
    type Natural: Copy;
    /// Maps `self` to it.
    fn idx2crd(self, shape: S) -> Self::Natural;
}

/// `crd2idx(c, shape, stride)`: the index of coordinate `c`.
#[inline(always)]
pub fn crd2idx<X: Coord<S, D>, S, D>(c: X, shape: S, stride: D) -> isize {
    c.crd2idx(shape, stride)
}

/// `idx2crd(c, shape)`: the natural coordinate of `c`.
#[inline(always)]
pub fn idx2crd<X: Idx2Crd<S>, S>(c: X, shape: S) -> X::Natural {
    c.idx2crd(shape)
}

impl<S: Split<D>, D> Coord<S, D> for usize {
    #[inline(always)]
    fn crd2idx<I: Index>(self, shape: S, stride: D) -> I {
        shape.split(stride, I::of(self as isize))
    }
}

impl<S: Int, D: Int> Split<D> for S {
    #[inline(always)]
    fn split<I: Index>(self, stride: D, c: I) -> I {
        match D::BASIS {
            None => c.times_stride(stride.value()),
            Some(j) => c.times_basis(j, stride.value()),
        }
    }
}

/// Splitting over a list of modes: the last takes what is left, unreduced.
pub trait SplitList<D> {
    /// The index of the 1-D coordinate `c`.
    fn split<I: Index>(self, stride: D, c: I) -> I;
}

impl<H: Split<D>, D> SplitList<Cons<D, Nil>> for Cons<H, Nil> {
    #[inline(always)]
    fn split<I: Index>(self, stride: Cons<D, Nil>, c: I) -> I {
        self.0.split(stride.0, c)
    }
}

impl<H: Split<D> + IntTuple, D, H2, T, DT> SplitList<Cons<D, DT>> for Cons<H, Cons<H2, T>>
where
    Cons<H2, T>: SplitList<DT>,
{
    #[inline(always)]
    fn split<I: Index>(self, stride: Cons<D, DT>, c: I) -> I {
        let n = I::of(self.0.size() as isize);
        self.0
            .split(stride.0, c.rem(n))
            .plus(self.1.split(stride.1, c.quot(n)))
    }
}

impl<S: SplitCrd> Idx2Crd<S> for usize {
    type Natural = S::Natural;
    #[inline(always)]
    fn idx2crd(self, shape: S) -> S::Natural {
        shape.split_crd(self)
    }
}

/// The natural coordinate of a 1-D coordinate into shape `Self`.
pub trait SplitCrd {
    /// The natural coordinate: congruent to `Self`, with `usize` leaves.
    type Natural: Copy;
    /// Splits `c` colexicographically.
    fn split_crd(self, c: usize) -> Self::Natural;
}

impl<S: Int> SplitCrd for S {
    type Natural = usize;
    #[inline(always)]
    fn split_crd(self, c: usize) -> usize {
        c
    }
}

/// Natural coordinates of a 1-D coordinate over a list of modes, as a list.
pub trait SplitCrdList {
    /// The list of natural coordinates.
    type Natural;
    /// Splits `c` over the modes; the last takes what is left, unreduced.
    fn split_crd(self, c: usize) -> Self::Natural;
}

impl<H: SplitCrd> SplitCrdList for Cons<H, Nil> {
    type Natural = Cons<H::Natural, Nil>;
    #[inline(always)]
    fn split_crd(self, c: usize) -> Self::Natural {
        Cons(self.0.split_crd(c), Nil)
    }
}

impl<H: SplitCrd + IntTuple, H2, T> SplitCrdList for Cons<H, Cons<H2, T>>
where
    Cons<H2, T>: SplitCrdList,
{
    type Natural = Cons<H::Natural, <Cons<H2, T> as SplitCrdList>::Natural>;
    #[inline(always)]
    fn split_crd(self, c: usize) -> Self::Natural {
        let n = self.0.size();
        Cons(self.0.split_crd(c % n), self.1.split_crd(c / n))
    }
}

macro_rules! tuple_coords {
    ($( ($(($S:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($S: IntTuple,)+ $($D: IntTuple,)+> Split<($($D,)+)> for ($($S,)+)
        where
            <Self as ToList>::List: SplitList<<($($D,)+) as ToList>::List>,
        {
            #[inline(always)]
            fn split<I: Index>(self, stride: ($($D,)+), c: I) -> I {
                self.to_list().split(stride.to_list(), c)
            }
        }

        #[diagnostic::do_not_recommend]
        impl<$($S, $D, $X: Coord<$S, $D>),+> Coord<($($S,)+), ($($D,)+)> for ($($X,)+) {
            #[inline(always)]
            fn crd2idx<I: Index>(self, shape: ($($S,)+), stride: ($($D,)+)) -> I {
                I::ZERO $(.plus(self.$i.crd2idx(shape.$i, stride.$i)))+
            }
        }

        impl<$($S: SplitCrd + IntTuple),+> SplitCrd for ($($S,)+) {
            type Natural = ($($S::Natural,)+);
            #[inline(always)]
            fn split_crd(self, c: usize) -> Self::Natural {
                self.to_list().split_crd(c).to_tuple()
            }
        }

        #[diagnostic::do_not_recommend]
        impl<$($S, $X: CoordIn<$S>),+> CoordIn<($($S,)+)> for ($($X,)+) {
            type Itself = ($($X::Itself,)+);
            #[inline(always)]
            fn itself(self) -> Self::Itself {
                ($(self.$i.itself(),)+)
            }
        }

        impl<$($S, $X: Idx2Crd<$S>),+> Idx2Crd<($($S,)+)> for ($($X,)+) {
            type Natural = ($($X::Natural,)+);
            #[inline(always)]
            fn idx2crd(self, shape: ($($S,)+)) -> Self::Natural {
                ($(self.$i.idx2crd(shape.$i),)+)
            }
        }
    )+};
}

for_each_arity!(tuple_coords);
