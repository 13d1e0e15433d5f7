//! Indices: the integer a layout's index is computed in ([`Index`]: `isize`, or `u32` where the
//! caller knows it fits), and CuTe's `ArithmeticTuple` ([`ArithTuple`]), the coordinate a
//! layout of basis strides ([`E`](crate::num::basis::E)) gives where an integer layout gives an
//! index. A coordinate times the stride `k@j` adds `k` times it to leaf `j` alone, so the leaves
//! never carry into each other, and a coordinate of any size is exact.
//!
//! ```
//! use tessel::coord::{Coord, Index};
//! use tessel::num::{basis::E, index::ArithTuple};
//! use tessel::typenum::{U0, U1};
//! let (shape, stride) = ((1usize << 40, 3usize), (E::<U0>::default(), E::<U1, isize>::new(5)));
//! let c: ArithTuple = ((1usize << 40) - 1, 2usize).crd2idx(shape, stride);
//! assert_eq!([c.leaf(0), c.leaf(1), c.leaf(2)], [(1 << 40) - 1, 10, 0]);
//! ```

/// The integer an index is computed in: `isize`, or `u32` where the caller knows every index
/// fits (see [`Index32`](crate::layout::Index32)). Wrapping arithmetic, so that a negative stride in `u32`
/// still gives the right index modulo 2^32.
pub trait Index: Copy {
    /// The coordinate or size `v`, truncated to this width.
    fn of(v: isize) -> Self;
    /// The coordinate `self` times the stride `d`, wrapping: a leaf's term of the index.
    fn times_stride(self, d: isize) -> Self;
    /// The coordinate `self` times the basis stride `d@j` ([`E`](crate::num::basis::E)): it
    /// steps leaf `j` of an [`ArithTuple`]. An integer has no leaf `j`: a layout of basis
    /// strides gives coordinates, never an index (read it through its identity tensor).
    ///
    /// ```
    /// use tessel::num::index::{ArithTuple, Index};
    /// // 3 times the stride 4@1: 12 in leaf 1, nothing elsewhere.
    /// let c = ArithTuple::of(3).times_basis(1, 4);
    /// assert_eq!([c.leaf(0), c.leaf(1), c.leaf(2)], [0, 12, 0]);
    /// ```
    ///
    /// ```should_panic
    /// use tessel::num::index::Index;
    /// let _ = 3isize.times_basis(1, 4); // an integer index: no leaf 1
    /// ```
    fn times_basis(self, j: usize, d: isize) -> Self;
    /// Leaf `j` of the coordinate this is: an integer is its leaf 0.
    ///
    /// ```
    /// use tessel::num::index::{ArithTuple, Index};
    /// assert_eq!((7isize.leaf(0), 7isize.leaf(1)), (7, 0));
    /// let c = ArithTuple::of(2).times_basis(0, 1).plus(ArithTuple::of(5).times_basis(1, 1));
    /// assert_eq!((c.leaf(0), c.leaf(1)), (2, 5));
    /// ```
    fn leaf(self, j: usize) -> isize;
    /// `self + r`, wrapping.
    fn plus(self, r: Self) -> Self;
    /// `self % n` for a coordinate and a positive size.
    fn rem(self, n: Self) -> Self;
    /// `self / n` for a coordinate and a positive size.
    fn quot(self, n: Self) -> Self;
    /// Zero.
    const ZERO: Self;
}

macro_rules! index_ints {
    ($($t:ty: $u:ty),+) => {$(
        impl Index for $t {
            #[inline(always)]
            fn of(v: isize) -> Self {
                v as $t
            }
            #[inline(always)]
            fn times_stride(self, d: isize) -> Self {
                self.wrapping_mul(d as $t)
            }
            fn times_basis(self, j: usize, _: isize) -> Self {
                panic!("a basis stride (k@{j}) gives a coordinate, not an index: read it through its identity tensor")
            }
            #[inline(always)]
            fn leaf(self, j: usize) -> isize {
                if j == 0 { self as isize } else { 0 }
            }
            #[inline(always)]
            fn plus(self, r: Self) -> Self {
                self.wrapping_add(r)
            }
            // Coordinates and sizes are not negative: unsigned division is the cheap one.
            #[inline(always)]
            fn rem(self, n: Self) -> Self {
                (self as $u % n as $u) as $t
            }
            #[inline(always)]
            fn quot(self, n: Self) -> Self {
                (self as $u / n as $u) as $t
            }
            const ZERO: Self = 0;
        }
    )+};
}

index_ints!(isize: usize, u32: u32);

/// The most leaves a coordinate of an [`ArithTuple`] has: 16.
pub const MAX_LEAVES: usize = <MaxLeaves as typenum::Unsigned>::USIZE;
/// [`MAX_LEAVES`] as a type, for conditions on it.
pub type MaxLeaves = typenum::U16;

/// A coordinate of up to [`MAX_LEAVES`] leaves, as an [`Index`]: the layout of an identity
/// tensor is evaluated in it.
#[derive(Clone, Copy, Debug)]
pub struct ArithTuple {
    /// A coordinate or a size, before it meets a stride.
    scalar: isize,
    /// The coordinate, leaf by leaf.
    leaf: [isize; MAX_LEAVES],
}

impl Index for ArithTuple {
    #[inline(always)]
    fn of(v: isize) -> Self {
        ArithTuple {
            scalar: v,
            ..Self::ZERO
        }
    }
    /// An integer stride steps leaf 0, as CuTe's identity layout of a 1-D shape has it.
    #[inline(always)]
    fn times_stride(self, d: isize) -> Self {
        self.times_basis(0, d)
    }
    #[inline(always)]
    fn times_basis(self, j: usize, d: isize) -> Self {
        let mut leaf = [0; MAX_LEAVES];
        leaf[j] = self.scalar.wrapping_mul(d);
        ArithTuple { scalar: 0, leaf }
    }
    #[inline(always)]
    fn leaf(self, j: usize) -> isize {
        self.leaf[j]
    }
    #[inline(always)]
    fn plus(self, r: Self) -> Self {
        ArithTuple {
            scalar: self.scalar.wrapping_add(r.scalar),
            leaf: core::array::from_fn(|j| self.leaf[j].wrapping_add(r.leaf[j])),
        }
    }
    #[inline(always)]
    fn rem(self, n: Self) -> Self {
        Self::of(self.scalar.rem(n.scalar))
    }
    #[inline(always)]
    fn quot(self, n: Self) -> Self {
        Self::of(self.scalar.quot(n.scalar))
    }
    const ZERO: Self = ArithTuple {
        scalar: 0,
        leaf: [0; MAX_LEAVES],
    };
}

/// The index of two strides together: an [`ArithTuple`] if either's is one. A layout's
/// index ([`IntTuple::Index`](crate::layout::int_tuple::IntTuple)) is its strides' joined.
///
/// ```
/// use tessel::int_tuple::IntTuple;
/// use tessel::num::{basis::E, index::{ArithTuple, Index, JoinIndex}};
/// use tessel::typenum::U1;
/// use tessel::C;
/// let _: <isize as JoinIndex>::With<isize> = 0isize;
/// let _: <isize as JoinIndex>::With<ArithTuple> = ArithTuple::ZERO;
/// // (4, 1@1) steps a coordinate, so its index is one.
/// let _: <(C<4>, E<U1>) as IntTuple>::Index = ArithTuple::ZERO;
/// ```
pub trait JoinIndex: Index {
    /// Joined with `B`'s.
    type With<B: JoinIndex>: JoinIndex;
}
impl JoinIndex for isize {
    type With<B: JoinIndex> = B;
}
impl JoinIndex for ArithTuple {
    type With<B: JoinIndex> = ArithTuple;
}
