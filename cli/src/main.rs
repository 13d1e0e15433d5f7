//! The `tessel` binary: see the library of this package. `-o FILE` anywhere in the arguments
//! writes what the operation prints to FILE instead of stdout.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    let file = match argv.iter().position(|a| a == "-o") {
        Some(i) if i + 1 < argv.len() => Some(argv.drain(i..i + 2).nth(1).expect("two")),
        Some(_) => {
            eprintln!("error: -o takes a file name");
            return ExitCode::FAILURE;
        }
        None => None,
    };
    let args: Vec<&str> = argv.iter().map(String::as_str).collect();
    match (tessel_cli::respond(&args), file) {
        ((out, true), Some(file)) => match std::fs::write(&file, out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {file}: {e}");
                ExitCode::FAILURE
            }
        },
        ((out, true), None) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        ((out, false), _) => {
            eprint!("{out}");
            ExitCode::FAILURE
        }
    }
}
