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
same way in both: every element should be equal. The fused kernels (`FUSED`) are held to
torch's formula (`gelu(a @ b.t() + bias, approximate="tanh")`, ...) within a stated tolerance.
Prints one line a kernel and size, deletes the files it read, and returns
{"torch NAME MxNxK": "equal/total"}."""
import glob
import os
import re
import sys


# The fused kernels: their input and output types.
FUSED = {"gemm_tn_ws_bf16_bias_gelu": ("bf16", "bf16"), "gemm_tn_ws_bf16_alpha_beta": ("bf16", "bf16"),
         "gemm_tn_ws_f32_bias_relu": ("bf16", "f32"), "gemm_tn_ws_f16_silu_tma_store": ("f16", "f16"),
         "gemm_tn_ws_bf16_e4m3_amax": ("bf16", "e4m3")}


def fused(path, name, m, n, k):
    """A fused epilogue against torch's formula on the exact product (an f32 GEMM of inputs whose
    sums are exact), rounded to C's type: within one rounding of C's type plus 2^-10 relative
    and 2^-14 absolute for the `tanh`/`ex2` approximations of GELU and SiLU (the host's
    tolerance); e4m3's scaled C bit for bit, and its absolute maximum equal."""
    import numpy as np
    import torch
    import torch.nn.functional as F
    torch.backends.cuda.matmul.allow_tf32 = False
    kind, alpha, beta, scale = open(f"{path}.fused").read().split()
    alpha, beta, scale = float(alpha), float(beta), float(scale)
    ins, outs = FUSED[name]
    dt = {"bf16": torch.bfloat16, "f16": torch.float16, "f32": torch.float32, "e4m3": torch.float8_e4m3fn}
    bits = {"bf16": np.int16, "f16": np.int16, "f32": np.float32, "e4m3": np.uint8}
    load = lambda ext, t, shape: torch.from_numpy(np.fromfile(f"{path}.{ext}", dtype=bits[t]).reshape(shape)).cuda()
    a = load("a", ins, (m, k)).view(dt[ins]).float()
    b = load("b", ins, (n, k)).view(dt[ins]).float()
    x = a @ b.t()
    bias = torch.from_numpy(np.fromfile(f"{path}.bias", dtype=np.float32)).cuda()
    src = load("src", outs, (n, m)).view(dt[outs]).t().float()
    ref = {"ColBiasGelu": lambda: F.gelu(x + bias[:n][None, :], approximate="tanh"),
           "AlphaBeta": lambda: alpha * x + beta * src,
           "RowBiasRelu": lambda: F.relu(x + bias[:m][:, None]),
           "Silu": lambda: F.silu(x),
           "ScaledAmax": lambda: scale * x}[kind]()
    got = load("c", outs, (n, m)).view(dt[outs]).t()
    extra = ""
    if outs == "e4m3":
        within = int((got.view(torch.uint8) == ref.to(dt[outs]).view(torch.uint8)).sum())
        amax = float(np.fromfile(f"{path}.amax", dtype=np.float32)[0])
        extra = f", absolute maximum {amax} against torch's {x.abs().max().item()}"
    else:
        rounding = {"bf16": 2 ** -8, "f16": 2 ** -11, "f32": 0.0}[outs]
        approx = 2 ** -10 if kind in ("ColBiasGelu", "Silu") else 0.0
        tol = (rounding + approx) * ref.abs() + approx * 2 ** -4
        within = int(((got.float() - ref).abs() <= tol).sum())
    for ext in ("a", "b", "c", "bias", "src", "amax", "fused"):
        os.remove(f"{path}.{ext}")
    print(f"torch {name} {m}x{n}x{k}: {within} of {m * n} elements within the tolerance of torch's {kind}{extra}")
    return f"torch {name} {m}x{n}x{k}", f"{within}/{m * n}"


def check(path):
    import numpy as np
    import torch
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    name, m, n, k = re.match(r"(.*)_(\d+)x(\d+)x(\d+)$", os.path.basename(path)).groups()
    m, n, k = int(m), int(n), int(k)
    if name in FUSED:
        return fused(path, name, m, n, k)
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
