#!/usr/bin/env python3
"""The Hopper GEMM in one run beside its anchors, on the GPU machine, from the repository root:

    python3 gpu/hopper_bench.py [OUT_DIR]

- tessel's `gemm_tn_ws_bf16`/`_f16`/`_e4m3` (warp-specialized, persistent, in clusters of 2),
  their variants (`_splitk` for the skinny shapes, `_solo`, ...) and `gemm_tn_tma_bf16`/`_f16`
  (the tutorial's schedule) through `gpu/out/gpu-host PTX hopper`
  (built here by `bash gpu/build.sh --host`): each checked against exact sums on the CPU, then
  timed with CUDA events (the median of 20 samples of 10 launches);
- CUTLASS's example 48 (bf16, cooperative 128x256 and ping-pong 128x128 tiles, clusters of 2);
- CuTe's wgmma_tma_sm90 tutorial (TN, its own timer), in f16 and in bf16 with f32 accumulation,
  from `gpu/vendor/hopper` (`../shared/tools/hopper-anchors gpu/vendor/hopper` here; carried);
- cuBLAS through torch (`a @ b.t()`, K-major A and B; in e4m3 `torch._scaled_mm` with unit
  scales and a bf16 C), the median of 30 samples of 10;
- the main kernels' outputs (the sizes checked above) against torch's product of the same
  inputs, bit for bit (`gpu/torch_check.py`);
- registers, shared memory and the SASS instruction mix of tessel's kernels (ptxas, cuobjdump).
Writes OUT_DIR/hopper.json and prints a table."""
import json
import os
import re
import subprocess
import sys
import time

GPU = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(GPU, "out")
ANCHORS = os.path.join(GPU, "vendor", "hopper")
# Where gpu-host leaves the main kernels' inputs and outputs for the torch check.
DUMP = "/tmp/tessel-torch-check"
CUDA_BIN = "/usr/local/cuda/bin"
SIZES = [(4096, 4096, 4096), (8192, 8192, 8192), (4000, 4000, 4000), (8192, 128, 8192), (128, 8192, 8192)]


def sh(*args, cwd=None, timeout=300, env=None):
    try:
        r = subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=timeout,
                           env=None if env is None else {**os.environ, **env})
    except subprocess.TimeoutExpired as e:
        return 124, f"timed out after {timeout} s: {' '.join(args)}\n{e.stdout or ''}"
    return r.returncode, r.stdout + r.stderr


def tessel():
    os.makedirs(DUMP, exist_ok=True)
    rc, out = sh(os.path.join(OUT, "gpu-host"), os.path.join(OUT, "hopper.ptx"), "hopper", timeout=420,
                 env={"TESSEL_DUMP": DUMP})
    print(out)
    got = {}
    for name, m, n, k, tf in re.findall(r"(gemm_tn_(?:tma|ws)_\w+) (\d+)x(\d+)x(\d+): .*?([\d.]+) TFLOP/s", out):
        got[f"{name} {m}x{n}x{k}"] = float(tf)
    for name, m, n, k, tf in re.findall(r"technique (.+?) (\d+)x(\d+)x(\d+): .*?([\d.]+) TFLOP/s", out):
        got[f"technique {name} {m}x{n}x{k}"] = float(tf)
    return rc, got


def tutorial():
    """The anchors, each built alone and timed (nvcc, sm_90a), then run (none when
    gpu/vendor/hopper was not carried)."""
    got = {}
    if not os.path.isdir(ANCHORS):
        return {"anchors": f"{ANCHORS} not carried"}
    flags = ["-O3", "-std=c++17", "-gencode=arch=compute_90a,code=sm_90a", "-Iinclude",
             "-Itools/util/include", "-I.", "--expt-relaxed-constexpr"]
    for exe, src in (("wgmma_tma", "wgmma_tma_sm90.cu"), ("wgmma_tma_bf16", "wgmma_tma_sm90_bf16.cu"),
                     ("ex48_coop", "ex48_coop.cu"), ("ex48_pingpong", "ex48_pingpong.cu")):
        start = time.time()
        rc, log = sh(f"{CUDA_BIN}/nvcc", *flags, src, "-o", exe, cwd=ANCHORS)
        got[f"nvcc {exe} s"] = round(time.time() - start, 1) if rc == 0 else log[-300:]
    for schedule in ("coop", "pingpong"):
        for m, n, k in SIZES:
            rc, out = sh(os.path.join(ANCHORS, f"ex48_{schedule}"), f"--m={m}", f"--n={n}", f"--k={k}",
                         "--iterations=200")
            g = re.findall(r"GFLOPS:\s*([\d.]+)", out)
            got[f"cutlass ex48 {schedule} {m}x{n}x{k}"] = float(g[-1]) / 1000 if g else out[-300:]
    for exe in ("wgmma_tma", "wgmma_tma_bf16"):
        for m, n, k in SIZES:
            rc, out = sh(os.path.join(ANCHORS, exe), str(m), str(n), str(k), "T", "N")
            g = re.findall(r"\[\s*([\d.]+)\s*\]GFlop/s", out)
            got[f"{exe} {m}x{n}x{k}"] = float(g[-1]) / 1000 if g else out[-300:]
    return got


def timed(f):
    """The median of 30 samples of 10 calls, in ms."""
    import torch
    for _ in range(5):
        f()
    times = []
    for _ in range(30):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(10):
            f()
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e) / 10)
    return sorted(times)[len(times) // 2]


def cublas():
    import torch
    got = {}
    for dt in (torch.bfloat16, torch.float16, torch.float8_e4m3fn):
        for m, n, k in SIZES:
            a = torch.randn(m, k, device="cuda").to(dt)
            b = torch.randn(n, k, device="cuda").to(dt)
            if dt == torch.float8_e4m3fn:
                one = torch.tensor(1.0, device="cuda")
                f = lambda: torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
            else:
                f = lambda: a @ b.t()
            key = f"cublas {str(dt)[6:]} {m}x{n}x{k}"
            try:
                got[key] = 2 * m * n * k / (timed(f) * 1e-3) / 1e12
            except Exception as e:  # an old torch without fp8: say so in the results
                got[key] = repr(e)[:200]
    return got


INTEGER = ("IMAD", "IADD3", "LEA", "SHF", "LOP3", "ISETP", "IABS", "SEL", "PRMT", "MOV", "UIADD3", "UIMAD",
           "ULEA", "USHF", "ULOP3", "UISETP", "USEL", "UMOV", "S2R", "S2UR", "R2UR")


def mix(text):
    """The instruction mix of cuobjdump's SASS of one function."""
    ops = [o.split(".")[0] for o in re.findall(r"/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", text)]
    n = max(len(ops), 1)
    gmma = ops.count("HGMMA") + ops.count("QGMMA")
    return {"instructions": len(ops), "HGMMA": ops.count("HGMMA"), "QGMMA": ops.count("QGMMA"), "GMMA share": round(gmma / n, 4),
            "integer/address": sum(o in INTEGER for o in ops), "integer share": round(sum(o in INTEGER for o in ops) / n, 3),
            "UTMALDG": ops.count("UTMALDG"), "STG": ops.count("STG"), "WARPGROUP": sum(o.startswith("WARPGROUP") for o in ops)}


def sass():
    ptx, cubin = os.path.join(OUT, "hopper.ptx"), os.path.join(OUT, "hopper.cubin")
    _, log = sh(f"{CUDA_BIN}/ptxas", "-arch=sm_90a", "-O3", "-v", ptx, "-o", cubin)
    got = {"ptxas_c7520": "C7520" in log, "ptxas_warnings": re.findall(r"warning.*", log)[:8]}
    for name in ("gemm_tn_ws_bf16", "gemm_tn_ws_f16", "gemm_tn_ws_e4m3", "gemm_tn_ws_bf16_splitk",
                 "gemm_tn_ws_e4m3_splitk", "gemm_tn_ws_bf16_solo", "gemm_tn_tma_bf16", "gemm_tn_tma_f16"):
        m = re.search(rf"Compiling entry function '{name}'.*?Used (\d+) registers", log, re.S)
        _, text = sh(f"{CUDA_BIN}/cuobjdump", "-sass", "-fun", name, cubin)
        got[name] = {"registers": int(m.group(1)) if m else None, **mix(text)}
    return got


def cutlass_sass():
    """The mix of CUTLASS example 48's GEMM kernel (the function of its binary with HGMMAs)."""
    _, text = sh(f"{CUDA_BIN}/cuobjdump", "-sass", os.path.join(ANCHORS, "ex48_coop"))
    best = {}
    for body in re.split(r"\n\s+Function : ", text):
        got = mix(body)
        if got["HGMMA"] > best.get("HGMMA", 0):
            best = got
    return {"cutlass ex48 sass": best}


def against_torch():
    """The main kernels' outputs against torch's of the same inputs (gpu/torch_check.py)."""
    sys.path.insert(0, GPU)
    import torch_check
    return torch_check.main(DUMP)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else OUT
    os.makedirs(out_dir, exist_ok=True)
    rc, results = tessel()
    results["tessel_rc"] = rc
    # Each part's results are written as soon as they are in: a part that fails costs only
    # itself (its error is recorded), never the parts measured before it.
    for part in (against_torch, sass, tutorial, cutlass_sass, cublas):
        try:
            results.update(part())
        except Exception as e:
            results[f"{part.__name__} failed"] = repr(e)[:300]
        json.dump(results, open(os.path.join(out_dir, "hopper.json"), "w"), indent=1)
    for k, v in results.items():
        print(f"{k:40} {v}")


if __name__ == "__main__":
    main()
