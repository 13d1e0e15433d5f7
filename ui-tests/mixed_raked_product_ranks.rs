// raked_product zips the modes of A with the modes of B: a rank-1 tuple A with a runtime stride
// keeps two modes in its complement, against B's one (CuTe: Mismatched Ranks).
use tessel::{layout, raked_product, Layout, C};

fn main() {
    let a = Layout::new((C::<3>::default(),), (1isize,));
    let _ = raked_product(a, layout!("2:1"));
}
