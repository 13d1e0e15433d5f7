#!/usr/bin/env bash
# Builds the GPU kernels to PTX: gpu/out/tessel_kernels.ptx; with --host also the Rust host
# program that launches them through the CUDA driver (cudarc): gpu/out/gpu-host. Installs Debian's rustc-web (a
# rustc whose sources let cargo build `core` for nvptx64) when it is missing. Checks that the
# PTX calls no function (no panic path, no bounds check left).
set -euo pipefail
cd "$(dirname "$0")"
if [[ ! -x /usr/bin/rustc || ! -d /usr/lib/rustlib/src/rust/library ]]; then
  apt-get install -y rustc-web cargo-web rust-web-src >/dev/null
fi
export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_DIR="$PWD/target"
deps="$CARGO_TARGET_DIR/nvptx64-nvidia-cuda/release/deps"
rm -f "$deps"/tessel_kernels-*.s
touch kernels/src/lib.rs  # cargo writes the .s only when it compiles the crate
(cd kernels && /usr/bin/cargo rustc --release --target nvptx64-nvidia-cuda -Zbuild-std=core \
  -- --emit=asm -C codegen-units=1 -C target-cpu=sm_90 -C llvm-args=-unroll-threshold=2000)
mkdir -p out
# Every kernel runs blocks of 256 threads (those named *_128, 128): say so as CUDA's __launch_bounds__(256) does (rustc has
# no attribute for PTX's .maxntid), so that ptxas allocates registers for that block size; the
# GEMMs also ask for two blocks an SM, as __launch_bounds__(256, 2) does (.minnctapersm 2: at most
# 128 registers a thread), and so do their CUDA twins.
python3 - "$deps"/tessel_kernels-*.s out/tessel_kernels.ptx <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def bounds(m):
    two = "\n.minnctapersm 2" if "gemm" in m.group(2) else ""
    threads = 128 if m.group(2).endswith("_128") else 256
    return f"{m.group(1)}\n.maxntid {threads}, 1, 1{two}\n{{"
text = re.sub(r"(\.entry (\w+)\([^)]*\))\n\{", bounds, text)
open(sys.argv[2], "w").write(text)
PY
if grep -nE '^\s*call' out/tessel_kernels.ptx; then
  echo "gpu/out/tessel_kernels.ptx calls a function (a panic or bounds-check path)" >&2
  exit 1
fi
echo "gpu/out/tessel_kernels.ptx: $(grep -c '\.entry' out/tessel_kernels.ptx) kernels, no call"
if [[ ${1:-} == --host ]]; then
  (cd host && cargo build --release -q)
  cp "$CARGO_TARGET_DIR/release/tessel-gpu-host" out/gpu-host
  echo "gpu/out/gpu-host"
fi
