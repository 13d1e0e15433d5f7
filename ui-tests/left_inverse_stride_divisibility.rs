use tessel::*;

type R = LeftInverse<layout!("(2,3):(2,3)")>;

fn main() {
    let _ = R::default();
}
