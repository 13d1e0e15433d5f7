use tessel::{layout, Composition};

type R = Composition<layout!("(4,2):(1,8)"), layout!("(3,2):(1,3)")>;

fn main() {
    let _ = R::default();
}
