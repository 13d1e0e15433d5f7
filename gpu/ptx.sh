#!/usr/bin/env bash
# Builds a kernel crate (a `#![no_std]` library of `extern "ptx-kernel"` functions on tessel) to
# one PTX file:  bash gpu/ptx.sh CRATE_DIR OUT.ptx
# Installs Debian's rustc-web (a rustc whose sources let cargo build `core` for nvptx64) when it
# is missing. Each kernel's launch bounds, declared in its source with tessel::launch_bounds!
# (CUDA's __launch_bounds__, __maxnreg__, __cluster_dims__; rustc has no attribute for them),
# go into its .entry: .maxntid, .minnctapersm, .maxnreg, .explicitcluster and
# .reqnctapercluster; a parameter read in place (tessel::grid_constant!, a TMA descriptor) gets
# the alignment of 64 its type has; a kernel that
# declares none fails the build, and so does PTX that calls a function (a panic or bounds-check
# path left in) or uses local memory.
set -euo pipefail
crate=$(realpath "$1")
out=$(realpath -m "$2")
# PTX_RUSTC and PTX_CARGO name another toolchain that can (rustup's nightly with rust-src).
if [[ -z ${PTX_RUSTC:-} && ( ! -x /usr/bin/rustc || ! -d /usr/lib/rustlib/src/rust/library ) ]]; then
  apt-get install -y rustc-web cargo-web rust-web-src >/dev/null
fi
cargo=${PTX_CARGO:-/usr/bin/cargo}
export RUSTC_BOOTSTRAP=1 RUSTC=${PTX_RUSTC:-/usr/bin/rustc} CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$crate/target}"
name=$(sed -n 's/^name *= *"\(.*\)"/\1/p' "$crate/Cargo.toml" | head -1 | tr - _)
deps="$CARGO_TARGET_DIR/nvptx64-nvidia-cuda/release/deps"
rm -f "$deps/$name"-*.s
touch "$crate/src/lib.rs"  # cargo writes the .s only when it compiles the crate
(cd "$crate" && "$cargo" rustc --release --target nvptx64-nvidia-cuda -Zbuild-std=core \
  -- --emit=asm -C codegen-units=1 -C target-cpu=${GPU_ARCH:-sm_90a} -C llvm-args=-unroll-threshold=2000)
mkdir -p "$(dirname "$out")"
python3 - "$deps/$name"-*.s "$out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
bounds = {m.group(1): dict(kv.split("=") for kv in m.group(2).split())
          for m in re.finditer(r"// tessel\.launch_bounds (\w+) (.*)", text)}
def entry(m):
    if m.group(2) not in bounds:
        sys.exit(f"gpu/ptx.sh: the kernel {m.group(2)} declares no launch bounds (tessel::launch_bounds!)")
    b = bounds[m.group(2)]
    lines = [f".maxntid {b['threads']}, 1, 1"]
    if b.get("blocks", "0") != "0":
        lines.append(f".minnctapersm {b['blocks']}")
    if b.get("maxnreg", "0") != "0":
        lines.append(f".maxnreg {b['maxnreg']}")
    if b.get("cluster", "0,0,0") != "0,0,0":
        lines += [".explicitcluster", f".reqnctapercluster {b['cluster'].replace(',', ', ')}"]
    return m.group(1) + "\n" + "\n".join(lines) + "\n{"
text = re.sub(r"(\.entry (\w+)\([^)]*\))\n\{", entry, text)
# A parameter read in place (tessel::grid_constant!) gets its type's alignment, 64 for a TMA
# descriptor: rustc passes a kernel's aggregates aligned to 8.
for param in set(re.findall(r"mov\.u64 %rd\d+, (\w+_param_\d+);\s*cvta\.param", text)):
    text = re.sub(rf"\.param \.align \d+ (\.b8 {param}\[)", r".param .align 64 \1", text)
open(sys.argv[2], "w").write(text)
PY
if grep -nE '^\s*call' "$out"; then
  echo "$out calls a function (a panic or bounds-check path)" >&2
  exit 1
fi
# Local memory in the PTX: an array (a fragment) that LLVM left in memory, indexed at run time
# (ptxas may still keep it in registers, but only by its own unrolling).
if grep -nE '^\s*\.local' "$out"; then
  echo "$out uses local memory (a register array indexed at run time)" >&2
  exit 1
fi
echo "$out: $(grep -c '\.entry' "$out") kernels, no call, no local memory"
