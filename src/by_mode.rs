//! Tuple tilers: an operation applied to a layout mode by mode.
//!
//! A tuple tiler `(T0, T1, ...)` applies the operation to mode i of A with `Ti`. CuTe keeps the
//! modes of A past the tiler for the divides, the products and by-mode coalesce, and drops them for
//! composition. Each operation names itself with a marker implementing [`ModeOp`]; the per-arity
//! impls of its tiler trait for tuples come from one macro.

use crate::diagnostic::{And, Both, Holds};
use crate::list::{Cons, Nil};

/// An integer tiler N as the layout it stands for: `N:1` (`1:0` for 1), CuTe's `make_layout(N)`.
pub type IntegerTiler<N> = crate::Layout<N, crate::compact::LayoutLeft<N>>;

/// Modes of A past the tiler are kept.
pub struct KeepRest;
/// Modes of A past the tiler are dropped.
pub struct DropRest;

/// The operation `Self` on one mode L with one tiler T.
pub trait ModeOp<L, T> {
    /// The result for this mode.
    type Output;
    /// [`Holds`](crate::diagnostic::Holds), or the first condition that failed.
    type Verdict;
}

/// Each layout of the list with the matching tiler; the layouts past the tilers are kept or
/// dropped (`Rest`).
pub trait EachMode<Op, T, Rest> {
    /// The list of results.
    type Output;
    /// The first failure of a mode's conditions, or [`Holds`].
    type Verdict;
}

impl<Op, Ls> EachMode<Op, Nil, KeepRest> for Ls {
    type Output = Ls;
    type Verdict = Holds;
}

impl<Op, Ls> EachMode<Op, Nil, DropRest> for Ls {
    type Output = Nil;
    type Verdict = Holds;
}

impl<Op: ModeOp<L, T>, L, LT: EachMode<Op, TT, Rest>, T, TT, Rest> EachMode<Op, Cons<T, TT>, Rest>
    for Cons<L, LT>
where
    Op::Verdict: Both<LT::Verdict>,
{
    type Output = Cons<Op::Output, LT::Output>;
    type Verdict = And<Op::Verdict, LT::Verdict>;
}

/// Implements the tiler trait `$Trait<Layout<AS, AD>>` for tuples of tilers, by `$Op` mode by
/// mode. Invoked through `for_each_arity!(tuple_tilers; Trait, Op, Rest)`.
macro_rules! tuple_tilers {
    ($Trait:ident, $Op:ty, $Rest:ty; $( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<AS, AD, $($T),+> $Trait<$crate::Layout<AS, AD>> for ($($T,)+)
        where
            AS: $crate::int_tuple::LayoutShape<AD> + $crate::sublayout::Modes,
            AD: $crate::int_tuple::IntTuple + $crate::sublayout::Modes,
            AS::List: $crate::composition::ModeLayouts<AD::List>,
            <AS::List as $crate::composition::ModeLayouts<AD::List>>::Output:
                $crate::by_mode::EachMode<$Op, $crate::list::list_type!($($T),+), $Rest>,
            <<AS::List as $crate::composition::ModeLayouts<AD::List>>::Output
                as $crate::by_mode::EachMode<$Op, $crate::list::list_type!($($T),+), $Rest>>::Output:
                $crate::list::ToTuple,
            <<<AS::List as $crate::composition::ModeLayouts<AD::List>>::Output
                as $crate::by_mode::EachMode<$Op, $crate::list::list_type!($($T),+), $Rest>>::Output
                as $crate::list::ToTuple>::Tuple: $crate::sublayout::Concatenate,
        {
            type Output = <<<<AS::List as $crate::composition::ModeLayouts<AD::List>>::Output
                as $crate::by_mode::EachMode<$Op, $crate::list::list_type!($($T),+), $Rest>>::Output
                as $crate::list::ToTuple>::Tuple as $crate::sublayout::Concatenate>::Output;
            type Verdict = <<AS::List as $crate::composition::ModeLayouts<AD::List>>::Output
                as $crate::by_mode::EachMode<$Op, $crate::list::list_type!($($T),+), $Rest>>::Verdict;
        }
    )+};
}

pub(crate) use tuple_tilers;
