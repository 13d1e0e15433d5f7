//! Symbols: runtime integers inside the type-level algebra (the third kind of leaf, beside
//! static typenum integers and runtime `usize`/`isize` values), their expressions, and how they
//! are evaluated on the arguments' runtime leaves. The algebra's use of them is described in
//! [`crate::algebra::mixed`], which also holds their impls for tuples and layouts.

use crate::num::basis::E;
use crate::num::int::{ceil_div, min, Int, NonNegativeInt, Positive, StaticInt};
use crate::num::nat::{Mul, Prod};
use core::convert::Infallible;
use core::fmt;
use core::marker::PhantomData;
use typenum::{Add1, NInt, NonZero, UInt, UTerm, Unsigned, B1, U0, U1};

/// A runtime integer inside the type-level algebra, whose value is the expression `E` of the
/// arguments' runtime leaves. It is a type only (no value of it exists: [`Realize`] turns it
/// into a `usize` or `isize`); it is an [`Int`] so that it can sit in the `Layout` types the
/// walks build.
#[doc(hidden)]
pub struct Dyn<E>(Infallible, PhantomData<E>);

impl<E> Clone for Dyn<E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E> Copy for Dyn<E> {}
impl<E> fmt::Debug for Dyn<E> {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {}
    }
}
impl<E> Int for Dyn<E> {
    type Index = isize;
    fn value(&self) -> isize {
        match self.0 {}
    }
}
impl<E> NonNegativeInt for Dyn<E> {}
impl<E> Positive for Dyn<E> {}

macro_rules! expressions {
    ($($(#[$doc:meta])* $name:ident<$($p:ident),+>;)+) => {$(
        $(#[$doc])*
        #[doc(hidden)]
        pub struct $name<$($p),+>(PhantomData<($($p,)+)>);
    )+};
}

expressions! {
    /// The `N`-th runtime leaf of argument `Arg` (0 or 1).
    Var<Arg, N>;
    /// `X * Y`.
    Times<X, Y>;
    /// `X / Y`, rounded toward zero.
    Over<X, Y>;
    /// [`rules::ceil_div`]`(X, Y)`.
    CeilOver<X, Y>;
    /// [`rules::min`]`(X, Y)`.
    Least<X, Y>;
    /// `X + Y`.
    Plus<X, Y>;
    /// `(N - 1) * |R|`: how far N elements `R` apart reach.
    Reach<N, R>;
    /// [`rules::composition_usage`] of a mode of size `S` met by `N` elements at stride `R`.
    StepUse<S, R, N>;
    /// The scale `X` of the basis stride `X@J` ([`E`]): evaluated as `X`, realized as `X@J`.
    Basis<J, X>;
}

/// The answer of a comparison that involves a runtime value: not known during type checking.
#[doc(hidden)]
pub struct Unknown;

/// The most runtime leaves one argument of an operation may hold.
#[doc(hidden)]
pub const MAX_RUNTIME_LEAVES: usize = 32;

/// The runtime leaves of an operation's arguments, in the order [`Symbolize`] numbers them.
#[doc(hidden)]
pub struct Env {
    leaves: [[isize; MAX_RUNTIME_LEAVES]; 2],
}

impl Env {
    /// The runtime leaves of one argument.
    #[inline(always)]
    pub fn of<A: Gather>(a: &A) -> Self {
        Self::of2(a, &UTerm)
    }

    /// The runtime leaves of two arguments.
    #[inline(always)]
    pub fn of2<A: Gather, B: Gather>(a: &A, b: &B) -> Self {
        let mut env = Env {
            leaves: [[0; MAX_RUNTIME_LEAVES]; 2],
        };
        let (mut n, mut m) = (0, 0);
        a.gather(&mut env.leaves[0], &mut n);
        b.gather(&mut env.leaves[1], &mut m);
        env
    }
}

/// The value of an expression, given the arguments' runtime leaves.
#[doc(hidden)]
pub trait Eval {
    /// The value.
    fn eval(env: &Env) -> isize;
}

impl<T: StaticInt> Eval for T {
    #[inline(always)]
    fn eval(_: &Env) -> isize {
        T::VALUE
    }
}
impl<E: Eval> Eval for Dyn<E> {
    #[inline(always)]
    fn eval(env: &Env) -> isize {
        E::eval(env)
    }
}
impl<J, X: Eval> Eval for Basis<J, X> {
    #[inline(always)]
    fn eval(env: &Env) -> isize {
        X::eval(env)
    }
}
impl<Arg: Unsigned, N: Unsigned> Eval for Var<Arg, N> {
    #[inline(always)]
    fn eval(env: &Env) -> isize {
        const { assert!(N::USIZE < MAX_RUNTIME_LEAVES, "too many runtime leaves") };
        env.leaves[Arg::USIZE][N::USIZE]
    }
}

macro_rules! eval_binary {
    ($($name:ident: |$a:ident, $b:ident| $e:expr;)+) => {$(
        impl<X: Eval, Y: Eval> Eval for $name<X, Y> {
            #[inline(always)]
            fn eval(env: &Env) -> isize {
                let ($a, $b) = (X::eval(env), Y::eval(env));
                $e
            }
        }
    )+};
}

eval_binary! {
    Times: |a, b| a * b;
    Over: |a, b| a / b;
    CeilOver: |a, b| ceil_div(a as i64, b as i64) as isize;
    Least: |a, b| min(a as i64, b as i64) as isize;
    Plus: |a, b| a + b;
    Reach: |n, r| (n - 1) * r.abs();
}

/// Collects a value's runtime leaves, in flattened order (a layout: shape, then stride).
#[doc(hidden)]
pub trait Gather {
    /// Appends the runtime leaves to `out` from position `n` on.
    fn gather(&self, out: &mut [isize; MAX_RUNTIME_LEAVES], n: &mut usize);
}

/// Each runtime leaf of `Self` (argument `Arg`) as a symbol, numbered from `N` on.
#[doc(hidden)]
pub trait Symbolize<Arg, N> {
    /// `Self` with its runtime leaves as symbols.
    type Output;
    /// The number after the last symbol.
    type Next;
}

/// `A` with its runtime leaves as symbols of argument `Arg`.
#[doc(hidden)]
pub type Sym<A, Arg> = <A as Symbolize<Arg, U0>>::Output;
/// The first argument, symbolized.
#[doc(hidden)]
pub type Sym0<A> = Sym<A, U0>;
/// The second argument, symbolized.
#[doc(hidden)]
pub type Sym1<A> = Sym<A, U1>;

macro_rules! static_leaf {
    ($([$($p:tt)*] $t:ty;)+) => {$(
        impl<$($p)* Arg, N> Symbolize<Arg, N> for $t {
            type Output = Self;
            type Next = N;
        }
        impl<$($p)*> Gather for $t {
            #[inline(always)]
            fn gather(&self, _: &mut [isize; MAX_RUNTIME_LEAVES], _: &mut usize) {}
        }
    )+};
}

static_leaf! {
    [] UTerm;
    [U, B,] UInt<U, B>;
    [U: Unsigned + NonZero,] NInt<U>;
}

macro_rules! runtime_leaf {
    ($([$($p:tt)*] $t:ty;)+) => {$(
        impl<$($p)* Arg, N: core::ops::Add<B1>> Symbolize<Arg, N> for $t {
            type Output = Dyn<Var<Arg, N>>;
            type Next = Add1<N>;
        }
        impl<$($p)*> Gather for $t {
            #[inline(always)]
            fn gather(&self, out: &mut [isize; MAX_RUNTIME_LEAVES], n: &mut usize) {
                // Past the capacity nothing is kept: a result that reads such a leaf does not
                // compile (`Var`'s assertion), so none is read.
                if let Some(slot) = out.get_mut(*n) {
                    *slot = self.value();
                }
                *n += 1;
            }
        }
    )+};
}

runtime_leaf! {
    [] usize;
    [] isize;
}

/// A basis stride is a symbol whatever its scale, so that the walks neither merge it with nor
/// find it equal to another stride (CuTe's `1@0` and `1@1` never coalesce); its scale is
/// gathered as a runtime leaf where it is one. Only an operation's first argument (the layout
/// that is tiled, divided, composed) may hold one: a tiler or a `B` of basis strides maps to
/// coordinates, and tessel does not compose with one (CuTe picks modes of A with it).
impl<J, V: Symbolize<U0, N>, Arg: FirstArgument, N> Symbolize<Arg, N> for E<J, V> {
    type Output = Dyn<Basis<J, V::Output>>;
    type Next = V::Next;
}
/// The first argument of an operation (`U0`), the one argument that may hold basis strides
/// (a tiler of them is refused before this, with the tiler's message; this refuses one inside a
/// tuple tiler).
///
/// ```compile_fail,E0277
/// use tessel::{composition, layout, make_identity_tensor_of, C};
/// let id = make_identity_tensor_of((C::<2>::default(), C::<2>::default()));
/// let a = <layout!("(4,4):(1,4)")>::default();
/// // a basis stride (k@j) in an operation's second argument: ...
/// let _ = composition(a, (id.layout(), C::<2>::default()));
/// ```
#[diagnostic::on_unimplemented(
    message = "a basis stride (k@j) in an operation's second argument: a tiler or a composition's B must give indices",
    label = "only the first argument (the layout composed, divided or tiled) may have basis strides"
)]
pub trait FirstArgument {}
impl FirstArgument for U0 {}
impl<J, V: Gather> Gather for E<J, V> {
    #[inline(always)]
    fn gather(&self, out: &mut [isize; MAX_RUNTIME_LEAVES], n: &mut usize) {
        self.0.gather(out, n);
    }
}

/// The leaf a stride expression realizes to: `isize`; or the basis stride `E<J, isize>` where
/// it scales one, `E<J, T>` with its scale `T` static where every factor of it is (CuTe's
/// `_1@0 * _32` is `_32@0`). Only multiples of one basis element are strides: `1@0 * 1@1` is
/// none, and does not compile.
#[doc(hidden)]
pub trait Along {
    /// `isize`, `E<J, isize>`, `E<J, T>`, or a static integer (a factor).
    type Leaf: Scaled;
}
/// A realized stride leaf made from its scale (which a static leaf has in its type).
#[doc(hidden)]
pub trait Scaled: Copy {
    /// The leaf of scale `v`.
    fn scaled(v: isize) -> Self;
}
impl Scaled for isize {
    #[inline(always)]
    fn scaled(v: isize) -> Self {
        v
    }
}
impl<T: StaticInt> Scaled for T {
    #[inline(always)]
    fn scaled(_: isize) -> Self {
        T::INSTANCE
    }
}
impl<J: Unsigned> Scaled for E<J, isize> {
    #[inline(always)]
    fn scaled(v: isize) -> Self {
        E::new(v)
    }
}
impl<J: Unsigned, T: StaticInt> Scaled for E<J, T> {
    #[inline(always)]
    fn scaled(_: isize) -> Self {
        E::new(T::INSTANCE)
    }
}

/// The runtime form of a leaf: `isize`, or `E<J, isize>`.
#[doc(hidden)]
pub trait Demote {
    /// The leaf with a runtime scale.
    type Output;
}
impl Demote for isize {
    type Output = isize;
}
impl<T: StaticInt> Demote for T {
    type Output = isize;
}
impl<J, V> Demote for E<J, V> {
    type Output = E<J, isize>;
}
/// The leaf of two runtime leaves, integers.
#[doc(hidden)]
pub trait JoinRuntime<B> {
    /// The joined leaf.
    type Output: Scaled;
}
impl JoinRuntime<isize> for isize {
    type Output = isize;
}
/// The leaf of a sum, quotient, .. of two leaves: runtime, as CuTe's arithmetic on a runtime
/// integer is; of integers only (a basis stride is only scaled: its quotient or its sum with
/// another is no stride, and does not compile).
#[doc(hidden)]
pub type Joined<A, B> = <<A as Demote>::Output as JoinRuntime<<B as Demote>::Output>>::Output;

/// The leaf of a product: static where a basis stride of static scale meets a static factor.
#[doc(hidden)]
pub trait TimesLeaf<B> {
    /// The product's leaf.
    type Output: Scaled;
}
macro_rules! runtime_products {
    ($([$($p:tt)*] $a:ty, $b:ty => $o:ty;)+) => {$(
        impl<$($p)*> TimesLeaf<$b> for $a {
            type Output = $o;
        }
    )+};
}
runtime_products! {
    [] isize, isize => isize;
    [T: StaticInt] isize, T => isize;
    [T: StaticInt] T, isize => isize;
    [J: Unsigned, V] isize, E<J, V> => E<J, isize>;
    [J: Unsigned, V] E<J, V>, isize => E<J, isize>;
    [J: Unsigned, T: StaticInt] T, E<J, isize> => E<J, isize>;
    [J: Unsigned, T: StaticInt] E<J, isize>, T => E<J, isize>;
}
impl<J: Unsigned, A: StaticInt + Mul<T>, T: StaticInt> TimesLeaf<T> for E<J, A>
where
    Prod<A, T>: StaticInt,
{
    type Output = E<J, Prod<A, T>>;
}
impl<J: Unsigned, A: StaticInt, T: StaticInt + Mul<A>> TimesLeaf<E<J, A>> for T
where
    Prod<T, A>: StaticInt,
{
    type Output = E<J, Prod<T, A>>;
}

impl<T: StaticInt> Along for T {
    type Leaf = T;
}
impl<Arg, N> Along for Var<Arg, N> {
    type Leaf = isize;
}
impl<E: Along> Along for Dyn<E> {
    type Leaf = E::Leaf;
}
impl<J: Unsigned, X: Along> Along for Basis<J, X>
where
    X::Leaf: OnBasis<J>,
{
    type Leaf = <X::Leaf as OnBasis<J>>::Output;
}
/// A scale on the basis `J`: `E<J, isize>`, or `E<J, T>` for a static one.
#[doc(hidden)]
pub trait OnBasis<J> {
    /// The basis stride.
    type Output: Scaled;
}
impl<J: Unsigned> OnBasis<J> for isize {
    type Output = E<J, isize>;
}
impl<J: Unsigned, T: StaticInt> OnBasis<J> for T {
    type Output = E<J, T>;
}
impl<X: Along, Y: Along> Along for Times<X, Y>
where
    X::Leaf: TimesLeaf<Y::Leaf>,
{
    type Leaf = <X::Leaf as TimesLeaf<Y::Leaf>>::Output;
}
macro_rules! along_joined {
    ($($name:ident;)+) => {$(
        impl<X: Along, Y: Along> Along for $name<X, Y>
        where
            X::Leaf: Demote,
            Y::Leaf: Demote,
            <X::Leaf as Demote>::Output: JoinRuntime<<Y::Leaf as Demote>::Output>,
        {
            type Leaf = Joined<X::Leaf, Y::Leaf>;
        }
    )+};
}
along_joined! { Over; CeilOver; Least; Plus; Reach; }
impl<S: Along, R: Along, N: Along> Along for StepUse<S, R, N>
where
    S::Leaf: Demote,
    R::Leaf: Demote,
    N::Leaf: Demote,
    <R::Leaf as Demote>::Output: JoinRuntime<<N::Leaf as Demote>::Output>,
    Joined<R::Leaf, N::Leaf>: Demote,
    <S::Leaf as Demote>::Output: JoinRuntime<<Joined<R::Leaf, N::Leaf> as Demote>::Output>,
{
    type Leaf = Joined<S::Leaf, Joined<R::Leaf, N::Leaf>>;
}

/// Which side of a layout a leaf is on: a runtime shape is a `usize`, a runtime stride an
/// `isize`.
#[doc(hidden)]
pub struct OnShape;
/// See [`OnShape`].
#[doc(hidden)]
pub struct OnStride;
/// A whole layout.
#[doc(hidden)]
pub struct Whole;

/// The value of a symbolic type: each symbol a runtime integer evaluated from `env`.
#[doc(hidden)]
pub trait Realize<Side> {
    /// The type with runtime integers for symbols.
    type Output: Copy;
    /// The value.
    fn realize(env: &Env) -> Self::Output;
}

impl<T: StaticInt, Side> Realize<Side> for T {
    type Output = T;
    #[inline(always)]
    fn realize(_: &Env) -> T {
        T::INSTANCE
    }
}
impl<E: Eval> Realize<OnShape> for Dyn<E> {
    type Output = usize;
    #[inline(always)]
    fn realize(env: &Env) -> usize {
        E::eval(env) as usize
    }
}
impl<E: Eval + Along> Realize<OnStride> for Dyn<E> {
    type Output = E::Leaf;
    #[inline(always)]
    fn realize(env: &Env) -> E::Leaf {
        E::Leaf::scaled(E::eval(env))
    }
}
/// A symbolic layout with its symbols as runtime integers.
#[doc(hidden)]
pub type Realized<L> = <L as Realize<Whole>>::Output;

// CuTe's arithmetic on a runtime integer: the answer is runtime, except `x * 0`, which is 0.

/// `Dyn * S` for a shape S: a symbol.
impl<E, R> crate::num::nat::Mul<R> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, R>>;
}
