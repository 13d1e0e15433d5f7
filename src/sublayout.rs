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

use crate::int::{Lit, ToStatic};
use crate::int_tuple::{At, Flatten, IntTuple, LayoutShape};
use crate::list::{for_each_arity, Concat, Cons, Joined, Nil, ToList, ToTuple};
use crate::{Layout, C};
use core::ops::Sub;
use typenum::{Bit, Diff, Sub1, UInt, UTerm, Unsigned, B1};

/// A function on IntTuples; a layout applies one to its shape and one to its stride.
pub trait TupleFn<T> {
    /// The resulting IntTuple.
    type Output: IntTuple;
    /// Applies the function.
    fn apply(self, t: T) -> Self::Output;
}

/// The layout `FS(shape):FD(stride)`.
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

/// The top-level modes of an IntTuple as a list: an integer is one mode.
pub trait Modes {
    /// The list of modes.
    type List;
    /// Its value.
    fn modes(self) -> Self::List;
}

impl<T: crate::Int> Modes for T {
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

/// The list without its first `N` elements.
pub trait Skip<N> {
    /// The rest.
    type Output;
    /// Its value.
    fn skip(self) -> Self::Output;
}

/// The first `N` elements of the list.
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

/// `get<P>(L)`: the mode of `L` at index or path `P` (`C<1>` or `(C<1>, C<0>)`).
pub type Sublayout<L, P> = Lifted<L, GetFn<P>>;
/// `select<Is...>(L)`, the indices as a tuple: `Select<L, (C<1>, C<3>)>`.
pub type Select<L, Is> = Lifted<L, SelectFn<Is>>;
/// `take<B,E>(L)`.
pub type Take<L, B, E> = Lifted<L, TakeFn<B, E>>;
/// `group<B,E>(L)`.
pub type Group<L, B, E> = Lifted<L, GroupFn<B, E>>;
/// `flatten(L)`.
pub type FlattenLayout<L> = Lifted<L, FlattenFn>;
/// `append(L, X)`.
pub type Append<L, X> = <L as AppendLayout<X>>::Output;
/// `prepend(L, X)`.
pub type Prepend<L, X> = <L as PrependLayout<X>>::Output;
/// `replace<I>(L, X)`.
pub type Replace<L, I, X> = <L as ReplaceLayout<I, X>>::Output;
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

/// `make_layout(a, b, ...)`: the layouts of the tuple as the modes of one layout.
#[inline(always)]
pub fn make_layout<Ls: Concatenate>(layouts: Ls) -> Ls::Output {
    layouts.concatenate()
}

fn marker<T>() -> core::marker::PhantomData<T> {
    core::marker::PhantomData
}

impl<S: LayoutShape<D>, D: IntTuple> Layout<S, D> {
    /// `layout<P>(self)`: the mode at index or path `P` (`C<1>`, or `(C<1>, C<0>)` for nested).
    #[inline(always)]
    pub fn get<P>(self) -> Sublayout<Self, P>
    where
        Self: Lift<GetFn<P>, GetFn<P>>,
    {
        self.lift(GetFn(marker()), GetFn(marker()))
    }

    /// `select<I...>(self)`, the indices as a tuple of `C<I>`.
    #[inline(always)]
    pub fn select<Is>(self) -> Select<Self, Is>
    where
        Self: Lift<SelectFn<Is>, SelectFn<Is>>,
    {
        self.lift(SelectFn(marker()), SelectFn(marker()))
    }

    /// `take<B,E>(self)`: the modes `B..E`.
    #[inline(always)]
    pub fn take<const B: usize, const E: usize>(self) -> Take<Self, C<B>, C<E>>
    where
        Lit<B>: ToStatic,
        Lit<E>: ToStatic,
        Self: Lift<TakeFn<C<B>, C<E>>, TakeFn<C<B>, C<E>>>,
    {
        self.lift(TakeFn(marker()), TakeFn(marker()))
    }

    /// `group<B,E>(self)`: the modes `B..E` gathered into one.
    #[inline(always)]
    pub fn group<const B: usize, const E: usize>(self) -> Group<Self, C<B>, C<E>>
    where
        Lit<B>: ToStatic,
        Lit<E>: ToStatic,
        Self: Lift<GroupFn<C<B>, C<E>>, GroupFn<C<B>, C<E>>>,
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
    pub fn replace<const I: usize, X: Parts>(self, x: X) -> Replace<Self, C<I>, X>
    where
        Lit<I>: ToStatic,
        Self: ReplaceLayout<C<I>, X>,
    {
        self.replace_layout(x)
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
