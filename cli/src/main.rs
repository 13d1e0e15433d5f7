//! The `tessel` binary: see the library of this package.

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = argv.iter().map(String::as_str).collect();
    match tessel_cli::respond(&args) {
        (out, true) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        (out, false) => {
            eprint!("{out}");
            ExitCode::FAILURE
        }
    }
}
