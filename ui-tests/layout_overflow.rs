type L = tessel::layout!("(4,18446744073709551616)");

fn main() {}
