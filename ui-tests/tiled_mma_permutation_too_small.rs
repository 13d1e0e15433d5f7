// A permutation narrower than the atoms it tiles: M tile 24 for two 16-row atoms. CuTe returns a
// TV layout whose second warp's rows wrap into K; tessel rejects it, naming the composition
// that would carry (row 31 of a 24-row mode).
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::{shape, MakeTiledMma, TiledMma, C};

type Narrow = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<24>, C<32>, C<16>)>;

fn main() {
    let _ = <Narrow as TiledMma>::LayoutATV::default();
}
