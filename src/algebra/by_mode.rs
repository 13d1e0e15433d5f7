//! Tuple tilers: an operation applied to a layout mode by mode.
//!
//! A tuple tiler `(T0, T1, ...)` applies the operation to mode i of A with `Ti`. CuTe keeps the
//! modes of A past the tiler for the divides, the products and by-mode coalesce, and drops them for
//! composition. Each operation names itself with a marker implementing [`ModeOp`]; the per-arity
//! impls of its tiler trait for tuples come from one macro.

use crate::diagnostic::{And, Both, Holds};
use crate::num::list::{Cons, Nil};

macro_rules! too_many_modes {
    ($($Cond:ident, $Fails:ident, $message:literal;)+) => {$(
        crate::diagnostic::condition!(
            /// A tuple tiler has at most one element per mode of the layout.
            $Cond,
            $Fails,
            $message,
            "a tuple tiler has at most one element per mode of the layout"
        );
    )+};
}

too_many_modes! {
    ComposeModes, ComposeTilerFits, "composition: the tiler has {A} modes, more than the {B} of the layout";
    DivideModes, DivideTilerFits, "logical_divide: the tiler has {A} modes, more than the {B} of the layout";
    ProductModes, ProductTilerFits, "logical_product: the tiler has {A} modes, more than the {B} of the layout";
    CoalesceModes, CoalesceProfileFits, "coalesce: the profile has {A} modes, more than the {B} of the layout";
}

macro_rules! tiler_kinds {
    ($($(#[$doc:meta])* $Trait:ident, $message:literal;)+) => {$(
        $(#[$doc])*
        #[diagnostic::on_unimplemented(
            message = $message,
            label = "a tiler is a static layout, an integer C<N>, a shape!, a tiler!, or a tuple of tilers"
        )]
        pub trait $Trait {
            /// The tiler itself: the public aliases name the tiler through this projection,
            /// so that anything else fails here, once, before the operation is tried.
            type Itself;
        }
        // A tiler of basis strides is refused here with its own message; one inside a tuple
        // tiler, where the operation meets it ([`FirstArgument`](crate::num::symbol::FirstArgument)).
        impl<S, D> $Trait for crate::layout::Layout<S, D>
        where
            S: crate::layout::int_tuple::LayoutShape<D>,
            D: crate::layout::int_tuple::IntTuple,
            D::Index: TilerOfIndices,
        {
            // Through the index's check, so that a refused tiler is not also symbolized.
            type Itself = <D::Index as TilerOfIndices>::Checked<Self>;
        }
        impl<U, B> $Trait for typenum::UInt<U, B> {
            type Itself = Self;
        }
        crate::num::list::for_each_arity!(tuple_tiler_kind; $Trait);
    )+};
}

/// Tuples of any elements are tilers here (their elements are checked by the operation).
macro_rules! tuple_tiler_kind {
    ($Trait:ident; $( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T),+> $Trait for ($($T,)+) {
            type Itself = Self;
        }
    )+};
}

tiler_kinds! {
    /// What `composition` takes as its second argument.
    CompositionTiler, "composition: `{Self}` is not a tiler";
    /// What the divides take as their second argument.
    DivideTilerKind, "logical_divide: `{Self}` is not a tiler";
    /// What the products take as their second argument.
    ProductTilerKind, "logical_product: `{Self}` is not a tiler";
}

macro_rules! operand_kinds {
    ($($(#[$doc:meta])* $Trait:ident $(refusing basis with $Index:ident)?, $message:literal, $label:literal, $note:literal;)+) => {$(
        $(#[$doc])*
        #[diagnostic::on_unimplemented(message = $message, label = $label, note = $note)]
        pub trait $Trait {
            /// The layout itself: the public aliases name it through this projection, so that
            /// anything else fails here, once, before the operation is tried.
            type Itself;
        }
        impl<S, D> $Trait for crate::layout::Layout<S, D>
        where
            S: crate::layout::int_tuple::LayoutShape<D>,
            D: crate::layout::int_tuple::IntTuple,
            $(D::Index: $Index,)?
        {
            type Itself = operand_kinds!(@itself Self, D $(, $Index)?);
        }
    )+};
    (@itself $L:ty, $D:ident) => { $L };
    (@itself $L:ty, $D:ident, $Index:ident) => { <$D::Index as $Index>::Checked<$L> };
}

operand_kinds! {
    /// What complement takes as its first argument.
    ComplementOperand refusing basis with ComplementOfIndices, "complement: `{Self}` is not a layout",
        "this operation takes a layout (static or mixed) or a composed layout first",
        "a layout is `Layout<Shape, Stride>`: `layout!(\"(4,8):(1,4)\")`, or one with runtime leaves";
    /// What the divides take as their first argument.
    DivideOperand, "logical_divide: `{Self}` is not a layout",
        "this operation takes a layout (static or mixed) or a composed layout first",
        "a tensor is divided by its methods, as CuTe's `zipped_divide(tensor, tiler)`: `t.logical_divide(tiler)`, `t.zipped_divide_by(tiler)`, `t.tiled_divide(tiler)`, `t.flat_divide(tiler)`";
    /// What the products and tile_to_shape take as their first argument.
    ProductOperand refusing basis with ProductOfIndices, "logical_product: `{Self}` is not a layout",
        "this operation takes a layout (static or mixed) or a composed layout first",
        "a tensor has no products, as in CuTe: take the product of its layout";
    /// What right_inverse and left_inverse take.
    InverseOperand refusing basis with InverseOfIndices, "right_inverse, left_inverse: `{Self}` is not a layout",
        "an inverse is of a layout (static or mixed)",
        "a layout is `Layout<Shape, Stride>`: `layout!(\"(4,8):(1,4)\")`, or one with runtime leaves";
}

/// The index a layout's strides give ([`IntTuple::Index`](crate::layout::int_tuple::IntTuple)):
/// an operation that reads a layout's values as indices (to sort, divide or invert them) takes
/// `isize`, the index of integer strides, and refuses the coordinates of basis strides (an
/// identity tensor's layout), as CuTe refuses them.
macro_rules! index_only {
    ($($Trait:ident, $message:literal, $note:literal;)+) => {$(
        #[doc = concat!("`", $message, "` unless the index is an integer; `Checked<T>` is `T` \
            once it is (an argument's kind names it through this projection, so that a refused \
            argument fails here, once).")]
        #[diagnostic::on_unimplemented(
            message = $message,
            label = "a layout of basis strides k@j (an identity tensor's) gives coordinates, not indices",
            note = $note
        )]
        pub trait $Trait {
            /// `T`.
            type Checked<T>;
        }
        impl $Trait for isize {
            type Checked<T> = T;
        }
    )+};
}

index_only! {
    TilerOfIndices, "a tiler or a composition's B has basis strides (k@j): it must give indices",
        "only the first argument (the layout composed, divided or tiled) may have basis strides; CuTe composes with a B of them by picking modes of A, tessel does not: compose each mode of A on its own";
    ComplementOfIndices, "complement: A has basis strides (k@j); a complement is of a layout of integer strides",
        "a layout of basis strides is composed, divided, tiled and coalesced; CuTe takes no complement of one either";
    ProductOfIndices, "logical_product: A has basis strides (k@j); a product's A is a layout of integer strides",
        "a layout of basis strides is composed, divided, tiled and coalesced; CuTe takes no product of one either";
    InverseOfIndices, "right_inverse, left_inverse: the layout has basis strides (k@j); an inverse is of a layout of integer strides",
        "a layout of basis strides is composed, divided, tiled and coalesced; CuTe takes no inverse of one either";
}

/// An integer tiler N as the layout it stands for: `N:1` (`1:0` for 1), CuTe's `make_layout(N)`.
pub type IntegerTiler<N> = crate::layout::Layout<N, crate::layout::compact::LayoutLeft<N>>;

/// Modes of A past the tiler are kept.
pub struct KeepRest;
/// Modes of A past the tiler are dropped.
pub struct DropRest;

/// The operation `Self` on one mode L with one tiler T.
pub trait ModeOp<L, T> {
    /// The result for this mode.
    type Output;
    /// [`Holds`], or the first condition that failed.
    type Verdict;
}

/// Each layout of the list with the matching tiler; the layouts past the tilers are kept or
/// dropped (`Rest`).
#[doc(hidden)]
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

/// Tilers past the last mode: nothing (the tuple tiler's own check reports them).
impl<Op, T, TT, Rest> EachMode<Op, Cons<T, TT>, Rest> for Nil {
    type Output = Nil;
    type Verdict = Holds;
}

/// The last tiler: its mode, then the layouts past the tilers.
impl<Op: ModeOp<L, T>, L, LT: EachMode<Op, Nil, Rest>, T, Rest> EachMode<Op, Cons<T, Nil>, Rest>
    for Cons<L, LT>
where
    Op::Verdict: Both<LT::Verdict>,
{
    type Output = Cons<Op::Output, LT::Output>;
    type Verdict = And<Op::Verdict, LT::Verdict>;
}

/// More tilers than layouts: the last layout's mode (the tuple tiler's check reports the rest).
impl<Op: ModeOp<L, T0>, L, T0, T1, TT, Rest> EachMode<Op, Cons<T0, Cons<T1, TT>>, Rest>
    for Cons<L, Nil>
{
    type Output = Cons<Op::Output, Nil>;
    type Verdict = Op::Verdict;
}

/// Two modes at once, side by side: a mode's operation sits one list step deep for every two
/// modes before it, not every one (the solver's depth; rust-analyzer gives up at 50).
impl<L0, L1, LT, T0, T1, TT, Rest, Op> EachMode<Op, Cons<T0, Cons<T1, TT>>, Rest>
    for Cons<L0, Cons<L1, LT>>
where
    Op: ModeOp<L0, T0> + ModeOp<L1, T1>,
    LT: EachMode<Op, TT, Rest>,
    <Op as ModeOp<L1, T1>>::Verdict: Both<LT::Verdict>,
    <Op as ModeOp<L0, T0>>::Verdict: Both<And<<Op as ModeOp<L1, T1>>::Verdict, LT::Verdict>>,
{
    type Output =
        Cons<<Op as ModeOp<L0, T0>>::Output, Cons<<Op as ModeOp<L1, T1>>::Output, LT::Output>>;
    type Verdict =
        And<<Op as ModeOp<L0, T0>>::Verdict, And<<Op as ModeOp<L1, T1>>::Verdict, LT::Verdict>>;
}

/// The verdict on a tuple tiler of `T` modes for a layout of `L` modes: `Cond` fails if T > L.
pub type RankFits<T, L, Cond> = crate::diagnostic::Check<typenum::LeEq<T, L>, Cond, T, L>;

/// Implements the tiler trait `$Trait<Layout<AS, AD>>` for tuples of tilers, by `$Op` mode by
/// mode, `$Cond` failing for a tiler of more modes than the layout. Invoked through
/// `for_each_arity!(tuple_tilers; Trait, Op, Rest, Cond)`.
macro_rules! tuple_tilers {
    ($Trait:ident, $Op:ty, $Rest:ty, $Cond:ty; $( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        #[doc(hidden)]
        impl<AS, AD, $($T),+> $Trait<$crate::layout::Layout<AS, AD>> for ($($T,)+)
        where
            AS: $crate::layout::int_tuple::LayoutShape<AD> + $crate::layout::sublayout::Modes,
            AD: $crate::layout::int_tuple::IntTuple + $crate::layout::sublayout::Modes,
            AS::List: $crate::layout::sublayout::ModeLayouts<AD::List>,
            <AS::List as $crate::layout::sublayout::ModeLayouts<AD::List>>::Output:
                $crate::algebra::by_mode::EachMode<$Op, $crate::num::list::list_type!($($T),+), $Rest>,
            <<AS::List as $crate::layout::sublayout::ModeLayouts<AD::List>>::Output
                as $crate::algebra::by_mode::EachMode<$Op, $crate::num::list::list_type!($($T),+), $Rest>>::Output:
                $crate::layout::sublayout::ConcatenateList,
            $crate::num::list::list_type!($($T),+): $crate::num::list::Len,
            AS::List: $crate::num::list::Len,
            <$crate::num::list::list_type!($($T),+) as $crate::num::list::Len>::Output:
                typenum::IsLessOrEqual<<AS::List as $crate::num::list::Len>::Output>,
            typenum::LeEq<
                <$crate::num::list::list_type!($($T),+) as $crate::num::list::Len>::Output,
                <AS::List as $crate::num::list::Len>::Output,
            >: $crate::diagnostic::CheckBit<
                $Cond,
                <$crate::num::list::list_type!($($T),+) as $crate::num::list::Len>::Output,
                <AS::List as $crate::num::list::Len>::Output,
            >,
            $crate::algebra::by_mode::RankFits<
                <$crate::num::list::list_type!($($T),+) as $crate::num::list::Len>::Output,
                <AS::List as $crate::num::list::Len>::Output,
                $Cond,
            >: $crate::diagnostic::Both<<<AS::List as $crate::layout::sublayout::ModeLayouts<AD::List>>::Output
                as $crate::algebra::by_mode::EachMode<$Op, $crate::num::list::list_type!($($T),+), $Rest>>::Verdict>,
        {
            type Output = <<<AS::List as $crate::layout::sublayout::ModeLayouts<AD::List>>::Output
                as $crate::algebra::by_mode::EachMode<$Op, $crate::num::list::list_type!($($T),+), $Rest>>::Output
                as $crate::layout::sublayout::ConcatenateList>::Output;
            type Verdict = $crate::diagnostic::And<
                $crate::algebra::by_mode::RankFits<
                    <$crate::num::list::list_type!($($T),+) as $crate::num::list::Len>::Output,
                    <AS::List as $crate::num::list::Len>::Output,
                    $Cond,
                >,
                <<AS::List as $crate::layout::sublayout::ModeLayouts<AD::List>>::Output
                    as $crate::algebra::by_mode::EachMode<$Op, $crate::num::list::list_type!($($T),+), $Rest>>::Verdict,
            >;
        }
    )+};
}

pub(crate) use tuple_tilers;
