//! Slicing with CuTe's `_`: a coordinate with [`Underscore`] where a mode is kept fixes the other
//! modes and keeps those, `t.slice((Underscore, 3usize))` being CuTe's `t(_, 3)`. The kept modes
//! keep their shape and stride (static where they were) and become the modes of the result, in
//! order (CuTe's `slice`); the fixed ones move the base, at run time.
//!
//! ```
//! use tessel::tensor::Underscore;
//! use tessel::{layout, Tensor};
//! let data: Vec<u32> = (0..64).collect();
//! let t = Tensor::new(&data, layout!("(4,(4,4)):(1,(4,16))"));
//! let row = t.slice((2usize, Underscore));          // t(2, _): the mode (4,4):(4,16)
//! assert_eq!(row.layout().to_string(), "((4,4)):((4,16))");
//! assert_eq!((row.base(), row[5usize]), (2, 2 + 4 + 16));
//! let col = t.slice((Underscore, (1usize, Underscore))); // t(_, (1, _))
//! assert_eq!(col.layout().to_string(), "(4,4):(1,16)");
//! assert_eq!(col.base(), 4);
//! let last = t.slice((Underscore, tessel::C::<15>::default())); // t(_, _15): a static index
//! assert_eq!((last.layout().to_string(), last.base()), ("(4):(1)".to_string(), 3 * 4 + 3 * 16));
//! ```

use super::{Engine, TensorOf};
use crate::layout::coord::{Coord, CoordIn, Index};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
#[cfg(doc)]
use crate::num::index::ArithTuple;
use crate::num::int::Int;
use crate::num::list::{Concat, Cons, Nil, ToList, ToTuple};

/// CuTe's `_`: keep this mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct Underscore;

/// A coordinate `Self` slicing the mode `S:D`: the kept modes, as lists of shapes and strides,
/// and the index of the fixed part.
pub trait SliceMode<S, D> {
    /// The kept shapes.
    type Shapes;
    /// The kept strides.
    type Strides;
    /// The kept modes and the offset, in the index `I`.
    fn slice_mode<I: Index>(self, s: S, d: D) -> (Self::Shapes, Self::Strides, I);
}

impl<S, D> SliceMode<S, D> for Underscore {
    type Shapes = Cons<S, Nil>;
    type Strides = Cons<D, Nil>;
    #[inline(always)]
    fn slice_mode<I: Index>(self, s: S, d: D) -> (Self::Shapes, Self::Strides, I) {
        (Cons(s, Nil), Cons(d, Nil), I::ZERO)
    }
}

/// An index, runtime or static (`C::<2>::default()`), fixes its mode.
macro_rules! index_coordinate {
    ($([$($p:tt)*] $t:ty;)+) => {$(
        impl<$($p)* S, D> SliceMode<S, D> for $t
        where
            $t: Int,
            usize: Coord<S, D>,
        {
            type Shapes = Nil;
            type Strides = Nil;
            #[inline(always)]
            fn slice_mode<I: Index>(self, s: S, d: D) -> (Nil, Nil, I) {
                (Nil, Nil, (self.value() as usize).crd2idx::<I>(s, d))
            }
        }
    )+};
}
index_coordinate! {
    [] usize;
    [] typenum::UTerm;
    [U, B,] typenum::UInt<U, B>;
}

/// A list of coordinates slicing lists of modes.
#[doc(hidden)]
pub trait SliceList<SL, DL> {
    /// The kept shapes.
    type Shapes;
    /// The kept strides.
    type Strides;
    /// The kept modes and the offset.
    fn slice_list<I: Index>(self, s: SL, d: DL) -> (Self::Shapes, Self::Strides, I);
}
impl SliceList<Nil, Nil> for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn slice_list<I: Index>(self, _: Nil, _: Nil) -> (Nil, Nil, I) {
        (Nil, Nil, I::ZERO)
    }
}
impl<C, CT, S, ST, D, DT> SliceList<Cons<S, ST>, Cons<D, DT>> for Cons<C, CT>
where
    C: SliceMode<S, D>,
    CT: SliceList<ST, DT>,
    C::Shapes: Concat<CT::Shapes>,
    C::Strides: Concat<CT::Strides>,
{
    type Shapes = <C::Shapes as Concat<CT::Shapes>>::Output;
    type Strides = <C::Strides as Concat<CT::Strides>>::Output;
    #[inline(always)]
    fn slice_list<I: Index>(
        self,
        s: Cons<S, ST>,
        d: Cons<D, DT>,
    ) -> (Self::Shapes, Self::Strides, I) {
        let (hs, hd, ho) = self.0.slice_mode::<I>(s.0, d.0);
        let (ts, td, to) = self.1.slice_list::<I>(s.1, d.1);
        (hs.concat(ts), hd.concat(td), ho.plus(to))
    }
}

/// A tuple coordinate slices a tuple mode mode by mode; its kept modes join the kept modes
/// around it (CuTe's `filter_tuple`: `t(_, (1, _))` of `(4,(4,4))` keeps `(4, 4)`).
macro_rules! tuple_slices {
    ($(($($C:ident)+))+) => {$(
        impl<$($C,)+ S: ToList, D: ToList> SliceMode<S, D> for ($($C,)+)
        where
            ($($C,)+): ToList,
            <($($C,)+) as ToList>::List: SliceList<S::List, D::List>,
        {
            type Shapes = <<($($C,)+) as ToList>::List as SliceList<S::List, D::List>>::Shapes;
            type Strides = <<($($C,)+) as ToList>::List as SliceList<S::List, D::List>>::Strides;
            #[inline(always)]
            fn slice_mode<I: Index>(self, s: S, d: D) -> (Self::Shapes, Self::Strides, I) {
                self.to_list().slice_list(s.to_list(), d.to_list())
            }
        }
    )+};
}
tuple_slices! { (C0) (C0 C1) (C0 C1 C2) (C0 C1 C2 C3) }

/// The layout a tuple coordinate `X` slices out of `Layout<S, D>`: the kept modes, in order.
pub type SlicedLayout<S, D, X> = Layout<
    <<X as SliceMode<S, D>>::Shapes as ToTuple>::Tuple,
    <<X as SliceMode<S, D>>::Strides as ToTuple>::Tuple,
>;

/// A tensor's layout sliced by a coordinate with `_`: a plain layout, or a swizzled one (whose
/// fixed part joins the offset inside the swizzle, [`Swizzled`](super::Swizzled)).
///
/// ```
/// use tessel::tensor::SliceLayout;
/// use tessel::{layout, Underscore};
/// let (kept, offset) = layout!("(4,(4,4)):(1,(4,16))").slice_layout::<isize>((Underscore, (1usize, Underscore)));
/// assert_eq!((kept.to_string(), offset), ("(4,4):(1,16)".to_string(), 4));
/// ```
pub trait SliceLayout<X> {
    /// The layout of the kept modes.
    type Output;
    /// The kept modes and the index of the fixed part, in the index `I`.
    fn slice_layout<I: Index>(self, x: X) -> (Self::Output, I);
}
impl<S: LayoutShape<D>, D: IntTuple, X: SliceMode<S, D>> SliceLayout<X> for Layout<S, D>
where
    X::Shapes: ToTuple,
    X::Strides: ToTuple,
    <X::Shapes as ToTuple>::Tuple: LayoutShape<<X::Strides as ToTuple>::Tuple>,
    <X::Strides as ToTuple>::Tuple: IntTuple,
{
    type Output = SlicedLayout<S, D, X>;
    #[inline(always)]
    fn slice_layout<I: Index>(self, x: X) -> (Self::Output, I) {
        let (shapes, strides, offset) = x.slice_mode(self.shape(), self.stride());
        (Layout::new(shapes.to_tuple(), strides.to_tuple()), offset)
    }
}

impl<E, L, B: super::Base> TensorOf<E, L, B> {
    /// CuTe's `t(c)` with `_` in `c` ([`Underscore`]): the sub-tensor of the kept modes, its base
    /// moved by the fixed coordinates (a swizzled tensor's offset inside its swizzle).
    #[inline(always)]
    pub fn slice<X>(self, x: X) -> TensorOf<E, L::Output>
    where
        B: super::CutByValue,
        E: Engine,
        L: SliceLayout<X>,
        L::Output: Sliced,
    {
        self.cut().map(|layout| layout.slice_layout(x))
    }
}

/// A layout evaluated at a coordinate of kind `X`, in the index `I`.
#[doc(hidden)]
pub trait At<X> {
    /// The index.
    fn at<I: Index>(&self, x: X) -> I;
}
impl<S: LayoutShape<D>, D: IntTuple, X: CoordIn<S::Profile>> At<X> for Layout<S, D>
where
    X::Itself: Coord<S, D>,
{
    #[inline(always)]
    fn at<I: Index>(&self, x: X) -> I {
        x.itself().crd2idx::<I>(self.shape(), self.stride())
    }
}

/// A layout that views an engine from a base, shifted by the index `shift` of the coordinates a
/// slice fixed: a plain layout adds it to the base (an identity tensor's coordinates move leaf
/// by leaf, [`Engine::shifted`]), a swizzled one inside its swizzle.
#[doc(hidden)]
pub trait Sliced: Sized {
    /// The index its coordinates give: `isize`, or an [`ArithTuple`] for basis strides.
    type Offset: Index;
    /// The tensor of this layout over `engine` from `base`, shifted.
    fn over<E: Engine>(self, engine: E, base: usize, shift: Self::Offset) -> TensorOf<E, Self>;
}
impl<S: LayoutShape<D>, D: IntTuple> Sliced for Layout<S, D> {
    type Offset = D::Index;
    #[inline(always)]
    fn over<E: Engine>(self, engine: E, base: usize, shift: D::Index) -> TensorOf<E, Self> {
        let (engine, base) = engine.shifted(base, shift);
        TensorOf::at(engine, base, self)
    }
}
