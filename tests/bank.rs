//! The bank-conflict model of `tessel::bank` on the cases every kernel author knows, each count
//! also made by brute force here: the runtime layer's index function, the 4-byte words of each
//! lane's access gathered per phase, the most distinct words in one bank summed over the phases.

use std::collections::{BTreeMap, BTreeSet};
use tessel::bank::{conflict_free_wavefronts, wavefronts};
use tessel::dynamic::{DynComposedLayout, DynLayout, IntTuple};
use tessel::layout;

/// The brute-force count: `smem` is CuTe's notation of the shared-memory layout (plain or
/// composed), `thr` the thread layout, `elem` bytes an element, `v` elements a lane.
fn brute_force(smem: &str, thr: &str, elem: usize, v: usize) -> usize {
    let index = |i: usize| -> usize {
        let c = IntTuple::Int(i as i64);
        if smem.starts_with("Sw") {
            smem.parse::<DynComposedLayout>().unwrap().call(&c).unwrap()
        } else {
            smem.parse::<DynLayout>().unwrap().call(&c).unwrap() as usize
        }
    };
    let thr: DynLayout = thr.parse().unwrap();
    let width = elem * v;
    let lanes = if width <= 4 { 32 } else { 128 / width };
    let lane_words = |l: usize| {
        let start = index(thr.call(&IntTuple::Int(l as i64)).unwrap() as usize) * elem;
        (start / 4)..=((start + width - 1) / 4)
    };
    (0..32)
        .step_by(lanes)
        .map(|first| {
            let words: BTreeSet<usize> = (first..first + lanes).flat_map(lane_words).collect();
            let mut banks = BTreeMap::new();
            words
                .iter()
                .for_each(|w| *banks.entry(w % 32).or_insert(0) += 1);
            banks.into_values().max().unwrap()
        })
        .sum()
}

macro_rules! case {
    ($smem:literal, $t:ty, $thr:literal, $v:literal => $want:expr) => {{
        let counted = wavefronts::<layout!($smem), $t, layout!($thr), $v>();
        assert_eq!(counted, $want, "{} by {}", $smem, $thr);
        let by_hand = brute_force($smem, $thr, std::mem::size_of::<$t>(), $v);
        assert_eq!(counted, by_hand, "{} by {}: brute force", $smem, $thr);
    }};
}

#[test]
fn swizzled_halves_read_by_rows_and_columns_are_conflict_free() {
    // 8 lanes x 16 bytes a row of 64 halves: 4 phases, one wavefront each.
    assert_eq!(conflict_free_wavefronts::<u16, 8>(), 4);
    case!("Sw<3,3,3> o 0 o (8,64):(64,1)", u16, "(8,4):(64,1)", 8 => 4);
    case!("Sw<3,3,3> o 0 o (8,64):(64,1)", u16, "(8,4):(1,64)", 8 => 4);
}

#[test]
fn unswizzled_halves_read_by_columns_are_8_way() {
    case!("(8,64):(64,1)", u16, "(8,4):(64,1)", 8 => 4);
    case!("(8,64):(64,1)", u16, "(8,4):(1,64)", 8 => 4 * 8);
}

#[test]
fn float_transpose_tile_padded_and_not() {
    assert_eq!(conflict_free_wavefronts::<f32, 1>(), 1);
    case!("(32,32):(33,1)", f32, "32:32", 1 => 1);
    case!("(32,32):(33,1)", f32, "32:1", 1 => 1);
    case!("(32,32):(32,1)", f32, "32:32", 1 => 1);
    case!("(32,32):(32,1)", f32, "32:1", 1 => 32);
}

#[test]
fn broadcasts_sub_words_and_8_byte_vectors() {
    // Every lane reads the same word: a broadcast.
    case!("(32,32):(32,1)", f32, "32:0", 1 => 1);
    // Halves: two lanes share each word.
    case!("(64,64):(64,1)", u16, "32:64", 1 => 1);
    // Down a column of 64 halves a row: every lane in bank 0, 32 words.
    case!("(64,64):(64,1)", u16, "32:1", 1 => 32);
    // 8-byte vectors, 16 lanes a phase.
    case!("(16,64):(64,1)", f32, "(16,2):(32,1)", 2 => 2);
    case!("(16,64):(64,1)", f32, "(16,2):(1,128)", 2 => 2 * 16);
}

#[test]
fn swizzle_parameters_against_brute_force() {
    macro_rules! each {
        ($($smem:literal)+) => {$(
            for (thr, _) in [("(8,4):(64,1)", ()), ("(8,4):(1,64)", ()), ("(4,8):(1,64)", ())] {
                let by_hand = brute_force($smem, thr, 2, 8);
                let counted = match thr {
                    "(8,4):(64,1)" => wavefronts::<layout!($smem), u16, layout!("(8,4):(64,1)"), 8>(),
                    "(8,4):(1,64)" => wavefronts::<layout!($smem), u16, layout!("(8,4):(1,64)"), 8>(),
                    _ => wavefronts::<layout!($smem), u16, layout!("(4,8):(1,64)"), 8>(),
                };
                assert_eq!(counted, by_hand, "{} by {thr}", $smem);
            }
        )+};
    }
    each!(
        "Sw<1,3,3> o 0 o (8,64):(64,1)" "Sw<2,3,3> o 0 o (8,64):(64,1)"
        "Sw<3,3,4> o 0 o (8,64):(64,1)" "Sw<2,4,3> o 0 o (8,64):(64,1)"
        "Sw<3,3,3> o 0 o (16,64):(64,1)" "Sw<3,4,3> o 0 o (8,128):(128,1)"
        "Sw<2,3,-3> o 0 o (8,64):(64,1)" "Sw<3,3,5> o 0 o (8,64):(64,1)"
    );
}
