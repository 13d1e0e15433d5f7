//! Hostile input: every case that once crashed, hung or overflowed the runtime layer or the CLI
//! (found by hand, by ../shared/tools/fuzz-cli and by the cargo-fuzz targets in fuzz/), each now
//! an answer or an error value.

use tessel::dynamic::algebra::run;
use tessel::dynamic::parse::MAX_DEPTH;
use tessel::dynamic::{DynComposedLayout, DynLayout, Error};

/// The error text of `run(op, args)`, which must fail.
fn fails(op: &str, args: &[&str]) -> String {
    match run(op, args) {
        Ok(out) => panic!("{op} {args:?} answered {out}"),
        Err(e) => format!("{e:?}"),
    }
}

#[test]
fn overflow_is_an_error_value() {
    // complement of a layout of size i64::MAX: its own cosize is the cotarget; nothing is left.
    assert_eq!(
        run("complement", &["9223372036854775807:1"]).unwrap(),
        "1:0"
    );
    assert!(fails("tiled_divide", &["4294967297:8", "9223372036854775807"]).contains("Overflow"));
    assert!(fails(
        "complement",
        &["4:4611686018427387904", "9223372036854775807"]
    )
    .contains("Overflow"));
    // coalesce_x turns a trailing size-1 mode into a size-2 one, which may not fit.
    assert!(fails("composition", &["(2,1):(1,9223372036854775807)", "2:1"]).contains("Overflow"));
    // A cosize wider than i64 even where the span of each side fits.
    let wide = "(2,2):(4611686018427387904,-4611686018427387904)".parse::<DynLayout>();
    assert_eq!(wide, Err(Error::Overflow));
    // i64::MIN as a stride of a size-1 mode: valid, and the algebra takes it.
    assert_eq!(
        run("coalesce", &["(1,2):(-9223372036854775808,1)"]).unwrap(),
        "2:1"
    );
}

#[test]
fn zero_and_negative_arguments_are_errors() {
    assert!(fails("complement", &["(2,2):(1,2)", "0"]).contains("Cotarget"));
    assert!(fails("complement", &["(2,2):(1,2)", "-4"]).contains("Cotarget"));
    assert!(fails("tile_to_shape", &["(2,2):(1,2)", "(0,4)"]).contains("NotPositive"));
    assert!(fails("idx2crd", &["3", "(4,0)"]).contains("NotPositive"));
    let e = run("complement", &["4:-2", "16"]).unwrap_err().to_string();
    assert!(e.contains("negative stride -2"), "{e}");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for depth in [MAX_DEPTH + 1, 30_000] {
        let text = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        let e = text.parse::<DynLayout>().unwrap_err().to_string();
        assert!(e.contains("nested deeper than 32 levels"), "{e}");
        assert!(fails("size", &[&text]).contains("nested deeper"));
        let tiler = format!("{}1:1{}", "<".repeat(depth), ">".repeat(depth));
        assert!(fails("composition", &["8:1", &tiler]).contains("nested deeper"));
    }
    let deepest = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert_eq!(run("size", &[&deepest]).unwrap(), "1");
}

#[test]
fn huge_tables_are_refused_at_once() {
    assert!(fails("show", &["(2147483648,60)"]).contains("TableTooLarge"));
    assert!(fails("show", &["Sw<3,3,3> o 0 o (65536,2):(1,65536)"]).contains("TableTooLarge"));
    assert!(run("show", &["(256,256)"]).is_ok());
}

#[test]
fn call_takes_coordinates_inside_the_shape_only() {
    assert_eq!(run("call", &["(4,2)", "7"]).unwrap(), "7");
    assert!(fails("call", &["(4,2)", "8"]).contains("OutsideShape"));
    assert!(fails("call", &["(4,2)", "(4,1)"]).contains("OutsideShape"));
    assert!(fails("call", &["(4,2)", "(1,(1,1))"]).contains("OutsideShape"));
    assert!(fails("call", &["(4,2)", "-1"]).contains("OutsideShape"));
    assert!(fails("call", &["Sw<1,0,1> o 0 o (4,2)", "(4,1)"]).contains("OutsideShape"));
}

#[test]
fn composed_layouts_with_negative_indices_are_errors() {
    let c: DynComposedLayout = "Sw<1,0,1> o 0 o (2,2):(-1,1)".parse().unwrap();
    assert_eq!(c.show().err(), Some(Error::NegativeIndex));
    assert_eq!(c.print_layout().err(), Some(Error::NegativeIndex));
    let shifted: DynComposedLayout = "Sw<1,0,1> o 1 o (2,2):(-1,1)".parse().unwrap();
    assert!(shifted.show().is_ok());
}
