//! Tensors: the contract's spellings, the chapter's worked partitions, mixed layouts.

use tessel::num::basis::E;
use tessel::typenum::{U0, U1};
use tessel::{layout, local_partition, local_tile, shape, Layout, Tensor, Underscore, C};

fn iota(n: usize) -> Vec<usize> {
    (0..n).collect()
}

#[test]
fn a_tensor_indexes_its_slice_through_its_layout() {
    let data = iota(32);
    let t = Tensor::new(&data, layout!("(4,8):(8,1)"));
    assert_eq!(t.layout().to_string(), "(4,8):(8,1)");
    assert_eq!(t[5], 8 + 1); // 1-D 5 is (1,1): 1 * 8 + 1 * 1
    assert_eq!(t[(1usize, 2usize)], 10);
    let copied = t; // Copy, like &[T]
    assert_eq!(copied[31], t[31]);
}

#[test]
#[should_panic(
    expected = "Tensor::new: the layout (4,8):(8,1) reaches the indices 0..=31 from 0, outside a slice of 31 elements"
)]
fn a_layout_past_the_slice_panics_clearly() {
    let data = iota(31);
    let _ = Tensor::new(&data, layout!("(4,8):(8,1)"));
}

/// The chapter's 16x8 column-major tile among 32 threads, a 2x2 each: the tiles are
/// `((2,2),(8,4)):((1,16),(2,32))`, and thread t takes tile `(t % 8, t / 8)`.
#[test]
fn each_thread_takes_a_two_by_two_tile() {
    let data = iota(128);
    let t = Tensor::new(&data, layout!("(16,8):(1,16)"));
    let tiles = tessel::zipped_divide(t.layout(), <shape!("(2,2)")>::default());
    assert_eq!(tiles.to_string(), "((2,2),(8,4)):((1,16),(2,32))");
    let held = |thread: usize| {
        let tile = local_tile(t, <shape!("(2,2)")>::default(), (thread % 8, thread / 8));
        (0..4).map(|i| tile[i]).collect::<Vec<_>>()
    };
    assert_eq!(held(0), [0, 1, 16, 17]);
    assert_eq!(held(1), [2, 3, 18, 19]);
    assert_eq!(held(8), [32, 33, 48, 49]);
}

/// local_partition with a (16,2) thread layout: `((16,2),(1,4)):((1,16),(0,32))`, thread t holds
/// one element of each (16,2) tile.
#[test]
fn local_partition_hands_each_thread_one_element_per_tile() {
    let data = iota(128);
    let t = Tensor::new(&data, layout!("(16,8):(1,16)"));
    let held = |thread: usize| {
        let p = local_partition(t, layout!("(16,2):(1,16)"), thread);
        assert_eq!(p.layout().to_string(), "(1,4):(0,32)");
        (0..4).map(|i| p[i]).collect::<Vec<_>>()
    };
    assert_eq!(held(0), [0, 32, 64, 96]);
    assert_eq!(held(1), [1, 33, 65, 97]);
    assert_eq!(held(16), [16, 48, 80, 112]);
}

/// The contract's spellings: a shape tiler, a row-major thread layout.
#[test]
fn the_contract_spellings() {
    let data = iota(64 * 64);
    let t = Tensor::new(&data, layout!("(64,64):(64,1)"));
    let tile = local_tile(t, <shape!("(16,32)")>::default(), (1usize, 1usize));
    assert_eq!(tile.layout().to_string(), "(16,32):(64,1)");
    assert_eq!(tile[0], 16 * 64 + 32);
    let part = local_partition(tile, layout!("(8,4):(4,1)"), 5);
    // Thread 5 of (8,4):(4,1) sits at (1,1): rows 1, 9 and columns 1, 5, ..., 29 of the tile.
    assert_eq!(part.layout().to_string(), "(2,8):(512,4)");
    assert_eq!(part[0], tile[(1usize, 1usize)]);
    assert_eq!(part[(1usize, 7usize)], tile[(9usize, 29usize)]);
}

/// A runtime-sized matrix: every thread of every block reads what the naive loop reads.
#[test]
fn a_runtime_matrix_partitions_like_the_naive_loop() {
    let (m, n) = (96usize, 40usize);
    let data = iota(m * n);
    let a = Tensor::new(&data, Layout::new((m, n), (n as isize, C::<1>::default())));
    for (bm, bn) in [(0usize, 0usize), (2, 4), (5, 1)] {
        let block = local_tile(a, (C::<16>::default(), C::<8>::default()), (bm, bn));
        for thread in 0..32 {
            let part = local_partition(block, layout!("(4,8):(8,1)"), thread);
            let (ti, tj) = (thread / 8, thread % 8);
            for i in 0..4 {
                assert_eq!(part[(i, 0usize)], (bm * 16 + ti + 4 * i) * n + bn * 8 + tj);
            }
        }
    }
}

/// CuTe's answers (raw print: `_N` static), from `cute-oracle --raw --cpp
/// 'local_partition(make_tensor(make_gmem_ptr((float*)nullptr), LAYOUT), THR, I).layout()'` and
/// the same for `local_tile(.., TILER, make_coord(..))`.
#[test]
fn partitions_match_cute() {
    let data = iota(64 * 64);
    let big = Tensor::new(&data, layout!("(64,64):(64,1)"));
    let p = local_partition(big, layout!("(8,4):(4,1)"), 5);
    assert_eq!(format!("{:#}", p.layout()), "(_8,_16):(_512,_4)");
    let t = local_tile(big, <shape!("(16,32)")>::default(), (1usize, 1usize));
    assert_eq!(format!("{:#}", t.layout()), "(_16,_32):(_64,_1)");
    let small = Tensor::new(&data, layout!("(16,8):(1,16)"));
    let p = local_partition(small, layout!("(16,2):(1,16)"), 16);
    assert_eq!(format!("{:#}", p.layout()), "(_1,_4):(_0,_32)");
    let runtime = Tensor::new(
        &data,
        Layout::new((96usize, 40usize), (40isize, C::<1>::default())),
    );
    let t = local_tile(
        runtime,
        (C::<16>::default(), C::<8>::default()),
        (2usize, 4usize),
    );
    assert_eq!(format!("{:#}", t.layout()), "(_16,_8):(40,_1)");
    let block = Tensor::new(
        &data,
        Layout::new(
            (C::<16>::default(), C::<8>::default()),
            (96isize, C::<1>::default()),
        ),
    );
    let p = local_partition(block, layout!("(4,8):(8,1)"), 9);
    assert_eq!(format!("{:#}", p.layout()), "(_4,_1):(384,_0)");
}

/// A runtime size the tile does not divide: the last tile overhangs, `is_full` says so, and
/// the elements inside read as the naive loop reads them.
#[test]
fn ragged_tiles_are_predicated() {
    let n = 1003usize;
    let data = iota(n);
    let v = Tensor::new(&data, Layout::new(n, C::<1>::default()));
    for tile in 0..251 {
        let t = local_tile(v, C::<4>::default(), tile);
        assert_eq!(t.is_full(), tile < 250);
        for k in (0..4).filter(|k| t.base() + k < n) {
            assert_eq!(t[k], tile * 4 + k);
        }
    }
}

#[allow(dead_code)]
#[path = "../examples/vector_add.rs"]
mod vector_add;

/// The usage sketch's vector add, on lengths with and without a tail.
#[test]
fn vector_add_with_a_ragged_tail() {
    for n in [1003usize, 1000, 3, 1, 17] {
        let a: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let b: Vec<f32> = (0..n).map(|i| 7.0 - i as f32).collect();
        let mut c = vec![f32::NAN; n];
        vector_add::vector_add(&a, &b, &mut c);
        for i in 0..n {
            assert_eq!(c[i], a[i] + b[i], "n = {n}, i = {i}");
        }
    }
}

/// The sketch's spellings: tiles of 4, the last one holding 3 elements.
#[test]
fn zipped_divide_slice_and_local_tile_of_a_slice() {
    let a: Vec<u32> = (0..1003).collect();
    let g = tessel::Tensor::from_slice(&a).zipped_divide::<4>();
    assert_eq!(format!("{:#}", g.layout()), "(_4,251):(_1,_4)");
    let t = g.slice((tessel::tensor::Underscore, 249usize));
    assert!(t.is_full());
    assert_eq!((t.base(), t[3]), (996, 999));
    let tail = local_tile(Tensor::from_slice(&a), C::<4>::default(), 250usize);
    assert!(!tail.is_full());
    assert_eq!((tail.base(), tail[2]), (1000, 1002));
    let f = unsafe { t.load() } + unsafe { t.load() };
    assert_eq!(f.as_array().as_slice(), &[1992, 1994, 1996, 1998]);
}

/// A mutable tensor is written through IndexMut and partitions; a fragment stores a tile.
#[test]
fn mutable_tensors_and_fragments() {
    let mut c = vec![0i32; 128];
    let mut t = tessel::TensorMut::new(&mut c, layout!("(16,8):(1,16)"));
    t[(3usize, 2usize)] = 5;
    let mut tile = local_tile(t, <shape!("(4,4)")>::default(), (1usize, 1usize));
    let f = tessel::tensor::FragmentOf::<i32, shape!("(4,4)")>::filled(7);
    unsafe { tile.store(f) };
    assert_eq!(c[3 + 32], 5);
    assert_eq!(c[4 + 4 * 16], 7);
    assert_eq!(c[7 + 7 * 16], 7);
    assert_eq!(c.iter().filter(|&&x| x == 7).count(), 16);
}

/// Slicing with `_` keeps CuTe's modes and static leaves (the oracle's raw answers:
/// `slice(make_coord(_,3,_), (8,#5,2):(1,#100,8))` = `(_8,_2):(_1,_8)`, and
/// `slice(((_,1),_), ((2,3),#7):((3,1),6))` = `(_2,7):(_3,_6)`), and moves the base.
#[test]
fn slicing_with_underscore_matches_cute() {
    use tessel::tensor::Underscore as U;
    let data = vec![0u8; 1024];
    let t = Tensor::new(&data, layout!("(8,N,2):(1,ldN,8)"; N = 5, ldN = 100));
    let s = t.slice((U, 3usize, U));
    assert_eq!(
        (format!("{:#}", s.layout()), s.base()),
        ("(_8,_2):(_1,_8)".into(), 300)
    );
    let t = Tensor::new(&data, layout!("((2,3),N):((3,1),6)"; N = 7));
    let s = t.slice(((U, 1usize), U));
    assert_eq!(
        (format!("{:#}", s.layout()), s.base()),
        ("(_2,7):(_3,_6)".into(), 1)
    );
}

/// Projections and a row-major thread layout, against CuTe's raw answers and offsets
/// (cute-oracle `--raw --cpp`, `local_partition(make_tensor(ptr, L), thr, i, Step<..>{})`).
#[test]
fn projected_partitions_match_cute() {
    use tessel::tensor::{local_partition_proj, X};
    let data = vec![0f32; 4096];
    let one = C::<1>::default();
    let s = Tensor::new(&data, layout!("(128,8)"));
    let a = local_partition_proj(s, layout!("(16,16)"), 17, (one, X));
    assert_eq!(
        (format!("{:#}", a.layout()), a.base()),
        ("(_8,_8):(_16,_128)".into(), 1)
    );
    let b = local_partition_proj(s, layout!("(16,16)"), 200, (X, one));
    assert_eq!(
        (format!("{:#}", b.layout()), b.base()),
        ("(_8,_8):(_16,_128)".into(), 12)
    );
    let r = Tensor::new(&data, layout!("(64,32):(ld,1)"; ld = 32));
    let p = local_partition(r, layout!("(8,4):(4,1)"), 13);
    assert_eq!(
        (format!("{:#}", p.layout()), p.base()),
        ("(_8,_8):(256,_4)".into(), 97)
    );
}

/// A raw-pointer tensor partitions like a slice-backed one and reads and writes through its
/// pointer.
#[test]
fn raw_pointer_tensors() {
    let mut data: Vec<f32> = (0..128).map(|i| i as f32).collect();
    let t = unsafe {
        tessel::TensorPtr::from_raw_parts(data.as_mut_ptr(), 128, layout!("(16,8):(1,16)"))
    };
    let part = local_partition(t, layout!("(16,2):(1,16)"), 16);
    assert_eq!(part.layout().to_string(), "(1,4):(0,32)");
    unsafe {
        assert_eq!(part.read((0usize, 3usize)), 112.0);
        part.write((0usize, 1usize), -1.0);
    }
    assert_eq!(data[48], -1.0);
}

/// Partitions of a swizzled shared tile read the elements CuTe's do, in CuTe's order (CuTe
/// rewrites the swizzle of an smem tensor into strides where it can, so its layouts print
/// otherwise; the offsets are from `cute-oracle --cpp` with `&t(i) - d` for every `i`).
#[test]
fn swizzled_partitions_read_cutes_elements() {
    type S = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");
    let smem: Vec<usize> = (0..512).collect();
    let t = Tensor::swizzled(&smem, S::default());
    let elems = |n: usize, f: &dyn Fn(usize) -> usize| (0..n).map(f).collect::<Vec<_>>();
    let part = local_partition(t, layout!("(8,4):(4,1)"), 6);
    let want = [
        74, 78, 66, 70, 90, 94, 82, 86, 106, 110, 98, 102, 122, 126, 114, 118,
    ];
    assert_eq!(elems(16, &|i| part[i]), want);
    let tile = local_tile(t, <shape!("(8,8)")>::default(), (0usize, 2usize));
    let want: Vec<usize> = (16..24)
        .flat_map(|c| [0, 72, 112, 184, 288, 360, 400, 472].map(|r| r + c))
        .collect();
    assert_eq!(elems(64, &|i| tile[i]), want);
    let sub = local_tile(t, <shape!("(8,32)")>::default(), (0usize, 1usize));
    let part = local_partition(sub, layout!("(4,8)"), 13);
    assert_eq!(
        elems(8, &|i| part[i]),
        [107, 331, 99, 323, 123, 347, 115, 339]
    );
}

/// A stage sliced out of a swizzled stage-moded tile: its elements are the stage's (the swizzle
/// of each index), and the stage's offset, above the swizzle's bits, sits in the base while the
/// offset inside the swizzle keeps only the bits the swizzle reads.
#[test]
fn a_swizzled_stage_slice_moves_its_stage_offset_into_the_base() {
    use tessel::Underscore as _x;
    type S = layout!("Sw<3,3,3> o 0 o (8,64,3):(64,1,512)");
    let smem: Vec<usize> = (0..3 * 512).collect();
    let t = Tensor::swizzled(&smem, S::default());
    let sw = |i: usize| i ^ ((i & 0b111_000_000) >> 3);
    for pipe in 0..3usize {
        let stage = t.slice((_x, _x, pipe));
        assert_eq!((stage.base(), stage.layout().offset()), (512 * pipe, 0));
        // Thread (1, 2) of 8x4: row 1, columns 2, 6, .., 62.
        let part = local_partition(stage, layout!("(8,4):(4,1)"), 6);
        for j in 0..16usize {
            assert_eq!(part[j], 512 * pipe + sw(64 + 2 + 4 * j));
            assert_eq!(part[j], t[(1usize, 2 + 4 * j, pipe)]);
        }
    }
}

/// 32-bit evaluation reads and writes the elements the signed one does.
#[test]
fn raw_pointer_tensors_in_32_bits() {
    let mut data: Vec<f32> = (0..4096).map(|i| i as f32).collect();
    let t = unsafe {
        tessel::TensorPtr::from_raw_parts(
            data.as_mut_ptr(),
            4096,
            layout!("(M,N):(1,ld)"; M = 64, N = 64, ld = 64),
        )
    };
    let tile = local_tile(t, <shape!("(16,16)")>::default(), (2usize, 3usize));
    let part = local_partition(tile, layout!("(4,4)"), 5);
    for i in 0..16 {
        unsafe { assert_eq!(part.read32(i), part.read(i)) };
    }
    unsafe { part.write32((1usize, 2usize), -7.0) };
    assert_eq!(unsafe { part.read((1usize, 2usize)) }, -7.0);
}

/// TiledCopy and TiledMma partitions of a swizzled shared tile (ldmatrix's row addresses, the
/// MMA's A fragment, cp.async's destination) read CuTe's elements in CuTe's order: the offsets
/// in `tests/golden/swizzled_partitions.tsv` are `&t(i) - d` from `cute-oracle --cpp` on
/// `composition(Swizzle<2,3,3>{}, Layout<Shape<_128,_32>,Stride<_32,_1>>{})`.
#[test]
fn swizzled_tiled_partitions_read_cutes_elements() {
    use tessel::atom::copy::{
        CopyAtom, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM80_CP_ASYNC_CACHEGLOBAL,
    };
    use tessel::atom::element::F16;
    use tessel::atom::tiled_copy::{MakeTiledCopyA, MakeTiledCopyB};
    use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
    use tessel::{MakeTiledCopy, MakeTiledMma};
    type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)")>;
    type Cp = CopyAtom<SM80_CP_ASYNC_CACHEGLOBAL<u128>, F16>;
    let smem: Vec<usize> = (0..4096).collect();
    let t = Tensor::swizzled(
        &smem,
        <layout!("Sw<2,3,3> o 0 o (128,32):(32,1)")>::default(),
    );
    let golden = include_str!("golden/swizzled_partitions.tsv");
    let want = |name: &str| -> Vec<usize> {
        let line = golden.lines().find(|l| l.starts_with(name)).unwrap();
        let offsets = line.split('\t').nth(1).unwrap();
        offsets
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect()
    };
    let elems = |n: usize, f: &dyn Fn(usize) -> usize| (0..n).map(f).collect::<Vec<_>>();
    let p = MakeTiledCopyA::<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>::get_slice(37).partition_S(t);
    assert_eq!(elems(64, &|i| p[i]), want("ldsm_x4_A_37"));
    let p = Mma::get_slice(37).partition_A(t);
    assert_eq!(elems(64, &|i| p[i]), want("mma_A_37"));
    let p = MakeTiledCopyB::<CopyAtom<SM75_U32x2_LDSM_N, F16>, Mma>::get_slice(100).partition_S(t);
    assert_eq!(elems(64, &|i| p[i]), want("ldsm_x2_B_100"));
    let p = MakeTiledCopy::<layout!("(64,4):(4,1)"), layout!("(1,8)"), Cp>::get_slice(37)
        .partition_D(t);
    assert_eq!(elems(16, &|i| p[i]), want("cp_async_D_37"));
}

/// `retile_D` keeps the fragment's registers: the retiled layout reaches each of them once, for
/// ldmatrix copies of A and B over permuted and plain TiledMmas and a copy of C.
#[test]
fn a_retiled_fragment_reaches_each_register_once() {
    use tessel::atom::copy::{CopyAtom, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, UniversalCopy};
    use tessel::atom::element::F16;
    use tessel::atom::tiled_copy::{MakeTiledCopyA, MakeTiledCopyB, MakeTiledCopyC};
    use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
    use tessel::MakeTiledMma;
    // A layout of `size` coordinates onto `registers` registers, each reached once.
    fn bijective(size: usize, registers: usize, index: impl Fn(usize) -> isize) {
        assert_eq!(size, registers);
        let mut seen = vec![false; registers];
        for i in 0..size {
            let r = index(i) as usize;
            assert!(!seen[r], "register {r} twice");
            seen[r] = true;
        }
    }
    type Wide =
        MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;
    type Plain = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)")>;
    let data = vec![0f32; 128 * 128];
    let t = Tensor::new(&data, layout!("(128,64):(1,128)"));
    let fa = Wide::get_slice(5).partition_fragment_A::<f32, _, _>(&t);
    let ra = MakeTiledCopyA::<CopyAtom<SM75_U32x4_LDSM_N, F16>, Wide>::get_slice(5)
        .retile_D(fa.as_view());
    bijective(ra.size(), 128, |i| ra.layout().call_signed(i));
    let fb = Wide::get_slice(70).partition_fragment_B::<f32, _, _>(&t);
    let rb = MakeTiledCopyB::<CopyAtom<SM75_U32x4_LDSM_N, F16>, Wide>::get_slice(70)
        .retile_D(fb.as_view());
    bijective(rb.size(), 128, |i| rb.layout().call_signed(i));
    let fb = Plain::get_slice(200).partition_fragment_B::<f32, _, _>(&t);
    let rb = MakeTiledCopyB::<CopyAtom<SM75_U32x2_LDSM_N, F16>, Plain>::get_slice(200)
        .retile_S(fb.as_view());
    bijective(rb.size(), 64, |i| rb.layout().call_signed(i));
    let c = Tensor::new(&data, layout!("(128,128)"));
    let fc = Wide::get_slice(3).partition_fragment_C::<f32, _, _>(&c);
    let rc = MakeTiledCopyC::<CopyAtom<UniversalCopy<u64>, f32>, Wide>::get_slice(3)
        .retile_D(fc.as_view());
    bijective(rc.size(), 128, |i| rc.layout().call_signed(i));
}

/// A swizzled tile's fragments are its layout's: registers are not swizzled, and a K-major
/// tile's A and B fragments walk K last, as the tile does (CuTe's `make_fragment_like`).
#[test]
fn fragments_of_swizzled_and_plain_tiles_agree() {
    use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
    use tessel::MakeTiledMma;
    type Wide =
        MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)"), (C<32>, C<32>, C<16>)>;
    let data = vec![0u16; 128 * 64];
    let plain = Tensor::new(&data, layout!("(128,64):(64,1)"));
    let swizzled = Tensor::swizzled(
        &data,
        <layout!("Sw<3,3,3> o 0 o (128,64):(64,1)")>::default(),
    );
    let thr = Wide::get_slice(9);
    let (fa, fs) = (
        thr.partition_fragment_A::<u16, _, _>(&plain),
        thr.partition_fragment_A::<u16, _, _>(&swizzled),
    );
    assert_eq!(fa.layout().to_string(), "((2,2,2),4,4):((1,2,4),32,8)");
    assert_eq!(fs.layout().to_string(), fa.layout().to_string());
    let fb = thr.partition_fragment_B::<u16, _, _>(&swizzled);
    assert_eq!(fb.layout().to_string(), "((2,2),8,4):((1,2),16,4)");
}

/// CuTe's `make_tensor` takes a swizzled layout as it takes a plain one; the tensor keeps it as
/// `Sw o offset o L`, reads and writes through it, and knows its size and shape.
#[test]
fn a_swizzled_layout_makes_a_tensor() {
    use tessel::{TensorMut, TensorPtr};
    type S = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");
    let sw = |i: usize| i ^ ((i & 0b111_000_000) >> 3);
    let data = iota(512);
    let t = Tensor::new(&data, S::default());
    fn text(s: &impl tessel::int_tuple::IntTuple) -> String {
        s.dynamic().to_string()
    }
    assert_eq!((t.size(), text(&t.shape())), (512, "(8,64)".to_string()));
    assert_eq!(t[(3usize, 5usize)], sw(3 * 64 + 5));
    let tile = local_tile(t, <shape!("(8,8)")>::default(), (0usize, 2usize));
    assert_eq!(
        (tile.size(), text(&tile.shape())),
        (64, "(8,8)".to_string())
    );
    assert_eq!(tile[(3usize, 5usize)], sw(3 * 64 + 16 + 5));
    let mut buf = vec![0usize; 512];
    let mut m = TensorMut::new(&mut buf, S::default());
    for i in 0..512usize {
        m[i] = i; // 1-D coordinate i, element Sw(L(i)) of the slice
    }
    assert!((0..512).all(|i| buf[sw(i % 8 * 64 + i / 8)] == i));
    let p = unsafe { TensorPtr::from_raw_parts(data.as_ptr() as *mut usize, 512, S::default()) };
    assert_eq!(unsafe { p.read((1usize, 0usize)) }, sw(64));
}

#[test]
#[should_panic(
    expected = "Tensor::new: the layout Sw<3,3,3> o 0 o (8,64):(64,1) reaches the indices 0..=511"
)]
fn a_swizzled_layout_past_the_slice_panics_clearly() {
    let data = iota(500);
    let _ = Tensor::new(&data, <layout!("Sw<3,3,3> o 0 o (8,64):(64,1)")>::default());
}

/// A tensor prints its layout, then its elements in the layout's shape (CuTe's print_tensor).
#[test]
fn tensors_print_their_elements_in_their_shape() {
    let data = iota(24);
    let v = Tensor::new(&data, layout!("3:2"));
    assert_eq!(v.to_string(), "3:2:\n0\n2\n4\n");
    let m = Tensor::new(&data, layout!("(2,3):(3,1)"));
    assert_eq!(m.to_string(), "(2,3):(3,1):\n0 1 2\n3 4 5\n");
    let c = Tensor::new(&data, layout!("(2,2,(2,3)):(1,2,(4,8))"));
    let text = "(2,2,(2,3)):(1,2,(4,8)):\n 0  2\n 1  3\n-----\n 4  6\n 5  7\n-----\n 8 10\n 9 11\n-----\n12 14\n13 15\n-----\n16 18\n17 19\n-----\n20 22\n21 23\n";
    assert_eq!(c.to_string(), text);
    let s = iota(512);
    let t = Tensor::new(&s, <layout!("Sw<3,3,3> o 0 o (8,64):(64,1)")>::default());
    let tile = local_tile(t, <shape!("(2,2)")>::default(), (0usize, 4usize)); // rows 0..2, columns 8..10
                                                                              // Row 1, columns 8 and 9: indices 72 and 73, whose bit 6 flips bit 3.
    assert_eq!(
        tile.to_string(),
        "Sw<3,3,3> o 8 o (2,2):(64,1):\n 8  9\n64 65\n"
    );
    assert_eq!(
        format!("{m:?}"),
        "TensorOf { base: 0, layout: (2,3):(3,1) }"
    );
}

/// Everything the README and the module docs use is reachable from the crate root.
#[test]
fn the_tensor_vocabulary_is_at_the_root() {
    use tessel::{
        axpby, clear, copy, copy_if, elem_less, make_fragment_like, make_identity_tensor,
        make_layout_left, make_layout_right, Fragment, IdentityTensor, Swizzled, TensorLayout,
        Underscore,
    };
    let id: IdentityTensor = make_identity_tensor(10, 7);
    let tile = local_tile(id, <shape!("(4,4)")>::default(), (2usize, 1usize));
    assert!(elem_less(tile.coord((1usize, 2usize)), (10, 7)));
    let data = iota(16);
    let t = Tensor::new(&data, layout!("(4,4):(4,1)"));
    let mut f = make_fragment_like(&t);
    copy(&t, &mut f);
    type F = Fragment<usize, layout!("(4,4)")>;
    let mut g = F::filled(1);
    copy_if(|_| true, &t, &mut g);
    clear(&mut g);
    axpby(2, &t, 0, &mut g);
    assert_eq!(
        (g[(1usize, 2usize)], t.slice((Underscore, 2usize))[1usize]),
        (12, 6)
    );
    type Sw = Swizzled<tessel::Swizzle<3, 3, 3>, layout!("8:1")>;
    let _: Option<Sw> = None;
    fn takes<L: TensorLayout>(_: L) {}
    takes(layout!("8:1"));
    assert_eq!(
        format!("{:#}", make_layout_left((3usize, 4usize))),
        "(3,4):(_1,3)"
    );
    assert_eq!(
        format!("{:#}", make_layout_right((3usize, C::<4>::default()))),
        "(3,_4):(_4,_1)"
    );
    assert_eq!(f[(1usize, 2usize)], 6);
}

/// CuTe's compact default for runtime and mixed shapes is column-major, `make_layout(shape)`;
/// `cute-oracle --raw --cpp 'make_layout(make_shape(200, 96))'` prints (200,96):(_1,200).
#[test]
fn runtime_shapes_default_to_column_major() {
    let (m, n) = (200usize, 96usize);
    assert_eq!(
        format!("{:#}", layout!("(M,N)"; M = m, N = n)),
        "(200,96):(_1,200)"
    );
    assert_eq!(
        format!("{:#}", layout!("(M,(4,N))"; M = m, N = n)),
        "(200,(_4,96)):(_1,(200,800))"
    );
    assert_eq!(format!("{:#}", layout!("(8,N)"; N = n)), "(_8,96):(_1,_8)");
    assert_eq!(format!("{:#}", layout!("(1,N)"; N = n)), "(_1,96):(_0,_1)");
}

/// A tile knows where its tensor ends: a (64,64) tile of a runtime 200 x 96 row-major matrix is
/// full only where it lies inside, and so are the thread partitions cut from it.
#[test]
fn a_tile_knows_where_its_tensor_ends() {
    let (m, n) = (200usize, 96usize);
    let data = iota(m * n);
    let a = Tensor::new(&data, layout!("(M,N):(ldA,1)"; M = m, N = n, ldA = n));
    let tile = |b: (usize, usize)| local_tile(a, <shape!("(64,64)")>::default(), b);
    assert!(tile((0, 0)).is_full() && tile((2, 0)).is_full());
    assert!(!tile((0, 1)).is_full()); // columns 64..128 of 96
    assert!(!tile((3, 0)).is_full()); // rows 192..256 of 200
    let part = local_partition(tile((0, 1)), layout!("(8,8):(8,1)"), 3);
    assert!(!part.is_full());
    assert!(local_partition(tile((1, 0)), layout!("(8,8):(8,1)"), 3).is_full());
    // A 1-D block coordinate, read column-major over the 4 x 2 tiles: block 5 is (1,1).
    assert!(!local_tile(a, <shape!("(64,64)")>::default(), 5usize).is_full());
    assert!(local_tile(a, <shape!("(64,64)")>::default(), 2usize).is_full());
}

#[test]
#[should_panic(expected = "local_tile: the block coordinate 2 in mode 1 is past the 2 tiles there")]
fn a_block_past_the_tiles_is_caught() {
    let (m, n) = (200usize, 96usize);
    let data = iota(m * n);
    let a = Tensor::new(&data, layout!("(M,N):(ldA,1)"; M = m, N = n, ldA = n));
    let _ = local_tile(a, <shape!("(64,64)")>::default(), (0usize, 2usize));
}

#[test]
fn a_static_slice_coordinate_fixes_its_mode_as_a_runtime_one() {
    use tessel::Underscore;
    // A staged shared tile (BM, BK, PIPE): stage 2 of 3, as CuTe's sA(_, _, _2).
    let data = vec![0f32; 8 * 4 * 3];
    let t = || Tensor::new(&data[..], layout!("(8,4,3):(4,1,32)"));
    let by_type = t().slice((Underscore, Underscore, C::<2>::default()));
    let by_value = t().slice((Underscore, Underscore, 2usize));
    assert_eq!(by_type.layout().to_string(), "(8,4):(4,1)");
    assert_eq!(by_type.layout().to_string(), by_value.layout().to_string());
    assert_eq!((by_type.base(), by_value.base()), (64, 64));
    let row = t().slice((C::<3>::default(), Underscore, C::<1>::default()));
    assert_eq!(
        (row.layout().to_string(), row.base()),
        ("(4):(1)".to_string(), 12 + 32)
    );
}

/// CuTe's `gA = local_tile(mA, tile, coord)` with `_` in the coordinate: the tiles along that
/// mode stay a mode (answers from cute-oracle).
#[test]
fn local_tile_keeps_the_modes_a_coordinate_leaves_open() {
    use tessel::{local_tile_proj, Underscore, X};
    let data = vec![0f32; 256 * 64];
    let t = || Tensor::new(&data[..], layout!("(256,64):(64,1)"));
    let tile = || <shape!("(128,16)")>::default();
    let g = local_tile(t(), tile(), (1usize, Underscore));
    assert_eq!(
        (g.layout().to_string(), g.base()),
        ("(128,16,4):(64,1,16)".into(), 8192)
    );
    let g = local_tile(t(), tile(), (Underscore, Underscore));
    assert_eq!(g.layout().to_string(), "(128,16,2,4):(64,1,8192,16)");
    let g = local_tile(t(), tile(), (Underscore, 2usize));
    assert_eq!(
        (g.layout().to_string(), g.base()),
        ("(128,16,2):(64,1,8192)".into(), 32)
    );
    // A runtime (M,K) matrix, column-major, and the tiler of (BM,BN,BK) with Step<_1,X,_1>.
    let (m, k) = (200usize, 64usize);
    let mat = vec![0f32; m * k];
    let a = Tensor::new(&mat[..], layout!("(M,K)"; M = m, K = k));
    let cta = (C::<128>::default(), C::<32>::default(), C::<16>::default());
    let g = local_tile_proj(
        a,
        cta,
        (1usize, 0usize, Underscore),
        (C::<1>::default(), X, C::<1>::default()),
    );
    assert_eq!(format!("{:#}", g.layout()), "(_128,_16,4):(_1,200,3200)");
    assert_eq!(g.base(), 128);
    // 200 rows: block 1 of 128 passes the end, every k-tile of it with it.
    assert!(!g.is_full());
    let full = local_tile(
        Tensor::new(&mat[..], layout!("(M,K)"; M = m, K = k)),
        tile(),
        (0usize, Underscore),
    );
    assert!(full.is_full());
}

#[test]
fn a_swizzled_tensor_slices_like_a_plain_one() {
    use tessel::Underscore;
    let smem: Vec<u32> = (0..512).collect();
    type S = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");
    let t = Tensor::new(&smem[..], S::default());
    let row = t.slice((3usize, Underscore));
    let col = t.slice((Underscore, C::<21>::default()));
    for j in 0..64usize {
        assert_eq!(row[j], t[(3usize, j)]);
    }
    for i in 0..8usize {
        assert_eq!(col[i], t[(i, 21usize)]);
    }
    // Swizzled: row 3 is not 192..256 in order.
    assert_ne!(
        (0..64usize).map(|j| row[j]).collect::<Vec<_>>(),
        (192..256).collect::<Vec<u32>>()
    );
    // A thread's part, then one of its values' modes.
    let part = local_partition(t, layout!("(8,4):(4,1)"), 6);
    let line = part.slice((Underscore, 3usize));
    assert_eq!(line[0usize], part[(0usize, 3usize)]);
}

/// A write through a view (a slice, a partition, a retile) lands in the fragment it views.
#[test]
fn writes_through_views_land_in_the_fragment() {
    use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
    use tessel::atom::element::F16;
    use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
    use tessel::tensor::FragmentOf;
    use tessel::{MakeTiledCopyA, MakeTiledMma, TiledCopy, Underscore};
    let mut frag = FragmentOf::<f32, shape!("(8,4)")>::default();
    let mut part = local_partition(frag.as_view_mut(), layout!("(4,2)"), 5); // thread (1,1)
    part[(1usize, 1usize)] = 3.0;
    assert_eq!(frag[(1 + 4, 1 + 2)], 3.0);
    frag.as_view_mut().slice((Underscore, 0usize))[7usize] = 2.0;
    assert_eq!(frag[(7usize, 0usize)], 2.0);
    // The MMA's A fragment, retiled for ldmatrix: value v of the retile is value v of A.
    type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
    let smem = [0u16; 32 * 16];
    let tile = Tensor::new(&smem, layout!("(32,16):(16,1)"));
    let mut fa = Mma::get_slice(0).partition_fragment_A::<u16, _, _>(&tile);
    let copy = <MakeTiledCopyA<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma> as TiledCopy>::get_slice(0);
    let mut retiled = copy.retile_D(fa.as_view_mut());
    let at = retiled.index_of(5usize) as usize;
    retiled[5usize] = 9;
    assert_eq!(fa.engine()[at], 9);
    assert_eq!(fa.engine().iter().filter(|&&x| x == 9).count(), 1);
}

/// local_tile of a tensor of higher rank than the tile keeps the modes the coordinate does not
/// name (CuTe appends `_` to it); the answers are CuTe's (`cute-oracle --cpp`, local_tile of a
/// counting tensor of `(32,32,3)` by `(16,16)`).
#[test]
fn local_tile_keeps_the_modes_past_the_coordinate() {
    let data = vec![0f32; 32 * 32 * 3];
    let t = || Tensor::new(&data[..], layout!("(32,32,3)"));
    let tile = <shape!("(16,16)")>::default();
    let kept = local_tile(t(), tile, (1usize, Underscore));
    assert_eq!(
        (kept.layout().to_string(), kept.base()),
        ("(16,16,2,3):(1,32,512,1024)".into(), 16)
    );
    let one = local_tile(t(), tile, (1usize, 1usize));
    assert_eq!(
        (one.layout().to_string(), one.base()),
        ("(16,16,3):(1,32,1024)".into(), 528)
    );
}

/// An identity tensor's coordinates, tiled and partitioned, are the matrix coordinates, past the
/// matrix's edge too (a ragged tile): every element of every `(4,4)` tile of a `10 x 7` matrix,
/// and of each of 8 threads' partitions of a `(8,4)` tile of a `1000 x 700` one.
#[test]
fn identity_coordinates_are_the_matrix_coordinates() {
    use tessel::tensor::make_identity_tensor;
    for bm in 0..3usize {
        for bn in 0..2usize {
            let tile = local_tile(
                make_identity_tensor(10, 7),
                <shape!("(4,4)")>::default(),
                (bm, bn),
            );
            for j in 0..4usize {
                for i in 0..4usize {
                    assert_eq!(tile.coord((i, j)), (4 * bm + i, 4 * bn + j));
                }
            }
        }
    }
    let tile = local_tile(
        make_identity_tensor(1000, 700),
        <shape!("(8,4)")>::default(),
        (124usize, 174usize),
    );
    for t in 0..8usize {
        let part = local_partition(tile, layout!("(4,2)"), t);
        for j in 0..2usize {
            for i in 0..2usize {
                let want = (992 + t % 4 + 4 * i, 696 + t / 4 + 2 * j);
                assert_eq!(part.coord((i, j)), want, "thread {t}, ({i},{j})");
            }
        }
    }
}

/// An identity tensor viewed through negative basis strides (`-1@0`, `-1@1`) counts its
/// coordinates down from its origin: each leaf's offset is its own, signed.
#[test]
fn identity_coordinates_through_negative_strides() {
    use tessel::tensor::make_identity_tensor;
    let tile = local_tile(
        make_identity_tensor(10, 7),
        <shape!("(4,4)")>::default(),
        (1usize, 1usize),
    );
    let back = tile.with_layout(Layout::new(
        (C::<4>::default(), C::<3>::default()),
        (E::<U0, isize>::new(-1), E::<U1, isize>::new(-1)),
    ));
    for j in 0..3usize {
        for i in 0..4usize {
            assert_eq!(back.coord((i, j)), (4 - i, 4 - j));
            assert_eq!(back.coord(i + 4 * j), (4 - i, 4 - j));
        }
    }
    assert!(back
        .to_string()
        .starts_with("ArithTuple(4,4) o (4,3):(-1@0,-1@1):"));
}

/// An identity tensor of rank 1 to 5: each element's coordinate is its natural coordinate
/// (`idx2crd` of its 1-D index in the shape), and a tile of a rank-3 tensor, its rest mode kept,
/// gives the coordinates of each tile, past the edge too.
#[test]
fn identity_tensors_of_every_rank_give_each_elements_coordinate() {
    use tessel::coord::idx2crd;
    use tessel::tensor::{elem_less, make_identity_tensor_of};
    let t1 = make_identity_tensor_of((7usize,));
    let t3 = make_identity_tensor_of((3usize, 4usize, 5usize));
    let t4 = make_identity_tensor_of((3usize, 2usize, 4usize, 2usize));
    let t5 = make_identity_tensor_of((2usize, 3usize, 2usize, 2usize, 3usize));
    for i in 0..7usize {
        assert_eq!(t1.coord(i), (i,));
    }
    for i in 0..60usize {
        assert_eq!(t3.coord(i), idx2crd(i, (3usize, 4usize, 5usize)));
        assert!(elem_less(t3.coord(i), (3, 4, 5)));
    }
    for i in 0..48usize {
        assert_eq!(t4.coord(i), idx2crd(i, (3usize, 2usize, 4usize, 2usize)));
    }
    for i in 0..72usize {
        assert_eq!(
            t5.coord(i),
            idx2crd(i, (2usize, 3usize, 2usize, 2usize, 3usize))
        );
    }
    // (M,N,L) = (100,60,8) in (32,32,1) tiles, tile (3,1,_): 4 rows past the edge, every batch.
    let batch = make_identity_tensor_of((100usize, 60usize, 8usize));
    let tiles = local_tile(
        batch,
        <shape!("(32,32,1)")>::default(),
        (3usize, 1usize, Underscore),
    );
    assert_eq!(
        tiles.layout().to_string().split(':').next(),
        Some("(32,32,1,8)")
    );
    for l in 0..8usize {
        for j in 0..32usize {
            for i in 0..32usize {
                let c = tiles.coord((i, j, 0usize, l));
                assert_eq!(c, (96 + i, 32 + j, l));
                assert_eq!(elem_less(c, (100, 60, 8)), i < 4 && j < 28);
            }
        }
    }
}

/// Past TMA's five: ranks 6, 8 and 12 (a conv's `((n,z,p,q),(c,t,r,s))` is 8 leaves), each
/// element's coordinate its natural one; a rank-7 tensor tiled with a tile past its edge gives
/// the coordinates past it, each leaf apart; 16 static leaves, nested.
#[test]
fn identity_tensors_past_five_leaves_give_each_elements_coordinate() {
    use tessel::coord::idx2crd;
    use tessel::tensor::{elem_less, make_identity_tensor_of};
    use tessel::C;
    let s6 = (3usize, 2usize, 4usize, 2usize, 3usize, 5usize);
    let t6 = make_identity_tensor_of(s6);
    for i in 0..720usize {
        assert_eq!(t6.coord(i), idx2crd(i, s6));
        assert!(elem_less(t6.coord(i), s6));
    }
    let s8 = (
        (2usize, 5usize, 7usize, 7usize),
        (64usize, 3usize, 3usize, 3usize),
    );
    let t8 = make_identity_tensor_of(s8);
    for i in (0..2 * 5 * 7 * 7 * 64 * 27).step_by(97) {
        let ((n, z, p, q), (c, t, r, s)) = t8.coord(i);
        let flat = (n, z, p, q, c, t, r, s);
        assert_eq!(
            flat,
            idx2crd(
                i,
                (2usize, 5usize, 7usize, 7usize, 64usize, 3usize, 3usize, 3usize)
            )
        );
    }
    let s12 = (
        2usize, 2usize, 2usize, 2usize, 2usize, 2usize, 2usize, 2usize, 2usize, 2usize, 2usize,
        3usize,
    );
    let t12 = make_identity_tensor_of(s12);
    for i in 0..3 << 11 {
        assert_eq!(t12.coord(i), idx2crd(i, s12));
    }
    // Its last mode in tiles of 2: the second tile holds the last leaf's 2, and 3 past the edge.
    let last = local_tile(
        t12,
        <shape!("(2,2,2,2,2,2,2,2,2,2,2,2)")>::default(),
        (
            0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize,
            1usize,
        ),
    );
    let x = (
        1usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 1usize,
        1usize,
    );
    assert_eq!(last.coord(x), (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3));
    assert!(!elem_less(last.coord(x), s12));
    // (5,6,3,2,2,2,9) in (4,4,1,1,1,1,4) tiles, tile (1,1,2,0,1,1,2): rows 4..8 of 5, columns
    // 4..8 of 6, and the last mode's 8..12 of 9.
    let s7 = (5usize, 6usize, 3usize, 2usize, 2usize, 2usize, 9usize);
    let tile = local_tile(
        make_identity_tensor_of(s7),
        <shape!("(4,4,1,1,1,1,4)")>::default(),
        (1usize, 1usize, 2usize, 0usize, 1usize, 1usize, 2usize),
    );
    for x in 0..64usize {
        let (i, j, l) = (x % 4, x / 4 % 4, x / 16);
        let c = tile.coord((i, j, 0usize, 0usize, 0usize, 0usize, l));
        assert_eq!(c, (4 + i, 4 + j, 2, 0, 1, 1, 8 + l));
        assert_eq!(elem_less(c, s7), i < 1 && j < 2 && l < 1);
    }
    let one = C::<2>::default();
    let s16 = (
        (one, one, one, one),
        (one, one, one, one),
        (one, one, one, one),
        (one, one, one, 5usize),
    );
    let t16 = make_identity_tensor_of(s16);
    let ((_, _, _, a), _, (b, _, _, _), (_, _, _, z)) =
        t16.coord((1usize << 15) * 4 + 3 + (1 << 8));
    assert_eq!((a, b, z), (0, 1, 4));
}

/// A nested shape, as CuTe's `make_identity_tensor(((8, m), n))`: each element's coordinate is
/// its natural coordinate, nested as the shape (a static leaf too); `elem_less` compares each
/// leaf; a tile cut along the nested mode gives the leaves of each of its elements.
#[test]
fn identity_tensors_of_nested_shapes_give_nested_coordinates() {
    use tessel::coord::idx2crd;
    use tessel::tensor::{elem_less, make_identity_tensor_of};
    use tessel::C;
    let t = make_identity_tensor_of(((C::<4>::default(), 3usize), 5usize));
    assert_eq!(t.layout().to_string().split(':').next(), Some("((4,3),5)"));
    for i in 0..60usize {
        let ((a, b), c) = t.coord(i);
        assert_eq!((a + 4 * b, c), idx2crd(i, (12usize, 5usize)));
        assert!(elem_less(t.coord(i), ((4, 3), 5)));
    }
    assert!(!elem_less(((1usize, 3usize), 2usize), ((4, 3), 5)));
    // Rows as (8, 40) in tiles of 32: tile 2 holds blocks 8 to 11 of eight rows.
    let rows = make_identity_tensor_of(((C::<8>::default(), 40usize), 70usize));
    let tile = local_tile(rows, <shape!("(32,16)")>::default(), (2usize, 1usize));
    for i in 0..32usize {
        assert_eq!(tile.coord((i, 3usize)), ((i % 8, 8 + i / 8), 19));
    }
}

/// Coordinates are exact at every extent and every rank: leaves past 2^32 in a matrix, past
/// 2^16 in a rank-4 tensor and past 2^4 at sixteen leaves, a tile past them included (the
/// coordinate is one integer a leaf, as CuTe's basis strides give it).
#[test]
fn identity_coordinates_are_exact_at_any_extent() {
    use tessel::tensor::{elem_less, make_identity_tensor, make_identity_tensor_of};
    let big = (1usize << 40) + 3;
    let tile = local_tile(
        make_identity_tensor(big, big),
        <shape!("(4,8)")>::default(),
        (big / 4, big / 8),
    );
    assert_eq!(
        tile.coord((3usize, 7usize)),
        (big / 4 * 4 + 3, big / 8 * 8 + 7)
    );
    assert!(!elem_less(tile.coord((3usize, 7usize)), (big, big)));
    assert!(elem_less(tile.coord((2usize, 2usize)), (big, big)));
    let rank4 = make_identity_tensor_of((70000usize, 90000usize, 3usize, 5usize));
    let part = local_tile(
        rank4,
        <shape!("(128,128,1,1)")>::default(),
        (546usize, 703usize, 2usize, 4usize),
    );
    assert_eq!(
        part.coord((127usize, 127usize, 0usize, 0usize)),
        (70015, 90111, 2, 4)
    );
    let mut shape = [17usize; 16];
    shape[15] = 2;
    let sixteen = make_identity_tensor_of((
        (shape[0], shape[1], shape[2], shape[3]),
        (shape[4], shape[5], shape[6], shape[7]),
        (shape[8], shape[9], shape[10], shape[11]),
        (shape[12], shape[13], shape[14], shape[15]),
    ));
    let last = sixteen.coord(sixteen.size() - 1);
    assert_eq!(
        last,
        (
            (16, 16, 16, 16),
            (16, 16, 16, 16),
            (16, 16, 16, 16),
            (16, 16, 16, 1)
        )
    );
}

/// A layout of basis strides gives coordinates, not indices: evaluating it as an integer index
/// says so (read it through its identity tensor's `coord`).
#[test]
#[should_panic(expected = "gives a coordinate, not an index")]
fn a_basis_strided_layout_is_no_index() {
    let id = tessel::tensor::make_identity_tensor(10, 7);
    let _ = id.layout().call_signed((1usize, 2usize));
}

/// A read-only global tensor partitions as a raw-pointer one does, and a thread's copy of its
/// elements into registers (UniversalCopy, predicated past the edge) reads the same values.
#[test]
fn read_only_pointer_tensors_copy_like_raw_pointer_ones() {
    use tessel::atom::copy::{CopyAtom, UniversalCopy};
    use tessel::atom::exec::copy_if;
    use tessel::tensor::{clear, elem_less, make_fragment_like, make_identity_tensor};
    use tessel::{TensorConstPtr, TensorPtr};
    let (m, k) = (10usize, 7usize);
    let mut data: Vec<f32> = (0..m * k).map(|i| i as f32).collect();
    let lay = layout!("(M,K):(ld,1)"; M = m, K = k, ld = k);
    let ro = unsafe { TensorConstPtr::from_raw_parts(data.as_ptr(), m * k, lay) };
    let rw = unsafe { TensorPtr::from_raw_parts(data.as_mut_ptr(), m * k, lay) };
    assert_eq!(ro.engine().as_ptr(), rw.engine().as_ptr() as *const f32);
    let tile = <shape!("(8,4)")>::default();
    let atom = CopyAtom::<UniversalCopy<f32>, f32>::default();
    for tid in 0..8 {
        for blk in [(0usize, 0usize), (1, 1)] {
            macro_rules! part {
                ($t:expr) => {
                    local_partition(local_tile($t, tile, blk), layout!("(4,2)"), tid)
                };
            }
            let (src_ro, src_rw) = (part!(ro), part!(rw));
            let coords = part!(make_identity_tensor(m, k));
            let (mut got, mut want) = (make_fragment_like(&src_ro), make_fragment_like(&src_rw));
            clear(&mut got);
            clear(&mut want);
            let inside = |i| elem_less(coords.coord(i), (m, k));
            // SAFETY: the predicate keeps every read inside the matrix, and nothing writes it.
            unsafe {
                copy_if(&atom, inside, &src_ro, &mut got);
                copy_if(&atom, inside, &src_rw, &mut want);
            }
            for i in 0..4 {
                let (r, c) = coords.coord(i);
                let expect = if r < m && c < k {
                    (r * k + c) as f32
                } else {
                    0.0
                };
                assert_eq!(
                    (got[i], want[i]),
                    (expect, expect),
                    "thread {tid} tile {blk:?} {i}"
                );
            }
        }
    }
}

/// A read-only global tensor reads an element at a coordinate, in 64-bit and in 32-bit index
/// arithmetic, as a raw-pointer one does, through a tile and a partition of it.
#[test]
fn read_only_pointer_tensors_read_at_a_coordinate() {
    use tessel::{TensorConstPtr, TensorPtr};
    let (m, k) = (9usize, 5usize);
    let mut data: Vec<u32> = (0..(m * k) as u32).map(|i| 1000 + i).collect();
    let lay = layout!("(M,K):(ld,1)"; M = m, K = k, ld = k);
    let ro = unsafe { TensorConstPtr::from_raw_parts(data.as_ptr(), m * k, lay) };
    let rw = unsafe { TensorPtr::from_raw_parts(data.as_mut_ptr(), m * k, lay) };
    for r in 0..m {
        for c in 0..k {
            let want = 1000 + (r * k + c) as u32;
            unsafe {
                assert_eq!((ro.read((r, c)), ro.read32((r, c))), (want, want));
                assert_eq!((rw.read((r, c)), rw.read32((r, c))), (want, want));
            }
        }
    }
    // The (4,2) tile at (1,1), rows 4..8 and columns 2..4; thread 1 of (2,2) holds rows 5 and 7.
    let part = local_partition(
        local_tile(ro, <shape!("(4,2)")>::default(), (1usize, 1usize)),
        layout!("(2,2)"),
        1,
    );
    for (i, j) in [(0usize, 0usize), (1, 0)] {
        let (r, c) = (5 + 2 * i, 2 + 2 * j);
        assert_eq!(unsafe { part.read((i, j)) }, 1000 + (r * k + c) as u32);
    }
}

/// An identity tensor prints as CuTe prints it: the coordinate of its element 0, then its layout
/// with each stride a basis element. The expected texts are CuTe's, from
/// `../shared/tools/cute-oracle --cpp 'EXPR'` (which drops the underscores of static integers)
/// with EXPR as in each comment.
#[test]
fn identity_tensors_print_as_cute_prints_them() {
    use tessel::tensor::{make_identity_tensor, make_identity_tensor_of};
    let head = |text: String| {
        text.lines()
            .next()
            .unwrap()
            .trim_end_matches(':')
            .to_string()
    };
    // make_identity_tensor(make_shape(4,3))
    assert_eq!(
        head(make_identity_tensor(4, 3).to_string()),
        "ArithTuple(0,0) o (4,3):(1@0,1@1)"
    );
    // local_partition(local_tile(make_identity_tensor(make_shape(10,7)),
    //   make_shape(Int<4>{},Int<4>{}), make_coord(2,1)), make_layout(make_shape(Int<2>{},Int<2>{})), 3)
    let tile = local_tile(
        make_identity_tensor(10, 7),
        <shape!("(4,4)")>::default(),
        (2usize, 1usize),
    );
    let mine = local_partition(tile, layout!("(2,2)"), 3);
    assert_eq!(head(mine.to_string()), "ArithTuple(9,5) o (2,2):(2@0,2@1)");
    // Static where CuTe's are: cute-oracle --raw --cpp '<the same>.layout()'.
    assert_eq!(format!("{:#}", mine.layout()), "(_2,_2):(_2@0,_2@1)");
    // local_tile(make_identity_tensor(make_shape(100,60,8)),
    //   make_shape(Int<32>{},Int<32>{},Int<1>{}), make_coord(3,1,3)).layout()
    let batch_tile = local_tile(
        make_identity_tensor_of((100usize, 60usize, 8usize)),
        <shape!("(32,32,1)")>::default(),
        (3usize, 1usize, 3usize),
    );
    assert_eq!(
        format!("{:#}", batch_tile.layout()),
        "(_32,_32,_1):(_1@0,_1@1,_0)"
    );
    assert_eq!(mine.to_string().lines().nth(2), Some("(11,5) (11,7)"));
    // make_identity_tensor(make_shape(make_shape(Int<8>{},12),40))
    let rows = make_identity_tensor_of(((C::<8>::default(), 12usize), 40usize));
    assert_eq!(
        head(rows.to_string()),
        "ArithTuple((0,0),0) o ((8,12),40):((1@0@0,1@1@0),1@1)"
    );
    // make_identity_tensor(make_shape(make_shape(2,3),make_shape(4,5),6))
    let nested = make_identity_tensor_of(((2usize, 3usize), (4usize, 5usize), 6usize));
    assert_eq!(
        head(nested.to_string()),
        "ArithTuple((0,0),(0,0),0) o ((2,3),(4,5),6):((1@0@0,1@1@0),(1@0@1,1@1@1),1@2)"
    );
    // make_identity_tensor(make_shape(3,Int<4>{},5))
    let batch = make_identity_tensor_of((3usize, C::<4>::default(), 5usize));
    assert_eq!(
        head(batch.to_string()),
        "ArithTuple(0,0,0) o (3,4,5):(1@0,1@1,1@2)"
    );
    // make_identity_tensor(Int<8>{})
    assert_eq!(
        head(make_identity_tensor_of(8usize).to_string()),
        "ArithTuple0 o 8:1"
    );
    // Strides no partition of an identity tensor makes, set with `with_layout`: a negative one.
    // make_tensor(make_inttuple_iter(make_coord(9,5)), L) with L
    // make_layout(make_shape(4,2), make_stride(ScaledBasis<int,0>{-1}, ScaledBasis<int,1>{3})).
    let down = mine.with_layout(Layout::new(
        (4usize, 2usize),
        (E::<U0, isize>::new(-1), E::<U1, isize>::new(3)),
    ));
    assert_eq!(head(down.to_string()), "ArithTuple(9,5) o (4,2):(-1@0,3@1)");
}

#[test]
fn tensors_tile_as_cute_tiles_them() {
    // CuTe's "Tiling a Tensor": composition and the four divides on a tensor give the layout's
    // divide over the same elements. Each layout is CuTe's (`cute-oracle --cpp '<op>(make_tensor(
    // make_gmem_ptr((float*)0), make_shape(24,16)), Shape<_8,_4>{}).layout()'`).
    let data = iota(24 * 16);
    let (m, n) = (24usize, 16usize);
    let t = Tensor::new(&data, layout!("(M,N)"; M = m, N = n));
    let tiler = <shape!("(8,4)")>::default();
    let logical = t.logical_divide(tiler);
    let zipped = t.zipped_divide_by(tiler);
    let tiled = t.tiled_divide(tiler);
    let flat = t.flat_divide(tiler);
    assert_eq!(
        logical.layout().to_string(),
        "((8,3),(4,4)):((1,8),(24,96))"
    );
    assert_eq!(zipped.layout().to_string(), "((8,4),(3,4)):((1,24),(8,96))");
    assert_eq!(tiled.layout().to_string(), "((8,4),3,4):((1,24),8,96)");
    assert_eq!(flat.layout().to_string(), "(8,4,3,4):(1,24,8,96)");
    assert_eq!((t.rank(), tiled.rank(), flat.rank()), (2, 3, 4));
    assert_eq!((t.depth(), tiled.depth(), flat.depth()), (1, 2, 1));
    // Element (i, j) of tile (p, q) is element (8p + i, 4q + j) of the matrix, in every form.
    for (i, j, p, q) in [(0, 0, 0, 0), (7, 3, 2, 3), (5, 1, 1, 2)] {
        let want = t[(8 * p + i, 4 * q + j)];
        assert_eq!(zipped[((i, j), (p, q))], want);
        assert_eq!(tiled[((i, j), p, q)], want);
        assert_eq!(flat[(i, j, p, q)], want);
        assert_eq!(logical[((i, p), (j, q))], want);
    }
    // A tiler of strided layouts on a row-major tensor: CuTe's `flat_divide(.., make_tile(
    // Layout<_4,_2>{}, Layout<_8,_3>{}))` is (4,8,2,3):(48,3,24,1).
    let r = Tensor::new(&data[..8 * 24], layout!("(8,24):(24,1)"));
    let strided = (layout!("4:2"), layout!("8:3"));
    assert_eq!(
        r.flat_divide(strided).layout().to_string(),
        "(4,8,2,3):(48,3,24,1)"
    );
    assert_eq!(
        r.tiled_divide(strided).layout().to_string(),
        "((4,8),2,3):((48,3),24,1)"
    );
}

#[test]
fn a_tensor_like_a_tile_holds_its_copy() {
    // CuTe's "Copy a subtile from global memory to registers": `make_tensor_like(gmem_tiled(_, j))`
    // is registers shaped like the tile, compact in its stride order (here `((8,4)):((1,8))`),
    // and `copy(gmem_tiled(_, j), rmem)` fills them.
    let data = iota(24 * 16);
    let gmem = Tensor::new(&data, layout!("(24,16)"));
    let tiled = gmem.zipped_divide_by(<shape!("(8,4)")>::default());
    let mut rmem = tessel::make_tensor_like(&tiled.slice((Underscore, 0usize)));
    assert_eq!(rmem.layout().to_string(), "((8,4)):((1,8))");
    for j in 0..(24 / 8) * (16 / 4) {
        tessel::copy(&tiled.slice((Underscore, j)), &mut rmem);
        for i in 0..32 {
            assert_eq!(rmem[i], tiled.slice((Underscore, j))[i]);
        }
    }
    // Of a row-major tile the registers are row-major too; a zero stride stays 0.
    let rows = Tensor::new(&data, layout!("(4,8):(16,1)"));
    assert_eq!(
        tessel::make_tensor_like(&rows).layout().to_string(),
        "(4,8):(8,1)"
    );
    let bcast = Tensor::new(&data, layout!("(4,8):(0,1)"));
    assert_eq!(
        tessel::make_tensor_like(&bcast).layout().to_string(),
        "(4,8):(0,1)"
    );
    // A runtime leading dimension orders after the static stride, as CuTe's (`cute-oracle --raw
    // --cpp` of make_tensor_like over (_8,_4):(16,_1) gives (_8,_4):(_4,_1)).
    let ld = Tensor::new(&data, layout!("(8,4):(ldA,1)"; ldA = 16));
    assert_eq!(
        format!("{:#}", tessel::make_tensor_like(&ld).layout()),
        "(_8,_4):(_4,_1)"
    );
}
