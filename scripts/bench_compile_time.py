#!/usr/bin/env python3
"""Compile-time benchmark: the static algebra cases of tests/golden_algebra_static.rs, type-checked
by rustc (`cargo check`) and by g++ with CuTe's headers (`-fsyntax-only`), with the same
operations written as CuTe C++. Prints seconds and milliseconds per operation (median of 3).
A third figure traces the same operations with CuTe's Python DSL (`cute.compile`, no GPU needed)
when DSL_PYTHON names a Python with nvidia-cutlass-dsl installed:
  python3 -m venv /tmp/dsl && /tmp/dsl/bin/pip install nvidia-cutlass-dsl==4.8.1
A dev tool: needs the headers that ../shared/tools/cute-oracle installs.
Usage: [DSL_PYTHON=/tmp/dsl/bin/python] python3 scripts/bench_compile_time.py
"""
import os
import re
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.expanduser("~/.cache/cute-oracle/site")
INCLUDES = ["cutlass_library/source/include", "nvidia/cuda_cccl/include",
            "nvidia/cuda_runtime/include", "nvidia/cuda_nvcc/include"]
FUNCS = {
    "Coalesce": "coalesce", "Composition": "composition", "Complement": "complement",
    "LogicalDivide": "logical_divide", "ZippedDivide": "zipped_divide", "TiledDivide": "tiled_divide",
    "FlatDivide": "flat_divide", "LogicalProduct": "logical_product", "ZippedProduct": "zipped_product",
    "TiledProduct": "tiled_product", "FlatProduct": "flat_product", "BlockedProduct": "blocked_product",
    "RakedProduct": "raked_product", "TileToShape": "tile_to_shape", "RightInverse": "right_inverse",
    "LeftInverse": "left_inverse", "CoalesceBy": "coalesce", "MaxCommonLayout": "max_common_layout",
    "MaxCommonVector": "max_common_vector",
}


def split_top(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "(<"
        depth -= ch in ")>"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


def cpp_tuple(s, make):
    if s.startswith("("):
        return f"{make}(" + ",".join(cpp_tuple(x, make) for x in split_top(s[1:-1])) + ")"
    return f"Int<{int(s)}>{{}}"


def cpp_arg(s):
    """A layout, a shape or integer, or a <...> tiler, as a CuTe C++ expression."""
    if s.startswith("<"):
        return "make_tile(" + ",".join(cpp_arg(x) for x in split_top(s[1:-1])) + ")"
    if ":" in s:
        shape, stride = s.split(":")
        return f"make_layout({cpp_tuple(shape, 'make_shape')}, {cpp_tuple(stride, 'make_stride')})"
    return cpp_tuple(s, "make_shape")


def py_tuple(s):
    return s.replace(")", ",)") if s.startswith("(") else s


def py_arg(s, layouts=False):
    """A layout, a shape or integer, or a <...> tiler, as a CuTe DSL expression; with `layouts`,
    the integers of a tiler become layouts (`N` as `make_layout(N)`), which the DSL's products and
    divides need."""
    if s.startswith("<") or (layouts and s.startswith("(") and ":" not in s):
        return "(" + ",".join(py_arg(x, layouts) for x in split_top(s[1:-1])) + ",)"
    if ":" in s:
        shape, stride = s.split(":")
        return f"cute.make_layout({py_tuple(shape)}, stride={py_tuple(stride)})"
    return f"cute.make_layout({s})" if layouts else py_tuple(s)


DSL_SCRIPT = """
import time
import cutlass.cute as cute

refused = []

@cute.jit
def all_ops():
{body}

t0 = time.perf_counter()
cute.compile(all_ops)
print(len(refused), time.perf_counter() - t0)
"""


def dsl_seconds(ops):
    python = os.environ.get("DSL_PYTHON")
    if not python:
        return None
    def call(f, args):
        tiler = f.endswith("product") or f.endswith("divide") or f == "composition"
        spelled = [py_arg(a, layouts=(k == 1 and tiler)) for k, a in enumerate(args)]
        if f == "coalesce" and len(spelled) == 2:  # the DSL takes the profile by keyword
            spelled[1] = f"target_profile={spelled[1]}"
        return f"cute.{f}({', '.join(spelled)})"
    # The DSL refuses some tiler spellings (a tuple tiler in a product): those are counted apart.
    body = "\n".join(f"    try:\n        r{i} = {call(f, args)}\n    except (TypeError, ValueError):\n"
                     f"        refused.append({i})" for i, (f, args) in enumerate(ops))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ops.py")
        open(path, "w").write(DSL_SCRIPT.format(body=body or "    pass"))
        out = subprocess.run([python, path], check=True, capture_output=True, text=True).stdout
    refused, seconds = out.split()[-2:]
    return int(refused), float(seconds)


def cases():
    # rustfmt may split a case over lines: read the file with its white space folded.
    src = re.sub(r"\s+", " ", open(os.path.join(ROOT, "tests", "golden_algebra_static.rs")).read())
    pat = re.compile(r'<([\w:]+)< ?(\w+!\("[^"]*"\)(?:, ?\w+!\("[^"]*"\))*),? ?>(?: as typenum::Unsigned)?>::')
    for alias, args in pat.findall(src):
        yield FUNCS[alias.split("::")[-1]], re.findall(r'!\("([^"]*)"\)', args)


# Incremental compilation would reuse the type checking of an unchanged file: measure without it.
os.environ["CARGO_INCREMENTAL"] = "0"


def median_seconds(cmd, touch=None, runs=3):
    times = []
    for _ in range(runs):
        if touch:
            os.utime(touch)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    ops = list(cases())
    n = len(ops)
    subprocess.run(["cargo", "check", "-q", "--tests"], check=True, cwd=ROOT)
    suite = os.path.join(ROOT, "tests", "golden_algebra_static.rs")
    empty = os.path.join(ROOT, "tests", "ui.rs")
    t_rust = median_seconds(["cargo", "check", "-q", "--test", "golden_algebra_static"], suite)
    t_empty = median_seconds(["cargo", "check", "-q", "--test", "ui"], empty)
    body = "\n".join(f"  auto r{i} = {f}({', '.join(cpp_arg(a) for a in args)}); (void)r{i};"
                     for i, (f, args) in enumerate(ops))
    cpp = f"#include <cute/layout.hpp>\nusing namespace cute;\nvoid all() {{\n{body}\n}}\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ops.cpp")
        open(path, "w").write(cpp)
        inc = sum((["-I", os.path.join(SITE, i)] for i in INCLUDES), [])
        t_gpp = median_seconds(["g++", "-std=c++17", "-fsyntax-only", "-w", *inc, path], runs=1)
        empty_cpp = os.path.join(tmp, "empty.cpp")
        open(empty_cpp, "w").write("#include <cute/layout.hpp>\n")
        t_gpp_empty = median_seconds(["g++", "-std=c++17", "-fsyntax-only", "-w", *inc, empty_cpp], runs=1)
    t_dsl = dsl_seconds(ops)
    print(f"{n} static operations")
    print(f"tessel cargo check: {t_rust:.2f} s, a suite without static layouts {t_empty:.2f} s, "
          f"{(t_rust - t_empty) * 1000 / n:.2f} ms per operation")
    print(f"g++ -fsyntax-only with CuTe: {t_gpp:.2f} s, the headers alone {t_gpp_empty:.2f} s, "
          f"{(t_gpp - t_gpp_empty) * 1000 / n:.2f} ms per operation")
    if t_dsl is not None:
        refused, seconds = t_dsl
        traced = n - refused
        print(f"CuTe DSL cute.compile: {seconds:.2f} s for the {traced} operations it accepts "
              f"({refused} tiler spellings refused), {seconds * 1000 / traced:.2f} ms per operation")


if __name__ == "__main__":
    main()

