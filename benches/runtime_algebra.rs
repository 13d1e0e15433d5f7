//! Runtime algebra throughput: composition, complement and logical_divide on typical layouts,
//! in operations per second (median of 5 rounds). `cargo bench --bench runtime_algebra`; the same
//! cases through pycute: `python3 scripts/bench_pycute.py`. Figures go into BENCHMARKS.md.

use std::hint::black_box;
use std::time::Instant;
use tessel::dynamic::complement::complement;
use tessel::dynamic::composition::composition;
use tessel::dynamic::divide::logical_divide;
use tessel::dynamic::tiler::Tiler;
use tessel::dynamic::IntTuple;
use tessel::DynLayout;

/// The cases, shared with scripts/bench_pycute.py: (operation, A, B).
const CASES: &[(&str, &str, &str)] = &[
    ("composition", "(6,2):(8,2)", "(4,3):(3,1)"),
    ("composition", "(128,64):(64,1)", "(8,4):(1,128)"),
    (
        "composition",
        "((2,4),(8,4)):((1,64),(2,16))",
        "(16,8):(8,1)",
    ),
    ("complement", "(2,2):(1,6)", "24"),
    ("complement", "(4,8):(32,1)", "512"),
    ("complement", "((2,4),8):((1,64),8)", "1024"),
    ("logical_divide", "(128,64):(1,128)", "32:1"),
    ("logical_divide", "(4,2,3):(2,1,8)", "4:2"),
    ("logical_divide", "(128,64):(64,1)", "(16,8):(1,16)"),
];

fn ops_per_second(op: &str, a: &DynLayout, b: &str) -> f64 {
    let tiler: Tiler = b.parse().unwrap();
    let cotarget: IntTuple = b.parse().unwrap_or(IntTuple::Int(1));
    let run = || match op {
        "composition" => composition(black_box(a), black_box(&tiler)).unwrap(),
        "complement" => complement(black_box(a), black_box(&cotarget)).unwrap(),
        _ => logical_divide(black_box(a), black_box(&tiler)).unwrap(),
    };
    let iterations = 20_000;
    let mut rounds: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iterations {
                black_box(run());
            }
            iterations as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    rounds[2]
}

fn main() {
    println!(
        "{:<16} {:<34} {:<16} {:>12}",
        "operation", "A", "B", "ops/s"
    );
    for (op, a, b) in CASES {
        let layout: DynLayout = a.parse().unwrap();
        println!(
            "{op:<16} {a:<34} {b:<16} {:>12.0}",
            ops_per_second(op, &layout, b)
        );
    }
}
