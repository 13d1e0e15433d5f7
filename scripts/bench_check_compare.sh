#!/usr/bin/env bash
# Type-check time of test suites at an older commit and at the working tree, alternating (three
# runs each) so that both see the same machine: what BENCHMARKS.md's before/after tables hold.
# Usage: scripts/bench_check_compare.sh OLD_REV SUITE...
set -euo pipefail
cd "$(dirname "$0")/.."
old_rev=$1; shift
old=$(mktemp -d)
git worktree add -q "$old" "$old_rev"
trap 'git worktree remove --force "$old"' EXIT
export CARGO_INCREMENTAL=0  # incremental reuse would skip the type checking being measured
for d in "$old" .; do (cd "$d" && cargo check -q --tests); done
for suite in "$@"; do
  for _ in 1 2 3; do
    for d in "$old" .; do
      (cd "$d" && touch "tests/$suite.rs" && t0=$(date +%s.%N) && cargo check -q --test "$suite" \
        && t1=$(date +%s.%N) && printf '%-28s %-8s %.2f\n' "$suite" "$([ "$d" = . ] && echo new || echo old)" "$(echo "$t1 - $t0" | bc)")
    done
  done
done
