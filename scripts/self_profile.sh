#!/usr/bin/env bash
# Where the type checking of a test suite goes: builds it with the installed nightly toolchain and
# `-Zself-profile`, then prints the queries by self time (scripts/profile_summary, built here).
# A dev tool, not run by CI. Usage: scripts/self_profile.sh [SUITE]   (default golden_algebra_static)
set -euo pipefail
cd "$(dirname "$0")/.."
suite=${1:-golden_algebra_static}
out=$(mktemp -d)
export CARGO_INCREMENTAL=0 CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target/nightly}
cargo +nightly rustc -q --test "$suite" -- -Zself-profile="$out" >/dev/null
cargo build -q --release --manifest-path scripts/profile_summary/Cargo.toml \
  --target-dir scripts/profile_summary/target
profile=$(ls "$out"/*.mm_profdata)
scripts/profile_summary/target/release/profile-summary "${profile%.mm_profdata}"
