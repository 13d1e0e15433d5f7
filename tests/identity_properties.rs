//! The identity tensor's post-condition at random extents, past what a packed index could hold:
//! each element of a tile and of a thread's partition of it is its own coordinate (the tile's
//! origin plus its coordinate in the tile), and `elem_less` says whether it lies inside.

use proptest::prelude::*;
use tessel::tensor::{elem_less, make_identity_tensor_of};
use tessel::{layout, local_partition, local_tile, shape};

/// 500 cases a property; `TESSEL_CASES=N` runs N (with `PROPTEST_RNG_SEED` for another seed).
fn cases() -> u32 {
    std::env::var("TESSEL_CASES").map_or(500, |n| n.parse().expect("TESSEL_CASES: a number"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// `(m, n, l)` up to 2^30 x 2^26 x 64, tiled `(32, 16, 1)`, a tile drawn anywhere (its last
    /// row and column past the edge where 32 and 16 do not divide), then partitioned over
    /// `(8, 4, 1)` threads.
    #[test]
    fn rank3_tiles_and_partitions_give_each_elements_coordinate(
        (m, n, l) in (1usize..1 << 30, 1usize..1 << 26, 1usize..64),
        (fm, fn_, fl) in (0.0f64..1.0, 0.0f64..1.0, 0.0f64..1.0),
        (i, j, thread) in (0usize..32, 0usize..16, 0usize..32),
    ) {
        let (bm, bn, bl) = (
            (fm * m.div_ceil(32) as f64) as usize,
            (fn_ * n.div_ceil(16) as f64) as usize,
            (fl * l as f64) as usize,
        );
        let tile = local_tile(
            make_identity_tensor_of((m, n, l)),
            <shape!("(32,16,1)")>::default(),
            (bm, bn, bl),
        );
        let want = (bm * 32 + i, bn * 16 + j, bl);
        prop_assert_eq!(tile.coord((i, j, 0usize)), want);
        prop_assert_eq!(elem_less(tile.coord((i, j, 0usize)), (m, n, l)), want.0 < m && want.1 < n);
        let mine = local_partition(tile, layout!("(8,4,1)"), thread);
        let (a, b) = (i % 4, j % 4);
        let at = (bm * 32 + thread % 8 + 8 * a, bn * 16 + thread / 8 + 4 * b, bl);
        prop_assert_eq!(mine.coord((a, b, 0usize)), at);
    }

    /// Five modes as TMA's, the first two up to 2^20 (a packed index kept 12 bits a leaf), a
    /// tile of `(64, 32, 1, 1, 1)` drawn anywhere and an element in it.
    #[test]
    fn rank5_tiles_give_each_elements_coordinate(
        (m, k, a, b, c) in (1usize..1 << 20, 1usize..1 << 20, 1usize..256, 1usize..256, 1usize..64),
        f in prop::array::uniform5(0.0f64..1.0),
        (i, j) in (0usize..64, 0usize..32),
    ) {
        let block = (
            (f[0] * m.div_ceil(64) as f64) as usize,
            (f[1] * k.div_ceil(32) as f64) as usize,
            (f[2] * a as f64) as usize,
            (f[3] * b as f64) as usize,
            (f[4] * c as f64) as usize,
        );
        let tile = local_tile(
            make_identity_tensor_of((m, k, a, b, c)),
            <shape!("(64,32,1,1,1)")>::default(),
            block,
        );
        let x = (i, j, 0usize, 0usize, 0usize);
        let want = (block.0 * 64 + i, block.1 * 32 + j, block.2, block.3, block.4);
        prop_assert_eq!(tile.coord(x), want);
        prop_assert_eq!(tile.coord_padded(x), [want.0, want.1, want.2, want.3, want.4]);
        prop_assert_eq!(elem_less(tile.coord(x), (m, k, a, b, c)), want.0 < m && want.1 < k);
    }
}
