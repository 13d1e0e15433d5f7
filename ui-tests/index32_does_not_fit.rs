// A static layout whose indices do not fit in 32 bits has no 32-bit evaluation.
use tessel::{layout, layout::Index32};

fn main() {
    let _ = Index32::new(layout!("(65536,65537):(1,65536)"));
}
