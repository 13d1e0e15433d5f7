//! Natural numbers for the type checker: addition, subtraction, multiplication, division with
//! remainder and comparison on typenum's binary unsigned integers (`UTerm` is 0, `UInt<U, B>` is
//! `2U + B`), written so that each step is one impl selection.
//!
//! typenum's own operators carry `Unsigned` and `Bit` bounds on every impl and go through private
//! helper traits, which the type checker re-proves at each bit; measured on numbers up to 1024
//! (`scripts/bench_compile_ops.py`), its division costs about 9 ms of type checking and its
//! multiplication 1.6 ms. The algebra does its arithmetic here instead, and the results are the
//! same types, so everything else keeps speaking typenum.
//!
//! Division by an even number halves both sides first (`A / 2D = (A / 2) / D`), so a power of two
//! divides by shifting; only an odd divisor above 1 runs the long division.
//!
//! ```
//! use tessel::nat::{Diff, Mod, Prod, Quot, Sum};
//! use tessel::typenum::{U0, U12, U3, U32, U4, U7, U96};
//! static_assertions::assert_type_eq_all!(Sum<U3, U4>, U7);
//! static_assertions::assert_type_eq_all!(Diff<U7, U4>, U3);
//! static_assertions::assert_type_eq_all!(Diff<U4, U4>, U0);
//! static_assertions::assert_type_eq_all!(Prod<U3, U4>, U12);
//! static_assertions::assert_type_eq_all!(Quot<U96, U7>, typenum::U13);
//! static_assertions::assert_type_eq_all!(Mod<U96, U32>, U0);
//! ```

use typenum::{Equal, Greater, Less, UInt, UTerm, B0, B1};

/// `2 * Self + B`, keeping the number normal (no leading zero bit: `2 * 0 + 0` is `UTerm`).
pub trait Push<B> {
    /// The number.
    type Output;
}
impl Push<B0> for UTerm {
    type Output = UTerm;
}
impl Push<B1> for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl<U, C, B> Push<B> for UInt<U, C> {
    type Output = UInt<UInt<U, C>, B>;
}

/// `2 * N + B`, normal.
pub type Pushed<N, B> = <N as Push<B>>::Output;

/// `Self + R + C` for a carry bit C.
pub trait AddCarry<R, C> {
    /// The sum.
    type Output;
}
impl<R> AddCarry<R, B0> for UTerm {
    type Output = R;
}
impl<R: Succ> AddCarry<R, B1> for UTerm {
    type Output = R::Output;
}
impl<U, B> AddCarry<UTerm, B0> for UInt<U, B> {
    type Output = Self;
}
impl<U, B> AddCarry<UTerm, B1> for UInt<U, B>
where
    Self: Succ,
{
    type Output = <Self as Succ>::Output;
}

/// One bit of the sum: `(a, b, carry in) -> (bit, carry out)`.
macro_rules! full_adder {
    ($(($a:ident, $b:ident, $c:ident) -> ($s:ident, $k:ident)),+) => {$(
        impl<U: AddCarry<V, $k>, V> AddCarry<UInt<V, $b>, $c> for UInt<U, $a> {
            type Output = UInt<U::Output, $s>;
        }
    )+};
}
full_adder!(
    (B0, B0, B0) -> (B0, B0), (B0, B1, B0) -> (B1, B0), (B1, B0, B0) -> (B1, B0),
    (B1, B1, B0) -> (B0, B1), (B0, B0, B1) -> (B1, B0), (B0, B1, B1) -> (B0, B1),
    (B1, B0, B1) -> (B0, B1), (B1, B1, B1) -> (B1, B1)
);

/// `Self + 1`.
pub trait Succ {
    /// The successor.
    type Output;
}
impl Succ for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl<U> Succ for UInt<U, B0> {
    type Output = UInt<U, B1>;
}
impl<U: Succ> Succ for UInt<U, B1> {
    type Output = UInt<U::Output, B0>;
}

/// `A + B`.
pub type Sum<A, B> = <A as AddCarry<B, B0>>::Output;

/// `Self - R - C` for a borrow bit C, when `Self >= R + C`.
#[doc(hidden)]
pub trait SubBorrow<R, C> {
    /// The difference.
    type Output;
}
impl<N> SubBorrow<UTerm, B0> for N {
    type Output = N;
}
impl<U, B> SubBorrow<UTerm, B1> for UInt<U, B>
where
    Self: Pred,
{
    type Output = <Self as Pred>::Output;
}

/// One bit of the difference: `(a, b, borrow in) -> (bit, borrow out)`.
macro_rules! full_subtractor {
    ($(($a:ident, $b:ident, $c:ident) -> ($d:ident, $k:ident)),+) => {$(
        impl<U: SubBorrow<V, $k>, V> SubBorrow<UInt<V, $b>, $c> for UInt<U, $a>
        where
            U::Output: Push<$d>,
        {
            type Output = Pushed<U::Output, $d>;
        }
    )+};
}
full_subtractor!(
    (B0, B0, B0) -> (B0, B0), (B0, B1, B0) -> (B1, B1), (B1, B0, B0) -> (B1, B0),
    (B1, B1, B0) -> (B0, B0), (B0, B0, B1) -> (B1, B1), (B0, B1, B1) -> (B0, B1),
    (B1, B0, B1) -> (B0, B0), (B1, B1, B1) -> (B1, B1)
);

/// `Self - 1` for `Self > 0`.
pub trait Pred {
    /// The predecessor.
    type Output;
}
impl<U: Push<B0>> Pred for UInt<U, B1> {
    type Output = Pushed<U, B0>;
}
impl<U: Pred> Pred for UInt<U, B0> {
    type Output = UInt<U::Output, B1>;
}

/// `A - B` for `A >= B`.
pub type Diff<A, B> = <A as SubBorrow<B, B0>>::Output;

/// `Self * R`: shift and add, one step per bit of `Self`.
pub trait Mul<R> {
    /// The product.
    type Output;
}
impl<R> Mul<R> for UTerm {
    type Output = UTerm;
}
impl<U: Mul<R>, R> Mul<R> for UInt<U, B0>
where
    U::Output: Push<B0>,
{
    type Output = Pushed<U::Output, B0>;
}
impl<U: Mul<R>, R> Mul<R> for UInt<U, B1>
where
    U::Output: Push<B0>,
    Pushed<U::Output, B0>: AddCarry<R, B0>,
{
    type Output = Sum<Pushed<U::Output, B0>, R>;
}

/// `A * B`.
pub type Prod<A, B> = <A as Mul<B>>::Output;

/// `Self` against `R`, given the order `O` of the bits below (`Equal` to start).
pub trait Compare<R, O> {
    /// `Less`, `Equal` or `Greater`.
    type Output;
}
impl<O> Compare<UTerm, O> for UTerm {
    type Output = O;
}
impl<V, B, O> Compare<UInt<V, B>, O> for UTerm {
    type Output = Less;
}
impl<U, B, O> Compare<UTerm, O> for UInt<U, B> {
    type Output = Greater;
}

/// One bit of the comparison: a differing bit decides, unless a higher one differs too.
macro_rules! compare_bit {
    ($(($a:ident, $b:ident) $o:ident),+) => {$(
        impl<U: Compare<V, $o>, V, O> Compare<UInt<V, $b>, O> for UInt<U, $a> {
            type Output = U::Output;
        }
    )+};
}
compare_bit!((B0, B1) Less, (B1, B0) Greater);
impl<U: Compare<V, O>, V, B, O> Compare<UInt<V, B>, O> for UInt<U, B> {
    type Output = U::Output;
}

/// The order of A and B: `Less`, `Equal` or `Greater`.
pub type Order<A, B> = <A as Compare<B, Equal>>::Output;

/// `Self / D` and `Self % D` for `D > 0`.
#[doc(hidden)]
pub trait DivRem<D> {
    /// The quotient, rounded down.
    type Quot;
    /// The remainder.
    type Rem;
}

/// By 1.
impl<N> DivRem<UInt<UTerm, B1>> for N {
    type Quot = N;
    type Rem = UTerm;
}

/// By an even number: halve both, `A / 2D = (A / 2) / D`, the halved-off bit joining the remainder.
impl<U: DivRem<UInt<E, F>>, B, E, F> DivRem<UInt<UInt<E, F>, B0>> for UInt<U, B>
where
    U::Rem: Push<B>,
{
    type Quot = U::Quot;
    type Rem = Pushed<U::Rem, B>;
}
impl<D> DivRem<UInt<D, B0>> for UTerm {
    type Quot = UTerm;
    type Rem = UTerm;
}

/// By an odd number above 1: long division, one bit of the quotient per bit of `Self`.
impl<U: DivRem<UInt<UInt<E, F>, B1>>, B, E, F> DivRem<UInt<UInt<E, F>, B1>> for UInt<U, B>
where
    U::Rem: Push<B>,
    Pushed<U::Rem, B>: Compare<UInt<UInt<E, F>, B1>, Equal>,
    Pushed<U::Rem, B>: Reduce<Order<Pushed<U::Rem, B>, UInt<UInt<E, F>, B1>>, UInt<UInt<E, F>, B1>>,
    U::Quot: Push<
        <Pushed<U::Rem, B> as Reduce<
            Order<Pushed<U::Rem, B>, UInt<UInt<E, F>, B1>>,
            UInt<UInt<E, F>, B1>,
        >>::Bit,
    >,
{
    type Quot = Pushed<
        U::Quot,
        <Pushed<U::Rem, B> as Reduce<
            Order<Pushed<U::Rem, B>, UInt<UInt<E, F>, B1>>,
            UInt<UInt<E, F>, B1>,
        >>::Bit,
    >;
    type Rem = <Pushed<U::Rem, B> as Reduce<
        Order<Pushed<U::Rem, B>, UInt<UInt<E, F>, B1>>,
        UInt<UInt<E, F>, B1>,
    >>::Rem;
}
impl<E, F> DivRem<UInt<UInt<E, F>, B1>> for UTerm {
    type Quot = UTerm;
    type Rem = UTerm;
}

/// One step of the long division: a partial remainder `Self`, ordered `O` against the divisor D,
/// gives a quotient bit and the remainder after it.
#[doc(hidden)]
pub trait Reduce<O, D> {
    /// The quotient bit.
    type Bit;
    /// The remainder.
    type Rem;
}
impl<N, D> Reduce<Less, D> for N {
    type Bit = B0;
    type Rem = N;
}
impl<N, D> Reduce<Equal, D> for N {
    type Bit = B1;
    type Rem = UTerm;
}
impl<N: SubBorrow<D, B0>, D> Reduce<Greater, D> for N {
    type Bit = B1;
    type Rem = Diff<N, D>;
}

/// `A / B`, rounded down.
pub type Quot<A, B> = <A as DivRem<B>>::Quot;
/// `A % B`.
pub type Mod<A, B> = <A as DivRem<B>>::Rem;

/// `N - 1`.
pub type Sub1<N> = <N as Pred>::Output;
