#!/usr/bin/env bash
# Type-check time of each test suite: what a user pays on `cargo check` for code like it.
# Checks tessel once, then times `cargo check --test NAME` for each suite (median of 3, the
# suite's file touched before each run so that only it is checked again).
# Usage: scripts/bench_check_time.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0  # incremental reuse would skip the type checking being measured
cargo check -q --tests
printf '%-28s %s\n' "suite" "cargo check (s)"
for file in tests/*.rs; do
  name=$(basename "$file" .rs)
  for _ in 1 2 3; do
    touch "$file"
    t0=$(date +%s.%N); cargo check -q --test "$name"; t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
  done | sort -n | sed -n 2p | xargs printf '%-28s %.2f\n' "$name"
done
