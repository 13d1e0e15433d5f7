#!/usr/bin/env python3
"""Type-check time per operation: the cases of tests/golden_algebra_static.rs grouped by type alias,
one scratch test file per alias, `cargo check` timed five times (median) with incremental
compilation off, minus a 0.1 s empty-suite baseline, divided by the number of cases.
Also prints what the arithmetic costs alone (300 distinct operations on numbers up to 1024 per
file), typenum's operators beside tessel::nat's, which the algebra uses. A dev tool, not run by CI.
Usage: python3 scripts/bench_compile_ops.py
"""
import collections
import os
import random
import re
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, "tests", "zz_bench_scratch.rs")
os.environ["CARGO_INCREMENTAL"] = "0"


def check_ms_each(body, n):
    open(SCRATCH, "w").write(body)
    subprocess.run(["cargo", "check", "-q", "--test", "zz_bench_scratch"], cwd=ROOT, capture_output=True)
    times = []
    for _ in range(5):
        os.utime(SCRATCH)
        t0 = time.perf_counter()
        subprocess.run(["cargo", "check", "-q", "--test", "zz_bench_scratch"], cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - t0)
    return 1000 * (sorted(times)[2] - 0.1) / n


def main():
    try:
        src = open(os.path.join(ROOT, "tests", "golden_algebra_static.rs")).read()
        cases = re.findall(r"fn case_\d+\(\) \{\n(.*?)\n\}", src, re.S)
        by = collections.defaultdict(list)
        for c in cases:
            by[re.search(r"<([\w:]+)<", c).group(1).split("::")[-1]].append(c)
        print("operation          cases  ms per case")
        for op, cs in sorted(by.items()):
            body = "use tessel::*;\n" + "".join(f"fn c{i}() {{\n{c}\n}}\n" for i, c in enumerate(cs))
            body += "#[test]\nfn t() {" + "".join(f"c{i}();" for i in range(len(cs))) + "}\n"
            print(f"{op:18} {len(cs):5}  {check_ms_each(body, len(cs)):6.1f}", flush=True)
        rng = random.Random(1)
        pairs = [(rng.randint(2, 1024), rng.randint(2, 64)) for _ in range(300)]
        print("arithmetic alone (300 per file): ms per operation, typenum's and tessel::nat's")
        for op in ["Quot", "Mod", "Prod", "Sum", "Le"]:
            row = []
            for path in ["tessel::typenum", "tessel::nat"] if op != "Le" else ["tessel::typenum"]:
                lines = "\n".join(f"let _: {path}::{op}<C<{a}>, C<{b}>> = Default::default();"
                                  for a, b in pairs)
                body = f"use tessel::C;\n#[allow(dead_code)]\nfn f() {{\n{lines}\n}}\n"
                row.append(f"{check_ms_each(body, len(pairs)):6.2f}")
            print(f"{op:18} " + "  ".join(row), flush=True)
    finally:
        if os.path.exists(SCRATCH):
            os.remove(SCRATCH)


if __name__ == "__main__":
    main()
