//! The GEMM collectives against the CuTe forms they replace, on the host, at the configurations
//! the Hopper kernels use:
//! - a producer's load of a tile at its first element's coordinate into a stage's address
//!   (`TmaTileLoad`) issues the boxes `tma_partition` and `copy` issue (CuTe's
//!   `copy(tma.with(bar), tAgA(_, k), tAsA(_, stage))`), for A's stages and for each block's
//!   part of B's stage shared by a pair;
//! - an accumulator's coordinate (`Accumulators::coord`) is where `partition_C` of the output
//!   puts it, for the cooperative TiledMma (two warpgroups, 128x256) and the ping-pong one (one
//!   warpgroup, 128x128), every thread and value;
//! - the TMA-store epilogue's buffer written at those coordinates (`IndexOf`) is the buffer
//!   partitioned by the half tile's TiledMma, as the kernel before the collectives wrote it.

use tessel::atom::element::BF16;
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use tessel::atom::tma::{TensorMap, TmaDescriptor};
use tessel::atom::tma_copy::tma_partition;
use tessel::kernel::epilogue::Accumulators;
use tessel::mma::{SM90_64x128x16_F32BF16BF16_SS, SM90_64x256x16_F32BF16BF16_SS};
use tessel::tensor::{IndexOf, Walk};
use tessel::{layout, local_tile, shape, MakeTiledMma, TensorPtr, TensorSmem, TileToShape};
use tessel::{TiledMma, Underscore as _x};

type Tile<const R: usize> = TileToShape<Layout_K_SW128_Atom<BF16>, (tessel::C<R>, tessel::C<64>)>;
type Stages<const R: usize> =
    TileToShape<Layout_K_SW128_Atom<BF16>, (tessel::C<R>, tessel::C<64>, tessel::C<4>)>;

/// A descriptor of a K-major `rows x k` bf16 matrix with tile `S` (no driver: nothing encoded).
fn tensor_map<S: tessel::atom::tma::TmaTile>(
    rows: usize,
    k: usize,
    multicast: u32,
) -> TensorMap<BF16, S> {
    let g = layout!("(R,K):(ld,1)"; R = rows, K = k, ld = k);
    TensorMap::<BF16, S>::encode(
        0,
        &g,
        multicast,
        |_, _: &mut TmaDescriptor| Ok::<(), ()>(()),
    )
    .unwrap()
}

/// Every box of the stage's load of row tile `row` (of `ROWS`), K tile `kt`, part `part` of the
/// stage's `ROWS / PART` (the block's), into stage `stage` at a shared address: the CuTe form's
/// and the collective's.
macro_rules! loads {
    ($rows:literal, $part:literal, $row:expr, $kt:expr, $stage:expr, $p:expr) => {{
        let (row, kt, stage, part) = ($row, $kt, $stage, $p);
        let (rows, k, base) = (4 * $rows + 100, 640, 0x4000u32);
        let parts = $rows / $part;
        let tma = tensor_map::<Tile<$part>>(rows, k, parts as u32);
        // SAFETY: the address and size are the stages' (nothing is read).
        let s = unsafe {
            TensorSmem::<BF16, _>::from_smem(base, $rows * 64 * 4, Stages::<$rows>::default())
        };
        let g = local_tile(
            tma.get_tma_tensor((rows, k)),
            <(tessel::C<$rows>, tessel::C<64>)>::default(),
            (row, _x),
        );
        let blocks = <tessel::Layout<tessel::C<{ $rows / $part }>, tessel::C<1>>>::default();
        let (tg, ts) = tma_partition(
            &tma,
            part,
            blocks,
            s.group_modes::<0, 2>(),
            g.group_modes::<0, 2>(),
        );
        let copy = tma.with(0u32);
        // The collective's: the part's first element and its shared address, from the tiles'
        // bytes.
        let (stage_bytes, part_bytes) = (($rows * 64 * 2) as u32, ($part * 64 * 2) as u32);
        let origin = [row * $rows + part * $part, kt * 64];
        let dst = base + stage as u32 * stage_bytes + part as u32 * part_bytes;
        // SAFETY: as above.
        let tile =
            unsafe { TensorSmem::<BF16, _>::from_smem(dst, $part * 64, Tile::<$part>::default()) };
        for i in 0..TensorMap::<BF16, Tile<$part>>::BOXES.len() {
            let cute = copy.box_at(&tg.slice((_x, kt)), &ts.slice((_x, stage)), i);
            assert_eq!(
                tma.box_copy(origin, &tile, i),
                cute,
                "row {row} kt {kt} stage {stage} part {part} box {i}"
            );
        }
    }};
}

#[test]
fn tile_loads_are_tma_partitions_copies() {
    for (row, kt, stage) in [(0, 0, 0), (1, 3, 2), (3, 9, 3), (2, 5, 1)] {
        loads!(128, 128, row, kt, stage, 0usize); // A's stage, B's in a lone block
        loads!(256, 256, row, kt, stage, 0usize);
        for part in 0..2usize {
            loads!(256, 128, row, kt, stage, part); // a pair's halves of B's stage
        }
    }
}

/// Each thread's values of tiles of an `m x n` column-major output: where `partition_C` of the
/// tile (`local_tile`, as the kernel cut it before the collectives) puts them, and where their
/// coordinates say.
macro_rules! accumulators {
    ($Tm:ty, $bm:literal, $bn:literal) => {{
        type T = (tessel::C<$bm>, tessel::C<$bn>);
        let (m, n) = (1000usize, 700usize);
        let buffer = vec![0u16; m * n];
        let matrix = layout!("(M,N):(1,ld)"; M = m, N = n, ld = m);
        // SAFETY: the buffer holds the matrix (only indices are read).
        let c = unsafe { TensorPtr::from_raw_parts(buffer.as_ptr() as *mut u16, m * n, matrix) };
        for (tr, tc) in [(0usize, 0usize), (2, 1)] {
            let gc = local_tile(c, T::default(), (tr, tc));
            for thread in 0..<$Tm as TiledMma>::THREADS {
                let thr = <$Tm>::get_slice(thread);
                let part = thr.partition_C(gc);
                for i in 0..tessel::num::count::Count::get(<<T as Accumulators<$Tm>>::Vals as Default>::default()) {
                    let (r, col) = <T as Accumulators<$Tm>>::coord(&thr, i);
                    let at = tr * $bm + r + m * (tc * $bn + col);
                    assert_eq!(part.index(i), at, "thread {thread} value {i}");
                }
            }
        }
    }};
}

#[test]
fn accumulator_coordinates_are_partition_c() {
    type Cooperative = MakeTiledMma<SM90_64x256x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type Pingpong = MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(1,1,1)")>;
    accumulators!(Cooperative, 128, 256);
    accumulators!(Pingpong, 128, 128);
}

/// The TMA-store buffer: a 128x128 M-major swizzled half of the 128x256 tile.
#[test]
fn buffer_coordinates_are_the_half_tiles_partition() {
    type Mma = MakeTiledMma<SM90_64x256x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type Half = MakeTiledMma<SM90_64x128x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
    type Buffer = TileToShape<Layout_MN_SW128_Atom<BF16>, shape!("(128,128)")>;
    type T = shape!("(128,256)");
    // SAFETY: the address and size are the buffer's (nothing is read).
    let sc = unsafe { TensorSmem::<BF16, _>::from_smem(0x1000, 128 * 128, Buffer::default()) };
    for thread in 0..256 {
        let (thr, half) = (
            Mma::get_slice(thread),
            Half::get_slice(thread).partition_C(sc),
        );
        for h in 0..2 {
            for i in 0..64 {
                let (r, c) = <T as Accumulators<Mma>>::coord(&thr, 64 * h + i);
                assert_eq!(
                    c / 128,
                    h,
                    "value {} of thread {thread} lies in half {h}",
                    64 * h + i
                );
                assert_eq!(
                    sc.index_at((r, c - 128 * h)) as usize,
                    half.index(i),
                    "thread {thread} value {i} of half {h}"
                );
            }
        }
    }
}
