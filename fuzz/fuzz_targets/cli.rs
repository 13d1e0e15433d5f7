//! The command line tool's argument handling on any arguments (`\n` separates them): it answers
//! with text and a verdict, never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let args: Vec<&str> = text.split('\n').take(6).collect();
    let (out, _) = tessel_cli::respond(&args);
    assert!(!out.is_empty());
});
