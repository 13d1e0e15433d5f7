//! Zero cost: evaluating a layout, static or with runtime leaves (built, divided and called in
//! the function), compiles to the same machine code as the hand-written index arithmetic.
//! Builds `zero-cost/` in release mode with `--emit=asm` and compares each `tessel_*` function
//! with its `hand_*` twin, instruction for instruction (in any order: LLVM may schedule
//! independent instructions differently). LLVM may merge two identical functions into one
//! symbol (`tessel_x = hand_x`): that counts as the same code too.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// Builds the crate and returns its assembly. Cargo skips a build whose inputs have not changed,
/// and the assembly file is one of its outputs, so a missing file forces a clean build.
fn release_asm() -> String {
    asm_of("zero-cost", &[])
}

/// The assembly of a release build into `target/DIR` with rustc's extra `flags`.
fn asm_of(dir: &str, flags: &[&str]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = root.join("target").join(dir);
    let asm = target.join("zero_cost.s");
    let cargo = |args: &[&str]| {
        let status = Command::new(env!("CARGO"))
            .current_dir(root)
            .args(args)
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo {args:?} failed");
    };
    if !asm.exists() {
        cargo(&["clean", "--release", "-p", "tessel-zero-cost"]);
    }
    let emit = format!("--emit=asm={}", asm.display());
    let mut args = vec![
        "rustc",
        "--release",
        "-p",
        "tessel-zero-cost",
        "--lib",
        "--",
        &emit,
        "-C",
        "codegen-units=1",
    ];
    args.extend_from_slice(flags);
    cargo(&args);
    std::fs::read_to_string(&asm).unwrap()
}

/// What a symbol is: a body of instructions, or an alias of another symbol.
#[derive(Debug)]
enum Symbol {
    Body(Vec<String>),
    Alias(String),
}

/// The functions of the assembly, with their instructions (directives and comments dropped,
/// local labels renamed by order of appearance).
fn functions(asm: &str) -> HashMap<String, Symbol> {
    let mut out = HashMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in asm.lines() {
        let line = line.split('#').next().unwrap().trim();
        if let Some((name, target)) = line.split_once(" = ") {
            out.insert(name.to_string(), Symbol::Alias(target.to_string()));
        } else if line.starts_with(".Lfunc_end") || line.starts_with(".cfi_endproc") {
            if let Some((name, body)) = current.take() {
                out.insert(name, Symbol::Body(body));
            }
        } else if let Some(label) = line.strip_suffix(':') {
            if label.starts_with("tessel_") || label.starts_with("hand_") {
                current = Some((label.to_string(), Vec::new()));
            } else if let Some((_, body)) = current.as_mut() {
                body.push("label:".into());
            }
        } else if !line.is_empty() && !line.starts_with('.') {
            if let Some((_, body)) = current.as_mut() {
                body.push(normalize_labels(line));
            }
        }
    }
    out
}

/// Replaces local label names (`.LBB3_2`) with a placeholder: only the instructions count.
fn normalize_labels(line: &str) -> String {
    line.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| if t.starts_with(".L") { ".L" } else { t })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The instructions of `name`, following aliases.
fn body<'a>(functions: &'a HashMap<String, Symbol>, name: &str) -> &'a [String] {
    match &functions[name] {
        Symbol::Body(b) => b,
        Symbol::Alias(target) => body(functions, target),
    }
}

#[test]
fn layouts_compile_to_the_hand_written_arithmetic() {
    let asm = release_asm();
    let functions = functions(&asm);
    let pairs = [
        "row_major",
        "col_major",
        "hierarchical_1d",
        "hierarchical_natural",
        "odd_sizes_1d",
        "split_row",
        "padded",
        "reversed",
        "tiled_runtime_matrix",
    ];
    for name in pairs {
        let tessel = body(&functions, &format!("tessel_{name}"));
        let hand = body(&functions, &format!("hand_{name}"));
        assert!(!hand.is_empty(), "hand_{name} has no instructions");
        // The same instructions; LLVM may schedule independent ones in another order (the
        // tessel side adds the tile offsets in its own order), which costs nothing.
        let sorted = |b: &[String]| {
            let mut v = b.to_vec();
            v.sort();
            v
        };
        assert_eq!(
            sorted(tessel),
            sorted(hand),
            "tessel_{name} differs from hand_{name}"
        );
        let order = if tessel == hand {
            "identical"
        } else {
            "the same, in another order"
        };
        println!("{name}: {} instructions, {order}:", hand.len());
        for (t, h) in tessel.iter().zip(hand) {
            println!("    {t:<28}{h}");
        }
    }
}

/// 32-bit evaluation of a mixed layout: the runtime stride `128 * lda` is computed in 64 bits
/// when the layout is built and truncated for the call, so LLVM does not factor `lda` out as in
/// the hand-written `(bm * 128 + i) * lda`: one multiplication more, no branch, no call.
#[test]
fn index32_costs_at_most_one_multiplication_more() {
    let functions = functions(&release_asm());
    let tessel = body(&functions, "tessel_tiled_runtime_matrix_u32");
    let hand = body(&functions, "hand_tiled_runtime_matrix_u32");
    let count = |b: &[String], op: &str| b.iter().filter(|i| i.starts_with(op)).count();
    assert_eq!(tessel.len(), hand.len() + 1, "{tessel:?}\n{hand:?}");
    assert_eq!(count(tessel, "imul"), count(hand, "imul") + 1);
    assert!(tessel
        .iter()
        .all(|i| !i.starts_with('j') && !i.starts_with("call")));
    println!(
        "tiled_runtime_matrix_u32: {} instructions, hand {}:",
        tessel.len(),
        hand.len()
    );
    for (k, t) in tessel.iter().enumerate() {
        println!("    {t:<28}{}", hand.get(k).map_or("", |h| h.as_str()));
    }
}

/// A thread's partitioned loops (`local_partition` of a shared tile, a TiledMma's `partition_A`):
/// as many instructions as the hand-indexed loop, every load at a constant offset from one
/// address, no bounds check left (no branch, no call). LLVM folds the base into the address
/// in another order than in the hand-written loop (`add` + scaled index against `lea`), so the
/// instructions are compared by count and by their loads.
#[test]
fn partitioned_loops_cost_what_the_hand_indexed_loops_cost() {
    let functions = functions(&release_asm());
    for name in ["partitioned_tile", "mma_partition"] {
        let tessel = body(&functions, &format!("tessel_{name}"));
        let hand = body(&functions, &format!("hand_{name}"));
        let loads = |b: &[String]| b.iter().filter(|i| i.starts_with("addss")).count();
        assert_eq!(tessel.len(), hand.len(), "{name}\n{tessel:?}\n{hand:?}");
        assert_eq!(loads(tessel), loads(hand), "{name}");
        assert!(
            tessel
                .iter()
                .all(|i| !i.starts_with('j') && !i.starts_with("call")),
            "{name}: {tessel:?}"
        );
        println!(
            "{name}: {} instructions, hand {}:",
            tessel.len(),
            hand.len()
        );
        for (k, t) in tessel.iter().enumerate() {
            println!("    {t:<32}{}", hand.get(k).map_or("", |h| h.as_str()));
        }
    }
}

/// Whether an instruction branches or calls.
fn jumps(body: &[String]) -> usize {
    body.iter()
        .filter(|i| i.starts_with('j') || i.starts_with("call"))
        .count()
}

/// `gemm` over a thread's static fragments (a TiledMma of UniversalFMA): the same instructions
/// as the hand-written triple loop, none of them a branch.
#[test]
fn a_static_gemm_costs_what_the_hand_written_loops_cost() {
    let functions = functions(&release_asm());
    let tessel = body(&functions, "tessel_fragment_gemm");
    let hand = body(&functions, "hand_fragment_gemm");
    assert_eq!(tessel.len(), hand.len(), "{tessel:?}\n{hand:?}");
    assert_eq!(jumps(tessel), 0, "{tessel:?}");
    println!(
        "fragment_gemm: {} instructions, hand {}",
        tessel.len(),
        hand.len()
    );
}

/// The walks of `copy` and `gemm` over static counts are unrolled by tessel, not by LLVM: with
/// LLVM's loop unroller off (`-unroll-threshold=0`), the hand-written triple loop stays a loop
/// and the gemm over the same fragments still has no branch and as many instructions as with
/// the unroller on.
#[test]
fn static_walks_unroll_without_llvms_unroller() {
    let on = functions(&release_asm());
    let off = functions(&asm_of(
        "zero-cost-no-unroll",
        &["-C", "llvm-args=-unroll-threshold=0"],
    ));
    let hand = body(&off, "hand_fragment_gemm");
    assert!(jumps(hand) > 0, "the unroller was not off: {hand:?}");
    let tessel = body(&off, "tessel_fragment_gemm");
    assert_eq!(jumps(tessel), 0, "{tessel:?}");
    assert_eq!(tessel.len(), body(&on, "tessel_fragment_gemm").len());
    println!(
        "unroller off: tessel_fragment_gemm {} instructions, no branch; hand {} with {} branches",
        tessel.len(),
        hand.len(),
        jumps(hand)
    );
}
