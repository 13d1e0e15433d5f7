//! `tessel OP ARG...`: runs one operation of CuTe's layout algebra and prints the result in
//! CuTe's notation, e.g. `tessel composition "(6,2):(8,2)" "(4,3):(3,1)"`. The binary is a thin
//! shell over [`respond`], which the fuzz target `cli` calls too.
use tessel::dynamic::algebra::{run, RunError, OPERATIONS};
use tessel::dynamic::parse::MAX_DEPTH;
use tessel::dynamic::{layout::MAX_TABLE_CELLS, Error};

const NOTATION: &str = "\
Layouts are written as CuTe prints them, \"(4,(2,4)):(2,(1,8))\"; a shape alone gets the
column-major stride. A composed layout \"Sw<3,3,3> o 0 o (8,64):(64,1)\" stands wherever a
LAYOUT is the first argument. A TILER is a layout, an integer N, a shape \"(2,2)\", or a tuple
of tilers \"<3:3,(2,4):(1,8)>\". A COORD is an integer (1-D), or a tuple (R-D or natural).";

fn usage() -> String {
    let mut text = format!(
        "usage: tessel OP ARG...\n       tessel help [OP]\n       tessel --version\n\n{NOTATION}\n\
         Limits: tuples nest at most {MAX_DEPTH} deep; show prints at most {MAX_TABLE_CELLS} cells; \
         integers are 64-bit and overflow is an error.\n\noperations:\n"
    );
    for (name, args, _) in OPERATIONS {
        text.push_str(&format!("  tessel {name} {args}\n"));
    }
    text.push_str("\n`tessel help OP` says what OP computes.\n");
    text
}

/// `tessel help OP`: the operation's arguments and what it computes.
fn help(op: &str) -> Option<String> {
    let (name, args, what) = OPERATIONS.iter().find(|(name, ..)| *name == op)?;
    Some(format!(
        "usage: tessel {name} {args}\n\n{what}\n\n{NOTATION}\n"
    ))
}

/// The error, pointing into the argument it is about.
fn explain(op: &str, args: &[&str], e: &RunError) -> String {
    match e {
        RunError::UnknownOperation => format!("error: unknown operation '{op}'\n\n{}", usage()),
        RunError::Usage(u) => format!("error: usage: tessel {op} {u}"),
        RunError::Argument(i, Error::Parse(p)) => {
            let (text, at) = window(args[*i], p.column - 1);
            let caret = " ".repeat(at);
            format!("error: argument {}: {p}\n  {text}\n  {caret}^", i + 1)
        }
        RunError::Argument(i, e) => {
            let (text, _) = window(args[*i], 0);
            format!("error: argument {}: {e}\n  {text}", i + 1)
        }
        RunError::Failed(e) => format!("error: {e}"),
    }
}

/// At most [`WINDOW`] characters of `text` around the character at `at`, with `...` where cut,
/// and where `at` falls in what is shown.
fn window(text: &str, at: usize) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let start = at
        .saturating_sub(WINDOW / 2)
        .min(chars.len().saturating_sub(WINDOW));
    let end = (start + WINDOW).min(chars.len());
    let mut shown: String = chars[start..end].iter().collect();
    let mut at = at - start;
    if start > 0 {
        shown.insert_str(0, "...");
        at += 3;
    }
    if end < chars.len() {
        shown.push_str("...");
    }
    (shown, at)
}

/// How much of a long argument an error shows.
const WINDOW: usize = 60;

/// What `tessel ARGS...` prints, and whether it succeeds (the text goes to stdout on success,
/// to stderr on failure).
///
/// ```
/// assert_eq!(tessel_cli::respond(&["size", "(4,8)"]), ("32\n".to_string(), true));
/// let (text, ok) = tessel_cli::respond(&["call", "(4,8)", "32"]);
/// assert!(!ok && text.contains("lies outside the shape"));
/// ```
pub fn respond(args: &[&str]) -> (String, bool) {
    match args {
        [] => (usage(), false),
        ["--help" | "-h" | "help"] => (usage(), true),
        ["--version" | "-V"] => (format!("tessel {}\n", env!("CARGO_PKG_VERSION")), true),
        ["help", op] => match help(op) {
            Some(text) => (text, true),
            None => (
                format!("error: unknown operation '{op}'\n\n{}", usage()),
                false,
            ),
        },
        [op, rest @ ..] => match run(op, rest) {
            Ok(out) => (format!("{out}\n"), true),
            Err(e) => (format!("{}\n", explain(op, rest, &e)), false),
        },
    }
}
