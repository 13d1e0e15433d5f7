#!/usr/bin/env bash
# Regenerates the README's pictures with the CLI: bash scripts/pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p tessel-cli
t=target/debug/tessel
# A 128-byte-swizzled shared tile's smallest form: an 8x8 row-major tile under Sw<3,0,3>.
$t svg "Sw<3,0,3> o 0 o (8,8):(8,1)" -o docs/pictures/swizzled-tile.svg
# The C partition of MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, (2,2,1)> (its LayoutCTV, as
# tessel::atom::print::tiled_mma_svg draws it).
$t svg --tv "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))" --tile 32,16 \
  -o docs/pictures/sm80-tiled-mma-c.svg
