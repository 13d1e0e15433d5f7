//! The persistent GEMM's tile order: every tile once, groups walked down their rows first.

use proptest::prelude::*;
use tessel::atom::scheduler::TileScheduler;

proptest! {
    /// Every tile once, whatever the group; the blocks' shares partition the tiles.
    #[test]
    fn every_tile_once(m in 1usize..2000, n in 1usize..2000, group in 0usize..20, blocks in 1usize..140) {
        let s = TileScheduler::new((m, n), (128, 256), group);
        let (tm, tn) = (m.div_ceil(128), n.div_ceil(256));
        prop_assert_eq!(s.tiles(), tm * tn);
        let mut seen = vec![0u32; tm * tn];
        for b in 0..blocks {
            for (i, j) in s.tiles_of(b, blocks) {
                prop_assert!(i < tm && j < tn);
                seen[i + tm * j] += 1;
            }
        }
        prop_assert!(seen.iter().all(|&c| c == 1));
    }
}

#[test]
fn a_group_walks_its_rows_first() {
    // 4 rows of tiles in groups of 3: the first group 3 rows, the second 1.
    let s = TileScheduler::new((512, 512), (128, 256), 3);
    let order: Vec<_> = (0..s.tiles()).map(|t| s.tile(t)).collect();
    assert_eq!(
        order,
        [
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 0),
            (3, 1)
        ]
    );
    // A group of 1: row by row.
    let s = TileScheduler::new((256, 512), (128, 256), 1);
    assert_eq!(
        (0..4).map(|t| s.tile(t)).collect::<Vec<_>>(),
        [(0, 0), (0, 1), (1, 0), (1, 1)]
    );
}
