//! Algorithms on tensors, element by element over their 1-D coordinates (unrolled by
//! construction where the size is static, see [`Count`]): `copy`, `copy_if`,
//! `transform`, `clear`, `axpby` (CuTe's `algorithm/`), and the check that a copy's two sides have the same
//! number of elements, a compile error where both shapes are static (cutlass#3488: partitions of
//! source and destination that differ).
//!
//! ```
//! use tessel::tensor::{axpby, copy};
//! use tessel::{layout, Tensor, TensorMut};
//! let (x, mut y) = ([1.0f32, 2.0, 3.0, 4.0], [10.0f32; 4]);
//! let mut z = [0.0f32; 4];
//! copy(&Tensor::new(&x, layout!("(2,2):(2,1)")), &mut TensorMut::new(&mut z, layout!("(2,2)")));
//! assert_eq!(z, [1.0, 3.0, 2.0, 4.0]); // the transpose: z(i,j) = x(i,j)
//! axpby(2.0, &Tensor::new(&x, layout!("4:1")), 0.5, &mut TensorMut::new(&mut y, layout!("4:1")));
//! assert_eq!(y, [7.0, 9.0, 11.0, 13.0]);
//! ```

use super::walk::Counted;
use super::{Base, ReadEngine, TensorOf, WriteEngine};
use crate::algebra::mixed::{Dyn, Sym0, Symbolize};
use crate::algebra::product::{ListSizeMixed, SizeOf};
use crate::diagnostic::{Check, CheckBit, Checked, Holds};
use crate::layout::coord::Coord;
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves};
use crate::layout::Layout;
use crate::num::arith::{SameAs, SameValue};
use crate::num::count::Count;
use typenum::{UInt, U0};

crate::diagnostic::condition!(
    /// copy: both sides have the same number of elements.
    CopySizesMatch,
    CopySizesMatchFails,
    "copy: the source has {A} elements and the destination {B}",
    "copy needs a source and a destination of the same size (compare their partitions)"
);

/// Whether two shapes have the same size, where both are static: the verdict.
pub trait SameSize<T> {
    /// [`Holds`] or the failure.
    type Verdict;
}
impl<S: Symbolize<U0, U0>, T: Symbolize<U0, U0>> SameSize<T> for S
where
    Sym0<S>: Leaves,
    Sym0<T>: Leaves,
    <Sym0<S> as Leaves>::List: ListSizeMixed,
    <Sym0<T> as Leaves>::List: ListSizeMixed,
    SizeOf<Sym0<S>>: SameCount<SizeOf<Sym0<T>>>,
{
    type Verdict = <SizeOf<Sym0<S>> as SameCount<SizeOf<Sym0<T>>>>::Verdict;
}

/// Two counts, each static (a typenum number) or runtime (a symbol or a `usize`): the verdict
/// of the condition `Tag` that they are equal, checked where both are static (a runtime one is
/// checked at run time by the caller).
#[doc(hidden)]
pub trait SameCount<B, Tag = CopySizesMatch> {
    /// [`Holds`] or the failure.
    type Verdict;
}
impl<U, B, V, C, Tag> SameCount<UInt<V, C>, Tag> for UInt<U, B>
where
    UInt<U, B>: SameAs<UInt<V, C>>,
    SameValue<UInt<U, B>, UInt<V, C>>: CheckBit<Tag, UInt<U, B>, UInt<V, C>>,
{
    type Verdict = Check<SameValue<UInt<U, B>, UInt<V, C>>, Tag, UInt<U, B>, UInt<V, C>>;
}
impl<E, X, Tag> SameCount<X, Tag> for Dyn<E> {
    type Verdict = Holds;
}
impl<U, B, E, Tag> SameCount<Dyn<E>, Tag> for UInt<U, B> {
    type Verdict = Holds;
}
impl<X, Tag> SameCount<X, Tag> for usize {
    type Verdict = Holds;
}
impl<U, B, Tag> SameCount<usize, Tag> for UInt<U, B> {
    type Verdict = Holds;
}

/// A tensor read element by element beside a tensor `Y` written: same size (a compile error
/// where both shapes are static and differ; a panic where a size is runtime).
pub trait ElementWise<Y> {
    /// The element read.
    type Elem: Copy;
    /// The element written.
    type Out;
    /// The number of elements of both, static where the source's shape is (walked unrolled).
    type Count: Count;
    /// The number of elements of both.
    fn len(&self, y: &Y) -> Self::Count;
    /// `x(i)`.
    fn read(&self, i: usize) -> Self::Elem;
    /// `&mut y(i)`.
    fn out(y: &mut Y, i: usize) -> &mut Self::Out;
}

impl<ES, SS, DS, BS: Base, ED, SD, DD, BD: Base> ElementWise<TensorOf<ED, Layout<SD, DD>, BD>>
    for TensorOf<ES, Layout<SS, DS>, BS>
where
    ES: ReadEngine,
    ES::Elem: Copy,
    ED: WriteEngine,
    SS: LayoutShape<DS> + SameSize<SD> + Counted,
    <SS as SameSize<SD>>::Verdict: Checked,
    SD: LayoutShape<DD>,
    DS: IntTuple,
    DD: IntTuple,
    usize: Coord<SS, DS> + Coord<SD, DD>,
{
    type Elem = ES::Elem;
    type Out = ED::Elem;
    type Count = SS::Count;
    #[inline(always)]
    fn len(&self, y: &TensorOf<ED, Layout<SD, DD>, BD>) -> SS::Count {
        assert_eq!(self.size(), y.size(), "the two tensors differ in size");
        Count::of(self.size())
    }
    #[inline(always)]
    fn read(&self, i: usize) -> ES::Elem {
        self[i]
    }
    #[inline(always)]
    fn out(y: &mut TensorOf<ED, Layout<SD, DD>, BD>, i: usize) -> &mut ED::Elem {
        &mut y[i]
    }
}

/// `dst(i) = src(i)` for every 1-D coordinate `i`.
#[inline(always)]
pub fn copy<T: Copy, S: ElementWise<D, Elem = T, Out = T>, D>(src: &S, dst: &mut D) {
    copy_if(|_| true, src, dst);
}

/// `dst(i) = src(i)` where `pred(i)` holds (CuTe's `copy_if`, the predicate a closure over the
/// 1-D coordinate, typically `elem_less` on an identity tensor partitioned alike).
#[inline(always)]
pub fn copy_if<T: Copy, S: ElementWise<D, Elem = T, Out = T>, D>(
    pred: impl Fn(usize) -> bool,
    src: &S,
    dst: &mut D,
) {
    src.len(dst).each(
        #[inline(always)]
        |i| {
            if pred(i) {
                *S::out(dst, i) = src.read(i);
            }
        },
    );
}

/// `dst(i) = f(src(i))` for every 1-D coordinate `i` (CuTe's `transform`), e.g. accumulators
/// converted to the output's element type before they are stored.
///
/// ```
/// use tessel::atom::element::BF16;
/// use tessel::tensor::transform;
/// use tessel::{layout, Tensor, TensorMut};
/// let (acc, mut out) = ([0.5f32, 1.0 + 1.0 / 128.0, -2.0], [BF16(0); 3]);
/// transform(&Tensor::new(&acc, layout!("3:1")), &mut TensorMut::new(&mut out, layout!("3:1")), BF16::from_f32);
/// assert_eq!(out, [BF16(0x3f00), BF16(0x3f81), BF16(0xc000)]);
/// ```
#[inline(always)]
pub fn transform<S: ElementWise<D>, D>(src: &S, dst: &mut D, f: impl Fn(S::Elem) -> S::Out) {
    src.len(dst).each(
        #[inline(always)]
        |i| *S::out(dst, i) = f(src.read(i)),
    );
}

/// Every element set to `T::default()` (zero for numbers; CuTe's `clear`).
#[inline(always)]
pub fn clear<E: WriteEngine, S: LayoutShape<D> + Counted, D: IntTuple, B: Base>(
    t: &mut TensorOf<E, Layout<S, D>, B>,
) where
    E::Elem: Default,
    usize: Coord<S, D>,
{
    S::Count::of(t.size()).each(
        #[inline(always)]
        |i| t[i] = E::Elem::default(),
    );
}

/// `y = alpha * x + beta * y`, element by element.
#[inline(always)]
pub fn axpby<T, X: ElementWise<Y, Elem = T, Out = T>, Y>(alpha: T, x: &X, beta: T, y: &mut Y)
where
    T: Copy + core::ops::Mul<Output = T> + core::ops::Add<Output = T>,
{
    x.len(y).each(
        #[inline(always)]
        |i| {
            let out = X::out(y, i);
            *out = alpha * x.read(i) + beta * *out;
        },
    );
}
