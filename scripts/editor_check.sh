#!/usr/bin/env bash
# editor_check.sh [CHECKOUT]: the types rust-analyzer infers for a small user crate's results.
#
# The crate names every public alias and value-level operation, a tensor, a partition and a
# TiledMma (the cases of ../shared/tools/editor-check). rust-analyzer's trait solver gives up
# past a fixed depth (50 in 1.95), and a result it gives up on shows as `{unknown}` in the
# editor; scripts/solver_depth.py measures each case's depth (a rust-analyzer built with the
# limit at 128 infers all of them: docs/benchmarks-history.md, 2026-12-05). This fails if a result binding's
# type has `{unknown}` in it, except the cases in KNOWN below (each with its measured depth).
# (rust-analyzer 1.95 also reports the literal in `C<24>` as of unknown type, a bug of its own,
# rust-lang/rust-analyzer#20294: that is not a result and is not counted here.)
set -euo pipefail
checkout=$(cd "${1:-.}" && pwd)
command -v rust-analyzer >/dev/null && rust-analyzer --version >/dev/null 2>&1 \
    || rustup component add rust-analyzer >/dev/null 2>&1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/src"
cat > "$dir/Cargo.toml" <<TOML
[package]
name = "editor-check"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
tessel = { path = "$checkout" }
[workspace]
TOML
cat > "$dir/src/main.rs" <<'RS'
#![allow(unused)]
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::*;
type A = layout!("(6,2):(8,2)");
type M = layout!("(16,8):(1,16)");
fn main() {
    let r01 = <Composition<A, layout!("(4,3):(3,1)")>>::default();
    let r02 = <Complement<layout!("4:2"), C<24>>>::default();
    let r03 = <Coalesce<layout!("(2,(1,6)):(1,(6,2))")>>::default();
    let r04 = <LogicalDivide<layout!("24:1"), layout!("4:2")>>::default();
    let r05 = <ZippedDivide<M, tiler!("(2,2)")>>::default();
    let r06 = <TiledDivide<M, tiler!("(2,2)")>>::default();
    let r07 = <FlatDivide<M, tiler!("(2,2)")>>::default();
    let r08 = <LogicalProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();
    let r09 = <ZippedProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();
    let r10 = <BlockedProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();
    let r11 = <RakedProduct<layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)")>>::default();
    let r12 = <TileToShape<layout!("(8,8):(8,1)"), shape!("(32,16)")>>::default();
    let r13 = <RightInverse<layout!("(4,8):(8,1)")>>::default();
    let r14 = <LeftInverse<layout!("(4,8):(8,1)")>>::default();
    let r15 = composition(layout!("(10,2):(16,4)"), layout!("(5,4):(1,5)"));
    let r16 = zipped_divide(layout!("(16,8):(1,16)"), <shape!("(2,2)")>::default());
    let r17 = logical_product(layout!("(2,2):(1,2)"), layout!("(3,4):(1,3)"));
    let i01 = r01.call(3usize);
    let i02 = r05.call((1usize, 2usize));
    let s01 = r01.to_string();
    let s02 = r15.to_string();
    let (m, k) = (256usize, 64usize);
    let r18 = zipped_divide(layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = m), (C::<128>::default(), C::<32>::default()));
    let data = vec![0f32; 128 * 64];
    let t = Tensor::new(&data[..], layout!("(128,64):(64,1)"));
    let r19 = local_tile(t, <shape!("(32,16)")>::default(), (1usize, 2usize));
    let r20 = local_partition(r19, layout!("(8,4):(4,1)"), 5);
    let v01 = r20[(0usize, 1usize)];
    let r23 = make_layout_like(layout!("(M,4,N):(S,1,T)"; M = m, N = k, S = 16, T = 4));
    let r24 = make_ordered_layout((m, C::<4>::default()), (C::<1>::default(), C::<0>::default()));
    let r25 = ordered::make_fragment_like(layout!("((2,N),3):((1,2),8)"; N = k));
    type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
    let r21 = <Mma as TiledMma>::LayoutCTV::default();
    let r22 = Mma::get_slice(3).partition_A(t);
    let s03 = r22.layout().to_string();
}
RS
# Not inferred yet: a TiledMma's TV layouts, and so the layout of its partitions, need a solver
# depth of 68 (scripts/solver_depth.py).
KNOWN="r21 r22 s03"
(cd "$dir" && cargo check -q) || { echo "editor_check: the user crate does not compile"; exit 1; }
log=$(cd "$dir" && rust-analyzer -v -v analysis-stats . -o main 2>&1)
bad=() ; fixed=() ; total=0
while IFS= read -r entry; do
    line=${entry%%:*} name=${entry#*:}
    total=$((total + 1))
    col=8 # "    let ": the binding's name starts here
    ty=$(echo "$log" | grep -aE "^${line}:${col}-${line}:[0-9]+: " | head -1 | cut -d' ' -f2- || true)
    case " $KNOWN " in
        *" $name "*) [[ -n "$ty" && "$ty" != *"{unknown}"* ]] && fixed+=("$name") ;;
        *) [[ -z "$ty" || "$ty" == *"{unknown}"* ]] && bad+=("$name: ${ty:-no type}") ;;
    esac
done < <(grep -nE '^    let [a-z0-9_]+ = ' "$dir/src/main.rs" | sed -E 's/^([0-9]+):    let ([a-z0-9_]+) = .*/\1:\2/')
for b in "${bad[@]+"${bad[@]}"}"; do echo "editor_check: not inferred: $b"; done
for f in "${fixed[@]+"${fixed[@]}"}"; do echo "editor_check: $f is inferred now: take it out of KNOWN"; done
known=$(echo $KNOWN | wc -w)
echo "editor_check: $((total - known - ${#bad[@]}))/$total results inferred, $known known not to be ($KNOWN)"
[ ${#bad[@]} -eq 0 ] && [ ${#fixed[@]} -eq 0 ]
