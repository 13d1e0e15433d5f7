//! `make_layout(a, b, ...)`: layouts as the modes of one layout, each keeping its shape and
//! stride (CuTe's `make_layout` of layouts).
//!
//! ```
//! use tessel::{layout, sublayout::make_layout};
//! let l = make_layout((layout!("4:2"), layout!("(2,3):(1,8)")));
//! assert_eq!(l.to_string(), "(4,(2,3)):(2,(1,8))");
//! ```

use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::list::{for_each_arity, Cons, Nil};

/// The modes of a layout as a list of layouts: the shapes `Self` and strides `D` as lists.
pub trait ModeLayouts<D> {
    /// The layouts.
    type Output;
}
impl ModeLayouts<Nil> for Nil {
    type Output = Nil;
}
impl<S: LayoutShape<D>, D: IntTuple, ST: ModeLayouts<DT>, DT> ModeLayouts<Cons<D, DT>>
    for Cons<S, ST>
{
    type Output = Cons<Layout<S, D>, ST::Output>;
}

/// Layouts as the modes of one layout: `make_layout`.
pub trait Concatenate {
    /// The layout.
    type Output;
    /// Its value.
    fn concatenate(self) -> Self::Output;
}

macro_rules! tuple_concatenate {
    ($( ($(($S:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($S: LayoutShape<$D>, $D: IntTuple),+> Concatenate for ($(Layout<$S, $D>,)+)
        where
            ($($S,)+): LayoutShape<($($D,)+)>,
        {
            type Output = Layout<($($S,)+), ($($D,)+)>;
            #[inline(always)]
            fn concatenate(self) -> Self::Output {
                Layout::new(($(self.$i.shape(),)+), ($(self.$i.stride(),)+))
            }
        }
    )+};
}

for_each_arity!(tuple_concatenate);

/// A list of layouts as the modes of one layout: [`Concatenate`] of the list's tuple in one
/// step of the solver's depth, not two (rust-analyzer gives up at a depth of 50).
///
/// ```
/// use tessel::layout;
/// use tessel::list::{Cons, Nil};
/// use tessel::sublayout::ConcatenateList;
/// type Modes = Cons<layout!("4:2"), Cons<layout!("(2,3):(1,8)"), Nil>>;
/// static_assertions::assert_type_eq_all!(
///     <Modes as ConcatenateList>::Output,
///     layout!("(4,(2,3)):(2,(1,8))")
/// );
/// ```
pub trait ConcatenateList {
    /// The layout.
    type Output;
}

/// `Cons<Layout<S0, D0>, Cons<Layout<S1, D1>, .. Nil>>`.
macro_rules! layout_list {
    () => { Nil };
    ($S:ident $D:ident $(, $St:ident $Dt:ident)*) => { Cons<Layout<$S, $D>, layout_list!($($St $Dt),*)> };
}

macro_rules! list_concatenate {
    ($( ($(($S:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($S: LayoutShape<$D>, $D: IntTuple),+> ConcatenateList for layout_list!($($S $D),+)
        where
            ($($S,)+): LayoutShape<($($D,)+)>,
        {
            type Output = Layout<($($S,)+), ($($D,)+)>;
        }
    )+};
}

for_each_arity!(list_concatenate);

/// `make_layout(a, b, ...)`: the layouts of the tuple as the modes of one layout.
#[inline(always)]
pub fn make_layout<Ls: Concatenate>(layouts: Ls) -> Ls::Output {
    layouts.concatenate()
}
