#!/usr/bin/env python3
"""Regenerates the mixed (static and runtime leaves) golden data from the real CuTe (a dev tool,
not run by CI), and the test that holds tessel's typed layer to it.

Three kinds of cases: the matrix-tiling kind, a runtime-sized matrix (M,K) with a runtime leading
dimension tiled by static tiles (every divide, composition with tuple tilers, complement against
a runtime size); arbitrary ones, the accepted cases of tests/golden/algebra.tsv with some of the
first layout's leaves made runtime at random; and (`--more`, appended) the products,
tile_to_shape, the inverses and by-mode coalesce on such cases with runtime shapes. CuTe is asked with `--raw` (`#N` marks a
runtime integer, `_N` a static one in its answer), so each answer also says which leaves CuTe
keeps static. Writes tests/golden/algebra_mixed.tsv (op, arguments, raw answer) and
tests/golden_mixed.rs (one typed check per answered case: `format!("{:#}")` must equal CuTe's).
Run from the repository root:  cargo build -p tessel-cli && python3 scripts/golden_mixed.py
(`--from-tsv` rewrites the test from the checked-in TSV without asking CuTe again; `--more` adds
the rest of the algebra to the TSV; `--positions` adds every product, divide, inverse and
tile_to_shape with one runtime leaf in each position of the first layout, shape or stride, the
size-1 modes included, up to 16 cases an operation; `--like` adds make_layout_like and
make_ordered_layout with runtime extents, strides and orders; `--fragments` the layout form of
make_fragment_like with runtime extents and strides.)
"""
import os
import random
import subprocess
import sys

import oracle_batch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESSEL = os.path.join(ROOT, "target", "debug", "tessel")
TSV = os.path.join(ROOT, "tests", "golden", "algebra_mixed.tsv")
TEST = os.path.join(ROOT, "tests", "golden_mixed.rs")
rng = random.Random(9)
OPS = {
    "coalesce": "coalesce",
    "composition": "composition",
    "complement": "complement",
    "logical_divide": "logical_divide",
    "zipped_divide": "zipped_divide",
    "tiled_divide": "tiled_divide",
    "flat_divide": "flat_divide",
}
# The rest of the algebra (added with --more): runtime shapes, static strides, so that CuTe
# answers (it rejects runtime strides in the complements products take).
MORE = {
    "logical_product": "logical_product",
    "zipped_product": "zipped_product",
    "tiled_product": "tiled_product",
    "flat_product": "flat_product",
    "blocked_product": "blocked_product",
    "raked_product": "raked_product",
    "tile_to_shape": "tile_to_shape",
    "right_inverse": "right_inverse",
    "left_inverse": "left_inverse",
}
# Compact orders (added with --like): checked against CuTe's answer alone (tessel's runtime layer
# has no runtime leaves to order after the static ones).
LIKE = {
    "make_layout_like": "make_layout_like",
    "make_ordered_layout": "make_ordered_layout",
    "make_fragment_like": "ordered::make_fragment_like",
}


def rust_fn(op, args):
    if op == "coalesce" and len(args) == 2:
        return "coalesce::coalesce_by"
    return {**OPS, **MORE, **LIKE}[op]
DIVIDES = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"]


def parse(text):
    """An IntTuple: int, or a tuple of them. A leaf may carry '#' (runtime)."""
    pos = 0

    def value():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items = [value()]
            while text[pos] == ",":
                pos += 1
                items.append(value())
            assert text[pos] == ")"
            pos += 1
            return tuple(items)
        start = pos
        while pos < len(text) and (text[pos] in "#-" or text[pos].isdigit()):
            pos += 1
        return text[start:pos]

    v = value()
    assert pos == len(text), text
    return v


def split_layout(text):
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == ":" and depth == 0:
            return parse(text[:i]), parse(text[i + 1:])
    return parse(text), None


def fmt(t):
    return "(" + ",".join(fmt(x) for x in t) + ")" if isinstance(t, tuple) else t


def mark(t, p):
    if isinstance(t, tuple):
        return tuple(mark(x, p) for x in t)
    return "#" + t if rng.random() < p and not t.startswith("#") else t


def rust_leaf(leaf, side):
    if leaf.startswith("#"):
        return f"{leaf[1:]}{'usize' if side == 'shape' else 'isize'}"
    n = int(leaf)
    return f"n!({-n})" if n < 0 else f"s!({n})"


def rust_tuple(t, side):
    if isinstance(t, tuple):
        return "(" + "".join(rust_tuple(x, side) + ", " for x in t) + ")"
    return rust_leaf(t, side)


def rust_layout(text):
    s, d = split_layout(text)
    if d is None:
        return rust_tuple(s, "shape")
    return f"Layout::new({rust_tuple(s, 'shape')}, {rust_tuple(d, 'stride')})"


def rust_arg(text):
    """A layout, a shape or integer, or a tuple of layout tilers written `<a,b>` (the oracle's
    spelling)."""
    if text.startswith("<"):
        return "(" + "".join(rust_layout(t) + ", " for t in text[1:-1].split(",")) + ")"
    return rust_layout(text)


def matrix_cases():
    cases = []
    for _ in range(90):
        tm, tk = rng.choice([8, 16, 32, 64, 128]), rng.choice([4, 8, 16, 32])
        m, k = tm * rng.randint(1, 6), tk * rng.randint(1, 6)
        ld = rng.choice([m, m + rng.choice([0, 4, 8]), k])
        if rng.random() < 0.5:
            a = f"(#{m},#{k}):(1,#{max(ld, m)})"
        else:
            a = f"(#{m},#{k}):(#{max(ld, k)},1)"
        op = rng.choice(DIVIDES + ["composition"])
        tiler = rng.choice([f"({tm},{tk})", f"<{tm}:1,{tk}:1>"])
        cases.append((op, [a, tiler]))
    for _ in range(20):
        n = rng.choice([8, 16, 32, 64, 128])
        cases.append(("complement", [f"{n}:1", f"#{n * rng.randint(1, 9)}"]))
        cases.append(("zipped_divide", [f"#{n * rng.randint(1, 9)}:1", f"{n}"]))
    return cases


def arbitrary_cases():
    cases = []
    for line in open(os.path.join(ROOT, "tests", "golden", "algebra.tsv")).read().splitlines():
        if line.startswith("#"):
            continue
        op, *args, want = line.split("\t")
        if op not in OPS or want.startswith("compile_error") or len(args) > 2:
            continue
        if op == "complement" and len(args) == 1:
            continue
        if op == "coalesce" and len(args) == 2:
            continue
        s, d = split_layout(args[0])
        if d is None:
            continue
        p = rng.choice([0.3, 0.5, 1.0])
        s = mark(s, p)
        if op in ("coalesce", "composition") and rng.random() < 0.5:
            d = mark(d, p)
        cases.append((op, [f"{fmt(s)}:{fmt(d)}", *args[1:]]))
    return rng.sample(cases, 250)


def more_cases():
    cases = []
    for line in open(os.path.join(ROOT, "tests", "golden", "algebra.tsv")).read().splitlines():
        if line.startswith("#"):
            continue
        op, *args, want = line.split("\t")
        by_mode = op == "coalesce" and len(args) == 2
        if (op not in MORE and not by_mode) or want.startswith("compile_error"):
            continue
        s, d = split_layout(args[0])
        if d is None:
            continue
        rest = list(args[1:])
        if op == "tile_to_shape" and rng.random() < 0.5:
            rest[0] = fmt(mark(split_layout(rest[0])[0], 1.0))
        cases.append((op, [f"{fmt(mark(s, rng.choice([0.3, 0.5, 1.0])))}:{fmt(d)}", *rest]))
    return rng.sample(cases, min(len(cases), 150))


POSITIONAL = ["logical_product", "zipped_product", "tiled_product", "flat_product",
              "blocked_product", "raked_product", "logical_divide", "zipped_divide",
              "tiled_divide", "flat_divide", "left_inverse", "right_inverse", "tile_to_shape"]


def mark_at(t, k, counter):
    """t with its k-th leaf (in order) made runtime."""
    if isinstance(t, tuple):
        return tuple(mark_at(x, k, counter) for x in t)
    i = counter[0]
    counter[0] += 1
    return "#" + t if i == k else t


PER_OPERATION = 16


def positional_cases():
    pick = random.Random(5)
    per = {}
    for line in open(os.path.join(ROOT, "tests", "golden", "algebra.tsv")).read().splitlines():
        if line.startswith("#"):
            continue
        op, *args, want = line.split("\t")
        if op not in POSITIONAL or want.startswith("compile_error"):
            continue
        s, d = split_layout(args[0])
        if d is None:
            continue
        for k in range(len(leaves_of(s))):
            per.setdefault(op, []).append((op, [f"{fmt(mark_at(s, k, [0]))}:{fmt(d)}", *args[1:]]))
            per[op].append((op, [f"{fmt(s)}:{fmt(mark_at(d, k, [0]))}", *args[1:]]))
    cases = []
    for op, found in per.items():
        pick.shuffle(found)
        cases += found[:PER_OPERATION]
    return cases


def static_ties(t, zero_ties):
    """Whether two static leaves of the order t are equal (zeros counted when zero_ties): CuTe
    gives tied leaves one stride, tessel the left one first (tests/ordered.rs pins that)."""
    seen = [x for x in leaves_text(t) if not x.startswith("#") and (zero_ties or int(x) != 0)]
    return len(seen) != len(set(seen))


def leaves_text(t):
    return [y for x in t for y in leaves_text(x)] if isinstance(t, tuple) else [t]


def like_cases():
    pick = random.Random(13)
    cases = []
    for line in open(os.path.join(ROOT, "tests", "golden", "algebra.tsv")).read().splitlines():
        if line.startswith("#"):
            continue
        op, *args, want = line.split("\t")
        if want.startswith("compile_error"):
            continue
        if op == "make_fragment_like":
            s, d = split_layout(args[0])
            for p in [0.3, 0.6, 1.0]:
                marked = (mark_with(s, p, pick), mark_with(d, p / 2, pick))
                if not static_ties(marked[1], False):
                    cases.append(("make_layout_like", [f"{fmt(marked[0])}:{fmt(marked[1])}"]))
        elif op == "make_ordered_layout":
            s, o = split_layout(args[0])[0], split_layout(args[1])[0]
            for p in [0.3, 0.6, 1.0]:
                marked = (mark_with(s, p, pick), mark_with(o, p / 3, pick))
                if not static_ties(marked[1], True):
                    cases.append(("make_ordered_layout", [fmt(marked[0]), fmt(marked[1])]))
    return cases


def fragment_cases():
    """The layout form of make_fragment_like, CuTe's accepted cases with runtime leaves."""
    pick = random.Random(17)
    cases = []
    for line in open(os.path.join(ROOT, "tests", "golden", "algebra.tsv")).read().splitlines():
        op, *args, want = line.split("\t")
        if op != "make_fragment_like" or want.startswith("compile_error"):
            continue
        s, d = split_layout(args[0])
        # A runtime extent makes CuTe's answer the shape column-major; runtime strides alone
        # keep the ordered fragment (a runtime stride after every static one).
        for ps, pd in [(0.3, 0.15), (0.6, 0.3), (1.0, 0.5), (0.0, 0.5), (0.0, 1.0)]:
            marked = (mark_with(s, ps, pick), mark_with(d, pd, pick))
            # Zero strides order the rest modes here too (only mode 0 keeps its zeros).
            if not static_ties(marked[1], True):
                cases.append(("make_fragment_like", [f"{fmt(marked[0])}:{fmt(marked[1])}"]))
    return cases


def mark_with(t, p, pick):
    if isinstance(t, tuple):
        return tuple(mark_with(x, p, pick) for x in t)
    return "#" + t if pick.random() < p and not t.startswith("#") else t


def ask_cute(cases):
    """CuTe's raw answers (scripts/oracle_batch.py)."""
    return oracle_batch.ask(cases, raw=True)


def leaves_of(t):
    return [y for x in t for y in leaves_of(x)] if isinstance(t, tuple) else [int(t.lstrip("_#"))]


def function(text):
    """A layout's values on 0..size, from its printed form (with or without underscores)."""
    s, d = split_layout(text.replace("_", ""))
    shapes, strides = leaves_of(s), leaves_of(d)
    size = 1
    for n in shapes:
        size *= n
    out = []
    for i in range(min(size, 1 << 16)):
        at, rest = 0, i
        for k, (n, st) in enumerate(zip(shapes, strides)):
            c = rest if k == len(shapes) - 1 else rest % n
            at += c * st
            rest //= n
        out.append(at)
    return size, out


def widest(text):
    """The most elements of any tuple in CuTe's printed answer."""
    counts, most = [], 0
    for ch in text:
        if ch == "(":
            counts.append(1)
        elif ch == ")":
            most = max(most, counts.pop())
        elif ch == "," and counts:
            counts[-1] += 1
    return most


def main():
    if any(f in sys.argv for f in ["--from-tsv", "--more", "--positions", "--like", "--fragments"]):
        rows = [l.split("\t") for l in open(TSV).read().splitlines() if not l.startswith("#")]
        cases, out = [(r[0], r[1:-1]) for r in rows], [r[-1] for r in rows]
        for flag, make in [("--positions", positional_cases), ("--more", more_cases),
                           ("--like", like_cases), ("--fragments", fragment_cases)]:
            if flag in sys.argv:
                more = make()
                answers = ask_cute(more)
                with open(TSV, "a") as f:
                    for (op, args), want in zip(more, answers):
                        f.write("\t".join([op, *args, want]) + "\n")
                cases, out = cases + more, out + answers
    else:
        cases = matrix_cases() + arbitrary_cases()
        out = ask_cute(cases)
        with open(TSV, "w") as f:
            f.write("# op\targuments...\tCuTe's answer (--raw: _N static, N runtime)\n")
            for (op, args), want in zip(cases, out):
                f.write("\t".join([op, *args, want]) + "\n")
    checks = []
    for (op, args), want in zip(cases, out):
        # tessel's tuples have at most 12 elements (CuTe's flat_divide of a deep layout has more)
        if want.startswith("compile_error") or widest(want) > 12:
            continue
        rargs = ", ".join(rust_arg(a) for a in args)
        call = f"{rust_fn(op, args)}({rargs})"
        if op == "make_ordered_layout":  # an order is signed: its runtime leaves are isize
            call = f"{op}({rust_tuple(parse(args[0]), 'shape')}, {rust_tuple(parse(args[1]), 'stride')})"
        if op in LIKE:
            checks.append(f"    check(&{call}, {want!r});".replace("'", '"'))
            continue
        # Where tessel's runtime layer rejects the case (CuTe's answer breaks the definition),
        # the mixed one must reject it too, at run time, with the same words.
        plain = [a.replace("#", "") for a in args]
        run = subprocess.run([TESSEL, op, *plain], capture_output=True, text=True)
        if run.returncode != 0 and op in MORE:
            continue  # tessel rejects it statically (a compile error): the ui-tests cover those
        if run.returncode != 0:
            message = run.stderr.strip().removeprefix("error: ")
            checks.append(f"    rejected(|| {{ {call}; }}, {message!r});".replace("'", '"'))
        elif "inverse" not in op and function(want) != function(run.stdout.strip()):
            # CuTe's walk on unmerged runtime modes gave another function than the definition
            # (tessel's static answer): one of tessel's runtime checks must stop it.
            checks.append(f"    rejected_as(|| {{ {call}; }});")
        else:
            checks.append(f"    check(&{call}, {want!r});".replace("'", '"'))
    static = statically_rejected(checks)
    write_test([c for i, c in enumerate(checks) if i not in static])
    print(f"{len(cases)} cases, {len(checks)} answered by CuTe, {len(static)} of them rejected by "
          "tessel at compile time (a condition on static leaves fails)")


def write_test(checks):
    with open(TEST, "w") as f:
        f.write(HEADER)
        # Several tests of 20 checks: one debug-built function with all of them overflows the stack.
        for n, at in enumerate(range(0, len(checks), 20)):
            f.write(f"\n#[test]\n#[rustfmt::skip]\nfn mixed_layouts_match_cute_{n:02}() {{\n")
            f.write("\n".join(checks[at:at + 20]) + "\n}\n")


def statically_rejected(checks):
    """The checks tessel rejects at compile time: where the failing condition is on static leaves
    only, tessel's typed layer refuses the case with its headline (the runtime layer, which
    decided `rejected`, cannot tell which leaves are static). Any other compile error is a bug."""
    import re
    write_test(checks)
    build = subprocess.run(["cargo", "test", "--test", "golden_mixed", "--no-run",
                            "--message-format=short"], cwd=ROOT, capture_output=True, text=True)
    lines = {}
    for e in re.finditer(r"tests/golden_mixed\.rs:(\d+):\d+: error(\[E\d+\])?: (.*)", build.stderr):
        lines[int(e.group(1))] = e.group(3)
    bad = {n: m for n, m in lines.items() if not re.match(r"[a-z_]+: ", m)}
    assert not bad, f"compile errors without tessel's headline: {bad}"
    text = open(TEST).read().splitlines()
    return {i for i, c in enumerate(checks) if any(text[n - 1] == c for n in lines)}


HEADER = '''//! Generated by scripts/golden_mixed.py: layouts with runtime leaves through the typed algebra,
//! against CuTe's answers in tests/golden/algebra_mixed.tsv. CuTe's raw printing marks static
//! leaves `_N`, so each check also holds tessel to CuTe's choice of static and runtime leaves.

use tessel::*;

macro_rules! s {
    ($n:literal) => {
        C::<$n>::default()
    };
}
#[allow(unused_macros)]
macro_rules! n {
    ($n:literal) => {
        typenum::NInt::<C<$n>>::default()
    };
}

fn check<L: core::fmt::Display>(got: &L, want: &str) {
    assert_eq!(format!("{got:#}"), want);
}

/// The operation's runtime check (a `debug_assert!`, on in tests) stops it with `message`.
fn rejected(op: impl FnOnce() + std::panic::UnwindSafe, message: &str) {
    let payload = std::panic::catch_unwind(op).expect_err(message);
    assert_eq!(
        payload.downcast_ref::<String>().map(String::as_str),
        Some(message)
    );
}

/// CuTe's answer breaks the definition where a runtime mode cannot merge: one of tessel's
/// conditions on runtime values (composition's or complement's) stops the operation.
fn rejected_as(op: impl FnOnce() + std::panic::UnwindSafe) {
    let payload = std::panic::catch_unwind(op).expect_err("a runtime condition");
    let message = payload
        .downcast_ref::<String>()
        .expect("a condition's message");
    assert!(
        ["composition: ", "complement: "]
            .iter()
            .any(|p| message.starts_with(p)),
        "{message}"
    );
}
'''

if __name__ == "__main__":
    main()
