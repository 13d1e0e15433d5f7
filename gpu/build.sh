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
# Each kernel declares its launch bounds in its source (tessel::launch_bounds!, CUDA's
# __launch_bounds__): the directive line it leaves in the PTX goes into the kernel's .entry.
python3 - "$deps"/tessel_kernels-*.s out/tessel_kernels.ptx <<'PY'
import re, sys
text = open(sys.argv[1]).read()
bounds = {m.group(1): (m.group(2), m.group(3))
          for m in re.finditer(r"// tessel\.launch_bounds (\w+) (\d+) (\d+)", text)}
def entry(m):
    if m.group(2) not in bounds:
        sys.exit(f"gpu/build.sh: the kernel {m.group(2)} declares no launch bounds (tessel::launch_bounds!)")
    threads, blocks = bounds[m.group(2)]
    least = f"\n.minnctapersm {blocks}" if blocks != "0" else ""
    return f"{m.group(1)}\n.maxntid {threads}, 1, 1{least}\n{{"
text = re.sub(r"(\.entry (\w+)\([^)]*\))\n\{", entry, text)
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
