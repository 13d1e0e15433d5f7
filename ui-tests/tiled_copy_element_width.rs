// A TiledCopy of 32-bit elements feeding an MMA that reads 16-bit A (cutlass#1988).
use tessel::atom::copy::{CopyAtom, UniversalCopy};
use tessel::atom::tiled_copy::make_tiled_copy_A;
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::{shape, MakeTiledMma};

fn main() {
    let mma = MakeTiledMma::<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>::default();
    let _ = make_tiled_copy_A(CopyAtom::<UniversalCopy<u32>, f32>::default(), mma);
}
