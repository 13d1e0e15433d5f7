//! Tensors: a layout over memory, and the tile a block owns and the elements a thread owns.
//!
//! A [`Tensor`] is a shared slice, the index of its first element (`base`) and a layout, static or
//! mixed: `t[c]` is `slice[base + layout(c)]`. Its constructor checks once that every index the
//! layout can give lies in the slice, so indexing never reads outside it (an index is still
//! bounds-checked by the slice). Partitioning follows CuTe's `tensor_impl.hpp`:
//!
//! - [`local_tile`]`(t, tiler, coord)`: `zipped_divide(t, tiler)` sliced at `(_, coord)`, the
//!   tile at tile coordinate `coord` (CuTe's `inner_partition`);
//! - [`local_partition`]`(t, thr, i)`: `zipped_divide(t, product_each(shape(thr)))` sliced at
//!   `(thr.get_flat_coord(i), _)`, the elements thread `i` owns, one per tile (CuTe's
//!   `outer_partition`).
//!
//! Where the tensor's shape and the tile are static, a tile that does not divide the mode it
//! cuts is a compile error naming the function and the numbers; with a runtime shape, ragged
//! tiles are the caller's to predicate (CuTe's `0y_predication`).
//!
//! ```
//! use tessel::{layout, local_partition, local_tile, shape, Tensor};
//! let data: Vec<f32> = (0..128).map(|i| i as f32).collect();
//! let t = Tensor::new(&data, layout!("(16,8):(1,16)"));
//! // The (2,2) tile at tile coordinate (1, 0): elements 2, 3, 18, 19.
//! let tile = local_tile(t, <shape!("(2,2)")>::default(), (1usize, 0usize));
//! assert_eq!([tile[0], tile[1], tile[2], tile[3]], [2.0, 3.0, 18.0, 19.0]);
//! // Thread 16 of a (16,2) thread layout owns one element of each (16,2) tile.
//! let part = local_partition(t, layout!("(16,2):(1,16)"), 16);
//! assert_eq!(part.layout().to_string(), "(1,4):(0,32)");
//! assert_eq!([part[0], part[1], part[2], part[3]], [16.0, 48.0, 80.0, 112.0]);
//! ```

mod partition;

pub use partition::{local_partition, local_tile, LocalPartition, LocalTile, ProductEach};

use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;

/// A layout over a shared slice: `t[c]` is `slice[base + layout(c)]`. `Copy`, like `&[T]`.
pub struct Tensor<'a, T, L> {
    data: &'a [T],
    base: usize,
    layout: L,
}

impl<T, L: Copy> Clone for Tensor<'_, T, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, L: Copy> Copy for Tensor<'_, T, L> {}

impl<'a, T, S: LayoutShape<D>, D: IntTuple> Tensor<'a, T, Layout<S, D>> {
    /// The tensor of `layout` over `data`.
    ///
    /// # Panics
    ///
    /// When the layout gives an index outside the slice (a negative one, or one past its end).
    pub fn new(data: &'a [T], layout: Layout<S, D>) -> Self {
        let t = Tensor {
            data,
            base: 0,
            layout,
        };
        let (lo, hi) = layout.shape().span(&layout.stride());
        assert!(
            t.is_full(),
            "Tensor::new: the layout {layout} reaches the indices {lo}..={hi} from 0, \
             outside a slice of {} elements",
            data.len()
        );
        t
    }

    /// Whether every index of the layout lies in the slice.
    ///
    /// ```
    /// use tessel::{local_tile, Layout, Tensor, C};
    /// let data = [0u8; 10];
    /// let v = Tensor::new(&data, Layout::new(10usize, C::<1>::default()));
    /// assert!(local_tile(v, C::<4>::default(), 1usize).is_full());
    /// assert!(!local_tile(v, C::<4>::default(), 2usize).is_full()); // elements 8, 9 of 8..12
    /// ```
    /// A tile cut from a tensor whose
    /// shape the tile does not divide may overhang it (a ragged tile): reading past the slice
    /// panics (the slice checks each index), so code predicates, as CuTe's does.
    pub fn is_full(&self) -> bool {
        let (lo, hi) = self.layout.shape().span(&self.layout.stride());
        self.base as isize + lo >= 0 && ((self.base as isize + hi) as usize) < self.data.len()
    }

    /// The layout.
    pub fn layout(&self) -> Layout<S, D> {
        self.layout
    }

    /// The index in the slice of the element at coordinate 0.
    pub fn base(&self) -> usize {
        self.base
    }

    /// The number of elements.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The slice the tensor views.
    pub fn slice(&self) -> &'a [T] {
        self.data
    }
}

impl<T, S: LayoutShape<D>, D: IntTuple, X: CoordIn<S::Profile>> core::ops::Index<X>
    for Tensor<'_, T, Layout<S, D>>
where
    X::Itself: Coord<S, D>,
{
    type Output = T;

    /// The element at coordinate `x`: 1-D, R-D or natural, as the layout takes it.
    #[inline(always)]
    fn index(&self, x: X) -> &T {
        &self.data[(self.base as isize + self.layout.call_signed(x)) as usize]
    }
}
