//! The fused epilogues' operations on the host against their formulas in f64 (std): the
//! portable `exp2` and `tanh` the host computes them with, and each operation's definition.

use proptest::prelude::*;
use tessel::kernel::fusion::{exp2, tanh, At, EpilogueArgs, Fusion};
use tessel::kernel::fusion::{ColBias, Gelu, Identity, LinearCombination, Relu, RowBias, Silu};

fn apply<F: Fusion<f32>>(args: &EpilogueArgs, x: f32, at: &At) -> f32 {
    // SAFETY: the arguments' pointers hold their elements at `at`.
    unsafe { F::apply(args, x, at) }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// exp2 within 2^-22 relative of 2^x over the range it does not flush or overflow.
    #[test]
    fn exp2_is_two_to_the_x(x in -125.0f32..127.0) {
        let want = (x as f64).exp2();
        prop_assert!(((exp2(x) as f64) - want).abs() <= want * 2f64.powi(-22), "{x}");
    }

    /// tanh within 2^-20 absolute.
    #[test]
    fn tanh_is_tanh(x in -20.0f32..20.0) {
        prop_assert!(((tanh(x) as f64) - (x as f64).tanh()).abs() <= 2f64.powi(-20), "{x}");
    }

    /// Each operation is its formula, and a tuple applies them left to right.
    #[test]
    fn operations_are_their_formulas(x in -8.0f32..8.0, alpha in -2.0f32..2.0, beta in -2.0f32..2.0, row in 0usize..4, col in 0usize..3) {
        let bias = [0.5f32, -1.25, 2.0, 0.0625];
        let source = [1.0f32, -3.0, 0.25, 7.5, -0.5, 2.25, 1.5, -1.0, 0.75, 4.0, -2.5, 0.125];
        let index = row + 4 * col;
        let at = At { row, col, index };
        let args = EpilogueArgs { alpha, beta, bias: bias.as_ptr() as u64, source: source.as_ptr() as u64, ..EpilogueArgs::default() };
        let close = |a: f32, b: f64| ((a as f64) - b).abs() <= 1e-5 * (1.0 + b.abs());
        let xd = x as f64;
        prop_assert_eq!(apply::<Identity>(&args, x, &at), x);
        prop_assert!(close(apply::<LinearCombination>(&args, x, &at), alpha as f64 * xd + beta as f64 * source[index] as f64));
        prop_assert_eq!(apply::<RowBias>(&args, x, &at), x + bias[row]);
        prop_assert_eq!(apply::<ColBias>(&args, x, &at), x + bias[col]);
        prop_assert_eq!(apply::<Relu>(&args, x, &at), x.max(0.0));
        let gelu = 0.5 * xd * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (xd + 0.044715 * xd * xd * xd)).tanh());
        prop_assert!(close(apply::<Gelu>(&args, x, &at), gelu));
        prop_assert!(close(apply::<Silu>(&args, x, &at), xd / (1.0 + (-xd).exp())));
        let y = (x + bias[row]).max(0.0);
        prop_assert_eq!(apply::<(RowBias, Relu)>(&args, x, &at), y);
        let z = ((x + bias[col]).max(0.0)) as f64;
        let chained = 0.5 * z * (1.0 + ((2.0 / std::f64::consts::PI).sqrt() * (z + 0.044715 * z * z * z)).tanh());
        prop_assert!(close(apply::<(ColBias, Relu, Gelu)>(&args, x, &at), chained));
    }
}

/// `beta = 0` reads no source (a null pointer is not touched).
#[test]
fn linear_combination_without_beta_reads_no_source() {
    let args = EpilogueArgs {
        alpha: 3.0,
        ..EpilogueArgs::default()
    };
    let at = At {
        row: 5,
        col: 7,
        index: 1 << 40,
    };
    assert_eq!(apply::<LinearCombination>(&args, 2.0, &at), 6.0);
}

/// exp2's edges: 0 below the normal range, infinity above, NaN through.
#[test]
fn exp2_edges() {
    assert_eq!(exp2(-200.0), 0.0);
    assert_eq!(exp2(200.0), f32::INFINITY);
    assert!(exp2(f32::NAN).is_nan());
    assert_eq!(exp2(0.0), 1.0);
    assert_eq!(exp2(10.0), 1024.0);
}
