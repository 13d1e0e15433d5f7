#!/usr/bin/env python3
"""The Hopper GEMM's variants at model-like shapes beside cuBLAS, on the GPU machine:

    python3 gpu/sweep.py OUT_DIR [SHAPES] [KERNELS]

- `gpu/out/gpu-host PTX sweep SHAPES KERNELS`: each variant checked against the CPU and timed
  for scheduler groups 1 and 8 (split-K also in 2 parts);
- `gpu/out/gpu-host PTX gemm SHAPES`: the host call's pick (`tessel_cuda::gemm`), checked and timed;
- cuBLAS through torch (`a @ b.t()`, bf16), the median of 30 samples of 10;
- which kernel cuBLAS ran (`gpu/vendor/cublas-kernels`, a copy of ../shared/tools/cublas-kernels).
Writes OUT_DIR/sweep.json: per shape, each variant's best TFLOP/s and cuBLAS's."""
import json
import os
import re
import subprocess
import sys

GPU = os.path.dirname(os.path.abspath(__file__))
# Layers of a 7B-class model (hidden 4096, MLP 11008) at 512 to 16384 tokens, short K included.
SIX = "4096,4096,4096;8192,8192,8192;4000,4000,4000;8192,128,8192;128,8192,8192;1000,700,328"
SHAPES = SIX + ";" + ";".join(f"{m},{n},{k}" for m in (512, 2048, 8192, 16384)
                  for n, k in ((4096, 4096), (11008, 4096), (4096, 11008), (4096, 1024), (1024, 4096)))
KERNELS = "gemm_tn_ws_bf16,gemm_tn_ws_bf16_solo,gemm_tn_ws_bf16_splitk,gemm_tn_ws_bf16_pingpong"


def main():
    out_dir = sys.argv[1]
    shapes = sys.argv[2] if len(sys.argv) > 2 else SHAPES
    kernels = sys.argv[3] if len(sys.argv) > 3 else KERNELS
    os.makedirs(out_dir, exist_ok=True)
    try:
        r = subprocess.run([os.path.join(GPU, "out", "gpu-host"), os.path.join(GPU, "out", "hopper.ptx"),
                            "sweep", shapes, kernels], capture_output=True, text=True, timeout=300)
        stdout, rc = r.stdout, r.returncode
        print(r.stderr[-2000:])
    except subprocess.TimeoutExpired as e:  # keep what was measured
        stdout, rc = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), 124
    print(stdout)
    got = {"tessel_rc": rc, "wrong": re.findall(r".*WRONG.*", stdout)}
    save = lambda: json.dump(got, open(os.path.join(out_dir, "sweep.json"), "w"), indent=1)
    for name, m, n, k, tf in re.findall(r"(gemm_tn_ws_\w+(?: in 2 parts)?) (\d+)x(\d+)x(\d+): .*?([\d.]+) TFLOP/s",
                                        stdout):
        got[f"{name} {m}x{n}x{k}"] = float(tf)
    save()
    # The host call's pick at each shape (gemm::Gemm::choose), checked and timed.
    try:
        r = subprocess.run([os.path.join(GPU, "out", "gpu-host"), os.path.join(GPU, "out", "hopper.ptx"), "gemm",
                            shapes], capture_output=True, text=True, timeout=60)
        picked = r.stdout + r.stderr[-1000:]
    except subprocess.TimeoutExpired as e:
        picked = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
    print(picked)
    got["host call wrong"] = re.findall(r".*WRONG.*", picked)
    for m, n, k, kernel, parts, group, tf in re.findall(
            r"host call (\d+)x(\d+)x(\d+): (\w+) in (\d+) parts, group (\d+);.*?([\d.]+) TFLOP/s", picked):
        got[f"host call {m}x{n}x{k}"] = {"kernel": kernel, "parts": int(parts), "group": int(group),
                                         "TFLOP/s": float(tf)}
    save()
    import torch
    for t in shapes.split(";"):
        m, n, k = map(int, t.split(","))
        a = torch.randn(m, k, device="cuda").to(torch.bfloat16)
        b = torch.randn(n, k, device="cuda").to(torch.bfloat16)
        for _ in range(5):
            a @ b.t()
        times = []
        for _ in range(30):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            for _ in range(10):
                a @ b.t()
            e.record()
            torch.cuda.synchronize()
            times.append(s.elapsed_time(e) / 10)
        got[f"cublas {m}x{n}x{k}"] = 2 * m * n * k / (sorted(times)[15] * 1e-3) / 1e12
    save()
    tool = os.path.join(GPU, "vendor", "cublas-kernels")
    if os.path.exists(tool):
        try:
            r = subprocess.run([sys.executable, tool, shapes], capture_output=True, text=True, timeout=40)
            got["cublas kernels"] = r.stdout.splitlines() or r.stderr[-1000:]
        except subprocess.TimeoutExpired:
            got["cublas kernels"] = "timed out after 40 s"
    save()


if __name__ == "__main__":
    main()
