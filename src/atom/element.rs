//! Element types of the atoms: their width in bits, at the type level, and the 8-, 16- and
//! 19-bit floating-point formats Rust has no stable type for (stored in their bits).

use typenum::{U128, U16, U32, U64, U8};

/// A type an atom moves or multiplies: its width in bits as a typenum number, so that a copy and
/// an MMA can be checked to agree on it during type checking.
pub trait Element: Copy + Default {
    /// The width in bits.
    type Bits: typenum::Unsigned;
}

macro_rules! elements {
    ($($T:ty: $Bits:ty;)+) => {$(
        impl Element for $T {
            type Bits = $Bits;
        }
    )+};
}

elements! {
    i8: U8; u8: U8; i16: U16; u16: U16; i32: U32; u32: U32; f32: U32; i64: U64; u64: U64;
    f64: U64; u128: U128; F16: U16; BF16: U16; TF32: U32; E4M3: U8;
}

/// A floating-point element a kernel converts its f32 results to and its inputs from
/// (CUTLASS's `NumericConverter<T, float>` and back), rounding to nearest.
///
/// ```
/// use tessel::atom::element::{Numeric, BF16, E4M3};
/// assert_eq!(<BF16 as Numeric>::from_f32(1.5).to_f32(), 1.5);
/// assert_eq!(<E4M3 as Numeric>::from_f32(1000.0).to_f32(), 448.0); // saturated
/// assert_eq!(<f32 as Numeric>::from_f32(0.1), 0.1);
/// ```
pub trait Numeric: Element {
    /// The element nearest `x`.
    fn from_f32(x: f32) -> Self;
    /// Its value.
    fn to_f32(self) -> f32;
}
impl Numeric for f32 {
    #[inline(always)]
    fn from_f32(x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
}
macro_rules! numeric {
    ($($T:ty),+) => {$(
        impl Numeric for $T {
            #[inline(always)]
            fn from_f32(x: f32) -> Self {
                <$T>::from_f32(x)
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                <$T>::to_f32(self)
            }
        }
    )+};
}
numeric!(F16, BF16, E4M3);

/// A scalar [`UniversalFMA`](crate::mma::UniversalFMA) multiplies and adds: `a * b + c`, one
/// fused instruction for f32 and f64 on the GPU (`fma.rn`, what nvcc makes of CuTe's
/// `d = a * b + c`); elsewhere the two operations.
///
/// ```
/// use tessel::atom::element::MulAdd;
/// assert_eq!(MulAdd::mul_add(3.0f32, 4.0, 5.0), 17.0);
/// assert_eq!(MulAdd::mul_add(3i32, -4, 5), -7);
/// ```
pub trait MulAdd: Copy + Default {
    /// `a * b + c`.
    fn mul_add(a: Self, b: Self, c: Self) -> Self;
}

macro_rules! mul_add {
    ($($T:ty, $fused:ident;)+) => {$(
        impl MulAdd for $T {
            #[inline(always)]
            fn mul_add(a: $T, b: $T, c: $T) -> $T {
                #[cfg(target_arch = "nvptx64")]
                // SAFETY: the intrinsic is the instruction `fma.rn` and has no precondition.
                let d = unsafe { core::intrinsics::$fused(a, b, c) };
                #[cfg(not(target_arch = "nvptx64"))]
                let d = a * b + c;
                d
            }
        }
    )+};
    ($($T:ty),+) => {$(
        impl MulAdd for $T {
            #[inline(always)]
            fn mul_add(a: $T, b: $T, c: $T) -> $T {
                a * b + c
            }
        }
    )+};
}
mul_add! { f32, fmaf32; f64, fmaf64; }
mul_add!(i8, u8, i16, u16, i32, u32, i64, u64, isize, usize);

/// IEEE binary16, stored in its bits (CuTe's `half_t`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct F16(pub u16);

/// bfloat16, stored in its bits (CuTe's `bfloat16_t`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct BF16(pub u16);

/// The 8-bit float with 4 exponent and 3 significand bits (CuTe's `float_e4m3_t`, OCP's
/// E4M3FN): bias 7, no infinities, `S.1111.111` is NaN, the largest value is 448.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct E4M3(pub u8);

// With the `cuda` feature the element types are cudarc's device values: plain bits, any of
// which (zero included) is a value.
#[cfg(feature = "cuda")]
mod cuda {
    use cudarc::driver::{DeviceRepr, ValidAsZeroBits};
    unsafe impl DeviceRepr for super::BF16 {}
    unsafe impl DeviceRepr for super::F16 {}
    unsafe impl DeviceRepr for super::E4M3 {}
    unsafe impl ValidAsZeroBits for super::BF16 {}
    unsafe impl ValidAsZeroBits for super::F16 {}
    unsafe impl ValidAsZeroBits for super::E4M3 {}
}

/// TensorFloat-32 in a 32-bit word (CuTe's `tfloat32_t`): an f32 whose low 13 mantissa bits the
/// tensor core ignores.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct TF32(pub u32);

/// The conversions from and to f32 (CuTe's `NumericConverter`, round to nearest, ties to even;
/// on the GPU one `cvt.rn` each way).
///
/// ```
/// use tessel::atom::element::{BF16, F16};
/// assert_eq!(BF16::from_f32(1.0 + 1.0 / 256.0), BF16(0x3f80)); // a tie: to even
/// assert_eq!(F16::from_f32(65520.0), F16(0x7c00)); // past the largest half: infinity
/// assert_eq!(F16(0x0001).to_f32(), 2f32.powi(-24));
/// ```
impl BF16 {
    /// The bf16 nearest `x`.
    #[inline(always)]
    pub fn from_f32(x: f32) -> Self {
        #[cfg(target_arch = "nvptx64")]
        return BF16(crate::arch::sm80::cvt_rn_bf16_f32(x));
        #[cfg(not(target_arch = "nvptx64"))]
        BF16(bf16_bits(x))
    }
    /// Its value.
    #[inline(always)]
    pub const fn to_f32(self) -> f32 {
        f32::from_bits((self.0 as u32) << 16)
    }
}

impl F16 {
    /// The half nearest `x`.
    #[inline(always)]
    pub fn from_f32(x: f32) -> Self {
        #[cfg(target_arch = "nvptx64")]
        return F16(crate::arch::sm80::cvt_rn_f16_f32(x));
        #[cfg(not(target_arch = "nvptx64"))]
        F16(f16_bits(x))
    }
    /// Its value.
    #[inline(always)]
    pub const fn to_f32(self) -> f32 {
        let (sign, exp, man) = (
            (self.0 as u32 & 0x8000) << 16,
            (self.0 >> 10) & 0x1f,
            self.0 as u32 & 0x3ff,
        );
        let magnitude = match exp {
            0 => man as f32 / (1 << 24) as f32, // subnormal: man * 2^-24, exact in f32
            0x1f => f32::from_bits(0x7f80_0000 | man << 13),
            _ => f32::from_bits((exp as u32 + 112) << 23 | man << 13),
        };
        f32::from_bits(sign | magnitude.to_bits())
    }
}

impl E4M3 {
    /// The e4m3 nearest `x`, saturated to ±448 as `cvt.rn.satfinite.e4m3x2.f32` saturates (an
    /// infinity too); a NaN stays NaN. The same integer steps on the host and the GPU.
    ///
    /// ```
    /// use tessel::atom::element::E4M3;
    /// assert_eq!(E4M3::from_f32(1.0 + 1.0 / 16.0), E4M3(0x38)); // a tie: to even, 1.0
    /// assert_eq!(E4M3::from_f32(-1000.0), E4M3(0xfe)); // -448
    /// assert_eq!(E4M3(0x01).to_f32(), 2f32.powi(-9)); // the smallest subnormal
    /// ```
    #[inline(always)]
    pub const fn from_f32(x: f32) -> Self {
        E4M3(e4m3_bits(x))
    }
    /// Its value.
    #[inline(always)]
    pub const fn to_f32(self) -> f32 {
        let (sign, exp, man) = (
            (self.0 as u32 & 0x80) << 24,
            (self.0 >> 3) & 0xf,
            self.0 as u32 & 7,
        );
        let magnitude = match (exp, man) {
            (0xf, 7) => f32::NAN,
            (0, _) => man as f32 / 512.0, // subnormal: man * 2^-9, exact in f32
            _ => f32::from_bits((exp as u32 + 120) << 23 | man << 20),
        };
        f32::from_bits(sign | magnitude.to_bits())
    }
}

/// `v >> shift` rounded to nearest, ties to even (`shift` in 1..=31).
const fn shift_rne(v: u32, shift: u32) -> u32 {
    let (kept, rest, half) = (v >> shift, v & ((1 << shift) - 1), 1 << (shift - 1));
    kept + (rest > half || (rest == half && kept & 1 == 1)) as u32
}

/// The bits of the bf16 nearest `x` (a NaN stays a quiet NaN).
#[cfg(not(target_arch = "nvptx64"))]
const fn bf16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    if x.is_nan() {
        return (b >> 16) as u16 | 0x40;
    }
    // The carry of the rounding runs into the exponent, up to infinity: IEEE's rounding.
    (shift_rne(b & 0x7fff_ffff, 16) | (b >> 16) & 0x8000) as u16
}

/// The magnitude bits of finite `|x|` rounded to nearest even in a binary format of `e`
/// exponent bits (bias `2^(e-1) - 1`) and `m` significand bits, subnormals included. Past the
/// format's largest exponent the bits run on (the caller saturates or makes an infinity).
const fn round_magnitude(x: f32, e: u32, m: u32) -> u32 {
    let b = x.to_bits();
    let (exp, man) = (((b >> 23) & 0xff) as i32, b & 0x7f_ffff);
    let be = exp - 127 + (1 << (e - 1)) - 1; // the format's biased exponent
    if be > 0 {
        // Normal: the carry of the rounding runs into the exponent.
        shift_rne((be as u32) << 23 | man, 23 - m)
    } else if be >= -(m as i32) {
        // Subnormal: the significand with its leading one, in units of the smallest subnormal.
        shift_rne(man | 0x80_0000, (24 - m as i32 - be) as u32)
    } else {
        0 // under half the smallest subnormal
    }
}

/// The bits of the half nearest `x`: past the largest half, infinity (a NaN stays a quiet NaN).
#[cfg(not(target_arch = "nvptx64"))]
const fn f16_bits(x: f32) -> u16 {
    let sign = (x.to_bits() >> 16) as u16 & 0x8000;
    if x.is_nan() {
        return sign | 0x7e00 | ((x.to_bits() & 0x7f_ffff) >> 13) as u16;
    }
    let magnitude = if x.is_infinite() {
        0x7c00
    } else {
        round_magnitude(x, 5, 10)
    };
    sign | if magnitude > 0x7c00 {
        0x7c00
    } else {
        magnitude as u16
    }
}

/// The bits of the e4m3 nearest `x`, saturated to the largest finite value.
#[inline(always)]
const fn e4m3_bits(x: f32) -> u8 {
    let sign = (x.to_bits() >> 24) as u8 & 0x80;
    if x.is_nan() {
        return sign | 0x7f;
    }
    let magnitude = if x.is_infinite() {
        0x7e
    } else {
        round_magnitude(x, 4, 3)
    };
    sign | if magnitude > 0x7e {
        0x7e
    } else {
        magnitude as u8
    }
}

/// A 16-bit element, packed two to a 32-bit register by the tensor-core instructions (the
/// lower-indexed value in the low half).
pub trait Half: Element {
    /// Its bits.
    fn to_bits(self) -> u16;
    /// The element of these bits.
    fn from_bits(bits: u16) -> Self;
}

macro_rules! halves {
    ($($T:ty: $to:expr, $from:expr;)+) => {$(
        impl Half for $T {
            #[inline(always)]
            fn to_bits(self) -> u16 {
                $to(self)
            }
            #[inline(always)]
            fn from_bits(bits: u16) -> Self {
                $from(bits)
            }
        }
    )+};
}
halves! {
    F16: |x: F16| x.0, F16;
    BF16: |x: BF16| x.0, BF16;
    u16: |x| x, |b| b;
    i16: |x: i16| x as u16, |b| b as i16;
}

/// Two halves in one register: `lo` in bits 0-15.
///
/// ```
/// use tessel::atom::element::{pack_halves, unpack_halves};
/// let r = pack_halves(0x1234u16, 0xabcdu16);
/// assert_eq!(r, 0xabcd_1234);
/// assert_eq!(unpack_halves::<u16>(r), (0x1234, 0xabcd));
/// ```
#[inline(always)]
pub fn pack_halves<T: Half>(lo: T, hi: T) -> u32 {
    lo.to_bits() as u32 | (hi.to_bits() as u32) << 16
}

/// Two f32s converted to a 16-bit type and packed in a register, the first in the low half (one
/// `cvt.rn.bf16x2.f32` or `cvt.rn.f16x2.f32` on the device): an MMA's A operand made from
/// accumulators.
///
/// ```
/// use tessel::atom::element::{PackF32, BF16};
/// assert_eq!(BF16::pack_f32(1.0, -2.0), 0xc000_3f80);
/// ```
pub trait PackF32: Half {
    /// `lo` and `hi`, rounded to nearest, packed.
    fn pack_f32(lo: f32, hi: f32) -> u32;
}
impl PackF32 for BF16 {
    #[inline(always)]
    fn pack_f32(lo: f32, hi: f32) -> u32 {
        #[cfg(target_arch = "nvptx64")]
        return crate::arch::sm80::cvt_rn_bf16x2_f32(lo, hi);
        #[cfg(not(target_arch = "nvptx64"))]
        pack_halves(BF16::from_f32(lo), BF16::from_f32(hi))
    }
}
impl PackF32 for F16 {
    #[inline(always)]
    fn pack_f32(lo: f32, hi: f32) -> u32 {
        #[cfg(target_arch = "nvptx64")]
        return crate::arch::sm80::cvt_rn_f16x2_f32(lo, hi);
        #[cfg(not(target_arch = "nvptx64"))]
        pack_halves(F16::from_f32(lo), F16::from_f32(hi))
    }
}

/// The halves of a register: bits 0-15, then 16-31.
#[inline(always)]
pub fn unpack_halves<T: Half>(r: u32) -> (T, T) {
    (T::from_bits(r as u16), T::from_bits((r >> 16) as u16))
}
