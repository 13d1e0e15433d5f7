#!/usr/bin/env bash
# Builds the GPU kernels to PTX (gpu/ptx.sh), a file a family: gpu/out/sm80.ptx (the SM80-style
# kernels and the atoms' checks), gpu/out/hopper.ptx (the Hopper GEMMs), gpu/out/attention.ptx
# (FlashAttention's forward pass), the README's small
# kernel, gpu/out/example.ptx, and a user's GEMM on the collectives, gpu/out/example_gemm.ptx;
# with --host also the Rust host programs that launch them through the CUDA driver (cudarc; they
# load libcuda at run time): gpu/out/gpu-host, gpu/out/example-host.
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="$PWD/target"
bash ptx.sh kernels/sm80 out/sm80.ptx
bash ptx.sh kernels/hopper out/hopper.ptx
bash ptx.sh kernels/attention out/attention.ptx
bash ptx.sh example/kernel out/example.ptx
bash ptx.sh example/gemm out/example_gemm.ptx
if [[ ${1:-} == --host ]]; then
  export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc
  # The host library embeds the Hopper PTX built above (its build script would build it again).
  (cd host && TESSEL_HOPPER_PTX="$PWD/../out/hopper.ptx" TESSEL_ATTENTION_PTX="$PWD/../out/attention.ptx" cargo build --release -q)
  (cd example/host && cargo build --release -q)
  cp target/release/tessel-gpu-host out/gpu-host
  cp target/release/example-host out/example-host
  echo "gpu/out/gpu-host, gpu/out/example-host"
fi
