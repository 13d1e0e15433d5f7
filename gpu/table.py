#!/usr/bin/env python3
"""Prints BENCHMARKS.md's GPU tables from a bench.json (gpu/bench.py's output):
python3 gpu/table.py gpu/results/2026-12-01-interleaved.json

Results from before bench.py timed CuTe's tutorials in its own loop keep them under
"CuTe tutorials" (each tutorial's own timing); either form prints."""
import json
import sys

d = json.load(open(sys.argv[1]))
R, C = "tessel (Rust)", "CUDA C++"
SM80, SM80_F32 = "CuTe sgemm_sm80 (f16 accumulate)", "CuTe sgemm_sm80, f32 accumulate"
apart = d.get("CuTe tutorials", {})


def cute(r, key, old):
    """CuTe's TFLOP/s for a row: timed in the row's loop, or on its own (older results)."""
    if key in r:
        return r[key]["TFLOP/s"]
    return apart[old]["TFLOP/s"] if old in apart else None


def row(name, r, unit, twin=True, tut=None, other=None):
    t = r[R][unit]
    cells = [name, f"{t:.0f} {unit}" if unit == "GB/s" else f"{t:.2f}"]
    if twin and C in r:
        cells += [f"{r[C][unit]:.0f}" if unit == "GB/s" else f"{r[C][unit]:.2f}", f"{t / r[C][unit]:.3f}"]
    else:
        cells += ["", ""]
    c = cute(r, *tut) if tut else None
    cells += [f"{c:.2f}", f"{t / c:.3f}"] if c else ["", ""]
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
for t in ("NT", "TN"):
    print(row(f"SGEMM {t} 4096³", d[f"sgemm {t} 4096^3"], "TFLOP/s", tut=("CuTe sgemm_1", f"CuTe sgemm_1 {t}"),
              other=blas))
print(row("SGEMM NT 4096³, every size static", d["sgemm NT 4096^3, sizes static (tessel)"], "TFLOP/s", twin=False))
print(row("SGEMM NT 4000x3000x1000 (ragged)", d["sgemm NT 4000x3000x1000 (ragged)"], "TFLOP/s", other=blas))
print(row("SGEMM TN 1000x700x333 (ragged)", d["sgemm TN 1000x700x333 (ragged)"], "TFLOP/s", other=blas))
hblas = ("cuBLAS (cupy.matmul, f16 out)", "")
STEPS = (("32", ""), ("64", ", K step 64"), ("64, 128 threads", ", K step 64, 128 threads"))
for size in ("4096x4096x4096", "8192x8192x8192", "4000x4000x4000", "1000x700x328"):
    old = f"CuTe sgemm_sm80 TN {size.split('x')[0]}^3 (f16 accumulate)"
    for step, suffix in STEPS:
        if f"hgemm TN {size}{suffix}" in d:
            print(row(f"f16 GEMM TN {size}, K step {step}", d[f"hgemm TN {size}{suffix}"], "TFLOP/s",
                      tut=(SM80, old), other=hblas))
print()
print("| kernel | registers tessel / CUDA | instructions tessel / CUDA | integer and address tessel / CUDA |")
print("| --- | --- | --- | --- |")
s = d["SASS and registers"]
for k in ("transpose", "sgemm_nt", "sgemm_tn", "hgemm_tn", "hgemm_tn_k64", "hgemm_tn_k64_128"):
    if f"{k} tessel" not in s:
        continue
    a, b = s[f"{k} tessel"], s[f"{k} CUDA C++"]
    (ta, ia), (tb, ib) = a["instructions, integer"], b["instructions, integer"]
    print(f"| {k} | {a['registers']} / {b['registers']} | {ta} / {tb} | {ia} / {ib} |")
# The f16 GEMMs against sgemm_sm80 as shipped (f16 accumulate) and with the f32 accumulator they
# have (bench.py's f32_accumulate).
rows = [(size, step, d[f"hgemm TN {size}{suffix}"]) for size in ("4096x4096x4096", "8192x8192x8192")
        for step, suffix in STEPS if f"hgemm TN {size}{suffix}" in d]
if any(SM80_F32 in r for _, _, r in rows):
    print()
    print("| f16 GEMM TN | tessel (Rust) | CuTe sgemm_sm80 (f16 accumulate) | ratio "
          "| CuTe sgemm_sm80, f32 accumulate | ratio |")
    print("| --- | --- | --- | --- | --- | --- |")
    for size, step, r in rows:
        t, h, f = r[R]["TFLOP/s"], r[SM80]["TFLOP/s"], r[SM80_F32]["TFLOP/s"]
        print(f"| {size}, K step {step} | {t:.2f} | {h:.2f} | {t / h:.3f} | {f:.2f} | {t / f:.3f} |")
