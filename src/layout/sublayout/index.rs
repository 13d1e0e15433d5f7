//! The modes of an IntTuple, and the mode indices and ranges of the sublayout operations,
//! checked against them.
//!
//! An integer is one mode, a tuple its elements. `get` takes an index or a path of them (one a
//! level), `select` a tuple of indices, `replace` an index, `take` and `group` a range `B..E`.
//! Each check gives a verdict ([`Holds`](crate::diagnostic::Holds), or the failure of one of
//! the conditions below with its numbers) and the index to go on with, 0 after a failure, so
//! that one mistake is one error.
//!
//! ```compile_fail
//! // take/group: the range ends at 3, past the 2 modes of the layout
//! let _ = tessel::layout!("(2,3)").take::<1, 3>();
//! ```

use crate::diagnostic::{And, Both, Check, CheckBit};
use crate::layout::int_tuple::At;
use crate::num::list::{for_each_arity, Cons, Nil, ToList};
use typenum::{IsLess, IsLessOrEqual, LeEq, UInt, UTerm, B1, U1};

/// The top-level modes of an IntTuple as a list: an integer is one mode.
pub trait Modes {
    /// The list of modes.
    type List;
    /// Its value.
    fn modes(self) -> Self::List;
}

impl<T: crate::num::int::Int> Modes for T {
    type List = Cons<T, Nil>;
    #[inline(always)]
    fn modes(self) -> Self::List {
        Cons(self, Nil)
    }
}

macro_rules! tuple_modes {
    ($( ($(($S:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($S),+> Modes for ($($S,)+) {
            type List = <Self as ToList>::List;
            #[inline(always)]
            fn modes(self) -> Self::List {
                self.to_list()
            }
        }
    )+};
}

for_each_arity!(tuple_modes);

macro_rules! index_conditions {
    ($($Cond:ident, $Fails:ident, $message:literal, $label:literal;)+) => {$(
        crate::diagnostic::condition!(
            /// A mode index or range of a sublayout operation is out of range.
            $Cond,
            $Fails,
            $message,
            $label
        );
    )+};
}

index_conditions! {
    GetMode, GetModeExists, "get: there is no mode {A}: this (sub)layout has {B} modes",
        "a mode index is below the number of modes";
    SelectMode, SelectModeExists, "select: there is no mode {A}: the layout has {B} modes",
        "a mode index is below the number of modes";
    ReplaceMode, ReplaceModeExists, "replace: there is no mode {A}: the layout has {B} modes",
        "a mode index is below the number of modes";
    RangeEnd, RangeEndsInside, "take/group: the range ends at {A}, past the {B} modes of the layout",
        "a range B..E of modes needs E <= the number of modes";
    RangeEmpty, RangeNotEmpty, "take/group: the range {A}..{B} of modes is empty",
        "a range B..E of modes needs B < E";
}

/// The rank of an IntTuple as a typenum number.
type RankT<T> = <<T as Modes>::List as crate::num::list::Len>::Output;

/// Index `I` into the modes of `Self`, with the condition `Tag` if it is past them: the verdict,
/// and the index to go on with (`I`, or 0 after a failure, so that no second error follows).
pub trait ModeIndex<I, Tag> {
    /// [`Holds`](crate::diagnostic::Holds), or the failure of `Tag`.
    type Verdict;
    /// `I`, or 0.
    type Safe;
}

impl<T: Modes, I: IsLess<RankT<T>>, Tag> ModeIndex<I, Tag> for T
where
    T::List: crate::num::list::Len,
    typenum::Le<I, RankT<T>>: Pick<I> + CheckBit<Tag, I, RankT<T>>,
{
    type Verdict = Check<typenum::Le<I, RankT<T>>, Tag, I, RankT<T>>;
    type Safe = <typenum::Le<I, RankT<T>> as Pick<I>>::Output;
}

/// `I` for `B1`, 0 for `B0`.
pub trait Pick<I> {
    /// The index.
    type Output;
}
impl<I> Pick<I> for B1 {
    type Output = I;
}
impl<I> Pick<I> for typenum::B0 {
    type Output = UTerm;
}

/// A path of mode indices into `Self` (an index, or a list of them, one per level): the
/// verdict of [`GetMode`] at each level and the path to go on with.
#[doc(hidden)]
pub trait PathIndex<P> {
    /// [`Holds`](crate::diagnostic::Holds), or the first failure.
    type Verdict;
    /// The path, with out-of-range indices replaced by 0.
    type Safe;
}
impl<T> PathIndex<Nil> for T {
    type Verdict = crate::diagnostic::Holds;
    type Safe = Nil;
}
impl<T, I, Is> PathIndex<Cons<I, Is>> for T
where
    T: ModeIndex<I, GetMode> + At<<T as ModeIndex<I, GetMode>>::Safe>,
    <T as At<<T as ModeIndex<I, GetMode>>::Safe>>::Output: PathIndex<Is>,
    <T as ModeIndex<I, GetMode>>::Verdict:
        Both<<<T as At<<T as ModeIndex<I, GetMode>>::Safe>>::Output as PathIndex<Is>>::Verdict>,
{
    type Verdict = And<
        <T as ModeIndex<I, GetMode>>::Verdict,
        <<T as At<<T as ModeIndex<I, GetMode>>::Safe>>::Output as PathIndex<Is>>::Verdict,
    >;
    type Safe = Cons<
        <T as ModeIndex<I, GetMode>>::Safe,
        <<T as At<<T as ModeIndex<I, GetMode>>::Safe>>::Output as PathIndex<Is>>::Safe,
    >;
}

/// `get<P>`'s index or path `P` checked against the shape `S`: the verdict, and `P` with
/// out-of-range indices replaced by 0.
pub trait GetPath<S> {
    /// [`Holds`](crate::diagnostic::Holds), or the first failure.
    type Verdict;
    /// The path to go on with.
    type Safe;
}
impl<S: ModeIndex<UTerm, GetMode>> GetPath<S> for UTerm {
    type Verdict = S::Verdict;
    type Safe = S::Safe;
}
impl<S: ModeIndex<UInt<U, B>, GetMode>, U, B> GetPath<S> for UInt<U, B> {
    type Verdict = S::Verdict;
    type Safe = S::Safe;
}

/// Each index of `Self` (a list) checked against the modes of `T` with `Tag`.
pub trait Indices<T, Tag> {
    /// [`Holds`](crate::diagnostic::Holds), or the first failure.
    type Verdict;
    /// The indices, out-of-range ones replaced by 0.
    type Safe;
}
impl<T, Tag> Indices<T, Tag> for Nil {
    type Verdict = crate::diagnostic::Holds;
    type Safe = Nil;
}
impl<T: ModeIndex<I, Tag>, Tag, I, Is: Indices<T, Tag>> Indices<T, Tag> for Cons<I, Is>
where
    T::Verdict: Both<Is::Verdict>,
{
    type Verdict = And<T::Verdict, Is::Verdict>;
    type Safe = Cons<T::Safe, Is::Safe>;
}

/// A range `B..E` of the modes of `Self`: the verdict of [`RangeEnd`] and [`RangeEmpty`], and the
/// range to go on with (`B..E`, or `0..1` after a failure).
pub trait ModeRange<B, E> {
    /// [`Holds`](crate::diagnostic::Holds), or the first failure.
    type Verdict;
    /// The begin to go on with.
    type Begin;
    /// The end to go on with.
    type End;
}
impl<T: Modes, B: IsLess<E>, E: IsLessOrEqual<RankT<T>>> ModeRange<B, E> for T
where
    T::List: crate::num::list::Len,
    LeEq<E, RankT<T>>: CheckBit<RangeEnd, E, RankT<T>>,
    typenum::Le<B, E>: CheckBit<RangeEmpty, B, E>,
    Check<LeEq<E, RankT<T>>, RangeEnd, E, RankT<T>>:
        Both<Check<typenum::Le<B, E>, RangeEmpty, B, E>>,
    And<
        Check<LeEq<E, RankT<T>>, RangeEnd, E, RankT<T>>,
        Check<typenum::Le<B, E>, RangeEmpty, B, E>,
    >: PickRange<B, E>,
{
    type Verdict = And<
        Check<LeEq<E, RankT<T>>, RangeEnd, E, RankT<T>>,
        Check<typenum::Le<B, E>, RangeEmpty, B, E>,
    >;
    type Begin = <Self::Verdict as PickRange<B, E>>::Begin;
    type End = <Self::Verdict as PickRange<B, E>>::End;
}

/// `B..E` after a verdict that holds, `0..1` after a failure.
pub trait PickRange<B, E> {
    /// The begin.
    type Begin;
    /// The end.
    type End;
}
impl<B, E> PickRange<B, E> for crate::diagnostic::Holds {
    type Begin = B;
    type End = E;
}
impl<B, E, Tag, X, Y> PickRange<B, E> for crate::diagnostic::Fails<Tag, X, Y> {
    type Begin = UTerm;
    type End = U1;
}
