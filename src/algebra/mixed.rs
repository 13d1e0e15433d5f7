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

pub use crate::num::symbol::*;

use crate::algebra::rules;
use crate::diagnostic::{Failure, Judge};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;

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

crate::num::list::for_each_arity!(tuple_mixed);

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
