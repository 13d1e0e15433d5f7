#!/usr/bin/env python3
"""The main loop of each named kernel in a PTX file: the loop (a label and the backward branch to
it) that holds the most mma.sync, and how many instructions of each opcode it holds (what
BENCHMARKS.md's main-loop counts are).

Usage: python3 scripts/ptx_loop.py FILE.ptx KERNEL...
"""
import collections
import re
import sys


def kernel_lines(ptx, name):
    m = re.search(r"\.entry " + name + r"\((.*?)\n\}\n", ptx, re.S)
    return m.group(1).split("\n")


def main_loop(lines):
    labels = {}
    for i, line in enumerate(lines):
        m = re.match(r"^(\$L__\w+):", line.strip())
        if m:
            labels[m.group(1)] = i
    loops = []
    for i, line in enumerate(lines):
        m = re.search(r"bra(\.uni)?\s+(\$L__\w+);", line)
        if m and labels.get(m.group(2), i) < i:
            loops.append((labels[m.group(2)], i))
    return max(loops, key=lambda l: sum("mma.sync" in x for x in lines[l[0]:l[1]]))


def opcodes(lines):
    ops = collections.Counter()
    for line in lines:
        line = line.strip()
        if not line or line.startswith(("$", "//", "{", "}")) or line.endswith(":"):
            continue
        if line.startswith("@"):
            line = line.split(None, 1)[1]
        ops[line.split()[0].rstrip(";").split(".")[0]] += 1
    return ops


def main():
    ptx = open(sys.argv[1]).read()
    for name in sys.argv[2:]:
        lines = kernel_lines(ptx, name)
        first, last = main_loop(lines)
        ops = opcodes(lines[first:last + 1])
        print(name, "main loop:", sum(ops.values()), "instructions", dict(ops.most_common()))


if __name__ == "__main__":
    main()
