//! The `tessel` binary: results in CuTe's notation, errors that point into the argument, exit 1.

use std::process::Command;

fn tessel(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(args)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

/// Each command succeeds and prints the expected line, nothing on stderr.
fn prints(cases: &[(&[&str], &str)]) {
    for (args, want) in cases {
        let (code, out, err) = tessel(args);
        assert_eq!(
            (code, out.trim_end(), err.as_str()),
            (0, *want, ""),
            "{args:?}"
        );
    }
}

#[test]
fn operations_print_cute_notation() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["composition", "(6,2):(8,2)", "(4,3):(3,1)"],
            "((2,2),3):((24,2),8)",
        ),
        (
            &["composition", "(10,2):(16,4)", "(5,4):(1,5)"],
            "(5,(2,2)):(16,(80,4))",
        ),
        (&["complement", "(2,2):(1,6)", "24"], "(3,2):(2,12)"),
        (
            &["logical_divide", "(4,2,3):(2,1,8)", "4:2"],
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            &["zipped_divide", "(16,8):(1,16)", "(2,2)"],
            "((2,2),(8,4)):((1,16),(2,32))",
        ),
        (
            &["zipped_divide", "(16,8):(1,16)", "(16,2)"],
            "((16,2),(1,4)):((1,16),(0,32))",
        ),
        (
            &["blocked_product", "(2,5):(5,1)", "(3,4):(1,3)"],
            "((2,3),(5,4)):((5,10),(1,30))",
        ),
        (
            &["raked_product", "(2,5):(5,1)", "(3,4):(1,3)"],
            "((3,2),(4,5)):((10,5),(30,1))",
        ),
        (
            &["composition", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>"],
            "(3,(2,4)):(236,(26,1))",
        ),
        (&["size", "(4,(2,4)):(2,(1,8))"], "32"),
        (&["cosize", "(4,8):(-8,1)"], "32"),
        (&["call", "(4,(2,4)):(2,(1,8))", "(1,5)"], "19"),
        (&["call", "(4,(2,4)):(2,(1,8))", "5"], "3"),
    ];
    prints(cases);
}

#[test]
fn show_prints_the_table() {
    let (code, out, _) = tessel(&["show", "(2,(2,2)):(4,(2,1))"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(
        "(2,(2,2)):(4,(2,1))\n      0   1   2   3 \n    +---+---+---+---+\n 0  | 0 | 2 | 1 | 3 |"
    ));
}

#[test]
fn errors_point_into_the_text_and_exit_1() {
    let (code, out, err) = tessel(&["size", "(4,8 2)"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "error: argument 1: expected ',' or ')', found '2' at column 6\n  (4,8 2)\n       ^\n"
    );
    let (code, _, err) = tessel(&["composition", "(6,2):(8,2)", "4:4"]);
    assert_eq!(
        (code, err.as_str()),
        (
            1,
            "error: composition: the stride 4 does not divide the mode size 6 of A, and the walk goes on past that mode\n"
        )
    );
    let (code, _, err) = tessel(&["complement", "(4,8)", "x"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: argument 2: expected an integer or '(', found 'x' at column 1"),
        "{err}"
    );
    let (code, _, err) = tessel(&["composition", "(4,8)"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "error: usage: tessel composition LAYOUT TILER\n")
    );
    let (code, _, err) = tessel(&["frobnicate"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: unknown operation 'frobnicate'"));
}

#[test]
fn help_version_and_help_of_an_operation() {
    let (code, out, _) = tessel(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("tessel composition LAYOUT TILER") && out.contains("tessel help [OP]"));
    let (code, out, _) = tessel(&["--version"]);
    assert_eq!((code, out.as_str()), (0, "tessel 0.1.0\n"));
    let (code, out, _) = tessel(&["help", "complement"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("usage: tessel complement LAYOUT [COTARGET]\n\nthe layout of A's"));
    let (code, _, err) = tessel(&["help", "nothing"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: unknown operation 'nothing'"));
}

#[test]
fn show_of_rank_1_and_rank_3_and_coordinates() {
    let (code, out, _) = tessel(&["show", "4:2"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "4:2\n      0   1   2   3 \n    +---+---+---+---+\n 0  | 0 | 2 | 4 | 6 |\n    +---+---+---+---+\n"
    );
    let (code, out, _) = tessel(&["show", "(2,2,2):(4,2,1)"]);
    assert_eq!(code, 0);
    assert!(out.contains(" 0  | 0 | 2 | 1 | 3 |\n"), "{out}");
    assert!(out.contains(" 1  | 4 | 6 | 5 | 7 |\n"), "{out}");
    let cases: &[(&[&str], &str)] = &[
        (&["idx2crd", "16", "(3,(2,3))"], "(1,(1,2))"),
        (&["idx2crd", "(1,5)", "(3,(2,3))"], "(1,(1,2))"),
        (&["crd2idx", "(1,(1,2))", "(3,(2,3))", "(3,(12,1))"], "17"),
        (&["crd2idx", "5", "(4,8)"], "5"),
    ];
    prints(cases);
    let (code, _, err) = tessel(&["call", "(4,2)", "(4,1)"]);
    assert_eq!(code, 1);
    assert!(err.contains("lies outside the shape"), "{err}");
}

#[test]
fn long_arguments_are_cut_around_the_error() {
    let deep = format!("{}1{}", "(".repeat(500), ")".repeat(500));
    let (code, _, err) = tessel(&["size", &deep]);
    assert_eq!(code, 1);
    assert!(err.len() < 400, "{err}");
    assert!(err.contains("nested deeper than 32 levels"));
}

#[test]
fn svg_draws_to_stdout_or_a_file() {
    let (code, out, err) = tessel(&["svg", "(4,8):(1,4)"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("<svg") && out.trim_end().ends_with("</svg>"));
    assert_eq!(out.matches("class=\"cell\"").count(), 32);
    let (code, out, _) = tessel(&["svg", "--tv", "((4,8),2):((32,1),8)", "--tile", "(8,16)"]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("class=\"cell\"").count(), 64);
    assert!(out.contains("64 cells no thread reaches (blank)"));
    let (code, out, _) = tessel(&["svg", "--divide", "(8,8)", "(2,4)"]);
    assert_eq!((code, out.matches("class=\"cell\"").count()), (0, 64));
    let (code, out, _) = tessel(&["svg", "Sw<3,3,3> o 0 o (8,64):(64,1)"]);
    assert_eq!((code, out.matches("class=\"cell\"").count()), (0, 512));

    let file = std::env::temp_dir().join(format!("tessel-svg-{}.svg", std::process::id()));
    let path = file.to_str().unwrap();
    let (code, out, err) = tessel(&["svg", "(2,2)", "-o", path]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    assert_eq!(
        std::fs::read_to_string(&file)
            .unwrap()
            .matches("class=\"cell\"")
            .count(),
        4
    );
    std::fs::remove_file(&file).unwrap();

    let (code, _, err) = tessel(&["svg", "--tv", "(2,2):(1,4)", "--tile", "2,2"]);
    assert_eq!(code, 1);
    assert!(err.contains("outside"), "{err}");
    let (code, _, err) = tessel(&["svg", "--tv", "(2,2):(1,4)", "--tile", "2"]);
    assert_eq!(code, 1);
    assert!(err.contains("argument 4"), "{err}");
    let (code, _, err) = tessel(&["svg", "(2,2)", "-o"]);
    assert_eq!((code, err.trim_end()), (1, "error: -o takes a file name"));
}
