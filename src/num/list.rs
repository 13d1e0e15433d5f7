//! Type-level lists: how tessel works on tuples of any arity.
//!
//! Users write Rust tuples; operations that rebuild a tuple (flatten, select, take, append, ...)
//! convert it to a cons list, recurse over the list one element at a time, and convert back. One
//! impl per arity converts, and each operation is then a pair of recursive impls, not one impl per
//! arity (or per pair of arities). Tuples of arity 1 to 12 convert. The list operations the
//! algebra shares live here too: concatenation, zipping into pairs and back, reversal, the
//! first element, and the ranges `Skip`, `Prefix`, `Range`.

/// The empty list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nil;

/// A list with head `H` and tail `T`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cons<H, T>(pub H, pub T);

/// A tuple as a list: `(A, B)` is `Cons<A, Cons<B, Nil>>`.
pub trait ToList {
    /// The list.
    type List;
    /// The list value.
    fn to_list(self) -> Self::List;
}

/// A list as a tuple: the inverse of [`ToList`].
#[diagnostic::on_unimplemented(
    message = "a tuple of this many modes is not supported",
    label = "tessel's tuples have 1 to 12 modes"
)]
pub trait ToTuple {
    /// The tuple.
    type Tuple;
    /// The tuple value.
    fn to_tuple(self) -> Self::Tuple;
}

/// The list `Self` followed by the list `R`.
pub trait Concat<R> {
    /// The joined list.
    type Output;
    /// The joined value.
    fn concat(self, r: R) -> Self::Output;
}

/// `L ++ R`.
pub type Joined<L, R> = <L as Concat<R>>::Output;

impl<R> Concat<R> for Nil {
    type Output = R;
    #[inline(always)]
    fn concat(self, r: R) -> R {
        r
    }
}

impl<H, T: Concat<R>, R> Concat<R> for Cons<H, T> {
    type Output = Cons<H, Joined<T, R>>;
    #[inline(always)]
    fn concat(self, r: R) -> Self::Output {
        Cons(self.0, self.1.concat(r))
    }
}

/// Calls `$m!` with the element lists of every supported tuple arity (1 to 12). Each element is
/// `(T D X i)`: three type-parameter names (say, a shape's, a stride's and a coordinate's
/// element) and the tuple index.
macro_rules! for_each_arity {
    ($m:ident $(; $($extra:tt)*)?) => {
        $m! {
            $($($extra)* ;)?
            ((A0 D0 X0 0))
            ((A0 D0 X0 0) (A1 D1 X1 1))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5)
             (A6 D6 X6 6))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5)
             (A6 D6 X6 6) (A7 D7 X7 7))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5)
             (A6 D6 X6 6) (A7 D7 X7 7) (A8 D8 X8 8))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5)
             (A6 D6 X6 6) (A7 D7 X7 7) (A8 D8 X8 8) (A9 D9 X9 9))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5)
             (A6 D6 X6 6) (A7 D7 X7 7) (A8 D8 X8 8) (A9 D9 X9 9) (A10 D10 X10 10))
            ((A0 D0 X0 0) (A1 D1 X1 1) (A2 D2 X2 2) (A3 D3 X3 3) (A4 D4 X4 4) (A5 D5 X5 5)
             (A6 D6 X6 6) (A7 D7 X7 7) (A8 D8 X8 8) (A9 D9 X9 9) (A10 D10 X10 10) (A11 D11 X11 11))
        }
    };
}
pub(crate) use for_each_arity;

/// Spells the list type of the given types.
macro_rules! list_type {
    () => { $crate::num::list::Nil };
    ($H:ident $(, $T:ident)*) => { $crate::num::list::Cons<$H, $crate::num::list::list_type!($($T),*)> };
}

pub(crate) use list_type;

/// The pattern `Cons(A, Cons(B, Nil))`, binding each element to a variable named like its type.
macro_rules! list_pattern {
    () => { Nil };
    ($h:ident $(, $t:ident)*) => { Cons($h, list_pattern!($($t),*)) };
}

/// Builds the list value of the given expressions.
macro_rules! list_value {
    () => { Nil };
    ($h:expr $(, $t:expr)*) => { Cons($h, list_value!($($t),*)) };
}

macro_rules! list_conversions {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T),+> ToList for ($($T,)+) {
            type List = list_type!($($T),+);
            #[inline(always)]
            fn to_list(self) -> Self::List {
                list_value!($(self.$i),+)
            }
        }

        impl<$($T),+> ToTuple for list_type!($($T),+) {
            type Tuple = ($($T,)+);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn to_tuple(self) -> Self::Tuple {
                let list_pattern!($($T),+) = self;
                ($($T,)+)
            }
        }
    )+};
}

for_each_arity!(list_conversions);

use core::ops::Sub;
use typenum::{Bit, Diff, Sub1, UInt, UTerm, Unsigned, B1};

/// Two lists of the same length as one list of pairs.
pub trait ZipList<R> {
    /// The list of pairs.
    type Output;
}

impl ZipList<Nil> for Nil {
    type Output = Nil;
}

impl<H, T: ZipList<RT>, RH, RT> ZipList<Cons<RH, RT>> for Cons<H, T> {
    type Output = Cons<(H, RH), T::Output>;
}

/// A list of pairs as two lists.
pub trait Unzip {
    /// The first elements.
    type Shapes;
    /// The second elements.
    type Strides;
}

impl Unzip for Nil {
    type Shapes = Nil;
    type Strides = Nil;
}

impl<S, D, T: Unzip> Unzip for Cons<(S, D), T> {
    type Shapes = Cons<S, T::Shapes>;
    type Strides = Cons<D, T::Strides>;
}

/// A list reversed onto the accumulator `Acc`.
pub trait ReverseOnto<Acc> {
    /// The reversed list, followed by `Acc`.
    type Output;
}

impl<Acc> ReverseOnto<Acc> for Nil {
    type Output = Acc;
}

impl<H, T: ReverseOnto<Cons<H, Acc>>, Acc> ReverseOnto<Acc> for Cons<H, T> {
    type Output = T::Output;
}

/// A non-empty list's first element and the rest.
pub trait SplitFirst {
    /// The first element.
    type First;
    /// The rest.
    type Rest;
}

impl<H, T> SplitFirst for Cons<H, T> {
    type First = H;
    type Rest = T;
}

/// The list without its first `N` elements.
#[doc(hidden)]
pub trait Skip<N> {
    /// The rest.
    type Output;
    /// Its value.
    fn skip(self) -> Self::Output;
}

/// The first `N` elements of the list.
#[doc(hidden)]
pub trait Prefix<N> {
    /// The prefix.
    type Output;
    /// Its value.
    fn prefix(self) -> Self::Output;
}

impl<L> Skip<UTerm> for L {
    type Output = L;
    #[inline(always)]
    fn skip(self) -> L {
        self
    }
}

impl<H, T, U: Unsigned, B: Bit> Skip<UInt<U, B>> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: Skip<Sub1<UInt<U, B>>>,
{
    type Output = <T as Skip<Sub1<UInt<U, B>>>>::Output;
    #[inline(always)]
    fn skip(self) -> Self::Output {
        self.1.skip()
    }
}

impl<L> Prefix<UTerm> for L {
    type Output = Nil;
    #[inline(always)]
    fn prefix(self) -> Nil {
        Nil
    }
}

impl<H, T, U: Unsigned, B: Bit> Prefix<UInt<U, B>> for Cons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: Prefix<Sub1<UInt<U, B>>>,
{
    type Output = Cons<H, <T as Prefix<Sub1<UInt<U, B>>>>::Output>;
    #[inline(always)]
    fn prefix(self) -> Self::Output {
        Cons(self.0, self.1.prefix())
    }
}

/// The elements `B..E` of a list.
pub trait Range<B, E> {
    /// The elements.
    type Output;
    /// Their value.
    fn range(self) -> Self::Output;
}

impl<L: Skip<B>, B, E: Sub<B>> Range<B, E> for L
where
    L::Output: Prefix<Diff<E, B>>,
{
    type Output = <L::Output as Prefix<Diff<E, B>>>::Output;
    #[inline(always)]
    fn range(self) -> Self::Output {
        self.skip().prefix()
    }
}

/// The length of a list, as a typenum number.
pub trait Len {
    /// The length.
    type Output;
}
impl Len for Nil {
    type Output = typenum::UTerm;
}
impl<H, T: Len> Len for Cons<H, T>
where
    T::Output: crate::num::nat::Succ,
{
    type Output = <T::Output as crate::num::nat::Succ>::Output;
}
