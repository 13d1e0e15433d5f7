#!/usr/bin/env bash
# heldout_algebra.sh SEED...: tests/golden_algebra.rs's checks on cases drawn afresh from CuTe
# (a dev tool, not run by CI). For each seed, scripts/golden_algebra.py draws the plain, padded
# and negative-stride sets under that seed (the checked-in ones are seed 3's), and a copy of the
# test reads them: every answer must agree with CuTe's, or CuTe's must be wrong by brute force,
# or both reject. Needs g++ (the oracle). Takes a few minutes a seed.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir" tests/heldout_algebra_tmp.rs' EXIT
for seed in "$@"; do
    python3 scripts/golden_algebra.py --seed "$seed" --out "$dir/plain.tsv"
    python3 scripts/golden_algebra.py --seed "$seed" --padded --out "$dir/padded.tsv"
    python3 scripts/golden_algebra.py --seed "$seed" --negative --out "$dir/negative.tsv"
    sed -e "s#\"golden/algebra.tsv\"#\"$dir/plain.tsv\"#" \
        -e "s#\"golden/algebra_padded.tsv\"#\"$dir/padded.tsv\"#" \
        -e "s#\"golden/algebra_negative.tsv\"#\"$dir/negative.tsv\"#" \
        tests/golden_algebra.rs > tests/heldout_algebra_tmp.rs
    echo "seed $seed:"
    cargo test -q --test heldout_algebra_tmp -- --nocapture 2>&1 | grep -E "agree|test result|panicked|tessel"
done
