//! Compile-fail cases: each file in ui-tests/ must fail to compile with the message beside it,
//! and every message must read as one error in decimal: a single error, headed by tessel's own
//! words (not rustc's "the trait bound ... is not satisfied"), with no typenum number or
//! type-level list in its first 20 lines.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("ui-tests/*.rs");
}

/// What a message must not show in its first 20 lines: typenum's binary numbers and tessel's
/// internal lists.
const UNREADABLE: &[&str] = &["UInt<", "NInt<", "UTerm", "Cons<", "B1", "B0"];

/// A `Layout<S, D>` type written by hand with a stride of another profile or a zero in the shape:
/// the headline is tessel's, but rustc's help line prints the shape type that fails the struct's
/// bound, in typenum's spelling (the `layout!` and `shape!` macros reject the same text with a
/// message and a column).
const HAND_WRITTEN_LAYOUT_TYPES: &[&str] = &[
    "not_congruent.stderr",
    "gen_layout_not_congruent.stderr",
    "zero_shape_type.stderr",
    "gen_layout_zero_shape.stderr",
];

/// A refused layout of basis strides (an identity tensor's, as a tiler): tessel's headline, help
/// and note come first; rustc's note that follows names the layout's type in typenum's spelling.
const REFUSED_LAYOUT_NAMED: &[&str] = &["basis_stride_in_a_tiler.stderr"];

#[test]
fn every_message_reads_as_one_error_in_decimal() {
    let mut checked = 0;
    for entry in std::fs::read_dir("ui-tests").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "stderr") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display();
        let errors = text.lines().filter(|l| l.starts_with("error")).count();
        assert_eq!(errors, 1, "{name}: {errors} errors\n{text}");
        let head: Vec<&str> = text.lines().take(20).collect();
        let file = path.file_name().unwrap().to_str().unwrap();
        let words = if HAND_WRITTEN_LAYOUT_TYPES.contains(&file) {
            &head[..1]
        } else if REFUSED_LAYOUT_NAMED.contains(&file) {
            let named = head.iter().position(|l| l.contains("required for `"));
            &head[..named.unwrap_or(head.len())]
        } else {
            &head[..]
        };
        for word in UNREADABLE {
            assert!(
                !words.iter().any(|l| l.contains(word)),
                "{name} shows {word}:\n{text}"
            );
        }
        assert!(
            !head[0].contains("the trait bound"),
            "{name}: rustc's own headline\n{text}"
        );
        checked += 1;
    }
    assert!(checked >= 80, "only {checked} messages");
}
