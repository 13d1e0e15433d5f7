//! f32 to bf16, f16 and e4m3 (round to nearest, ties to even): every value of each format comes
//! back from its f32, every midpoint of two neighbours goes to the even one, anything past it to
//! the nearer.

use tessel::atom::element::{BF16, F16};

/// A format whose positive finite values are the bits `0..limit`, its sign bit `sign`: every
/// value comes back from its f32 with either sign, the values rise with their bits, and each
/// midpoint of two neighbours goes to the even one, anything either side of it to the nearer.
fn check(limit: u32, sign: u32, to_f32: impl Fn(u32) -> f32, from_f32: impl Fn(f32) -> u32) {
    let values: Vec<(u32, f32)> = (0..limit).map(|b| (b, to_f32(b))).collect();
    for &(b, v) in &values {
        assert_eq!(from_f32(v), b, "{v} back to its bits");
        assert_eq!(from_f32(-v), b | sign, "{} back to its bits", -v);
    }
    for w in values.windows(2) {
        let ((a, x), (b, y)) = (w[0], w[1]);
        assert!(x < y, "{x} before {y}");
        let mid = x + (y - x) / 2.0; // exact: one more significand bit than the format's
        assert_eq!(
            from_f32(mid),
            if a % 2 == 0 { a } else { b },
            "the tie between {x} and {y}"
        );
        assert_eq!(
            from_f32(f32::from_bits(mid.to_bits() - 1)),
            a,
            "just under {mid}"
        );
        assert_eq!(
            from_f32(f32::from_bits(mid.to_bits() + 1)),
            b,
            "just over {mid}"
        );
    }
}

#[test]
fn f16_rounds_to_nearest_even() {
    check(
        0x7c00,
        0x8000,
        |b| F16(b as u16).to_f32(),
        |x| F16::from_f32(x).0 as u32,
    );
    assert_eq!(F16::from_f32(65519.996).0, 0x7bff);
    assert_eq!(F16::from_f32(65520.0).0, 0x7c00);
    assert_eq!(F16::from_f32(f32::INFINITY).0, 0x7c00);
    assert_eq!(
        F16::from_f32(2f32.powi(-25)).0,
        0,
        "half the smallest subnormal: a tie, to 0"
    );
    assert_eq!(F16::from_f32(1e-10).0, 0);
    assert!(F16::from_f32(f32::NAN).to_f32().is_nan());
}

#[test]
fn bf16_rounds_to_nearest_even() {
    check(
        0x7f80,
        0x8000,
        |b| BF16(b as u16).to_f32(),
        |x| BF16::from_f32(x).0 as u32,
    );
    assert_eq!(
        BF16::from_f32(f32::MAX).0,
        0x7f80,
        "past the largest bf16: infinity"
    );
    assert_eq!(BF16::from_f32(f32::NEG_INFINITY).0, 0xff80);
    assert!(BF16::from_f32(f32::NAN).to_f32().is_nan());
}

#[test]
fn e4m3_rounds_to_nearest_even_and_saturates() {
    let to = |b: u8| tessel::atom::element::E4M3(b).to_f32();
    let from = |x: f32| tessel::atom::element::E4M3::from_f32(x).0;
    check(0x7f, 0x80, |b| to(b as u8), |x| from(x) as u32);
    assert_eq!(
        (to(0x7e), to(0x08), to(0x01)),
        (448.0, 2f32.powi(-6), 2f32.powi(-9))
    );
    for past in [449.0, 464.0, 480.0, 1e30, f32::INFINITY] {
        assert_eq!(from(past), 0x7e, "{past} saturates to 448");
        assert_eq!(from(-past), 0xfe, "{} saturates to -448", -past);
    }
    assert_eq!(
        from(2f32.powi(-10)),
        0,
        "half the smallest subnormal: a tie, to 0"
    );
    assert_eq!(from(1e-10), 0);
    assert!(to(from(f32::NAN)).is_nan() && to(0xff).is_nan());
}
