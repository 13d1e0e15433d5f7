//! Where a tensor's elements live: a shared slice, a mutable slice, registers (an owned array
//! sized by the layout's cosize at the type level), or a raw pointer (GPU memory).
//!
//! A tensor is an engine, the index of its element 0 in the engine (`base`) and a layout; every
//! kind shares the partitioning code, and indexing goes through the engine's slice where it has
//! one, so a safe tensor never touches memory outside its engine.

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

/// A raw pointer and the number of elements valid behind it: GPU memory, or memory shared between
/// threads that Rust's borrows cannot describe. Reading and writing are `unsafe`.
pub struct Ptr<T> {
    ptr: *mut T,
    len: usize,
}

impl<T> Clone for Ptr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Ptr<T> {}

impl<T> Ptr<T> {
    /// # Safety
    ///
    /// `ptr` is valid for reads and writes of `len` elements for as long as the tensors built on
    /// it are used.
    pub const unsafe fn new(ptr: *mut T, len: usize) -> Self {
        Ptr { ptr, len }
    }

    /// The pointer.
    pub const fn as_ptr(&self) -> *mut T {
        self.ptr
    }
}

impl<T> Engine for Ptr<T> {
    type Elem = T;
    fn len(&self) -> usize {
        self.len
    }
}
