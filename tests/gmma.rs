//! The GMMA descriptor rule on tiles it must refuse, and the descriptor's arithmetic (every
//! accepted tile is held to CuTe's answer in tests/golden_gmma.rs).

use tessel::atom::gmma::{gmma_fields, GmmaDescriptor, GmmaError, GmmaTile, LayoutType};
use tessel::layout;

/// The rule on tile `L` of `bytes`-byte elements.
fn rule<L: GmmaTile>(k_major: bool, bytes: usize) -> Result<(LayoutType, u32, u32), GmmaError> {
    gmma_fields(k_major, bytes, L::SWIZZLE, &L::MAP, L::ROWS)
        .map(|f| (f.layout_type, f.leading_byte_offset, f.stride_byte_offset))
}

type Sw<L> = <L as tessel::tensor::TensorLayout>::Layout;

#[test]
fn canonical_tiles_of_each_swizzle() {
    // K-major halves, one MMA's K (16): 8-row core matrices 1024 bytes apart (128-byte swizzle).
    type B128 = Sw<layout!("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)")>;
    assert_eq!(rule::<B128>(true, 2), Ok((LayoutType::B128, 1, 64)));
    // Unswizzled: rows of 16 bytes, core matrices 128 bytes apart down M, 2 KiB along K.
    type Inter = layout!("((8,8),(8,2)):((8,64),(1,1024))");
    assert_eq!(rule::<Inter>(true, 2), Ok((LayoutType::Interleave, 128, 8)));
    // MN-major halves, 64-byte swizzle: 32 columns a row, groups 512 bytes apart, K groups 4 KiB.
    type Mn64 = Sw<layout!("Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,2048))")>;
    assert_eq!(rule::<Mn64>(false, 2), Ok((LayoutType::B64, 32, 256)));
}

#[test]
fn tiles_without_a_descriptor() {
    // The 128-byte swizzle of bytes is Sw<3,4,3> in elements; of halves, Sw<3,3,3>.
    type WrongBase = Sw<layout!("Sw<3,4,3> o 0 o ((8,8),16):((64,512),1)")>;
    assert_eq!(rule::<WrongBase>(true, 2), Err(GmmaError::Swizzle));
    // K of 32 halves is two MMAs' K.
    type TwoK = Sw<layout!("Sw<3,3,3> o 0 o ((8,8),32):((64,512),1)")>;
    assert_eq!(rule::<TwoK>(true, 2), Err(GmmaError::KExtent));
    // 12 rows: not whole core matrices.
    type Rows12 = layout!("(12,(8,2)):(8,(1,1024))");
    assert_eq!(rule::<Rows12>(true, 2), Err(GmmaError::Extent));
    // Rows 8 elements (16 bytes) apart under a 128-byte swizzle, whose rows are 128 bytes.
    type Narrow = Sw<layout!("Sw<3,3,3> o 0 o (64,16):(8,1)")>;
    assert_eq!(rule::<Narrow>(true, 2), Err(GmmaError::NotCanonical));
    // The second core matrix down M is not where the first's stride puts it.
    type Uneven = layout!("((8,2,4),(8,2)):((8,64,256),(1,1024))");
    assert_eq!(rule::<Uneven>(true, 2), Err(GmmaError::NotCanonical));
}

#[test]
fn the_descriptor_fields_and_offsets() {
    let f = tessel::atom::gmma::GmmaFields {
        layout_type: LayoutType::B64,
        leading_byte_offset: 5,
        stride_byte_offset: 0x3fff,
    };
    let d = GmmaDescriptor::new(0xfff0, f);
    assert_eq!(d.start_address(), 0xfff);
    assert_eq!(
        (d.leading_byte_offset(), d.stride_byte_offset()),
        (5, 0x3fff)
    );
    assert_eq!((d.base_offset(), d.layout_type()), (0, LayoutType::B64));
    // CuTe's DescriptorIterator: + 2 is 32 bytes further; the high word does not change.
    let e = d.offset(2);
    assert_eq!(e.start_address(), 0x1001);
    assert_eq!(e.0 >> 32, d.0 >> 32);
}

/// Two warpgroups of `$Atom` over a stage of A of `$T`, 128 rows of 128 bytes (4 K blocks),
/// 128-byte swizzle, at 0x4000: each thread's descriptors are those of its warpgroup's 64 rows, one per K block.
macro_rules! partition_descriptors {
    ($T:ty, $Atom:ty, $stage:literal, $tile:literal) => {{
        use tessel::atom::gmma::{make_gmma_desc, make_gmma_fragment, Layout_K_SW128_Atom, K};
        use tessel::tensor::{Access, Walk};
        use tessel::{local_tile, shape, MakeTiledMma, TensorSmem, TileToShape};
        type Stage = TileToShape<Layout_K_SW128_Atom<$T>, shape!($stage)>;
        type Mma = MakeTiledMma<$Atom, shape!("(2,1,1)")>;
        // SAFETY: not read; the address is a stage's.
        let sa = unsafe {
            TensorSmem::<$T, _>::from_smem(
                0x4000,
                128 * 128 / core::mem::size_of::<$T>(),
                Stage::default(),
            )
        };
        for thread in [0, 127, 128, 255] {
            let part = Mma::get_slice(thread).partition_A(sa);
            let frag = make_gmma_fragment::<K, _, _>(&part);
            assert_eq!(frag.sizes(), (1, 1, 4), "one descriptor per K block");
            for k in 0..4 {
                let tile = local_tile(sa, <shape!($tile)>::default(), (thread / 128, k));
                // SAFETY: the engine computes descriptors; every index is one.
                let got = unsafe { frag.engine().load(frag.index(k)) };
                assert_eq!(
                    got,
                    make_gmma_desc::<K, _, _>(&tile),
                    "thread {thread}, K block {k}"
                );
            }
        }
    }};
}

#[test]
fn a_partitions_descriptors_are_each_k_blocks() {
    use tessel::atom::element::F16;
    use tessel::mma::SM90_64x16x16_F32F16F16_SS;
    partition_descriptors!(F16, SM90_64x16x16_F32F16F16_SS, "(128,64)", "(64,16)");
}

#[test]
fn e4m3_partitions_descriptors_are_each_k_blocks() {
    use tessel::atom::element::E4M3;
    use tessel::mma::SM90_64x256x32_F32E4M3E4M3_SS_TN;
    // An MMA's K is 32 bytes in every type: 32 e4m3 elements.
    partition_descriptors!(
        E4M3,
        SM90_64x256x32_F32E4M3E4M3_SS_TN,
        "(128,128)",
        "(64,32)"
    );
}

/// Stages as a layout mode (CuTe's `tile_to_shape(atom, (BM, BK, PIPE))`): the tile partitioned
/// once, then sliced per stage, gives each stage's descriptors, and a stage's slice is the TMA
/// destination of the stage's tile.
#[test]
fn a_stage_moded_partition_sliced_is_each_stages() {
    use tessel::atom::element::BF16;
    use tessel::atom::gmma::{make_gmma_fragment, Layout_K_SW128_Atom, K};
    use tessel::atom::tma::{TensorMap, TmaDescriptor, TmaDestination};
    use tessel::mma::SM90_64x256x16_F32BF16BF16_SS;
    use tessel::tensor::{Access, Underscore as _x, Walk};
    use tessel::{layout, local_tile, shape, MakeTiledMma, TensorSmem, TileToShape};
    type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
    type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64,4)")>;
    type Mma = MakeTiledMma<SM90_64x256x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    // SAFETY: not read; the addresses are the stages'.
    let stages =
        unsafe { TensorSmem::<BF16, _>::from_smem(0x4000, 4 * 128 * 64, Stages::default()) };
    type StagesB = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(256,64,4)")>;
    // SAFETY: as above.
    let stages_b =
        unsafe { TensorSmem::<BF16, _>::from_smem(0x40000, 4 * 256 * 64, StagesB::default()) };
    let a = layout!("(M,K):(ldA,1)"; M = 512usize, K = 512usize, ldA = 512isize);
    let encode = |_: &_, _: &mut TmaDescriptor| Ok::<(), ()>(());
    let tmap = TensorMap::<BF16, Stage>::encode(0, &a, 1, encode).unwrap();
    for thread in [0, 200] {
        let parts = Mma::get_slice(thread).partition_A(stages);
        for s in 0..4usize {
            let at = 0x4000 + (s * 128 * 64 * 2) as u32;
            // SAFETY: as above.
            let stage = unsafe { TensorSmem::<BF16, _>::from_smem(at, 128 * 64, Stage::default()) };
            let want = make_gmma_fragment::<K, _, _>(&Mma::get_slice(thread).partition_A(stage));
            let got = make_gmma_fragment::<K, _, _>(&parts.slice((_x, _x, _x, s)));
            for k in 0..4 {
                // SAFETY: the engines compute descriptors.
                unsafe {
                    assert_eq!(
                        got.engine().load(got.index(k)),
                        want.engine().load(want.index(k))
                    )
                };
            }
            // The stage's slice is the TensorMap's tile (a build error if not), at the stage.
            let stage = stages.slice((_x, _x, s));
            assert_eq!(
                (stage.start(), tmap.box_copy([0, 0], &stage, 0).1),
                (at, at)
            );
            // Half of a 256-row stage is a tile of 128 rows, as a pair's block loads it.
            let half = local_tile(
                stages_b.slice((_x, _x, s)),
                <shape!("(128,64)")>::default(),
                (1usize, 0usize),
            );
            let at_b = 0x40000 + (s * 256 * 64 * 2 + 128 * 64 * 2) as u32;
            assert_eq!(
                (half.start(), tmap.box_copy([0, 0], &half, 0).1),
                (at_b, at_b)
            );
        }
    }
}
