#!/usr/bin/env python3
"""Checks the direction of the crate's imports (run by .ci/run): every `crate::` path in a file of
src/ may name only its own layer or a layer below it, in the order

    arch < num < diagnostic < layout < algebra < swizzle < tensor < atom

(`dynamic`, the runtime layer, stands beside them and is listed, not checked). Prints the edges
that go up and the cycles between files, and exits 1 if an edge goes up or files of the static
layers import each other in a circle (a module and its own submodule excepted: `layout` holds
`Layout`, `layout::compact` builds on it and `layout` re-exports it)."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
ORDER = ["arch", "num", "diagnostic", "layout", "algebra", "swizzle", "tensor", "atom"]


def modules():
    found = {}
    for folder, _, files in os.walk(ROOT):
        for name in files:
            if name.endswith(".rs"):
                path = os.path.join(folder, name)
                rel = path[len(ROOT) + 1:-3].replace("/mod", "").replace("/", "::")
                found["" if rel == "lib" else rel] = path
    return found


def resolve(path, found):
    parts = path.split("::")
    while parts:
        if "::".join(parts) in found:
            return "::".join(parts)
        parts.pop()
    return None


def main():
    found = modules()
    edges = {}
    for module, path in found.items():
        text = re.sub(r"//.*", "", open(path).read())
        deps = {resolve(p, found) for p in re.findall(r"crate::((?:[a-z_0-9]+::)*[a-z_0-9]+)", text)}
        edges[module] = {d for d in deps if d and d != module}
    layer = lambda m: ORDER.index(m.split("::")[0]) if m.split("::")[0] in ORDER else None
    up = [(m, d) for m, ds in sorted(edges.items()) for d in sorted(ds)
          if layer(m) is not None and layer(d) is not None and layer(d) > layer(m)]
    for m, d in up:
        print(f"up: {m} -> {d}")
    beside = sorted((m, d) for m, ds in edges.items() for d in ds
                    if "dynamic" in (m.split("::")[0], d.split("::")[0]) and m.split("::")[0] != d.split("::")[0])
    print(f"{len(beside)} imports between dynamic and the static layers (not checked)")
    print(f"{len(up)} imports go up")
    static = {m: {d for d in ds if layer(d) is not None} for m, ds in edges.items() if layer(m) is not None}
    circles = [c for c in cycles(static) if not (len(c) == 2 and c[1].startswith(c[0] + "::"))]
    for c in circles:
        print("cycle: " + " <-> ".join(c))
    print(f"{len(circles)} cycles among the static layers' files")
    return 1 if up or circles else 0


def cycles(edges):
    """The strongly connected components of more than one file (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


if __name__ == "__main__":
    sys.exit(main())
