//! Attention's masks (`tessel::kernel::mask`) against brute force: every tile of rows of many
//! sequence lengths, causal or not, with more or fewer queries than keys.

use tessel::kernel::mask::Mask;

#[test]
fn key_blocks_cover_the_keys_and_partial_blocks_hold_the_hidden() {
    for causal in [false, true] {
        for seqlen_q in [1, 7, 64, 100, 130] {
            for seqlen_k in [1, 17, 64, 100, 300] {
                let mask = Mask {
                    seqlen_q,
                    seqlen_k,
                    causal,
                };
                for (rows, block) in [(64, 32), (128, 80), (128, 176)] {
                    for row0 in (0..seqlen_q).step_by(rows) {
                        let blocks = mask.key_blocks(row0, rows, block);
                        let tile_rows = row0..(row0 + rows);
                        for key in 0..seqlen_k + 2 * block {
                            let seen = tile_rows.clone().any(|r| mask.sees(r, key));
                            assert!(
                                !seen || key / block < blocks,
                                "{mask:?}: rows {row0}.. read key {key}"
                            );
                        }
                        for n in 0..blocks {
                            let whole = (n * block..(n + 1) * block)
                                .all(|k| tile_rows.clone().all(|r| mask.sees(r, k)));
                            assert_eq!(
                                !mask.partial(row0, n, block),
                                whole,
                                "{mask:?}: rows {row0}.., block {n}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn causal_rows_see_the_bottom_right_diagonal() {
    let mask = Mask {
        seqlen_q: 5,
        seqlen_k: 3,
        causal: true,
    };
    let seen: Vec<Vec<bool>> = (0..5)
        .map(|i| (0..3).map(|j| mask.sees(i, j)).collect())
        .collect();
    // Rows 0 and 1 see no key; row 4 sees all three.
    assert_eq!(seen[0], [false; 3]);
    assert_eq!(seen[1], [false; 3]);
    assert_eq!(seen[2], [true, false, false]);
    assert_eq!(seen[4], [true; 3]);
}
