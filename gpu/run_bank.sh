#!/usr/bin/env bash
# On the GPU machine (the device tool): builds gpu/bank_conflicts.cu and runs it under Nsight
# Compute, which counts each launch's shared-load wavefronts and bank conflicts; writes the
# program's lines and ncu's CSV to $OUT (or ./out). Usage: bash gpu/run_bank.sh
set -euo pipefail
out=${OUT:-out}
mkdir -p "$out"
nvcc -O3 -std=c++17 -arch=sm_90 gpu/bank_conflicts.cu -o "$out/bank_conflicts"
"$out/bank_conflicts" gpu/bank_cases.txt | tee "$out/cases.log"
ncu --clock-control none --csv \
  --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum \
  "$out/bank_conflicts" gpu/bank_cases.txt > "$out/ncu.csv" 2> "$out/ncu.err" || true
rm -f "$out/bank_conflicts"
grep -c probe "$out/ncu.csv" || { cat "$out/ncu.err"; head -20 "$out/ncu.csv"; }
