//! Tensors by memory space: the engines a user builds a tensor over (CuTe's `make_tensor` of a
//! pointer tagged `gmem`, `smem` or a plain array), each with its constructor.
//!
//! - [`Tensor`], [`TensorMut`]: over a Rust slice; the constructor checks that every index the
//!   layout gives lies in it.
//! - [`TensorPtr`], [`TensorConstPtr`]: over global memory through a raw pointer (the second
//!   read through the read-only cache), built `unsafe`ly with the engine's length.
//! - [`TensorSmem`]: over the block's shared memory, at a shared-window address.
//!
//! ```
//! use tessel::{layout, Tensor};
//! let data: Vec<f32> = (0..12).map(|i| i as f32).collect();
//! let t = Tensor::new(&data, layout!("(3,4):(4,1)"));
//! assert_eq!(t[(2usize, 1usize)], 9.0); // row 2, column 1: index 2 * 4 + 1
//! ```

use super::{Access, ConstPtr, Ptr, Smem, TensorLayout, TensorOf};
use crate::layout::coord::{Coord, CoordIn};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::C;

/// A tensor over a shared slice (`Copy`, like `&[T]`).
pub type Tensor<'a, T, L> = TensorOf<&'a [T], L>;
/// A tensor over a mutable slice.
pub type TensorMut<'a, T, L> = TensorOf<&'a mut [T], L>;
/// A tensor over a raw pointer (global memory).
pub type TensorPtr<T, L> = TensorOf<Ptr<T>, L>;
/// A tensor over global memory no thread writes while the kernel runs (read through the
/// read-only cache).
pub type TensorConstPtr<T, L> = TensorOf<ConstPtr<T>, L>;
/// A tensor over the block's shared memory.
pub type TensorSmem<T, L> = TensorOf<Smem<T>, L>;

/// The 1-D layout of a slice: its runtime length, stride 1.
pub type Vector = Layout<usize, C<1>>;

impl<'a, T, L> Tensor<'a, T, L> {
    /// The tensor of `layout` over `data` (CuTe's `make_tensor`): a plain layout, or a swizzled
    /// one `Sw o O o L` ([`ComposedLayout`](crate::ComposedLayout)), which the tensor keeps as
    /// [`Swizzled`](super::Swizzled).
    ///
    /// # Panics
    ///
    /// When the layout gives an index outside the slice (a negative one, or one past its end).
    pub fn new<M: TensorLayout<Layout = L>>(data: &'a [T], layout: M) -> Self {
        TensorOf::checked(data, layout, "Tensor::new")
    }
}

impl<'a, T> Tensor<'a, T, Vector> {
    /// The 1-D tensor of the whole slice, `len:1`.
    pub fn from_slice(data: &'a [T]) -> Self {
        TensorOf::over(data, Layout::new(data.len(), C::<1>::default()))
    }
}

impl<'a, T, L> TensorMut<'a, T, L> {
    /// The tensor of `layout` (plain or swizzled) over `data`.
    ///
    /// # Panics
    ///
    /// When the layout gives an index outside the slice.
    pub fn new<M: TensorLayout<Layout = L>>(data: &'a mut [T], layout: M) -> Self {
        TensorOf::checked(data, layout, "TensorMut::new")
    }
}

impl<'a, T> TensorMut<'a, T, Vector> {
    /// The 1-D tensor of the whole slice, `len:1`. Its partitions take it by value, so the tiles
    /// of different threads are disjoint views (the layout `len:1` is injective, and so is each
    /// partition of it).
    pub fn from_disjoint_slice(data: &'a mut [T]) -> Self {
        let len = data.len();
        TensorOf::over(data, Layout::new(len, C::<1>::default()))
    }
}

impl<T, L> TensorPtr<T, L> {
    /// The tensor of `layout` (plain or swizzled) over `len` elements at `ptr`.
    ///
    /// # Safety
    ///
    /// `ptr` is valid for `len` elements while the tensor and its partitions are used, and every
    /// index the layout gives lies in `0..len` (or the tensor is only read where
    /// [`is_full`](TensorOf::is_full) holds or a predicate says so).
    pub unsafe fn from_raw_parts<M: TensorLayout<Layout = L>>(
        ptr: *mut T,
        len: usize,
        layout: M,
    ) -> Self {
        TensorOf::over(Ptr::new(ptr, len), layout.tensor_layout())
    }
}

impl<T, L> TensorConstPtr<T, L> {
    /// The tensor of `layout` (plain or swizzled) over `len` read-only elements at `ptr` (CuTe's
    /// `make_tensor(make_gmem_ptr(p), layout)` of a `const T* __restrict__` operand).
    ///
    /// # Safety
    ///
    /// As [`ConstPtr::read_only`], and as [`TensorPtr::from_raw_parts`] for the layout's indices.
    ///
    /// ```
    /// use tessel::atom::copy::{CopyAtom, UniversalCopy};
    /// use tessel::atom::exec::copy;
    /// use tessel::tensor::make_fragment_like;
    /// use tessel::{layout, local_partition, TensorConstPtr};
    /// let a: Vec<f32> = (0..32).map(|i| i as f32).collect();
    /// // SAFETY: 32 elements, which nothing writes while the tensor is used.
    /// let t = unsafe { TensorConstPtr::from_raw_parts(a.as_ptr(), 32, layout!("(4,8)")) };
    /// // Thread 3 of (2,2) holds rows 1 and 3, columns 1, 3, 5 and 7: loaded into registers.
    /// let part = local_partition(t, layout!("(2,2)"), 3);
    /// let mut regs = make_fragment_like(&part);
    /// unsafe { copy(&CopyAtom::<UniversalCopy<f32>, f32>::default(), &part, &mut regs) };
    /// assert_eq!(regs[(1usize, 2usize)], a[3 + 4 * 5]); // row 3, column 5
    /// ```
    pub unsafe fn from_raw_parts<M: TensorLayout<Layout = L>>(
        ptr: *const T,
        len: usize,
        layout: M,
    ) -> Self {
        TensorOf::over(ConstPtr::read_only(ptr, len), layout.tensor_layout())
    }
}

impl<T, L> TensorSmem<T, L> {
    /// The tensor of `layout` (plain or swizzled) over `len` elements of shared memory at the
    /// shared-window address `addr` (CuTe's `make_tensor(make_smem_ptr(p), layout)`).
    ///
    /// # Safety
    ///
    /// As [`Smem::new`], and every index the layout gives lies in `0..len`.
    pub unsafe fn from_smem<M: TensorLayout<Layout = L>>(addr: u32, len: usize, layout: M) -> Self {
        TensorOf::over(Smem::new(addr, len), layout.tensor_layout())
    }
}

impl<T: Copy, S: LayoutShape<D>, D: IntTuple> TensorConstPtr<T, Layout<S, D>> {
    /// The element at coordinate `x`, loaded as the engine loads (through the read-only cache,
    /// `ld.global.nc`, on the GPU).
    ///
    /// # Safety
    ///
    /// The index lies in the engine.
    ///
    /// ```
    /// use tessel::{layout, TensorConstPtr};
    /// let a: Vec<f32> = (0..12).map(|i| i as f32).collect();
    /// // SAFETY: 12 elements, which nothing writes while the tensor is used.
    /// let t = unsafe { TensorConstPtr::from_raw_parts(a.as_ptr(), 12, layout!("(3,4):(4,1)")) };
    /// assert_eq!(unsafe { (t.read((2usize, 1usize)), t.read32((1usize, 3usize))) }, (9.0, 7.0));
    /// ```
    #[inline(always)]
    pub unsafe fn read<X: CoordIn<S::Profile>>(&self, x: X) -> T
    where
        X::Itself: Coord<S, D>,
    {
        self.engine.load(self.offset(x) as usize)
    }

    /// The element at coordinate `x`, its index computed in 32-bit arithmetic.
    ///
    /// # Safety
    ///
    /// As [`read`](Self::read), and the engine holds at most 2^32 elements.
    #[inline(always)]
    pub unsafe fn read32<X: CoordIn<S::Profile>>(&self, x: X) -> T
    where
        X::Itself: Coord<S, D>,
    {
        self.engine.load(self.offset32(x))
    }
}

// A `TensorPtr` reads through its pointer, not through `Access::load` as a `TensorConstPtr`
// does: measured, the same read through `load` of a `usize` index changed the SGEMM epilogue's
// address arithmetic and cost its copy-and-gemm kernel 2.5% at 4000x3000x1000.
impl<T, S: LayoutShape<D>, D: IntTuple> TensorPtr<T, Layout<S, D>> {
    /// The element at coordinate `x`.
    ///
    /// # Safety
    ///
    /// The index lies in the engine and no other thread writes the element meanwhile.
    #[inline(always)]
    pub unsafe fn read<X: CoordIn<S::Profile>>(&self, x: X) -> T
    where
        X::Itself: Coord<S, D>,
        T: Copy,
    {
        *self.engine.as_ptr().offset(self.offset(x))
    }

    /// Writes `v` at coordinate `x`.
    ///
    /// # Safety
    ///
    /// The index lies in the engine and no other thread reads or writes the element meanwhile.
    #[inline(always)]
    pub unsafe fn write<X: CoordIn<S::Profile>>(&self, x: X, v: T)
    where
        X::Itself: Coord<S, D>,
    {
        *self.engine.as_ptr().offset(self.offset(x)) = v;
    }

    /// The element at coordinate `x`, its index computed in 32-bit arithmetic (on a GPU, 64-bit
    /// index math costs extra instructions; see [`Index32`](crate::layout::Index32)).
    ///
    /// # Safety
    ///
    /// As [`read`](Self::read), and the engine holds at most 2^32 elements, so that every index
    /// fits in `u32`.
    #[inline(always)]
    pub unsafe fn read32<X: CoordIn<S::Profile>>(&self, x: X) -> T
    where
        X::Itself: Coord<S, D>,
        T: Copy,
    {
        *self.engine.as_ptr().add(self.offset32(x))
    }

    /// Writes `v` at coordinate `x`, its index computed in 32-bit arithmetic.
    ///
    /// # Safety
    ///
    /// As [`write`](Self::write) and [`read32`](Self::read32).
    #[inline(always)]
    pub unsafe fn write32<X: CoordIn<S::Profile>>(&self, x: X, v: T)
    where
        X::Itself: Coord<S, D>,
    {
        *self.engine.as_ptr().add(self.offset32(x)) = v;
    }
}
