//! Identity tensors: each element is its own coordinate, for predication (CuTe's
//! `make_identity_tensor` and `elem_less`, from `0y_predication`) and as TMA's tensor of global
//! coordinates.
//!
//! Partitioned exactly as the data tensor is (the same `local_tile`, `local_partition`), the
//! identity tensor tells each thread the coordinate of each of its elements; comparing it with
//! the tensor's extent (`elem_less`) says which elements of a ragged tile exist. A tensor of rank
//! `R` (1 to 5, TMA's most) keeps the coordinate `(c0, .., c(R-1))` as the index
//! `c0 + c1 2^W + c2 2^2W + ..` of the layout `S:(1, 2^W, 2^2W, ..)`, `W = usize::BITS / R` bits
//! a mode (32 for a matrix on a 64-bit target): the modes never merge (a stride is never the
//! span below it), so every cut of the layout is the cut of CuTe's basis strides `(E<0>, E<1>,
//! ..)`, and a tile that overhangs the tensor still gives distinct coordinates past its edge, as
//! long as each coordinate but the last stays below `2^W` (each extent is checked against it in
//! debug builds).
//!
//! ```
//! use tessel::tensor::{elem_less, make_identity_tensor, make_identity_tensor_of};
//! use tessel::{local_tile, shape, Underscore as _x};
//! let id = make_identity_tensor(10, 7);
//! let tile = local_tile(id, <shape!("(4,4)")>::default(), (2usize, 1usize));
//! assert_eq!(tile.coord((1usize, 2usize)), (9, 6));
//! assert!(elem_less(tile.coord((1usize, 2usize)), (10, 7)));
//! assert!(!elem_less(tile.coord((2usize, 0usize)), (10, 7))); // row 10 is past the matrix
//! // A batch of matrices, (M,N,L): the tile of batch 3, its coordinates of rank 3.
//! let batch = make_identity_tensor_of((100usize, 60usize, 8usize));
//! let tile = local_tile(batch, <shape!("(32,32,1)")>::default(), (3usize, 1usize, 3usize));
//! assert_eq!(tile.coord((5usize, 2usize, 0usize)), (101, 34, 3));
//! assert!(!elem_less(tile.coord((5usize, 2usize, 0usize)), (100, 60, 8)));
//! ```

use super::{Engine, TensorOf};
use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::C;

/// The engine of an identity tensor of rank `R`: index `c0 + c1 2^W + ..` stands for the
/// coordinate `(c0, c1, ..)`, `W = usize::BITS / R`.
#[derive(Clone, Copy, Default, Debug)]
pub struct Coords<const R: usize = 2>;

/// Mode `j` of the coordinate kept as index `i` in a tensor of rank `R`: its `W` bits, or for
/// the last mode every bit from its first.
#[inline(always)]
const fn field<const R: usize>(i: usize, j: usize) -> usize {
    let w = usize::BITS / R as u32;
    let v = i >> (w * j as u32);
    if j + 1 == R {
        v
    } else {
        v & ((1 << w) - 1)
    }
}

/// The index step of mode `j` in a tensor of rank `R`: `2^(W j)`.
const fn step<const R: usize>(j: usize) -> isize {
    1 << (usize::BITS / R as u32 * j as u32)
}

/// A shape an identity tensor can have: a tuple of 1 to 5 runtime extents.
pub trait IdentityShape: Copy {
    /// The engine, `Coords<R>`.
    type Engine: Engine;
    /// The layout `S:(1, 2^W, ..)`.
    type Layout;
    /// The identity tensor's layout.
    fn identity_layout(self) -> Self::Layout;
    /// Whether every extent but the last lies below `2^W`.
    fn fits(self) -> bool;
    /// The coordinate kept as index `i` (a tuple of the shape's rank, like the shape).
    fn decode(i: usize) -> Self;
    /// The same, as an array of TMA's five modes (zeros past the rank).
    fn decode_padded(i: usize) -> [usize; 5];
}

macro_rules! identity_shapes {
    ($($R:literal: ($($i:tt $s:ident),+) ($($d:ty),+);)+) => {$(
        impl IdentityShape for ($($s,)+) {
            type Engine = Coords<$R>;
            type Layout = Layout<($($s,)+), ($($d,)+)>;
            #[inline(always)]
            fn identity_layout(self) -> Self::Layout {
                Layout::new(self, ($(<$d>::of(step::<$R>($i)),)+))
            }
            fn fits(self) -> bool {
                let last = $R - 1;
                $(($i == last || self.$i < (1usize << (usize::BITS / $R))) &&)+ true
            }
            #[inline(always)]
            fn decode(i: usize) -> Self {
                ($(field::<$R>(i, $i),)+)
            }
            #[inline(always)]
            fn decode_padded(i: usize) -> [usize; 5] {
                core::array::from_fn(|j| if j < $R { field::<$R>(i, j) } else { 0 })
            }
        }
        impl Engine for Coords<$R> {
            type Elem = ($($s,)+);
            fn len(&self) -> usize {
                usize::MAX
            }
        }
        impl ElemLess for ($($s,)+) {
            #[inline(always)]
            fn elem_less(self, b: Self) -> bool {
                $(self.$i < b.$i &&)+ true
            }
        }
    )+};
}

/// A stride of the identity layout: mode 0's static 1, the others' runtime steps.
trait Step {
    fn of(v: isize) -> Self;
}
impl Step for C<1> {
    #[inline(always)]
    fn of(_: isize) -> Self {
        C::<1>::default()
    }
}
impl Step for isize {
    #[inline(always)]
    fn of(v: isize) -> Self {
        v
    }
}

identity_shapes! {
    1: (0 usize) (C<1>);
    2: (0 usize, 1 usize) (C<1>, isize);
    3: (0 usize, 1 usize, 2 usize) (C<1>, isize, isize);
    4: (0 usize, 1 usize, 2 usize, 3 usize) (C<1>, isize, isize, isize);
    5: (0 usize, 1 usize, 2 usize, 3 usize, 4 usize) (C<1>, isize, isize, isize, isize);
}

/// The identity tensor of shape `S` (by default a matrix's, what `make_identity_tensor` gives).
pub type IdentityTensor<S = (usize, usize)> =
    TensorOf<<S as IdentityShape>::Engine, <S as IdentityShape>::Layout>;

/// The identity tensor of an `m x n` matrix: `(m,n):(1,2^32)` over [`Coords`]; `m` is below
/// 2^32 (2^16 on a 32-bit target; checked in debug builds).
#[inline(always)]
pub fn make_identity_tensor(m: usize, n: usize) -> IdentityTensor {
    make_identity_tensor_of((m, n))
}

/// CuTe's `make_identity_tensor(shape)` for a shape of rank 1 to 5: `(usize, ..)` extents.
#[inline(always)]
pub fn make_identity_tensor_of<S: IdentityShape>(shape: S) -> IdentityTensor<S>
where
    S::Engine: Default,
{
    debug_assert!(
        shape.fits(),
        "make_identity_tensor: an extent but the last does not fit below 2^(usize::BITS / rank)"
    );
    TensorOf::over(S::Engine::default(), shape.identity_layout())
}

impl<const R: usize, S: LayoutShape<D>, D: IntTuple> TensorOf<Coords<R>, Layout<S, D>>
where
    Coords<R>: Engine,
{
    /// The coordinate of the element at `x`.
    #[inline(always)]
    pub fn coord<X: CoordIn<S::Profile>>(&self, x: X) -> <Coords<R> as Engine>::Elem
    where
        X::Itself: Coord<S, D>,
        <Coords<R> as Engine>::Elem: IdentityShape,
    {
        <<Coords<R> as Engine>::Elem as IdentityShape>::decode(self.index_at(x))
    }

    /// The coordinate of the element at `x` in TMA's five modes (zeros past the rank).
    #[inline(always)]
    pub fn coord_padded<X: CoordIn<S::Profile>>(&self, x: X) -> [usize; 5]
    where
        X::Itself: Coord<S, D>,
        <Coords<R> as Engine>::Elem: IdentityShape,
    {
        <<Coords<R> as Engine>::Elem as IdentityShape>::decode_padded(self.index_at(x))
    }

    #[inline(always)]
    fn index_at<X: CoordIn<S::Profile>>(&self, x: X) -> usize
    where
        X::Itself: Coord<S, D>,
    {
        (self.base as isize + self.layout.call_signed(x)) as usize
    }
}

/// `a < b` in every mode: whether coordinate `a` lies inside the extent `b`.
pub trait ElemLess: Copy {
    /// The comparison.
    fn elem_less(self, b: Self) -> bool;
}

/// `a < b` in every mode: whether coordinate `a` lies inside the extent `b`.
#[inline(always)]
pub fn elem_less<T: ElemLess>(a: T, b: T) -> bool {
    a.elem_less(b)
}
