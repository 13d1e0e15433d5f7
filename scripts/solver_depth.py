#!/usr/bin/env python3
"""The trait solver's depth that each result of a small user crate needs.

rust-analyzer's trait solver gives up on a goal nested deeper than a fixed limit (50 in
rust-analyzer 1.95; rustc's default `recursion_limit` is 128), and the result shows as
`{unknown}` in the editor. rustc's next solver counts depth the same way and honours
`#![recursion_limit]`, so this script asks it: for each case (the results that
`../shared/tools/editor-check` asks rust-analyzer about), the least limit at which
`cargo +nightly check` with `-Znext-solver=globally` accepts it. A case at 48 or less is
inferred by rust-analyzer 1.95 (measured: 48 passes, 49 and 50 may not).

Usage: python3 scripts/solver_depth.py [CHECKOUT] [--max N]
Needs a nightly toolchain. Not part of CI (it compiles the crate about ten times).
"""
import os
import subprocess
import sys
import tempfile

HEAD = '''#![allow(unused)]
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::*;
type A = layout!("(6,2):(8,2)");
type M = layout!("(16,8):(1,16)");
type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
'''

CASES = [
    ("Composition", 'let r = <Composition<A, layout!("(4,3):(3,1)")>>::default();'),
    ("Complement", 'let r = <Complement<layout!("4:2"), C<24>>>::default();'),
    ("Coalesce", 'let r = <Coalesce<layout!("(2,(1,6)):(1,(6,2))")>>::default();'),
    ("LogicalDivide", 'let r = <LogicalDivide<layout!("24:1"), layout!("4:2")>>::default();'),
    ("ZippedDivide", 'let r = <ZippedDivide<M, tiler!("(2,2)")>>::default();'),
    ("TiledDivide", 'let r = <TiledDivide<M, tiler!("(2,2)")>>::default();'),
    ("FlatDivide", 'let r = <FlatDivide<M, tiler!("(2,2)")>>::default();'),
    ("LogicalProduct", 'let r = <LogicalProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();'),
    ("BlockedProduct", 'let r = <BlockedProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();'),
    ("RakedProduct", 'let r = <RakedProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();'),
    ("TileToShape", 'let r = <TileToShape<layout!("(8,8):(8,1)"), shape!("(32,16)")>>::default();'),
    ("RightInverse", 'let r = <RightInverse<layout!("(4,8):(8,1)")>>::default();'),
    ("LeftInverse", 'let r = <LeftInverse<layout!("(4,8):(8,1)")>>::default();'),
    ("composition", 'let r = composition(layout!("(10,2):(16,4)"), layout!("(5,4):(1,5)")).to_string();'),
    ("zipped_divide", 'let r = zipped_divide(layout!("(16,8):(1,16)"), <shape!("(2,2)")>::default());'),
    ("zipped_divide mixed", 'let (m, k) = (256usize, 64usize); let r = zipped_divide(layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = m), (C::<128>::default(), C::<32>::default()));'),
    ("local_tile + local_partition + index", 'let d = vec![0f32; 128 * 64]; let t = local_tile(Tensor::new(&d[..], layout!("(128,64):(64,1)")), <shape!("(32,16)")>::default(), (1usize, 2usize)); let p = local_partition(t, layout!("(8,4):(4,1)"), 5); let v = p[(0usize, 1usize)];'),
    ("TiledMma::LayoutCTV", 'let r = <Mma as TiledMma>::LayoutCTV::default();'),
    ("partition_A layout", 'let d = vec![0f32; 128 * 64]; let r = Mma::get_slice(3).partition_A(Tensor::new(&d[..], layout!("(128,64):(64,1)"))).layout().to_string();'),
]


def failing(crate, limit):
    src = f'#![recursion_limit = "{limit}"]\n' + HEAD
    for i, (_, body) in enumerate(CASES):
        src += f"fn case{i}() {{ {body} }}\n"
    src += "fn main() {}\n"
    with open(os.path.join(crate, "src", "main.rs"), "w") as f:
        f.write(src)
    env = dict(os.environ, RUSTFLAGS="-Znext-solver=globally",
               CARGO_TARGET_DIR=os.path.join(crate, "target"))
    r = subprocess.run(["cargo", "+nightly", "check", "--message-format=short", "-q"],
                       cwd=crate, env=env, capture_output=True, text=True)
    lines = src.split("\n")
    bad = set()
    for line in r.stderr.split("\n"):
        if line.startswith("src/main.rs:"):
            text = lines[int(line.split(":")[1]) - 1]
            if not text.startswith("fn case"):
                sys.exit(f"solver_depth: the crate does not compile:\n{r.stderr[:2000]}")
            bad.add(int(text[len("fn case"):].split("(")[0]))
    return bad


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    top = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else 96
    checkout = os.path.abspath(args[0] if args else ".")
    with tempfile.TemporaryDirectory() as crate:
        os.mkdir(os.path.join(crate, "src"))
        with open(os.path.join(crate, "Cargo.toml"), "w") as f:
            f.write(f'[package]\nname = "depth"\nversion = "0.0.0"\nedition = "2021"\n'
                    f'[dependencies]\ntessel = {{ path = "{checkout}" }}\n[workspace]\n')
        # Bisect every case at once: each round checks one limit per distinct interval.
        lo = {i: 1 for i in range(len(CASES))}
        hi = {i: top + 1 for i in range(len(CASES))}  # hi: passes (top + 1: not seen)
        while any(hi[i] - lo[i] > 1 for i in lo):
            open_ = [i for i in lo if hi[i] - lo[i] > 1]
            limit = (lo[open_[0]] + hi[open_[0]]) // 2
            bad = failing(crate, limit)
            for i in lo:
                if lo[i] < limit < hi[i]:
                    if i in bad:
                        lo[i] = limit
                    else:
                        hi[i] = limit
        for i, (name, _) in enumerate(CASES):
            need = hi[i] if hi[i] <= top else f"> {top}"
            print(f"{name:40} {need}")


if __name__ == "__main__":
    main()
