//! IntTuples: an integer, or a tuple of IntTuples.
//!
//! CuTe's definitions, on Rust tuples of arity 1 to 12 nested to any depth:
//! - `rank`: the number of top-level elements (an integer has rank 1);
//! - `depth`: 0 for an integer, 1 + the largest depth of the elements for a tuple;
//! - `size`: the product of all leaves;
//! - `get<I>`: the I-th element (`get<0>` of an integer is the integer);
//! - `flatten`: the leaves in order, as one flat tuple (an integer stays an integer);
//! - congruent: the same tuple profile (shape and stride of a layout must be);
//! - compatible: A is compatible with B if their sizes are equal and every coordinate of A is a
//!   coordinate of B; an integer is compatible with any shape of its size, a tuple only with a
//!   tuple of the same rank whose elements it is compatible with, mode by mode.
//!
//! ```
//! use tessel::int_tuple::{IntTuple, StaticIntTuple, Flattened};
//! use tessel::shape;
//! type S = shape!("(3,(2,3))");
//! assert_eq!((S::RANK, S::DEPTH, S::SIZE), (2, 2, 18));
//! static_assertions::assert_type_eq_all!(Flattened<S>, shape!("(3,2,3)"));
//! ```

use crate::num::index::JoinIndex;
use crate::num::int::{Int, NonNegativeInt, Positive, StaticInt};
use crate::num::list::{for_each_arity, Concat, Cons, Joined, Nil, ToList, ToTuple};
use crate::num::nat::{Mul, Prod};
use core::fmt::{self, Debug, Formatter};
use typenum::{Sub1, UInt, Unsigned, B1};

/// The index of a tuple of strides: an `ArithTuple` if any element's is one.
macro_rules! joined_index {
    ($T:ident) => { $T::Index };
    ($T:ident $($rest:ident)+) => { <$T::Index as JoinIndex>::With<joined_index!($($rest)+)> };
}

/// An integer or a (nested) tuple of integers.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an IntTuple",
    label = "expected an integer (C<N>, usize, isize) or a tuple of 1 to 12 IntTuples"
)]
pub trait IntTuple: Copy + Debug {
    /// The shape of the tuple with its integers left out ([`Leaf`] for each): what a
    /// coordinate must match, named in error messages without any number.
    type Profile;
    /// The number of top-level elements.
    const RANK: usize;
    /// The nesting depth: 0 for an integer.
    const DEPTH: usize;
    /// The product of the leaves.
    fn size(&self) -> usize;
    /// Writes CuTe's notation without underscores: `(4,(2,4))`.
    fn fmt_cute(&self, f: &mut Formatter<'_>) -> fmt::Result;
    /// The runtime IntTuple of the same value.
    #[cfg(feature = "alloc")]
    fn dynamic(&self) -> crate::dynamic::IntTuple;
    /// What a layout of these strides gives: `isize`, or an
    /// [`ArithTuple`](crate::num::index::ArithTuple) where a stride is a basis stride.
    type Index: JoinIndex;
}

/// An IntTuple whose every leaf is static.
pub trait StaticIntTuple: IntTuple + Default {
    /// The product of the leaves.
    const SIZE: usize;
    /// The (zero-sized) value, usable in constants.
    const INSTANCE: Self;
}

/// A static shape: positive leaves, with its size as a typenum integer.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static shape",
    label = "a shape is C<N> (N >= 1) or a tuple of shapes"
)]
pub trait StaticShape: StaticIntTuple {
    /// The product of the leaves, as a type.
    type Size: Unsigned;
}

/// The size of a static shape, as a typenum integer.
pub type Size<S> = <S as StaticShape>::Size;

/// An IntTuple with no negative leaf.
pub trait NonNegative: IntTuple {}

crate::diagnostic::condition!(
    /// `call` returns `usize`: no stride may be negative.
    NegativeStride,
    StrideIsNotNegative,
    "call: the layout has the negative stride -{A}, so an index may be negative",
    "`call` returns usize: use `call_signed`, which returns isize"
);

crate::diagnostic::condition!(
    /// `call` returns `usize`: no stride may be a runtime `isize`.
    SignedStride,
    StrideIsUnsigned,
    "call: the layout has a runtime stride of type isize, so an index may be negative",
    "`call` returns usize: use `call_signed`, which returns isize, or give the stride as usize"
);

/// Whether the strides `Self` can make an index negative: [`Holds`](crate::diagnostic::Holds)
/// if not, else the failure of [`NegativeStride`] or [`SignedStride`] (what `call` checks).
///
/// ```compile_fail
/// // call: the layout has the negative stride -1, so an index may be negative
/// let _ = tessel::layout!("8:-1").call(3);
/// ```
pub trait StrideSigns {
    /// The verdict.
    type Verdict;
}
impl StrideSigns for typenum::UTerm {
    type Verdict = crate::diagnostic::Holds;
}
impl<U, B> StrideSigns for UInt<U, B> {
    type Verdict = crate::diagnostic::Holds;
}
impl StrideSigns for usize {
    type Verdict = crate::diagnostic::Holds;
}
impl<U: Unsigned + typenum::NonZero + crate::diagnostic::Decimal> StrideSigns for typenum::NInt<U> {
    type Verdict = crate::diagnostic::Check<typenum::B0, NegativeStride, U, typenum::UTerm>;
}
impl StrideSigns for isize {
    type Verdict =
        crate::diagnostic::Check<typenum::B0, SignedStride, typenum::UTerm, typenum::UTerm>;
}
impl StrideSigns for Nil {
    type Verdict = crate::diagnostic::Holds;
}
impl<H: StrideSigns, T: StrideSigns> StrideSigns for Cons<H, T>
where
    H::Verdict: crate::diagnostic::Both<T::Verdict>,
{
    type Verdict = crate::diagnostic::And<H::Verdict, T::Verdict>;
}

/// An IntTuple with only positive leaves: a shape.
#[diagnostic::on_unimplemented(
    message = "this is not a shape: every leaf of a shape must be a positive integer",
    label = "a shape's leaves are C<N> with N >= 1 or usize, in tuples of 1 to 12"
)]
pub trait Shape: NonNegative {}

/// What a layout needs of its shape `Self` and stride `D`: a shape, and a congruent stride.
pub trait LayoutShape<D: IntTuple>: Shape + Congruent<D> {}
impl<S: Shape + Congruent<D>, D: IntTuple> LayoutShape<D> for S {}

/// `Self` and `D` have the same profile: a tuple wherever the other has a tuple of that rank.
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent",
    label = "the stride must have the shape's profile: a tuple of the same rank wherever the shape has one"
)]
pub trait Congruent<D: IntTuple>: IntTuple {
    /// The least and the greatest index of the layout `self:stride`.
    fn span(&self, stride: &D) -> (isize, isize);
}

/// The least and the greatest index of a static layout `Self:D`, as constants.
pub trait StaticSpan<D: IntTuple>: Congruent<D> {
    /// The least index: 0 unless a stride is negative.
    const MIN: isize;
    /// The greatest index.
    const MAX: isize;
}

/// Every coordinate of `Self` is a coordinate of `B`, and the sizes agree.
pub trait Compatible<B> {}

/// The I-th top-level element, with a typenum index (`At<C<1>>`).
#[diagnostic::on_unimplemented(
    message = "index `{I}` is out of range for `{Self}`",
    label = "there is no mode at this index"
)]
pub trait At<I> {
    /// The element.
    type Output: Copy;
    /// The element's value.
    fn at(&self) -> Self::Output;
}

/// The I-th element of `T`.
pub type Get<T, I> = <T as At<I>>::Output;

/// Flattening: the leaves in order. An integer stays an integer; a tuple becomes a flat tuple.
pub trait Flatten {
    /// The flat IntTuple.
    type Output: Copy;
    /// Its value.
    fn flatten(self) -> Self::Output;
}

/// `flatten(T)`.
pub type Flattened<T> = <T as Flatten>::Output;

/// The leaves of an IntTuple as a type-level list.
pub trait Leaves {
    /// The list of leaves.
    type List;
    /// Its value.
    fn leaves(self) -> Self::List;
}

/// The number of leaves of an IntTuple, a typenum number (what a condition on it names).
pub type LeafCount<T> = <<T as Leaves>::List as crate::num::list::Len>::Output;

/// Flattening a list of IntTuples: the concatenation of their leaves.
pub trait LeavesOfList {
    /// The list of leaves.
    type List;
    /// Its value.
    fn leaves(self) -> Self::List;
}

impl LeavesOfList for Nil {
    type List = Nil;
    #[inline(always)]
    fn leaves(self) -> Nil {
        Nil
    }
}

impl<H: Leaves, T: LeavesOfList> LeavesOfList for Cons<H, T>
where
    H::List: Concat<T::List>,
{
    type List = Joined<H::List, T::List>;
    #[inline(always)]
    fn leaves(self) -> Self::List {
        self.0.leaves().concat(self.1.leaves())
    }
}

// An index into a list: the head at 0, else the (I-1)-th of the tail.
impl<H: Copy, T> At<typenum::UTerm> for Cons<H, T> {
    type Output = H;
    #[inline(always)]
    fn at(&self) -> H {
        self.0
    }
}

impl<H, T, U: Unsigned, B: typenum::Bit> At<UInt<U, B>> for Cons<H, T>
where
    UInt<U, B>: core::ops::Sub<B1>,
    T: At<Sub1<UInt<U, B>>>,
{
    type Output = Get<T, Sub1<UInt<U, B>>>;
    #[inline(always)]
    fn at(&self) -> Self::Output {
        self.1.at()
    }
}

/// An integer in a [`IntTuple::Profile`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Leaf;

impl<T: Int> IntTuple for T {
    type Profile = Leaf;
    type Index = T::Index;
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    #[inline(always)]
    fn size(&self) -> usize {
        self.value() as usize
    }
    fn fmt_cute(&self, f: &mut Formatter<'_>) -> fmt::Result {
        // `{:#}` marks static leaves as CuTe's raw printing does: `_128` static, `256` runtime.
        let mark = if f.alternate() && T::STATIC { "_" } else { "" };
        write!(f, "{mark}{}", self.value())?;
        // A basis stride `k@j` (CuTe's `E<j>`), by its leaf of the coordinate.
        T::BASIS.map_or(Ok(()), |j| write!(f, "@{j}"))
    }
    #[cfg(feature = "alloc")]
    fn dynamic(&self) -> crate::dynamic::IntTuple {
        crate::dynamic::IntTuple::Int(self.value() as i64)
    }
}

impl<T: StaticInt> StaticIntTuple for T {
    const SIZE: usize = T::VALUE as usize;
    const INSTANCE: Self = T::INSTANCE;
}

impl<T: StaticInt + Positive + Unsigned> StaticShape for T {
    type Size = T;
}

#[diagnostic::do_not_recommend]
impl<T: NonNegativeInt> NonNegative for T {}
#[diagnostic::do_not_recommend]
impl<T: Positive> Shape for T {}
#[diagnostic::do_not_recommend]
impl<S: Int, D: Int> Congruent<D> for S {
    #[inline(always)]
    fn span(&self, stride: &D) -> (isize, isize) {
        let far = (self.value() - 1) * stride.value();
        (far.min(0), far.max(0))
    }
}

impl<S: StaticInt, D: StaticInt> StaticSpan<D> for S {
    const MIN: isize = (S::VALUE - 1) * if D::VALUE < 0 { D::VALUE } else { 0 };
    const MAX: isize = (S::VALUE - 1) * if D::VALUE > 0 { D::VALUE } else { 0 };
}
impl<A: StaticInt + StaticShape, B: StaticShape<Size = A>> Compatible<B> for A {}

impl<T: Int> At<typenum::UTerm> for T {
    type Output = T;
    #[inline(always)]
    fn at(&self) -> T {
        *self
    }
}

impl<T: Int> Flatten for T {
    type Output = T;
    #[inline(always)]
    fn flatten(self) -> T {
        self
    }
}

impl<T: Int> Leaves for T {
    type List = Cons<T, Nil>;
    #[inline(always)]
    fn leaves(self) -> Self::List {
        Cons(self, Nil)
    }
}

/// The product of the sizes of a list of static shapes.
pub trait ListSize {
    /// The product.
    type Size: Unsigned;
}

impl ListSize for Nil {
    type Size = typenum::U1;
}

impl<H: StaticShape, T: ListSize> ListSize for Cons<H, T>
where
    H::Size: Mul<T::Size>,
    Prod<H::Size, T::Size>: Unsigned,
{
    type Size = Prod<H::Size, T::Size>;
}

const fn max(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// Writes `(a,b,c)` given each element's writer.
fn fmt_tuple(
    f: &mut Formatter<'_>,
    elems: &[&dyn Fn(&mut Formatter<'_>) -> fmt::Result],
) -> fmt::Result {
    f.write_str("(")?;
    for (i, e) in elems.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        e(f)?;
    }
    f.write_str(")")
}

macro_rules! tuple_at {
    ($all:tt $( ($T:ident $i:tt) )+) => {$( tuple_at_one!($all $T $i); )+};
}

macro_rules! tuple_at_one {
    ([$($A:ident),+] $T:ident $i:tt) => {
        impl<$($A: IntTuple),+> At<crate::num::int::C<$i>> for ($($A,)+) {
            type Output = $T;
            #[inline(always)]
            fn at(&self) -> $T {
                self.$i
            }
        }
    };
}

macro_rules! tuple_impls {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T),+> StrideSigns for ($($T,)+)
        where
            <Self as ToList>::List: StrideSigns,
        {
            type Verdict = <<Self as ToList>::List as StrideSigns>::Verdict;
        }

        impl<$($T: IntTuple),+> IntTuple for ($($T,)+) {
            type Profile = ($($T::Profile,)+);
            type Index = joined_index!($($T)+);
            const RANK: usize = [$($i),+].len();
            const DEPTH: usize = 1 + { let mut d = 0; $(d = max(d, $T::DEPTH);)+ d };
            #[inline(always)]
            fn size(&self) -> usize {
                1 $(* self.$i.size())+
            }
            fn fmt_cute(&self, f: &mut Formatter<'_>) -> fmt::Result {
                fmt_tuple(f, &[$(&|f: &mut Formatter<'_>| self.$i.fmt_cute(f)),+])
            }
            #[cfg(feature = "alloc")]
            fn dynamic(&self) -> crate::dynamic::IntTuple {
                crate::dynamic::IntTuple::Tuple(alloc::vec![$(self.$i.dynamic()),+])
            }
        }

        impl<$($T: StaticIntTuple),+> StaticIntTuple for ($($T,)+) {
            const SIZE: usize = 1 $(* $T::SIZE)+;
            const INSTANCE: Self = ($($T::INSTANCE,)+);
        }

        impl<$($T: StaticShape),+> StaticShape for ($($T,)+)
        where
            <Self as ToList>::List: ListSize,
        {
            type Size = <<Self as ToList>::List as ListSize>::Size;
        }

        #[diagnostic::do_not_recommend]
        impl<$($T: NonNegative),+> NonNegative for ($($T,)+) {}
        #[diagnostic::do_not_recommend]
        impl<$($T: Shape),+> Shape for ($($T,)+) {}
        #[diagnostic::do_not_recommend]
        impl<$($T: Congruent<$D>, $D: IntTuple),+> Congruent<($($D,)+)> for ($($T,)+) {
            #[inline(always)]
            fn span(&self, stride: &($($D,)+)) -> (isize, isize) {
                let spans = [$(self.$i.span(&stride.$i)),+];
                spans.iter().fold((0, 0), |(lo, hi), (l, h)| (lo + l, hi + h))
            }
        }

        impl<$($T: StaticSpan<$D>, $D: IntTuple),+> StaticSpan<($($D,)+)> for ($($T,)+) {
            const MIN: isize = 0 $(+ $T::MIN)+;
            const MAX: isize = 0 $(+ $T::MAX)+;
        }
        impl<$($T: Compatible<$D>, $D),+> Compatible<($($D,)+)> for ($($T,)+) {}

        tuple_at!([$($T),+] $(($T $i))+);

        impl<$($T: IntTuple),+> Leaves for ($($T,)+)
        where
            <Self as ToList>::List: LeavesOfList,
        {
            type List = <<Self as ToList>::List as LeavesOfList>::List;
            #[inline(always)]
            fn leaves(self) -> Self::List {
                self.to_list().leaves()
            }
        }

        impl<$($T: IntTuple),+> Flatten for ($($T,)+)
        where
            Self: Leaves,
            <Self as Leaves>::List: ToTuple,
            <<Self as Leaves>::List as ToTuple>::Tuple: Copy,
        {
            type Output = <<Self as Leaves>::List as ToTuple>::Tuple;
            #[inline(always)]
            fn flatten(self) -> Self::Output {
                self.leaves().to_tuple()
            }
        }
    )+};
}

for_each_arity!(tuple_impls);

/// An IntTuple as a value that prints in CuTe's notation (`(32,16,16)`): the type of a static
/// shape that is an answer, such as a TiledMma's tile shape.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tuple<S>(pub S);

impl<S: IntTuple> core::fmt::Display for Tuple<S> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}
