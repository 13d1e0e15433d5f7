// make_fragment_like of a tensor with a runtime extent: registers are counted at compile time
// (the layout form, tessel::ordered::make_fragment_like, takes runtime extents, as CuTe's).
use tessel::{make_fragment_like, Layout, Tensor, C};

fn main() {
    let data = [0f32; 64];
    let t = Tensor::new(&data, Layout::new((C::<4>::default(), 8usize), (C::<1>::default(), C::<4>::default())));
    let _ = make_fragment_like(&t);
}
