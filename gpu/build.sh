#!/usr/bin/env bash
# Builds the GPU kernels to PTX (gpu/ptx.sh): gpu/out/tessel_kernels.ptx, the README's small
# kernel, gpu/out/example.ptx, and a user's GEMM on the collectives, gpu/out/example_gemm.ptx;
# with --host also the Rust host programs that launch them through the CUDA driver (cudarc; they
# load libcuda at run time): gpu/out/gpu-host, gpu/out/example-host.
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="$PWD/target"
bash ptx.sh kernels out/tessel_kernels.ptx
bash ptx.sh example/kernel out/example.ptx
bash ptx.sh example/gemm out/example_gemm.ptx
if [[ ${1:-} == --host ]]; then
  export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc
  (cd host && cargo build --release -q)
  (cd example/host && cargo build --release -q)
  cp target/release/tessel-gpu-host out/gpu-host
  cp target/release/example-host out/example-host
  echo "gpu/out/gpu-host, gpu/out/example-host"
fi
