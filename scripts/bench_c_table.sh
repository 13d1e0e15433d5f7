#!/usr/bin/env bash
# What the C<N> bridging table costs the tessel crate's own build: builds the library (debug, then
# `cargo check`) three times each with the table and with an empty table, in a scratch copy of the
# repository, and prints the median wall time of each. Usage: scripts/bench_c_table.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp -r "$root/Cargo.toml" "$root/Cargo.lock" "$root/build.rs" "$root/src" "$root/layout-macros" \
  "$root/zero-cost" "$root/README.md" "$scratch/"
cd "$scratch"
cargo fetch -q

median() { sort -n | sed -n 2p; }
measure() { # $1: cargo subcommand
  for _ in 1 2 3; do
    touch src/lib.rs
    cargo "$1" -q -p tessel --lib 2>/dev/null  # dependencies stay built; only tessel rebuilds
    touch src/lib.rs
    local t0 t1; t0=$(date +%s.%N); cargo "$1" -q -p tessel --lib; t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
  done | median
}

entries=$(python3 - <<'PY'
ns = set(range(1025)) | set(range(32, 8193, 32))
for k in range(31):
    ns.add(1 << k)
    if 3 << k <= 1 << 30:
        ns.add(3 << k)
print(len(ns))
PY
)
with_build=$(measure build); with_check=$(measure check)
# The same crate with a table of 0..=16 only (the crate itself names C<0> to C<11>).
sed -i 's/    for n in table() {/    for n in table().into_iter().filter(|\&n| n <= 16) {/' build.rs
without_build=$(measure build); without_check=$(measure check)
printf 'C<N> table: %s impls\n' "$entries"
printf 'cargo build -p tessel --lib: %.2f s with the table, %.2f s without\n' "$with_build" "$without_build"
printf 'cargo check -p tessel --lib: %.2f s with the table, %.2f s without\n' "$with_check" "$without_check"
