//! How error messages print numbers: in decimal.
//!
//! rustc prints a typenum number in binary (`UInt<UInt<UInt<UTerm, B1>, B0>, B0>` is 4), but a
//! const-generic parameter as a plain number. A failed condition converts its numbers to
//! [`C<N>`](struct@C) through a table (the reverse of the `tessel::C<N>` table, same range) and
//! names them in its message: `composition: the stride C<4> neither divides nor is a multiple of
//! the mode size C<6>`. The conversion runs only on the error path: a condition that holds never
//! looks a number up.

use typenum::{UInt, UTerm, B0, B1};

/// The number N, as error messages print it.
pub struct C<const N: u64>;

/// The decimal spelling of a typenum number.
#[diagnostic::on_unimplemented(
    message = "a condition failed on a number outside the range tessel prints in decimal",
    label = "the numbers involved are above the table of C<N> (see tessel::int)"
)]
pub trait Decimal {
    /// `C<N>`.
    type Output;
}

/// `C<N>` for the typenum number `T`.
pub type Dec<T> = <T as Decimal>::Output;

include!(concat!(env!("OUT_DIR"), "/decimal_table.rs"));

/// Declares a condition on two numbers: `$Cond<A, B>` holds for the bit `B1`; for `B0` it asks
/// `$Fails`, which nothing implements, with A and B in decimal, so the error reads as `$message`
/// with `{Self}` and `{B}` spelled `C<N>`.
macro_rules! condition {
    ($(#[$doc:meta])* $Cond:ident, $Fails:ident, $message:literal, $label:literal) => {
        #[doc = concat!("The failure of [`", stringify!($Cond), "`], with its numbers in decimal.")]
        #[diagnostic::on_unimplemented(message = $message, label = $label)]
        pub trait $Fails<B> {}

        $(#[$doc])*
        pub trait $Cond<A, B> {}

        impl<A, B> $Cond<A, B> for typenum::B1 {}

        impl<A: $crate::diagnostic::Decimal, B: $crate::diagnostic::Decimal> $Cond<A, B> for typenum::B0 where
            $crate::diagnostic::Dec<A>: $Fails<$crate::diagnostic::Dec<B>>
        {
        }
    };
}

pub(crate) use condition;
