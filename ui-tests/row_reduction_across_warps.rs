// Two atoms side by side along N: a row of the accumulators is held by two warps, which no warp
// shuffle reaches.
use tessel::atom::acc::RowColLayout;
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::{shape, MakeTiledMma};

type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(1,2,1)")>;

fn main() {
    let _ = RowColLayout::<Mma, shape!("(16,16)")>::default();
}
