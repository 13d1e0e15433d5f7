// The runtime stride of a layout's one mode of size above 1 is kept: a left inverse needs it
// static (a lone size-1 mode with a runtime stride is dropped, as CuTe drops it).
use tessel::{left_inverse, Layout, C};

fn main() {
    let a = Layout::new((C::<2>::default(),), (1isize,));
    let _ = left_inverse(a);
}
