#!/usr/bin/env python3
"""The cases of benches/runtime_algebra.rs through pycute (CuTe's Python reference, installed by
cute-oracle), in operations per second (median of 5 rounds). A dev tool, not run by CI.
Usage: python3 scripts/bench_pycute.py"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.expanduser("~/.cache/cute-oracle/site"))
from pycute import Layout, complement, composition, logical_divide  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tup(text):
    return eval(text.replace(")", ",)")) if text.startswith("(") else int(text)


def layout(text):
    if ":" not in text:
        return tup(text)
    shape, stride = text.split(":")
    return Layout(tup(shape), tup(stride))


def cases():
    src = open(os.path.join(ROOT, "benches", "runtime_algebra.rs")).read()
    return re.findall(r'\("(\w+)", "([^"]+)", "([^"]+)"\)', src)


def main():
    ops = {"composition": composition, "complement": complement, "logical_divide": logical_divide}
    print(f"{'operation':<16} {'A':<34} {'B':<16} {'ops/s':>12}")
    for op, a, b in cases():
        f, x, y = ops[op], layout(a), layout(b)
        n = 2000
        rounds = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(n):
                f(x, y)
            rounds.append(n / (time.perf_counter() - start))
        print(f"{op:<16} {a:<34} {b:<16} {sorted(rounds)[2]:>12.0f}")


if __name__ == "__main__":
    main()
