// The accumulators of a runtime-sized C: column-major, but over static extents only.
use tessel::mma::UniversalFMA;
use tessel::{layout, shape, MakeTiledMma, Tensor};

fn main() {
    type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    let data = vec![0f32; 128 * 128];
    let c = Tensor::new(&data, layout!("(M,N):(1,M)"; M = 128, N = 128));
    let _ = Mma::get_slice(0).partition_fragment_C::<f32, _, _>(&c);
}
