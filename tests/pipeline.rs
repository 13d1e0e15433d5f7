//! The pipeline's state and byte count, on the host (its waits run on the GPU: check_pipeline).

use tessel::atom::element::F16;
use tessel::atom::gmma::Layout_K_SW128_Atom;
use tessel::atom::pipeline::{PipelineState, PipelineTmaAsync};
use tessel::{layout, shape, TileToShape};

#[test]
fn the_state_wraps_and_flips_its_parity() {
    let mut s = PipelineState::<5>::new();
    for n in 0..37u32 {
        assert_eq!(
            (s.index(), s.phase()),
            (n % 5, (n / 5) % 2),
            "after {n} steps"
        );
        s.advance();
    }
}

#[test]
fn a_stage_expects_its_size_in_bytes() {
    type Stage = TileToShape<Layout_K_SW128_Atom<F16>, shape!("(128,64)")>;
    assert_eq!(PipelineTmaAsync::<4, Stage, F16>::TX_BYTES, 128 * 64 * 2);
    assert_eq!(
        PipelineTmaAsync::<2, layout!("(32,32)"), f32>::TX_BYTES,
        4096
    );
    let pipe = PipelineTmaAsync::<3, layout!("(32,32)"), f32>::new(0x100, 0x200);
    let mut s = PipelineState::new();
    s.advance();
    s.advance();
    assert_eq!(pipe.barriers(&s), (0x110, 0x210));
}

#[test]
fn a_stage_of_two_tma_tiles_expects_both() {
    use tessel::atom::tma::TensorMap;
    type A = TileToShape<Layout_K_SW128_Atom<F16>, shape!("(128,64)")>;
    type B = TileToShape<Layout_K_SW128_Atom<F16>, shape!("(256,64)")>;
    type Pipe = PipelineTmaAsync<3, (TensorMap<F16, A>, TensorMap<F16, B>), ()>;
    assert_eq!(Pipe::TX_BYTES, (128 + 256) * 64 * 2);
}
