// A TiledCopy of 128 threads beside a TiledMma of 256: a compile error with both counts.
use tessel::atom::tiled_copy::same_threads;
use tessel::mma::UniversalFMA;
use tessel::{layout, shape, MakeTiledCopy, MakeTiledMma};

fn main() {
    same_threads(
        MakeTiledCopy::<layout!("(32,4)"), layout!("(4,1)")>::default(),
        MakeTiledMma::<UniversalFMA<f32>, shape!("(16,16,1)")>::default(),
    );
}
