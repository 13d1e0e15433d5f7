#!/usr/bin/env python3
"""The tutorial twin beside CuTe's tutorial and cuBLAS in one run, on the GPU machine, from the
repository root (a part of gpu/hopper_bench.py that fits one call):

    python3 gpu/twin_bench.py [OUT_DIR]

`gemm_tn_tma_bf16` and `gemm_tn_tma_f16` through `gpu/out/gpu-host PTX hopper NAME` (each checked
against the CPU, then timed), CuTe's wgmma_tma_sm90 tutorial in f16 and bf16 and CUTLASS
example 48 (built there from gpu/vendor/hopper), cuBLAS through torch, then the twins again;
registers and SASS mix of the twins. Writes OUT_DIR/twin.json and prints it."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hopper_bench as h  # noqa: E402


def twins(run):
    got = {}
    for name in ("gemm_tn_tma_bf16", "gemm_tn_tma_f16"):
        _, out = h.sh(os.path.join(h.OUT, "gpu-host"), os.path.join(h.OUT, "hopper.ptx"), "hopper", name,
                      timeout=200)
        for kernel, m, n, k, tf in re.findall(r"(gemm_tn_tma_\w+) (\d+)x(\d+)x(\d+): .*?([\d.]+) TFLOP/s", out):
            got[f"{kernel} {m}x{n}x{k} run {run}"] = float(tf)
        if "equal" not in out:
            got[f"{name} run {run}"] = out[-400:]
    return got


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else h.OUT
    results = {}
    for part in (lambda: twins(1), h.tutorial, h.cublas, lambda: twins(2), h.sass):
        try:
            results.update(part())
        except Exception as e:
            results["failed"] = repr(e)[:300]
        json.dump(results, open(os.path.join(out_dir, "twin.json"), "w"), indent=1)
    for k, v in results.items():
        print(f"{k:40} {v}")


if __name__ == "__main__":
    main()
