//! `tessel OP ARG...`: runs one operation of CuTe's layout algebra and prints the result in
//! CuTe's notation, e.g. `tessel composition "(6,2):(8,2)" "(4,3):(3,1)"`.

use std::process::ExitCode;
use tessel::dynamic::algebra::{run, RunError, OPERATIONS};
use tessel::dynamic::Error;

fn usage() -> String {
    let mut text = String::from(
        "usage: tessel OP ARG...\n\nLayouts are written as CuTe prints them, \"(4,(2,4)):(2,(1,8))\"; \
         a shape alone gets the column-major stride.\nA TILER is a layout, an integer N, a shape \
         \"(2,2)\", or a tuple of tilers \"<3:3,(2,4):(1,8)>\".\n\noperations:\n",
    );
    for (name, args) in OPERATIONS {
        text.push_str(&format!("  tessel {name} {args}\n"));
    }
    text
}

/// The error, pointing into the argument it is about.
fn explain(op: &str, args: &[&str], e: &RunError) -> String {
    match e {
        RunError::UnknownOperation => format!("error: unknown operation '{op}'\n\n{}", usage()),
        RunError::Usage(u) => format!("error: usage: tessel {op} {u}"),
        RunError::Argument(i, Error::Parse(p)) => {
            let caret = " ".repeat(p.column - 1);
            format!("error: argument {}: {p}\n  {}\n  {caret}^", i + 1, args[*i])
        }
        RunError::Argument(i, e) => format!("error: argument {}: {e}\n  {}", i + 1, args[*i]),
        RunError::Failed(e) => format!("error: {e}"),
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((op, rest)) = argv.split_first() else {
        eprint!("{}", usage());
        return ExitCode::FAILURE;
    };
    if op == "--help" || op == "-h" {
        print!("{}", usage());
        return ExitCode::SUCCESS;
    }
    let args: Vec<&str> = rest.iter().map(String::as_str).collect();
    match run(op, &args) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}", explain(op, &args, &e));
            ExitCode::FAILURE
        }
    }
}
