type L = tessel::layout!("(4,()):(1,4)");

fn main() {}
