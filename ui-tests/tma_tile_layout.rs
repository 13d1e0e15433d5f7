// A TMA copy of a K-major 128x64 stage into a shared tensor of the same swizzle whose modes are
// another function (M-major): caught in `cargo check`, not at the build.
use tessel::atom::element::BF16;
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::atom::tma::{TensorMap, TmaDescriptor};
use tessel::{layout, shape, TensorSmem, TileToShape};

type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
type ByM = TileToShape<Layout_MN_SW128_Atom<BF16>, shape!("(128,64)")>;

fn main() {
    let a = layout!("(M,K):(ldA,1)"; M = 512usize, K = 512usize, ldA = 512isize);
    let tmap = TensorMap::<BF16, Stage>::encode(0, &a, 1, |_, _: &mut TmaDescriptor| Ok::<(), ()>(())).unwrap();
    let s = unsafe { TensorSmem::<BF16, _>::from_smem(0x400, 128 * 64, ByM::default()) };
    let _ = tmap.box_copy([0, 0], &s, 0);
}
