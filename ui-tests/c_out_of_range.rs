type L = tessel::ColMajor<1537, 4>;

fn main() {
    let _: L = Default::default();
}
