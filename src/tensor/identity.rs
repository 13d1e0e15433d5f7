//! Identity tensors: each element is its own coordinate, for predication (CuTe's
//! `make_identity_tensor` and `elem_less`, from `0y_predication`) and as TMA's tensor of global
//! coordinates.
//!
//! Partitioned exactly as the data tensor is (the same `local_tile`, `local_partition`), the
//! identity tensor tells each thread the coordinate of each of its elements; comparing it with
//! the tensor's extent (`elem_less`) says which elements of a ragged tile exist. As CuTe's, a
//! tensor whose shape has `R` leaves (1 to [`MAX_LEAVES`], 16; its modes flat, `(m, n, l)`, or
//! nested, `((8, m), k)`, each leaf a static or runtime extent) has the layout of basis strides
//! `S:(1@0, 1@1, ..)` ([`E`]): a coordinate times a stride `k@j` steps leaf `j` alone, so the
//! layout's value at a coordinate is that coordinate ([`ArithTuple`], one integer a leaf),
//! exact at every extent, a tile that overhangs the tensor included, and every cut of the
//! layout (a tile, a thread's partition, a slice) moves the tensor's origin, a coordinate, leaf
//! by leaf. Elements that share a leaf share its value and its test, computed once (LLVM merges
//! them): a thread's row tests are not repeated per column. The coordinate comes back nested as
//! the shape. The tensor prints as CuTe's does (`ArithTuple(0,0) o (10,7):(1@0,1@1)`).
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
//! // Nested, a static leaf kept: rows as (8, m/8), the coordinate nested as the shape.
//! let rows = make_identity_tensor_of(((tessel::C::<8>::default(), 12usize), 40usize));
//! assert_eq!(rows.coord((13usize, 5usize)), ((5, 1), 5));
//! ```

use super::{Engine, TensorOf};
use crate::diagnostic::{Check, CheckBit, Checked};
use crate::layout::coord::{Coord, CoordIn, Index};
use crate::layout::int_tuple::{IntTuple, LayoutShape, LeafCount, Leaves as LeafList};
use crate::layout::Layout;
use crate::num::basis::E;
#[cfg(doc)]
use crate::num::index::ArithTuple;
pub use crate::num::index::MAX_LEAVES;
use crate::num::index::{ArithTuple as Point, MaxLeaves};
use crate::num::int::{Int, C};
use crate::num::list::Len;
use core::fmt::{self, Write};
use core::marker::PhantomData;
use core::ops::Add;
use typenum::{Add1, IsLessOrEqual, LeEq, Unsigned, B1, U0, U5};

/// TMA's five modes: the places of [`coord_padded`](TensorOf::coord_padded), for [`PaddedLeaves`].
type Padded = U5;

crate::diagnostic::condition!(
    /// An identity tensor's shape has at most 16 leaves.
    IdentityLeaves,
    IdentityLeavesAtMost,
    "make_identity_tensor_of: a shape of {A} leaves, more than {B}",
    "an identity tensor keeps at most 16 leaves"
);
crate::diagnostic::condition!(
    /// A TMA coordinate tensor's shape, or a coordinate padded to TMA's five modes, has at most
    /// five leaves.
    PaddedLeaves,
    PaddedLeavesAtMost,
    "TMA's coordinates: {A} leaves, more than TMA's {B} modes",
    "a TMA coordinate tensor (get_tma_tensor, coord_padded) has at most 5 leaves"
);

/// The verdict of the condition `Tag`: `T` has at most `N` leaves.
type AtMostLeaves<T, N, Tag> = Check<LeEq<LeafCount<T>, N>, Tag, LeafCount<T>, N>;

/// `T` (a shape or coordinate) has at most `N` leaves, or `Tag`'s failure names the numbers.
///
/// ```
/// use tessel::diagnostic::{Fails, Holds};
/// use tessel::tensor::{IdentityLeaves, LeavesAtMost, PaddedLeaves};
/// use tessel::typenum::{U16, U5};
/// type Conv = ((usize, usize, usize, usize), (usize, usize));
/// static_assertions::assert_type_eq_all!(<Conv as LeavesAtMost<U16, IdentityLeaves>>::Verdict, Holds);
/// // Six leaves are past TMA's five: the failure, its numbers in decimal.
/// static_assertions::assert_type_eq_all!(
///     <Conv as LeavesAtMost<U5, PaddedLeaves>>::Verdict,
///     Fails<PaddedLeaves, tessel::diagnostic::Num<6>, tessel::diagnostic::Num<5>>
/// );
/// ```
pub trait LeavesAtMost<N, Tag> {
    /// [`Holds`](crate::diagnostic::Holds), or the failure.
    type Verdict;
}
impl<T: LeafList, N, Tag> LeavesAtMost<N, Tag> for T
where
    T::List: Len,
    LeafCount<T>: IsLessOrEqual<N>,
    LeEq<LeafCount<T>, N>: CheckBit<Tag, LeafCount<T>, N>,
{
    type Verdict = AtMostLeaves<T, N, Tag>;
}

/// The engine of an identity tensor whose coordinates are `C`: the coordinate of its element at
/// index 0 (CuTe's `ArithTuple` iterator), which every cut of the tensor moves leaf by leaf.
pub struct Coords<C = (usize, usize)> {
    origin: [isize; MAX_LEAVES],
    coords: PhantomData<fn() -> C>,
}

impl<C> Clone for Coords<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Coords<C> {}
impl<C> Default for Coords<C> {
    fn default() -> Self {
        Coords {
            origin: [0; MAX_LEAVES],
            coords: PhantomData,
        }
    }
}
impl<C> core::fmt::Debug for Coords<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Coords")
    }
}
impl<C: CoordTuple> Engine for Coords<C> {
    type Elem = C;
    fn len(&self) -> usize {
        usize::MAX
    }
    /// A cut moves the origin: each leaf by the shift's leaf (an [`ArithTuple`]; an integer
    /// shift, of a layout of integer strides, is leaf 0's).
    #[inline(always)]
    fn shifted<I: Index>(mut self, base: usize, shift: I) -> (Self, usize) {
        for j in 0..C::LEAVES {
            self.origin[j] = self.origin[j].wrapping_add(shift.leaf(j));
        }
        (self, base)
    }
}

impl<C: CoordTuple> Coords<C> {
    /// Leaf `j` of the origin, a coordinate's leaf from the tensor's `base` (leaf 0's) on.
    #[inline(always)]
    pub(super) fn origin(&self, base: usize, j: usize) -> isize {
        let from = if j == 0 { base as isize } else { 0 };
        self.origin[j].wrapping_add(from)
    }
}

/// A coordinate of an identity tensor: `usize` leaves, nested as its shape.
pub trait CoordTuple: Copy {
    /// Its number of leaves.
    const LEAVES: usize;
    /// The coordinate whose first leaf is `leaf(first)`, the next `leaf(first + 1)`, ...
    fn from_leaves<F: Fn(usize) -> usize>(leaf: &F, first: usize) -> Self;
    /// Writes it as CuTe prints it: `5`, `(9,5)`, `((5,1),5)`.
    ///
    /// ```
    /// use tessel::tensor::CoordTuple;
    /// let mut text = String::new();
    /// ((5usize, 1usize), 5usize).write_to(&mut text).unwrap();
    /// assert_eq!(text, "((5,1),5)");
    /// ```
    fn write_to(self, f: &mut dyn Write) -> fmt::Result;
    /// The modes, outermost first, down to leaf `j` (CuTe's basis element `E<path..>` of that
    /// leaf), into `path`; returns how many.
    ///
    /// ```
    /// use tessel::tensor::CoordTuple;
    /// let mut path = [0; 5];
    /// // Leaf 1 of ((m0, m1), k) is mode 1 of mode 0: CuTe's E<0,1>.
    /// assert_eq!(<((usize, usize), usize)>::path_to(1, &mut path), 2);
    /// assert_eq!(path[..2], [0, 1]);
    /// ```
    fn path_to(j: usize, path: &mut [usize]) -> usize;
}
impl CoordTuple for usize {
    const LEAVES: usize = 1;
    #[inline(always)]
    fn from_leaves<F: Fn(usize) -> usize>(leaf: &F, first: usize) -> Self {
        leaf(first)
    }
    fn write_to(self, f: &mut dyn Write) -> fmt::Result {
        write!(f, "{self}")
    }
    fn path_to(_: usize, _: &mut [usize]) -> usize {
        0
    }
}

/// A mode of an identity tensor's shape, an extent (static or runtime) or a tuple of them, whose
/// first leaf is leaf `N` of the tensor's coordinate: its coordinate type and its strides, the
/// basis strides `1@N`, `1@(N+1)`, .. ([`E`]).
pub trait IdentityMode<N>: Copy {
    /// Its coordinates.
    type Coord: CoordTuple;
    /// Its strides.
    type Strides: IntTuple + Default;
    /// The leaf after its last.
    type Next;
}
impl<T: Int, N: Unsigned + Add<B1>> IdentityMode<N> for T {
    type Coord = usize;
    type Strides = E<N>;
    type Next = Add1<N>;
}

/// `IdentityMode` for one tuple arity: element i's first leaf is where element i - 1's ended.
macro_rules! identity_mode_tuple {
    ([$(($T:ident $P:ty))*] $prev:ty; $H:ident $($rest:ident)*) => {
        identity_mode_tuple!([$(($T $P))* ($H $prev)] <$H as IdentityMode<$prev>>::Next; $($rest)*);
    };
    ([$(($T:ident $P:ty))*] $last:ty;) => {
        impl<N, $($T: IdentityMode<$P>),*> IdentityMode<N> for ($($T,)*) {
            type Coord = ($(<$T as IdentityMode<$P>>::Coord,)*);
            type Strides = ($(<$T as IdentityMode<$P>>::Strides,)*);
            type Next = $last;
        }
    };
}

macro_rules! identity_tuple {
    (($M0:ident 0) $(($M:ident $i:tt))*) => {
        impl<$M0: CoordTuple $(, $M: CoordTuple)*> CoordTuple for ($M0, $($M,)*) {
            const LEAVES: usize = $M0::LEAVES $(+ $M::LEAVES)*;
            #[inline(always)]
            #[allow(unused_mut, unused_assignments, unused_variables)]
            fn from_leaves<F: Fn(usize) -> usize>(leaf: &F, first: usize) -> Self {
                let mut at = first + $M0::LEAVES;
                let c0 = $M0::from_leaves(leaf, first);
                (c0, $({ let c = $M::from_leaves(leaf, at); at += $M::LEAVES; c },)*)
            }
            fn write_to(self, f: &mut dyn Write) -> fmt::Result {
                f.write_str("(")?;
                self.0.write_to(f)?;
                $(f.write_str(",")?; self.$i.write_to(f)?;)*
                f.write_str(")")
            }
            #[allow(unused_mut, unused_assignments)]
            fn path_to(j: usize, path: &mut [usize]) -> usize {
                let mut before = $M0::LEAVES;
                if j < before {
                    path[0] = 0;
                    return 1 + $M0::path_to(j, &mut path[1..]);
                }
                $(
                    if j < before + $M::LEAVES {
                        path[0] = $i;
                        return 1 + $M::path_to(j - before, &mut path[1..]);
                    }
                    before += $M::LEAVES;
                )*
                unreachable!("leaf {j} of a coordinate of {} leaves", Self::LEAVES)
            }
        }
        identity_mode_tuple!([] N; $M0 $($M)*);
        impl<$M0: ElemLess $(, $M: ElemLess)*> ElemLess for ($M0, $($M,)*) {
            #[inline(always)]
            fn elem_less(self, b: Self) -> bool {
                self.0.elem_less(b.0) $(&& self.$i.elem_less(b.$i))*
            }
        }
    };
}
macro_rules! identity_tuples {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(identity_tuple!($(($T $i))+);)+};
}
crate::num::list::for_each_arity!(identity_tuples);

/// A shape an identity tensor can have: a tuple of modes, each an extent (static or runtime) or
/// a tuple of them, 1 to [`MAX_LEAVES`] leaves in all.
pub trait IdentityShape: Copy {
    /// Its coordinates: `usize` leaves, nested as the shape.
    type Coord: CoordTuple;
    /// The layout `S:(1@0, 1@1, ..)`, one basis stride a leaf.
    type Layout;
    /// The identity tensor's layout.
    fn identity_layout(self) -> Self::Layout;
}
/// An extent alone is a coordinate of one leaf, its stride the integer 1 (CuTe's `8:_1`), which
/// steps leaf 0 as `1@0` would.
impl<T: Int + LayoutShape<C<1>>> IdentityShape for T {
    type Coord = usize;
    type Layout = Layout<T, C<1>>;
    #[inline(always)]
    fn identity_layout(self) -> Self::Layout {
        Layout::new(self, C::<1>::default())
    }
}
macro_rules! identity_shape_tuples {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T),+> IdentityShape for ($($T,)+)
        where
            Self: IdentityMode<U0> + LayoutShape<<Self as IdentityMode<U0>>::Strides>,
        {
            type Coord = <Self as IdentityMode<U0>>::Coord;
            type Layout = Layout<Self, <Self as IdentityMode<U0>>::Strides>;
            #[inline(always)]
            fn identity_layout(self) -> Self::Layout {
                Layout::new(self, Default::default())
            }
        }
    )+};
}
crate::num::list::for_each_arity!(identity_shape_tuples);

/// A tensor of coordinates read at a 1-D index, as one bound for generic code (an identity
/// tensor's partition, of a layout the caller does not name).
///
/// ```
/// use tessel::tensor::{make_identity_tensor, CoordAt};
/// use tessel::{layout, local_partition};
/// fn second<T: CoordAt>(t: &T) -> T::Coord {
///     t.coord_at(1)
/// }
/// // Thread 5 of a column-major 4x2 thread layout over a 6x4 matrix: row 1, column 1, then
/// // row 5, column 1 (its second element, a step of 4 rows).
/// let part = local_partition(make_identity_tensor(6, 4), layout!("(4,2)"), 5);
/// assert_eq!(second(&part), (5, 1));
/// ```
pub trait CoordAt {
    /// The coordinate.
    type Coord;
    /// The coordinate of the element at `x` ([`TensorOf::coord`]).
    fn coord_at(&self, x: usize) -> Self::Coord;
}
impl<Co: CoordTuple, S: LayoutShape<D>, D: IntTuple> CoordAt for TensorOf<Coords<Co>, Layout<S, D>>
where
    usize: CoordIn<S::Profile>,
    <usize as CoordIn<S::Profile>>::Itself: Coord<S, D>,
{
    type Coord = Co;
    #[inline(always)]
    fn coord_at(&self, x: usize) -> Co {
        self.coord(x)
    }
}

/// The identity tensor of shape `S` (by default a matrix's, what `make_identity_tensor` gives).
pub type IdentityTensor<S = (usize, usize)> =
    TensorOf<Coords<<S as IdentityShape>::Coord>, <S as IdentityShape>::Layout>;

/// The identity tensor of an `m x n` matrix: `(m,n):(1@0,1@1)` over [`Coords`].
#[inline(always)]
pub fn make_identity_tensor(m: usize, n: usize) -> IdentityTensor {
    make_identity_tensor_of((m, n))
}

/// CuTe's `make_identity_tensor(shape)` for a shape of 1 to 16 leaves, nested or not, each a
/// runtime or static extent: `(m, k)`, `(m, n, l)`, `((C::<8>::default(), m1), k)`.
#[inline(always)]
pub fn make_identity_tensor_of<S>(shape: S) -> IdentityTensor<S>
where
    S: IdentityShape + LeavesAtMost<MaxLeaves, IdentityLeaves>,
    <S as LeavesAtMost<MaxLeaves, IdentityLeaves>>::Verdict: Checked,
{
    TensorOf::over(Coords::default(), shape.identity_layout())
}

impl<Co: CoordTuple, S: LayoutShape<D>, D: IntTuple> TensorOf<Coords<Co>, Layout<S, D>> {
    /// The coordinate of the element at `x`.
    #[inline(always)]
    pub fn coord<X: CoordIn<S::Profile>>(&self, x: X) -> Co
    where
        X::Itself: Coord<S, D>,
    {
        let leaf = self.leaves_at(x);
        Co::from_leaves(&|j| leaf[j], 0)
    }

    /// The coordinate of the element at `x`, its leaves in TMA's five modes (zeros past them);
    /// one of more than five leaves does not compile here.
    #[inline(always)]
    pub fn coord_padded<X: CoordIn<S::Profile>>(
        &self,
        x: X,
    ) -> [usize; <Padded as typenum::Unsigned>::USIZE]
    where
        X::Itself: Coord<S, D>,
        Co: LeavesAtMost<Padded, PaddedLeaves>,
        <Co as LeavesAtMost<Padded, PaddedLeaves>>::Verdict: Checked,
    {
        let leaf = self.leaves_at(x);
        core::array::from_fn(|j| leaf[j])
    }

    /// Each leaf of the coordinate at `x`: the origin's plus the layout's value at `x`, a
    /// coordinate ([`ArithTuple`]); zeros past the last.
    #[inline(always)]
    fn leaves_at<X: CoordIn<S::Profile>>(&self, x: X) -> [usize; MAX_LEAVES]
    where
        X::Itself: Coord<S, D>,
    {
        let (shape, stride) = (self.layout.shape(), self.layout.stride());
        let offset = x.itself().crd2idx::<Point>(shape, stride);
        core::array::from_fn(|j| {
            if j < Co::LEAVES {
                self.engine
                    .origin(self.base, j)
                    .wrapping_add(offset.leaf(j)) as usize
            } else {
                0
            }
        })
    }
}

/// `a < b` in every mode: whether coordinate `a` lies inside the extent `b`.
pub trait ElemLess: Copy {
    /// The comparison.
    fn elem_less(self, b: Self) -> bool;
}

impl ElemLess for usize {
    #[inline(always)]
    fn elem_less(self, b: Self) -> bool {
        self < b
    }
}

/// `a < b` in every mode: whether coordinate `a` lies inside the extent `b`.
#[inline(always)]
pub fn elem_less<T: ElemLess>(a: T, b: T) -> bool {
    a.elem_less(b)
}
