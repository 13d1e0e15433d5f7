#!/usr/bin/env python3
"""Golden data for the atoms: CuTe's MMA and copy traits, TiledMMA and TiledCopy layouts.

Asks the real CuTe (../shared/tools/cute-oracle --cpp) and writes tests/golden/atoms.tsv:
`kind  name  field  value`, one line per printed layout, and tests/golden_atoms.rs from it
(`--from-tsv` rewrites the test only). A dev tool, not part of CI.
"""
import os
import re
import sys

ORACLE = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "tools", "cute-oracle")
OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "golden", "atoms.tsv")

SM90_N = list(range(8, 257, 8))  # every N wgmma has
MMA = (
    [f"SM70_8x8x4_{t}_{m}" for t in ("F32F16F16F32", "F16F16F16F16") for m in ("TN", "NT", "NN", "TT")]
    + [f"SM80_16x8x16_{t}_TN" for t in ("F16F16F16F16", "F32F16F16F32", "F32BF16BF16F32")]
    + [f"SM80_16x8x8_{t}_TN" for t in ("F16F16F16F16", "F32F16F16F32", "F32BF16BF16F32", "F32TF32TF32F32")]
    + ["SM80_16x8x32_S32S8S8S32_TN"]
    + [f"SM90_64x{n}x16_F32{t}_SS" for t in ("F16F16", "BF16BF16") for n in SM90_N]
    + [f"SM90_64x{n}x16_F32{t}_RS" for t in ("F16F16", "BF16BF16") for n in SM90_N]
    + [f"SM90_64x{n}x32_F32E4M3E4M3_SS_TN" for n in SM90_N]
    + ["UniversalFMA"]
)
MMA_FIELDS = ["Shape_MNK", "ThrID", "ALayout", "BLayout", "CLayout"]

# (Rust name, CuTe traits type, element type for the recast)
COPY = [
    ("UniversalCopy<u32>", "UniversalCopy<uint32_t>", "uint32_t"),
    ("UniversalCopy<f32>", "UniversalCopy<float>", "float"),
    ("UniversalCopy<u128>", "UniversalCopy<uint128_t>", "uint128_t"),
    ("SM80_CP_ASYNC_CACHEALWAYS<u128>", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t"),
    ("SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u128>", "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint128_t>", "half_t"),
    ("SM80_CP_ASYNC_CACHEGLOBAL<u128>", "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "float"),
    ("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>", "float"),
    ("SM75_U32x1_LDSM_N", "SM75_U32x1_LDSM_N", "half_t"),
    ("SM75_U32x2_LDSM_N", "SM75_U32x2_LDSM_N", "half_t"),
    ("SM75_U32x4_LDSM_N", "SM75_U32x4_LDSM_N", "half_t"),
    ("SM75_U16x2_LDSM_T", "SM75_U16x2_LDSM_T", "half_t"),
    ("SM75_U16x4_LDSM_T", "SM75_U16x4_LDSM_T", "half_t"),
    ("SM75_U16x8_LDSM_T", "SM75_U16x8_LDSM_T", "half_t"),
]
COPY_FIELDS = ["ThrID", "SrcLayout", "DstLayout", "RefLayout"]
COPY_RECAST = ["ValLayoutSrc", "ValLayoutDst", "ValLayoutRef"]

# (atom, atom layout MNK) for TiledMMA
TILED_MMA = [
    ("SM80_16x8x16_F32F16F16F32_TN", "Shape<_2,_2,_1>"),
    ("SM80_16x8x16_F16F16F16F16_TN", "Shape<_2,_2,_1>"),
    ("SM80_16x8x16_F32F16F16F32_TN", "Shape<_1,_4,_1>"),
    ("SM80_16x8x16_F32F16F16F32_TN", "Shape<_4,_1,_1>"),
    ("SM80_16x8x8_F32TF32TF32F32_TN", "Shape<_2,_2,_1>"),
    ("SM80_16x8x32_S32S8S8S32_TN", "Shape<_2,_1,_1>"),
    ("SM70_8x8x4_F32F16F16F32_NT", "Shape<_2,_2,_1>"),
    ("SM70_8x8x4_F32F16F16F32_TN", "Shape<_1,_2,_1>"),
    ("SM90_64x64x16_F32F16F16_SS", "Shape<_1,_1,_1>"),
    ("SM90_64x128x16_F32F16F16_SS", "Shape<_2,_1,_1>"),
    ("SM90_64x256x32_F32E4M3E4M3_SS_TN", "Shape<_2,_1,_1>"),
    ("SM90_64x64x16_F32BF16BF16_RS", "Shape<_2,_1,_1>"),
    ("UniversalFMA", "Shape<_16,_16,_1>"),
    ("UniversalFMA", "Shape<_8,_4,_1>"),
    ("UniversalFMA", "Shape<_4,_8,_2>"),
    # With a permutation `M|N|K` (CuTe's `Tile<...>`): `_` keeps a mode, an integer widens it, a
    # layout reorders it.
    ("SM80_16x8x16_F32F16F16F32_TN", "Shape<_2,_2,_1>", "32|32|16"),
    ("SM80_16x8x16_F32F16F16F32_TN", "Shape<_2,_4,_1>", "32|64|16"),
    ("SM80_16x8x16_F16F16F16F16_TN", "Shape<_2,_2,_1>", "(8,2,2):(1,16,8)|32|_"),
    ("UniversalFMA", "Shape<_16,_16,_1>", "_|32|_"),
]
# The class a held-out draw found wrong (issue 54): atoms tiled in K with the N mode permuted.
# C's thread mode is (ThrV,(ThrM,ThrN)); the thread-index map reaches past it into ThrK, which
# takes the stride of ThrN's mode, `make_layout(_1)` = `_1:_0` where one atom spans N. Each atom
# family, with one atom in N and several in K, N widened or not, and two in N for contrast.
K_ATOMS = {"SM70_8x8x4_F32F16F16F32_TN": (8, 8, 4), "SM70_8x8x4_F32F16F16F32_NT": (8, 8, 4),
           "SM80_16x8x16_F32F16F16F32_TN": (16, 8, 16), "SM80_16x8x8_F32TF32TF32F32_TN": (16, 8, 8),
           "SM80_16x8x32_S32S8S8S32_TN": (16, 8, 32), "SM90_64x64x16_F32BF16BF16_SS": (64, 64, 16),
           "SM90_64x32x16_F32F16F16_RS": (64, 32, 16), "SM90_64x64x32_F32E4M3E4M3_SS_TN": (64, 64, 32),
           "UniversalFMA": (1, 1, 1)}


def k_class():
    for atom, (m, n, k) in K_ATOMS.items():
        yield atom, "Shape<_2,_1,_2>", f"_|{2 * n}|_"
        yield atom, "Shape<_1,_1,_4>", f"{2 * m}|{2 * n}|{4 * k}"
        yield atom, "Shape<_1,_1,_2>"
        yield atom, "Shape<_1,_2,_2>", f"{m}|{4 * n}|{4 * k}"


TILED_MMA_FIELDS = ["tile_shape", "get_layoutA_TV()", "get_layoutB_TV()", "get_layoutC_TV()"]

# (thread layout, value layout) for make_tiled_copy
TILED_COPY = [
    ("Layout<Shape<_16,_8>,Stride<_8,_1>>", "Layout<Shape<_1,_8>>"),
    ("Layout<Shape<_32,_8>>", "Layout<Shape<_1,_1>>"),
    ("Layout<Shape<_32,_8>>", "Layout<Shape<_4,_1>>"),
    ("Layout<Shape<_8,_32>,Stride<_32,_1>>", "Layout<Shape<_1,_4>>"),
    ("Layout<Shape<_16,_16>>", "Layout<Shape<_2,_2>>"),
    ("Layout<Shape<_4,_8>,Stride<_8,_1>>", "Layout<Shape<_2,_1>>"),
    ("Layout<Shape<_32,_4>,Stride<_4,_1>>", "Layout<Shape<_1,_8>,Stride<_8,_1>>"),
]


# One thread's partition: (kind, atom or thread layout, atom layout or value layout, operand,
# tensor layout with #N for a runtime leaf, thread).
PARTITIONS = [
    ("copy", "(32,8)", "(4,1)", "S", "(128,8):(1,#300)", 37),
    ("copy", "(16,8):(8,1)", "(1,8)", "S", "(16,64):(64,1)", 9),
    ("copy", "(8,32):(32,1)", "(1,4)", "S", "(8,128):(#256,1)", 100),
    ("copy", "(16,16)", "(2,2)", "S", "(64,64):(1,64)", 200),
    ("mma", "UniversalFMA", "(16,16,1)", "C", "(128,128):(1,#300)", 17),
    ("mma", "UniversalFMA", "(16,16,1)", "A", "(128,8):(1,128)", 33),
    ("mma", "UniversalFMA", "(16,16,1)", "B", "(128,8):(1,#200)", 250),
    ("mma", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "A", "(64,32):(1,64)", 37),
    ("mma", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "B", "(32,32):(1,32)", 5),
    ("mma", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "C", "(64,32):(1,#100)", 70),
    ("mma", "SM70_8x8x4_F32F16F16F32_NT", "(2,2,1)", "C", "(32,32):(1,32)", 9),
    ("mma", "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1)", "A", "(32,16):(16,1)", 100),
    ("copyA", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "S", "(64,32):(1,64)", 37),
    ("copyA", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "S", "(32,64):(64,1)", 100),
    ("copyC", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "D", "(64,32):(1,#64)", 5),
    ("copyA", "UniversalFMA", "(16,16,1)", "S", "(128,8):(1,128)", 77),
    # ldmatrix: the source (one row address a lane) is not the reference (CuTe's ref2trg).
    ("copyA/SM75_U32x4_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)", "S", "(128,32):(32,1)", 37),
    ("copyA/SM75_U32x4_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)", "D", "(128,32):(32,1)", 37),
    ("copyB/SM75_U32x2_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)", "S", "(128,32):(32,1)", 37),
    ("copyB/SM75_U32x2_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)", "S", "(64,64):(1,64)", 100),
    ("copyA/SM75_U32x4_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "S", "(64,32):(1,#64)", 63),
    ("copyA/SM75_U32x1_LDSM_N", "SM80_16x8x8_F32F16F16F32_TN", "(2,2,1)", "S", "(32,8):(8,1)", 77),
    ("copyB/SM75_U16x4_LDSM_T", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "S", "(16,64):(64,1)", 9),
    ("copyB/SM75_U16x2_LDSM_T", "SM80_16x8x8_F32F16F16F32_TN", "(1,2,1)", "S", "(16,16):(16,1)", 40),
    # Permuted TiledMmas (`atom layout|M|N|K`): ldmatrix.x4 fills two B atoms of a 64-wide tile.
    ("copyB/SM75_U32x4_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "S", "(128,64):(64,1)", 37),
    ("copyB/SM75_U32x4_LDSM_N", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "D", "(128,64):(64,1)", 37),
    ("mma", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "C", "(128,128):(1,#200)", 37),
    ("mma", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "B", "(128,64):(64,1)", 100),
    ("mma", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)|(8,2,2):(1,16,8)|32|_", "A", "(64,32):(1,64)", 5),
    # Atoms tiled in K, N widened (K_ATOMS): threads 37 and 101 (ThrK 0 and 1) hold the same C.
    ("mma", "SM80_16x8x32_S32S8S8S32_TN", "(2,1,2)|64|16|64", "C", "(128,32):(1,#200)", 37),
    ("mma", "SM80_16x8x32_S32S8S8S32_TN", "(2,1,2)|64|16|64", "C", "(128,32):(1,#200)", 101),
    ("mma", "SM80_16x8x32_S32S8S8S32_TN", "(2,1,2)|64|16|64", "A", "(128,128):(128,1)", 101),
    ("mma", "SM90_64x64x16_F32BF16BF16_SS", "(1,1,2)|_|128|_", "C", "(128,256):(#256,1)", 200),
    ("mma", "UniversalFMA", "(2,1,2)|_|2|_", "C", "(8,8):(1,8)", 3),
]


# A thread's MMA fragment (make_fragment_like of its partition): (side, MMA atom, atom
# layout|perm, tensor with #N for a runtime stride, swizzle or ""). Not a swizzled tile: CuTe
# slices one into a plain layout with runtime strides, tessel keeps `Sw o offset o L`
# (tests/tensor.rs holds the elements to CuTe's), so the fragments' shapes differ.
FRAGMENTS = [
    ("A", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(128,64):(64,1)", ""),
    ("B", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(128,64):(64,1)", ""),
    ("B", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "(128,64):(1,128)", ""),
    ("C", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(64,64):(64,1)", ""),
    ("C", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(64,64):(#64,1)", ""),
    ("C", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(64,64):(1,#64)", ""),
    ("A", "UniversalFMA", "(16,16,1)", "(128,8):(8,1)", ""),
    ("A", "UniversalFMA", "(16,16,1)", "(128,8):(1,#128)", ""),
    ("C", "UniversalFMA", "(16,16,1)", "(128,128):(128,1)", ""),
    ("A", "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1)", "(32,16):(16,1)", ""),
    ("A", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(64,32):(0,1)", ""),
    ("C", "SM80_16x8x32_S32S8S8S32_TN", "(2,1,2)|64|16|64", "(128,32):(1,#200)", ""),
    ("C", "SM90_64x64x16_F32BF16BF16_SS", "(1,1,2)|_|128|_", "(128,256):(256,1)", ""),
    ("C", "UniversalFMA", "(2,1,2)|_|2|_", "(8,8):(8,1)", ""),
]

# retile_D of a thread's MMA fragment: (side, copy op, element, MMA atom, atom layout|perm, tensor).
RETILE = [
    ("A", "SM75_U32x4_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(128,64):(1,128)"),
    ("B", "SM75_U32x4_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(128,64):(1,128)"),
    ("B", "SM75_U32x4_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "(128,64):(1,128)"),
    ("A", "SM75_U32x4_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)", "(128,32):(1,128)"),
    ("B", "SM75_U32x2_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)", "(128,32):(1,128)"),
    ("A", "SM75_U32x1_LDSM_N", "half_t", "SM80_16x8x8_F32F16F16F32_TN", "(2,2,1)", "(32,8):(1,32)"),
    ("B", "SM75_U16x4_LDSM_T", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(16,64):(1,16)"),
    ("A", "UniversalCopy<uint32_t>", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(64,32):(1,64)"),
    ("C", "UniversalCopy<uint64_t>", "float", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)", "(64,32):(1,64)"),
    ("C", "UniversalCopy<float>", "float", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(64,64):(1,64)"),
    ("A", "UniversalCopy<float>", "float", "UniversalFMA", "(16,16,1)", "(128,8):(1,128)"),
    # Row-major tiles: the fragment's rest modes follow the tile's strides.
    ("A", "SM75_U32x4_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(128,64):(64,1)"),
    ("B", "SM75_U32x4_LDSM_N", "half_t", "SM80_16x8x16_F32F16F16F32_TN", "(2,4,1)|32|64|16", "(128,64):(64,1)"),
    ("C", "UniversalCopy<float>", "float", "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1)|32|32|16", "(64,64):(64,1)"),
]

RUST_COPY = {"UniversalCopy<uint32_t>": "UniversalCopy<u32>", "UniversalCopy<uint64_t>": "UniversalCopy<u64>",
             "UniversalCopy<float>": "UniversalCopy<f32>"}


def retile_cases():
    arg = oracle_module().cpp_arg
    for side, op, elem, atom, y, tensor in RETILE:
        shape, _, perm = y.partition("|")
        mma = cute_mma(atom, f"make_layout({arg(shape)})", perm or None)
        copy = f"make_tiled_copy_{side}(Copy_Atom<{op},{elem}>{{}},{mma})"
        frag = f"{mma}.get_slice(0).partition_fragment_{side}(make_tensor(({elem}*)0,{arg(tensor)}))"
        yield ("retile", f"{side} {op} {elem} {atom} {y} {tensor}", "layout",
               f"decltype({copy})::retile({frag}).layout()")


def fragment_cases():
    arg = oracle_module().cpp_arg
    for side, atom, y, tensor, sw in FRAGMENTS:
        shape, _, perm = y.partition("|")
        mma = cute_mma(atom, f"make_layout({arg(shape)})", perm or None)
        lay = arg(tensor)
        if sw:
            lay = f"composition(Swizzle<{sw}>{{}},{lay})"
        frag = f"{mma}.get_slice(0).partition_fragment_{side}(make_tensor((float*)0,{lay}))"
        yield ("fragment", f"{side} {atom} {y} {tensor} {sw or '-'}", "layout", f"{frag}.layout()")


def oracle_module():
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("cute_oracle", ORACLE)
    spec = importlib.util.spec_from_loader("cute_oracle", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def cute_perm(perm):
    """`32|(8,2,2):(1,16,8)|_` -> `Tile<_32,decltype(make_layout(...)),Underscore>`"""
    arg = oracle_module().cpp_arg

    def mode(x):
        if x == "_":
            return "Underscore"
        return f"_{x}" if x.isdigit() else f"decltype({arg(x)})"
    return "Tile<" + ",".join(mode(x) for x in perm.split("|")) + ">"


def rust_perm(perm):
    """`32|(8,2,2):(1,16,8)|_` -> `(C<32>, layout!("(8,2,2):(1,16,8)"), Underscore)`"""
    def mode(x):
        if x == "_":
            return "Underscore"
        return f"C<{x}>" if x.isdigit() else f'layout!("{x}")'
    return "(" + ", ".join(mode(x) for x in perm.split("|")) + ")"


def cute_mma(atom, layout, perm=None):
    """`make_tiled_mma(...)` of an atom, an atom layout (C++) and a permutation or none."""
    return f"make_tiled_mma({cute_atom(atom)}{{}},{layout}" + (f",{cute_perm(perm)}{{}})" if perm else ")")


def rust_mma(atom, shape, perm=None):
    return f'MakeTiledMma<{rust_atom(atom)}, shape!("{shape}")' + (f", {rust_perm(perm)}>" if perm else ">")


def partition_cases():
    arg = oracle_module().cpp_arg

    def cpp_arg(x):
        return arg(x) if ":" in x else f"make_layout({arg(x)})"

    for kind, x, y, op, tensor, thread in PARTITIONS:
        shape, _, perm = y.partition("|")
        if kind == "copy":
            maker = f"make_tiled_copy(Copy_Atom<UniversalCopy<float>,float>{{}},{cpp_arg(x)},{cpp_arg(y)})"
            call = f"partition_{op}"
        elif kind.startswith("copy"):
            elem = "float" if x == "UniversalFMA" or kind == "copyC" else "half_t"
            op_ = kind[6:] if "/" in kind else "UniversalCopy<uint32_t>"
            mma = cute_mma(x, cpp_arg(shape), perm)
            maker = f"make_tiled_copy_{kind[4]}(Copy_Atom<{op_},{elem}>{{}},{mma})"
            call = f"partition_{op}"
        else:
            maker = cute_mma(x, cpp_arg(shape), perm)
            call = f"partition_{op}"
        expr = ("[]{ static float d[1<<22]; auto t = " + maker + f".get_slice({thread}).{call}("
                f"make_tensor(make_gmem_ptr(d),{cpp_arg(tensor)})); print(t.layout()); "
                'printf(" @%d", int(t.data().get() - d)); return ""; }()')
        yield ("partition", f"{kind} {x} {y} {op} {tensor} {thread}", "layout@offset", expr)


def cute_atom(name):
    if name.startswith("SM90") and name.endswith("_TN"):
        return f"{name}<>"
    if name.startswith("SM90"):
        return f"{name}<GMMA::Major::K,GMMA::Major::K>"
    if name == "UniversalFMA":
        return "UniversalFMA<float,float,float,float>"
    return name


def mma_cases():
    for name in MMA:
        for field in MMA_FIELDS:
            yield ("mma", name, field, f"typename MMA_Traits<{cute_atom(name)}>::{field}{{}}")


def copy_cases():
    for rust, traits, elem in COPY:
        for field in COPY_FIELDS:
            yield ("copy", rust, field, f"typename Copy_Traits<{traits}>::{field}{{}}")
        for field in COPY_RECAST:
            yield ("copy", rust, f"{field}<{elem}>", f"typename Copy_Atom<{traits},{elem}>::{field}{{}}")


def tiled_mma_cases():
    for kind, cases in (("tiled_mma", TILED_MMA), ("tiled_mma_k", k_class())):
        for atom, shape, *perm in cases:
            tm = cute_mma(atom, f"Layout<{shape}>{{}}", *perm)
            key = " ".join([atom, shape, *perm])
            yield (kind, key, "tile_shape",
                   f"make_shape(tile_size<0>({tm}),tile_size<1>({tm}),tile_size<2>({tm}))")
            for field in TILED_MMA_FIELDS[1:]:
                yield (kind, key, field[4:11], f"{tm}.{field}")


def tiled_copy_cases():
    for thr, val in TILED_COPY:
        tc = f"make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,float>{{}},{thr}{{}},{val}{{}})"
        key = f"{thr} {val}"
        yield ("tiled_copy", key, "Tiler_MN", f"typename decltype({tc})::Tiler_MN{{}}")
        yield ("tiled_copy", key, "TiledLayout_TV", f"typename decltype({tc})::TiledLayout_TV{{}}")


def cute_layout(t):
    """`Layout<Shape<_16,_8>,Stride<_8,_1>>` -> `(16,8):(8,1)`"""
    import re
    m = re.fullmatch(r"Layout<Shape<([^>]*)>(?:,Stride<([^>]*)>)?>", t)
    shape = "(" + m.group(1).replace("_", "") + ")"
    return shape + (":(" + m.group(2).replace("_", "") + ")" if m.group(2) else "")


def rust_atom(name):
    return "UniversalFMA<f32>" if name == "UniversalFMA" else name


def tiled_mma_tests(rows, kind):
    """A test a TiledMma: its tile and the three TV layouts."""
    out = []
    for i, (key, f) in enumerate([(n, f) for (k, n), f in rows.items() if k == kind]):
        atom, shape, *perm = key.split(" ")
        shape = "(" + shape[len("Shape<"):-1].replace("_", "") + ")"
        t = f"<{rust_mma(atom, shape, *perm)} as TiledMma>"
        out.append(f"#[test]\nfn {kind}_{i}() {{")
        out.append(f'    // {key}')
        for field, rust in [("tile_shape", "TileShapeMNK"), ("layoutA", "LayoutATV"),
                            ("layoutB", "LayoutBTV"), ("layoutC", "LayoutCTV")]:
            out.append(f'    assert_eq!(shown::<{t}::{rust}>(), "{f[field]}");')
        out.append("}\n")
    return out


def write_k_class(rows):
    """tests/golden_tiled_mma_k.rs: the K-tiled class, apart so that it type-checks in parallel."""
    out = [
        "//! Generated by scripts/golden_atoms.py from tests/golden/atoms.tsv (CuTe's answers): do not",
        "//! edit. TiledMmas with atoms tiled in K, the N mode permuted or not (`K_ATOMS`).",
        "#![allow(non_camel_case_types)]",
        "",
        "use tessel::mma::*;",
        "use tessel::tensor::Underscore;",
        "use tessel::{shape, MakeTiledMma, TiledMma, C};",
        "",
        "fn shown<T: Default + core::fmt::Display>() -> String {",
        "    T::default().to_string()",
        "}",
        "",
    ] + tiled_mma_tests(rows, "tiled_mma_k")
    with open(os.path.join(os.path.dirname(OUT), "..", "golden_tiled_mma_k.rs"), "w") as f:
        f.write("\n".join(out).rstrip("\n") + "\n")


def write_test():
    """tests/golden_atoms.rs from the TSV: every layout CuTe printed, checked by type."""
    rows = {}
    for line in open(OUT):
        if line.startswith("#"):
            continue
        kind, name, field, value = line.rstrip("\n").split("\t")
        if kind not in ("partition", "fragment", "retile"):
            value = re.sub(r"_(-?\d)", r"\1", value)
        rows.setdefault((kind, name), {})[field] = value
    out = [
        "//! Generated by scripts/golden_atoms.py from tests/golden/atoms.tsv (CuTe's answers): do not",
        "//! edit. Every atom's layouts, TiledMma tiles and TV layouts, TiledCopy tilers and TV layouts.",
        "#![allow(non_camel_case_types)]",
        "",
        "use tessel::atom::copy::*;",
        "use tessel::atom::tiled_copy::{MakeTiledCopyA, MakeTiledCopyB, MakeTiledCopyC};",
        "use tessel::atom::element::F16;",
        "use tessel::mma::*;",
        "use tessel::tensor::Underscore;",
        "use tessel::{",
        "    layout, shape, MakeTiledCopy, MakeTiledMma, MmaAtom, Tensor, TiledCopy, TiledMma, C,",
        "};",
        "",
        "fn shown<T: Default + core::fmt::Display>() -> String {",
        "    T::default().to_string()",
        "}",
        "",
    ]
    mma = [(n, f) for (k, n), f in rows.items() if k == "mma"]
    out.append("#[test]\nfn mma_atoms_print_cutes_layouts() {")
    for name, f in mma:
        t = f"<{rust_atom(name)} as MmaAtom>"
        for field, rust in [("Shape_MNK", "ShapeMNK"), ("ThrID", "ThrId"), ("ALayout", "ALayout"),
                            ("BLayout", "BLayout"), ("CLayout", "CLayout")]:
            out.append(f'    assert_eq!(shown::<{t}::{rust}>(), "{f[field]}", "{name} {rust}");')
    out.append("}\n")
    elems = {"uint32_t": "u32", "float": "f32", "uint128_t": "u128", "half_t": "F16"}
    out.append("#[test]\nfn copy_atoms_print_cutes_layouts() {")
    for name, f in [(n, f) for (k, n), f in rows.items() if k == "copy"]:
        t = f"<{name} as CopyOp>"
        for field, rust in [("ThrID", "ThrId"), ("SrcLayout", "SrcLayout"), ("DstLayout", "DstLayout"),
                            ("RefLayout", "RefLayout")]:
            out.append(f'    assert_eq!(shown::<{t}::{rust}>(), "{f[field]}", "{name} {rust}");')
        for field, value in f.items():
            m = re.fullmatch(r"(ValLayout\w+)<(\w+)>", field)
            if m:
                atom = f"<CopyAtom<{name}, {elems[m.group(2)]}> as CopyAtomLayouts>"
                out.append(f'    assert_eq!(shown::<{atom}::{m.group(1)}>(), "{value}", "{name} {field}");')
    out.append("}\n")
    out += tiled_mma_tests(rows, "tiled_mma")
    tc = [(n, f) for (k, n), f in rows.items() if k == "tiled_copy"]
    out.append("#[test]\nfn tiled_copies() {")
    for key, f in tc:
        thr, val = key.split(" ")
        t = f'<MakeTiledCopy<layout!("{cute_layout(thr)}"), layout!("{cute_layout(val)}")> as TiledCopy>'
        out.append(f'    assert_eq!(shown::<{t}::TilerMN>(), "{f["Tiler_MN"]}");')
        out.append(f'    assert_eq!(shown::<{t}::LayoutTV>(), "{f["TiledLayout_TV"]}");')
    out.append("}\n")
    parts = [(n, f) for (k, n), f in rows.items() if k == "partition"]
    out.append("/// One thread's partitions, CuTe's raw answer (`_N` static) and the offset of the first element.")
    out.append("#[test]\nfn thread_partitions() {")
    out.append("    let data = vec![0f32; 1 << 16];")
    for key, f in parts:
        kind, x, y, op, tensor, thread = key.split(" ")
        names = []
        def name(m):
            names.append(f"r{len(names)} = {m.group(1)}")
            return f"r{len(names) - 1}"
        text = re.sub(r"#(\d+)", name, tensor)
        lay = f'layout!("{text}"; {", ".join(names)})' if names else f'layout!("{text}")'
        if kind == "copy":
            slice_ = f'MakeTiledCopy::<layout!("{x}"), layout!("{y}")>::get_slice({thread})'
        elif kind.startswith("copy"):
            elem = "f32" if x == "UniversalFMA" or kind == "copyC" else "F16"
            op_ = kind[6:] if "/" in kind else "UniversalCopy<u32>"
            mma = rust_mma(x, *y.split("|", 1))
            slice_ = f"MakeTiledCopy{kind[4]}::<CopyAtom<{op_}, {elem}>, {mma}>::get_slice({thread})"
        else:
            slice_ = f'{rust_mma(x, *y.split("|", 1)).replace("<", "::<", 1)}::get_slice({thread})'
        out.append(f"    let t = {slice_}.partition_{op}(Tensor::new(&data, {lay}));")
        out.append(f'    assert_eq!(format!("{{:#}} @{{}}", t.layout(), t.base()), "{f["layout@offset"]}", "{key}");')
    out.append("}\n")
    out.append("/// A thread's MMA fragment (`make_fragment_like` of its partition), CuTe's raw answer.")
    out.append("#[test]\nfn partition_fragments() {")
    out.append("    let data = vec![0f32; 1 << 16];")
    for key, f in [(n, f) for (k, n), f in rows.items() if k == "fragment"]:
        side, atom, y, tensor, sw = key.split(" ")
        mma = rust_mma(atom, *y.split("|", 1))
        names = []

        def name(m):
            names.append(f"r{len(names)} = {m.group(1)}")
            return f"r{len(names) - 1}"
        text = re.sub(r"#(\d+)", name, tensor)
        if sw != "-":
            text = f"Sw<{sw}> o 0 o {text}"
        lay = f'layout!("{text}"; {", ".join(names)})' if names else f'layout!("{text}")'
        make = "Tensor::swizzled" if sw != "-" else "Tensor::new"
        out.append(f'    let frag = {mma.replace("<", "::<", 1)}::get_slice(0)')
        out.append(f"        .partition_fragment_{side}::<f32, _, _>(&{make}(&data, {lay}));")
        out.append(f'    assert_eq!(format!("{{:#}}", frag.layout()), "{f["layout"]}", "{key}");')
    out.append("}\n")
    out.append("/// A thread's MMA fragment retiled for a copy (`retile_D`), CuTe's raw answer.")
    out.append("#[test]\nfn retiled_fragments() {")
    out.append("    let data = vec![0f32; 1 << 16];")
    elems = {"half_t": "F16", "float": "f32"}
    for key, f in [(n, f) for (k, n), f in rows.items() if k == "retile"]:
        side, op, elem, atom, y, tensor = key.split(" ")
        mma = rust_mma(atom, *y.split("|", 1))
        copy = f"MakeTiledCopy{side}::<CopyAtom<{RUST_COPY.get(op, op)}, {elems[elem]}>, {mma}>"
        out.append(f'    let frag = {mma.replace("<", "::<", 1)}::get_slice(0)')
        out.append(f'        .partition_fragment_{side}::<f32, _, _>(&Tensor::new(&data, layout!("{tensor}")));')
        out.append(f"    let t = {copy}::get_slice(0).retile_D(frag.as_view());")
        out.append(f'    assert_eq!(format!("{{:#}}", t.layout()), "{f["layout"]}", "{key}");')
    out.append("}")
    path = os.path.join(os.path.dirname(OUT), "..", "golden_atoms.rs")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    write_k_class(rows)


def main():
    if sys.argv[1:] == ["--from-tsv"]:
        return write_test()
    cases = (list(mma_cases()) + list(copy_cases()) + list(tiled_mma_cases())
             + list(tiled_copy_cases()) + list(partition_cases()) + list(fragment_cases())
             + list(retile_cases()))
    # The oracle's program, with CuTe's headers of the SM90 atoms whose N is not a power of two
    # (its `_ext` headers, which cute/tensor.hpp does not include), in one compilation.
    oracle = oracle_module()
    oracle.ensure_headers()
    oracle.PRELUDE += ("#include <cute/arch/mma_sm90_gmma_ext.hpp>\n"
                       "#include <cute/atom/mma_traits_sm90_gmma_ext.hpp>\n")
    oracle.RAW = True
    lines = oracle.run_cases([c[3] for c in cases])
    assert len(lines) == len(cases), (len(lines), len(cases))
    assert not any(l.startswith("compile_error") for l in lines), "a case did not compile"
    with open(OUT, "w") as f:
        f.write("# kind\tname\tfield\tCuTe's answer (scripts/golden_atoms.py, CUTLASS from PyPI)\n")
        for (kind, name, field, _), line in zip(cases, lines):
            f.write(f"{kind}\t{name}\t{field}\t{line}\n")
    print(f"{len(cases)} cases -> {OUT}", file=sys.stderr)
    write_test()


if __name__ == "__main__":
    main()
