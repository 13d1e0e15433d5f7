"""CuTe's answers to many cases at once, through ../shared/tools/cute-oracle (a dev tool).

The oracle's own --batch compiles one program, and when any case fails to compile, one program
per case. `ask` compiles 32 cases a program, two programs at a time, and splits a program that
does not compile in two until the case CuTe rejects stands alone.
"""
import functools
import importlib.machinery
import importlib.util
import os
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "cute-oracle")


@functools.cache
def load_oracle():
    """The oracle as a module (its argument spelling and its compile-and-run step), loaded once."""
    loader = importlib.machinery.SourceFileLoader("cute_oracle", ORACLE)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("cute_oracle", loader))
    loader.exec_module(module)
    return module


def ask(cases, raw):
    """CuTe's answers to `cases` ((op, [arg, ...]) pairs), one a case, "compile_error: ..." where
    CuTe rejects it; `raw` keeps the underscores of static integers."""
    oracle = load_oracle()
    return ask_cpp([f"{op}(" + ",".join(oracle.cpp_arg(a) for a in args) + ")" for op, args in cases],
                   raw)


def ask_cpp(exprs, raw):
    """What CuTe prints for each C++ expression over cute, as `ask` answers."""
    oracle = load_oracle()
    oracle.RAW = raw
    oracle.ensure_headers()

    def probe(part):
        lines, err = oracle.build_and_run(part)
        if lines is not None and len(lines) == len(part):
            return lines
        if len(part) == 1:
            return [f"compile_error: {err}"]
        return probe(part[:len(part) // 2]) + probe(part[len(part) // 2:])

    chunks = [exprs[at:at + 32] for at in range(0, len(exprs), 32)]
    with ThreadPoolExecutor(2) as pool:
        return [answer for part in pool.map(probe, chunks) for answer in part]
