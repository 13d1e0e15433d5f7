//! Element types of the atoms: their width in bits, at the type level, and the 16- and 19-bit
//! floating-point formats Rust has no stable type for (stored in their bits).

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
    f64: U64; u128: U128; F16: U16; BF16: U16; TF32: U32;
}

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

/// TensorFloat-32 in a 32-bit word (CuTe's `tfloat32_t`): an f32 whose low 13 mantissa bits the
/// tensor core ignores.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct TF32(pub u32);

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

/// The halves of a register: bits 0-15, then 16-31.
#[inline(always)]
pub fn unpack_halves<T: Half>(r: u32) -> (T, T) {
    (T::from_bits(r as u16), T::from_bits((r >> 16) as u16))
}
