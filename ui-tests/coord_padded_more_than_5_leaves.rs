// A rank-6 identity tensor's coordinate does not fit TMA's five modes.
fn main() {
    let t = tessel::make_identity_tensor_of((2usize, 2usize, 2usize, 2usize, 2usize, 2usize));
    let _ = t.coord_padded(0usize);
}
