type L = tessel::layout!("(4,eight)");

fn main() {}
