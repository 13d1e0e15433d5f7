// retile_D takes a thread's fragment (V, M, K): a rank-2 tensor is refused at the call.
use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
use tessel::atom::element::F16;
use tessel::atom::tiled_copy::MakeTiledCopyB;
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::{layout, shape, MakeTiledMma, Tensor, C};

type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;

fn main() {
    let d = [0f32; 64];
    let t = Tensor::new(&d, layout!("(8,8)"));
    let _ = MakeTiledCopyB::<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>::get_slice(0).retile_D(t);
}
