#!/usr/bin/env python3
"""Golden data for the tensor partitions from the real CuTe (a dev tool, not run by CI).

Random static tensors (rank 2 or 3, modes flat or nested, compact in some order or padded), cut
as a CuTe kernel cuts them: `local_tile(t, tiler, coord)`, the coordinate a tuple of runtime
integers or with `_` keeping a mode, and `local_partition(t, thr_layout, thr_idx)`; and the
projected forms of a GEMM, `local_tile(mA, (BM,BN,BK), (m,n,k), Step<_1,X,_1>{})` and
`local_partition(sA, tC, i, Step<_1,X>{})` (tessel's `local_tile_proj`, `local_partition_proj`,
the step spelled `(C<1>, X, C<1>)`). CuTe is asked over a counting iterator, so its answer is
the cut's layout (raw: static leaves `_N`) and the index of its element 0. Last, runtime-sized
matrices `(M,K):(1,ldA)` or `(M,K):(ldA,1)` cut by static tiles (some ragged, whose `is_full`
the script decides) and static thread layouts. Writes tests/golden/partitions.tsv and tests/golden_partitions.rs
(one check per case: tessel's layout prints CuTe's, static leaves included, and the element 0
of the same cut of a tensor over 0, 1, 2, .. is CuTe's index).
Run from the repository root:  python3 scripts/golden_partitions.py [--seed N]
"""
import os
import random
import subprocess
import sys

import oracle_batch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rng = random.Random(int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 11)
LEAVES = [2, 2, 3, 4, 4, 8, 8, 16]


def fmt(t):
    return "(" + ",".join(fmt(x) for x in t) + ")" if isinstance(t, tuple) else str(t)


def leaves(t):
    return [y for x in t for y in leaves(x)] if isinstance(t, tuple) else [t]


def size(t):
    n = 1
    for x in leaves(t):
        n *= x
    return n


def unflatten(flat, like):
    if not isinstance(like, tuple):
        return flat.pop(0)
    return tuple(unflatten(flat, x) for x in like)


def tensor_layout():
    """A static layout: 2 or 3 modes, each a leaf or a pair of leaves, its strides compact in a
    random order, sometimes with a padded step (a shared-memory tile's (32,32):(1,33))."""
    shape = tuple(rng.choice(LEAVES) if rng.random() < 0.7 else (rng.choice(LEAVES), rng.choice(LEAVES))
                  for _ in range(rng.choice([2, 2, 3])))
    flat = leaves(shape)
    order = rng.choice([list(range(len(flat))), list(reversed(range(len(flat)))),
                        rng.sample(range(len(flat)), len(flat))])
    strides, acc = [0] * len(flat), 1
    pad_at = rng.randrange(1, len(flat) + 1) if rng.random() < 0.3 else -1
    for k, i in enumerate(order):
        if k == pad_at:
            acc += 1
        strides[i] = acc
        acc *= flat[i]
    stride = unflatten(list(strides), shape)
    cosize = 1 + sum((n - 1) * d for n, d in zip(flat, strides))
    return shape, stride, cosize


def divisor(mode):
    """A tile extent that divides the mode as CuTe's composition does: whole leaves from the
    first, then a divisor of the next."""
    flat = leaves(mode)
    k = rng.randrange(len(flat))
    d = 1
    for n in flat[:k]:
        d *= n
    return d * rng.choice([x for x in range(1, flat[k] + 1) if flat[k] % x == 0])


def cases():
    out = []
    for n in range(150):
        shape, stride, cosize = tensor_layout()
        layout = f"{fmt(shape)}:{fmt(stride)}"
        if n % 2 == 0:
            tile = tuple(divisor(m) for m in shape)
            coord = [str(rng.randrange(size(m) // t)) for m, t in zip(shape, tile)]
            if rng.random() < 0.3:
                coord[rng.randrange(len(coord))] = "_"
            out.append(("local_tile", layout, fmt(tile), "(" + ",".join(coord) + ")", cosize))
        else:
            thr = tuple(divisor(m) for m in shape[:2])
            thr_stride = (1, thr[0]) if rng.random() < 0.5 else (thr[1], 1)
            out.append(("local_partition", layout, f"{fmt(thr)}:{fmt(thr_stride)}",
                        str(rng.randrange(size(thr))), cosize))
    for n in range(60):
        shape, stride, cosize = tensor_layout()
        shape, stride = shape[:2], stride[:2]
        flat = leaves(shape), leaves(stride)
        cosize = 1 + sum((a - 1) * d for a, d in zip(*flat))
        layout = f"{fmt(shape)}:{fmt(stride)}"
        if n % 2 == 0:
            # A CTA tiler (BM,BN,BK) and coordinate (m,n,k), one mode dropped: A's (1,X,1).
            drop = rng.randrange(3)
            tile = [divisor(m) for m in shape]
            coord = [rng.randrange(size(m) // t) for m, t in zip(shape, tile)]
            tile.insert(drop, rng.choice([2, 4, 8]))
            coord.insert(drop, rng.randrange(4))
            step = ["1"] * 3
            step[drop] = "X"
            out.append(("local_tile_proj", layout, fmt(tuple(tile)), fmt(tuple(coord)), cosize,
                        "(" + ",".join(step) + ")"))
        else:
            # A thread layout (TM,TN) whose M (or N) mode alone partitions the tensor's rows.
            keep = rng.randrange(2)
            thr = [rng.choice([1, 2, 4]), rng.choice([1, 2, 4])]
            thr[keep] = divisor(shape[0])
            thr_stride = (1, thr[0]) if rng.random() < 0.5 else (thr[1], 1)
            step = ["X", "X"]
            step[keep] = "1"
            out.append(("local_partition_proj", layout, f"{fmt(tuple(thr))}:{fmt(thr_stride)}",
                        str(rng.randrange(thr[0] * thr[1])), cosize, "(" + ",".join(step) + ")"))
    for n in range(50):
        out.append(matrix_case(n % 2 == 0))
    return out


def matrix_case(tile):
    """A runtime-sized matrix (M,K), column- or row-major with a runtime leading dimension, cut
    by a static tile at a runtime coordinate (the last tile ragged where M or K is not a
    multiple), or by a static thread layout (whose extents divide the matrix's)."""
    bm, bk = rng.choice([4, 8, 16, 32]), rng.choice([2, 4, 8, 16])
    m, k = bm * rng.randint(1, 6), bk * rng.randint(1, 6)
    if tile and rng.random() < 0.5:
        m, k = m + rng.randrange(bm), k + rng.randrange(bk)
    column = rng.random() < 0.5
    ld = (m if column else k) + rng.choice([0, 0, 1, 4])
    stride, cosize = ("1", f"#{ld}"), m + (k - 1) * ld
    if not column:
        stride, cosize = (f"#{ld}", "1"), (m - 1) * ld + k
    layout = f"(#{m},#{k}):({stride[0]},{stride[1]})"
    if tile:
        i, j = rng.randrange(-(-m // bm)), rng.randrange(-(-k // bk))
        return ("local_tile", layout, f"({bm},{bk})", f"({i},{j})", cosize)
    thr = f"({bm},{bk}):" + (f"(1,{bm})" if rng.random() < 0.5 else f"({bk},1)")
    return ("local_partition", layout, thr, str(rng.randrange(bm * bk)), cosize)


def rust_layout(text):
    """`layout!` of a layout whose runtime leaves are written `#N`: each becomes a name bound to
    its value."""
    names, out, at = [], "", 0
    while at < len(text):
        if text[at] == "#":
            end = at + 1
            while end < len(text) and text[end].isdigit():
                end += 1
            names.append((f"v{len(names)}", text[at + 1:end]))
            out, at = out + names[-1][0], end
        else:
            out, at = out + text[at], at + 1
    return f'layout!("{out}"' + "".join(f"; {n} = {v}" if i == 0 else f", {n} = {v}"
                                         for i, (n, v) in enumerate(names)) + ")"


def cpp(case):
    op, layout, by, at, _, *step = case
    oracle = oracle_batch.load_oracle()
    t = f"make_tensor(counting_iterator<int>(0), {oracle.cpp_arg(layout)})"
    proj = "".join(f", Step<{','.join('_1' if x == '1' else 'X' for x in p[1:-1].split(','))}>{{}}" for p in step)
    if op.startswith("local_tile"):
        cut = f"local_tile({t}, {oracle.cpp_arg(by)}, make_coord({at[1:-1]}){proj})"
    else:
        cut = f"local_partition({t}, {oracle.cpp_arg(by)}, {at}{proj})"
    return [f"{cut}.layout()", f"*{cut}.data()"]


def rust(case, layout_want, offset):
    op, layout, by, at, cosize, *step = case
    proj = "".join(", (" + "".join(("C::<1>::default()" if x == "1" else "X") + ", " for x in p[1:-1].split(",")) + ")"
                   for p in step)
    if op.startswith("local_tile"):
        coord = "(" + "".join(("Underscore" if c == "_" else f"{c}usize") + ", " for c in at[1:-1].split(",")) + ")"
        cut = f'{op}(t, <shape!("{by}")>::default(), {coord}{proj})'
    else:
        cut = f'{op}(t, layout!("{by}"), {at}{proj})'
    # A tile of a runtime-sized matrix is full where it ends inside the matrix (tessel's own).
    full = ""
    if op == "local_tile" and "#" in layout:
        (m, k), (bm, bk) = [int(x.strip("#")) for x in layout.split(":")[0][1:-1].split(",")], \
            [int(x) for x in by[1:-1].split(",")]
        i, j = [int(x) for x in at[1:-1].split(",")]
        full = f"\n    assert!({'' if (i + 1) * bm <= m and (j + 1) * bk <= k else '!'}cut.is_full());"
    return (f"    let data: Vec<i32> = (0..{cosize}).collect();\n"
            f"    let t = Tensor::new(&data, {rust_layout(layout)});\n"
            f"    let cut = {cut};\n"
            f'    assert_eq!((format!("{{:#}}", cut.layout()), cut[0]), ("{layout_want}".to_string(), {offset}));{full}')


def main():
    all_cases = cases()
    answers = oracle_batch.ask_cpp([e for c in all_cases for e in cpp(c)], raw=True)
    with open(os.path.join(ROOT, "tests", "golden", "partitions.tsv"), "w") as f:
        f.write("# op\ttensor layout\ttiler or thread layout\tcoordinate or thread\t[projection]\tCuTe's layout (raw)\tits element 0's index\n")
        checks = []
        for i, case in enumerate(all_cases):
            layout_want, offset = answers[2 * i], answers[2 * i + 1]
            assert not layout_want.startswith("compile_error"), (case, layout_want)
            f.write("\t".join([*case[:4], *case[5:], layout_want, offset]) + "\n")
            checks.append(rust(case, layout_want, offset))
    fns = [f"fn case_{i}() {{\n{c}\n}}\n" for i, c in enumerate(checks)]
    calls = [f"    case_{i}();" for i in range(len(checks))]
    with open(os.path.join(ROOT, "tests", "golden_partitions.rs"), "w") as f:
        f.write("\n".join([
            "//! Generated by scripts/golden_partitions.py: local_tile and local_partition of static tensors",
            "//! against CuTe's answers in tests/golden/partitions.tsv (the cut's layout, static leaves",
            "//! marked `_N`, and the index of its element 0).",
            "",
            "use tessel::*;",
            "",
            *fns,
            "#[test]",
            "fn partitions_match_cute() {",
            *calls,
            "}",
        ]) + "\n")
    subprocess.run(["rustfmt", "--edition", "2021", os.path.join(ROOT, "tests", "golden_partitions.rs")],
                   check=True)
    print(f"{len(checks)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
