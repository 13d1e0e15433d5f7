//! CuTe's post-conditions of each operation, as properties of the runtime algebra (2,000 cases
//! each), and the rule that tessel rejects exactly what CuTe rejects plus the answers that break
//! the operation's definition (against `cute_model`, CuTe's own algorithms). Layouts are drawn
//! compact-ish (strides from a permuted prefix product, sometimes scaled, padded like a
//! shared-memory tile `(32,32):(1,33)`, or zeroed) so that most cases satisfy the operations'
//! preconditions; each property also counts how often the operation applied, so that it cannot
//! pass vacuously.

mod cute_model;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;
use tessel::dynamic::coalesce::coalesce;
use tessel::dynamic::complement::{complement, complement_of};
use tessel::dynamic::composition::composition;
use tessel::dynamic::divide::logical_divide;
use tessel::dynamic::inverse::{left_inverse, right_inverse};
use tessel::dynamic::product::logical_product;
use tessel::dynamic::sublayout::make_layout;
use tessel::dynamic::{Error, IntTuple};
use tessel::DynLayout;

/// 2,000 cases a property; `TESSEL_CASES=N` runs N (a longer soak, with `PROPTEST_RNG_SEED`
/// for another seed).
fn cases() -> u32 {
    std::env::var("TESSEL_CASES").map_or(2000, |n| n.parse().expect("TESSEL_CASES: a number"))
}

/// A shape of 1 to 4 modes, depth up to 2, leaves 1 to 4, at most 256 elements.
fn shape() -> impl Strategy<Value = IntTuple> {
    let leaf = (1i64..=4).prop_map(IntTuple::Int);
    let mode = prop_oneof![
        3 => leaf.clone(),
        1 => prop::collection::vec(leaf, 1..=3).prop_map(IntTuple::Tuple),
    ];
    prop::collection::vec(mode, 1..=4)
        .prop_map(IntTuple::Tuple)
        .prop_filter("small", |s| s.size().unwrap() <= 256)
}

/// Strides over the leaves of `s`: a permuted prefix product, with an optional gap and zero.
fn layout_over(s: IntTuple) -> impl Strategy<Value = DynLayout> {
    let n = s.leaves().count();
    (
        Just(s),
        Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
        (1i64..=3, 0..n * 3),
        (1i64..=2, 0..n * 3),
        0..n * 4,
    )
        .prop_map(|(s, order, (gap, gap_at), (pad, pad_at), zero_at)| {
            let ls: Vec<i64> = s.leaves().collect();
            let mut d = vec![0i64; ls.len()];
            let mut acc = 1;
            for (k, &i) in order.iter().enumerate() {
                if k == gap_at {
                    acc *= gap;
                }
                if k == pad_at && k > 0 {
                    acc += pad;
                }
                d[i] = acc;
                acc *= ls[i];
            }
            if zero_at < d.len() {
                d[zero_at] = 0;
            }
            let mut it = d.into_iter();
            DynLayout::new(s.clone(), rebuild(&s, &mut it)).unwrap()
        })
}

fn rebuild(like: &IntTuple, it: &mut impl Iterator<Item = i64>) -> IntTuple {
    match like {
        IntTuple::Int(_) => IntTuple::Int(it.next().unwrap()),
        IntTuple::Tuple(e) => IntTuple::Tuple(e.iter().map(|x| rebuild(x, it)).collect()),
    }
}

fn layout() -> impl Strategy<Value = DynLayout> {
    shape().prop_flat_map(layout_over)
}

fn at(l: &DynLayout, i: i64) -> i64 {
    l.call(&IntTuple::Int(i)).unwrap()
}

/// Counts the cases where an operation applied, and fails the run if it rarely did.
struct Applied(std::cell::Cell<u32>, &'static str, u32);

impl Applied {
    fn new(what: &'static str, at_least: u32) -> Applied {
        Applied(std::cell::Cell::new(0), what, at_least)
    }
    fn hit(&self) {
        self.0.set(self.0.get() + 1);
    }
}

impl Drop for Applied {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let n = self.0.get();
            assert!(n >= self.2, "{}: applied in only {n} cases", self.1);
        }
    }
}

fn check(cond: bool, what: String) -> Result<(), TestCaseError> {
    if cond {
        Ok(())
    } else {
        Err(TestCaseError::fail(what))
    }
}

#[test]
fn coalesce_keeps_the_function() {
    proptest!(ProptestConfig::with_cases(cases()), |(a in layout())| {
        let c = coalesce(&a);
        prop_assert_eq!(c.size(), a.size());
        prop_assert!(c.depth() <= 1, "{} has depth {}", c, c.depth());
        for i in 0..a.size() {
            prop_assert_eq!(at(&c, i), at(&a, i), "{} vs {} at {}", a, c, i);
        }
    });
}

/// Whether a layout answers `f` wrongly somewhere: the definition's value differs at some `i`.
fn wrong_somewhere(n: i64, answer: &DynLayout, truth: impl Fn(i64) -> i64) -> bool {
    (0..n).any(|i| at(answer, i) != truth(i))
}

#[test]
fn composition_is_a_after_b_and_rejects_only_cutes_wrong_answers() {
    let applied = Applied::new("composition", cases() / 4);
    let rejected = Applied::new("composition rejected where CuTe answers wrongly", 1);
    proptest!(ProptestConfig::with_cases(cases()), |(a in layout(), b in layout())| {
        let cute = cute_model::composition(&a, &b);
        match composition(&a, &b.clone().into()) {
            Ok(r) => {
                applied.hit();
                check(b.shape().compatible(r.shape()) || b.size() == r.size() && r.depth() == 0,
                      format!("{b} not compatible with {r}"))?;
                for i in 0..b.size() {
                    check(at(&r, i) == at(&a, at(&b, i)), format!("({a}) o ({b}) = {r} at {i}"))?;
                }
                prop_assert_eq!(Ok(r.to_string()), cute.map(|c| c.to_string()), "CuTe differs");
            }
            Err(Error::Precondition(_)) => {
                if let Ok(c) = cute {
                    rejected.hit();
                    check(wrong_somewhere(b.size(), &c, |i| at(&a, at(&b, i))),
                          format!("tessel rejects ({a}) o ({b}), CuTe's {c} is right"))?;
                }
            }
            Err(e) => return Err(TestCaseError::fail(format!("({a}) o ({b}): {e}"))),
        }
    });
}

/// Whether every stride of A is a multiple of the reach of the modes below it (then (A, A*)
/// is compact: it covers `[0, reach)` exactly).
fn divisible(a: &DynLayout) -> bool {
    let mut modes: Vec<(i64, i64)> = a
        .shape()
        .leaves()
        .zip(a.stride().leaves())
        .filter(|m| m.0 > 1 && m.1 != 0)
        .collect();
    modes.sort_by_key(|m| m.1);
    let mut reach = 1;
    modes.iter().all(|&(s, d)| {
        let ok = d % reach == 0;
        reach = d * s;
        ok
    })
}

fn filtered_size(a: &DynLayout) -> i64 {
    a.shape()
        .leaves()
        .zip(a.stride().leaves())
        .filter(|m| m.1 != 0)
        .map(|m| m.0)
        .product()
}

#[test]
fn complement_meets_cutes_post_conditions() {
    let applied = Applied::new("complement", cases() / 2);
    let padded = Applied::new(
        "complement of a layout with non-divisible strides",
        cases() / 20,
    );
    proptest!(ProptestConfig::with_cases(cases()), |(a in layout(), k in 1i64..=3, less in 0i64..=2)| {
        let m = (a.cosize() * k - less).max(1);
        let cute = cute_model::complement(&a, &IntTuple::Int(m));
        let r = match complement(&a, &IntTuple::Int(m)) {
            Ok(r) => r,
            Err(e) => {
                prop_assert!(cute.is_err(), "tessel rejects complement({}, {}) ({}), CuTe answers", a, m, e);
                return Ok(());
            }
        };
        applied.hit();
        if !divisible(&a) {
            padded.hit();
        }
        prop_assert_eq!(Ok(r.to_string()), cute.map(|c| c.to_string()), "CuTe differs");
        let c = make_layout(&[a.clone(), r.clone()]).unwrap();
        let what = format!("complement({a}, {m}) = {r}");
        // (3) ordered and (4) disjoint from A's image.
        let image: HashSet<i64> = (0..a.size()).map(|i| at(&a, i)).collect();
        for i in 1..r.size() {
            check(at(&r, i - 1) < at(&r, i), format!("{what} is not ordered"))?;
            check(!image.contains(&at(&r, i)), format!("{what} meets A"))?;
        }
        // tessel's own: with A's zeros filtered out, (A, R) is injective.
        let f = tessel::dynamic::complement::filter(&a);
        let cf = make_layout(&[f.clone(), r.clone()]).unwrap();
        let values: HashSet<i64> = (0..cf.size()).map(|i| at(&cf, i)).collect();
        check(values.len() as i64 == cf.size(), format!("{what}: (filter(A), R) is not injective"))?;
        // CuTe's other observations.
        check(r.size() <= r.cosize(), format!("{what}: size above cosize"))?;
        check(c.cosize() <= r.cosize() + a.cosize(), format!("{what}: (A, R) too wide"))?;
        check(complement_of(&c).unwrap().size() == 1, format!("{what}: something left over"))?;
        // The round trip and the lower bounds on R's size hold for CuTe's own answers whenever
        // the strides are divisible; (1) also when M <= cosize(A), and (2) when M <= cosize(A).
        // Past these, CuTe's own answers break them (see the complement module's docs).
        if divisible(&a) {
            let back = complement(&complement(&r, &IntTuple::Int(a.cosize())).unwrap(), &IntTuple::Int(m));
            prop_assert_eq!(back, Ok(r.clone()), "{}: complement(complement(R, cosize(A)), M) differs", what);
        }
        if m <= a.cosize() || divisible(&a) {
            check(c.cosize() >= m, format!("{what}: (A, R) does not reach {m} (1)"))?;
        }
        if divisible(&a) {
            check(r.size() >= m / filtered_size(&a), format!("{what}: too small"))?;
            check(r.cosize() >= m / filtered_size(&a), format!("{what}: cosize too small"))?;
        }
        if m <= a.cosize() {
            let round_up = (m + a.cosize() - 1) / a.cosize() * a.cosize();
            check(r.cosize() <= round_up, format!("{what}: cosize above round_up (2)"))?;
        }
    });
}

#[test]
fn logical_divide_and_product_are_their_definitions() {
    let divided = Applied::new("logical_divide", cases() / 4);
    let multiplied = Applied::new("logical_product", cases() / 4);
    proptest!(ProptestConfig::with_cases(cases()), |(a in layout(), b in layout())| {
        let tiler = b.clone().into();
        let cute = cute_model::logical_divide(&a, &b);
        match logical_divide(&a, &tiler) {
            Ok(d) => {
                divided.hit();
                let rest = complement(&b, coalesce(&a).shape()).unwrap();
                let def = composition(&a, &make_layout(&[b.clone(), rest]).unwrap().into()).unwrap();
                prop_assert_eq!(&d, &def);
                let mode0 = d.modes().remove(0);
                let ab = composition(&a, &tiler).unwrap();
                for i in 0..ab.size() {
                    prop_assert_eq!(at(&mode0, i), at(&ab, i));
                }
                prop_assert_eq!(Ok(d.to_string()), cute.map(|c| c.to_string()), "CuTe differs");
            }
            Err(_) => {
                // CuTe rejects it too, or its answer is not A o (B, B*) point by point.
                if let Ok(c) = cute {
                    let rest = cute_model::complement(&b, &IntTuple::Int(c.size())).ok();
                    let both = rest.map(|r| make_layout(&[b.clone(), r]).unwrap());
                    let truth = |i| both.as_ref().map_or(-1, |x| at(&a, at(x, i)));
                    check(wrong_somewhere(c.size(), &c, truth),
                          format!("tessel rejects logical_divide({a}, {b}), CuTe's {c} is right"))?;
                }
            }
        }
        let cute = cute_model::logical_product(&a, &b);
        match logical_product(&a, &tiler) {
            Ok(p) => {
                multiplied.hit();
                let target = IntTuple::Int(a.size() * b.cosize());
                let copies = composition(&complement(&a, &target).unwrap(), &tiler).unwrap();
                prop_assert_eq!(&p, &make_layout(&[a.clone(), copies]).unwrap());
                // CuTe's test: mode 0 is A, mode 1 is compatible with B.
                let modes = p.modes();
                prop_assert_eq!(&modes[0], &a);
                prop_assert!(b.shape().compatible(modes[1].shape()) || b.size() == modes[1].size());
                prop_assert_eq!(Ok(p.to_string()), cute.map(|c| c.to_string()), "CuTe differs");
            }
            Err(e) => {
                // CuTe rejects it too, or its copies are not complement(A, size(A)*cosize(B)) o B
                // point by point.
                if let Ok(c) = cute {
                    let rest = cute_model::complement(&a, &IntTuple::Int(a.size() * b.cosize())).unwrap();
                    let copies = c.modes().remove(1);
                    check(wrong_somewhere(b.size(), &copies, |i| at(&rest, at(&b, i))),
                          format!("tessel rejects logical_product({a}, {b}) ({e}), CuTe's {c} is right"))?;
                }
            }
        }
    });
}

#[test]
fn inverses_invert() {
    let applied = Applied::new("left_inverse", cases() / 4);
    proptest!(ProptestConfig::with_cases(cases()), |(a in layout())| {
        let r = right_inverse(&a);
        for i in 0..r.size() {
            prop_assert_eq!(at(&a, at(&r, i)), i, "right_inverse({}) = {}", a, r);
        }
        let injective = (0..a.size()).map(|i| at(&a, i)).collect::<HashSet<_>>().len() as i64 == a.size();
        if let (true, Ok(l)) = (injective, left_inverse(&a)) {
            applied.hit();
            for i in 0..a.size() {
                prop_assert_eq!(at(&l, at(&a, i)), i, "left_inverse({}) = {}", a, l);
            }
        }
    });
}

/// Any layout, negative and zero strides included.
fn any_layout() -> impl Strategy<Value = DynLayout> {
    shape().prop_flat_map(|s| {
        let n = s.leaves().count();
        (Just(s), prop::collection::vec(-8i64..=16, n)).prop_map(|(s, d)| {
            let mut it = d.into_iter();
            DynLayout::new(s.clone(), rebuild(&s, &mut it)).unwrap()
        })
    })
}

/// An integer: small mostly, else one of the edges where arithmetic overflows or divides by 0.
fn edge_int() -> impl Strategy<Value = i64> {
    let edges = [
        0,
        1,
        2,
        1 << 31,
        1 << 32,
        (1 << 32) + 1,
        1 << 62,
        i64::MAX,
        -1,
        -(1 << 31),
        i64::MIN,
    ];
    prop_oneof![3 => -8i64..=16, 1 => prop::sample::select(edges.to_vec())]
}

/// The text of a layout (or a shape, without a stride) with edge integers anywhere: it may not
/// even be a valid layout.
fn edge_text() -> impl Strategy<Value = String> {
    let shape = prop::collection::vec(prop::collection::vec(edge_int(), 1..=2), 1..=3);
    (shape, prop::collection::vec(edge_int(), 6), any::<bool>()).prop_map(|(modes, d, strided)| {
        let tuple = |f: &mut dyn FnMut(i64) -> String| {
            let parts: Vec<String> = modes
                .iter()
                .map(|m| {
                    let leaves: Vec<String> = m.iter().map(|&x| f(x)).collect();
                    format!("({})", leaves.join(","))
                })
                .collect();
            format!("({})", parts.join(","))
        };
        let shape = tuple(&mut |x| x.to_string());
        let mut k = 0;
        let stride = tuple(&mut |_| {
            k += 1;
            d[(k - 1) % d.len()].to_string()
        });
        if strided {
            format!("{shape}:{stride}")
        } else {
            shape
        }
    })
}

#[test]
fn no_operation_panics() {
    use tessel::dynamic::algebra::{run, OPERATIONS};
    proptest!(ProptestConfig::with_cases(cases()), |(a in any_layout(), b in any_layout(), n in 1i64..=64)| {
        let (a, b, n) = (a.to_string(), b.to_string(), n.to_string());
        for (op, ..) in OPERATIONS {
            for args in [vec![a.as_str()], vec![a.as_str(), b.as_str()], vec![a.as_str(), n.as_str()]] {
                let _ = run(op, &args);
            }
        }
    });
}

/// Edge integers (0, 1, 2^31, 2^32, 2^62, i64::MAX, negative) anywhere in any argument of any
/// operation: an answer or an error, never a panic; an answer that is a layout reads back.
#[test]
fn no_operation_panics_on_edge_values() {
    use tessel::dynamic::algebra::{run, OPERATIONS};
    let answered = Applied::new("an operation on edge values", 100);
    proptest!(ProptestConfig::with_cases(cases()), |(a in edge_text(), b in edge_text(), n in edge_int())| {
        if let Ok(l) = a.parse::<DynLayout>() {
            prop_assert_eq!(l.to_string().parse::<DynLayout>(), Ok(l.clone()), "{} does not read back", a);
        }
        let n = n.to_string();
        let swizzled = format!("Sw<2,1,3> o 5 o {a}");
        for (op, ..) in OPERATIONS {
            for args in [vec![a.as_str()], vec![a.as_str(), b.as_str()], vec![a.as_str(), n.as_str()],
                         vec![n.as_str(), a.as_str()], vec![swizzled.as_str(), b.as_str()],
                         vec![swizzled.as_str()]] {
                if let Ok(out) = run(op, &args) {
                    answered.hit();
                    if out.contains(':') && !out.contains('\n') && !out.starts_with("Sw") {
                        prop_assert!(out.parse::<DynLayout>().is_ok(), "{} {:?} gave {}", op, args, out);
                    }
                }
            }
        }
    });
}
