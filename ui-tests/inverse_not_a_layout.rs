use tessel::RightInverse;

type R = RightInverse<u32>;

fn main() {
    let _: R = Default::default();
}
