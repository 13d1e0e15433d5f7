// retile_D views a fragment's registers: an owned fragment is retiled through a view of it, so
// that what the copy writes lands in the fragment.
use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
use tessel::atom::element::F16;
use tessel::atom::tiled_copy::MakeTiledCopyA;
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::{layout, shape, MakeTiledMma, Tensor, C};

type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;

fn main() {
    let a = [F16::default(); 32 * 16];
    let tile = Tensor::new(&a, layout!("(32,16):(16,1)"));
    let frag = Mma::get_slice(0).partition_fragment_A::<F16, _, _>(&tile);
    let _ = MakeTiledCopyA::<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>::get_slice(0).retile_D(frag);
}
