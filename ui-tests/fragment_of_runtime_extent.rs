// `FragmentOf<T, S>`, CuTe's `make_tensor<T>(shape)`, counts its registers at compile time: a
// shape with a runtime extent is the same error as a partition's fragment.
use tessel::tensor::FragmentOf;
use tessel::C;

fn main() {
    let _ = FragmentOf::<f32, (usize, C<4>)>::default();
}
