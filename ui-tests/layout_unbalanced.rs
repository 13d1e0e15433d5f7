fn main() {
    let _ = tessel::layout!("(4,(2,4):(2,(1,8))");
}
