#!/usr/bin/env python3
"""Checks the direction of the crate's imports (run by .ci/run). Every path a file of src/ names
(`crate::..`, `super::..`, a child module's, inside `use` trees or in code; a name a module
re-exports from its submodule counts as that submodule) may name only its own layer or a layer
below it, in the order

    arch < num < diagnostic < layout < algebra < swizzle < tensor < atom < kernel

The runtime layer stands beside them: each file of `dynamic/` sits in the layer of its static
twin (`dynamic::composition` beside `algebra::composition`), so it may use its twin's rules and
conditions, and a static file may use the runtime files of its own layer and below (to print).
Prints the edges that go up and the cycles between files, and exits 1 if an edge goes up or
files import each other in a circle (a module's use of its own submodules, its re-exports,
excepted)."""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
ORDER = ["arch", "num", "diagnostic", "layout", "algebra", "swizzle", "tensor", "atom", "kernel"]
TWIN = {
    "layout": ["", "int_tuple", "layout", "parse", "coord", "compact", "sublayout", "ordered"],
    "algebra": ["coalesce", "composition", "complement", "divide", "product", "inverse", "tiler"],
    "swizzle": ["swizzle", "composed", "svg", "algebra"],
}
DYNAMIC = {("dynamic::" + f).rstrip(":"): layer for layer, files in TWIN.items() for f in files}


def modules():
    found = {}
    for folder, _, files in os.walk(ROOT):
        for name in files:
            if name.endswith(".rs"):
                path = os.path.join(folder, name)
                rel = path[len(ROOT) + 1:-3].replace("/mod", "").replace("/", "::")
                found["" if rel == "lib" else rel] = path
    return found


def expand(tree):
    """`a::{b, c::{d as e}}` as the paths `a::b`, `a::c::d`."""
    tree = re.sub(r"\s+", " ", tree).strip()
    depth, start, parts = 0, 0, []
    for i, ch in enumerate(tree):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(tree[start:i])
            start = i + 1
    parts.append(tree[start:])
    paths = []
    for part in (p.strip() for p in parts if p.strip()):
        if "{" in part:
            head, rest = part.split("{", 1)
            paths += [head.replace(" ", "") + p for p in expand(rest[:rest.rindex("}")])]
        else:
            paths.append(part.split(" as ")[0].replace(" ", ""))
    return paths


def paths_in(text):
    """(path, whether a `pub use` re-exports it) for each path the file names."""
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', re.sub(r"//[^\n]*", "", text))
    found = []
    for m in re.finditer(r"\b(pub(?:\([a-z]+\))? )?use ([^;]+);", text):
        found += [(p, bool(m.group(1))) for p in expand(m.group(2))]
    code = re.sub(r"\buse [^;]+;", "", text)
    return found + [(p, False) for p in re.findall(r"\b((?:crate|super)(?:::[a-z_0-9]+)+)", code)]


def absolute(path, module, found):
    segs = path.split("::")
    here = module.split("::") if module else []
    if segs[0] == "crate":
        return segs[1:]
    if segs[0] in ("super", "self"):
        while segs and segs[0] in ("super", "self"):
            here = here[:-1] if segs[0] == "super" else here
            segs = segs[1:]
        return here + segs
    return here + segs if "::".join(here + segs[:1]) in found else None


def resolve(segs, found, reexports):
    for n in range(len(segs), 0, -1):
        m = "::".join(segs[:n])
        if m in found:
            return reexports.get((m, segs[n]), m) if n < len(segs) else m
    return None


def graph():
    found = modules()
    named = {m: paths_in(open(p).read()) for m, p in found.items()}
    reexports = {}
    for _ in range(3):  # a re-export of a re-export
        for m, paths in named.items():
            for path, public in paths:
                segs = absolute(path, m, found) if public else None
                target = segs and resolve(segs, found, reexports)
                if target and target.startswith(m + "::" if m else ""):
                    reexports[(m, segs[-1])] = target
    edges = {}
    for m, paths in named.items():
        segs = (absolute(p, m, found) for p, _ in paths)
        deps = {resolve(s, found, reexports) for s in segs if s}
        edges[m] = {d for d in deps if d and d != m and not d.startswith(m + "::")}
    return edges


def layer(m):
    name = DYNAMIC.get(m, m.split("::")[0])
    return ORDER.index(name) if name in ORDER else None


def main():
    edges = graph()
    ranked = {m: {d for d in ds if layer(d) is not None} for m, ds in edges.items() if layer(m) is not None}
    unplaced = sorted(m for m in edges if m.startswith("dynamic") and layer(m) is None)
    for m in unplaced:
        print(f"unplaced: {m} (give it a layer in TWIN)")
    up = [(m, d) for m, ds in sorted(ranked.items()) for d in sorted(ds) if layer(d) > layer(m)]
    for m, d in up:
        print(f"up: {m} -> {d}")
    print(f"{len(up)} imports go up")
    circles = cycles(ranked)
    for c in circles:
        print("cycle: " + " <-> ".join(c))
    print(f"{len(circles)} cycles among the files")
    return 1 if up or circles or unplaced else 0


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
