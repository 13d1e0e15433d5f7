// A register fragment is sliced through a view (`frag.as_view()`), not by value.
use tessel::{shape, tensor::FragmentOf, Underscore};

fn main() {
    let frag = FragmentOf::<f32, shape!("(4,2)")>::default();
    let _ = frag.slice((Underscore, 1usize));
}
