#!/usr/bin/env python3
"""Runs tessel's GPU kernels beside their CUDA C++ twins, CuTe's sgemm_1 tutorial and cuBLAS,
checks every result, and prints the figures BENCHMARKS.md holds. On the GPU machine, from the
repository root, with gpu/out/ built by gpu/build.sh and, for CuTe, gpu/vendor/ holding the
nvidia-cutlass wheel's include/, tools/util/include/ and examples/cute/tutorial/sgemm_1.cu:

    python3 gpu/bench.py [OUT_DIR]

(`ONLY="hgemm"` runs one group and skips the CuTe tutorials: a quick check while working.)

Timing: CUDA events, the median of 30 samples after 5 warm-up launches."""
import json
import os
import re
import statistics
import subprocess
import sys

import cupy as cp
import numpy as np

GPU = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(GPU, "out")
NVCC = "/usr/local/cuda/bin/nvcc"
CUDA_BIN = "/usr/local/cuda/bin"


def sh(*args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}:\n{r.stdout}\n{r.stderr}")
    return r.stdout + r.stderr


def build():
    """CUDA twins to cubins; tessel's PTX to a cubin too (for registers and SASS)."""
    info = {}
    for name in ("transpose", "sgemm", "hgemm"):
        cubin = os.path.join(OUT, f"cuda_{name}.cubin")
        log = sh(NVCC, "-O3", "-arch=sm_90", "-cubin", "-Xptxas", "-v", "-o", cubin,
                 os.path.join(GPU, "cuda", f"{name}.cu"))
        info[f"cuda {name}"] = log
    ptx = os.path.join(OUT, "tessel_kernels.ptx")
    info["tessel"] = sh(f"{CUDA_BIN}/ptxas", "-arch=sm_90", "-O3", "-v", ptx, "-o",
                        os.path.join(OUT, "tessel_kernels.cubin"))
    return info


def registers(log, kernel):
    m = re.search(rf"Compiling entry function '{kernel}'.*?Used (\d+) registers", log, re.S)
    return int(m.group(1)) if m else None


INTEGER = re.compile(r"^(IMAD|IADD3|IADD|LEA|SHF|SHL|SHR|LOP3|LOP|ISETP|IMNMX|SEL|PRMT|BFE|BFI|MOV|S2R|S2UR|ULDC|UIADD3|UIMAD|ULEA|USHF|ULOP3|UMOV|ISCADD|IABS|FLO|POPC)")


def sass_counts(cubin, kernel):
    """Instructions of a kernel's SASS: all, and the integer/address ones."""
    text = sh(f"{CUDA_BIN}/cuobjdump", "-sass", "-fun", kernel, cubin)
    ops = [m.group(1) for m in re.finditer(r"/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", text)]
    ops = [o.split(".")[0] for o in ops if o.split(".")[0] not in ("NOP",)]
    return len(ops), sum(1 for o in ops if INTEGER.match(o))


def median_ms(launch, samples=30, warm=5):
    for _ in range(warm):
        launch()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(samples):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        launch()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop))
    return statistics.median(times)


def transpose(modules, m, n, kernel="transpose"):
    """`transpose`: (32,8) threads a (32,32) tile; `transpose_r8`: (32,4)."""
    x = cp.random.rand(m, n, dtype=cp.float32)
    want = cp.ascontiguousarray(x.T)
    grid, block = ((n + 31) // 32, (m + 31) // 32), (32, 4 if kernel == "transpose_r8" else 8)
    rows = {}
    for name, mod in modules.items():
        y = cp.full((n, m), cp.nan, dtype=cp.float32)
        f = mod.get_function(kernel)
        launch = lambda: f(grid, block, (x, y, np.uint32(m), np.uint32(n)))
        launch()
        assert cp.array_equal(y, want), f"{name} transpose {m}x{n} is wrong"
        ms = median_ms(launch)
        rows[name] = {"ms": ms, "GB/s": 2 * m * n * 4 / ms / 1e6}
    y = cp.empty_like(x)
    ms = median_ms(lambda: cp.cuda.runtime.memcpy(y.data.ptr, x.data.ptr, x.nbytes, 3))
    rows["device-to-device copy"] = {"ms": ms, "GB/s": 2 * m * n * 4 / ms / 1e6}
    return rows


def sgemm(modules, m, n, k, time=True, kernel="sgemm_nt"):
    """NT: A m x k and B n x k column-major, i.e. row-major (k, m) and (k, n) arrays; TN: A and
    B K-major, row-major (m, k) and (n, k). C column-major, a row-major (n, m) array."""
    tn = kernel == "sgemm_tn"
    a = cp.random.rand(*((m, k) if tn else (k, m)), dtype=cp.float32) - 0.5
    b = cp.random.rand(*((n, k) if tn else (k, n)), dtype=cp.float32) - 0.5
    c0 = cp.random.rand(n, m, dtype=cp.float32) - 0.5
    alpha, beta = 1.5, -0.5
    want = alpha * ((b @ a.T) if tn else (b.T @ a)) + beta * c0
    grid, block = ((m + 127) // 128, (n + 127) // 128), (256,)
    rows = {}
    for name, mod in modules.items():
        c = c0.copy()
        f = mod.get_function(kernel)
        args = (np.uint32(m), np.uint32(n), np.uint32(k), np.float32(alpha), a, b, np.float32(beta), c)
        f(grid, block, args)
        err = float(cp.abs(c - want).max())
        assert err < 1e-3 * k ** 0.5, f"{name} sgemm {m}x{n}x{k}: error {err}"
        if time:
            ms = median_ms(lambda: f(grid, block, args))
            rows[name] = {"ms": ms, "TFLOP/s": 2 * m * n * k / ms / 1e9, "max error": err}
        else:
            rows[name] = {"max error": err}
    if time:
        x, y = (a, b) if tn else (cp.asfortranarray(a.T), cp.asfortranarray(b.T))
        ms = median_ms(lambda: cp.matmul(x, y.T))
        rows["cuBLAS (cupy.matmul)"] = {"ms": ms, "TFLOP/s": 2 * m * n * k / ms / 1e9}
    return rows


def allow_shared(f, nbytes):
    """Lets kernel `f` launch with `nbytes` of dynamic shared memory (above 48 KiB)."""
    try:
        f.max_dynamic_shared_size_bytes = nbytes
    except AttributeError:
        cp.cuda.driver.funcSetAttribute(f.ptr, 8, nbytes)  # MAX_DYNAMIC_SHARED_SIZE_BYTES


def hgemm(modules, m, n, k, kernel="hgemm_tn", shared=0):
    """f16 in, f32 out: A m x k and B n x k row-major, C column-major (a row-major (n, m));
    `shared` bytes of dynamic shared memory."""
    a = (cp.random.rand(m, k, dtype=cp.float32) - 0.5).astype(cp.float16)
    b = (cp.random.rand(n, k, dtype=cp.float32) - 0.5).astype(cp.float16)
    want = b.astype(cp.float32) @ a.astype(cp.float32).T
    grid, block = ((m + 127) // 128, (n + 127) // 128), (256,)
    rows = {}
    for name, mod in modules.items():
        c = cp.full((n, m), cp.nan, dtype=cp.float32)
        f = mod.get_function(kernel)
        if shared:
            allow_shared(f, shared)
        args = (np.uint32(m), np.uint32(n), np.uint32(k), a, b, c)
        f(grid, block, args, shared_mem=shared)
        err = float(cp.abs(c - want).max())
        assert err < 1e-3 * k ** 0.5, f"{name} {kernel} {m}x{n}x{k}: error {err}"
        ms = median_ms(lambda: f(grid, block, args, shared_mem=shared))
        rows[name] = {"ms": ms, "TFLOP/s": 2 * m * n * k / ms / 1e9, "max error": err}
    bt = cp.ascontiguousarray(b.T)
    ms = median_ms(lambda: cp.matmul(a, bt))
    rows["cuBLAS (cupy.matmul, f16 out)"] = {"ms": ms, "TFLOP/s": 2 * m * n * k / ms / 1e9}
    return rows


def cute_sgemm_1(m, n, k):
    """CuTe's tutorial, built from the carried wheel, with its own timing."""
    vendor = os.path.join(GPU, "vendor")
    src = os.path.join(vendor, "sgemm_1.cu")
    if not os.path.exists(src):
        return {"skipped": "gpu/vendor/sgemm_1.cu not carried"}
    exe = os.path.join(OUT, "cute_sgemm_1")
    sh(NVCC, "-O3", "-std=c++17", "-arch=sm_90", "-I", os.path.join(vendor, "include"),
       "-I", os.path.join(vendor, "tools", "util", "include"), src, "-o", exe)
    rows = {}
    for ta, tb in (("N", "T"), ("T", "N")):
        out = sh(exe, str(m), str(n), str(k), ta, tb)
        g = re.search(r"CUTE_GEMM:\s+\[\s*([\d.]+)\]GFlop/s", out)
        rows[f"CuTe sgemm_1 {ta}{tb}"] = {"TFLOP/s": float(g.group(1)) / 1e3}
    src = os.path.join(vendor, "sgemm_sm80.cu")
    exe = os.path.join(OUT, "cute_sgemm_sm80")
    sh(NVCC, "-O3", "-std=c++17", "-arch=sm_90", "-I", os.path.join(vendor, "include"),
       "-I", os.path.join(vendor, "tools", "util", "include"), src, "-o", exe)
    for size in (4096, 8192):
        out = sh(exe, str(size), str(size), str(size), "T", "N")
        g = re.search(r"CUTE_GEMM:\s+\[\s*([\d.]+)\]GFlop/s", out)
        rows[f"CuTe sgemm_sm80 TN {size}^3 (f16 accumulate)"] = {"TFLOP/s": float(g.group(1)) / 1e3}
    return rows


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else OUT
    info = build()
    modules = {
        "tessel (Rust)": cp.RawModule(path=os.path.join(OUT, "tessel_kernels.ptx")),
        "CUDA C++": None,
    }
    res = {"device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode()}
    only = os.environ.get("ONLY", "transpose sgemm hgemm").split()
    for name in only:
        modules["CUDA C++"] = cp.RawModule(path=os.path.join(OUT, f"cuda_{name}.cubin"))
        if name == "transpose":
            res["transpose 8192x8192"] = transpose(modules, 8192, 8192)
            res["transpose 8000x6000 (ragged)"] = transpose(modules, 8000, 6000)
            res["transpose 8192x8192, 8 rows a thread"] = transpose(modules, 8192, 8192, "transpose_r8")
            res["transpose 8000x6000 (ragged), 8 rows a thread"] = transpose(modules, 8000, 6000, "transpose_r8")
        elif name == "hgemm":
            for size in ((4096, 4096, 4096), (8192, 8192, 8192), (4000, 4000, 4000), (1000, 700, 328)):
                res[f"hgemm TN {size[0]}x{size[1]}x{size[2]}"] = hgemm(modules, *size)
                res[f"hgemm TN {size[0]}x{size[1]}x{size[2]}, K step 64"] = hgemm(
                    modules, *size, kernel="hgemm_tn_k64", shared=3 * 2 * 128 * 64 * 2)
        else:
            res["sgemm NT 4096^3"] = sgemm(modules, 4096, 4096, 4096)
            res["sgemm TN 4096^3"] = sgemm(modules, 4096, 4096, 4096, kernel="sgemm_tn")
            res["sgemm NT 4096^3, sizes static (tessel)"] = sgemm(
                {"tessel (Rust)": modules["tessel (Rust)"]}, 4096, 4096, 4096, kernel="sgemm_nt_4096")
            res["sgemm TN 1000x700x333 (ragged)"] = sgemm(modules, 1000, 700, 333, kernel="sgemm_tn")
            res["sgemm NT 4000x3000x1000 (ragged)"] = sgemm(modules, 4000, 3000, 1000)
            res["sgemm NT 1x1x1"] = sgemm(modules, 1, 1, 1, time=False)
    if len(only) == 3:
        res["CuTe tutorials"] = cute_sgemm_1(4096, 4096, 4096)
    tessel_cubin = os.path.join(OUT, "tessel_kernels.cubin")
    res["SASS and registers"] = {
        f"{kernel} {who}": {
            "registers": registers(info[log], kernel),
            "instructions, integer": sass_counts(cubin, kernel),
        }
        for kernel, source in (("transpose", "transpose"), ("sgemm_nt", "sgemm"), ("sgemm_tn", "sgemm"),
                               ("hgemm_tn", "hgemm"), ("hgemm_tn_k64", "hgemm"))
        for who, log, cubin in (
            ("tessel", "tessel", tessel_cubin),
            ("CUDA C++", f"cuda {source}", os.path.join(OUT, f"cuda_{source}.cubin")),
        )
    }
    print(json.dumps(res, indent=1))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "bench.json"), "w") as f:
        json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
