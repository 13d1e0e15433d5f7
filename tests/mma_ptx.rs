//! The SM80 atoms' TV layouts against the PTX ISA's fragment formulas ("Matrix Fragments for
//! mma.m16n8k16 / m16n8k8 / m16n8k32"), every lane and every value: value `i` of lane `l` holds
//! the element the ISA assigns to register element `i` of that lane.
#![allow(non_camel_case_types)]

use tessel::mma::*;
use tessel::{MmaAtom, StaticLayout};

/// The ISA's names: the lane's group (`laneid >> 2`) and its thread in the group (`laneid % 4`).
fn group(lane: usize) -> (usize, usize) {
    (lane >> 2, lane % 4)
}

/// Checks `layout(lane, i) == f(lane, i)` over 32 lanes and `values` values.
fn check<L: StaticLayout>(what: &str, values: usize, f: impl Fn(usize, usize) -> usize)
where
    (usize, usize): tessel::coord::Coord<L::Shape, L::Stride>,
{
    assert_eq!(L::SIZE, 32 * values, "{what}: size");
    for lane in 0..32 {
        for i in 0..values {
            assert_eq!(
                L::INSTANCE.call_signed((lane, i)) as usize,
                f(lane, i),
                "{what}: lane {lane}, value {i}"
            );
        }
    }
}

/// C and D of every m16n8 shape: `(row, col)` at `m + 16 n`.
fn c_16x8(lane: usize, i: usize) -> usize {
    let (g, t) = group(lane);
    let (row, col) = (g + 8 * (i >> 1), t * 2 + (i & 1));
    row + 16 * col
}

fn m16n8k16<A: MmaAtom>(name: &str)
where
    (usize, usize): tessel::coord::Coord<
            <A::ALayout as StaticLayout>::Shape,
            <A::ALayout as StaticLayout>::Stride,
        > + tessel::coord::Coord<
            <A::BLayout as StaticLayout>::Shape,
            <A::BLayout as StaticLayout>::Stride,
        > + tessel::coord::Coord<
            <A::CLayout as StaticLayout>::Shape,
            <A::CLayout as StaticLayout>::Stride,
        >,
{
    // A, 16x16: row groupID (+8 for a2,a3,a6,a7), col 2*tig + (i&1) (+8 for a4..a7).
    check::<A::ALayout>(name, 8, |lane, i| {
        let (g, t) = group(lane);
        let (row, col) = (g + 8 * ((i >> 1) & 1), t * 2 + (i & 1) + 8 * (i >> 2));
        row + 16 * col
    });
    // B, 16x8 (k x n): row 2*tig + (i&1) (+8 for b2,b3), col groupID; at n + 8 k.
    check::<A::BLayout>(name, 4, |lane, i| {
        let (g, t) = group(lane);
        let (k, n) = (t * 2 + (i & 1) + 8 * (i >> 1), g);
        n + 8 * k
    });
    check::<A::CLayout>(name, 4, c_16x8);
}

#[test]
fn m16n8k16_f16_bf16() {
    m16n8k16::<SM80_16x8x16_F16F16F16F16_TN>("16x8x16 F16 acc");
    m16n8k16::<SM80_16x8x16_F32F16F16F32_TN>("16x8x16 F32 acc");
    m16n8k16::<SM80_16x8x16_F32BF16BF16F32_TN>("16x8x16 BF16");
}

fn m16n8k8_f16<A: MmaAtom>(name: &str)
where
    (usize, usize): tessel::coord::Coord<
            <A::ALayout as StaticLayout>::Shape,
            <A::ALayout as StaticLayout>::Stride,
        > + tessel::coord::Coord<
            <A::BLayout as StaticLayout>::Shape,
            <A::BLayout as StaticLayout>::Stride,
        > + tessel::coord::Coord<
            <A::CLayout as StaticLayout>::Shape,
            <A::CLayout as StaticLayout>::Stride,
        >,
{
    // A, 16x8: row groupID (+8 for a2,a3), col 2*tig + (i&1).
    check::<A::ALayout>(name, 4, |lane, i| {
        let (g, t) = group(lane);
        (g + 8 * (i >> 1)) + 16 * (t * 2 + (i & 1))
    });
    // B, 8x8: row (k) 2*tig + i, col (n) groupID.
    check::<A::BLayout>(name, 2, |lane, i| {
        let (g, t) = group(lane);
        g + 8 * (t * 2 + i)
    });
    check::<A::CLayout>(name, 4, c_16x8);
}

#[test]
fn m16n8k8_f16_bf16() {
    m16n8k8_f16::<SM80_16x8x8_F16F16F16F16_TN>("16x8x8 F16 acc");
    m16n8k8_f16::<SM80_16x8x8_F32F16F16F32_TN>("16x8x8 F32 acc");
    m16n8k8_f16::<SM80_16x8x8_F32BF16BF16F32_TN>("16x8x8 BF16");
}

#[test]
fn m16n8k8_tf32() {
    type A = SM80_16x8x8_F32TF32TF32F32_TN;
    // A, 16x8: row groupID (+8 for a1,a3), col tig (+4 for a2,a3).
    check::<<A as MmaAtom>::ALayout>("tf32 A", 4, |lane, i| {
        let (g, t) = group(lane);
        (g + 8 * (i & 1)) + 16 * (t + 4 * (i >> 1))
    });
    // B, 8x8: row (k) tig (+4 for b1), col (n) groupID.
    check::<<A as MmaAtom>::BLayout>("tf32 B", 2, |lane, i| {
        let (g, t) = group(lane);
        g + 8 * (t + 4 * i)
    });
    check::<<A as MmaAtom>::CLayout>("tf32 C", 4, c_16x8);
}

#[test]
fn m16n8k32_s8() {
    type A = SM80_16x8x32_S32S8S8S32_TN;
    // A, 16x32: row groupID (+8 for a4..a7, a12..a15), col 4*tig + (i&3) (+16 for a8..a15).
    check::<<A as MmaAtom>::ALayout>("s8 A", 16, |lane, i| {
        let (g, t) = group(lane);
        (g + 8 * ((i >> 2) & 1)) + 16 * (t * 4 + (i & 3) + 16 * (i >> 3))
    });
    // B, 32x8: row (k) 4*tig + (i&3) (+16 for b4..b7), col (n) groupID.
    check::<<A as MmaAtom>::BLayout>("s8 B", 8, |lane, i| {
        let (g, t) = group(lane);
        g + 8 * (t * 4 + (i & 3) + 16 * (i >> 2))
    });
    check::<<A as MmaAtom>::CLayout>("s8 C", 4, c_16x8);
}
