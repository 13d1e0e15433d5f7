//! CuTe's post-conditions of each operation, as properties of the runtime algebra (2,000 cases
//! each). Layouts are drawn compact-ish (strides from a permuted prefix product, sometimes with a
//! gap or a stride 0) so that most cases satisfy the operations' preconditions; each property
//! also counts how often the operation applied, so that it cannot pass vacuously.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;
use tessel::dynamic::coalesce::coalesce;
use tessel::dynamic::complement::complement;
use tessel::dynamic::composition::composition;
use tessel::dynamic::divide::logical_divide;
use tessel::dynamic::inverse::{left_inverse, right_inverse};
use tessel::dynamic::product::logical_product;
use tessel::dynamic::sublayout::make_layout;
use tessel::dynamic::{Error, IntTuple};
use tessel::DynLayout;

const CASES: u32 = 2000;

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
        1i64..=3,
        0..n * 3,
        0..n * 4,
    )
        .prop_map(|(s, order, gap, gap_at, zero_at)| {
            let ls: Vec<i64> = s.leaves().collect();
            let mut d = vec![0i64; ls.len()];
            let mut acc = 1;
            for (k, &i) in order.iter().enumerate() {
                if k == gap_at {
                    acc *= gap;
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
    proptest!(ProptestConfig::with_cases(CASES), |(a in layout())| {
        let c = coalesce(&a);
        prop_assert_eq!(c.size(), a.size());
        prop_assert!(c.depth() <= 1, "{} has depth {}", c, c.depth());
        for i in 0..a.size() {
            prop_assert_eq!(at(&c, i), at(&a, i), "{} vs {} at {}", a, c, i);
        }
    });
}

#[test]
fn composition_is_a_after_b() {
    let applied = Applied::new("composition", CASES / 4);
    proptest!(ProptestConfig::with_cases(CASES), |(a in layout(), b in layout())| {
        match composition(&a, &b.clone().into()) {
            Ok(r) => {
                applied.hit();
                check(b.shape().compatible(r.shape()) || b.size() == r.size() && r.depth() == 0,
                      format!("{b} not compatible with {r}"))?;
                for i in 0..b.size() {
                    check(at(&r, i) == at(&a, at(&b, i)), format!("({a}) o ({b}) = {r} at {i}"))?;
                }
            }
            Err(Error::StrideDivisibility(_) | Error::ShapeDivisibility(_)) => {}
            Err(e) => return Err(TestCaseError::fail(format!("({a}) o ({b}): {e}"))),
        }
    });
}

#[test]
fn complement_is_ordered_disjoint_and_covers() {
    let applied = Applied::new("complement", CASES / 4);
    proptest!(ProptestConfig::with_cases(CASES), |(a in layout(), k in 1i64..=3)| {
        let cotarget = a.cosize() * k;
        if let Ok(c) = complement(&a, &IntTuple::Int(cotarget)) {
            applied.hit();
            let image: HashSet<i64> = (0..a.size()).map(|i| at(&a, i)).collect();
            for i in 1..c.size() {
                check(at(&c, i - 1) < at(&c, i), format!("complement({a}, {cotarget}) = {c} is not ordered"))?;
                check(!image.contains(&at(&c, i)), format!("complement({a}, {cotarget}) = {c} meets A"))?;
            }
            // With the zeros of A filtered out, (A, A*) reaches every index below the cotarget.
            let both = make_layout(&[a.clone(), c.clone()]).unwrap();
            let reached: HashSet<i64> = (0..both.size()).map(|i| at(&both, i)).collect();
            check((0..cotarget).all(|x| reached.contains(&x)),
                  format!("(A, A*) = {both} does not cover [0, {cotarget})"))?;
        }
    });
}

#[test]
fn logical_divide_and_product_are_their_definitions() {
    let applied = Applied::new("logical_divide", CASES / 4);
    proptest!(ProptestConfig::with_cases(CASES), |(a in layout(), b in layout())| {
        let tiler = b.clone().into();
        if let Ok(d) = logical_divide(&a, &tiler) {
            applied.hit();
            let rest = complement(&b, coalesce(&a).shape()).unwrap();
            let def = composition(&a, &make_layout(&[b.clone(), rest]).unwrap().into()).unwrap();
            prop_assert_eq!(&d, &def);
            let mode0 = d.modes().remove(0);
            let ab = composition(&a, &tiler).unwrap();
            for i in 0..ab.size() {
                prop_assert_eq!(at(&mode0, i), at(&ab, i));
            }
        }
        if let Ok(p) = logical_product(&a, &tiler) {
            let target = IntTuple::Int(a.size() * b.cosize());
            let copies = composition(&complement(&a, &target).unwrap(), &tiler).unwrap();
            prop_assert_eq!(p, make_layout(&[a.clone(), copies]).unwrap());
        }
    });
}

#[test]
fn inverses_invert() {
    let applied = Applied::new("left_inverse", CASES / 4);
    proptest!(ProptestConfig::with_cases(CASES), |(a in layout())| {
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

#[test]
fn no_operation_panics() {
    use tessel::dynamic::algebra::{run, OPERATIONS};
    proptest!(ProptestConfig::with_cases(CASES), |(a in any_layout(), b in any_layout(), n in 1i64..=64)| {
        let (a, b, n) = (a.to_string(), b.to_string(), n.to_string());
        for (op, _) in OPERATIONS {
            for args in [vec![a.as_str()], vec![a.as_str(), b.as_str()], vec![a.as_str(), n.as_str()]] {
                let _ = run(op, &args);
            }
        }
    });
}
