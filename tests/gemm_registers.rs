//! The MMA registers' pairing a hand-indexed f16 GEMM names (gpu/cuda/hgemm.cu) held to `retile_D`.

use tessel::{layout, shape, Tensor, C};

/// The hand-indexed f16 GEMMs (gpu/cuda/hgemm.cu, and tessel's before the atoms) name the MMA's registers: ldmatrix.x4
/// call `i` of A fills atom `i`'s four registers, call `j` of B fills atoms `2j` and `2j + 1`,
/// two registers each. `retile_D` of the fragments, in 32-bit registers, says the same, for both
/// kernels' TiledMmas.
#[test]
fn the_gemm_kernels_register_pairing_is_retile_d() {
    use tessel::atom::copy::{upcast, CopyAtom, SM75_U32x4_LDSM_N};
    use tessel::atom::element::F16;
    use tessel::atom::tiled_copy::{MakeTiledCopyA, MakeTiledCopyB};
    use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
    use tessel::typenum::U2;
    use tessel::MakeTiledMma;
    let smem = [0u16; 128 * 64];
    let tile = Tensor::new(&smem, layout!("(128,64):(64,1)"));
    macro_rules! pairing {
        ($Mma:ty, $mi:literal, $nj:literal) => {{
            type Ldsm = CopyAtom<SM75_U32x4_LDSM_N, F16>;
            let thr = <$Mma>::get_slice(0);
            let (fa, fb) = (
                thr.partition_fragment_A::<u16, _, _>(&tile),
                thr.partition_fragment_B::<u16, _, _>(&tile),
            );
            let (ra, rb) = (upcast::<U2, _>(fa.layout()), upcast::<U2, _>(fb.layout()));
            let xa = MakeTiledCopyA::<Ldsm, $Mma>::get_slice(0)
                .retile_D(fa.as_view())
                .layout();
            let xb = MakeTiledCopyB::<Ldsm, $Mma>::get_slice(0)
                .retile_D(fb.as_view())
                .layout();
            let (xa, xb) = (upcast::<U2, _>(xa), upcast::<U2, _>(xb));
            assert_eq!(
                (xa.get::<C<1>>().size(), xb.get::<C<1>>().size()),
                ($mi, $nj / 2)
            );
            for kk in 0..4usize {
                for r in 0..4usize {
                    for i in 0..$mi {
                        assert_eq!(xa.call((r, i, kk)), ra.call((r, i, kk)));
                    }
                    for j in 0..$nj / 2 {
                        assert_eq!(xb.call((r, j, kk)), rb.call((r % 2, 2 * j + r / 2, kk)));
                    }
                }
            }
        }};
    }
    pairing!(MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)"), (C<32>, C<64>, C<16>)>, 4usize, 4usize);
    pairing!(MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>, 4usize, 8usize);
}
