#!/usr/bin/env python3
"""Runs tessel's GPU kernels beside their CUDA C++ twins, CuTe's sgemm_1 and sgemm_sm80
tutorials and cuBLAS, checks every result, and prints the figures BENCHMARKS.md holds. On the GPU
machine, from the repository root, with gpu/out/ built by gpu/build.sh and, for CuTe, gpu/vendor/
holding the nvidia-cutlass wheel's include/, tools/util/include/ and
examples/cute/tutorial/sgemm_1.cu and sgemm_sm80.cu (built as libraries through
gpu/cute_entry.cu, so that they run in the same timing loop):

    python3 gpu/bench.py [OUT_DIR]

(`ONLY="hgemm"` runs one group and skips the CuTe tutorials: a quick check while working.)

Timing: CUDA events, the median of 30 samples of 10 back-to-back launches each, after 5 warm-up
launches, the contenders of a row taking turns sample by sample (median_ms)."""
import ctypes
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
VENDOR = os.path.join(GPU, "vendor")
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
    ptx = os.path.join(OUT, "sm80.ptx")
    info["tessel"] = sh(f"{CUDA_BIN}/ptxas", "-arch=sm_90a", "-O3", "-v", ptx, "-o",
                        os.path.join(OUT, "sm80.cubin"))
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


def median_ms(launches, samples=30, warm=5, reps=10):
    """The median time of one launch of each of `{name: launch}`. A sample times `reps` launches
    back to back (the GPU's queue stays full, so the host's cost of a launch, which differs
    between cupy, cuBLAS and a tutorial's host function, stays out of it), and the launches
    take turns sample by sample, so that a drift of the GPU's clock weighs on all alike."""
    for launch in launches.values():
        for _ in range(warm):
            launch()
    cp.cuda.Device().synchronize()
    times = {name: [] for name in launches}
    for _ in range(samples):
        for name, launch in launches.items():
            start, stop = cp.cuda.Event(), cp.cuda.Event()
            start.record()
            for _ in range(reps):
                launch()
            stop.record()
            stop.synchronize()
            times[name].append(cp.cuda.get_elapsed_time(start, stop) / reps)
    return {name: statistics.median(t) for name, t in times.items()}


def transpose(modules, m, n, kernel="transpose"):
    """`transpose`: (32,8) threads a (32,32) tile; `transpose_r8`: (32,4)."""
    x = cp.random.rand(m, n, dtype=cp.float32)
    want = cp.ascontiguousarray(x.T)
    grid, block = ((n + 31) // 32, (m + 31) // 32), (32, 4 if kernel == "transpose_r8" else 8)
    launches = {}
    for name, mod in modules.items():
        y = cp.full((n, m), cp.nan, dtype=cp.float32)
        f = mod.get_function(kernel)
        launches[name] = lambda f=f, y=y: f(grid, block, (x, y, np.uint32(m), np.uint32(n)))
        launches[name]()
        assert cp.array_equal(y, want), f"{name} transpose {m}x{n} is wrong"
    y = cp.empty_like(x)
    launches["device-to-device copy"] = lambda: cp.cuda.runtime.memcpy(y.data.ptr, x.data.ptr, x.nbytes, 3)
    return {name: {"ms": ms, "GB/s": 2 * m * n * 4 / ms / 1e6} for name, ms in median_ms(launches).items()}


def sgemm(modules, m, n, k, time=True, kernel="sgemm_nt", cute=None):
    """NT: A m x k and B n x k column-major, i.e. row-major (k, m) and (k, n) arrays; TN: A and
    B K-major, row-major (m, k) and (n, k). C column-major, a row-major (n, m) array."""
    tn = kernel == "sgemm_tn"
    a = cp.random.rand(*((m, k) if tn else (k, m)), dtype=cp.float32) - 0.5
    b = cp.random.rand(*((n, k) if tn else (k, n)), dtype=cp.float32) - 0.5
    c0 = cp.random.rand(n, m, dtype=cp.float32) - 0.5
    alpha, beta = 1.5, -0.5
    want = alpha * ((b @ a.T) if tn else (b.T @ a)) + beta * c0
    grid, block = ((m + 127) // 128, (n + 127) // 128), (256,)
    rows, launches = {}, {}
    contenders = [(name, mod, kernel) for name, mod in modules.items()]
    for name, mod, entry in contenders:
        c = c0.copy()
        f = mod.get_function(entry)
        args = (np.uint32(m), np.uint32(n), np.uint32(k), np.float32(alpha), a, b, np.float32(beta), c)
        f(grid, block, args)
        err = float(cp.abs(c - want).max())
        assert err < 1e-3 * k ** 0.5, f"{name} sgemm {m}x{n}x{k}: error {err}"
        rows[name] = {"max error": err}
        launches[name] = lambda f=f, args=args: f(grid, block, args)
    if not time:
        return rows
    if cute:
        c = c0.copy()
        f = cute.cute_sgemm_tn if tn else cute.cute_sgemm_nt
        args = (m, n, k, alpha, a.data.ptr, b.data.ptr, beta, c.data.ptr)
        f(*args)
        cp.cuda.Device().synchronize()
        err = float(cp.abs(c - want).max())
        assert err < 1e-3 * k ** 0.5, f"CuTe sgemm_1 {m}x{n}x{k}: error {err}"
        rows["CuTe sgemm_1"] = {"max error": err}
        launches["CuTe sgemm_1"] = lambda: f(*args)
    x, y = (a, b) if tn else (cp.asfortranarray(a.T), cp.asfortranarray(b.T))
    launches["cuBLAS (cupy.matmul)"] = lambda: cp.matmul(x, y.T)
    for name, ms in median_ms(launches).items():
        rows.setdefault(name, {}).update({"ms": ms, "TFLOP/s": 2 * m * n * k / ms / 1e9})
    return rows


def allow_shared(f, nbytes):
    """Lets kernel `f` launch with `nbytes` of dynamic shared memory (above 48 KiB)."""
    try:
        f.max_dynamic_shared_size_bytes = nbytes
    except AttributeError:
        cp.cuda.driver.funcSetAttribute(f.ptr, 8, nbytes)  # MAX_DYNAMIC_SHARED_SIZE_BYTES


def hgemm(modules, m, n, k, kernel="hgemm_tn", shared=0, threads=256, cute=None):
    """f16 in, f32 out: A m x k and B n x k row-major, C column-major (a row-major (n, m));
    `shared` bytes of dynamic shared memory, blocks of `threads`; with `cute` (cute_libraries()),
    CuTe's sgemm_sm80 in the same loop, as shipped (f16 accumulate and C) and in f32."""
    a = (cp.random.rand(m, k, dtype=cp.float32) - 0.5).astype(cp.float16)
    b = (cp.random.rand(n, k, dtype=cp.float32) - 0.5).astype(cp.float16)
    want = b.astype(cp.float32) @ a.astype(cp.float32).T
    grid, block = ((m + 127) // 128, (n + 127) // 128), (threads,)
    rows, launches = {}, {}
    contenders = [(name, mod, kernel) for name, mod in modules.items()]
    for name, mod, entry in contenders:
        c = cp.full((n, m), cp.nan, dtype=cp.float32)
        f = mod.get_function(entry)
        if shared:
            allow_shared(f, shared)
        args = (np.uint32(m), np.uint32(n), np.uint32(k), a, b, c)
        f(grid, block, args, shared_mem=shared)
        err = float(cp.abs(c - want).max())
        assert err < 1e-3 * k ** 0.5, f"{name} {entry} {m}x{n}x{k}: error {err}"
        rows[name] = {"max error": err}
        launches[name] = lambda f=f, args=args: f(grid, block, args, shared_mem=shared)
    for name, lib, dtype in (("CuTe sgemm_sm80 (f16 accumulate)", "sgemm_sm80", cp.float16),
                             ("CuTe sgemm_sm80, f32 accumulate", "sgemm_sm80_f32", cp.float32)):
        if not cute:
            break
        c = cp.full((n, m), cp.nan, dtype=dtype)
        args = (m, n, k, a.data.ptr, b.data.ptr, c.data.ptr)
        cute[lib].cute_hgemm_tn(*args)
        cp.cuda.Device().synchronize()
        err = float(cp.abs(c.astype(cp.float32) - want).max())
        # f16 accumulation rounds each partial sum to 11 bits: a looser check.
        bound = 1e-3 * k ** 0.5 if dtype == cp.float32 else 2e-3 * float(cp.abs(want).max()) * k ** 0.5
        assert err < bound, f"{name} {m}x{n}x{k}: error {err}"
        rows[name] = {"max error": err}
        launches[name] = lambda lib=lib, args=args: cute[lib].cute_hgemm_tn(*args)
    bt = cp.ascontiguousarray(b.T)
    launches["cuBLAS (cupy.matmul, f16 out)"] = lambda: cp.matmul(a, bt)
    for name, ms in median_ms(launches).items():
        rows.setdefault(name, {}).update({"ms": ms, "TFLOP/s": 2 * m * n * k / ms / 1e9})
    return rows


def check_atoms(mod):
    """Runs gpu/kernels/sm80/src/atoms.rs: each atom once on one warp, against the PTX ISA's
    description of its instruction. Returns {kernel: "equal"}; a difference fails the run."""
    res = {}
    lane = np.arange(32)[:, None]
    for regs, trans, name in ((1, False, "x1"), (2, False, "x2"), (4, False, "x4"),
                              (1, True, "x1_trans"), (2, True, "x2_trans"), (4, True, "x4_trans")):
        out = cp.zeros(256, dtype=cp.uint16)
        mod.get_function(f"check_ldsm_{name}")((1,), (32,), (out,))
        i = np.arange(8)[None, :]
        r, h, q, col = i // 2, i % 2, lane // 4, 2 * (lane % 4) + i % 2
        # Lane l holds row l/4, halves 2(l%4) and 2(l%4)+1 of matrix r (transposed: that column).
        want = np.where(trans, (8 * r + col) * 8 + q, (8 * r + q) * 8 + col)
        want = np.where(i < 2 * regs, want, 0xFFFF).astype(np.uint16).ravel()
        assert np.array_equal(out.get(), want), f"ldmatrix {name}: {out.get()[:16]} against {want[:16]}"
        res[f"check_ldsm_{name}"] = "equal"
    for v, zfill, name in ((1, False, "ca4"), (2, True, "ca8_zfill"), (4, True, "ca16_zfill")):
        src = cp.arange(32 * v, dtype=cp.float32) + 1
        out = cp.zeros(32 * v, dtype=cp.float32)
        mod.get_function(f"check_cp_async_{name}")((1,), (32,), (src, out))
        skipped = np.repeat(np.arange(32) % 4 == 3, v)
        want = np.where(skipped, 0.0 if zfill else -1.0, src.get())
        assert np.array_equal(out.get(), want), f"cp.async {name}: {out.get()[:8]}"
        res[f"check_cp_async_{name}"] = "equal"
    rng = np.random.default_rng(7)
    bits = {"f16": lambda x: x.astype(np.float16).view(np.uint16),
            # bf16 is f32's upper half (exact for these small integers).
            "bf16": lambda x: (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16),
            "e4m3": e4m3_bits}
    for name, k, inputs, dtype in (("16816_bf16_f32", 16, "bf16", np.float32), ("1688_f32", 8, "f16", np.float32),
                                   ("1688_bf16_f32", 8, "bf16", np.float32), ("16816_f16", 16, "f16", np.float16),
                                   ("1688_f16", 8, "f16", np.float16)):
        a = rng.integers(-3, 4, (16, k)).astype(np.float32)
        b = rng.integers(-3, 4, (8, k)).astype(np.float32)
        out = cp.zeros(128, dtype=dtype)
        args = (cp.asarray(bits[inputs](a)), cp.asarray(bits[inputs](b)), out)
        mod.get_function(f"check_mma_{name}")((1,), (32,), args)
        want = (a.astype(np.float32) @ b.astype(np.float32).T).T.ravel()  # C column-major
        assert np.array_equal(out.get().astype(np.float32), want), f"mma {name}: {out.get()[:8]}"
        res[f"check_mma_{name}"] = "equal"
    a = rng.integers(-3, 4, (64, 64)).astype(np.float16)
    b = rng.integers(-3, 4, (8, 64)).astype(np.float16)
    out = cp.zeros(64 * 8, dtype=cp.float32)
    mod.get_function("check_wgmma_sw128")((1,), (128,), (cp.asarray(a), cp.asarray(b), out))
    want = (a.astype(np.float32) @ b.astype(np.float32).T).T.ravel()  # C column-major
    assert np.array_equal(out.get(), want), f"wgmma m64n8k16: {out.get()[:8]} against {want[:8]}"
    res["check_wgmma_sw128"] = "equal"
    b = rng.integers(-3, 4, (16, 64)).astype(np.float16)
    out = cp.full(64 * 16, -1.0, dtype=cp.float32)
    mod.get_function("check_wgmma_gemm")((1,), (128,), (cp.asarray(a), cp.asarray(b), out))
    want = (a.astype(np.float32) @ b.astype(np.float32).T).T.ravel()
    assert np.array_equal(out.get(), want), f"wgmma gemm m64n16k16: {out.get()[:8]} against {want[:8]}"
    res["check_wgmma_gemm"] = "equal"
    out = cp.full(64 * 16, -1.0, dtype=cp.float32)
    mod.get_function("check_wgmma_rs")((1,), (128,), (cp.asarray(a), cp.asarray(b), out))
    assert np.array_equal(out.get(), want), f"wgmma RS m64n16k16: {out.get()[:8]} against {want[:8]}"
    res["check_wgmma_rs"] = "equal"
    # More of the SM90 atoms: N from 8 to 256 (powers of two and not) in bf16 and f16, A from
    # shared memory or registers.
    for form, inputs, n in (("ss", "bf16", 8), ("ss", "bf16", 32), ("ss", "bf16", 64), ("ss", "bf16", 128),
                            ("ss", "bf16", 256), ("ss", "f16", 256), ("rs", "bf16", 16), ("rs", "bf16", 64),
                            ("rs", "bf16", 256), ("rs", "f16", 128), ("ss", "bf16", 24), ("ss", "f16", 40),
                            ("ss", "bf16", 136), ("ss", "f16", 248), ("rs", "bf16", 88), ("rs", "f16", 200)):
        a = rng.integers(-3, 4, (64, 64)).astype(np.float32)
        b = rng.integers(-3, 4, (n, 64)).astype(np.float32)
        out = cp.full(64 * n, -1.0, dtype=cp.float32)
        name = f"check_wgmma_{form}_{inputs}_n{n}"
        mod.get_function(name)((1,), (128,), (cp.asarray(bits[inputs](a)), cp.asarray(bits[inputs](b)), out))
        want = (a @ b.T).T.ravel()  # C column-major
        assert np.array_equal(out.get(), want), f"{name}: {out.get()[:8]} against {want[:8]}"
        res[name] = "equal"
    # e4m3 (m64nNk32) for N a power of two and not, on 64-byte-swizzled stages.
    for n in (64, 24, 136, 248):
        a = rng.integers(-3, 4, (64, 64)).astype(np.float32)
        b = rng.integers(-3, 4, (n, 64)).astype(np.float32)
        out = cp.full(64 * n, -1.0, dtype=cp.float32)
        name = f"check_wgmma_ss_e4m3_n{n}"
        mod.get_function(name)((1,), (128,), (cp.asarray(e4m3_bits(a)), cp.asarray(e4m3_bits(b)), out))
        want = (a @ b.T).T.ravel()  # C column-major
        assert np.array_equal(out.get(), want), f"{name}: {out.get()[:8]} against {want[:8]}"
        res[name] = "equal"
    src = cp.asarray(rng.standard_normal(8 * 1024).astype(np.float32))
    out = cp.zeros(8 * 1024, dtype=cp.float32)
    mod.get_function("check_pipeline")((1,), (128,), (src, out))
    want = src.get() * np.repeat(np.arange(1, 9), 1024).astype(np.float32)
    assert np.array_equal(out.get(), want), "pipeline: the stages did not arrive in order"
    res["check_pipeline"] = "equal"
    res["check_launch_bounds"] = launch_bounds(mod.get_function("check_launch_bounds"))
    return res


def e4m3_bits(x):
    """The e4m3 (fn) bytes of the integers -3 to 3: sign, 4 exponent bits (bias 7), 3 of mantissa."""
    table = {0: 0x00, 1: 0x38, 2: 0x40, 3: 0x44}
    x = np.asarray(x).astype(np.int64)
    mag = np.vectorize(table.__getitem__)(np.abs(x))
    return (mag | np.where(x < 0, 0x80, 0)).astype(np.uint8)


def launch_bounds(f):
    """What the driver says of a kernel declared with
    `launch_bounds!(_, 64, 1, maxnreg = 40, cluster = (2, 1, 1))`."""
    from cupy_backends.cuda.api import driver
    # CUfunction_attribute: MAX_THREADS_PER_BLOCK 0, NUM_REGS 4, CLUSTER_SIZE_MUST_BE_SET 10,
    # REQUIRED_CLUSTER_WIDTH, _HEIGHT, _DEPTH 11-13.
    got = {k: driver.funcGetAttribute(a, f.kernel.ptr) for k, a in
           (("threads", 0), ("registers", 4), ("cluster must be set", 10), ("cluster", 11))}
    got["cluster"] = (got["cluster"], driver.funcGetAttribute(12, f.kernel.ptr), driver.funcGetAttribute(13, f.kernel.ptr))
    assert got["threads"] == 64 and got["registers"] <= 40 and got["cluster must be set"] == 1 \
        and got["cluster"] == (2, 1, 1), f"launch bounds: {got}"
    return got


def cute_libraries():
    """CuTe's tutorials as shared libraries (gpu/cute_entry.cu), built from the carried wheel:
    `{"sgemm_1": lib, "sgemm_sm80": lib (f16 accumulate, as shipped), "sgemm_sm80_f32": lib}`,
    or {} when gpu/vendor is not carried."""
    if not os.path.exists(os.path.join(VENDOR, "sgemm_1.cu")):
        return {}
    f32 = os.path.join(OUT, "sgemm_sm80_f32_accumulate.cu")
    with open(f32, "w") as f:
        f.write(f32_accumulate(open(os.path.join(VENDOR, "sgemm_sm80.cu")).read()))
    libs = {}
    for name, source, define in (("sgemm_1", os.path.join(VENDOR, "sgemm_1.cu"), "-DSGEMM_1"),
                                 ("sgemm_sm80", os.path.join(VENDOR, "sgemm_sm80.cu"), "-DACC=cute::half_t"),
                                 ("sgemm_sm80_f32", f32, "-DACC=float")):
        lib = os.path.join(OUT, f"cute_{name}.so")
        sh(NVCC, "-O3", "-std=c++17", "-arch=sm_90", "-shared", "-Xcompiler", "-fPIC",
           "-I", os.path.join(VENDOR, "include"), "-I", os.path.join(VENDOR, "tools", "util", "include"),
           f'-DTUTORIAL="{source}"', define, os.path.join(GPU, "cute_entry.cu"), "-o", lib)
        libs[name] = ctypes.CDLL(lib)
    ptr, i32, f32_ = ctypes.c_void_p, ctypes.c_int, ctypes.c_float
    for f in (libs["sgemm_1"].cute_sgemm_nt, libs["sgemm_1"].cute_sgemm_tn):
        f.argtypes = [i32, i32, i32, f32_, ptr, ptr, f32_, ptr]
    for lib in (libs["sgemm_sm80"], libs["sgemm_sm80_f32"]):
        lib.cute_hgemm_tn.argtypes = [i32, i32, i32, ptr, ptr, ptr]
    return libs


def f32_accumulate(text):
    """CuTe's sgemm_sm80 with the f16 GEMM's accumulator and C in f32, as tessel's kernel has them:
    the atom SM80_16x8x16_F32F16F16F32_TN, C float; nothing else changed."""
    for old, new in (("SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x16_F32F16F16F32_TN"),
                     ("cute::half_t      * C, int ldC,", "float * C, int ldC,"),
                     ("cute::half_t, decltype(dC)", "float, decltype(dC)"),
                     ("using TC = cute::half_t;", "using TC = float;"),
                     ("using TI = cute::half_t;", "using TI = float;")):
        assert old in text, f"sgemm_sm80.cu no longer has {old!r}"
        text = text.replace(old, new)
    return text


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else OUT
    info = build()
    modules = {
        "tessel (Rust)": cp.RawModule(path=os.path.join(OUT, "sm80.ptx")),
        "CUDA C++": None,
    }
    res = {"device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode()}
    res["atom checks"] = check_atoms(modules["tessel (Rust)"])
    only = os.environ.get("ONLY", "transpose sgemm hgemm").split()
    cute = {} if "ONLY" in os.environ else cute_libraries()
    for name in only:
        modules["CUDA C++"] = cp.RawModule(path=os.path.join(OUT, f"cuda_{name}.cubin"))
        if name == "transpose":
            res["transpose 8192x8192"] = transpose(modules, 8192, 8192)
            res["transpose 8000x6000 (ragged)"] = transpose(modules, 8000, 6000)
            res["transpose 8192x8192, 8 rows a thread"] = transpose(modules, 8192, 8192, "transpose_r8")
            res["transpose 8000x6000 (ragged), 8 rows a thread"] = transpose(modules, 8000, 6000, "transpose_r8")
        elif name == "hgemm":
            for size in ((4096, 4096, 4096), (8192, 8192, 8192), (4000, 4000, 4000), (1000, 700, 328)):
                # CuTe's tutorial beside the square sizes it is written for.
                tut = cute if size[0] in (4096, 8192) else None
                name = f"hgemm TN {size[0]}x{size[1]}x{size[2]}"
                res[name] = hgemm(modules, *size, cute=tut)
                res[f"{name}, K step 64"] = hgemm(
                    modules, *size, kernel="hgemm_tn_k64", shared=3 * 2 * 128 * 64 * 2, cute=tut)
                res[f"{name}, K step 64, 128 threads"] = hgemm(
                    modules, *size, kernel="hgemm_tn_k64_128", shared=3 * 2 * 128 * 64 * 2, threads=128,
                    cute=tut)
        else:
            tut = cute.get("sgemm_1")
            res["sgemm NT 4096^3"] = sgemm(modules, 4096, 4096, 4096, cute=tut)
            res["sgemm TN 4096^3"] = sgemm(modules, 4096, 4096, 4096, kernel="sgemm_tn", cute=tut)
            res["sgemm TN 1000x700x333 (ragged)"] = sgemm(modules, 1000, 700, 333, kernel="sgemm_tn")
            res["sgemm NT 4000x3000x1000 (ragged)"] = sgemm(modules, 4000, 3000, 1000)
            res["sgemm NT 1x1x1"] = sgemm(modules, 1, 1, 1, time=False)
    tessel_cubin = os.path.join(OUT, "sm80.cubin")
    res["SASS and registers"] = {
        f"{kernel} {who}": {
            "registers": registers(info[log], kernel),
            "instructions, integer": sass_counts(cubin, kernel),
        }
        for kernel, source in (("transpose", "transpose"), ("sgemm_nt", "sgemm"), ("sgemm_tn", "sgemm"),
                               ("hgemm_tn", "hgemm"), ("hgemm_tn_k64", "hgemm"),
                               ("hgemm_tn_k64_128", "hgemm"))
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
