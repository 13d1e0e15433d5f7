//! Mixed layouts: runtime leaves through the type-level algebra.
//!
//! A layout may hold runtime integers (`usize` shapes, `isize` strides) beside static ones, as
//! CuTe's `(M,K):(_1,ldA)` does, and the algebra still runs during type checking. Before an
//! operation, each runtime leaf of an argument becomes a *symbol*: `Dyn<Var<Arg, N>>`, the N-th
//! runtime leaf of argument `Arg` (shape leaves first, then stride leaves, in flattened order).
//! The walks treat a symbol as CuTe treats a runtime integer: it is never known to be 1 or to
//! equal another value, so a mode with a runtime size is never dropped or merged, and arithmetic
//! on it gives a new symbol whose type records the expression (`Dyn<Times<Dyn<Var<U0, U1>>,
//! U128>>`), except where CuTe keeps the answer static (`x * 0` is a static 0). The result's type
//! therefore has a symbol exactly where CuTe's has a runtime integer. [`Realize`] then turns each
//! symbol into a `usize` (shape) or `isize` (stride) and evaluates its expression with the
//! integer steps of [`crate::rules`] on the arguments' runtime leaves, gathered into an [`Env`]:
//! after inlining, what is left is the arithmetic a person would write.
//!
//! **What takes runtime leaves.** coalesce, composition (a layout, integer or tuple tiler; a
//! runtime stride in B is taken to be positive), complement (runtime shapes and cotargets;
//! runtime strides only in a layout of one mode, as CuTe: otherwise a compile error), the four
//! divides and the six products (built on those two), `tile_to_shape` (a runtime target: the
//! block must divide it, checked at run time), by-mode coalesce (`coalesce_by`), right_inverse
//! (following static strides only, as CuTe), left_inverse (runtime shapes; a runtime stride is a
//! compile error, as in CuTe) and max_common_layout/vector (CuTe's `1:0` and 1 when a layout has
//! runtime leaves). Not taken: a composed layout whose inner layout has runtime leaves (a
//! `ComposedLayout` holds no values).
//!
//! **What is checked where.** A condition on static numbers stays a compile error with the same
//! message. Where a condition needs a runtime value, CuTe checks nothing and can answer wrongly
//! (its walk cannot merge modes whose sizes it does not know); tessel's verdict is then
//! [`Deferred`](crate::diagnostic::Deferred): the checks run at run time on the values,
//! returning the failed condition from `try_composition`, `try_logical_divide` and
//! `try_zipped_divide`, and through `debug_assert!` in every plain form (free in release
//! builds). The checks: each step of composition's walk over a runtime mode
//! ([`crate::rules::composition_step`]), no carry out of a runtime mode (unless the next mode
//! continues it), and complement's overlap and negative-stride conditions.
//!
//! ```
//! use tessel::{zipped_divide, Layout, C};
//! let (m, k, lda) = (256usize, 64usize, 256isize);
//! let a = Layout::new((m, k), (C::<1>::default(), lda));
//! let t = zipped_divide(a, (C::<128>::default(), C::<32>::default()));
//! assert_eq!(t.to_string(), "((128,32),(2,2)):((1,256),(128,8192))");
//! // The tile is static; the rest holds the four runtime values.
//! assert_eq!(core::mem::size_of_val(&t), 4 * core::mem::size_of::<usize>());
//! ```

use crate::algebra::rules;
use crate::diagnostic::{Failure, Judge};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::{Int, NonNegativeInt, Positive, StaticInt};
use core::convert::Infallible;
use core::fmt;
use core::marker::PhantomData;
use typenum::{Add1, Bit, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1, U0, U1};

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
pub const MAX_RUNTIME_LEAVES: usize = 16;

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
    CeilOver: |a, b| rules::ceil_div(a as i64, b as i64) as isize;
    Least: |a, b| rules::min(a as i64, b as i64) as isize;
    Plus: |a, b| a + b;
    Reach: |n, r| (n - 1) * r.abs();
}

impl<S: Eval, R: Eval, N: Eval> Eval for StepUse<S, R, N> {
    #[inline(always)]
    fn eval(env: &Env) -> isize {
        let (s, r, n) = (
            S::eval(env) as i64,
            R::eval(env).abs() as i64,
            N::eval(env) as i64,
        );
        let taken = rules::min(rules::ceil_div(s, r), n);
        rules::composition_usage(s, r, n, taken) as isize
    }
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

/// `Symbolize` for one tuple arity: element i is numbered from where element i - 1 ended (no
/// conversion to a list and back: this runs on every argument of every operation).
macro_rules! symbolize_tuple {
    ([$(($T:ident $P:ty))*] $prev:ty; $H:ident $($rest:ident)*) => {
        symbolize_tuple!([$(($T $P))* ($H $prev)] <$H as Symbolize<Arg, $prev>>::Next; $($rest)*);
    };
    ([$(($T:ident $P:ty))*] $last:ty;) => {
        impl<Arg, N, $($T: Symbolize<Arg, $P>),*> Symbolize<Arg, N> for ($($T,)*) {
            type Output = ($(<$T as Symbolize<Arg, $P>>::Output,)*);
            type Next = $last;
        }
    };
}

macro_rules! tuple_mixed {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        symbolize_tuple!([] N; $($T)+);
        impl<$($T: Gather),+> Gather for ($($T,)+) {
            #[inline(always)]
            fn gather(&self, out: &mut [isize; MAX_RUNTIME_LEAVES], n: &mut usize) {
                $(self.$i.gather(out, n);)+
            }
        }
        impl<$($T: Realize<Side>,)+ Side> Realize<Side> for ($($T,)+) {
            type Output = ($($T::Output,)+);
            #[inline(always)]
            fn realize(env: &Env) -> Self::Output {
                ($($T::realize(env),)+)
            }
        }
    )+};
}

crate::layout::list::for_each_arity!(tuple_mixed);

impl<S: LayoutShape<D>, D: IntTuple, Arg, N> Symbolize<Arg, N> for Layout<S, D>
where
    S: Symbolize<Arg, N>,
    D: Symbolize<Arg, S::Next>,
    S::Output: LayoutShape<D::Output>,
    D::Output: IntTuple,
{
    type Output = Layout<S::Output, D::Output>;
    type Next = D::Next;
}

impl<S: LayoutShape<D> + Gather, D: IntTuple + Gather> Gather for Layout<S, D> {
    #[inline(always)]
    fn gather(&self, out: &mut [isize; MAX_RUNTIME_LEAVES], n: &mut usize) {
        self.shape().gather(out, n);
        self.stride().gather(out, n);
    }
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
impl<S: LayoutShape<D> + Realize<OnShape>, D: IntTuple + Realize<OnStride>> Realize<Whole>
    for Layout<S, D>
where
    S::Output: LayoutShape<D::Output>,
    D::Output: IntTuple,
{
    type Output = Layout<S::Output, D::Output>;
    #[inline(always)]
    fn realize(env: &Env) -> Self::Output {
        Layout::new(S::realize(env), D::realize(env))
    }
}

/// The value of the symbolic result `R` of an operation on `a` and `b` whose verdict is `V`:
/// the runtime conditions of V are checked with `debug_assert!` (free in release builds).
#[inline(always)]
#[doc(hidden)]
pub fn realize2<V: Judge, R: Realize<Whole>, A: Gather, B: Gather>(a: &A, b: &B) -> R::Output {
    let env = Env::of2(a, b);
    if cfg!(debug_assertions) {
        if let Err(failure) = V::judge(&env) {
            panic!("{failure}");
        }
    }
    R::realize(&env)
}

/// [`realize2`], with the runtime conditions of V checked: the first that fails, or the value.
#[inline(always)]
#[doc(hidden)]
pub fn try_realize2<V: Judge, R: Realize<Whole>, A: Gather, B: Gather>(
    a: &A,
    b: &B,
) -> Result<R::Output, Failure> {
    let env = Env::of2(a, b);
    V::judge(&env)?;
    Ok(R::realize(&env))
}

/// A composed layout is static: it has no runtime leaves.
impl<Sw, const O: usize, L, Arg, N> Symbolize<Arg, N>
    for crate::swizzle::composed::ComposedLayout<Sw, O, L>
{
    type Output = Self;
    type Next = N;
}
impl<Sw, const O: usize, L> Gather for crate::swizzle::composed::ComposedLayout<Sw, O, L> {
    #[inline(always)]
    fn gather(&self, _: &mut [isize; MAX_RUNTIME_LEAVES], _: &mut usize) {}
}
impl<Sw, const O: usize, L> Realize<Whole> for crate::swizzle::composed::ComposedLayout<Sw, O, L> {
    type Output = Self;
    #[inline(always)]
    fn realize(_: &Env) -> Self {
        Self::INSTANCE
    }
}
impl<const B: u32, const M: u32, const S: i32, Arg, N> Symbolize<Arg, N>
    for crate::swizzle::Swizzle<B, M, S>
where
    crate::swizzle::Bits<B, S>: crate::swizzle::ValidSwizzle,
{
    type Output = Self;
    type Next = N;
}
impl<const B: u32, const M: u32, const S: i32> Gather for crate::swizzle::Swizzle<B, M, S>
where
    crate::swizzle::Bits<B, S>: crate::swizzle::ValidSwizzle,
{
    #[inline(always)]
    fn gather(&self, _: &mut [isize; MAX_RUNTIME_LEAVES], _: &mut usize) {}
}

/// A symbolic layout with its symbols as runtime integers.
#[doc(hidden)]
pub type Realized<L> = <L as Realize<Whole>>::Output;

// CuTe's arithmetic on a runtime integer: the answer is runtime, except `x * 0`, which is 0.

/// `Dyn * S` for a shape S: a symbol.
impl<E, R> crate::num::nat::Mul<R> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, R>>;
}
impl<E> crate::num::arith::ScaleStride<UTerm> for Dyn<E> {
    type Output = UTerm;
}
impl<E, U: Unsigned, B: Bit> crate::num::arith::ScaleStride<UInt<U, B>> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, UInt<U, B>>>;
}
impl<E, U: Unsigned + NonZero> crate::num::arith::ScaleStride<NInt<U>> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, NInt<U>>>;
}
impl<E, F> crate::num::arith::ScaleStride<Dyn<F>> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, Dyn<F>>>;
}
impl<U: Unsigned, B: Bit, F> crate::num::arith::ScaleStride<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Times<UInt<U, B>, Dyn<F>>>;
}
impl<E> crate::num::arith::Unit for Dyn<E> {
    type Output = B0;
}
impl<E, D> crate::num::arith::SameAs<D> for Dyn<E> {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, F> crate::num::arith::SameAs<Dyn<F>> for UInt<U, B> {
    type Output = B0;
}
impl<F> crate::num::arith::SameAs<Dyn<F>> for UTerm {
    type Output = B0;
}
impl<U: Unsigned + NonZero, F> crate::num::arith::SameAs<Dyn<F>> for NInt<U> {
    type Output = B0;
}
impl<E> crate::num::arith::Negated for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, NInt<U1>>>;
}
impl<E, B> crate::num::arith::Lt<B> for Dyn<E> {
    type Output = Unknown;
}
impl<U: Unsigned, B: Bit, F> crate::num::arith::Lt<Dyn<F>> for UInt<U, B> {
    type Output = Unknown;
}
impl<E, B> crate::num::arith::CeilDivMixed<B> for Dyn<E> {
    type Output = Dyn<CeilOver<Dyn<E>, B>>;
}
impl<U: Unsigned, B: Bit, F> crate::num::arith::CeilDivMixed<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<CeilOver<UInt<U, B>, Dyn<F>>>;
}
impl<E> crate::num::arith::Plural for Dyn<E> {}
impl<E, B> crate::num::arith::MulMixed<B> for Dyn<E> {
    type Output = Dyn<Times<Dyn<E>, B>>;
}
impl<U: Unsigned, B: Bit, F> crate::num::arith::MulMixed<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Times<UInt<U, B>, Dyn<F>>>;
}
impl<E, B> crate::num::arith::AddMixed<B> for Dyn<E> {
    type Output = Dyn<Plus<Dyn<E>, B>>;
}
impl<U: Unsigned, B: Bit, F> crate::num::arith::AddMixed<Dyn<F>> for UInt<U, B> {
    type Output = Dyn<Plus<UInt<U, B>, Dyn<F>>>;
}
impl<F> crate::num::arith::AddMixed<Dyn<F>> for UTerm {
    type Output = Dyn<F>;
}
impl<S, F> crate::num::arith::Reach<S> for Dyn<F> {
    type Output = Dyn<Reach<S, Dyn<F>>>;
}
impl<E, U: Unsigned, B: Bit> crate::num::arith::Reach<Dyn<E>> for UInt<U, B> {
    type Output = Dyn<Reach<Dyn<E>, UInt<U, B>>>;
}
impl<E, U: Unsigned + NonZero> crate::num::arith::Reach<Dyn<E>> for NInt<U> {
    type Output = Dyn<Reach<Dyn<E>, NInt<U>>>;
}
