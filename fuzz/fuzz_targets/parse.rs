//! The parser on any text: it returns a value or an error, never panics or overflows the stack,
//! and what it reads prints back to text that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessel::dynamic::{tiler::Tiler, DynComposedLayout, DynLayout, IntTuple};

fn round_trip<T: std::str::FromStr + std::fmt::Display + PartialEq + std::fmt::Debug>(text: &str) {
    if let Ok(value) = text.parse::<T>() {
        let printed = value.to_string();
        let again = printed.parse::<T>().ok();
        assert_eq!(again.as_ref(), Some(&value), "{text:?} printed as {printed:?}");
    }
}

fuzz_target!(|text: &str| {
    round_trip::<DynLayout>(text);
    round_trip::<IntTuple>(text);
    round_trip::<Tiler>(text);
    round_trip::<DynComposedLayout>(text);
});
