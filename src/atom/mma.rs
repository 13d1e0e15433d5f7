//! MMA atoms: one instruction's matrix multiply-accumulate `D = A * B + C` on an `M x N x K`
//! tile, described by who holds what.
//!
//! An atom names its shape `(M,N,K)`, the threads that execute it (`ThrId`: thread number in the
//! atom -> thread index in the group) and three thread-value (TV) layouts: `ALayout` maps
//! `(thread, value)` to the column-major index `m + M*k` of the `M x K` tile of A (likewise B on
//! `N x K` and C on `M x N`). Value `v` of thread `t` holds `A(m, k)` with
//! `m + M*k = ALayout(t, v)`. The layouts are CuTe's, for every atom (`tests/atoms.rs` compares each
//! with CuTe's answer, and the SM80 ones with the PTX ISA's fragment formulas); the instructions
//! themselves live with the GPU kernels.
//!
//! ```
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
//! use tessel::MmaAtom;
//! type A = <SM80_16x8x16_F32F16F16F32_TN as MmaAtom>::ALayout;
//! assert_eq!(A::default().to_string(), "((4,8),(2,2,2)):((32,1),(16,8,128))");
//! // Lane 5, value 3 holds A(m, k) with m + 16 k = 5*32 ... : lane 5 is (1,1) in (4,8), so
//! // 1*32 + 1*1, and value 3 is (1,1,0) in (2,2,2), so + 16 + 8: row 9, column 3.
//! assert_eq!(A::default().call((5usize, 3usize)), 9 + 16 * 3);
//! ```
#![allow(non_camel_case_types)]

use crate::atom::element::{BF16, E4M3, F16, TF32};
use crate::layout::int_tuple::Tuple;
use crate::layout::StaticLayout;
use core::fmt::Display;
use core::marker::PhantomData;

/// An MMA instruction as CuTe describes it (its `MMA_Traits`). A value of the atom is what runs
/// it: a unit struct for an instruction with no state, or the state it carries (wgmma's
/// accumulate flag; `Default` is its state before a kernel sets it), held by the TiledMma and
/// each thread's slice of it.
pub trait MmaAtom: Copy + Default {
    /// The element type of D.
    type ValTypeD;
    /// The element type of A.
    type ValTypeA;
    /// The element type of B.
    type ValTypeB;
    /// The element type of C.
    type ValTypeC;
    /// `(M,N,K)`, a [`Tuple`] of static integers.
    type ShapeMNK: Default + Display;
    /// Thread number in the atom -> thread index.
    type ThrId: StaticLayout;
    /// `(thread, value)` -> `m + M*k` in the `M x K` tile of A.
    type ALayout: StaticLayout;
    /// `(thread, value)` -> `n + N*k` in the `N x K` tile of B.
    type BLayout: StaticLayout;
    /// `(thread, value)` -> `m + M*n` in the `M x N` tile of C.
    type CLayout: StaticLayout;
}

/// The body of an atom's `MmaAtom` impl: its element types and CuTe's layouts.
macro_rules! atom_traits {
    ($D:ty, $A:ty, $B:ty, $C:ty, $mnk:tt, $thr:tt, $a:tt, $b:tt, $c:tt) => {
        type ValTypeD = $D;
        type ValTypeA = $A;
        type ValTypeB = $B;
        type ValTypeC = $C;
        type ShapeMNK = Tuple<crate::shape!($mnk)>;
        type ThrId = crate::layout!($thr);
        type ALayout = crate::layout!($a);
        type BLayout = crate::layout!($b);
        type CLayout = crate::layout!($c);
    };
}

macro_rules! mma_atoms {
    ($($Name:ident: ($D:ty, $A:ty, $B:ty, $C:ty) $mnk:tt $thr:tt $a:tt $b:tt $c:tt;)+) => {$(
        #[doc = concat!("CuTe's `", stringify!($Name), "`: shape `", $mnk, "`, C layout `", $c, "`.")]
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $Name;
        impl MmaAtom for $Name {
            atom_traits!($D, $A, $B, $C, $mnk, $thr, $a, $b, $c);
        }
    )+};
}

mma_atoms! {
    SM70_8x8x4_F32F16F16F32_TN: (f32, F16, F16, f32) "(8,8,4)" "(4,2):(1,16)" "(8,4):(1,8)" "(8,4):(1,8)" "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))";
    SM70_8x8x4_F32F16F16F32_NT: (f32, F16, F16, f32) "(8,8,4)" "(4,2):(1,16)" "((4,2),4):((8,4),1)" "((4,2),4):((8,4),1)" "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))";
    SM70_8x8x4_F32F16F16F32_NN: (f32, F16, F16, f32) "(8,8,4)" "(4,2):(1,16)" "((4,2),4):((8,4),1)" "(8,4):(1,8)" "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))";
    SM70_8x8x4_F32F16F16F32_TT: (f32, F16, F16, f32) "(8,8,4)" "(4,2):(1,16)" "(8,4):(1,8)" "((4,2),4):((8,4),1)" "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))";
    SM70_8x8x4_F16F16F16F16_TN: (F16, F16, F16, F16) "(8,8,4)" "(4,2):(1,16)" "(8,4):(1,8)" "(8,4):(1,8)" "(8,8):(1,8)";
    SM70_8x8x4_F16F16F16F16_NT: (F16, F16, F16, F16) "(8,8,4)" "(4,2):(1,16)" "((4,2),4):((8,4),1)" "((4,2),4):((8,4),1)" "(8,8):(1,8)";
    SM70_8x8x4_F16F16F16F16_NN: (F16, F16, F16, F16) "(8,8,4)" "(4,2):(1,16)" "((4,2),4):((8,4),1)" "(8,4):(1,8)" "(8,8):(1,8)";
    SM70_8x8x4_F16F16F16F16_TT: (F16, F16, F16, F16) "(8,8,4)" "(4,2):(1,16)" "(8,4):(1,8)" "((4,2),4):((8,4),1)" "(8,8):(1,8)";
    SM80_16x8x16_F16F16F16F16_TN: (F16, F16, F16, F16) "(16,8,16)" "32:1" "((4,8),(2,2,2)):((32,1),(16,8,128))" "((4,8),(2,2)):((16,1),(8,64))" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x16_F32F16F16F32_TN: (f32, F16, F16, f32) "(16,8,16)" "32:1" "((4,8),(2,2,2)):((32,1),(16,8,128))" "((4,8),(2,2)):((16,1),(8,64))" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x16_F32BF16BF16F32_TN: (f32, BF16, BF16, f32) "(16,8,16)" "32:1" "((4,8),(2,2,2)):((32,1),(16,8,128))" "((4,8),(2,2)):((16,1),(8,64))" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x8_F16F16F16F16_TN: (F16, F16, F16, F16) "(16,8,8)" "32:1" "((4,8),(2,2)):((32,1),(16,8))" "((4,8),2):((16,1),8)" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x8_F32F16F16F32_TN: (f32, F16, F16, f32) "(16,8,8)" "32:1" "((4,8),(2,2)):((32,1),(16,8))" "((4,8),2):((16,1),8)" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x8_F32BF16BF16F32_TN: (f32, BF16, BF16, f32) "(16,8,8)" "32:1" "((4,8),(2,2)):((32,1),(16,8))" "((4,8),2):((16,1),8)" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x8_F32TF32TF32F32_TN: (f32, TF32, TF32, f32) "(16,8,8)" "32:1" "((4,8),(2,2)):((16,1),(8,64))" "((4,8),2):((8,1),32)" "((4,8),(2,2)):((32,1),(16,8))";
    SM80_16x8x32_S32S8S8S32_TN: (i32, i8, i8, i32) "(16,8,32)" "32:1" "((4,8),(4,2,2)):((64,1),(16,8,256))" "((4,8),(4,2)):((32,1),(8,128))" "((4,8),(2,2)):((32,1),(16,8))";
}

/// A wgmma operand in shared memory stored K-major (the default of the SM90 atoms).
#[derive(Clone, Copy, Default, Debug)]
pub struct KMajor;
/// A wgmma operand in shared memory stored M- or N-major.
#[derive(Clone, Copy, Default, Debug)]
pub struct MNMajor;

/// Whether a wgmma adds to its accumulators (CuTe's `GMMA::ScaleOut`): `Zero` overwrites them,
/// as a K loop's first MMA does; `One`, the default, accumulates.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub enum ScaleOut {
    /// `d = a * b`.
    Zero,
    /// `d = a * b + d`.
    #[default]
    One,
}

macro_rules! sm90_atoms {
    ($($Name:ident: ($D:ty, $A:ty, $B:ty, $C:ty) $mnk:tt $thr:tt $a:tt $b:tt $c:tt;)+) => {$(
        #[doc = concat!("CuTe's `", stringify!($Name), "` (wgmma; `_SS`: A and B from shared ",
            "memory, `_RS`: A from registers, then K-major; the operands' majorness `MajorA`, ",
            "`MajorB` is [`KMajor`] or [`MNMajor`]): shape `", $mnk,
            "`, C layout `", $c, "`. Its state is `scale_out`, as CuTe's `accumulate_`.")]
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $Name<MajorA = KMajor, MajorB = KMajor> {
            /// Whether the next call accumulates.
            pub scale_out: ScaleOut,
            major: PhantomData<(MajorA, MajorB)>,
        }
        impl<MajorA: Copy + Default, MajorB: Copy + Default> MmaAtom for $Name<MajorA, MajorB> {
            atom_traits!($D, $A, $B, $C, $mnk, $thr, $a, $b, $c);
        }
    )+};
}

sm90_atoms! {
    SM90_64x8x16_F32F16F16_SS: (f32, F16, F16, f32) "(64,8,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(8,16)):(0,(1,8))" "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))";
    SM90_64x16x16_F32F16F16_SS: (f32, F16, F16, f32) "(64,16,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(16,16)):(0,(1,16))" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
    SM90_64x32x16_F32F16F16_SS: (f32, F16, F16, f32) "(64,32,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(32,16)):(0,(1,32))" "((4,8,4),(2,2,4)):((128,1,16),(64,8,512))";
    SM90_64x64x16_F32F16F16_SS: (f32, F16, F16, f32) "(64,64,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(64,16)):(0,(1,64))" "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))";
    SM90_64x128x16_F32F16F16_SS: (f32, F16, F16, f32) "(64,128,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(128,16)):(0,(1,128))" "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))";
    SM90_64x256x16_F32F16F16_SS: (f32, F16, F16, f32) "(64,256,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(256,16)):(0,(1,256))" "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))";
    SM90_64x8x16_F32BF16BF16_SS: (f32, BF16, BF16, f32) "(64,8,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(8,16)):(0,(1,8))" "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))";
    SM90_64x16x16_F32BF16BF16_SS: (f32, BF16, BF16, f32) "(64,16,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(16,16)):(0,(1,16))" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
    SM90_64x32x16_F32BF16BF16_SS: (f32, BF16, BF16, f32) "(64,32,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(32,16)):(0,(1,32))" "((4,8,4),(2,2,4)):((128,1,16),(64,8,512))";
    SM90_64x64x16_F32BF16BF16_SS: (f32, BF16, BF16, f32) "(64,64,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(64,16)):(0,(1,64))" "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))";
    SM90_64x128x16_F32BF16BF16_SS: (f32, BF16, BF16, f32) "(64,128,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(128,16)):(0,(1,128))" "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))";
    SM90_64x256x16_F32BF16BF16_SS: (f32, BF16, BF16, f32) "(64,256,16)" "128:1" "(128,(64,16)):(0,(1,64))" "(128,(256,16)):(0,(1,256))" "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))";
    SM90_64x8x16_F32F16F16_RS: (f32, F16, F16, f32) "(64,8,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(8,16)):(0,(1,8))" "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))";
    SM90_64x16x16_F32F16F16_RS: (f32, F16, F16, f32) "(64,16,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(16,16)):(0,(1,16))" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
    SM90_64x32x16_F32F16F16_RS: (f32, F16, F16, f32) "(64,32,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(32,16)):(0,(1,32))" "((4,8,4),(2,2,4)):((128,1,16),(64,8,512))";
    SM90_64x64x16_F32F16F16_RS: (f32, F16, F16, f32) "(64,64,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(64,16)):(0,(1,64))" "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))";
    SM90_64x128x16_F32F16F16_RS: (f32, F16, F16, f32) "(64,128,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(128,16)):(0,(1,128))" "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))";
    SM90_64x256x16_F32F16F16_RS: (f32, F16, F16, f32) "(64,256,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(256,16)):(0,(1,256))" "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))";
    SM90_64x8x16_F32BF16BF16_RS: (f32, BF16, BF16, f32) "(64,8,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(8,16)):(0,(1,8))" "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))";
    SM90_64x16x16_F32BF16BF16_RS: (f32, BF16, BF16, f32) "(64,16,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(16,16)):(0,(1,16))" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
    SM90_64x32x16_F32BF16BF16_RS: (f32, BF16, BF16, f32) "(64,32,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(32,16)):(0,(1,32))" "((4,8,4),(2,2,4)):((128,1,16),(64,8,512))";
    SM90_64x64x16_F32BF16BF16_RS: (f32, BF16, BF16, f32) "(64,64,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(64,16)):(0,(1,64))" "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))";
    SM90_64x128x16_F32BF16BF16_RS: (f32, BF16, BF16, f32) "(64,128,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(128,16)):(0,(1,128))" "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))";
    SM90_64x256x16_F32BF16BF16_RS: (f32, BF16, BF16, f32) "(64,256,16)" "128:1" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))" "(128,(256,16)):(0,(1,256))" "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))";
}

/// CuTe's fp8 SM90 atoms: `wgmma` on e4m3, both operands K-major in shared memory (the only
/// majorness the instruction has for 8-bit types, hence CuTe's `_TN` and no major parameters).
macro_rules! sm90_atoms_tn {
    ($($Name:ident: ($D:ty, $A:ty, $B:ty, $C:ty) $mnk:tt $thr:tt $a:tt $b:tt $c:tt;)+) => {$(
        #[doc = concat!("CuTe's `", stringify!($Name), "` (wgmma, A and B K-major from shared ",
            "memory): shape `", $mnk, "`, C layout `", $c, "`. Its state is `scale_out`.")]
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $Name {
            /// Whether the next call accumulates.
            pub scale_out: ScaleOut,
        }
        impl MmaAtom for $Name {
            atom_traits!($D, $A, $B, $C, $mnk, $thr, $a, $b, $c);
        }
    )+};
}

sm90_atoms_tn! {
    SM90_64x8x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,8,32)" "128:1" "(128,(64,32)):(0,(1,64))" "(128,(8,32)):(0,(1,8))" "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))";
    SM90_64x16x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,16,32)" "128:1" "(128,(64,32)):(0,(1,64))" "(128,(16,32)):(0,(1,16))" "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))";
    SM90_64x32x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,32,32)" "128:1" "(128,(64,32)):(0,(1,64))" "(128,(32,32)):(0,(1,32))" "((4,8,4),(2,2,4)):((128,1,16),(64,8,512))";
    SM90_64x64x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,64,32)" "128:1" "(128,(64,32)):(0,(1,64))" "(128,(64,32)):(0,(1,64))" "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))";
    SM90_64x128x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,128,32)" "128:1" "(128,(64,32)):(0,(1,64))" "(128,(128,32)):(0,(1,128))" "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))";
    SM90_64x256x32_F32E4M3E4M3_SS_TN: (f32, E4M3, E4M3, f32) "(64,256,32)" "128:1" "(128,(64,32)):(0,(1,64))" "(128,(256,32)):(0,(1,256))" "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))";
}

/// One thread's fused multiply-add `d = a * b + c` on scalars (CuTe's `UniversalFMA`): the atom of
/// CUDA-core and CPU code, shape `(1,1,1)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct UniversalFMA<D, A = D, B = A, C = D>(PhantomData<(D, A, B, C)>);

impl<D, A, B, C> MmaAtom for UniversalFMA<D, A, B, C>
where
    UniversalFMA<D, A, B, C>: Copy + Default,
{
    atom_traits!(
        D,
        A,
        B,
        C,
        "(1,1,1)",
        "1:0",
        "(1,1):(0,0)",
        "(1,1):(0,0)",
        "(1,1):(0,0)"
    );
}
