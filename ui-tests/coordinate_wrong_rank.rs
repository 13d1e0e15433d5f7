fn main() {
    let l = tessel::layout!("(4,8):(1,4)");
    let _ = l.call((1, 2, 3));
}
