use tessel::{composition, layout, make_identity_tensor_of, C};

// CuTe composes A with a B of basis strides by picking modes of A; tessel refuses it.
fn main() {
    let id = make_identity_tensor_of((C::<2>::default(), C::<2>::default()));
    let _ = composition(<layout!("(4,4):(1,4)")>::default(), id.layout());
}
