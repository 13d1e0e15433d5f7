#!/usr/bin/env python3
"""Writes the rows of the SM90 wgmma tables: every N from 8 to 256 in steps of 8.

The wgmma instructions `m64nNk16` take N/2 accumulator registers a thread, listed one by one in
the `asm!` template, and the atoms' layouts change with N; so the three tables that list them
(src/arch/sm90.rs: the instructions, src/atom/mma.rs: the atoms' layouts, src/atom/exec/sm90.rs:
which instruction an atom runs) are rows generated here, between `// sm90_tables.py: begin` and
`// sm90_tables.py: end` in each table: f16 and bf16 (`k16`, SS and RS) and e4m3 (`k32`, SS).
A dev tool, not part of CI: run it after changing the rows' format, then `cargo fmt`.
"""
import os
import re

ROOT = os.path.join(os.path.dirname(__file__), "..")
NS = range(8, 257, 8)
TYPES = (("F16", "f16", "F16F16"), ("BF16", "bf16", "BF16BF16"))


def regs(n):
    return n // 2


def indices(lo, hi):
    return " ".join(str(i) for i in range(lo, hi))


def arch_ss():
    for _, ty, _ in TYPES:
        for n in NS:
            r = regs(n)
            yield (f'    wgmma_m64n{n}k16_f32_{ty}, "m64n{n}k16", "{ty}", ", 0, 0", {r}, '
                   f'[{indices(0, r)}], {r}, {r + 1}, {r + 2};')
    for n in NS:  # e4m3: K-major only, no transpose immediates
        r = regs(n)
        yield (f'    wgmma_m64n{n}k32_f32_e4m3, "m64n{n}k32", "e4m3", "", {r}, '
               f'[{indices(0, r)}], {r}, {r + 1}, {r + 2};')


def arch_rs():
    for _, ty, _ in TYPES:
        for n in NS:
            r = regs(n)
            yield (f'    wgmma_m64n{n}k16_f32_{ty}_rs, "m64n{n}k16", "{ty}", {r}, [{indices(0, r)}], '
                   f'[{indices(r, r + 4)}], {r + 4}, {r + 5};')


A_SS = "(128,(64,16)):(0,(1,64))"
A_RS = "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"


def atoms():
    for form, a in (("SS", A_SS), ("RS", A_RS)):
        for elem, _, name in TYPES:
            for n in NS:
                yield (f'    SM90_64x{n}x16_F32{name}_{form}: (f32, {elem}, {elem}, f32) "(64,{n},16)" '
                       f'"128:1" "{a}" "(128,({n},16)):(0,(1,{n}))" '
                       f'"((4,8,4),(2,2,{n // 8})):((128,1,16),(64,8,512))";')


def exec_ss():
    for _, ty, name in TYPES:
        for n in NS:
            yield f"    SM90_64x{n}x16_F32{name}_SS, {regs(n)}, wgmma_m64n{n}k16_f32_{ty};"
    for n in NS:
        yield f"    SM90_64x{n}x32_F32E4M3E4M3_SS_TN, {regs(n)}, wgmma_m64n{n}k32_f32_e4m3;"


def atoms_tn():
    for n in NS:
        yield (f'    SM90_64x{n}x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,{n},32)" "128:1" '
               f'"(128,(64,32)):(0,(1,64))" "(128,({n},32)):(0,(1,{n}))" '
               f'"((4,8,4),(2,2,{n // 8})):((128,1,16),(64,8,512))";')


def exec_rs():
    for elem, ty, name in TYPES:
        for n in NS:
            yield f"    SM90_64x{n}x16_F32{name}_RS, {elem}, {regs(n)}, wgmma_m64n{n}k16_f32_{ty}_rs;"


def rewrite(path, blocks):
    """Replaces the rows between each pair of markers, in order, by the next block's rows."""
    full = os.path.join(ROOT, path)
    text = open(full).read()
    pattern = re.compile(r"(// sm90_tables\.py: begin\n)(.*?)(\s*// sm90_tables\.py: end)", re.S)
    found = pattern.findall(text)
    assert len(found) == len(blocks), f"{path}: {len(found)} marked tables, {len(blocks)} blocks"
    it = iter(blocks)
    text = pattern.sub(lambda m: m.group(1) + "\n".join(next(it)()) + m.group(3), text)
    open(full, "w").write(text)


rewrite("src/arch/sm90.rs", [arch_ss, arch_rs])
rewrite("src/atom/mma.rs", [atoms, atoms_tn])
rewrite("src/atom/exec/sm90.rs", [exec_ss, exec_rs])
