use tessel::Swizzle;

fn xor(_: Swizzle<2, 0, 1>) {}

fn main() {}
