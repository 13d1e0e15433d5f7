//! Where a tensor's elements live, and so which instructions reach them (CuTe's memory spaces):
//! a shared slice, a mutable slice, registers (an owned array sized by the layout's cosize at
//! the type level), global memory behind a raw pointer ([`Ptr`], CuTe's `make_gmem_ptr`), or the
//! block's shared memory ([`Smem`], CuTe's `make_smem_ptr`).
//!
//! A tensor is an engine, the index of its element 0 in the engine (`base`) and a layout; every
//! kind shares the partitioning code, and indexing goes through the engine's slice where it has
//! one, so a safe tensor never touches memory outside its engine.

use crate::layout::coord::Index;
use core::marker::PhantomData;
use generic_array::{ArrayLength, GenericArray};

/// Storage for a tensor's elements.
pub trait Engine {
    /// The element type.
    type Elem;
    /// The number of elements the engine holds (indices `0..len` are valid).
    fn len(&self) -> usize;
    /// Whether it holds no element.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// This engine and the base of a tensor over it, after a cut moved the tensor by `shift`
    /// (the index of the coordinates the cut fixed): the base moves, unless the engine keeps
    /// the position itself (an identity tensor's coordinate, moved leaf by leaf).
    ///
    /// ```
    /// use tessel::tensor::Engine;
    /// use tessel::num::index::{ArithTuple, Index};
    /// use tessel::Underscore as X;
    /// let data = [0f32; 64];
    /// // A memory engine moves the base by the shift (an integer index, or leaf 0 of a
    /// // coordinate).
    /// assert_eq!((&data[..]).shifted(8, 20isize).1, 28);
    /// assert_eq!((&data[..]).shifted(8, ArithTuple::of(3).times_basis(0, 4)).1, 20);
    /// // An identity tensor's engine keeps the base and moves its origin instead, leaf by
    /// // leaf: the row cut at 2 starts at the coordinate (2, 0).
    /// let t = tessel::make_identity_tensor_of((100usize, 60usize));
    /// let row = t.slice((2usize, X));
    /// assert_eq!(row.coord(5usize), (2, 5));
    /// ```
    #[inline(always)]
    fn shifted<I: Index>(self, base: usize, shift: I) -> (Self, usize)
    where
        Self: Sized,
    {
        (self, base.wrapping_add_signed(shift.leaf(0)))
    }
}

/// An engine whose elements can be read as a slice.
pub trait ReadEngine: Engine {
    /// The elements.
    fn elems(&self) -> &[Self::Elem];
}

/// An engine whose elements can be written through a unique borrow.
pub trait WriteEngine: ReadEngine {
    /// The elements.
    fn elems_mut(&mut self) -> &mut [Self::Elem];
}

impl<T> Engine for &[T] {
    type Elem = T;
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
}
impl<T> ReadEngine for &[T] {
    #[inline(always)]
    fn elems(&self) -> &[T] {
        self
    }
}

impl<T> Engine for &mut [T] {
    type Elem = T;
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
}
impl<T> ReadEngine for &mut [T] {
    #[inline(always)]
    fn elems(&self) -> &[T] {
        self
    }
}
impl<T> WriteEngine for &mut [T] {
    #[inline(always)]
    fn elems_mut(&mut self) -> &mut [T] {
        self
    }
}

impl<T, N: ArrayLength<T>> Engine for GenericArray<T, N> {
    type Elem = T;
    fn len(&self) -> usize {
        N::USIZE
    }
}
impl<T, N: ArrayLength<T>> ReadEngine for GenericArray<T, N> {
    #[inline(always)]
    fn elems(&self) -> &[T] {
        self.as_slice()
    }
}
impl<T, N: ArrayLength<T>> WriteEngine for GenericArray<T, N> {
    #[inline(always)]
    fn elems_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

/// A raw pointer and the number of elements valid behind it: global memory on the GPU, or memory
/// shared between threads that Rust's borrows cannot describe. Reading and writing are `unsafe`.
/// `M` says what the kernel does to it: [`ReadWrite`], or [`ReadOnly`] ([`ConstPtr`]).
pub struct Ptr<T, M = ReadWrite> {
    ptr: *mut T,
    len: usize,
    mode: PhantomData<M>,
}

/// Memory a kernel reads and writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadWrite;

/// Memory no thread writes while the kernel runs, read through the read-only data cache
/// (`ld.global.nc`; CUDA's `const T* __restrict__`, which CuTe's `make_gmem_ptr` of a const
/// pointer relies on): the operands of a GEMM.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOnly;

/// Read-only global memory: a thread's copy ([`Access`]) loads it with `ld.global.nc`;
/// `cp.async` reads it as it reads any [`Ptr`]. It is never written.
pub type ConstPtr<T> = Ptr<T, ReadOnly>;

impl<T, M> Clone for Ptr<T, M> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, M> Copy for Ptr<T, M> {}

impl<T> Ptr<T> {
    /// # Safety
    ///
    /// `ptr` is valid for reads and writes of `len` elements for as long as the tensors built on
    /// it are used.
    pub const unsafe fn new(ptr: *mut T, len: usize) -> Self {
        Ptr {
            ptr,
            len,
            mode: PhantomData,
        }
    }
}

impl<T> ConstPtr<T> {
    /// # Safety
    ///
    /// `ptr` is valid for reads of `len` elements, and no thread writes them, while the tensors
    /// built on it are used.
    ///
    /// ```
    /// use tessel::tensor::{Access, ConstPtr, Engine};
    /// let a = [1u16, 2, 3];
    /// // SAFETY: three elements, which nothing writes meanwhile.
    /// let p = unsafe { ConstPtr::read_only(a.as_ptr(), 3) };
    /// assert_eq!((p.len(), unsafe { p.load(2) }), (3, 3));
    /// ```
    pub const unsafe fn read_only(ptr: *const T, len: usize) -> Self {
        Ptr {
            ptr: ptr as *mut T,
            len,
            mode: PhantomData,
        }
    }
}

impl<T> Ptr<T> {
    /// The pointer.
    pub const fn as_ptr(&self) -> *mut T {
        self.ptr
    }
}

impl<T> ConstPtr<T> {
    /// The pointer, to read only.
    ///
    /// ```
    /// use tessel::tensor::ConstPtr;
    /// let a = [1u8, 2];
    /// // SAFETY: two elements, which nothing writes meanwhile.
    /// let p = unsafe { ConstPtr::read_only(a.as_ptr(), 2) };
    /// let start: *const u8 = p.as_ptr(); // a `*const`: no write through it without a cast
    /// assert_eq!(start, a.as_ptr());
    /// ```
    pub const fn as_ptr(&self) -> *const T {
        self.ptr
    }
}

impl<T, M> Ptr<T, M> {
    /// The first element, for reading, of either kind (what `cp.async` reads from, on the GPU).
    #[cfg_attr(not(target_arch = "nvptx64"), allow(dead_code))]
    pub(crate) const fn start(&self) -> *const T {
        self.ptr
    }
}

impl<T, M> Engine for Ptr<T, M> {
    type Elem = T;
    fn len(&self) -> usize {
        self.len
    }
}

/// Shared memory: the 32-bit address of element 0 in the block's shared window (what PTX's
/// `.shared` instructions take) and the number of elements there (CuTe's `make_smem_ptr`). A
/// tensor over it is read and written by the atoms that name shared memory (`cp.async`,
/// `ldmatrix`), at the addresses its layout gives.
///
/// ```
/// use tessel::tensor::{Smem, Walk};
/// use tessel::{layout, TensorSmem};
/// // SAFETY: nothing is read or written; the addresses are only computed.
/// let s = unsafe { Smem::<u16>::new(0x400, 64) };
/// assert_eq!(s.address(3), 0x406);
/// // A tile over it: coordinate 9 of (8,8):(8,1) is (1,1), index 9, byte 18 past the start.
/// let t = unsafe { TensorSmem::<u16, _>::from_smem(0x400, 64, layout!("(8,8):(8,1)")) };
/// assert_eq!(t.engine().address(t.index(9)), 0x412);
/// ```
pub struct Smem<T> {
    addr: u32,
    len: usize,
    elem: PhantomData<T>,
}

impl<T> Clone for Smem<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Smem<T> {}

impl<T> Smem<T> {
    /// # Safety
    ///
    /// `addr` is the shared-window address of `len` elements of the block's shared memory,
    /// aligned for `T`, for as long as the tensors built on it are used.
    pub const unsafe fn new(addr: u32, len: usize) -> Self {
        Smem {
            addr,
            len,
            elem: PhantomData,
        }
    }

    /// The shared-window address of element `i`.
    #[inline(always)]
    pub const fn address(&self, i: usize) -> u32 {
        self.addr + (i * core::mem::size_of::<T>()) as u32
    }
}

impl<T> Engine for Smem<T> {
    type Elem = T;
    fn len(&self) -> usize {
        self.len
    }
}

/// An engine read one element at an index, whatever memory holds it: what a copy atom of one
/// thread (`UniversalCopy`) and `gemm` read through.
///
/// ```
/// use tessel::tensor::{Access, AccessMut};
/// let mut regs = [1.0f32, 2.0, 3.0];
/// // SAFETY: the indices are in bounds and nothing else holds the array.
/// unsafe {
///     assert_eq!((&regs[..]).load(2), 3.0);
///     (&mut regs[..]).store(0, 5.0);
/// }
/// assert_eq!(regs[0], 5.0);
/// ```
pub trait Access: Engine {
    /// Element `i`.
    ///
    /// # Safety
    ///
    /// `i < len()`, and no other thread writes the element meanwhile.
    unsafe fn load(&self, i: usize) -> Self::Elem;
}

/// An engine written one element at an index.
pub trait AccessMut: Access {
    /// Sets element `i` to `v`.
    ///
    /// # Safety
    ///
    /// `i < len()`, and no other thread reads or writes the element meanwhile.
    unsafe fn store(&mut self, i: usize, v: Self::Elem);
}

macro_rules! slice_access {
    ($($E:ty, [$($g:tt)*];)+) => {$(
        impl<$($g)*> Access for $E where T: Copy {
            #[inline(always)]
            unsafe fn load(&self, i: usize) -> T {
                *self.elems().get_unchecked(i)
            }
        }
    )+};
}
slice_access! {
    &[T], [T];
    &mut [T], [T];
    GenericArray<T, N>, [T, N: ArrayLength<T>];
}

impl<T: Copy> AccessMut for &mut [T] {
    #[inline(always)]
    unsafe fn store(&mut self, i: usize, v: T) {
        *self.get_unchecked_mut(i) = v;
    }
}
impl<T: Copy, N: ArrayLength<T>> AccessMut for GenericArray<T, N> {
    #[inline(always)]
    unsafe fn store(&mut self, i: usize, v: T) {
        *self.get_unchecked_mut(i) = v;
    }
}
impl<T: Copy> Access for Ptr<T> {
    #[inline(always)]
    unsafe fn load(&self, i: usize) -> T {
        *self.ptr.add(i)
    }
}
impl<T: Copy> AccessMut for Ptr<T> {
    #[inline(always)]
    unsafe fn store(&mut self, i: usize, v: T) {
        *self.ptr.add(i) = v;
    }
}
#[cfg(not(target_arch = "nvptx64"))]
impl<T: Copy> Access for ConstPtr<T> {
    #[inline(always)]
    unsafe fn load(&self, i: usize) -> T {
        *self.ptr.add(i)
    }
}

/// Shared memory element by element: `ld.shared`/`st.shared` of the element's width (1, 2, 4 or
/// 8 bytes; another width is a compile error), and read-only global memory by `ld.global.nc`,
/// on the nvptx64 build only.
#[cfg(target_arch = "nvptx64")]
mod device_access {
    use super::{Access, AccessMut, ConstPtr, Smem};
    use crate::arch::{ld_global_nc_b16, ld_global_nc_b32, ld_global_nc_b64, ld_global_nc_b8};
    use crate::arch::{ld_shared_b16, ld_shared_b32, ld_shared_b64, ld_shared_b8};
    use crate::arch::{st_shared_b16, st_shared_b32, st_shared_b64, st_shared_b8};
    use core::mem::{size_of, transmute_copy};

    impl<T: Copy> Access for Smem<T> {
        #[inline(always)]
        unsafe fn load(&self, i: usize) -> T {
            let a = self.address(i);
            match const { width::<T>() } {
                1 => transmute_copy(&ld_shared_b8(a)),
                2 => transmute_copy(&ld_shared_b16(a)),
                4 => transmute_copy(&ld_shared_b32(a)),
                _ => transmute_copy(&ld_shared_b64(a)),
            }
        }
    }
    impl<T: Copy> AccessMut for Smem<T> {
        #[inline(always)]
        unsafe fn store(&mut self, i: usize, v: T) {
            let a = self.address(i);
            match const { width::<T>() } {
                1 => st_shared_b8(a, transmute_copy(&v)),
                2 => st_shared_b16(a, transmute_copy(&v)),
                4 => st_shared_b32(a, transmute_copy(&v)),
                _ => st_shared_b64(a, transmute_copy(&v)),
            }
        }
    }

    impl<T: Copy> Access for ConstPtr<T> {
        #[inline(always)]
        unsafe fn load(&self, i: usize) -> T {
            let p = self.as_ptr().add(i);
            match const { width::<T>() } {
                1 => transmute_copy(&ld_global_nc_b8(p.cast())),
                2 => transmute_copy(&ld_global_nc_b16(p.cast())),
                4 => transmute_copy(&ld_global_nc_b32(p.cast())),
                _ => transmute_copy(&ld_global_nc_b64(p.cast())),
            }
        }
    }

    /// The element's width, one that `ld`/`st` move.
    const fn width<T>() -> usize {
        assert!(
            matches!(size_of::<T>(), 1 | 2 | 4 | 8),
            "an element loaded or stored one at a time is 1, 2, 4 or 8 bytes"
        );
        size_of::<T>()
    }
}
