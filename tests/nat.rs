//! `tessel::nat` against the machine's arithmetic, on every pair of a spread of numbers: small,
//! powers of two, odd and composite, up to 2^32. Each case instantiates the typenum results and
//! reads them back as values.

// 2^32 has 33 bits: the next trait solver needs more depth than its default for their products.
#![recursion_limit = "256"]

use tessel::nat::{AtMost, Diff, Equals, LessThan, Mod, Order, Prod, Quot, Sum};
use tessel::typenum::{Bit, Equal, Greater, Less};
use tessel::typenum::{Unsigned, U4294967295, U4294967296};
use tessel::C;

fn value<N: Unsigned>() -> u64 {
    N::U64
}

fn bit<B: Bit>() -> bool {
    B::BOOL
}

/// The order as the machine's: `Less`, `Equal` or `Greater` read back as an `Ordering`.
trait Ordered {
    const ORDER: core::cmp::Ordering;
}
impl Ordered for Less {
    const ORDER: core::cmp::Ordering = core::cmp::Ordering::Less;
}
impl Ordered for Equal {
    const ORDER: core::cmp::Ordering = core::cmp::Ordering::Equal;
}
impl Ordered for Greater {
    const ORDER: core::cmp::Ordering = core::cmp::Ordering::Greater;
}

macro_rules! pair {
    ($a:literal, $b:literal) => {
        pair!(C<$a>, C<$b>)
    };
    ($a:ty, $b:ty) => {{
        type A = $a;
        type B = $b;
        let (a, b) = (A::U64, B::U64);
        assert_eq!(value::<Sum<A, B>>(), a + b, "{a} + {b}");
        assert_eq!(value::<Prod<A, B>>(), a * b, "{a} * {b}");
        assert_eq!(value::<Quot<A, B>>(), a / b, "{a} / {b}");
        assert_eq!(value::<Mod<A, B>>(), a % b, "{a} % {b}");
        assert_eq!(value::<Diff<Sum<A, B>, B>>(), a, "{a} + {b} - {b}");
        assert_eq!(value::<Diff<Prod<A, B>, A>>(), a * b - a, "{a} * {b} - {a}");
        assert_eq!(<Order<A, B> as Ordered>::ORDER, a.cmp(&b), "{a} cmp {b}");
        assert_eq!(bit::<LessThan<A, B>>(), a < b, "{a} < {b}");
        assert_eq!(bit::<AtMost<A, B>>(), a <= b, "{a} <= {b}");
        assert_eq!(bit::<Equals<A, B>>(), a == b, "{a} == {b}");
        assert!(!bit::<LessThan<Sum<A, B>, B>>(), "{a} + {b} < {b}");
    }};
}

macro_rules! grid {
    ($($a:literal)*; $bs:tt) => { $( grid!(@row $a $bs); )* };
    (@row $a:literal [$($b:literal)*]) => { $( pair!($a, $b); )* };
}

#[test]
fn every_pair_agrees_with_u64() {
    grid!(1 2 3 5 6 7 12 31 32 96 100 255 1000 1024 65536;
          [1 2 3 5 6 7 12 31 32 96 100 255 1000 1024 65536]);
}

#[test]
fn large_numbers() {
    pair!(U4294967296, C<65536>);
    pair!(U4294967296, C<3>);
    pair!(C<3145728>, C<768>);
    pair!(C<65536>, U4294967296);
    pair!(U4294967295, C<255>);
    assert_eq!(value::<Prod<C<65536>, C<65536>>>(), 1 << 32);
}
