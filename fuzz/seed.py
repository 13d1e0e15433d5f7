#!/usr/bin/env python3
"""Seeds the fuzz corpora from the golden data: each CuTe case becomes an input of `algebra`
(`OP\\nARG\\n...`) and of `cli`, and each argument an input of `parse`. A dev tool (README.md)."""
import hashlib
import os

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "tests", "golden")


def put(target, text):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(text.encode()).hexdigest()
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)


for file in ["algebra.tsv", "algebra_negative.tsv", "swizzle.tsv"]:
    for line in open(os.path.join(GOLDEN, file)):
        if line.startswith("#"):
            continue
        fields = line.rstrip("\n").split("\t")
        sized = [i for i, f in enumerate(fields) if f.startswith("size=")]
        fields = fields[: (sized[0] if sized else len(fields)) - 1]  # drop the answer
        put("algebra", "\n".join(fields))
        put("cli", "\n".join(fields))
        for arg in fields[1:]:
            put("parse", arg)
