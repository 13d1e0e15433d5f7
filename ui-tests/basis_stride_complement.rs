use tessel::{complement, make_identity_tensor_of, C};

// An identity layout's values are coordinates: CuTe takes no complement of one either.
fn main() {
    let a = make_identity_tensor_of((C::<4>::default(), C::<2>::default())).layout();
    let _ = complement(a, C::<64>::default());
}
