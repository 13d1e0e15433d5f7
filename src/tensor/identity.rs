//! Identity tensors: each element is its own coordinate, for predication (CuTe's
//! `make_identity_tensor` and `elem_less`, from `0y_predication`).
//!
//! Partitioned exactly as the data tensor is (the same `local_tile`, `local_partition`), the
//! identity tensor tells each thread the matrix coordinate of each of its elements; comparing it
//! with the matrix's extent (`elem_less`) says which elements of a ragged tile exist. The
//! coordinate `(m, n)` is kept as the index `m + n * 2^32` of the layout `(M,N):(1,2^32)`, so a
//! tile that overhangs the matrix still gives distinct coordinates past its edge.
//!
//! ```
//! use tessel::tensor::{elem_less, make_identity_tensor};
//! use tessel::{local_tile, shape};
//! let id = make_identity_tensor(10, 7);
//! let tile = local_tile(id, <shape!("(4,4)")>::default(), (2usize, 1usize));
//! assert_eq!(tile.coord((1usize, 2usize)), (9, 6));
//! assert!(elem_less(tile.coord((1usize, 2usize)), (10, 7)));
//! assert!(!elem_less(tile.coord((2usize, 0usize)), (10, 7))); // row 10 is past the matrix
//! ```

use super::{Engine, TensorOf};
use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::C;

/// The engine of an identity tensor: index `m + n * 2^32` stands for the coordinate `(m, n)`
/// (`m + n * 2^16` where `usize` has 32 bits, as on wasm32).
#[derive(Clone, Copy, Default, Debug)]
pub struct Coords;

/// The index step of one column: half of `usize`'s bits for the row.
const COLUMN: usize = 1 << (usize::BITS / 2);

impl Engine for Coords {
    type Elem = (usize, usize);
    fn len(&self) -> usize {
        usize::MAX
    }
}

/// What `make_identity_tensor` gives.
pub type IdentityTensor = TensorOf<Coords, Layout<(usize, usize), (C<1>, isize)>>;

/// The identity tensor of an `m x n` matrix: `(m,n):(1,2^32)` over [`Coords`]; `m` is below
/// 2^32 (2^16 on a 32-bit target; checked in debug builds).
#[inline(always)]
pub fn make_identity_tensor(m: usize, n: usize) -> IdentityTensor {
    debug_assert!(
        m < COLUMN,
        "make_identity_tensor: {m} rows do not fit below {COLUMN}"
    );
    TensorOf::over(
        Coords,
        Layout::new((m, n), (C::<1>::default(), COLUMN as isize)),
    )
}

impl<S: LayoutShape<D>, D: IntTuple> TensorOf<Coords, Layout<S, D>> {
    /// The matrix coordinate `(m, n)` of the element at `x`.
    #[inline(always)]
    pub fn coord<X: CoordIn<S::Profile>>(&self, x: X) -> (usize, usize)
    where
        X::Itself: Coord<S, D>,
    {
        let i = (self.base as isize + self.layout.call_signed(x)) as usize;
        (i % COLUMN, i / COLUMN)
    }
}

/// `a < b` in every mode: whether coordinate `a` lies inside the extent `b`.
#[inline(always)]
pub fn elem_less(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.0 && a.1 < b.1
}
