use tessel::{layout, logical_product, make_identity_tensor_of, C};

// An identity layout's values are coordinates: CuTe takes no product of one either.
fn main() {
    let a = make_identity_tensor_of((C::<2>::default(), C::<2>::default())).layout();
    let _ = logical_product(a, <layout!("2:1")>::default());
}
