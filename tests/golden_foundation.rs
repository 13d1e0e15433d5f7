//! The runtime layer against CuTe's answers in tests/golden/foundation.tsv, generated from the
//! real CuTe C++ by scripts/golden_foundation.py (the static layer: golden_foundation_static.rs).

use tessel::dynamic::compact::layout_right;
use tessel::dynamic::coord::{crd2idx, idx2crd};
use tessel::dynamic::IntTuple;
use tessel::DynLayout;

fn tuple(text: &str) -> IntTuple {
    text.parse().unwrap()
}

fn answer(op: &str, args: &[&str]) -> String {
    match (op, args) {
        ("make_layout", [s]) => DynLayout::from_shape(tuple(s)).unwrap().to_string(),
        ("layout_right", [s]) => DynLayout::new(tuple(s), layout_right(&tuple(s)).unwrap())
            .unwrap()
            .to_string(),
        ("size", [l]) => l.parse::<DynLayout>().unwrap().size().to_string(),
        ("cosize", [l]) => l.parse::<DynLayout>().unwrap().cosize().to_string(),
        ("crd2idx", [c, s, d]) => crd2idx(&tuple(c), &tuple(s), &tuple(d))
            .unwrap()
            .to_string(),
        ("idx2crd", [c, s]) => idx2crd(&tuple(c), &tuple(s)).unwrap().to_string(),
        _ => panic!("unknown case {op} {args:?}"),
    }
}

#[test]
fn runtime_layer_matches_cute() {
    let data = include_str!("golden/foundation.tsv");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (op, args, want) = (
            fields[0],
            &fields[1..fields.len() - 1],
            fields[fields.len() - 1],
        );
        assert_eq!(answer(op, args), want, "{line}");
        checked += 1;
    }
    assert!(checked >= 500, "only {checked} cases");
}

#[test]
fn runtime_print_layout_matches_cute() {
    let tables = include_str!("golden/print_layout.txt");
    let mut checked = 0;
    for table in tables.split("\n\n") {
        let layout: DynLayout = table.lines().next().unwrap().parse().unwrap();
        let want = if table.ends_with('\n') {
            table.to_string()
        } else {
            format!("{table}\n")
        };
        assert_eq!(layout.print_layout().unwrap().to_string(), want);
        checked += 1;
    }
    assert_eq!(checked, 12);
}
