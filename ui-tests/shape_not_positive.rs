type S = tessel::shape!("(4,0)");

fn main() {}
