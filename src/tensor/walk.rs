//! A tensor as the atoms walk it: its engine, the counts of its first two modes and of the rest,
//! and the engine index of each 1-D coordinate. A copy's partition `(CPY, CPY_M, CPY_K, ..)` is
//! walked by 1-D coordinate, an atom call's values first (they make up mode 0, colexicographic),
//! and an MMA fragment `(V, M, K)` likewise; plain and swizzled layouts alike, of any rank.

use super::{Base, Engine, Swizzled, TensorOf};
use crate::layout::coord::Coord;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::list::{for_each_arity, Cons, Nil, ToList};
use crate::num::count::{Count, CountMul};
use crate::num::int::Int;
use crate::sublayout::Modes;
use crate::swizzle::SwizzleFn;
use typenum::{Bit, UInt, Unsigned, U1};

/// A tensor walked by 1-D coordinate: how the atoms run over a partition of any rank, plain or
/// swizzled, by the counts of its first two modes and of the rest (static ones unrolled by
/// construction, see [`Count`]) and the engine index of each coordinate.
///
/// ```
/// use tessel::tensor::Walk;
/// use tessel::{layout, Tensor};
/// let data = [0u8; 32];
/// let t = Tensor::new(&data[..], layout!("(2,4,4):(1,8,2)"));
/// assert_eq!(t.sizes(), (2, 4, 32)); // mode 0, mode 1, all
/// let _: (typenum::U2, typenum::U4, typenum::U4) = t.counts(); // all static
/// assert_eq!(t.index(3), 9); // coordinate (1,1,0)
/// ```
pub trait Walk {
    /// Where its elements live.
    type Engine: Engine;
    /// Mode 0's count, mode 1's (1 for a rank-1 tensor) and the other modes' together.
    type Counts: Counts;
    /// The counts.
    fn counts(&self) -> Self::Counts;
    /// The sizes of mode 0 and of mode 1, and the number of elements.
    #[inline(always)]
    fn sizes(&self) -> (usize, usize, usize) {
        let (v, p, q) = self.counts().get();
        (v, p, v * p * q)
    }
    /// The engine index of 1-D coordinate `i`.
    fn index(&self, i: usize) -> usize;
    /// The engine.
    fn engine(&self) -> &Self::Engine;
    /// The engine, to write through.
    fn engine_mut(&mut self) -> &mut Self::Engine;
}

/// The counts a walk runs over, `(mode 0, mode 1, the rest)`.
pub trait Counts: Copy {
    /// Mode 0's.
    type V: Count;
    /// Mode 1's.
    type P: Count;
    /// The other modes'.
    type Q: Count;
    /// Mode 0's.
    fn v(self) -> Self::V;
    /// Mode 1's.
    fn p(self) -> Self::P;
    /// The other modes'.
    fn q(self) -> Self::Q;
    /// The three as numbers.
    #[inline(always)]
    fn get(self) -> (usize, usize, usize) {
        (self.v().get(), self.p().get(), self.q().get())
    }
}
impl<V: Count, P: Count, Q: Count> Counts for (V, P, Q) {
    type V = V;
    type P = P;
    type Q = Q;
    #[inline(always)]
    fn v(self) -> V {
        self.0
    }
    #[inline(always)]
    fn p(self) -> P {
        self.1
    }
    #[inline(always)]
    fn q(self) -> Q {
        self.2
    }
}

/// The number of elements of an IntTuple as a [`Count`]: static when every leaf is.
///
/// ```
/// use tessel::tensor::Counted;
/// use tessel::typenum::{U12, U6};
/// static_assertions::assert_type_eq_all!(<(U6, (tessel::typenum::U1, tessel::typenum::U2)) as Counted>::Count, U12);
/// // One runtime leaf makes the whole count a runtime one.
/// static_assertions::assert_type_eq_all!(<(U6, usize) as Counted>::Count, usize);
/// ```
pub trait Counted: IntTuple {
    /// The count.
    type Count: Count;
}
impl Counted for usize {
    type Count = usize;
}
impl<U: Unsigned, B: Bit> Counted for UInt<U, B>
where
    Self: Int + Count,
{
    type Count = Self;
}
macro_rules! counted_tuples {
    ($(($(($T:ident $_d:ident $_x:ident $_i:tt))+))+) => {$(
        impl<$($T),+> Counted for ($($T,)+)
        where
            Self: IntTuple + ToList,
            <Self as ToList>::List: CountList,
        {
            type Count = <<Self as ToList>::List as CountList>::Count;
        }
    )+};
}
for_each_arity!(counted_tuples);

/// The product of a list of IntTuples' counts.
///
/// ```
/// use tessel::list::{Cons, Nil};
/// use tessel::tensor::CountList;
/// use tessel::typenum::{U2, U3, U6};
/// let modes = Cons(U2::default(), Cons(U3::default(), Nil));
/// static_assertions::assert_type_eq_all!(<Cons<U2, Cons<U3, Nil>> as CountList>::Count, U6);
/// assert_eq!(CountList::count(&modes), U6::default());
/// assert_eq!(CountList::count(&Cons(U2::default(), Cons(5usize, Nil))), 10);
/// ```
pub trait CountList {
    /// The count.
    type Count: Count;
    /// Its value.
    fn count(&self) -> Self::Count;
}
impl CountList for Nil {
    type Count = U1;
    #[inline(always)]
    fn count(&self) -> U1 {
        U1::default()
    }
}
impl<H: Counted, T: CountList> CountList for Cons<H, T>
where
    H::Count: CountMul<T::Count>,
{
    type Count = <H::Count as CountMul<T::Count>>::Output;
    #[inline(always)]
    fn count(&self) -> Self::Count {
        H::Count::of(self.0.size()).mul(self.1.count())
    }
}

/// The counts of a list of modes: the first's, the second's (1 where there is none), the rest's.
///
/// ```
/// use tessel::list::{Cons, Nil};
/// use tessel::tensor::LeadingCounts;
/// use tessel::typenum::{U1, U2, U4, U8};
/// // (V, M, K, L) = (4, 2, runtime 3, 8): V and M static, the rest a runtime 24.
/// let modes = Cons(U4::default(), Cons(U2::default(), Cons(3usize, Cons(U8::default(), Nil))));
/// assert_eq!(modes.leading(), (U4::default(), U2::default(), 24));
/// // One mode: 1 for the second and the rest, statically.
/// let one = Cons(U8::default(), Nil);
/// static_assertions::assert_type_eq_all!(<Cons<U8, Nil> as LeadingCounts>::Output, (U8, U1, U1));
/// assert_eq!(one.leading(), (U8::default(), U1::default(), U1::default()));
/// ```
pub trait LeadingCounts {
    /// `(V, P, Q)`.
    type Output: Counts;
    /// Their values.
    fn leading(&self) -> Self::Output;
}
impl<H: Counted> LeadingCounts for Cons<H, Nil> {
    type Output = (H::Count, U1, U1);
    #[inline(always)]
    fn leading(&self) -> Self::Output {
        (Count::of(self.0.size()), U1::default(), U1::default())
    }
}
impl<H: Counted, H1: Counted, T: CountList> LeadingCounts for Cons<H, Cons<H1, T>> {
    type Output = (H::Count, H1::Count, T::Count);
    #[inline(always)]
    fn leading(&self) -> Self::Output {
        let Cons(h1, rest) = &self.1;
        (Count::of(self.0.size()), Count::of(h1.size()), rest.count())
    }
}

macro_rules! engine_access {
    () => {
        #[inline(always)]
        fn engine(&self) -> &E {
            &self.engine
        }
        #[inline(always)]
        fn engine_mut(&mut self) -> &mut E {
            &mut self.engine
        }
    };
}

impl<E: Engine, S: LayoutShape<D> + Modes, D: IntTuple, B: Base> Walk
    for TensorOf<E, Layout<S, D>, B>
where
    S::List: LeadingCounts,
    usize: Coord<S, D>,
{
    type Engine = E;
    type Counts = <S::List as LeadingCounts>::Output;
    #[inline(always)]
    fn counts(&self) -> Self::Counts {
        self.layout.shape().modes().leading()
    }
    #[inline(always)]
    fn index(&self, i: usize) -> usize {
        self.index_of(i) as usize
    }
    engine_access!();
}

impl<E: Engine, Sw: SwizzleFn, S: LayoutShape<D> + Modes, D: IntTuple> Walk
    for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    S::List: LeadingCounts,
    usize: Coord<S, D>,
{
    type Engine = E;
    type Counts = <S::List as LeadingCounts>::Output;
    #[inline(always)]
    fn counts(&self) -> Self::Counts {
        self.shape().modes().leading()
    }
    #[inline(always)]
    fn index(&self, i: usize) -> usize {
        self.index_of(i) as usize
    }
    engine_access!();
}
