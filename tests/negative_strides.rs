//! The algebra on layouts with negative strides (reversed views), static and runtime, against
//! CuTe's answers (cute-oracle; CuTe prints a static -1 as `_-1`).

use tessel::dynamic::algebra::run;
use tessel::{layout, Coalesce, Composition, LogicalDivide, RightInverse};

fn prints<L: std::fmt::Display + Default>(want: &str) {
    assert_eq!(L::default().to_string(), want);
}

#[test]
fn negative_strides_match_cute() {
    prints::<Coalesce<layout!("(4,2):(-1,-4)")>>("8:-1");
    prints::<Coalesce<layout!("(2,4):(-2,1)")>>("(2,4):(-2,1)");
    prints::<Composition<layout!("(4,8):(-1,4)"), layout!("(2,4):(2,8)")>>("(2,4):(-2,8)");
    prints::<Composition<layout!("(8,4):(4,-1)"), layout!("4:2")>>("4:8");
    prints::<Composition<layout!("8:-1"), layout!("(2,4):(4,1)")>>("(2,4):(-4,-1)");
    prints::<LogicalDivide<layout!("(8,4):(-4,1)"), layout!("2:1")>>("(2,(4,4)):(-4,(-8,1))");
    prints::<RightInverse<layout!("(4,2):(-1,4)")>>("1:0");
    // Negative strides in B, the tiler.
    prints::<Composition<layout!("(4,8):(1,4)"), layout!("4:-1")>>("4:-1");
    prints::<Composition<layout!("(4,8):(1,4)"), layout!("(2,4):(-1,-8)")>>("(2,4):(-1,-8)");
    prints::<Composition<layout!("(8,4):(4,1)"), layout!("(2,2):(-2,8)")>>("(2,2):(-8,1)");
    prints::<Composition<layout!("16:-1"), layout!("(4,2):(-2,1)")>>("(4,2):(2,-1)");

    let cases = [
        ("coalesce", &["(4,2):(-1,-4)"][..], "8:-1"),
        (
            "composition",
            &["(4,8):(-1,4)", "(2,4):(2,8)"],
            "(2,4):(-2,8)",
        ),
        ("composition", &["8:-1", "(2,4):(4,1)"], "(2,4):(-4,-1)"),
        (
            "logical_divide",
            &["(8,4):(-4,1)", "2:1"],
            "(2,(4,4)):(-4,(-8,1))",
        ),
        ("right_inverse", &["(4,2):(-1,4)"], "1:0"),
        (
            "composition",
            &["(8,4):(4,1)", "(2,2):(-2,8)"],
            "(2,2):(-8,1)",
        ),
        ("composition", &["16:-1", "(4,2):(-2,1)"], "(4,2):(2,-1)"),
    ];
    for (op, args, want) in cases {
        assert_eq!(run(op, args).unwrap(), want, "{op} {args:?}");
    }
}

/// A negative stride on a mode of size 1 is filtered out before complement and left_inverse
/// walk, as in CuTe: static and runtime both answer (cute-oracle: `2:4` and `4:1`).
#[test]
fn a_negative_stride_of_a_size_1_mode_is_filtered_out() {
    use tessel::{layout, Complement, LeftInverse, C};
    type A = layout!("(1,4):(-2,1)");
    assert_eq!(<Complement<A, C<8>>>::default().to_string(), "2:4");
    assert_eq!(<LeftInverse<A>>::default().to_string(), "4:1");
    assert_eq!(run("complement", &["(1,4):(-2,1)", "8"]).unwrap(), "2:4");
    assert_eq!(run("left_inverse", &["(1,4):(-2,1)"]).unwrap(), "4:1");
}
