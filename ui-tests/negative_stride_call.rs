fn main() {
    let reversed = tessel::layout!("8:-1");
    let _ = reversed.call(3);
}
