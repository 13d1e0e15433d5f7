//! Sublayouts and concatenation: CuTe's layout manipulation (01_layout, "Layout Manipulation").
//!
//! Each is a function on the top-level modes of an IntTuple, applied to the shape and to the
//! stride alike; an integer counts as one mode (CuTe's `append(3:1, 4:3)` is `(3,4):(1,3)`).
//! - `get<I...>`: the mode at a (nested) index;
//! - `select<I...>`: the modes at the indices, in that order;
//! - `take<B,E>`: the modes `B..E`;
//! - `group<B,E>`: the modes `B..E` gathered into one;
//! - `flatten`: the leaves as modes;
//! - `append`, `prepend`, `replace<I>`: a layout added as the last or first mode, or put at I;
//! - `make_layout(a, b, ...)`: the layouts as the modes of one.
//!
//! This file holds the operations; `index.rs` the modes of an IntTuple and the checks of the
//! indices and ranges given to them; `concatenate.rs` `make_layout`.
//!
//! ```
//! use tessel::{layout, sublayout::*, C};
//! let a = layout!("(2,3,5,7)");
//! assert_eq!(a.to_string(), "(2,3,5,7):(1,2,6,30)");
//! assert_eq!(a.select::<(C<1>, C<3>)>().to_string(), "(3,7):(2,30)");
//! assert_eq!(a.take::<1, 3>().to_string(), "(3,5):(2,6)");
//! assert_eq!(a.group::<0, 2>().to_string(), "((2,3),5,7):((1,2),6,30)");
//! let b = layout!("(4,(3,6))");
//! assert_eq!(b.get::<(C<1>, C<0>)>().to_string(), "3:4");
//! assert_eq!(make_layout((layout!("3:1"), layout!("4:3"))).to_string(), "(3,4):(1,3)");
//! ```

use crate::diagnostic::{Checked, Verified};
use crate::layout::int_tuple::{At, Flatten, IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::C;
use crate::num::int::{Lit, ToStatic};
use crate::num::list::{
    for_each_arity, Concat, Cons, Joined, Nil, Prefix, Range, Skip, ToList, ToTuple,
};
use typenum::{UInt, UTerm, B1};

mod concatenate;
mod index;

pub use concatenate::{make_layout, Concatenate, ConcatenateList, ModeLayouts};
pub use index::{
    GetMode, GetModeExists, GetPath, Indices, ModeIndex, ModeRange, Modes, PathIndex, Pick,
    PickRange, RangeEmpty, RangeEnd, RangeEndsInside, RangeNotEmpty, ReplaceMode,
    ReplaceModeExists, SelectMode, SelectModeExists,
};

/// A function on IntTuples; a layout applies one to its shape and one to its stride.
pub trait TupleFn<T> {
    /// The resulting IntTuple.
    type Output: IntTuple;
    /// Applies the function.
    fn apply(self, t: T) -> Self::Output;
}

/// The layout `FS(shape):FD(stride)`.
#[doc(hidden)]
pub trait Lift<FS, FD> {
    /// The resulting layout.
    type Output;
    /// Applies `fs` to the shape and `fd` to the stride.
    fn lift(self, fs: FS, fd: FD) -> Self::Output;
}

impl<S: LayoutShape<D>, D: IntTuple, FS: TupleFn<S>, FD: TupleFn<D>> Lift<FS, FD> for Layout<S, D>
where
    FS::Output: LayoutShape<FD::Output>,
{
    type Output = Layout<FS::Output, FD::Output>;
    #[inline(always)]
    fn lift(self, fs: FS, fd: FD) -> Self::Output {
        Layout::new(fs.apply(self.shape()), fd.apply(self.stride()))
    }
}

/// The layout `F(shape):F(stride)`, for a function that needs no operand.
pub type Lifted<L, F> = <L as Lift<F, F>>::Output;

/// A list of modes back as an IntTuple.
fn tuple<L: ToTuple>(list: L) -> L::Tuple {
    list.to_tuple()
}

/// `get<I>`: the mode at index `I` (a typenum index), or at the path `(I0, I1, ...)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct GetFn<P>(core::marker::PhantomData<P>);

/// `select<I...>`: the modes at the indices of the tuple `Is`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SelectFn<Is>(core::marker::PhantomData<Is>);

/// `take<B,E>`: the modes `B..E`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TakeFn<B, E>(core::marker::PhantomData<(B, E)>);

/// `group<B,E>`: the modes `B..E` gathered into one.
#[derive(Clone, Copy, Debug, Default)]
pub struct GroupFn<B, E>(core::marker::PhantomData<(B, E)>);

/// `flatten`: the leaves.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlattenFn;

/// `append(_, x)`: `x` as a new last mode.
#[derive(Clone, Copy, Debug, Default)]
pub struct AppendFn<X>(pub X);

/// `prepend(_, x)`: `x` as a new first mode.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrependFn<X>(pub X);

/// `replace<I>(_, x)`: `x` in place of mode `I`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReplaceFn<I, X>(core::marker::PhantomData<I>, pub X);

impl<T: At<UTerm>> TupleFn<T> for GetFn<UTerm>
where
    T::Output: IntTuple,
{
    type Output = T::Output;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        t.at()
    }
}

impl<T: At<UInt<U, B>>, U, B> TupleFn<T> for GetFn<UInt<U, B>>
where
    T::Output: IntTuple,
{
    type Output = T::Output;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        t.at()
    }
}

/// The element at a path of indices, given as a list.
pub trait AtPath<P> {
    /// The element.
    type Output: IntTuple;
    /// Its value.
    fn at_path(&self) -> Self::Output;
}

impl<T: IntTuple> AtPath<Nil> for T {
    type Output = T;
    #[inline(always)]
    fn at_path(&self) -> T {
        *self
    }
}

impl<T: At<I>, I, Is> AtPath<Cons<I, Is>> for T
where
    T::Output: AtPath<Is>,
{
    type Output = <T::Output as AtPath<Is>>::Output;
    #[inline(always)]
    fn at_path(&self) -> Self::Output {
        self.at().at_path()
    }
}

macro_rules! tuple_paths {
    ($( ($(($S:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<T: PathIndex<crate::num::list::list_type!($($S),+)>, $($S),+> GetPath<T> for ($($S,)+)
        where
            <T as PathIndex<crate::num::list::list_type!($($S),+)>>::Safe: ToTuple,
        {
            type Verdict = <T as PathIndex<crate::num::list::list_type!($($S),+)>>::Verdict;
            type Safe =
                <<T as PathIndex<crate::num::list::list_type!($($S),+)>>::Safe as ToTuple>::Tuple;
        }

        /// Following a path: `get<(I0, I1)>` is `get<I1>` of `get<I0>`.
        impl<T: AtPath<<($($S,)+) as ToList>::List>, $($S),+> TupleFn<T> for GetFn<($($S,)+)> {
            type Output = T::Output;
            #[inline(always)]
            fn apply(self, t: T) -> Self::Output {
                t.at_path()
            }
        }
    )+};
}

for_each_arity!(tuple_paths);

/// The modes at a list of indices, as a list.
pub trait SelectList<T> {
    /// The selected modes.
    type Output;
    /// Their value.
    fn select(t: T) -> Self::Output;
}

impl<T> SelectList<T> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn select(_: T) -> Nil {
        Nil
    }
}

impl<T: Copy + At<I>, I, Is: SelectList<T>> SelectList<T> for Cons<I, Is> {
    type Output = Cons<T::Output, Is::Output>;
    #[inline(always)]
    fn select(t: T) -> Self::Output {
        Cons(t.at(), Is::select(t))
    }
}

impl<T, Is: ToList> TupleFn<T> for SelectFn<Is>
where
    Is::List: SelectList<T>,
    <Is::List as SelectList<T>>::Output: ToTuple,
    <<Is::List as SelectList<T>>::Output as ToTuple>::Tuple: IntTuple,
{
    type Output = <<Is::List as SelectList<T>>::Output as ToTuple>::Tuple;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        tuple(Is::List::select(t))
    }
}

impl<T: Modes, B, E> TupleFn<T> for TakeFn<B, E>
where
    T::List: Range<B, E>,
    <T::List as Range<B, E>>::Output: ToTuple,
    <<T::List as Range<B, E>>::Output as ToTuple>::Tuple: IntTuple,
{
    type Output = <<T::List as Range<B, E>>::Output as ToTuple>::Tuple;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        tuple(t.modes().range())
    }
}

/// The modes of `T` with `B..E` gathered into one, as a list.
type GroupedList<L, B, E> = Joined<
    <L as Prefix<B>>::Output,
    Cons<<<L as Range<B, E>>::Output as ToTuple>::Tuple, <L as Skip<E>>::Output>,
>;

impl<T: Modes, B, E> TupleFn<T> for GroupFn<B, E>
where
    T::List: Prefix<B> + Range<B, E> + Skip<E> + Copy,
    <T::List as Range<B, E>>::Output: ToTuple,
    <T::List as Prefix<B>>::Output: Concat<
        Cons<<<T::List as Range<B, E>>::Output as ToTuple>::Tuple, <T::List as Skip<E>>::Output>,
    >,
    GroupedList<T::List, B, E>: ToTuple,
    <GroupedList<T::List, B, E> as ToTuple>::Tuple: IntTuple,
{
    type Output = <GroupedList<T::List, B, E> as ToTuple>::Tuple;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        let modes = t.modes();
        let group = tuple(modes.range());
        tuple(modes.prefix().concat(Cons(group, modes.skip())))
    }
}

impl<T: Flatten> TupleFn<T> for FlattenFn
where
    T::Output: IntTuple,
{
    type Output = T::Output;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        t.flatten()
    }
}

impl<T: Modes, X> TupleFn<T> for AppendFn<X>
where
    T::List: Concat<Cons<X, Nil>>,
    Joined<T::List, Cons<X, Nil>>: ToTuple,
    <Joined<T::List, Cons<X, Nil>> as ToTuple>::Tuple: IntTuple,
{
    type Output = <Joined<T::List, Cons<X, Nil>> as ToTuple>::Tuple;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        tuple(t.modes().concat(Cons(self.0, Nil)))
    }
}

impl<T: Modes, X> TupleFn<T> for PrependFn<X>
where
    Cons<X, T::List>: ToTuple,
    <Cons<X, T::List> as ToTuple>::Tuple: IntTuple,
{
    type Output = <Cons<X, T::List> as ToTuple>::Tuple;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        tuple(Cons(self.0, t.modes()))
    }
}

/// The modes of `T` with mode `I` replaced by `X`, as a list.
type ReplacedList<L, I, X> =
    Joined<<L as Prefix<I>>::Output, Cons<X, <L as Skip<typenum::Add1<I>>>::Output>>;

impl<T: Modes, I: core::ops::Add<B1>, X> TupleFn<T> for ReplaceFn<I, X>
where
    T::List: Prefix<I> + Skip<typenum::Add1<I>> + Copy,
    <T::List as Prefix<I>>::Output: Concat<Cons<X, <T::List as Skip<typenum::Add1<I>>>::Output>>,
    ReplacedList<T::List, I, X>: ToTuple,
    <ReplacedList<T::List, I, X> as ToTuple>::Tuple: IntTuple,
{
    type Output = <ReplacedList<T::List, I, X> as ToTuple>::Tuple;
    #[inline(always)]
    fn apply(self, t: T) -> Self::Output {
        let modes = t.modes();
        tuple(modes.prefix().concat(Cons(self.1, modes.skip())))
    }
}

/// The shape of a layout.
type ShapeOf<L> = <L as Parts>::Shape;
/// `get<P>`'s path checked against the shape of L.
type SafePath<L, P> = <P as GetPath<ShapeOf<L>>>::Safe;
/// `select`'s indices checked against the shape of L.
type Selected<L, Is> = <<Is as ToList>::List as Indices<ShapeOf<L>, SelectMode>>::Safe;

/// `get<P>(L)`: the mode of `L` at index or path `P` (`C<1>` or `(C<1>, C<0>)`).
pub type Sublayout<L, P> =
    Verified<<P as GetPath<ShapeOf<L>>>::Verdict, Lifted<L, GetFn<SafePath<L, P>>>>;
/// `select<Is...>(L)`, the indices as a tuple: `Select<L, (C<1>, C<3>)>`.
pub type Select<L, Is> = Verified<
    <<Is as ToList>::List as Indices<ShapeOf<L>, SelectMode>>::Verdict,
    Lifted<L, SelectFn<<Selected<L, Is> as ToTuple>::Tuple>>,
>;
/// `take<B,E>(L)`.
pub type Take<L, B, E> = Verified<
    <ShapeOf<L> as ModeRange<B, E>>::Verdict,
    Lifted<L, TakeFn<<ShapeOf<L> as ModeRange<B, E>>::Begin, <ShapeOf<L> as ModeRange<B, E>>::End>>,
>;
/// `group<B,E>(L)`.
pub type Group<L, B, E> = Verified<
    <ShapeOf<L> as ModeRange<B, E>>::Verdict,
    Lifted<
        L,
        GroupFn<<ShapeOf<L> as ModeRange<B, E>>::Begin, <ShapeOf<L> as ModeRange<B, E>>::End>,
    >,
>;
/// `flatten(L)`.
pub type FlattenLayout<L> = Lifted<L, FlattenFn>;
/// `append(L, X)`.
pub type Append<L, X> = <L as AppendLayout<X>>::Output;
/// `prepend(L, X)`.
pub type Prepend<L, X> = <L as PrependLayout<X>>::Output;
/// `replace<I>(L, X)`.
pub type Replace<L, I, X> = Verified<
    <ShapeOf<L> as ModeIndex<I, ReplaceMode>>::Verdict,
    <L as ReplaceLayout<<ShapeOf<L> as ModeIndex<I, ReplaceMode>>::Safe, X>>::Output,
>;
/// `make_layout(L0, L1, ...)`, the layouts as a tuple: `MakeLayout<(L0, L1)>`.
pub type MakeLayout<Ls> = <Ls as Concatenate>::Output;

macro_rules! layout_operand_ops {
    ($($(#[$doc:meta])* $Trait:ident<$($P:ident),*>::$method:ident via $Fn:ident;)+) => {$(
        $(#[$doc])*
        pub trait $Trait<$($P,)* X> {
            /// The resulting layout.
            type Output;
            /// Applies the operation with operand `x`.
            fn $method(self, x: X) -> Self::Output;
        }

        impl<S: LayoutShape<D>, D: IntTuple, $($P,)* X: Parts> $Trait<$($P,)* X> for Layout<S, D>
        where
            Self: Lift<$Fn<$($P,)* X::Shape>, $Fn<$($P,)* X::Stride>>,
        {
            type Output = <Self as Lift<$Fn<$($P,)* X::Shape>, $Fn<$($P,)* X::Stride>>>::Output;
            #[inline(always)]
            fn $method(self, x: X) -> Self::Output {
                let (shape, stride) = x.parts();
                self.lift($Fn::from(shape), $Fn::from(stride))
            }
        }
    )+};
}

layout_operand_ops! {
    /// `append(L, X)`.
    AppendLayout<>::append_layout via AppendFn;
    /// `prepend(L, X)`.
    PrependLayout<>::prepend_layout via PrependFn;
    /// `replace<I>(L, X)`.
    ReplaceLayout<I>::replace_layout via ReplaceFn;
}

impl<X> From<X> for AppendFn<X> {
    fn from(x: X) -> Self {
        AppendFn(x)
    }
}

impl<X> From<X> for PrependFn<X> {
    fn from(x: X) -> Self {
        PrependFn(x)
    }
}

impl<I, X> From<X> for ReplaceFn<I, X> {
    fn from(x: X) -> Self {
        ReplaceFn(marker(), x)
    }
}

/// The begin of `take`/`group`'s range `B..E` over the shape S, once checked.
type Begin<S, const B: usize, const E: usize> = <S as ModeRange<C<B>, C<E>>>::Begin;
/// The end of the range, once checked.
type End<S, const B: usize, const E: usize> = <S as ModeRange<C<B>, C<E>>>::End;

fn marker<T>() -> core::marker::PhantomData<T> {
    core::marker::PhantomData
}

impl<S: LayoutShape<D>, D: IntTuple> Layout<S, D> {
    /// `layout<P>(self)`: the mode at index or path `P` (`C<1>`, or `(C<1>, C<0>)` for nested);
    /// an index past the modes does not compile.
    #[inline(always)]
    pub fn get<P: GetPath<S>>(self) -> Lifted<Self, GetFn<P::Safe>>
    where
        P::Verdict: Checked,
        Self: Lift<GetFn<P::Safe>, GetFn<P::Safe>>,
    {
        self.lift(GetFn(marker()), GetFn(marker()))
    }

    /// `select<I...>(self)`, the indices as a tuple of `C<I>`.
    #[inline(always)]
    pub fn select<Is: ToList>(
        self,
    ) -> Lifted<Self, SelectFn<<Selected<Self, Is> as ToTuple>::Tuple>>
    where
        Is::List: Indices<S, SelectMode>,
        <Is::List as Indices<S, SelectMode>>::Verdict: Checked,
        <Is::List as Indices<S, SelectMode>>::Safe: ToTuple,
        Self: Lift<
            SelectFn<<Selected<Self, Is> as ToTuple>::Tuple>,
            SelectFn<<Selected<Self, Is> as ToTuple>::Tuple>,
        >,
    {
        self.lift(SelectFn(marker()), SelectFn(marker()))
    }

    /// `take<B,E>(self)`: the modes `B..E`.
    #[inline(always)]
    pub fn take<const B: usize, const E: usize>(
        self,
    ) -> Lifted<Self, TakeFn<Begin<S, B, E>, End<S, B, E>>>
    where
        Lit<B>: ToStatic,
        Lit<E>: ToStatic,
        S: ModeRange<C<B>, C<E>>,
        <S as ModeRange<C<B>, C<E>>>::Verdict: Checked,
        Self: Lift<TakeFn<Begin<S, B, E>, End<S, B, E>>, TakeFn<Begin<S, B, E>, End<S, B, E>>>,
    {
        self.lift(TakeFn(marker()), TakeFn(marker()))
    }

    /// `group<B,E>(self)`: the modes `B..E` gathered into one.
    #[inline(always)]
    pub fn group<const B: usize, const E: usize>(
        self,
    ) -> Lifted<Self, GroupFn<Begin<S, B, E>, End<S, B, E>>>
    where
        Lit<B>: ToStatic,
        Lit<E>: ToStatic,
        S: ModeRange<C<B>, C<E>>,
        <S as ModeRange<C<B>, C<E>>>::Verdict: Checked,
        Self: Lift<GroupFn<Begin<S, B, E>, End<S, B, E>>, GroupFn<Begin<S, B, E>, End<S, B, E>>>,
    {
        self.lift(GroupFn(marker()), GroupFn(marker()))
    }

    /// `flatten(self)`: the leaves as modes.
    #[inline(always)]
    pub fn flatten(self) -> FlattenLayout<Self>
    where
        Self: Lift<FlattenFn, FlattenFn>,
    {
        self.lift(FlattenFn, FlattenFn)
    }

    /// `append(self, x)`: `x` as a new last mode.
    #[inline(always)]
    pub fn append<X: Parts>(self, x: X) -> Append<Self, X>
    where
        Self: AppendLayout<X>,
    {
        self.append_layout(x)
    }

    /// `prepend(self, x)`: `x` as a new first mode.
    #[inline(always)]
    pub fn prepend<X: Parts>(self, x: X) -> Prepend<Self, X>
    where
        Self: PrependLayout<X>,
    {
        self.prepend_layout(x)
    }

    /// `replace<I>(self, x)`: `x` in place of mode `I` (`l.replace::<2, _>(x)`).
    #[inline(always)]
    pub fn replace<const I: usize, X: Parts>(
        self,
        x: X,
    ) -> <Self as ReplaceLayout<<S as ModeIndex<C<I>, ReplaceMode>>::Safe, X>>::Output
    where
        Lit<I>: ToStatic,
        S: ModeIndex<C<I>, ReplaceMode>,
        <S as ModeIndex<C<I>, ReplaceMode>>::Verdict: Checked,
        Self: ReplaceLayout<<S as ModeIndex<C<I>, ReplaceMode>>::Safe, X>,
    {
        self.replace_layout(x)
    }
}

/// `group<B,E>` of a tensor's layout, plain or swizzled (CuTe's `group_modes<B,E>(t)`): the
/// modes `B..E` gathered into one.
///
/// ```
/// use tessel::{layout, sublayout::GroupModes, Tensor};
/// let data = [0f32; 48];
/// let t = Tensor::new(&data, layout!("(4,3,4):(1,4,12)"));
/// assert_eq!(t.group_modes::<0, 2>().layout().to_string(), "((4,3),4):((1,4),12)");
/// assert_eq!(GroupModes::<1, 3>::group_modes(layout!("(4,3,4):(1,4,12)")).to_string(), "(4,(3,4)):(1,(4,12))");
/// ```
pub trait GroupModes<const B: usize, const E: usize> {
    /// The layout.
    type Output;
    /// Gathers the modes.
    fn group_modes(self) -> Self::Output;
}
// The bounds of `Layout::group`, written again rather than the method calling through this
// trait: a failure named by a trait's bound prints the layout's typenum type in the error.
impl<S: LayoutShape<D>, D: IntTuple, const B: usize, const E: usize> GroupModes<B, E>
    for Layout<S, D>
where
    Lit<B>: ToStatic,
    Lit<E>: ToStatic,
    S: ModeRange<C<B>, C<E>>,
    <S as ModeRange<C<B>, C<E>>>::Verdict: Checked,
    Self: Lift<GroupFn<Begin<S, B, E>, End<S, B, E>>, GroupFn<Begin<S, B, E>, End<S, B, E>>>,
{
    type Output = Lifted<Self, GroupFn<Begin<S, B, E>, End<S, B, E>>>;
    #[inline(always)]
    fn group_modes(self) -> Self::Output {
        self.group::<B, E>()
    }
}

/// A layout's shape and stride, as types and values.
pub trait Parts {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// Both values.
    fn parts(self) -> (Self::Shape, Self::Stride);
}

impl<S: LayoutShape<D>, D: IntTuple> Parts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn parts(self) -> (S, D) {
        (self.shape(), self.stride())
    }
}

/// A layout of two modes split into them: `(L0, L1)` to `L0` and `L1` (a zipped divide's tile and rest).
pub trait TwoModes {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
    /// The two modes.
    fn split(self) -> (Self::First, Self::Second);
}
impl<S0, S1, D0: IntTuple, D1: IntTuple> TwoModes for Layout<(S0, S1), (D0, D1)>
where
    (S0, S1): LayoutShape<(D0, D1)>,
    S0: LayoutShape<D0>,
    S1: LayoutShape<D1>,
{
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
    #[inline(always)]
    fn split(self) -> (Self::First, Self::Second) {
        let ((s0, s1), (d0, d1)) = (self.shape(), self.stride());
        (Layout::new(s0, d0), Layout::new(s1, d1))
    }
}
