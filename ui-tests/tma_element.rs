// A TMA copy of a bf16 descriptor into a shared tensor of halves.
use tessel::atom::element::{BF16, F16};
use tessel::atom::gmma::Layout_K_SW128_Atom;
use tessel::atom::tma::{TensorMap, TmaDescriptor};
use tessel::{layout, shape, TensorSmem, TileToShape};

type Stage<T> = TileToShape<Layout_K_SW128_Atom<T>, shape!("(128,64)")>;

fn main() {
    let a = layout!("(M,K):(ldA,1)"; M = 512usize, K = 512usize, ldA = 512isize);
    let tmap = TensorMap::<BF16, Stage<BF16>>::encode(0, &a, 1, |_, _: &mut TmaDescriptor| Ok::<(), ()>(())).unwrap();
    let s = unsafe { TensorSmem::<F16, _>::from_smem(0x400, 128 * 64, Stage::<F16>::default()) };
    let _ = tmap.box_copy([0, 0], &s, 0);
}
