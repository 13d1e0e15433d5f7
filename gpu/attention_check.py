#!/usr/bin/env python3
"""tessel's attention kernels against torch, and their speed beside cuDNN's and FlashAttention-2's,
on the GPU machine:

    python3 gpu/attention_check.py OUT_DIR [check|bench|both] [SEQLENS]

- check: `TESSEL_DUMP=DIR gpu/out/gpu-host gpu/out/attention.ptx attention check` writes each
  case's q, k, v, o and lse and a JSON of its shapes; here each is held against SDPA in fp32 on
  q, k and v upcast (FlashAttention's test): O's max error at most twice that of torch's own SDPA
  in the inputs' type against the same reference, the LSE against the reference's, no NaN nor
  infinity but a row without keys (O 0, LSE -inf). Causal is bottom-right aligned, as
  FlashAttention defines it (torch's `is_causal` is top-left: the mask is passed explicitly).
- bench: `gpu-host ... attention bench SEQLENS` and torch's SDPA through cuDNN and
  FlashAttention-2 at the same shapes (16k tokens a batch, 2048 hidden, bf16; FLOPs
  `4 b h s^2 d`, halved for causal), CUDA events, medians.
Writes OUT_DIR/attention.json."""
import glob
import json
import os
import re
import subprocess
import sys

GPU = os.path.dirname(os.path.abspath(__file__))
HOST = [os.path.join(GPU, "out", "gpu-host"), os.path.join(GPU, "out", "attention.ptx"), "attention"]


def run(args, timeout, env=None):
    try:
        r = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})
        return r.returncode, r.stdout + r.stderr[-3000:]
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return 124, out + f"\ntimed out after {timeout} s"


def reference(q, k, v, causal, scale, dtype):
    """O and LSE of one sequence's heads `(h, s, d)` computed in `dtype` (fp32: the reference)."""
    import torch
    h, sq, sk = q.shape[0], q.shape[1], k.shape[1]
    rep = h // k.shape[0]
    k, v = k.repeat_interleave(rep, 0), v.repeat_interleave(rep, 0)
    i = torch.arange(sq, device="cuda")[:, None]
    j = torch.arange(sk, device="cuda")[None, :]
    seen = (j <= i + sk - sq) if causal else torch.ones(sq, sk, dtype=torch.bool, device="cuda")
    os_, ls = [], []
    for x in range(h):  # a head at a time: a 16k x 16k score matrix in fp32 is 1 GiB
        s = (q[x].to(dtype) @ k[x].to(dtype).t()).float() * scale
        s = s.masked_fill(~seen, float("-inf"))
        lse = torch.logsumexp(s, -1)
        p = torch.softmax(s, -1).nan_to_num(0.0).to(dtype)
        os_.append((p @ v[x].to(dtype)).float())
        ls.append(lse)
    return torch.stack(os_), torch.stack(ls)


def check_case(path):
    import numpy as np
    import torch
    meta = json.load(open(path + ".json"))
    dt = {"bf16": torch.bfloat16, "f16": torch.float16}[meta["dtype"]]
    b, h, hk, sq, sk, d = (meta[x] for x in ("batch", "heads", "kv_heads", "seqlen_q", "seqlen_k", "head_dim"))
    load = lambda ext, shape: torch.from_numpy(np.fromfile(f"{path}.{ext}", dtype=np.int16).reshape(shape)).cuda().view(dt)
    q, k, v, o = load("q", (b, sq, h, d)), load("k", (b, sk, hk, d)), load("v", (b, sk, hk, d)), load("o", (b, sq, h, d))
    lse = torch.from_numpy(np.fromfile(f"{path}.lse", dtype=np.float32).reshape(b, h, sq)).cuda()
    worst, worst_pt, worst_lse, bad = 0.0, 0.0, 0.0, []
    for x in range(b):
        heads = lambda t: t[x].transpose(0, 1).contiguous()  # (h, s, d)
        ref, ref_lse = reference(heads(q).float(), heads(k).float(), heads(v).float(), meta["causal"], meta["scale"], torch.float32)
        pt, _ = reference(heads(q), heads(k), heads(v), meta["causal"], meta["scale"], dt)
        got = heads(o).float()
        empty = torch.isinf(ref_lse)  # rows without keys
        if torch.isnan(got).any() or torch.isinf(got).any():
            bad.append("NaN or infinity in O")
        if (got[empty] != 0).any() or (lse[x][empty] != float("-inf")).any():
            bad.append("a row without keys is not O = 0, LSE = -inf")
        if not torch.isfinite(lse[x][~empty]).all():
            bad.append("a row with keys has a LSE that is not finite")
        worst = max(worst, (got - ref).abs().max().item())
        worst_pt = max(worst_pt, (pt - ref).abs().max().item())
        if (~empty).any():
            worst_lse = max(worst_lse, ((lse[x] - ref_lse).abs() / (1 + ref_lse.abs()))[~empty].max().item())
    for ext in ("q", "k", "v", "o", "lse", "json"):
        os.remove(f"{path}.{ext}")
    ok = not bad and worst <= 2 * worst_pt + 1e-5 and worst_lse <= 1e-3
    name = os.path.basename(path)
    line = (f"torch {name}: max |O - fp32| {worst:.3e}, torch {meta['dtype']} {worst_pt:.3e} (bound {2 * worst_pt + 1e-5:.3e}), "
            f"LSE relative {worst_lse:.2e}{'' if ok else ' WRONG ' + '; '.join(bad)}")
    print(line, flush=True)
    return name, {"ok": ok, "max_err": worst, "torch_err": worst_pt, "lse_err": worst_lse, "bad": bad}


def timed(f, n=20):
    import torch
    for _ in range(3):
        f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(n):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); f(); e.record(); torch.cuda.synchronize()
        ts.append(s.elapsed_time(e))
    return sorted(ts)[len(ts) // 2]


def anchors(seqlens, got, save):
    import torch
    import torch.nn.functional as F
    from torch.nn.attention import sdpa_kernel, SDPBackend
    for s in seqlens:
        for d in (64, 128, 256):
            b, h = 16384 // s, 2048 // d
            q, k, v = (torch.randn(b, h, s, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
            for causal in (False, True):
                flops = 4 * b * h * s * s * d / (2 if causal else 1)
                for name, be in (("cudnn", SDPBackend.CUDNN_ATTENTION), ("flash2", SDPBackend.FLASH_ATTENTION)):
                    key = f"{name} seqlen {s} hdim {d}{' causal' if causal else ''}"
                    try:
                        with sdpa_kernel(be):
                            ms = timed(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
                        got[key] = round(flops / ms / 1e9, 1)
                    except Exception as e:
                        got[key] = repr(e)[:160]
            save()


def main():
    out_dir = sys.argv[1]
    what = sys.argv[2] if len(sys.argv) > 2 else "both"
    seqlens = sys.argv[3] if len(sys.argv) > 3 else "1024,4096,16384"
    os.makedirs(out_dir, exist_ok=True)
    got = {}
    save = lambda: json.dump(got, open(os.path.join(out_dir, "attention.json"), "w"), indent=1)
    if what in ("check", "both"):
        dump = os.path.join(out_dir, "dump")
        os.makedirs(dump, exist_ok=True)
        rc, text = run(HOST + ["check"], 240, {"TESSEL_DUMP": dump})
        print(text, flush=True)
        got["check rc"], got["check"] = rc, text.splitlines()
        save()
        for p in sorted(glob.glob(os.path.join(dump, "*.json"))):
            name, res = check_case(p[:-5])
            got[f"torch {name}"] = res
            save()
    if what in ("bench", "both"):
        rc, text = run(HOST + ["bench", seqlens], 240)
        print(text, flush=True)
        got["bench rc"] = rc
        for name, s, d, causal, tf in re.findall(r"attention bench (\w+) seqlen (\d+) hdim (\d+)( causal)?: .*?([\d.]+) TFLOP/s", text):
            got[f"tessel seqlen {s} hdim {d}{causal}"] = float(tf)
        save()
        anchors([int(s) for s in seqlens.split(",")], got, save)
        for key in sorted(k for k in got if k.startswith("tessel ")):
            rest = key[len("tessel "):]
            c = got.get(f"cudnn {rest}")
            if isinstance(c, float):
                print(f"{rest}: tessel {got[key]}, cuDNN {c}, ratio {got[key] / c:.3f}, FA2 {got.get('flash2 ' + rest)}")
    save()


if __name__ == "__main__":
    main()
