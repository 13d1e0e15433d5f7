#!/usr/bin/env python3
"""Writes the generated compile-fail cases ui-tests/gen_*.rs: one per failure path of the public
aliases, value-level functions and foundation types (a dev tool; the cases and their .stderr are
checked in). (An alias is used as `let _: R = Default::default();`: rustc reports a failed projection twice,
at `R` and at `R::default`, when the alias is named in a path expression.) Regenerate with:
  python3 scripts/ui_cases.py && TRYBUILD=overwrite cargo test --test ui
tests/ui.rs checks every message: one error, numbers in decimal, no typenum or list types in
its first 20 lines.
"""
import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A type alias that must not compile, named by what fails.
ALIASES = {
    # composition: each condition, each kind of second argument
    "composition_stride_multiple": 'Composition<layout!("(4,6):(1,5)"), layout!("2:6")>',
    "composition_stride_divides_int_tiler": 'Composition<layout!("(6,2):(8,2)"), layout!("4:4")>',
    "composition_shape_int": 'Composition<layout!("(4,6):(1,5)"), C<6>>',
    "composition_shape_shape": 'Composition<layout!("((4,6),8):((1,5),40)"), shape!("(6,4)")>',
    "composition_shape_tuple": 'Composition<layout!("((4,6),8):((1,5),40)"), (C<6>, C<4>)>',
    "composition_shape_tiler": 'Composition<layout!("((4,6),8):((1,5),40)"), tiler!("<6:1,4:1>")>',
    "composition_carry_layout": 'Composition<layout!("(4,2):(1,8)"), layout!("(3,2):(1,3)")>',
    "composition_tiler_too_long": 'Composition<layout!("(4,8):(1,4)"), (C<2>, C<2>, C<2>)>',
    "composition_not_a_tiler": 'Composition<layout!("(4,8):(1,4)"), u32>',
    "composition_not_a_layout": 'Composition<u32, C<2>>',
    "complement_not_a_layout": 'Complement<u32, C<16>>',
    "logical_divide_not_a_layout": 'LogicalDivide<u32, C<2>>',
    "logical_product_not_a_layout": 'LogicalProduct<u32, C<2>>',
    # complement
    "complement_overlaps_int": 'Complement<layout!("(4,2):(1,2)"), C<16>>',
    "complement_overlaps_shape": 'Complement<layout!("(2,2):(2,3)"), shape!("(4,8)")>',
    "complement_negative_stride": 'Complement<layout!("4:-2"), C<16>>',
    "complement_zero_cotarget": 'Complement<layout!("4:1"), C<0>>',
    "complement_not_a_cotarget": 'Complement<layout!("4:1"), u32>',
    # divides: a tiler that overlaps itself, a failing composition, too many modes
    "logical_divide_tiler_overlaps": 'LogicalDivide<layout!("(8,8):(1,8)"), layout!("(2,2):(1,1)")>',
    "logical_divide_stride": 'LogicalDivide<layout!("(6,2):(8,2)"), layout!("4:4")>',
    "zipped_divide_shape": 'ZippedDivide<layout!("((4,6),8):((1,5),40)"), shape!("(6,4)")>',
    "tiled_divide_int": 'TiledDivide<layout!("(3,4):(4,1)"), layout!("6:2")>',
    "flat_divide_tuple": 'FlatDivide<layout!("((4,6),8):((1,5),40)"), (C<6>, C<4>)>',
    "zipped_divide_tiler_too_long": 'ZippedDivide<layout!("(16,8):(1,16)"), shape!("(2,2,2)")>',
    "logical_divide_tiler_macro": 'LogicalDivide<layout!("((4,6),8):((1,5),40)"), tiler!("<6:1,4:1>")>',
    # products: A overlaps itself, a failing composition, too many modes
    "logical_product_overlaps": 'LogicalProduct<layout!("(4,2):(1,2)"), layout!("3:1")>',
    "logical_product_composition": 'LogicalProduct<layout!("(2):(3)"), layout!("(4):(2)")>',
    "zipped_product_int": 'ZippedProduct<layout!("(4,2):(1,2)"), C<3>>',
    "tiled_product_shape": 'TiledProduct<layout!("((2,2),4):((1,1),4)"), shape!("(2,2)")>',
    "flat_product_tuple": 'FlatProduct<layout!("((2,2),4):((1,1),4)"), (C<2>, C<2>)>',
    "logical_product_tiler_too_long": 'LogicalProduct<layout!("(4,8):(1,4)"), shape!("(2,2,2)")>',
    "blocked_product_overlaps": 'BlockedProduct<layout!("(4,2):(1,2)"), layout!("(2,2):(1,2)")>',
    "raked_product_overlaps": 'RakedProduct<layout!("(4,2):(1,2)"), layout!("(2,2):(1,2)")>',
    "tile_to_shape_rank": 'TileToShape<layout!("(2,2,2):(1,2,4)"), shape!("(4,4)")>',
    "tile_to_shape_divides": 'TileToShape<layout!("(8,8):(8,1)"), shape!("(12,16)")>',
    # inverses and common layouts
    "left_inverse_negative": 'LeftInverse<layout!("(2,4,6):(-1,12,-2)")>',
    "left_inverse_divisibility": 'LeftInverse<layout!("(2,3):(3,2)")>',
    "max_common_layout_composition": 'inverse::MaxCommonLayout<layout!("(4,6):(1,5)"), layout!("(6,4):(4,1)")>',
    "max_common_vector_composition": 'inverse::MaxCommonVector<layout!("(4,6):(1,5)"), layout!("(6,4):(4,1)")>',
    "coalesce_by_profile_too_long": 'coalesce::CoalesceBy<layout!("(4,8):(1,4)"), shape!("(1,1,1)")>',
    # sublayouts, as aliases
    "sublayout_alias_index": 'Sublayout<layout!("(4,(3,6))"), (C<1>, C<2>)>',
    "select_alias_index": 'Select<layout!("(4,8):(1,4)"), (C<2>,)>',
    "take_alias_range": 'Take<layout!("(4,8):(1,4)"), C<0>, C<3>>',
    "group_alias_range": 'Group<layout!("(4,8):(1,4)"), C<1>, C<1>>',
    "replace_alias_index": 'Replace<layout!("(4,8):(1,4)"), C<2>, layout!("2:1")>',
}

# A statement in main() that must not compile.
STATEMENTS = {
    "value_composition": 'let _ = composition(layout!("(6,2):(8,2)"), layout!("4:4"));',
    "value_complement": 'let _ = complement(layout!("(4,2):(1,2)"), C::<16>::default());',
    "value_logical_divide": 'let _ = logical_divide(layout!("(6,2):(8,2)"), layout!("4:4"));',
    "value_zipped_divide": 'let _ = zipped_divide(layout!("((4,6),8):((1,5),40)"), <shape!("(6,4)")>::default());',
    "value_logical_product": 'let _ = logical_product(layout!("(4,2):(1,2)"), layout!("3:1"));',
    "value_blocked_product": 'let _ = blocked_product(layout!("(4,2):(1,2)"), layout!("(2,2):(1,2)"));',
    "value_tile_to_shape": 'let _ = tile_to_shape(layout!("(8,8):(8,1)"), <shape!("(12,16)")>::default());',
    "value_left_inverse": 'let _ = left_inverse(layout!("(2,3):(3,2)"));',
    "value_tiled_divide": 'let _ = tiled_divide(layout!("(3,4):(4,1)"), layout!("6:2"));',
    "value_flat_divide": 'let _ = flat_divide(layout!("(6,2):(8,2)"), layout!("4:4"));',
    "value_zipped_product": 'let _ = zipped_product(layout!("(4,2):(1,2)"), C::<3>::default());',
    "value_tiled_product": 'let _ = tiled_product(layout!("(2):(3)"), layout!("(4):(2)"));',
    "value_flat_product": 'let _ = flat_product(layout!("(4,2):(1,2)"), layout!("3:1"));',
    "value_raked_product": 'let _ = raked_product(layout!("(4,2):(1,2)"), layout!("(2,2):(1,2)"));',
    "value_complement_zero": 'let _ = complement(layout!("4:1"), C::<0>::default());',
    "coordinate_rank_3": 'let _ = layout!("(4,8):(1,4)").call((1, 2, 3));',
    "coordinate_rank_1_tuple": 'let _ = layout!("(4,(2,4)):(2,(1,8))").call((1, (2, 3, 4)));',
    "coordinate_not_an_integer": 'let _ = layout!("(4,8):(1,4)").call("1");',
    "call_negative_stride": 'let _ = layout!("8:-1").call(3);',
    "get_mode_out_of_range": 'let _ = layout!("(4,8):(1,4)").get::<C<2>>();',
    "select_mode_out_of_range": 'let _ = layout!("(4,8):(1,4)").select::<(C<0>, C<5>)>();',
    "take_range_out_of_range": 'let _ = layout!("(4,8):(1,4)").take::<1, 3>();',
    "take_range_empty": 'let _ = layout!("(4,8):(1,4)").take::<1, 1>();',
    "group_range_out_of_range": 'let _ = layout!("(4,8):(1,4)").group::<0, 3>();',
    "replace_mode_out_of_range": 'let _ = layout!("(4,8):(1,4)").replace::<2, _>(layout!("2:1"));',
    "conflict_free_negative_stride": 'tessel::assert_conflict_free!(layout!("(8,4):(-4,1)"), u32, layout!("32:1"), 1);',
    "layout_rank_13": 'let _ = layout!("(1,2,3,4,5,6,7,8,9,10,11,12,13)");',
    "layout_too_deep": 'let _ = layout!("' + "(" * 40 + "2" + ")" * 40 + '");',
}

# An item that must not compile.
ITEMS = {
    "swizzle_bits_too_many": "fn xor(_: Swizzle<9, 0, 9>) {}",
    "swizzle_in_composed": 'fn xor(_: ComposedLayout<Swizzle<3, 0, 2>, 0, layout!("(8,8):(8,1)")>) {}',
    "swizzle_in_composition": 'type S = Composition<Swizzle<2, 0, 1>, layout!("(8,8):(8,1)")>;\nfn f(_: S) {}',
    "c_out_of_range_alias": "fn f(_: C<1537>) {}",
    "layout_not_congruent": "fn f(_: Layout<(C<4>, C<8>), (C<1>,)>) {}",
    "layout_zero_shape": "fn f(_: Layout<(C<4>, C<0>)>) {}",
}


def main():
    for old in glob.glob(os.path.join(ROOT, "ui-tests", "gen_*.rs")):
        os.remove(old)
    files = {}
    for name, alias in ALIASES.items():
        files[name] = f"use tessel::*;\n\ntype R = {alias};\n\nfn main() {{\n    let _: R = Default::default();\n}}\n"
    for name, stmt in STATEMENTS.items():
        files[name] = f"use tessel::*;\n\nfn main() {{\n    {stmt}\n}}\n"
    for name, item in ITEMS.items():
        files[name] = f"use tessel::*;\n\n{item}\n\nfn main() {{}}\n"
    header = "// Generated by scripts/ui_cases.py.\n"
    for name, text in files.items():
        with open(os.path.join(ROOT, "ui-tests", f"gen_{name}.rs"), "w") as f:
            f.write(header + text)
    print(f"{len(files)} cases")


if __name__ == "__main__":
    main()
