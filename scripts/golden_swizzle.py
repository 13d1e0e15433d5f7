#!/usr/bin/env python3
"""Golden data for swizzles and composed layouts, from the real CuTe C++ (a dev tool, not run by
CI; needs g++ and the headers that ../shared/tools/cute-oracle installs).

Cases: swizzles Sw<B,M,S> with B in 1..3, M in 0..4, |S| in 3..5 over row- and column-major
atoms of 8 to 128 rows; composition with a swizzle, composition with a tiler, the four divides,
tile_to_shape, the products, coalesce. All cases go into one C++ program that prints, per case,
CuTe's result, its size and cosize, and its index at a few 1-D coordinates. Writes
tests/golden/swizzle.tsv and tests/golden_swizzle_static.rs.
Usage: python3 scripts/golden_swizzle.py
"""
import os
import random
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.expanduser("~/.cache/cute-oracle/site")
INCLUDES = ["cutlass_library/source/include", "nvidia/cuda_cccl/include",
            "nvidia/cuda_runtime/include", "nvidia/cuda_nvcc/include"]

# op -> (tessel's type alias, how the second argument is spelled as a type)
STATIC = {
    "composition": ("Composition", "tiler"), "logical_divide": ("LogicalDivide", "tiler"),
    "zipped_divide": ("ZippedDivide", "tiler"), "tiled_divide": ("TiledDivide", "tiler"),
    "flat_divide": ("FlatDivide", "tiler"), "tile_to_shape": ("TileToShape", "shape"),
    "logical_product": ("LogicalProduct", "layout"), "blocked_product": ("BlockedProduct", "layout"),
    "raked_product": ("RakedProduct", "layout"), "coalesce": ("Coalesce", None),
    "zipped_product": ("ZippedProduct", "layout"), "tiled_product": ("TiledProduct", "layout"),
    "flat_product": ("FlatProduct", "layout"),
}


def cpp_tuple(s, make):
    if s.startswith("("):
        inner, depth, parts, cur = s[1:-1], 0, [], ""
        for ch in inner:
            depth += ch == "("
            depth -= ch == ")"
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        parts.append(cur)
        return f"{make}(" + ",".join(cpp_tuple(p, make) for p in parts) + ")"
    return f"Int<{int(s)}>{{}}"


def cpp_layout(s):
    shape, stride = s.split(":")
    return f"make_layout({cpp_tuple(shape, 'make_shape')}, {cpp_tuple(stride, 'make_stride')})"


def cpp_composed(sw, atom):
    b, m, s = sw
    return f"composition(Swizzle<{b},{m},{s}>{{}}, {cpp_layout(atom)})"


def cases():
    rng = random.Random(4)
    swizzles = [(b, m, s) for b in (1, 2, 3) for m in range(5) for s in (3, 4, 5, -3, -4, -5)
                if abs(s) >= b]
    atoms = []
    for rows in (8, 16, 32, 64, 128):
        for cols in (8, 16, 32, 64):
            atoms += [(rows, cols, f"({rows},{cols}):({cols},1)"),
                      (rows, cols, f"({rows},{cols}):(1,{rows})")]
    out = []
    others = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "composition",
              "logical_product", "zipped_product", "tiled_product", "flat_product",
              "blocked_product", "raked_product", "coalesce"]
    for i, sw in enumerate(swizzles):
        # Each swizzle composed with an atom, one other operation, and every other one tiled.
        for op in ["swizzle", rng.choice(others)] + ["tile_to_shape"] * (i % 2):
            rows, cols, atom = rng.choice(atoms)
            tile = f"({rng.choice([d for d in (2, 4, 8, rows) if rows % d == 0])},"
            tile += f"{rng.choice([d for d in (2, 4, 8, cols) if cols % d == 0])})"
            arg = {
                "swizzle": None, "coalesce": None,
                "tile_to_shape": f"({rows * rng.choice([1, 2, 4])},{cols * rng.choice([1, 2])})",
                "logical_product": "(2,2):(1,2)", "blocked_product": "(2,3):(1,2)",
                "raked_product": "(2,2):(2,1)", "zipped_product": "(2,2):(2,1)",
                "tiled_product": "(2,4):(1,2)", "flat_product": "4:1",
            }.get(op, tile)
            out.append((op, sw, atom, arg))
    return out


def cpp_expr(op, sw, atom, arg):
    composed = cpp_composed(sw, atom)
    if op == "swizzle":
        return composed
    if op == "coalesce":
        return f"coalesce({composed})"
    if op == "tile_to_shape":
        return f"tile_to_shape({composed}, {cpp_tuple(arg, 'make_shape')})"
    if op.endswith("product"):
        return f"{op}({composed}, {cpp_layout(arg)})"
    return f"{op}({composed}, {cpp_tuple(arg, 'make_tile')})"


def main():
    cs = cases()
    body = []
    for op, sw, atom, arg in cs:
        body.append(f"{{ auto r = {cpp_expr(op, sw, atom, arg)}; print(r); int n = size(r);"
                    " printf(\"\\t%d\\t%d\", n, int(cosize(r)));"
                    " for (int i : {0, 1, 7, 8, 63, 64, 100, 511, 1000, 4095})"
                    " if (i < n) printf(\"\\t%d=%d\", i, int(r(i))); printf(\"\\n\"); }")
    src = ("#include <cute/tensor.hpp>\n#include <cstdio>\nusing namespace cute;\n"
           "int main() {\n" + "\n".join(body) + "\n}\n")
    with tempfile.TemporaryDirectory() as tmp:
        path, exe = os.path.join(tmp, "golden.cpp"), os.path.join(tmp, "golden")
        open(path, "w").write(src)
        inc = [f"-I{os.path.join(SITE, i)}" for i in INCLUDES]
        subprocess.run(["g++", "-std=c++17", "-O0", "-w", *inc, path, "-o", exe], check=True)
        lines = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.splitlines()
    rows, checks = [], []
    for (op, sw, atom, arg), line in zip(cs, lines, strict=True):
        want, size, cosize, *points = line.replace("_", "").split("\t")
        first = f"Sw<{sw[0]},{sw[1]},{sw[2]}> o 0 o {atom}"
        args = [f"Sw<{sw[0]},{sw[1]},{sw[2]}>", atom] if op == "swizzle" else [first]
        args += [arg] if arg else []
        rows.append("\t".join([op if op != "swizzle" else "composition", *args, want,
                                f"size={size}", f"cosize={cosize}", *points]))
        if op == "swizzle":
            ty = f"Composition<Swizzle<{sw[0]}, {sw[1]}, {sw[2]}>, layout!(\"{atom}\")>"
        else:
            alias, kind = STATIC[op]
            ty = f"{alias}<layout!(\"{first}\")" + (f", {kind}!(\"{arg}\")>" if kind else ">")
        calls = "".join(f"\n    assert_eq!(l.call({p.split('=')[0]}usize), {p.split('=')[1]});"
                        for p in points)
        checks.append(f"fn case_{len(checks)}() {{\n    type L = {ty};\n    let l = L::default();\n"
                      f"    assert_eq!(l.to_string(), \"{want}\");\n"
                      f"    assert_eq!((L::SIZE, L::COSIZE), ({size}, {cosize}));{calls}\n}}\n")
    header = ("# op\targuments...\tCuTe's answer\tsize=N\tcosize=N\tindex=value... "
              "(generated by scripts/golden_swizzle.py)")
    open(os.path.join(ROOT, "tests", "golden", "swizzle.tsv"), "w").write(
        "\n".join([header, *rows]) + "\n")
    calls = "".join(f"    case_{i}();\n" for i in range(len(checks)))
    open(os.path.join(ROOT, "tests", "golden_swizzle_static.rs"), "w").write(
        "//! Generated by scripts/golden_swizzle.py: swizzles and composed layouts at the type level\n"
        "//! against CuTe's answers in tests/golden/swizzle.tsv (Display, and the index of a few\n"
        "//! coordinates); the runtime layer is checked in tests/golden_swizzle.rs.\n\n"
        "use tessel::*;\n\n" + "".join(checks) +
        f"\n#[test]\nfn every_case_matches_cute() {{\n{calls}}}\n")
    subprocess.run(["rustfmt", "--edition", "2021",
                    os.path.join(ROOT, "tests", "golden_swizzle_static.rs")], check=True)
    print(f"{len(rows)} cases")


if __name__ == "__main__":
    main()
