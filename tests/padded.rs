//! Layouts whose strides are not multiples of the reach below them (padded shared-memory tiles):
//! complement, the products and the divides take them as CuTe does, static and runtime, with
//! CuTe's answers (from cute-oracle; more in tests/golden/algebra_padded.tsv).

use tessel::dynamic::algebra::run;
use tessel::*;

#[test]
fn cutes_answers_at_the_type_level() {
    assert_eq!(
        <Complement<layout!("(4,6):(1,6)"), C<34>>>::default().to_string(),
        "1:0"
    );
    assert_eq!(
        <Complement<layout!("(4,2):(1,10)"), C<14>>>::default().to_string(),
        "2:4"
    );
    assert_eq!(
        <Complement<layout!("(2,2):(1,3)"), C<24>>>::default().to_string(),
        "4:6"
    );
    assert_eq!(
        <LogicalProduct<layout!("((4,6)):((1,6))"), layout!("(3):(1)")>>::default().to_string(),
        "(((4,6)),(3)):(((1,6)),(36))"
    );
    assert_eq!(
        <LogicalProduct<layout!("(32,32):(1,33)"), layout!("4:1")>>::default().to_string(),
        "((32,32),4):((1,33),1056)"
    );
    assert_eq!(
        <TileToShape<layout!("(32,32):(1,33)"), shape!("(64,64)")>>::default().to_string(),
        "((32,2),(32,2)):((1,1056),(33,2112))"
    );
    assert_eq!(
        blocked_product(layout!("(32,32):(1,33)"), layout!("(2,2):(1,2)")).to_string(),
        "((32,2),(32,2)):((1,1056),(33,2112))"
    );
}

#[test]
fn cutes_answers_at_run_time() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("complement", &["(4,6):(1,6)", "34"], "1:0"),
        ("complement", &["(4,2):(1,10)", "14"], "2:4"),
        ("complement", &["(2,2):(1,3)", "24"], "4:6"),
        (
            "logical_product",
            &["((4,6)):((1,6))", "(3):(1)"],
            "(((4,6)),(3)):(((1,6)),(36))",
        ),
        (
            "logical_product",
            &["(32,32):(1,33)", "4:1"],
            "((32,32),4):((1,33),1056)",
        ),
        (
            "tile_to_shape",
            &["(32,32):(1,33)", "(64,64)"],
            "((32,2),(32,2)):((1,1056),(33,2112))",
        ),
    ];
    for (op, args, want) in cases {
        assert_eq!(run(op, args).unwrap(), *want, "{op} {args:?}");
    }
}

#[test]
fn a_padded_tile_is_copied_without_overlap() {
    // The four copies of the padded tile touch 4 * 1024 distinct indices.
    let l = <TileToShape<layout!("(32,32):(1,33)"), shape!("(64,64)")>>::default();
    let mut seen = std::collections::HashSet::new();
    for i in 0..64 {
        for j in 0..64 {
            assert!(seen.insert(l.call((i, j))), "({i},{j}) repeats an index");
        }
    }
}
