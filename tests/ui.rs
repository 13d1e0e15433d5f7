//! Compile-fail cases: each file in ui-tests/ must fail to compile with the message beside it.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("ui-tests/*.rs");
}
