//! The persistent GEMM's tile order: every tile once, groups walked down their rows first; with
//! split-K every part once, a tile's parts consecutive and covering its K tiles in order.

use proptest::prelude::*;
use tessel::kernel::scheduler::TileScheduler;

proptest! {
    /// Every tile once, whatever the group; the blocks' shares partition the tiles.
    #[test]
    fn every_tile_once(m in 1usize..2000, n in 1usize..2000, group in 0usize..20, blocks in 1usize..140) {
        let s = TileScheduler::new((m, n), (128, 256), group);
        let (tm, tn) = (m.div_ceil(128), n.div_ceil(256));
        prop_assert_eq!(s.tiles(), tm * tn);
        let mut seen = vec![0u32; tm * tn];
        for b in 0..blocks {
            for (i, j) in s.work_of(b, blocks).map(|w| w.tile) {
                prop_assert!(i < tm && j < tn);
                seen[i + tm * j] += 1;
            }
        }
        prop_assert!(seen.iter().all(|&c| c == 1));
    }

    /// Split-K: the units name each part of each tile once; a tile's parts are consecutive
    /// units, and their K tiles follow each other from 0 to `k_tiles`.
    #[test]
    fn every_part_once(m in 1usize..1000, n in 1usize..1000, splits in 0usize..6, k_tiles in 0usize..40, blocks in 1usize..140) {
        let s = TileScheduler::new((m, n), (128, 128), 4).split_k(splits);
        let splits = splits.max(1);
        prop_assert_eq!(s.units(), s.tiles() * splits);
        let mut parts: Vec<Vec<(usize, core::ops::Range<usize>)>> = vec![Vec::new(); s.tiles()];
        for b in 0..blocks {
            for (i, w) in s.work_of(b, blocks).enumerate() {
                prop_assert_eq!(w.index * splits + w.split, b + i * blocks);
                prop_assert_eq!(w.tile, s.tile(w.index));
                prop_assert_eq!(w.is_last(), w.split == splits - 1);
                parts[w.index].push((w.split, w.k_tiles(k_tiles)));
            }
        }
        for mut p in parts {
            p.sort_by_key(|x| x.0);
            prop_assert_eq!(p.iter().map(|x| x.0).collect::<Vec<_>>(), (0..splits).collect::<Vec<_>>());
            let mut at = 0;
            for (_, r) in p {
                prop_assert_eq!(r.start, at);
                prop_assert!(r.end - r.start <= k_tiles / splits + 1);
                at = r.end;
            }
            prop_assert_eq!(at, k_tiles);
        }
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
