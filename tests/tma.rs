//! TMA descriptors: the box a shared tile is copied by, and the global tensors that have no
//! descriptor (what CuTe's `make_tma_copy` asserts at run time). The arguments of every accepted
//! case are CuTe's (tests/golden_tma.rs).
use tessel::atom::element::{BF16, F16};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::atom::tma::{BoxMode, TensorMap, TmaDescriptor, TmaError, TmaParams, TmaSwizzle};
use tessel::{layout, shape, TileToShape};

type KSw128 = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
type KSw128Wide = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,128)")>;
type MnSw128 = TileToShape<Layout_MN_SW128_Atom<F16>, shape!("(128,64)")>;

fn modes(b: &[(usize, usize)]) -> Vec<BoxMode> {
    b.iter()
        .map(|&(gmode, extent)| BoxMode { gmode, extent })
        .collect()
}

#[test]
fn the_box_follows_the_tiles_contiguous_vector() {
    // K-major: 64 elements of K (128 bytes, the swizzle's row), then the 128 rows.
    assert_eq!(
        TensorMap::<BF16, KSw128>::BOX.modes(),
        modes(&[(1, 64), (0, 128)])
    );
    assert_eq!(TensorMap::<BF16, KSw128>::BOX.swizzle(), TmaSwizzle::B128);
    // Two atoms along K: the second is a step inside K, so a box is half the tile.
    assert_eq!(
        TensorMap::<BF16, KSw128Wide>::BOX.modes(),
        modes(&[(1, 64), (0, 128)])
    );
    // MN-major: 64 rows, then 8 of K; the next 64 rows are a step inside M.
    assert_eq!(
        TensorMap::<F16, MnSw128>::BOX.modes(),
        modes(&[(0, 64), (1, 8)])
    );
    assert_eq!(TensorMap::<F16, MnSw128>::BOX.elements(), 512);
    // A plain column-major tile is one vector over both modes.
    type Col = layout!("(16,8):(1,16)");
    assert_eq!(
        TensorMap::<f32, Col>::BOX.modes(),
        modes(&[(0, 16), (1, 8)])
    );
}

#[test]
fn global_tensors_without_a_descriptor() {
    let (m, k) = (1024usize, 512usize);
    let err = |e| Err::<TmaParams, _>(e);
    // M-major global memory under a K-major tile.
    let a = layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = m);
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 1),
        err(TmaError::Major(1024))
    );
    // A row of 1000 bytes is no multiple of 16.
    let a = layout!("(M,K):(ldA,1)"; M = m, K = 500usize, ldA = 500isize);
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 1),
        err(TmaError::Stride(1000))
    );
    // An address off 16 bytes.
    let a = layout!("(M,K):(ldA,1)"; M = m, K = k, ldA = k);
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1008, &a, 1),
        err(TmaError::Address(0x1008))
    );
    // Three blocks cannot share a box of 128 rows.
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 3),
        err(TmaError::Multicast(3, 128))
    );
    assert!(TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 2).is_ok());
    assert_eq!(
        TmaError::Multicast(3, 128).to_string(),
        "TMA: the multicast count 3 neither divides the box's extent 128 nor is a multiple of it"
    );
    // An empty mode.
    let a = layout!("(M,K):(ldA,1)"; M = 0usize, K = k, ldA = k);
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 1),
        err(TmaError::Dim(0))
    );
}

/// Nested global modes CuTe refuses (its `make_tma_copy` fails to compile on both): the tile
/// crosses a runtime extent inside a mode, or a leaf that neither divides the tile's extent nor
/// is a multiple of it.
#[test]
fn nested_global_modes_the_tile_cannot_follow() {
    let err = |e| Err::<TmaParams, _>(e);
    // M as (256, 4) with the 256 runtime, under a tile of 128 rows.
    let a = layout!("((M0,M1),K):((ldA,ldA1),1)"; M0 = 256usize, M1 = 4usize, K = 512usize, ldA = 512isize, ldA1 = 131072isize);
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 1),
        err(TmaError::LeafRuntime(0))
    );
    // M as (12, m): 12 rows neither divide 128 nor are a multiple of it.
    let a = layout!("((12,M1),K):((ldA,ldA1),1)"; M1 = 16usize, K = 512usize, ldA = 512isize, ldA1 = 6144isize);
    assert_eq!(
        TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 1),
        err(TmaError::LeafDivide(0, 12, 128))
    );
    assert_eq!(
        TmaError::LeafRuntime(0).to_string(),
        "TMA: the tile crosses a runtime extent inside mode 0 of the global tensor: the extents it crosses there must be static"
    );
    assert_eq!(
        TmaError::LeafDivide(0, 12, 128).to_string(),
        "TMA: an extent 12 inside mode 0 of the global tensor neither divides the tile's 128 there nor is a multiple of it"
    );
    // The same M with the 256 static: the tile lies inside it.
    let a = layout!("((256,M1),K):((ldA,ldA1),1)"; M1 = 4usize, K = 512usize, ldA = 512isize, ldA1 = 131072isize);
    assert!(TmaParams::new::<BF16, KSw128, _>(0x1000, &a, 1).is_ok());
}

#[test]
fn encode_passes_the_parameters_and_keeps_the_coordinates() {
    let (m, k) = (1000usize, 512usize);
    let a = layout!("(M,K):(ldA,1)"; M = m, K = k, ldA = k);
    let tmap = TensorMap::<BF16, KSw128>::encode(0x1000, &a, 1, |p, desc: &mut TmaDescriptor| {
        // A stand-in driver: writes the box into the descriptor.
        desc.0[0] = u64::from(p.box_dim[0]) << 32 | u64::from(p.box_dim[1]);
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(tmap.descriptor().0[0], 64 << 32 | 128);
    // Row 130, column 70: K is the descriptor's mode 0.
    assert_eq!(tmap.tma_coord([130, 70]), [70, 130, 0, 0, 0]);
    assert_eq!(core::mem::align_of_val(&tmap), 64);
    let refused = TensorMap::<BF16, KSw128>::encode(0x1000, &a, 1, |_, _| Err(7));
    assert!(matches!(
        refused,
        Err(tessel::atom::tma::EncodeError::Driver(7))
    ));
}

/// Each box of the tile lies in shared memory as TMA writes it: from its offset on, contiguous,
/// its first mode fastest; together the boxes cover the tile once.
fn boxes_cover<T: tessel::atom::tma::TmaElement, S: tessel::atom::tma::TmaTile>() {
    let (b, boxes) = (TensorMap::<T, S>::BOX, TensorMap::<T, S>::BOXES);
    let map = S::MAP.unswizzled();
    let top: Vec<usize> = (0..S::TOP.len()).map(|j| S::TOP.leaf(j)).collect();
    let mut seen = vec![false; map.size()];
    for i in 0..boxes.len() {
        for e in 0..b.elements() {
            // Element e of box i: its coordinate in each global mode, box modes in order.
            let mut at = boxes.at(i);
            let mut rest = e;
            for m in b.modes() {
                at[m.gmode] += rest % m.extent;
                rest /= m.extent;
            }
            let x: usize = (0..top.len())
                .map(|j| at[j] * top[..j].iter().product::<usize>())
                .sum();
            assert_eq!(map.index(x), boxes.offset(i) + e, "box {i}, element {e}");
            assert!(
                !std::mem::replace(&mut seen[x], true),
                "box {i} repeats element {x}"
            );
        }
    }
    assert!(seen.iter().all(|&s| s));
    assert_eq!(
        TensorMap::<T, S>::TILE_BYTES as usize,
        map.size() * std::mem::size_of::<T>()
    );
}

#[test]
fn the_boxes_cover_the_tile() {
    boxes_cover::<BF16, KSw128>();
    boxes_cover::<BF16, KSw128Wide>();
    boxes_cover::<F16, MnSw128>();
    boxes_cover::<F16, TileToShape<Layout_MN_SW128_Atom<F16>, shape!("(128,128)")>>();
    boxes_cover::<f32, layout!("(16,8,2):(16,1,8)")>();
    boxes_cover::<f32, layout!("(64,32):(32,1)")>();
    assert_eq!(TensorMap::<BF16, KSw128Wide>::BOXES.len(), 2);
    assert_eq!(TensorMap::<BF16, KSw128Wide>::BOXES.offset(1), 128 * 64);
    assert_eq!(TensorMap::<F16, MnSw128>::BOXES.len(), 16);
}

/// `copy(tma.with(bar), tAgA(_, k), tAsA(_, pipe))`: `tma_partition` of the stage-moded shared
/// tensor and of the TMA tensor's tiles gives, for every tile, K tile and stage, the boxes that
/// `box_copy` gives from the tile's origin and the stage, for a K-major and an M-major A; the
/// atom carries its state.
macro_rules! tma_partition_case {
    ($atom:ident, $global:expr, $m:expr, $k:expr) => {{
        use tessel::atom::tma_copy::{tma_partition, LoadState};
        use tessel::{local_tile, TensorSmem, Underscore as _x, C};
        type Stage = TileToShape<$atom<BF16>, shape!("(128,64)")>;
        type Stages = TileToShape<$atom<BF16>, (C<128>, C<64>, C<4>)>;
        let (m, k) = ($m, $k);
        let tma = TensorMap::<BF16, Stage>::encode(0, &$global, 1, |_, _: &mut TmaDescriptor| {
            Ok::<(), ()>(())
        })
        .unwrap();
        // SAFETY: the address and size are the stages' (nothing is read).
        let s = unsafe { TensorSmem::<BF16, _>::from_smem(0x400, 128 * 64 * 4, Stages::default()) };
        let tile = <shape!("(128,64)")>::default();
        for bm in 0..m.div_ceil(128) {
            let g = local_tile(tma.get_tma_tensor((m, k)), tile, (bm, _x));
            let (tg, ts) = tma_partition(
                &tma,
                0,
                layout!("1:0"),
                s.group_modes::<0, 2>(),
                g.group_modes::<0, 2>(),
            );
            assert_eq!(
                tg.layout().to_string(),
                format!("((128,64),{}):((1@0,1@1),64@1)", k.div_ceil(64))
            );
            for kt in 0..k.div_ceil(64) {
                let stage = kt % 4;
                let copy = tma.with(0x9000 + 8 * stage as u32);
                assert_eq!(
                    (copy.barrier(), copy.state().mask(), copy.issues()),
                    (0x9000 + 8 * stage as u32, None, true)
                );
                let boxes = TensorMap::<BF16, Stage>::BOXES.len();
                for i in 0..boxes {
                    assert_eq!(
                        copy.box_at(&tg.slice((_x, kt)), &ts.slice((_x, stage)), i),
                        tma.box_copy([bm * 128, kt * 64], &s.slice((_x, _x, stage)), i),
                    );
                }
            }
        }
        let multicast = tma.with((0x9000, 0b11)).issue_if(false);
        assert_eq!(
            (
                multicast.barrier(),
                multicast.state().mask(),
                multicast.issues()
            ),
            (0x9000, Some(0b11), false)
        );
        assert!(!tma.issue_if(false).issues());
        TensorMap::<BF16, Stage>::BOXES.len()
    }};
}

#[test]
fn a_tma_copy_with_its_state_copies_the_partitions_tiles() {
    let (m, k) = (1000usize, 328usize);
    let k_major = tma_partition_case!(
        Layout_K_SW128_Atom,
        layout!("(M,K):(ldA,1)"; M = m, K = k, ldA = k),
        m,
        k
    );
    let m_major = tma_partition_case!(
        Layout_MN_SW128_Atom,
        layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = m),
        m,
        k
    );
    // K-major: one 64 x 128 box a tile; M-major: the 64 x 8 atoms tiled down M first, 16 boxes.
    assert_eq!((k_major, m_major), (1, 16));
}

/// `tma_partition` for a pair of blocks sharing a tile (multicast): each block's TMA mode is its
/// part, the TensorMap's tile; its boxes are those of the part cut by hand (`local_tile` of the
/// stage, the origin moved as far): along M for a K-major tile, along K for an M-major one.
macro_rules! multicast_case {
    ($atom:ident, $global:expr, $part:expr, $step:expr) => {{
        use tessel::atom::tma_copy::tma_partition;
        use tessel::{local_tile, TensorSmem, Underscore as _x, C};
        type Part = TileToShape<$atom<BF16>, (C<{ $part.0 }>, C<{ $part.1 }>)>;
        type Stages = TileToShape<$atom<BF16>, (C<256>, C<64>, C<2>)>;
        let (n, k) = (1000usize, 200usize);
        let tma =
            TensorMap::<BF16, Part>::encode(0, &$global(n, k), 2, |_, _: &mut TmaDescriptor| {
                Ok::<(), ()>(())
            })
            .unwrap();
        // SAFETY: the address and size are the stages' (nothing is read).
        let s = unsafe { TensorSmem::<BF16, _>::from_smem(0, 256 * 64 * 2, Stages::default()) };
        for bn in 0..n.div_ceil(256) {
            let g = local_tile(
                tma.get_tma_tensor((n, k)),
                <shape!("(256,64)")>::default(),
                (bn, _x),
            );
            for rank in 0..2usize {
                let (tg, ts) = tma_partition(
                    &tma,
                    rank,
                    layout!("2:1"),
                    s.group_modes::<0, 2>(),
                    g.group_modes::<0, 2>(),
                );
                for kt in 0..k.div_ceil(64) {
                    let stage = kt % 2;
                    let by_hand = local_tile(
                        s.slice((_x, _x, stage)),
                        <(C<{ $part.0 }>, C<{ $part.1 }>)>::default(),
                        ($step.0 * rank, $step.1 * rank),
                    );
                    let origin = [
                        bn * 256 + $part.0 * $step.0 * rank,
                        kt * 64 + $part.1 * $step.1 * rank,
                    ];
                    let copy = tma.with((0x8000, 0b11));
                    for i in 0..TensorMap::<BF16, Part>::BOXES.len() {
                        assert_eq!(
                            copy.box_at(&tg.slice((_x, kt)), &ts.slice((_x, stage)), i),
                            tma.box_copy(origin, &by_hand, i),
                        );
                    }
                }
            }
        }
    }};
}

#[test]
fn tma_partition_gives_each_block_of_a_multicast_its_part() {
    let k_major = |n: usize, k: usize| layout!("(N,K):(ldB,1)"; N = n, K = k, ldB = k);
    let m_major = |n: usize, k: usize| layout!("(N,K):(1,ldB)"; N = n, K = k, ldB = n);
    multicast_case!(Layout_K_SW128_Atom, k_major, (128, 64), (1, 0));
    multicast_case!(Layout_MN_SW128_Atom, m_major, (256, 32), (0, 1));
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "the tile holds 2 of the TensorMap's tiles, the cluster layout 4 blocks")]
fn tma_partition_needs_as_many_parts_as_blocks() {
    // A static cta_layout of the wrong size is a compile error (ui-tests/tma_partition_parts.rs);
    // a runtime one is checked here.
    use tessel::atom::tma_copy::tma_partition;
    use tessel::{local_tile, Layout, TensorSmem, Underscore as _x, C};
    type Part = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
    type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, (C<256>, C<64>, C<2>)>;
    let b = layout!("(N,K):(ldB,1)"; N = 512usize, K = 128usize, ldB = 128usize);
    let tma =
        TensorMap::<BF16, Part>::encode(0, &b, 4, |_, _: &mut TmaDescriptor| Ok::<(), ()>(()))
            .unwrap();
    // SAFETY: the address and size are the stages' (nothing is read).
    let s = unsafe { TensorSmem::<BF16, _>::from_smem(0, 256 * 64 * 2, Stages::default()) };
    let g = local_tile(
        tma.get_tma_tensor((512, 128)),
        <shape!("(256,64)")>::default(),
        (0usize, _x),
    );
    let _ = tma_partition(
        &tma,
        3,
        Layout::new(4usize, C::<1>::default()),
        s.group_modes::<0, 2>(),
        g.group_modes::<0, 2>(),
    );
}

/// A batched A, `(M,K,L)`: the TMA tensor of rank 3 cut into `(128,64,1)` tiles of batch `l`
/// copies the boxes `box_copy` gives from `(m, k, l)`: its descriptor has a third mode, and the
/// origin carries the batch.
#[test]
fn a_tma_copy_of_a_rank_3_tensor_carries_the_batch() {
    use tessel::atom::tma_copy::tma_partition;
    use tessel::{local_tile, TensorSmem, Underscore as _x, C};
    type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
    type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, (C<128>, C<64>, C<2>)>;
    let (m, k, l) = (300usize, 192usize, 3usize);
    let a = layout!("(M,K,L):(ldA,1,ldL)"; M = m, K = k, L = l, ldA = k, ldL = m * k);
    let tma = TensorMap::<BF16, Stage>::encode(0, &a, 1, |p, _: &mut TmaDescriptor| {
        assert_eq!((p.rank, &p.global_dim[..3]), (3, &[192, 300, 3][..]));
        Ok::<(), ()>(())
    })
    .unwrap();
    // SAFETY: the address and size are the stages' (nothing is read).
    let s = unsafe { TensorSmem::<BF16, _>::from_smem(0, 128 * 64 * 2, Stages::default()) };
    let tile = <shape!("(128,64,1)")>::default();
    for batch in 0..l {
        for bm in 0..3usize {
            let g = local_tile(tma.get_tma_tensor((m, k, l)), tile, (bm, _x, batch));
            let (tg, ts) = tma_partition(
                &tma,
                0,
                layout!("1:0"),
                s.group_modes::<0, 2>(),
                g.group_modes::<0, 3>(),
            );
            for kt in 0..3usize {
                let copy = tma.with(0x9000);
                assert_eq!(
                    copy.box_at(&tg.slice((_x, kt)), &ts.slice((_x, kt % 2)), 0),
                    tma.box_copy([bm * 128, kt * 64, batch], &s.slice((_x, _x, kt % 2)), 0),
                );
                assert_eq!(
                    copy.box_at(&tg.slice((_x, kt)), &ts.slice((_x, kt % 2)), 0)
                        .0[2],
                    batch as i32
                );
            }
        }
    }
    // The batch kept as a second rest mode: `(TMA, k, l)`, sliced at `(_, k, l)`.
    for bm in 0..3usize {
        let g = local_tile(tma.get_tma_tensor((m, k, l)), tile, (bm, _x, _x));
        let (tg, ts) = tma_partition(
            &tma,
            0,
            layout!("1:0"),
            s.group_modes::<0, 2>(),
            g.group_modes::<0, 3>(),
        );
        assert_eq!(tg.layout().shape().2, l);
        for batch in 0..l {
            for kt in 0..3usize {
                assert_eq!(
                    tma.with(0x9000)
                        .box_at(&tg.slice((_x, kt, batch)), &ts.slice((_x, kt % 2)), 0),
                    tma.box_copy([bm * 128, kt * 64, batch], &s.slice((_x, _x, kt % 2)), 0),
                );
            }
        }
    }
}

/// A global tensor of more modes than a descriptor's 5: those past the fifth fold into it at
/// their greatest common stride (CuTe's answers for 6 modes are in tests/golden/tma.tsv). Here 8
/// modes, the last four with gaps between them: every coordinate's TMA coordinates, through the
/// descriptor's extents and byte strides, reach the element the layout gives. (CuTe 4.x gives
/// the last mode the factor -127 here, where 128 is the one that reaches it.)
#[test]
fn global_tensors_past_rank_5_fold_into_the_last_descriptor_mode() {
    type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
    let (m, k) = (256usize, 128usize);
    let g = layout!("(M,K,L0,L1,L2,L3,L4,L5):(ldA,1,s0,s1,s2,s3,s4,s5)";
        M = m, K = k, L0 = 2usize, L1 = 3usize, L2 = 4usize, L3 = 5usize, L4 = 2usize, L5 = 3usize,
        ldA = k, s0 = 65536usize, s1 = 262144usize, s2 = 1048576usize, s3 = 8388608usize,
        s4 = 67108864usize, s5 = 134217728usize);
    let mut seen = None;
    let tma = TensorMap::<BF16, Stage>::encode(0, &g, 1, |p, _: &mut TmaDescriptor| {
        seen = Some(*p);
        Ok::<(), ()>(())
    })
    .unwrap();
    let p = seen.unwrap();
    assert_eq!((p.rank, p.global_dim), (5, [128, 256, 2, 3, 356]));
    let mut checked = 0;
    for c in [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [5, 9, 1, 2, 3, 4, 1, 2],
        [255, 127, 1, 0, 0, 4, 1, 1],
    ] {
        let t = tma.tma_coord(c);
        assert!((0..5).all(|i| (t[i] as u64) < p.global_dim[i]));
        let bytes: u64 = t[0] as u64 * 2
            + (1..5)
                .map(|i| t[i] as u64 * p.global_strides[i - 1])
                .sum::<u64>();
        let want = g.call_signed((c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]));
        assert_eq!(bytes, 2 * want as u64, "coordinate {c:?}");
        checked += 1;
    }
    assert_eq!(tma.tma_coord([0, 0, 0, 0, 0, 0, 0, 1])[4], 128);
    assert_eq!(checked, 3);
}

/// Nested global modes end to end: A's M as `(8, m)` (eight rows, then the blocks of eight) and
/// K as `(64, k)`, each leaf a mode of the descriptor (CuTe's TMA tensor: `((1@1,1@2),1@0)` and
/// `(1@1,(1@0,1@2))`). The TMA tensor of the same nested shape, cut by the same `local_tile`,
/// gives each box its leaves' coordinates, a box that starts in the next K leaf included.
#[test]
fn a_tma_copy_of_nested_global_modes_reads_each_leaf() {
    use tessel::atom::tma_copy::tma_partition;
    use tessel::{local_tile, TensorSmem, Underscore as _x, C};
    type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, (C<128>, C<64>, C<2>)>;
    let (m1, k) = (64usize, 256usize); // M = 8 * 64 = 512
    let a = layout!("((8,M1),K):((ldA,ldA8),1)"; M1 = m1, K = k, ldA = k, ldA8 = 8 * k);
    let tma = TensorMap::<BF16, KSw128>::encode(0, &a, 1, |p, _: &mut TmaDescriptor| {
        assert_eq!(
            (p.rank, &p.global_dim[..3], &p.box_dim[..3]),
            (3, &[256, 8, 64][..], &[64, 8, 16][..])
        );
        Ok::<(), ()>(())
    })
    .unwrap();
    // SAFETY: the address and size are the stages' (nothing is read).
    let s = unsafe { TensorSmem::<BF16, _>::from_smem(0, 128 * 64 * 2, Stages::default()) };
    let shape = ((C::<8>::default(), m1), k);
    for bm in 0..4usize {
        let g = local_tile(
            tma.get_tma_tensor(shape),
            <shape!("(128,64)")>::default(),
            (bm, _x),
        );
        let (tg, ts) = tma_partition(
            &tma,
            0,
            layout!("1:0"),
            s.group_modes::<0, 2>(),
            g.group_modes::<0, 2>(),
        );
        for kt in 0..4usize {
            let (c, at) = tma
                .with(0)
                .box_at(&tg.slice((_x, kt)), &ts.slice((_x, kt % 2)), 0);
            // K at dim 0, the row in its block of eight at dim 1, the block at dim 2.
            assert_eq!(
                (c, at),
                (
                    [64 * kt as i32, 0, 16 * bm as i32, 0, 0],
                    (kt % 2 * 2 * 128 * 64) as u32
                )
            );
        }
    }
    // K as (64, k/64) under a tile 128 wide: the tile's two boxes of 64 along K, the second in
    // the next K leaf, are one box of CuTe's grown across the leaf, `(64,128,2)`: the copy
    // issues the first alone.
    let a = layout!("(M,(64,K1)):(ldA,(1,64))"; M = 1000usize, K1 = 8usize, ldA = 512isize);
    let tma = TensorMap::<BF16, KSw128Wide>::encode(0, &a, 1, |p, _: &mut TmaDescriptor| {
        assert_eq!(
            (p.rank, &p.global_dim[..3], &p.box_dim[..3]),
            (3, &[64, 1000, 8][..], &[64, 128, 2][..])
        );
        Ok::<(), ()>(())
    })
    .unwrap();
    assert!(tma.issues_box(0) && !tma.issues_box(1));
    // SAFETY: as above.
    let s = unsafe { TensorSmem::<BF16, _>::from_smem(0, 128 * 128, KSw128Wide::default()) };
    let g = local_tile(
        tma.get_tma_tensor((1000usize, (C::<64>::default(), 8usize))),
        <shape!("(128,128)")>::default(),
        (3usize, 2usize),
    );
    let copy = tma.with(0);
    assert_eq!(copy.box_at(&g, &s, 0), ([0, 384, 4, 0, 0], 0));
    assert_eq!(copy.box_at(&g, &s, 1), ([0, 384, 5, 0, 0], 2 * 128 * 64));
    // The M-major tile over M as (64, m/64): CuTe's box `(64,8,2)` covers the tile's boxes at
    // M 0 and 64 of each K step; a flat M keeps the tile's box and issues every one.
    let rows = layout!("((64,M1),K):((1,64),ldA)"; M1 = 64usize, K = 512usize, ldA = 4096isize);
    let flat = layout!("(M,K):(1,ldA)"; M = 4096usize, K = 512usize, ldA = 4096isize);
    let nested = TensorMap::<F16, MnSw128>::encode(0, &rows, 1, |p, _: &mut TmaDescriptor| {
        assert_eq!(&p.box_dim[..3], &[64, 8, 2][..]);
        Ok::<(), ()>(())
    })
    .unwrap();
    let plain =
        TensorMap::<F16, MnSw128>::encode(0, &flat, 1, |_, _: &mut TmaDescriptor| Ok::<(), ()>(()))
            .unwrap();
    let boxes = TensorMap::<F16, MnSw128>::BOXES;
    for i in 0..boxes.len() {
        assert_eq!(nested.issues_box(i), boxes.at(i)[0] == 0, "box {i}");
        assert!(plain.issues_box(i));
    }
}
