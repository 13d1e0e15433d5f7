use tessel::*;

type R = Complement<layout!("(4,2):(1,2)"), shape!("16")>;

fn main() {
    let _ = R::default();
}
