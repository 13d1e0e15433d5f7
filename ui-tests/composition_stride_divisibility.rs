use tessel::{layout, Composition};

type R = Composition<layout!("(6,2):(8,2)"), layout!("4:4")>;

fn main() {
    let _ = R::default();
}
