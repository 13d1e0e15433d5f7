use tessel::*;

type R = Complement<layout!("(2,2):(1,3)"), shape!("24")>;

fn main() {
    let _ = R::default();
}
