use tessel::{layout, Composition};

type R = Composition<layout!("(4,3):(2,9)"), layout!("6:1")>;

fn main() {
    let _ = R::default();
}
