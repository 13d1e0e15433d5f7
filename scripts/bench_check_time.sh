#!/usr/bin/env bash
# Type-check time of each test suite and example: what a user pays on `cargo check` for code
# like it. Checks tessel once, then times `cargo check --test NAME` (`--example NAME`) for each
# (median of 3, the file touched before each run so that only it is checked again).
# Usage: scripts/bench_check_time.sh [NAME...]   (no name: every suite and example)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0  # incremental reuse would skip the type checking being measured
cargo check -q --tests --examples
printf '%-28s %s\n' "suite" "cargo check (s)"
for file in tests/*.rs examples/*.rs; do
  name=$(basename "$file" .rs)
  kind=--test; [[ $file == examples/* ]] && kind=--example
  [[ $# -gt 0 && ! " $* " =~ " $name " ]] && continue
  for _ in 1 2 3; do
    touch "$file"
    t0=$(date +%s.%N); cargo check -q "$kind" "$name"; t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
  done | sort -n | sed -n 2p | xargs printf '%-28s %.2f\n' "$name"
done
