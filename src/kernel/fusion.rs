//! Fused epilogues: element-wise operations on a GEMM's f32 accumulators before they are
//! converted and stored (the part of CUTLASS's Epilogue Visitor Tree users reach for).
//!
//! A fusion is a type ([`Fusion`]) whose `apply` maps an accumulator `x` at output coordinate
//! `(row, col)` to a value, reading its runtime arguments from one [`EpilogueArgs`] the kernel
//! takes: `LinearCombination` (`alpha x + beta C`), `RowBias`/`ColBias`, `Relu`, `Gelu` (tanh
//! form), `Silu`, and tuples of them, applied left to right. [`Identity`] is the plain epilogue:
//! it inlines to nothing.
//!
//! Post-conditions: `(F, G)` applies `F` then `G`; `Identity` returns `x`; each activation is its
//! formula up to the device instructions' approximation (`tanh.approx`, `ex2.approx`: a relative
//! error of about 2^-11; the host computes the same formulas in plain arithmetic).
//!
//! ```
//! use tessel::kernel::fusion::{At, ColBias, EpilogueArgs, Fusion, Gelu, LinearCombination, Relu};
//! let bias = [0.5f32, -4.0];
//! let args = EpilogueArgs { alpha: 2.0, bias: bias.as_ptr() as u64, ..EpilogueArgs::default() };
//! let at = At { row: 0, col: 1, index: 0 };
//! // D = relu(2 x + bias[col]): 2 * 1.5 - 4 < 0.
//! type F = (LinearCombination, ColBias, Relu);
//! assert_eq!(unsafe { <F as Fusion<f32>>::apply(&args, 1.5, &at) }, 0.0);
//! assert_eq!(unsafe { <F as Fusion<f32>>::apply(&args, 3.0, &at) }, 2.0);
//! // gelu(1) = 0.8412 (tanh form).
//! assert!((unsafe { <Gelu as Fusion<f32>>::apply(&args, 1.0, &at) } - 0.841192).abs() < 1e-5);
//! ```

use crate::atom::element::Numeric;

/// The epilogue's runtime arguments, one layout for every fusion (the host passes it by value;
/// pointers are device addresses).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpilogueArgs {
    /// `LinearCombination`'s `alpha`.
    pub alpha: f32,
    /// `LinearCombination`'s `beta` (0: the source is not read).
    pub beta: f32,
    /// What a scaled output multiplies by before it is converted (e4m3's scale).
    pub scale: f32,
    /// Unused: the pointers' alignment.
    pub pad: u32,
    /// `LinearCombination`'s source `C`, of the output's type and layout.
    pub source: u64,
    /// The bias, f32: one a row (`RowBias`) or a column (`ColBias`).
    pub bias: u64,
    /// Where a scaled output's absolute maximum is reduced (an f32, 0 before the launch).
    pub amax: u64,
}

impl Default for EpilogueArgs {
    fn default() -> Self {
        EpilogueArgs {
            alpha: 1.0,
            beta: 0.0,
            scale: 1.0,
            pad: 0,
            source: 0,
            bias: 0,
            amax: 0,
        }
    }
}

/// An output element's coordinate and its index in the output (and the source `C`).
#[derive(Clone, Copy, Debug)]
pub struct At {
    /// The row.
    pub row: usize,
    /// The column.
    pub col: usize,
    /// `row + ld * col`.
    pub index: usize,
}

/// An element-wise operation of the epilogue, on outputs of type `Out`.
pub trait Fusion<Out> {
    /// `x`, the accumulator (or the previous operation's value) at `at`, transformed.
    ///
    /// # Safety
    /// The pointers of `args` the operation reads hold its elements at `at`.
    unsafe fn apply(args: &EpilogueArgs, x: f32, at: &At) -> f32;
}

/// The plain epilogue: the accumulator itself.
pub struct Identity;
impl<Out> Fusion<Out> for Identity {
    #[inline(always)]
    unsafe fn apply(_: &EpilogueArgs, x: f32, _: &At) -> f32 {
        x
    }
}

/// `alpha x + beta C`, `C` read only where `beta` is not 0 (CUTLASS's `LinearCombination`).
pub struct LinearCombination;
impl<Out: Numeric> Fusion<Out> for LinearCombination {
    #[inline(always)]
    unsafe fn apply(args: &EpilogueArgs, x: f32, at: &At) -> f32 {
        let ax = args.alpha * x;
        if args.beta == 0.0 {
            ax
        } else {
            ax + args.beta * (*(args.source as *const Out).add(at.index)).to_f32()
        }
    }
}

/// `x + bias[row]`: a bias per row of the output.
pub struct RowBias;
impl<Out> Fusion<Out> for RowBias {
    #[inline(always)]
    unsafe fn apply(args: &EpilogueArgs, x: f32, at: &At) -> f32 {
        x + *(args.bias as *const f32).add(at.row)
    }
}

/// `x + bias[col]`: a bias per column of the output.
pub struct ColBias;
impl<Out> Fusion<Out> for ColBias {
    #[inline(always)]
    unsafe fn apply(args: &EpilogueArgs, x: f32, at: &At) -> f32 {
        x + *(args.bias as *const f32).add(at.col)
    }
}

/// `max(x, 0)`.
pub struct Relu;
impl<Out> Fusion<Out> for Relu {
    #[inline(always)]
    unsafe fn apply(_: &EpilogueArgs, x: f32, _: &At) -> f32 {
        x.max(0.0)
    }
}

/// GELU in its tanh form, `x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))` (torch's
/// `approximate="tanh"`).
pub struct Gelu;
impl<Out> Fusion<Out> for Gelu {
    #[inline(always)]
    unsafe fn apply(_: &EpilogueArgs, x: f32, _: &At) -> f32 {
        const SQRT_2_OVER_PI: f32 = 0.797_884_6;
        let inner = SQRT_2_OVER_PI * (x + 0.044715 * x * x * x);
        0.5 * x * (1.0 + tanh(inner))
    }
}

/// SiLU, `x sigmoid(x) = x / (1 + e^-x)`.
pub struct Silu;
impl<Out> Fusion<Out> for Silu {
    #[inline(always)]
    unsafe fn apply(_: &EpilogueArgs, x: f32, _: &At) -> f32 {
        x * recip(1.0 + exp2(-x * core::f32::consts::LOG2_E))
    }
}

macro_rules! chains {
    ($($F:ident),+) => {
        impl<Out, $($F: Fusion<Out>),+> Fusion<Out> for ($($F,)+) {
            #[inline(always)]
            unsafe fn apply(args: &EpilogueArgs, x: f32, at: &At) -> f32 {
                $(let x = $F::apply(args, x, at);)+
                x
            }
        }
    };
}
chains!(F0, F1);
chains!(F0, F1, F2);
chains!(F0, F1, F2, F3);

/// tanh: `tanh.approx.f32` on the GPU; elsewhere `1 - 2 / (e^2x + 1)`.
#[inline(always)]
pub fn tanh(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    return crate::arch::tanh_approx(x);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        1.0 - 2.0 / (exp2(2.0 * x * core::f32::consts::LOG2_E) + 1.0)
    }
}

/// 1/x: `rcp.approx.ftz.f32` on the GPU.
#[inline(always)]
pub fn recip(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    return crate::arch::rcp_approx(x);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        1.0 / x
    }
}

/// 2^x: `ex2.approx.ftz.f32` on the GPU; elsewhere 2^round(x) times a degree-6 polynomial of
/// the rest (relative error under 2e-7), 0 below -126 and infinity above 128.
#[inline(always)]
pub fn exp2(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    return crate::arch::ex2_approx(x);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        if x.is_nan() {
            return x;
        }
        if x < -126.0 {
            return 0.0;
        }
        if x >= 128.0 {
            return f32::INFINITY;
        }
        // x = n + f, f in [-1/2, 1/2]: 2^f = e^(f ln 2) by its Taylor series to degree 6.
        let n = (x + 0.5) as i32 - (x + 0.5 < 0.0 && (x + 0.5) as i32 as f32 != x + 0.5) as i32;
        let t = (x - n as f32) * core::f32::consts::LN_2;
        let p = 1.0
            + t * (1.0
                + t * (0.5 + t * (1.0 / 6.0 + t * (1.0 / 24.0 + t * (1.0 / 120.0 + t / 720.0)))));
        p * f32::from_bits(((n + 127) as u32) << 23)
    }
}
