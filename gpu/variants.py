#!/usr/bin/env python3
"""Kernels of one PTX build side by side, in one timing loop (bench.median_ms): a kernel's
variants against today's kernel, every result checked against cupy's. On the GPU machine, from
the repository root:

    python3 gpu/variants.py BUILD.ptx REPEATS KERNEL:M,N,K ENTRY...

KERNEL is today's kernel whose arguments (and block size and shared memory) every ENTRY takes:
`sgemm_nt`, `sgemm_tn`, `hgemm_tn`, `hgemm_tn_k64` or `hgemm_tn_k64_128`. Each row prints
TFLOP/s and each entry's ratio to the first."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import cupy as cp  # noqa: E402
from compare_ptx import gemm_launches  # noqa: E402


def main():
    mod = cp.RawModule(path=sys.argv[1])
    repeats, (kernel, dims), entries = int(sys.argv[2]), sys.argv[3].split(":"), sys.argv[4:]
    m, n, k = map(int, dims.split(","))
    for _ in range(repeats):
        launches = gemm_launches(kernel, m, n, k, {e: (mod, e) for e in entries})
        tf = {e: 2 * m * n * k / t / 1e9 for e, t in bench.median_ms(launches, samples=100).items()}
        print(sys.argv[3], " ".join(f"{e} {v:.2f} ({v / tf[entries[0]]:.3f})" for e, v in tf.items()),
              flush=True)


if __name__ == "__main__":
    main()
