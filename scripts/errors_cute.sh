#!/usr/bin/env bash
# What CuTe C++ answers to the mistakes docs/errors.md shows (cute-oracle; not part of CI):
#   bash scripts/errors_cute.sh > docs/errors-cute.txt
set -uo pipefail
oracle="$(dirname "$0")/../../shared/tools/cute-oracle"
case_() { echo "## $1"; shift; "$oracle" "$@" 2>&1 | sed "s|[^ ]*/include/cute/|cute/|" | head -5; echo; }
case_ "composition: shape divisibility" composition "(4,3):(2,9)" "6:1"
case_ "composition: stride divisibility" composition "(6,2):(8,2)" "4:4"
case_ "local_tile: a tile that does not divide" --cpp 'local_tile(make_tensor(make_gmem_ptr((float*)0), make_layout(make_shape(Int<256>{},Int<64>{}), LayoutRight{})), make_shape(Int<96>{},Int<8>{}), make_coord(0,0)).layout()'
case_ "a coordinate of the wrong rank" --cpp 'make_layout(make_shape(Int<4>{},Int<8>{}))(make_coord(1,2,3))'
case_ "copy: sizes differ" --cpp '[](){ auto s = make_tensor<float>(Shape<_4,_8>{}); auto d = make_tensor<float>(Shape<_4,_4>{}); copy(s, d); return 0; }()'
case_ "make_tiled_copy_A: the copy's element width is not the MMA's" --cpp 'make_tiled_copy_A(Copy_Atom<UniversalCopy<uint32_t>, float>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})).get_layoutS_TV()'
case_ "a bank-conflicting access (CuTe has no check: the layout it reads)" --cpp 'composition(make_layout(make_shape(Int<32>{},Int<32>{}), LayoutRight{}), make_layout(Int<32>{}))'
