// A register fragment needs a static shape: the rest modes of a partition of a runtime-sized
// tensor have runtime extents.
use tessel::mma::UniversalFMA;
use tessel::{layout, shape, MakeTiledMma, Tensor};

fn main() {
    type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    let data = vec![0f32; 128 * 8];
    let a = Tensor::new(&data, layout!("(M,8):(1,M)"; M = 128));
    let _ = Mma::get_slice(0).partition_fragment_A::<f32, _, _>(&a);
}
