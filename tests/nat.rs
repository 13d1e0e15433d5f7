//! `tessel::nat` against the machine's arithmetic, on every pair of a spread of numbers: small,
//! powers of two, odd and composite, up to 2^32. Each case instantiates the typenum results and
//! reads them back as values.

// 2^32 has 33 bits: the next trait solver needs more depth than its default for their products.
#![recursion_limit = "256"]

use tessel::nat::{Diff, Mod, Prod, Quot, Sum};
use tessel::typenum::{Unsigned, U4294967295, U4294967296};
use tessel::C;

fn value<N: Unsigned>() -> u64 {
    N::U64
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
