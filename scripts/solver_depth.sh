#!/usr/bin/env bash
# solver_depth.sh 'RUST STATEMENT' : the least #![recursion_limit] under which rustc's next trait
# solver (nightly, -Znext-solver=globally) type-checks the statement in a user crate of this
# checkout, to within 4. rust-analyzer (1.95) gives up past a solver depth of about 50 whatever
# the crate's recursion_limit says: a chain of 24 projections (depth 49 here) is inferred there,
# 25 (depth 51) is {unknown}. So a result whose depth here is above 50 is what editor-check
# reports as unknown. The statement sees `use tessel::*;`, `A = (6,2):(8,2)`, `M = (16,8):(1,16)`
# and the SM80 16x8x16 MMA atom, as editor-check's crate does.
# Example: scripts/solver_depth.sh 'let r = <Composition<A, layout!("(4,3):(3,1)")>>::default();'
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${SOLVER_DEPTH_DIR:-/tmp/tessel-solver-depth}
mkdir -p "$dir/src"
printf '[package]\nname = "depth"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n[dependencies]\ntessel = { path = "%s" }\n[workspace]\n' "$root" > "$dir/Cargo.toml"
fails() {
    printf '#![recursion_limit = "%s"]\n#![allow(unused)]\nuse tessel::*;\nuse tessel::mma::SM80_16x8x16_F32F16F16F32_TN;\ntype A = layout!("(6,2):(8,2)");\ntype M = layout!("(16,8):(1,16)");\nfn main() {\n    %s\n}\n' "$1" "$2" > "$dir/src/main.rs"
    ! (cd "$dir" && RUSTFLAGS=-Znext-solver=globally CARGO_TARGET_DIR="$dir/target" cargo +nightly check -q 2>/dev/null)
}
lo=16 hi=512
fails $hi "$1" && { echo "above $hi (or the statement does not compile)"; exit 1; }
while [ $((hi - lo)) -gt 4 ]; do
    mid=$(((lo + hi) / 2))
    if fails $mid "$1"; then lo=$mid; else hi=$mid; fi
done
echo "$hi"
