#!/usr/bin/env python3
"""Prints BENCHMARKS.md's GPU tables from a bench.json (gpu/bench.py's output):
python3 gpu/table.py gpu/results-2026-12-01.json"""
import json
import sys

d = json.load(open(sys.argv[1]))
R, C = "tessel (Rust)", "CUDA C++"
cute = d["CuTe tutorials"]


def row(name, r, unit, twin=True, cute_key=None, other=None):
    t = r[R][unit]
    cells = [name, f"{t:.0f} {unit}" if unit == "GB/s" else f"{t:.2f}"]
    if twin and C in r:
        cells += [f"{r[C][unit]:.0f}" if unit == "GB/s" else f"{r[C][unit]:.2f}", f"{t / r[C][unit]:.3f}"]
    else:
        cells += ["", ""]
    if cute_key:
        cells += [f"{cute[cute_key]['TFLOP/s']:.2f}", f"{t / cute[cute_key]['TFLOP/s']:.3f}"]
    else:
        cells += ["", ""]
    if other:
        key, label = other
        o = r[key][unit]
        cells += [f"{label} {o:.0f}: {t / o:.3f}" if unit == "GB/s" else f"{o:.1f}: {t / o:.3f}"]
    else:
        cells += [""]
    return "| " + " | ".join(cells) + " |"


print("| kernel | tessel (Rust) | CUDA C++ twin | ratio | CuTe tutorial | ratio | cuBLAS or copy: ratio |")
print("| --- | --- | --- | --- | --- | --- | --- |")
copy = ("device-to-device copy", "copy")
print(row("transpose 8192², swizzled smem", d["transpose 8192x8192"], "GB/s", other=copy))
print(row("transpose 8000x6000 (ragged)", d["transpose 8000x6000 (ragged)"], "GB/s", other=copy))
print(row("transpose 8192², 8 rows a thread", d["transpose 8192x8192, 8 rows a thread"], "GB/s", other=copy))
print(row("transpose 8000x6000, 8 rows a thread", d["transpose 8000x6000 (ragged), 8 rows a thread"], "GB/s", other=copy))
blas = ("cuBLAS (cupy.matmul)", "")
print(row("SGEMM NT 4096³", d["sgemm NT 4096^3"], "TFLOP/s", cute_key="CuTe sgemm_1 NT", other=blas))
print(row("SGEMM TN 4096³", d["sgemm TN 4096^3"], "TFLOP/s", cute_key="CuTe sgemm_1 TN", other=blas))
print(row("SGEMM NT 4096³, every size static", d["sgemm NT 4096^3, sizes static (tessel)"], "TFLOP/s", twin=False))
print(row("SGEMM NT 4000x3000x1000 (ragged)", d["sgemm NT 4000x3000x1000 (ragged)"], "TFLOP/s", other=blas))
print(row("SGEMM TN 1000x700x333 (ragged)", d["sgemm TN 1000x700x333 (ragged)"], "TFLOP/s", other=blas))
hblas = ("cuBLAS (cupy.matmul, f16 out)", "")
for size, ck in (("4096x4096x4096", "CuTe sgemm_sm80 TN 4096^3 (f16 accumulate)"),
                 ("8192x8192x8192", "CuTe sgemm_sm80 TN 8192^3 (f16 accumulate)"),
                 ("4000x4000x4000", None), ("1000x700x328", None)):
    for step, suffix in (("32", ""), ("64", ", K step 64")):
        if f"hgemm TN {size}{suffix}" in d:
            print(row(f"f16 GEMM TN {size}, K step {step}", d[f"hgemm TN {size}{suffix}"], "TFLOP/s",
                      cute_key=ck, other=hblas))
print()
print("| kernel | registers tessel / CUDA | instructions tessel / CUDA | integer and address tessel / CUDA |")
print("| --- | --- | --- | --- |")
s = d["SASS and registers"]
for k in ("transpose", "sgemm_nt", "sgemm_tn", "hgemm_tn", "hgemm_tn_k64"):
    if f"{k} tessel" not in s:
        continue
    a, b = s[f"{k} tessel"], s[f"{k} CUDA C++"]
    (ta, ia), (tb, ib) = a["instructions, integer"], b["instructions, integer"]
    print(f"| {k} | {a['registers']} / {b['registers']} | {ta} / {tb} | {ia} / {ib} |")
