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
//! The solver's depth is a cost here too: rust-analyzer gives up on a type past a fixed depth of
//! 50 nested goals (rustc's default limit is 128), and every layout operation stands on this
//! arithmetic. So addition, comparison, successor, predecessor, multiplication and division by 4
//! take two bits a step, and a step's work runs on plain types, not on projections of
//! projections (`scripts/solver_depth.py` measures the depth of the operations users name).
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
//! use tessel::nat::{AtMost, Equals, LessThan, Order};
//! use tessel::typenum::{Greater, B0, B1};
//! static_assertions::assert_type_eq_all!(Order<U96, U32>, Greater);
//! static_assertions::assert_type_eq_all!(LessThan<U12, U12>, B0);
//! static_assertions::assert_type_eq_all!(AtMost<U12, U12>, B1);
//! static_assertions::assert_type_eq_all!(Equals<U3, U4>, B0);
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

/// One bit of the sum where one side has one bit left: `(a, b, carry in) -> (bit, carry out)`.
macro_rules! bit_adder {
    ($(($a:ident, $b:ident, $c:ident) -> ($s:ident, $k:ident)),+) => {$(
        impl<V> AddCarry<UInt<V, $b>, $c> for UInt<UTerm, $a>
        where
            UTerm: AddCarry<V, $k>,
        {
            type Output = UInt<<UTerm as AddCarry<V, $k>>::Output, $s>;
        }
        impl<U, A1> AddCarry<UInt<UTerm, $b>, $c> for UInt<UInt<U, A1>, $a>
        where
            UInt<U, A1>: AddCarry<UTerm, $k>,
        {
            type Output = UInt<<UInt<U, A1> as AddCarry<UTerm, $k>>::Output, $s>;
        }
    )+};
}
bit_adder!(
    (B0, B0, B0) -> (B0, B0), (B0, B0, B1) -> (B1, B0), (B0, B1, B0) -> (B1, B0),
    (B0, B1, B1) -> (B0, B1), (B1, B0, B0) -> (B1, B0), (B1, B0, B1) -> (B0, B1),
    (B1, B1, B0) -> (B0, B1), (B1, B1, B1) -> (B1, B1)
);

/// Two bits of each side at once (half the solver's depth of one bit a step):
/// `(a1 a0 + b1 b0 + carry in) -> (s1 s0, carry out)`.
macro_rules! digit_adder {
    ($(($a1:ident $a0:ident + $b1:ident $b0:ident + $c:ident) -> ($s1:ident $s0:ident, $k:ident);)+) => {$(
        impl<U: AddCarry<V, $k>, V> AddCarry<UInt<UInt<V, $b1>, $b0>, $c> for UInt<UInt<U, $a1>, $a0> {
            type Output = UInt<UInt<U::Output, $s1>, $s0>;
        }
    )+};
}
digit_adder! {
    (B0 B0 + B0 B0 + B0) -> (B0 B0, B0); (B0 B0 + B0 B0 + B1) -> (B0 B1, B0);
    (B0 B0 + B0 B1 + B0) -> (B0 B1, B0); (B0 B0 + B0 B1 + B1) -> (B1 B0, B0);
    (B0 B0 + B1 B0 + B0) -> (B1 B0, B0); (B0 B0 + B1 B0 + B1) -> (B1 B1, B0);
    (B0 B0 + B1 B1 + B0) -> (B1 B1, B0); (B0 B0 + B1 B1 + B1) -> (B0 B0, B1);
    (B0 B1 + B0 B0 + B0) -> (B0 B1, B0); (B0 B1 + B0 B0 + B1) -> (B1 B0, B0);
    (B0 B1 + B0 B1 + B0) -> (B1 B0, B0); (B0 B1 + B0 B1 + B1) -> (B1 B1, B0);
    (B0 B1 + B1 B0 + B0) -> (B1 B1, B0); (B0 B1 + B1 B0 + B1) -> (B0 B0, B1);
    (B0 B1 + B1 B1 + B0) -> (B0 B0, B1); (B0 B1 + B1 B1 + B1) -> (B0 B1, B1);
    (B1 B0 + B0 B0 + B0) -> (B1 B0, B0); (B1 B0 + B0 B0 + B1) -> (B1 B1, B0);
    (B1 B0 + B0 B1 + B0) -> (B1 B1, B0); (B1 B0 + B0 B1 + B1) -> (B0 B0, B1);
    (B1 B0 + B1 B0 + B0) -> (B0 B0, B1); (B1 B0 + B1 B0 + B1) -> (B0 B1, B1);
    (B1 B0 + B1 B1 + B0) -> (B0 B1, B1); (B1 B0 + B1 B1 + B1) -> (B1 B0, B1);
    (B1 B1 + B0 B0 + B0) -> (B1 B1, B0); (B1 B1 + B0 B0 + B1) -> (B0 B0, B1);
    (B1 B1 + B0 B1 + B0) -> (B0 B0, B1); (B1 B1 + B0 B1 + B1) -> (B0 B1, B1);
    (B1 B1 + B1 B0 + B0) -> (B0 B1, B1); (B1 B1 + B1 B0 + B1) -> (B1 B0, B1);
    (B1 B1 + B1 B1 + B0) -> (B1 B0, B1); (B1 B1 + B1 B1 + B1) -> (B1 B1, B1);
}

/// `Self + 1`, two bits a step.
pub trait Succ {
    /// The successor.
    type Output;
}
impl Succ for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl Succ for UInt<UTerm, B1> {
    type Output = UInt<UInt<UTerm, B1>, B0>;
}
impl<U, A> Succ for UInt<UInt<U, A>, B0> {
    type Output = UInt<UInt<U, A>, B1>;
}
impl<U> Succ for UInt<UInt<U, B0>, B1> {
    type Output = UInt<UInt<U, B1>, B0>;
}
impl<U: Succ> Succ for UInt<UInt<U, B1>, B1> {
    type Output = UInt<UInt<U::Output, B0>, B0>;
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

/// One bit of the difference where R has one bit: `(a, b, borrow in) -> (bit, borrow out)`.
macro_rules! bit_subtractor {
    ($(($a:ident, $b:ident, $c:ident) -> ($d:ident, $k:ident)),+) => {$(
        impl<U: SubBorrow<UTerm, $k>> SubBorrow<UInt<UTerm, $b>, $c> for UInt<U, $a>
        where
            U::Output: Push<$d>,
        {
            type Output = Pushed<U::Output, $d>;
        }
    )+};
}
bit_subtractor!(
    (B0, B0, B0) -> (B0, B0), (B0, B0, B1) -> (B1, B1), (B0, B1, B0) -> (B1, B1),
    (B0, B1, B1) -> (B0, B1), (B1, B0, B0) -> (B1, B0), (B1, B0, B1) -> (B0, B0),
    (B1, B1, B0) -> (B0, B0), (B1, B1, B1) -> (B1, B1)
);

/// Two bits of each side at once: `(a1 a0 - b1 b0 - borrow in) -> (d1 d0, borrow out)`.
macro_rules! digit_subtractor {
    ($(($a1:ident $a0:ident - $b1:ident $b0:ident - $c:ident) -> ($d1:ident $d0:ident, $k:ident);)+) => {$(
        impl<U: SubBorrow<V, $k>, V> SubBorrow<UInt<UInt<V, $b1>, $b0>, $c> for UInt<UInt<U, $a1>, $a0>
        where
            (U::Output, $d1, $d0): PushTwo,
        {
            type Output = <(U::Output, $d1, $d0) as PushTwo>::Output;
        }
    )+};
}
digit_subtractor! {
    (B0 B0 - B0 B0 - B0) -> (B0 B0, B0); (B0 B0 - B0 B0 - B1) -> (B1 B1, B1);
    (B0 B0 - B0 B1 - B0) -> (B1 B1, B1); (B0 B0 - B0 B1 - B1) -> (B1 B0, B1);
    (B0 B0 - B1 B0 - B0) -> (B1 B0, B1); (B0 B0 - B1 B0 - B1) -> (B0 B1, B1);
    (B0 B0 - B1 B1 - B0) -> (B0 B1, B1); (B0 B0 - B1 B1 - B1) -> (B0 B0, B1);
    (B0 B1 - B0 B0 - B0) -> (B0 B1, B0); (B0 B1 - B0 B0 - B1) -> (B0 B0, B0);
    (B0 B1 - B0 B1 - B0) -> (B0 B0, B0); (B0 B1 - B0 B1 - B1) -> (B1 B1, B1);
    (B0 B1 - B1 B0 - B0) -> (B1 B1, B1); (B0 B1 - B1 B0 - B1) -> (B1 B0, B1);
    (B0 B1 - B1 B1 - B0) -> (B1 B0, B1); (B0 B1 - B1 B1 - B1) -> (B0 B1, B1);
    (B1 B0 - B0 B0 - B0) -> (B1 B0, B0); (B1 B0 - B0 B0 - B1) -> (B0 B1, B0);
    (B1 B0 - B0 B1 - B0) -> (B0 B1, B0); (B1 B0 - B0 B1 - B1) -> (B0 B0, B0);
    (B1 B0 - B1 B0 - B0) -> (B0 B0, B0); (B1 B0 - B1 B0 - B1) -> (B1 B1, B1);
    (B1 B0 - B1 B1 - B0) -> (B1 B1, B1); (B1 B0 - B1 B1 - B1) -> (B1 B0, B1);
    (B1 B1 - B0 B0 - B0) -> (B1 B1, B0); (B1 B1 - B0 B0 - B1) -> (B1 B0, B0);
    (B1 B1 - B0 B1 - B0) -> (B1 B0, B0); (B1 B1 - B0 B1 - B1) -> (B0 B1, B0);
    (B1 B1 - B1 B0 - B0) -> (B0 B1, B0); (B1 B1 - B1 B0 - B1) -> (B0 B0, B0);
    (B1 B1 - B1 B1 - B0) -> (B0 B0, B0); (B1 B1 - B1 B1 - B1) -> (B1 B1, B1);
}

/// `Self - 1` for `Self > 0`, two bits a step.
pub trait Pred {
    /// The predecessor.
    type Output;
}
impl<U: Push<B0>> Pred for UInt<U, B1> {
    type Output = Pushed<U, B0>;
}
impl<U: Push<B0>> Pred for UInt<UInt<U, B1>, B0> {
    type Output = UInt<Pushed<U, B0>, B1>;
}
impl<U: Pred> Pred for UInt<UInt<U, B0>, B0> {
    type Output = UInt<UInt<U::Output, B1>, B1>;
}

/// `A - B` for `A >= B`.
pub type Diff<A, B> = <A as SubBorrow<B, B0>>::Output;

/// `Self * R`: shift and add, two bits of `Self` a step.
pub trait Mul<R> {
    /// The product.
    type Output;
}
impl<R> Mul<R> for UTerm {
    type Output = UTerm;
}
impl<R> Mul<R> for UInt<UTerm, B1> {
    type Output = R;
}
impl<R: Push<B0>> Mul<R> for UInt<UInt<UTerm, B1>, B0> {
    type Output = Pushed<R, B0>;
}
impl<R: Push<B0>> Mul<R> for UInt<UInt<UTerm, B1>, B1>
where
    Pushed<R, B0>: AddCarry<R, B0>,
{
    type Output = Sum<Pushed<R, B0>, R>;
}
/// Four or more (the three impls above: 1, 2 and 3, told apart by their shape).
impl<V, C, R, A1, A0> Mul<R> for UInt<UInt<UInt<V, C>, A1>, A0>
where
    UInt<V, C>: Mul<R>,
    (<UInt<V, C> as Mul<R>>::Output, A1, A0): MulDigit<R>,
{
    type Output = <(<UInt<V, C> as Mul<R>>::Output, A1, A0) as MulDigit<R>>::Output;
}

/// One step of [`Mul`]: `4 * P + (2 * A1 + A0) * R` for `(P, A1, A0)`, `P` the product of the
/// higher bits (a plain type here).
#[doc(hidden)]
pub trait MulDigit<R> {
    /// The product.
    type Output;
}
impl<P: Push<B0>, R> MulDigit<R> for (P, B0, B0)
where
    Pushed<P, B0>: Push<B0>,
{
    type Output = Pushed<Pushed<P, B0>, B0>;
}
impl<P: Push<B0>, R> MulDigit<R> for (P, B0, B1)
where
    Pushed<P, B0>: Push<B0>,
    Pushed<Pushed<P, B0>, B0>: AddCarry<R, B0>,
{
    type Output = Sum<Pushed<Pushed<P, B0>, B0>, R>;
}
impl<P: Push<B0>, R: Push<B0>> MulDigit<R> for (P, B1, B0)
where
    Pushed<P, B0>: Push<B0>,
    Pushed<Pushed<P, B0>, B0>: AddCarry<Pushed<R, B0>, B0>,
{
    type Output = Sum<Pushed<Pushed<P, B0>, B0>, Pushed<R, B0>>;
}
impl<P: Push<B0>, R: Push<B0>> MulDigit<R> for (P, B1, B1)
where
    Pushed<P, B0>: Push<B0>,
    Pushed<R, B0>: AddCarry<R, B0>,
    Pushed<Pushed<P, B0>, B0>: AddCarry<Sum<Pushed<R, B0>, R>, B0>,
{
    type Output = Sum<Pushed<Pushed<P, B0>, B0>, Sum<Pushed<R, B0>, R>>;
}

/// `A * B`.
pub type Prod<A, B> = <A as Mul<B>>::Output;

/// `Self` against `R`, given the answer `O` for the bits below: `L` if `Self < R`, `G` if
/// `Self > R`, and `O` if they are equal (`Equal`, `Less`, `Greater` give the order; bits give
/// `<`, `<=` or `==` with no second step). Two bits a step, so that the solver's depth grows by
/// one goal per bit (rust-analyzer gives up at 50).
pub trait Compare<R, O, L, G> {
    /// `L`, `O` or `G`.
    type Output;
}
impl<O, L, G> Compare<UTerm, O, L, G> for UTerm {
    type Output = O;
}
impl<V, B, O, L, G> Compare<UInt<V, B>, O, L, G> for UTerm {
    type Output = L;
}
impl<U, B, O, L, G> Compare<UTerm, O, L, G> for UInt<U, B> {
    type Output = G;
}
/// One bit left on each side.
impl<A: Compare1<B, O, L, G>, B, O, L, G> Compare<UInt<UTerm, B>, O, L, G> for UInt<UTerm, A> {
    type Output = A::Output;
}
/// One bit against two or more: the longer number is the greater (numbers are normal).
impl<A, V, C, B, O, L, G> Compare<UInt<UInt<V, C>, B>, O, L, G> for UInt<UTerm, A> {
    type Output = L;
}
impl<U, C, A, B, O, L, G> Compare<UInt<UTerm, B>, O, L, G> for UInt<UInt<U, C>, A> {
    type Output = G;
}

/// [`Compare`] of one bit `Self` against `B`.
#[doc(hidden)]
pub trait Compare1<B, O, L, G> {
    /// `L`, `O` or `G`.
    type Output;
}
impl<O, L, G> Compare1<B0, O, L, G> for B0 {
    type Output = O;
}
impl<O, L, G> Compare1<B1, O, L, G> for B1 {
    type Output = O;
}
impl<O, L, G> Compare1<B1, O, L, G> for B0 {
    type Output = L;
}
impl<O, L, G> Compare1<B0, O, L, G> for B1 {
    type Output = G;
}

/// Two bits of each side: the two-bit digits decide, unless they are equal.
macro_rules! compare_digits {
    ($(($a1:ident $a0:ident) ($b1:ident $b0:ident) $o:ident;)+) => {$(
        impl<U: Compare<V, $o, L, G>, V, O, L, G> Compare<UInt<UInt<V, $b1>, $b0>, O, L, G>
            for UInt<UInt<U, $a1>, $a0>
        {
            type Output = U::Output;
        }
    )+};
}
compare_digits! {
    (B0 B0) (B0 B0) O; (B0 B0) (B0 B1) L; (B0 B0) (B1 B0) L; (B0 B0) (B1 B1) L;
    (B0 B1) (B0 B0) G; (B0 B1) (B0 B1) O; (B0 B1) (B1 B0) L; (B0 B1) (B1 B1) L;
    (B1 B0) (B0 B0) G; (B1 B0) (B0 B1) G; (B1 B0) (B1 B0) O; (B1 B0) (B1 B1) L;
    (B1 B1) (B0 B0) G; (B1 B1) (B0 B1) G; (B1 B1) (B1 B0) G; (B1 B1) (B1 B1) O;
}

/// The order of A and B: `Less`, `Equal` or `Greater`.
pub type Order<A, B> = <A as Compare<B, Equal, Less, Greater>>::Output;
/// `B1` if `A < B`, else `B0` (typenum's `Le`).
pub type LessThan<A, B> = <A as Compare<B, B0, B1, B0>>::Output;
/// `B1` if `A <= B`, else `B0` (typenum's `LeEq`).
pub type AtMost<A, B> = <A as Compare<B, B1, B1, B0>>::Output;
/// `B1` if `A == B`, else `B0` (typenum's `Eq`).
pub type Equals<A, B> = <A as Compare<B, B1, B0, B0>>::Output;

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
/// By `2 (mod 4)`: one bit.
impl<U: DivRem<UInt<E, B1>>, B, E> DivRem<UInt<UInt<E, B1>, B0>> for UInt<U, B>
where
    U::Rem: Push<B>,
{
    type Quot = U::Quot;
    type Rem = Pushed<U::Rem, B>;
}
/// By a multiple of 4: two bits at once (half the solver's depth on powers of two).
impl<U: DivRem<UInt<G, H>>, A1, A0, G, H> DivRem<UInt<UInt<UInt<G, H>, B0>, B0>>
    for UInt<UInt<U, A1>, A0>
where
    (U::Rem, A1, A0): PushTwo,
{
    type Quot = U::Quot;
    type Rem = <(U::Rem, A1, A0) as PushTwo>::Output;
}
/// A one-bit number by 4 or more: 0, and itself left over.
impl<A, G, H> DivRem<UInt<UInt<UInt<G, H>, B0>, B0>> for UInt<UTerm, A> {
    type Quot = UTerm;
    type Rem = Self;
}

/// `4 * N + 2 * A1 + A0` for `(N, A1, A0)`, normal.
#[doc(hidden)]
pub trait PushTwo {
    /// The number.
    type Output;
}
impl<N: Push<A1>, A1, A0> PushTwo for (N, A1, A0)
where
    Pushed<N, A1>: Push<A0>,
{
    type Output = Pushed<Pushed<N, A1>, A0>;
}
impl<D> DivRem<UInt<D, B0>> for UTerm {
    type Quot = UTerm;
    type Rem = UTerm;
}

/// By an odd number above 1: long division, one bit of the quotient per bit of `Self`. The
/// bit's step runs on the inner division's results as plain types ([`LongStep`]), so that the
/// solver's depth grows by a few goals per bit (rust-analyzer gives up past 50).
impl<U: DivRem<UInt<UInt<E, F>, B1>>, B, E, F> DivRem<UInt<UInt<E, F>, B1>> for UInt<U, B>
where
    (U::Quot, U::Rem, B): LongStep<UInt<UInt<E, F>, B1>>,
{
    type Quot = <(U::Quot, U::Rem, B) as LongStep<UInt<UInt<E, F>, B1>>>::Quot;
    type Rem = <(U::Quot, U::Rem, B) as LongStep<UInt<UInt<E, F>, B1>>>::Rem;
}
impl<E, F> DivRem<UInt<UInt<E, F>, B1>> for UTerm {
    type Quot = UTerm;
    type Rem = UTerm;
}

/// One step of the long division: the quotient so far `Q`, the remainder so far `R` and the
/// next bit `B` of the dividend give the next quotient bit and the remainder after it.
#[doc(hidden)]
pub trait LongStep<D> {
    /// The quotient with the new bit.
    type Quot;
    /// The remainder.
    type Rem;
}
impl<Q, R: Push<B>, B, D> LongStep<D> for (Q, R, B)
where
    Pushed<R, B>: Compare<D, Equal, Less, Greater>,
    (Q, Pushed<R, B>): Reduce<Order<Pushed<R, B>, D>, D>,
{
    type Quot = <(Q, Pushed<R, B>) as Reduce<Order<Pushed<R, B>, D>, D>>::Quot;
    type Rem = <(Q, Pushed<R, B>) as Reduce<Order<Pushed<R, B>, D>, D>>::Rem;
}

/// [`LongStep`] once `R` is ordered (`O`) against the divisor D.
#[doc(hidden)]
pub trait Reduce<O, D> {
    /// The quotient with the new bit.
    type Quot;
    /// The remainder.
    type Rem;
}
impl<Q: Push<B0>, R, D> Reduce<Less, D> for (Q, R) {
    type Quot = Pushed<Q, B0>;
    type Rem = R;
}
impl<Q: Push<B1>, R, D> Reduce<Equal, D> for (Q, R) {
    type Quot = Pushed<Q, B1>;
    type Rem = UTerm;
}
impl<Q: Push<B1>, R: SubBorrow<D, B0>, D> Reduce<Greater, D> for (Q, R) {
    type Quot = Pushed<Q, B1>;
    type Rem = Diff<R, D>;
}

/// `A / B`, rounded down.
pub type Quot<A, B> = <A as DivRem<B>>::Quot;
/// `A % B`.
pub type Mod<A, B> = <A as DivRem<B>>::Rem;

/// `N - 1`.
pub type Sub1<N> = <N as Pred>::Output;
