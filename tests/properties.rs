//! Properties of the runtime layer, on arbitrary layouts of rank 1 to 4 and depth up to 3.

use proptest::prelude::*;
use tessel::dynamic::coalesce::{filter, filter_zeros};
use tessel::dynamic::ordered::{make_fragment_like, make_layout_like, make_ordered_layout};
use tessel::dynamic::{coord::idx2crd, Error, IntTuple};
use tessel::DynLayout;

/// An arbitrary shape: leaves 1 to 6, tuples of 1 to 4 elements, depth up to 3.
fn shape() -> impl Strategy<Value = IntTuple> {
    let leaf = (1i64..=6).prop_map(IntTuple::Int);
    let tree = leaf.prop_recursive(3, 24, 4, |inner| {
        prop::collection::vec(inner, 1..=4).prop_map(IntTuple::Tuple)
    });
    // The top level is a tuple, or an integer (a rank-1 layout); every coordinate is visited,
    // so sizes stay small.
    prop_oneof![
        1 => (1i64..=64).prop_map(IntTuple::Int),
        4 => prop::collection::vec(tree, 1..=4).prop_map(IntTuple::Tuple),
    ]
    .prop_filter("at most 1024 coordinates", |s| {
        s.size().is_ok_and(|n| n <= 1024)
    })
}

/// A stride congruent to `shape`, with leaves from -40 to 40.
fn stride_for(shape: &IntTuple) -> BoxedStrategy<IntTuple> {
    match shape {
        IntTuple::Int(_) => (-40i64..=40).prop_map(IntTuple::Int).boxed(),
        IntTuple::Tuple(elems) => {
            let parts: Vec<_> = elems.iter().map(stride_for).collect();
            parts.prop_map(IntTuple::Tuple).boxed()
        }
    }
}

fn layout() -> impl Strategy<Value = DynLayout> {
    shape().prop_flat_map(|s| {
        let stride = stride_for(&s);
        (Just(s), stride).prop_map(|(s, d)| DynLayout::new(s, d).unwrap())
    })
}

/// The R-D coordinate of `i`: one integer per top-level mode, split colexicographically.
fn rd_coord(shape: &IntTuple, i: i64) -> IntTuple {
    let sizes = IntTuple::Tuple(
        shape
            .modes()
            .iter()
            .map(|m| IntTuple::Int(m.size().unwrap()))
            .collect(),
    );
    match shape {
        IntTuple::Int(_) => IntTuple::Int(i),
        IntTuple::Tuple(_) => idx2crd(&IntTuple::Int(i), &sizes).unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn display_then_parse_is_the_identity(l in layout()) {
        let text = l.to_string();
        prop_assert_eq!(text.parse::<DynLayout>(), Ok(l));
    }

    #[test]
    fn one_d_r_d_and_natural_coordinates_agree(l in layout()) {
        for i in 0..l.size() {
            let one = l.call(&IntTuple::Int(i)).unwrap();
            let rd = rd_coord(l.shape(), i);
            let natural = idx2crd(&IntTuple::Int(i), l.shape()).unwrap();
            prop_assert!(natural.congruent(l.shape()));
            prop_assert_eq!(l.call(&rd), Ok(one), "R-D {} of {}", rd, i);
            prop_assert_eq!(l.call(&natural), Ok(one), "natural {} of {}", natural, i);
            prop_assert_eq!(idx2crd(&rd, l.shape()), Ok(natural));
        }
    }

    #[test]
    fn the_default_stride_is_the_identity_function(s in shape()) {
        let l = DynLayout::from_shape(s).unwrap();
        prop_assert_eq!(l.cosize(), l.size());
        for i in 0..l.size() {
            prop_assert_eq!(l.call(&IntTuple::Int(i)), Ok(i));
        }
    }

    #[test]
    fn cosize_is_the_width_of_the_index_range(l in layout()) {
        let indices: Vec<i64> = (0..l.size()).map(|i| l.call(&IntTuple::Int(i)).unwrap()).collect();
        let (min, max) = (*indices.iter().min().unwrap(), *indices.iter().max().unwrap());
        prop_assert_eq!(l.min_index(), min);
        prop_assert_eq!(l.cosize(), max - min + 1);
    }
}

#[test]
fn overflow_is_an_error_value() {
    let too_big = "(4294967296,4294967296,4294967296)".parse::<DynLayout>();
    assert_eq!(too_big, Err(Error::Overflow));
    let far = "2:4611686018427387904".parse::<DynLayout>().unwrap();
    assert_eq!(far.call(&IntTuple::Int(1)), Ok(1 << 62));
    assert_eq!(far.call(&IntTuple::Int(2)), Err(Error::Overflow));
    let wide = "(2,2):(4611686018427387904,4611686018427387904)".parse::<DynLayout>();
    assert_eq!(wide, Err(Error::Overflow));
}

/// The leaves of `t`, flat.
fn flat(t: &IntTuple) -> Vec<i64> {
    t.leaves().collect()
}

/// Whether `l` maps its coordinates onto `0..n` once, counting each leaf whose `skip` is true as
/// size 1 (its coordinates share the indices).
fn onto_range(l: &DynLayout, skip: &[bool]) -> bool {
    let (s, d) = (flat(l.shape()), flat(l.stride()));
    let mut seen = std::collections::BTreeSet::new();
    let kept: i64 = s
        .iter()
        .zip(skip)
        .filter(|(_, k)| !**k)
        .map(|(s, _)| s)
        .product();
    for i in 0..l.size() {
        let (mut rest, mut index) = (i, 0);
        for (k, (&s, &d)) in s.iter().zip(&d).enumerate() {
            index += if skip[k] { 0 } else { rest % s * d };
            rest /= s;
        }
        seen.insert(index);
    }
    seen.len() as i64 == kept && seen.iter().all(|&x| 0 <= x && x < kept)
}

/// Of two leaves of size 2 or more, the one of smaller order has the smaller stride.
fn follows_order(shape: &[i64], order: &[i64], strides: &[i64]) -> bool {
    let big: Vec<usize> = (0..shape.len()).filter(|&i| shape[i] > 1).collect();
    big.iter().all(|&i| {
        big.iter()
            .all(|&j| order[i] >= order[j] || strides[i] < strides[j])
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// make_ordered_layout: compact (a bijection onto 0..size) and in the order given.
    #[test]
    fn ordered_layouts_are_compact_in_order(l in layout()) {
        let o = make_ordered_layout(l.shape(), l.stride()).unwrap();
        prop_assert_eq!(o.shape(), l.shape());
        prop_assert!(onto_range(&o, &vec![false; flat(l.shape()).len()]), "{} -> {}", l, o);
        prop_assert!(follows_order(&flat(l.shape()), &flat(l.stride()), &flat(o.stride())), "{} -> {}", l, o);
    }

    /// make_layout_like: the shape kept, zero strides kept 0, a bijection onto 0..n counting
    /// each zero-stride leaf as size 1, the other leaves in the order of l's strides.
    #[test]
    fn layouts_like_meet_their_post_conditions(l in layout()) {
        let o = make_layout_like(&l).unwrap();
        prop_assert_eq!(o.shape(), l.shape());
        let zero: Vec<bool> = flat(l.stride()).iter().map(|&d| d == 0).collect();
        for (k, &z) in zero.iter().enumerate() {
            prop_assert!(!z || flat(o.stride())[k] == 0, "{} -> {}", l, o);
        }
        prop_assert!(onto_range(&o, &zero), "{} -> {}", l, o);
        let kept: Vec<i64> = flat(l.shape()).iter().zip(&zero).map(|(&s, &z)| if z { 1 } else { s }).collect();
        prop_assert!(follows_order(&kept, &flat(l.stride()), &flat(o.stride())), "{} -> {}", l, o);
    }

    /// filter_zeros keeps the strides and sets exactly the stride-0 leaves to 1; filter is
    /// coalesced, has no mode of stride 0 or size 1 (but `1:0` for nothing left), and reaches
    /// exactly the indices the layout reaches.
    #[test]
    fn filters_meet_their_post_conditions(l in layout()) {
        let z = filter_zeros(&l);
        prop_assert_eq!(z.stride(), l.stride());
        for ((s, d), k) in flat(l.shape()).into_iter().zip(flat(l.stride())).zip(flat(z.shape())) {
            prop_assert_eq!(k, if d == 0 { 1 } else { s }, "{} -> {}", l, z);
        }
        let f = filter(&l);
        prop_assert!(f.depth() <= 1, "{} -> {}", l, f);
        let modes: Vec<(i64, i64)> = flat(f.shape()).into_iter().zip(flat(f.stride())).collect();
        prop_assert!(modes == [(1, 0)] || modes.iter().all(|&(s, d)| s > 1 && d != 0), "{} -> {}", l, f);
        let image = |l: &DynLayout| {
            let mut v: Vec<i64> = (0..l.size()).map(|i| l.call(&IntTuple::Int(i)).unwrap()).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        prop_assert_eq!(image(&f), image(&l), "{} -> {}", l, f);
    }

    /// make_fragment_like: mode 0 column-major over its non-zero strides, a bijection onto
    /// 0..n without mode 0's zero-stride leaves, the rest in the order of l's strides.
    #[test]
    fn fragments_meet_their_post_conditions(l in layout()) {
        let f = make_fragment_like(&l).unwrap();
        prop_assert_eq!(f.size(), l.size());
        if l.rank() < 2 {
            prop_assert_eq!(f, DynLayout::from_shape(l.shape().clone()).unwrap());
            return Ok(());
        }
        let (m0, d0) = (flat(&l.shape().modes()[0]), flat(&l.stride().modes()[0]));
        let zero: Vec<bool> = d0.iter().map(|&d| d == 0).collect();
        let rest = |t: &IntTuple| IntTuple::Tuple(t.modes()[1..].to_vec());
        let skip: Vec<bool> = zero.iter().copied().chain(flat(&rest(l.shape())).iter().map(|_| false)).collect();
        prop_assert!(onto_range(&f, &skip), "{} -> {}", l, f);
        let kept: Vec<i64> = m0.iter().zip(&zero).map(|(&s, &z)| if z { 1 } else { s }).collect();
        let mode0 = flat(&f.stride().modes()[0]);
        let mut run = 1;
        for (k, &s) in kept.iter().enumerate() {
            prop_assert_eq!(mode0[k], if s == 1 { 0 } else { run }, "{} -> {}", l, f);
            run *= s;
        }
        let frest = flat(f.stride())[m0.len()..].to_vec();
        prop_assert!(follows_order(&flat(&rest(l.shape())), &flat(&rest(l.stride())), &frest), "{} -> {}", l, f);
    }
}
