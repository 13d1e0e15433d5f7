#!/usr/bin/env python3
"""What a library change does to each kernel's code, without a GPU: for two PTX builds, each
kernel whose PTX differs, its registers (ptxas -v, sm_90a), `setp` (compares) and instructions
(PTX lines, not counting no-op `bra.uni` to the next line), old / new:

    python3 gpu/ptx_counts.py OLD.ptx NEW.ptx [PTXAS]"""
import re
import subprocess
import sys


def counts(ptx, ptxas):
    text = open(ptx).read()
    log = subprocess.run([ptxas, "-arch=sm_90a", "-O3", "-v", ptx, "-o", "/dev/null"],
                         capture_output=True, text=True, check=True).stderr
    regs = dict(re.findall(r"Compiling entry function '(\w+)'.*?Used (\d+) registers", log, re.S))
    out = {}
    for m in re.finditer(r"\.entry (\w+)\((.*?)\n}\n", text, re.S):
        lines = [l.strip() for l in m.group(2).split("\n")]
        code = [l for i, l in enumerate(lines) if l and not l.startswith(("//", "$", "{", "}", "."))
                and not (l.startswith("bra.uni") and i + 1 < len(lines)
                         and lines[i + 1] == l.split()[-1].rstrip(";") + ":")]
        out[m.group(1)] = (int(regs[m.group(1)]), sum(l.startswith("setp") for l in code), len(code))
    return out


def main():
    ptxas = sys.argv[3] if len(sys.argv) > 3 else "ptxas"
    old, new = counts(sys.argv[1], ptxas), counts(sys.argv[2], ptxas)
    print("| kernel | registers | setp | instructions |\n| --- | --- | --- | --- |")
    for name in sorted(old.keys() & new.keys()):
        if old[name] != new[name]:
            print(f"| {name} | " + " | ".join(f"{o} / {n}" for o, n in zip(old[name], new[name])) + " |")


if __name__ == "__main__":
    main()
