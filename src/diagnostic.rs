//! How the algebra's preconditions fail: once, at the user's line, in decimal.
//!
//! An operation never fails inside its own walk. Each condition it meets gives a verdict
//! ([`Check`]): [`Holds`], or [`Fails`] with the condition's tag and its two numbers; the walk goes
//! on with placeholder values, and the verdicts are combined ([`And`], the first failure wins)
//! and carried out as the operation's `Verdict` type. The public aliases (`Composition<A, B>`,
//! `LogicalDivide<A, T>`, ...) ask [`Verified`] for the result, and only a verdict that holds
//! lets it through, so the one failed obligation is at the user's line, with no chain of tessel's
//! impls (and their binary numbers) under it.
//!
//! rustc prints a typenum number in binary (`UInt<UInt<UInt<UTerm, B1>, B0>, B0>` is 4), but a
//! const-generic parameter as a plain number. A failed condition converts its numbers to
//! [`Num<N>`](Num) through a table (the reverse of the `tessel::C<N>` table, same range) and
//! asks a trait whose const parameters are those numbers, so its message reads
//! `composition: the stride 4 does not divide the mode size 6 of A, ...`, word for word the
//! runtime layer's error. The conversion runs only on the error path: a condition that holds
//! never looks a number up.

use typenum::{UInt, UTerm, B0, B1};

/// The number N, as error messages print it.
pub struct Num<const N: u64>;

/// The decimal spelling of a typenum number.
#[diagnostic::on_unimplemented(
    message = "a condition failed on a number outside the range tessel prints in decimal",
    label = "the numbers involved are above the table of C<N> (see tessel::int)"
)]
pub trait Decimal {
    /// `Num<N>`.
    type Output;
}

/// `Num<N>` for the typenum number `T`.
pub type Dec<T> = <T as Decimal>::Output;

include!(concat!(env!("OUT_DIR"), "/decimal_table.rs"));

/// The verdict of an operation's conditions: all of them held.
pub struct Holds;

/// The verdict of an operation's conditions: the first that failed, `Tag`, with its two numbers
/// in decimal.
pub struct Fails<Tag, A, B>(core::marker::PhantomData<(Tag, A, B)>);

/// A verdict that lets the result through. [`Holds`] does; `Fails<Tag, ..>` does only if `Tag`'s
/// failure trait is implemented, which it never is, so the error reads as that trait's message.
/// The public aliases ask this at the user's line, so no chain of tessel's impls follows it.
pub trait Checked {
    /// The result L, once the conditions hold.
    type Then<L>;
}
impl Checked for Holds {
    type Then<L> = L;
}
impl<Tag: Condition<A, B>, A, B> Checked for Fails<Tag, A, B> {
    type Then<L> = L;
}

/// A condition's tag: implemented for numbers A and B only where the condition's failure trait
/// is, which is never, so a failed condition reports that trait's message.
pub trait Condition<A, B> {}

/// The verdict of conditions that need runtime values: nothing the types tell fails, and the
/// checks `C` (a list of [`RuntimeCheck`]s) run on the values, in the `try_` forms of the
/// operations (and in `debug_assert!` in the plain forms). CuTe checks nothing there.
#[doc(hidden)]
pub struct Deferred<C>(core::marker::PhantomData<C>);
impl<C> Checked for Deferred<C> {
    type Then<L> = L;
}
impl<W: AfterDeferred<C>, C> Both<W> for Deferred<C> {
    type Output = W::Output;
}
impl<X, Y, C> Pick<X, Y> for Deferred<C> {
    type Output = X;
}

/// A verdict W after the deferred checks C: the checks of both, or W's failure.
#[doc(hidden)]
pub trait AfterDeferred<C> {
    /// The verdict.
    type Output;
}
impl<C> AfterDeferred<C> for Holds {
    type Output = Deferred<C>;
}
impl<C, Tag, A, B> AfterDeferred<C> for Fails<Tag, A, B> {
    type Output = Self;
}
impl<C: crate::num::list::Concat<D>, D> AfterDeferred<C> for Deferred<D> {
    type Output = Deferred<crate::num::list::Joined<C, D>>;
}

/// A condition on runtime values, checked by the `try_` forms.
#[doc(hidden)]
pub trait RuntimeCheck {
    /// `Ok`, or the condition that failed with its numbers.
    fn check(env: &crate::num::symbol::Env) -> Result<(), Failure>;
}

/// The runtime part of a verdict: nothing for [`Holds`], the checks of [`Deferred`]. (A
/// [`Fails`] verdict never gets here: it is a compile error.)
#[doc(hidden)]
pub trait Judge {
    /// `Ok`, or the first runtime condition that failed.
    fn judge(env: &crate::num::symbol::Env) -> Result<(), Failure>;
}
impl Judge for Holds {
    #[inline(always)]
    fn judge(_: &crate::num::symbol::Env) -> Result<(), Failure> {
        Ok(())
    }
}
impl<Tag, A, B> Judge for Fails<Tag, A, B> {
    #[inline(always)]
    fn judge(_: &crate::num::symbol::Env) -> Result<(), Failure> {
        Ok(())
    }
}
impl Judge for Deferred<crate::num::list::Nil> {
    #[inline(always)]
    fn judge(_: &crate::num::symbol::Env) -> Result<(), Failure> {
        Ok(())
    }
}
impl<H: RuntimeCheck, T> Judge for Deferred<crate::num::list::Cons<H, T>>
where
    Deferred<T>: Judge,
{
    #[inline(always)]
    fn judge(env: &crate::num::symbol::Env) -> Result<(), Failure> {
        H::check(env)?;
        Deferred::<T>::judge(env)
    }
}

/// A failed condition at run time: its message (a condition's `MESSAGE`, with `{A}` and `{B}`
/// for the numbers) and the two numbers.
///
/// ```
/// use tessel::composition::StrideDividesMode;
/// use tessel::dynamic::Error;
/// let e = Error::precondition(StrideDividesMode::MESSAGE, 4, 6);
/// assert_eq!(e.to_string(), "composition: the stride 4 does not divide the mode size 6 of A, and the walk goes on past that mode");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The message of the condition (`composition::StrideDividesMode::MESSAGE`, ...).
    pub message: &'static str,
    /// The first number (`{A}`).
    pub a: i64,
    /// The second number (`{B}`).
    pub b: i64,
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut rest = self.message;
        while let Some(at) = rest.find('{') {
            f.write_str(&rest[..at])?;
            let (n, skip) = match &rest[at..] {
                r if r.starts_with("{A}") => (Some(self.a), 3),
                r if r.starts_with("{B}") => (Some(self.b), 3),
                _ => (None, 1),
            };
            match n {
                Some(n) => write!(f, "{n}")?,
                None => f.write_str("{")?,
            }
            rest = &rest[at + skip..];
        }
        f.write_str(rest)
    }
}

/// The result L of an operation whose verdict is V (an error at the user's line if V fails).
pub type Verified<V, L> = <V as Checked>::Then<L>;

/// Two verdicts together: the first failure wins.
pub trait Both<W> {
    /// The verdict.
    type Output;
}
impl<W> Both<W> for Holds {
    type Output = W;
}
impl<W, Tag, A, B> Both<W> for Fails<Tag, A, B> {
    type Output = Self;
}

/// The verdict of two verdicts.
pub type And<V, W> = <V as Both<W>>::Output;

/// X if the verdict holds, else the placeholder Y (so that no second error follows a failure).
pub trait Pick<X, Y> {
    /// X or Y.
    type Output;
}
impl<X, Y> Pick<X, Y> for Holds {
    type Output = X;
}
impl<X, Y, Tag, A, B> Pick<X, Y> for Fails<Tag, A, B> {
    type Output = Y;
}

/// The verdict of a condition on A and B given as a bit: [`Holds`] for `B1`, for `B0` a failure of
/// `Tag` with A and B converted to decimal (only then: the table is not consulted when it holds).
pub trait CheckBit<Tag, A, B> {
    /// The verdict.
    type Output;
}
impl<Tag, A, B> CheckBit<Tag, A, B> for B1 {
    type Output = Holds;
}
impl<Tag, A: Decimal, B: Decimal> CheckBit<Tag, A, B> for B0 {
    type Output = Fails<Tag, Dec<A>, Dec<B>>;
}

/// The verdict of the condition `Tag` on A and B, which holds when `Bit` is `B1`.
pub type Check<Bit, Tag, A, B> = <Bit as CheckBit<Tag, A, B>>::Output;

/// Declares a condition on two numbers: the tag `$Cond` for [`Check`], and `$Fails`, a trait of
/// the two numbers as const parameters that nothing implements, so that a failed check reads as
/// `$message` with `{A}` and `{B}` printed in decimal.
macro_rules! condition {
    ($(#[$doc:meta])* $Cond:ident, $Fails:ident, $message:literal, $label:literal) => {
        #[doc = concat!("The failure of [`", stringify!($Cond), "`], with its numbers in decimal.")]
        #[diagnostic::on_unimplemented(message = $message, label = $label)]
        pub trait $Fails<const A: u64, const B: u64> {}

        $(#[$doc])*
        pub struct $Cond;

        impl $Cond {
            /// The message of a failure, `{A}` and `{B}` standing for its two numbers (the
            /// runtime layer's error prints the same text with them filled in).
            pub const MESSAGE: &'static str = $message;
        }

        impl<const A: u64, const B: u64> $crate::diagnostic::Condition<
            $crate::diagnostic::Num<A>,
            $crate::diagnostic::Num<B>,
        > for $Cond
        where
            $crate::diagnostic::Num<A>: $Fails<A, B>,
        {
        }
    };
}

pub(crate) use condition;
