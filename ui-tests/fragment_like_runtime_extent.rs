// make_fragment_like of a layout with a runtime extent: registers are counted at compile time.
use tessel::ordered::FragmentLike;
use tessel::{Layout, C};

fn main() {
    let _: FragmentLike<Layout<(C<4>, usize), (C<1>, C<4>)>> = Default::default();
}
