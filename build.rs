//! Writes the bridge from `C<N>` (a const generic) to typenum's binary integers.
//!
//! Stable Rust cannot turn a const generic into a type, so `C<N>` resolves through one impl per
//! supported N. The table covers every N <= 1024, every multiple of 32 up to 8192, and every
//! 2^k and 3*2^k up to 2^30 (see BENCHMARKS.md for what it costs to compile). It also writes the
//! table of valid swizzle parameters: `(B, S)` with `|S| >= B`, for `B <= 8`, `|S| <= 31`.

use std::collections::BTreeSet;
use std::fmt::Write;
use std::{env, fs, path::Path};

fn table() -> BTreeSet<u64> {
    let mut ns: BTreeSet<u64> = (0..=1024).collect();
    ns.extend((32..=8192).step_by(32));
    for k in 0..=30 {
        ns.insert(1 << k);
        if 3u64 << k <= 1 << 30 {
            ns.insert(3 << k);
        }
    }
    ns
}

/// typenum's spelling of `n`: `UTerm` wrapped in one `UInt` per binary digit, most significant first.
fn typenum(n: u64) -> String {
    if n == 0 {
        return "UTerm".into();
    }
    let mut s = "UTerm".to_string();
    for bit in (0..64 - n.leading_zeros()).rev() {
        let b = if n >> bit & 1 == 1 { "B1" } else { "B0" };
        s = format!("UInt<{s},{b}>");
    }
    s
}

fn main() {
    let (mut to_typenum, mut to_decimal) = (String::new(), String::new());
    for n in table() {
        let t = typenum(n);
        writeln!(
            to_typenum,
            "impl ToStatic for Lit<{n}> {{ type Output = {t}; }}"
        )
        .unwrap();
        writeln!(
            to_decimal,
            "impl Decimal for {t} {{ type Output = Num<{n}>; }}"
        )
        .unwrap();
    }
    let out = Path::new(&env::var("OUT_DIR").unwrap()).to_path_buf();
    fs::write(out.join("lit_table.rs"), to_typenum).unwrap();
    // The reverse table: how error messages print a number, in decimal (tessel::diagnostic).
    fs::write(out.join("decimal_table.rs"), to_decimal).unwrap();
    let mut swizzles = String::new();
    for b in 0..=8i32 {
        for s in (-31..=31i32).filter(|s| s.abs() >= b) {
            writeln!(
                swizzles,
                "#[diagnostic::do_not_recommend] impl ValidSwizzle for Bits<{b}, {s}> {{}}"
            )
            .unwrap();
        }
    }
    fs::write(out.join("swizzle_table.rs"), swizzles).unwrap();
    println!("cargo:rerun-if-changed=build.rs");
}
