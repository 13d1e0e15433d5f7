//! Identity tensors: each element is its own coordinate, for predication (CuTe's
//! `make_identity_tensor` and `elem_less`, from `0y_predication`) and as TMA's tensor of global
//! coordinates.
//!
//! Partitioned exactly as the data tensor is (the same `local_tile`, `local_partition`), the
//! identity tensor tells each thread the coordinate of each of its elements; comparing it with
//! the tensor's extent (`elem_less`) says which elements of a ragged tile exist. A tensor whose
//! shape has `R` leaves (1 to [`MAX_LEAVES`], 16; its modes flat, `(m, n, l)`, or nested,
//! `((8, m), k)`, each leaf a static or runtime extent) keeps the coordinate's leaves
//! `(c0, .., c(R-1))` as the index `c0 + c1 2^W + c2 2^2W + ..` of the layout `S:(1, 2^W, ..)`,
//! `W = usize::BITS / R` bits a leaf (32 for a matrix on a 64-bit target): the leaves never
//! merge (a stride is never the span below it), so every cut of the layout is the cut of CuTe's
//! basis strides `(E<0>, E<1>, ..)`, and a tile that overhangs the tensor still gives distinct
//! coordinates past its edge, as long as each leaf but the last stays below `2^W` (each extent
//! is checked against it in debug builds). A coordinate is read leaf by leaf, as CuTe sums
//! basis strides: the base's leaves plus the offset's, each stride adding its scale to each
//! leaf (the leaf's field of the stride's magnitude, with its sign: how the tensor prints it),
//! so the elements of one row share its leaf and its test. The coordinate comes back nested as
//! the shape. The tensor prints as CuTe's does, each stride as the basis element it stands for
//! (`ArithTuple(0,0) o (10,7):(1@0,1@1)`); its [`layout`](TensorOf::layout) is the encoded one.
//!
//! **Where it differs from CuTe.** CuTe's basis strides bound no leaf; here each leaf but the
//! last, tile overhang included, lies below `2^W` on a 64-bit target: 2^32 for a matrix, 2^21
//! for `(m, n, l)`, 2^12 at TMA's five, 2^8 at a convolution's eight `((n,z,p,q),(c,t,r,s))`, 16
//! at 16 leaves, the most.
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
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves as LeafList};
use crate::layout::Layout;
use crate::num::int::{Int, C};
use crate::num::list::Len;
use core::fmt::{self, Write};
use core::marker::PhantomData;
use typenum::{IsLessOrEqual, LeEq, U16, U5};

/// The most leaves an identity tensor's coordinate has: 16, each leaf but the last then kept in
/// `usize::BITS / 16` bits (4 on a 64-bit target; a matrix's leaves keep 32).
pub const MAX_LEAVES: usize = <MaxLeaves as typenum::Unsigned>::USIZE;
/// [`MAX_LEAVES`] as a type, for [`IdentityLeaves`].
type MaxLeaves = U16;
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

/// The number of leaves of an IntTuple, a typenum number.
type LeafCount<T> = <<T as LeafList>::List as Len>::Output;

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

/// The engine of an identity tensor whose coordinates are `C`: index `c0 + c1 2^W + ..` over
/// the coordinate's `R` leaves stands for it, `W = usize::BITS / R`.
pub struct Coords<C = (usize, usize)>(PhantomData<fn() -> C>);

impl<C> Clone for Coords<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Coords<C> {}
impl<C> Default for Coords<C> {
    fn default() -> Self {
        Coords(PhantomData)
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
}

/// Leaf `j` of the `r` an index `i` keeps: its `W` bits, or for the last leaf every bit from
/// its first.
#[inline(always)]
pub(super) const fn field(i: usize, j: usize, r: usize) -> usize {
    let w = usize::BITS / r as u32;
    let v = i >> (w * j as u32);
    if j + 1 == r {
        v
    } else {
        v & ((1 << w) - 1)
    }
}

/// The index step of leaf `j` of `r`: `2^(W j)`.
#[inline(always)]
const fn step(j: usize, r: usize) -> isize {
    1 << (usize::BITS / r as u32 * j as u32)
}

/// The scale of leaf `j` of `r` in the stride `d`, as CuTe's basis element `k@j` has it: the
/// leaf's field of `|d|`, with `d`'s sign (`-2^W` is `-1@1`, `1 + 2^W` steps both leaves).
#[inline(always)]
pub(super) const fn scale(d: isize, j: usize, r: usize) -> isize {
    let k = field(d.unsigned_abs(), j, r) as isize;
    // -k where d < 0, k elsewhere, without a branch: `sign` is all ones or zero.
    let sign = d >> (isize::BITS - 1);
    (k ^ sign) - sign
}

/// An identity tensor's offset kept leaf by leaf, the index type its layout is evaluated in:
/// a coordinate times a stride adds to each leaf its [`scale`] there, so that the leaves of
/// `base + offset` are the base's plus the offset's, no carry between them to compute.
/// Elements that share a leaf's offset then share that leaf's coordinate, and a test of it,
/// computed once (LLVM merges them): a thread's row tests are not repeated per column.
struct Leaves<Co> {
    /// A coordinate or a size, before it meets a stride.
    scalar: isize,
    /// The offset along each leaf.
    leaf: [isize; MAX_LEAVES],
    leaves: PhantomData<fn() -> Co>,
}
impl<Co> Clone for Leaves<Co> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Co> Copy for Leaves<Co> {}
impl<Co: CoordTuple> Index for Leaves<Co> {
    #[inline(always)]
    fn of(v: isize) -> Self {
        Leaves {
            scalar: v,
            ..Self::ZERO
        }
    }
    #[inline(always)]
    fn times_stride(self, d: isize) -> Self {
        let leaf = core::array::from_fn(|j| {
            if j < Co::LEAVES {
                self.scalar.wrapping_mul(scale(d, j, Co::LEAVES))
            } else {
                0
            }
        });
        Leaves { leaf, ..Self::ZERO }
    }
    #[inline(always)]
    fn plus(self, r: Self) -> Self {
        Leaves {
            scalar: self.scalar.wrapping_add(r.scalar),
            leaf: core::array::from_fn(|j| self.leaf[j].wrapping_add(r.leaf[j])),
            leaves: PhantomData,
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
    const ZERO: Self = Leaves {
        scalar: 0,
        leaf: [0; MAX_LEAVES],
        leaves: PhantomData,
    };
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

/// A mode of an identity tensor's shape, an extent (static or runtime) or a tuple of them: its
/// coordinate type and its strides, `2^(W j)` for leaf `j` (leaf 0's a static 1).
pub trait IdentityMode: Copy {
    /// Its coordinates.
    type Coord: CoordTuple;
    /// Its strides where it holds leaf 0.
    type First;
    /// Its strides elsewhere.
    type Rest;
    /// The strides where it holds leaf 0, of `r` leaves.
    fn first_steps(self, r: usize) -> Self::First;
    /// The strides where its first leaf is leaf `first` of `r`.
    fn rest_steps(self, first: usize, r: usize) -> Self::Rest;
    /// Whether each of its leaves from `first` on but the tensor's last lies below `2^W`.
    fn fits(self, first: usize, r: usize) -> bool;
}
impl<T: Int> IdentityMode for T {
    type Coord = usize;
    type First = C<1>;
    type Rest = isize;
    #[inline(always)]
    fn first_steps(self, _: usize) -> C<1> {
        C::<1>::default()
    }
    #[inline(always)]
    fn rest_steps(self, first: usize, r: usize) -> isize {
        step(first, r)
    }
    fn fits(self, first: usize, r: usize) -> bool {
        first + 1 == r || (self.value() as usize) < 1usize << (usize::BITS / r as u32)
    }
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
        impl<$M0: IdentityMode $(, $M: IdentityMode)*> IdentityMode for ($M0, $($M,)*) {
            type Coord = ($M0::Coord, $($M::Coord,)*);
            type First = ($M0::First, $($M::Rest,)*);
            type Rest = ($M0::Rest, $($M::Rest,)*);
            #[inline(always)]
            #[allow(unused_mut, unused_assignments, unused_variables)]
            fn first_steps(self, r: usize) -> Self::First {
                let mut at = <$M0::Coord as CoordTuple>::LEAVES;
                (self.0.first_steps(r), $({
                    let d = self.$i.rest_steps(at, r);
                    at += <$M::Coord as CoordTuple>::LEAVES;
                    d
                },)*)
            }
            #[inline(always)]
            #[allow(unused_mut, unused_assignments, unused_variables)]
            fn rest_steps(self, first: usize, r: usize) -> Self::Rest {
                let mut at = first + <$M0::Coord as CoordTuple>::LEAVES;
                (self.0.rest_steps(first, r), $({
                    let d = self.$i.rest_steps(at, r);
                    at += <$M::Coord as CoordTuple>::LEAVES;
                    d
                },)*)
            }
            #[allow(unused_mut, unused_assignments, unused_variables)]
            fn fits(self, first: usize, r: usize) -> bool {
                let mut at = first + <$M0::Coord as CoordTuple>::LEAVES;
                self.0.fits(first, r) $(&& {
                    let ok = self.$i.fits(at, r);
                    at += <$M::Coord as CoordTuple>::LEAVES;
                    ok
                })*
            }
        }
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
    /// The layout `S:(1, 2^W, ..)`, one stride a leaf.
    type Layout;
    /// The identity tensor's layout.
    fn identity_layout(self) -> Self::Layout;
    /// Whether every extent but the last lies below `2^W`.
    fn fits(self) -> bool;
}
impl<S: IdentityMode + LayoutShape<S::First>> IdentityShape for S
where
    S::First: IntTuple,
{
    type Coord = S::Coord;
    type Layout = Layout<S, S::First>;
    #[inline(always)]
    fn identity_layout(self) -> Self::Layout {
        Layout::new(self, self.first_steps(S::Coord::LEAVES))
    }
    fn fits(self) -> bool {
        IdentityMode::fits(self, 0, S::Coord::LEAVES)
    }
}

/// The identity tensor of shape `S` (by default a matrix's, what `make_identity_tensor` gives).
pub type IdentityTensor<S = (usize, usize)> =
    TensorOf<Coords<<S as IdentityShape>::Coord>, <S as IdentityShape>::Layout>;

/// The identity tensor of an `m x n` matrix: `(m,n):(1,2^32)` over [`Coords`]; `m` is below
/// 2^32 (2^16 on a 32-bit target; checked in debug builds).
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
    debug_assert!(
        shape.fits(),
        "make_identity_tensor: an extent but the last does not fit below 2^(usize::BITS / leaves)"
    );
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

    /// Each leaf of the coordinate at `x`: the base's (a coordinate, its leaves apart) plus the
    /// offset's, evaluated leaf by leaf ([`Leaves`]); zeros past the last.
    #[inline(always)]
    fn leaves_at<X: CoordIn<S::Profile>>(&self, x: X) -> [usize; MAX_LEAVES]
    where
        X::Itself: Coord<S, D>,
    {
        let (shape, stride) = (self.layout.shape(), self.layout.stride());
        let offset = x.itself().crd2idx::<Leaves<Co>>(shape, stride).leaf;
        core::array::from_fn(|j| {
            if j < Co::LEAVES {
                (field(self.base, j, Co::LEAVES) as isize).wrapping_add(offset[j]) as usize
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
