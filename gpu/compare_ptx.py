#!/usr/bin/env python3
"""The SM80-style GEMMs from two PTX builds, in one timing loop: what a library change does to
each, with the GPU's drift shared by all (bench.median_ms). On the GPU
machine, from the repository root:

    python3 gpu/compare_ptx.py OLD.ptx NEW.ptx [REPEATS] [SIZE...]

SIZE is `sgemm_nt:M,N,K`, `sgemm_tn:M,N,K`, `hgemm_tn:M,N,K`, `hgemm_tn_k64:M,N,K` or
`hgemm_tn_k64_128:M,N,K` (default: each f16 kernel at 4096³). Each row prints TFLOP/s of the
kernel from both builds and the new one's ratio to the old; every result is checked against
cupy's."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402

SHARED = 3 * 2 * 128 * 64 * 2


def gemm_launches(kernel, m, n, k, contenders):
    """{label: launch} of `{label: (module, entry)}`, each entry taking the arguments of today's
    `kernel` at m x n x k, each result checked against cupy's first."""
    sgemm, tn = kernel.startswith("sgemm"), kernel.endswith("_tn") or kernel.startswith("hgemm")
    rand = lambda *s: cp.random.rand(*s, dtype=cp.float32) - 0.5  # noqa: E731
    a = rand(*((m, k) if tn else (k, m)))
    b = rand(*((n, k) if tn else (k, n)))
    if not sgemm:
        a, b = a.astype(cp.float16), b.astype(cp.float16)
    want = (b.astype(cp.float32) @ a.astype(cp.float32).T) if tn else (b.T @ a)
    threads = 128 if kernel == "hgemm_tn_k64_128" else 256
    shared = SHARED if kernel.startswith("hgemm_tn_k64") else 0
    grid = ((m + 127) // 128, (n + 127) // 128)
    out = {}
    for label, (mod, entry) in contenders.items():
        c = cp.zeros((n, m), dtype=cp.float32)
        f = mod.get_function(entry)
        if shared:
            bench.allow_shared(f, shared)
        args = ((np.uint32(m), np.uint32(n), np.uint32(k), np.float32(1), a, b, np.float32(0), c)
                if sgemm else (np.uint32(m), np.uint32(n), np.uint32(k), a, b, c))
        f(grid, (threads,), args, shared_mem=shared)
        err = float(cp.abs(c - want).max())
        assert err < 1e-3 * k ** 0.5, f"{label} {entry} {m}x{n}x{k}: error {err}"
        out[label] = lambda f=f, args=args: f(grid, (threads,), args, shared_mem=shared)
    return out


def launches(kernel, m, n, k, builds):
    """{label: launch} for the kernel in each build, each result checked."""
    return gemm_launches(kernel, m, n, k, {build: (mod, kernel) for build, mod in builds.items()})


def main():
    old, new = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    sizes = sys.argv[4:] or [f"{k}:4096,4096,4096" for k in ("hgemm_tn", "hgemm_tn_k64", "hgemm_tn_k64_128")]
    builds = {"old": cp.RawModule(path=old), "new": cp.RawModule(path=new)}
    for _ in range(repeats):
        for size in sizes:
            kernel, dims = size.split(":")
            m, n, k = map(int, dims.split(","))
            ms = bench.median_ms(launches(kernel, m, n, k, builds), samples=100)
            tf = {name: 2 * m * n * k / t / 1e9 for name, t in ms.items()}
            print(size, {name: round(v, 2) for name, v in tf.items()},
                  "new / old: %.3f" % (tf["new"] / tf["old"]), flush=True)


if __name__ == "__main__":
    main()
