//! Symbols: runtime integers inside the type-level algebra (the third kind of leaf, beside
//! static typenum integers and runtime `usize`/`isize` values), their expressions, and how they
//! are evaluated on the arguments' runtime leaves. The algebra's use of them is described in
//! [`crate::algebra::mixed`], which also holds their impls for tuples and layouts.

use crate::num::int::{ceil_div, min, Int, NonNegativeInt, Positive, StaticInt};
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
impl<E: Eval> Realize<OnStride> for Dyn<E> {
    type Output = isize;
    #[inline(always)]
    fn realize(env: &Env) -> isize {
        E::eval(env)
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
