//! A tensor's base: the index of its element 0 in its engine, and whether the tensor lies inside
//! what it was cut from.
//!
//! Every tensor that can be cut by value (a slice, a pointer, shared memory, an identity tensor)
//! keeps a runtime `usize` base, which a cut moves (an identity tensor's cut moves its engine's
//! origin, a coordinate, instead: [`Engine::shifted`](super::Engine::shifted)), and a `bool`
//! that a ragged tile clears
//! ([`is_full`](super::TensorOf::is_full) reads it). A register fragment owns its elements
//! from index 0 and is cut only through a view, so its base is the zero-sized [`Zero`] and its
//! flag the zero-sized [`Always`]: a fragment is its registers, its indices constants.
//!
//! ```
//! use tessel::{layout, Tensor, Underscore};
//! let data: Vec<f32> = (0..16).map(|i| i as f32).collect();
//! let col = Tensor::new(&data, layout!("(4,4)")).slice((Underscore, 2usize));
//! assert_eq!((col.base(), col.is_full()), (8, true)); // column 2 starts at index 8
//! ```

/// The index of a tensor's element 0 in its engine.
pub trait Base: Copy {
    /// Whether a tensor lies inside what it was cut from: `bool`, or [`Always`].
    type Inside: Inside;
    /// The index.
    fn get(self) -> usize;
}
impl Base for usize {
    type Inside = bool;
    #[inline(always)]
    fn get(self) -> usize {
        self
    }
}

/// The base of a tensor that a slice or a retile may cut by value: every tensor's but a register
/// fragment's, which is cut through a view of it (so a write through the cut lands in it).
///
/// ```compile_fail
/// // a register fragment is not cut by value: slice, partition or retile a view of it
/// use tessel::{shape, tensor::FragmentOf, Underscore};
/// let frag = FragmentOf::<f32, shape!("(4,2)")>::default();
/// let _ = frag.slice((Underscore, 1usize));
/// ```
#[diagnostic::on_unimplemented(
    message = "a register fragment is not cut by value: slice, partition or retile a view of it, `frag.as_view()` or `frag.as_view_mut()`",
    label = "this tensor owns its registers: a cut by value would copy them, and a write through it would be lost"
)]
pub trait CutByValue: Base {}
impl CutByValue for usize {}

/// Whether a tensor lies inside the shape of the tensors it was cut from (what
/// [`is_full`](TensorOf::is_full) reads; a detail of [`Base`] that code never names).
#[doc(hidden)]
pub trait Inside: Copy {
    /// Inside.
    const YES: Self;
    /// Whether it is.
    fn get(self) -> bool;
}
impl Inside for bool {
    const YES: Self = true;
    #[inline(always)]
    fn get(self) -> bool {
        self
    }
}
/// A register fragment's: it is never cut, so always inside, and stores nothing.
#[doc(hidden)]
#[derive(Clone, Copy, Default, Debug)]
pub struct Always;
impl Inside for Always {
    const YES: Self = Always;
    #[inline(always)]
    fn get(self) -> bool {
        true
    }
}
/// The base of a register fragment: always 0, and no storage, so a fragment is its registers.
///
/// ```
/// use tessel::{layout, Fragment};
/// assert_eq!(core::mem::size_of::<Fragment<f32, layout!("(4,2,2):(1,4,8)")>>(), 16 * 4);
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Zero;
impl Base for Zero {
    type Inside = Always;
    #[inline(always)]
    fn get(self) -> usize {
        0
    }
}
