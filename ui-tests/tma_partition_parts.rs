// A pair of blocks shares B's (256,64) tile through a TensorMap of (128,64) tiles: two parts,
// but the cluster layout names four blocks.
use tessel::atom::element::BF16;
use tessel::atom::gmma::Layout_K_SW128_Atom;
use tessel::atom::tma::{TensorMap, TmaDescriptor};
use tessel::atom::tma_copy::tma_partition;
use tessel::{layout, local_tile, shape, TensorSmem, TileToShape, Underscore as _x};

type Part = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(256,64,2)")>;

fn main() {
    let b = layout!("(N,K):(ldB,1)"; N = 512usize, K = 128usize, ldB = 128usize);
    let tma = TensorMap::<BF16, Part>::encode(0, &b, 4, |_, _: &mut TmaDescriptor| Ok::<(), ()>(()))
        .unwrap();
    // SAFETY: the address and size are the stages' (nothing is read).
    let s = unsafe { TensorSmem::<BF16, _>::from_smem(0, 256 * 64 * 2, Stages::default()) };
    let g = local_tile(tma.get_tma_tensor((512, 128)), <shape!("(256,64)")>::default(), (0usize, _x));
    let _ = tma_partition(&tma, 3, layout!("4:1"), s.group_modes::<0, 2>(), g.group_modes::<0, 2>());
}
