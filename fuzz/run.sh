#!/usr/bin/env bash
# Fuzzes each target for SECONDS (default 600) with cargo-fuzz on the nightly toolchain, from the
# corpus in fuzz/corpus (seed it with `python3 fuzz/seed.py`). A dev tool, not part of CI:
#   cargo install cargo-fuzz && bash fuzz/run.sh [SECONDS] [TARGET...]
# A crash leaves its input in fuzz/artifacts/TARGET/; make it a regression test (tests/robustness.rs).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-600}"
shift || true
targets=("${@:-parse algebra cli}")
for target in ${targets[@]}; do
    echo "== $target, $seconds s"
    cargo +nightly fuzz run "$target" -- -max_total_time="$seconds" -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=1 2>&1 | grep -E "^(Done|stat::|==|SUMMARY|.*panicked)" || true
done
