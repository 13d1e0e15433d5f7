//! Every runtime operation on any arguments: `dynamic::algebra::run` returns a result or an
//! error, never panics, overflows or hangs. The input is `OP\nARG\nARG...`; the first line is
//! taken modulo the list of operations when it is not one of their names.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessel::dynamic::algebra::{run, OPERATIONS};

fuzz_target!(|text: &str| {
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let op = match OPERATIONS.iter().find(|(name, ..)| *name == first) {
        Some((name, ..)) => *name,
        None => OPERATIONS[first.len() % OPERATIONS.len()].0,
    };
    let args: Vec<&str> = lines.take(4).collect();
    let _ = run(op, &args);
});
