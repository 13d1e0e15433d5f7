type L = tessel::layout!("(4,8):(1,4))");

fn main() {}
