//! The `tessel` command line, run in a web page: the page writes a command's arguments (one a
//! line) into this module's memory and reads back what the CLI would print, so that results
//! and errors read exactly as in a terminal. No bindings generator: two exported functions and
//! a buffer.

use std::cell::RefCell;

thread_local! {
    /// The last answer: a status byte (`1` success, `0` failure) then the text.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// `len` bytes the page writes its arguments into (it frees nothing: a page runs a few
/// thousand commands at most, each a few bytes).
#[no_mangle]
pub extern "C" fn input(len: usize) -> *mut u8 {
    Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr()
}

/// Runs the command whose arguments, one a line, are the `len` bytes at `ptr`; returns the
/// answer's length, its bytes at [`answer`].
///
/// # Safety
/// `ptr` is what [`input`] returned for at least `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn run(ptr: *const u8, len: usize) -> usize {
    let text = String::from_utf8_lossy(std::slice::from_raw_parts(ptr, len)).into_owned();
    let args: Vec<&str> = text.split('\n').collect();
    let (out, ok) = tessel_cli::respond(&args);
    ANSWER.with(|a| {
        let mut a = a.borrow_mut();
        a.clear();
        a.push(ok as u8);
        a.extend_from_slice(out.as_bytes());
        a.len()
    })
}

/// Where the last answer's bytes are.
#[no_mangle]
pub extern "C" fn answer() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}
