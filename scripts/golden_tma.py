#!/usr/bin/env python3
"""Regenerates tests/golden/tma.tsv from the real CuTe (a dev tool, not run by CI): every argument
CuTe's `make_tma_copy(op, gmem, smem, shape(smem), multicast)` passes the driver's
`cuTensorMapEncodeTiled`, recorded by a stand-in driver function compiled into the program, and
the strides of CuTe's TMA coordinate tensor (`get_tma_tensor`). One line a case:

    element  smem  gmem  multicast  arguments  coordinates

`smem` is a GMMA layout atom tiled to a shape (`K_SW128 (128,64)`) or a plain layout; `gmem` is a
layout in CuTe's notation with `#N` for a runtime integer. Writes tests/golden/tma.tsv and
tests/golden_tma.rs (one typed check a case). Needs g++ and the headers cute-oracle installs.
Run from the repository root: python3 scripts/golden_tma.py  (`--from-tsv`: only the test)
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "cute-oracle")
SITE = os.path.join(os.environ.get("CUTE_ORACLE_HOME", os.path.expanduser("~/.cache/cute-oracle")), "site")
INCLUDES = ["cutlass_library/source/include", "nvidia/cuda_cccl/include",
            "nvidia/cuda_runtime/include", "nvidia/cuda_nvcc/include"]
TSV = os.path.join(ROOT, "tests", "golden", "tma.tsv")
TEST = os.path.join(ROOT, "tests", "golden_tma.rs")
CPP_TYPES = {"u8": "uint8_t", "E4M3": "float_e4m3_t", "F16": "half_t", "BF16": "bfloat16_t",
             "TF32": "tfloat32_t", "f32": "float"}
BYTES = {"u8": 1, "E4M3": 1, "F16": 2, "BF16": 2, "TF32": 4, "f32": 4}

STANDIN = r"""
extern "C" CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType type, cuuint32_t rank,
    void* address, const cuuint64_t* dim, const cuuint64_t* strides, const cuuint32_t* box,
    const cuuint32_t* estrides, CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  auto list = [](const char* name, auto* xs, unsigned n) {
    printf("%s=", name);
    for (unsigned i = 0; i < n; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)xs[i]);
    printf(" ");
  };
  printf("type=%d rank=%u address=%llu ", (int)type, rank, (unsigned long long)(size_t)address);
  list("dim", dim, rank); list("strides", strides, rank - 1); list("box", box, rank);
  list("estrides", estrides, rank);
  printf("interleave=%d swizzle=%d l2=%d oob=%d", (int)interleave, (int)swizzle, (int)l2, (int)oob);
  return CUDA_SUCCESS;
}
"""


def cases():
    """(element, smem, gmem, multicast)"""
    out = []
    k_major = {"u8": [(128, 128), (64, 64)], "F16": [(128, 64), (256, 64), (64, 128)],
               "BF16": [(128, 64), (128, 128)], "TF32": [(128, 32), (64, 64)], "f32": [(128, 32)]}
    for t, shapes in k_major.items():
        for w, sw in ((1, "INTER"), (2, "SW32"), (4, "SW64"), (8, "SW128")):
            row = w * 16 // BYTES[t]  # the atom's contiguous extent
            for bm, bk in shapes:
                if bk % row == 0:
                    out.append((t, f"K_{sw} ({bm},{bk})", "(#1000,#512):(#512,1)", 1))
                if bm % row == 0:
                    out.append((t, f"MN_{sw} ({bm},{bk})", "(#1024,#500):(1,#1024)", 1))
    # Multicast: the box's last modes shared among 2 or 4 blocks.
    for mc in (2, 4):
        out.append(("BF16", "K_SW128 (128,64)", "(#4096,#4096):(#4096,1)", mc))
        out.append(("F16", "MN_SW128 (128,64)", "(#4096,#4096):(1,#4096)", mc))
    # Plain layouts: CuTe's examples (K-major 64x32 floats; 3-D), a batch mode the tile does not
    # cover, modes merged where contiguous in global memory, static global strides.
    out += [("f32", "(64,32):(32,1)", "(#1024,#256):(#256,1)", 1),
            ("f32", "(16,8,2):(16,1,8)", "(#1024,#32,#512):(#64,1,#65536)", 1),
            ("F16", "(64,64):(64,1)", "(#512,#256,#7):(#256,1,#131072)", 1),
            ("f32", "(16,8):(8,1)", "(#64,8):(8,1)", 1),
            ("f32", "(8,16):(1,8)", "(8,#300):(1,8)", 1),
            ("BF16", "(64,64):(64,1)", "(256,128):(128,1)", 1),
            ("u8", "(32,128):(128,1)", "(#100,#1000):(#1024,1)", 1)]
    # Global tensors past the descriptor's 5 modes: the modes past the fifth fold into it, at
    # their greatest common stride (contiguous, with gaps, and with statically trivial modes).
    out += [("BF16", "K_SW128 (128,64)", "(#256,#128,#2,#3,#4,#5):(#128,1,#32768,#65536,#196608,#786432)", 1),
            ("BF16", "K_SW128 (128,64)", "(#256,#128,1,#2,#3,1,#4,#5):(#128,1,0,#32768,#65536,0,#196608,#786432)", 1),
            ("BF16", "K_SW128 (128,64)", "(#256,#128,#2,#3,#4,#5):(#128,1,#65536,#262144,#1048576,#8388608)", 1)]
    # e4m3 as the fp8 GEMM loads it (CuTe gives the driver UINT8 for it).
    out += [("E4M3", "K_SW128 (128,128)", "(#1000,#336):(#336,1)", 1),
            ("E4M3", "K_SW128 (256,128)", "(#8192,#8192):(#8192,1)", 1)]
    # Nested global modes: the box split over the leaves it walks (a static leaf crossed, one
    # larger than the tile, a gap between leaves), leaves merged where both strides are static
    # and contiguous, a leaf the box does not reach, multicast, the box grown across a static
    # leaf (the MN-major case, K as (64,k) under a 128-wide tile); and a runtime stride that
    # happens to continue the box, which CuTe does not merge (not static).
    out += [("BF16", "K_SW128 (128,64)", "((8,#128),#512):((#512,#4096),1)", 1),
            ("BF16", "K_SW128 (128,64)", "((8,#16),#512):((#512,#8192),1)", 1),
            ("BF16", "K_SW128 (128,64)", "((256,#16),#512):((#512,#8192),1)", 1),
            ("BF16", "K_SW128 (128,64)", "((8,16),#512):((#512,#4096),1)", 1),
            ("BF16", "K_SW128 (128,64)", "((8,16),512):((512,4096),1)", 1),
            ("BF16", "K_SW128 (128,64)", "(#1000,(64,#8)):(#512,(1,64))", 1),
            ("BF16", "K_SW128 (128,64)", "(#1000,(32,#8)):(#256,(1,32))", 1),
            ("BF16", "K_SW128 (128,64)", "((8,#128),#512):((#512,#4096),1)", 2),
            ("F16", "MN_SW128 (128,64)", "((64,#64),#512):((1,64),#4096)", 1),
            ("BF16", "K_SW128 (128,128)", "(#1000,(64,#8)):(#512,(1,64))", 1),
            ("F16", "MN_SW128 (256,64)", "((64,#64),#512):((1,64),#4096)", 1),
            ("f32", "(64,32):(32,1)", "((2,#512),(8,#32)):((#8192,#16384),(1,8))", 1),
            ("f32", "(16,8):(8,1)", "(#64,#8):(#8,1)", 1)]
    return out


def cpp_int(x):
    return f"int({x[1:]})" if x.startswith("#") else f"Int<{x}>{{}}"


def split_top(text, sep):
    """`text` split at each `sep` outside parentheses"""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += (ch == "(") - (ch == ")")
        cur += ch
    return parts + [cur]


def cpp_tuple(text, maker):
    """a (nested) tuple of integers as CuTe's make_shape / make_stride"""
    if not text.startswith("("):
        return cpp_int(text)
    return f"{maker}(" + ",".join(cpp_tuple(p, maker) for p in split_top(text[1:-1], ",")) + ")"


def cpp_layout(text):
    shape, stride = split_top(text, ":")
    return f"make_layout({cpp_tuple(shape, 'make_shape')}, {cpp_tuple(stride, 'make_stride')})"


def cpp_smem(t, smem):
    if " " in smem:
        atom, shape = smem.split(" ")
        dims = ",".join(f"Int<{d}>" for d in shape.strip("()").split(","))
        return f"tile_to_shape(SM90::GMMA::Layout_{atom}_Atom<{CPP_TYPES[t]}>{{}}, Shape<{dims}>{{}})"
    return cpp_layout(smem)


def cpp_case(t, smem, gmem, mc):
    shape = cpp_tuple(split_top(gmem, ":")[0], "make_shape")
    op = "SM90_TMA_LOAD_MULTICAST" if mc > 1 else "SM90_TMA_LOAD"
    return (f"{{ auto g = make_tensor(make_gmem_ptr(({CPP_TYPES[t]}*)0x10000), {cpp_layout(gmem)}); "
            f"auto s = {cpp_smem(t, smem)}; "
            f"auto tma = make_tma_copy({op}{{}}, g, s, product_each(shape(s)), Int<{mc}>{{}}); "
            f"printf(\"\\t\"); print(stride(tma.get_tma_tensor({shape}))); printf(\"\\n\"); }}\n")


def run_cute(cs):
    subprocess.run([ORACLE, "size", "4"], capture_output=True)  # installs the headers
    src = ("#include <cstdio>\n#include <cute/tensor.hpp>\n#include <cute/atom/copy_traits_sm90_tma.hpp>\n"
           "#include <cute/atom/mma_traits_sm90_gmma.hpp>\nusing namespace cute;\n" + STANDIN +
           "int main() {\n" + "".join(cpp_case(*c) for c in cs) + "}\n")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "t.cpp"), "w") as f:
            f.write(src)
        flags = ["-std=c++17", "-O0", "-w", "-DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL",
                 "-D__CUDACC_VER_MAJOR__=12"] + [f"-I{os.path.join(SITE, i)}" for i in INCLUDES]
        subprocess.run(["g++"] + flags + ["t.cpp", "-o", "t"], cwd=d, check=True)
        out = subprocess.run([os.path.join(d, "t")], capture_output=True, text=True, check=True).stdout
    lines = out.strip().split("\n")
    assert len(lines) == len(cs), out
    return [l.split("\t") for l in lines]


def rust_gmem(gmem):
    """layout!(...) with a named runtime leaf for each #N"""
    names, vals = [], []

    def name(m):
        names.append(f"x{len(names)}")
        vals.append(m.group(1))
        return names[-1]
    text = re.sub(r"#(\d+)", name, gmem)
    binds = "; " + ", ".join(f"{n} = {v}" for n, v in zip(names, vals)) if names else ""
    return f'layout!("{text}"{binds})'


def rust_smem(t, smem):
    if " " in smem:
        atom, shape = smem.split(" ")
        return f'TileToShape<Layout_{atom}_Atom<{t}>, shape!("{shape}")>'
    return f'layout!("{smem}")'


def write_test():
    rows = [l.rstrip("\n").split("\t") for l in open(TSV) if not l.startswith("#")]
    out = ["// Generated by scripts/golden_tma.py from tests/golden/tma.tsv: do not edit.",
           "//! Every TMA descriptor's arguments against what CuTe's `make_tma_copy` passes the driver",
           "//! (tests/golden/tma.tsv).",
           "mod tma_case;",
           "use tessel::atom::element::{BF16, E4M3, F16, TF32};",
           "use tessel::atom::gmma::*;",
           "use tessel::{layout, shape, TileToShape};",
           "use tma_case::case;",
           "",
           "#[test]",
           "fn every_descriptor_is_cutes() {"]
    for t, smem, gmem, mc, args, coords in rows:
        out.append(f'    case::<{t}, {rust_smem(t, smem)}, _>(&{rust_gmem(gmem)}, {mc}, "{args}", "{coords}");')
    out.append("}")
    with open(TEST, "w") as f:
        f.write("\n".join(out) + "\n")
    subprocess.run(["rustfmt", "--edition", "2021", TEST], check=True)


def main():
    if "--from-tsv" in sys.argv:
        return write_test()
    cs = cases()
    got = run_cute(cs)
    with open(TSV, "w") as f:
        f.write("# element\tsmem\tgmem\tmulticast\tcuTensorMapEncodeTiled's arguments\tTMA tensor strides\n")
        for (t, smem, gmem, mc), (args, coords) in zip(cs, got):
            f.write("\t".join([t, smem, gmem, str(mc), args.strip(), coords]) + "\n")
    print(f"{len(cs)} cases -> {TSV}")
    write_test()


if __name__ == "__main__":
    main()
