//! The README's small kernel is the crate `gpu/example/kernel` (what `gpu/ptx.sh` builds and
//! `gpu/example/host` launches): its source, less its doc comments, stands in the README as is.

#[test]
fn the_readme_shows_the_example_kernel_whole() {
    let root = env!("CARGO_MANIFEST_DIR");
    let source = std::fs::read_to_string(format!("{root}/gpu/example/kernel/src/lib.rs")).unwrap();
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let code: Vec<&str> = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//!") && !l.trim_start().starts_with("///"))
        .collect();
    let code = code.join("\n");
    assert!(
        readme.contains(code.trim()),
        "README.md no longer shows gpu/example/kernel/src/lib.rs as it is:\n{code}"
    );
}
