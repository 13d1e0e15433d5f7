type L = tessel::layout!("(4,(2,4)):(2,8)");

fn main() {}
