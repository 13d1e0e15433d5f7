type L = tessel::layout!("(4,8 2):(1,4)");

fn main() {}
