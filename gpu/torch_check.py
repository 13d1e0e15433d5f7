#!/usr/bin/env python3
"""tessel's Hopper GEMMs against torch's, element for element, on the GPU machine:

    TESSEL_DUMP=DIR gpu/out/gpu-host gpu/out/hopper.ptx hopper [NAME]
    python3 gpu/torch_check.py DIR

`gpu-host` writes, for the kernels it holds against torch, the inputs' bits and C of each
checked size (`DIR/NAME_MxNxK.{a,b,c}`: A `m x k` and B `n x k` row-major, C column-major).
This computes torch's `a @ b.t()` of the same inputs (bf16 and f16, without reduced-precision
reductions; in e4m3 `torch._scaled_mm` with unit scales and a bf16 C, the inputs padded with
zeros to its multiples of 16) and counts the elements of C equal to torch's, bit for bit. The
inputs are exact multiples of 1/16 (1/2 in e4m3), so each sum is exact in f32 and rounds the
same way in both: every element should be equal. Prints one line a kernel and size, deletes the
files it read, and returns {"torch NAME MxNxK": "equal/total"}."""
import glob
import os
import re
import sys


def check(path):
    import numpy as np
    import torch
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    name, m, n, k = re.match(r"(.*)_(\d+)x(\d+)x(\d+)$", os.path.basename(path)).groups()
    m, n, k = int(m), int(n), int(k)
    e4m3, f16 = "e4m3" in name, "_f16" in name
    bits = np.uint8 if e4m3 else np.int16
    load = lambda ext, rows, cols: torch.from_numpy(np.fromfile(f"{path}.{ext}", dtype=bits).reshape(rows, cols)).cuda()
    a, b = load("a", m, k), load("b", n, k)
    if e4m3:
        pad = lambda x, rows: torch.nn.functional.pad(x, (0, 0, 0, -rows % 16))
        a, b = pad(a, m).view(torch.float8_e4m3fn), pad(b, n).view(torch.float8_e4m3fn)
        one = torch.tensor(1.0, device="cuda")
        ref = torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)[:m, :n]
    else:
        dt = torch.float16 if f16 else torch.bfloat16
        ref = a.view(dt) @ b.view(dt).t()
    got = torch.from_numpy(np.fromfile(f"{path}.c", dtype=np.int16).reshape(n, m)).cuda().t()
    equal = int((got == ref.view(torch.int16)).sum())
    diff = (got.view(ref.dtype).float() - ref.float()).abs().max().item()
    for ext in "abc":
        os.remove(f"{path}.{ext}")
    print(f"torch {name} {m}x{n}x{k}: {equal} of {m * n} elements equal to torch's (max |difference| {diff})")
    return f"torch {name} {m}x{n}x{k}", f"{equal}/{m * n}"


def main(folder):
    return dict(check(p[:-2]) for p in sorted(glob.glob(os.path.join(folder, "*.c"))))


if __name__ == "__main__":
    main(sys.argv[1])
