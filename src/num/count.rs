//! Counts: how many times a walk runs, as a type. A static count is a typenum number, and
//! [`Count::each`] of it is unrolled by construction: one inlined call per value, each with its
//! index a constant, whatever LLVM's unroller decides (register fragments need constant
//! indices). A runtime count is a `usize`, and `each` is a loop. The product of counts is static
//! only when both are, as CuTe's products of `Int<N>` and `int` are.
//!
//! ```
//! use tessel::num::count::{Count, CountMul};
//! use typenum::{U3, U4};
//! let mut seen = Vec::new();
//! U3::default().each(|i| seen.push(i));
//! assert_eq!(seen, [0, 1, 2]);
//! let n: typenum::U12 = U3::default().mul(U4::default()); // static times static: static
//! assert_eq!(n.get(), 12);
//! assert_eq!(U3::default().mul(5usize), 15usize); // static times runtime: runtime
//! ```

use crate::num::nat::{Mul, Prod};
use typenum::{Bit, UInt, UTerm, Unsigned};

/// The most values a static count unrolls; past it, `each` is a loop (a tile copied by one
/// thread on the CPU would otherwise inline thousands of calls).
pub const MAX_UNROLL: usize = 256;

/// A number of steps: a typenum number (unrolled) or a `usize` (a loop).
pub trait Count: Copy {
    /// The count of `n`, which a static count must equal (checked in debug builds).
    fn of(n: usize) -> Self;
    /// The number.
    fn get(self) -> usize;
    /// `f(0)`, `f(1)`, ..., `f(self - 1)`, in order.
    fn each<F: FnMut(usize)>(self, f: F);
}

impl Count for usize {
    #[inline(always)]
    fn of(n: usize) -> Self {
        n
    }
    #[inline(always)]
    fn get(self) -> usize {
        self
    }
    #[inline(always)]
    fn each<F: FnMut(usize)>(self, mut f: F) {
        for i in 0..self {
            f(i);
        }
    }
}

impl<U: Unrolled + Unsigned, B: Bit> Count for UInt<U, B>
where
    Self: Default + Copy,
{
    #[inline(always)]
    fn of(n: usize) -> Self {
        debug_assert_eq!(n, Self::USIZE, "a static count of another value");
        Self::default()
    }
    #[inline(always)]
    fn get(self) -> usize {
        Self::USIZE
    }
    #[inline(always)]
    fn each<F: FnMut(usize)>(self, mut f: F) {
        if Self::USIZE > MAX_UNROLL {
            for i in 0..Self::USIZE {
                f(i);
            }
        } else {
            <Self as Unrolled>::each_from(0, &mut f);
        }
    }
}

/// `f(start)` to `f(start + Self - 1)`, one inlined call each: `UInt<U, B>` (the number `2U + B`)
/// is U's calls from `start`, U's again from `start + U`, and, for B = 1, `f(start + 2U)`.
#[doc(hidden)]
pub trait Unrolled {
    /// The calls.
    fn each_from<F: FnMut(usize)>(start: usize, f: &mut F);
}
impl Unrolled for UTerm {
    #[inline(always)]
    fn each_from<F: FnMut(usize)>(_: usize, _: &mut F) {}
}
impl<U: Unrolled + Unsigned, B: Bit> Unrolled for UInt<U, B> {
    #[inline(always)]
    fn each_from<F: FnMut(usize)>(start: usize, f: &mut F) {
        U::each_from(start, f);
        U::each_from(start + U::USIZE, f);
        if B::BOOL {
            f(start + 2 * U::USIZE);
        }
    }
}

/// `self * b`: static when both are.
pub trait CountMul<B: Count>: Count {
    /// The product's count.
    type Output: Count;
    /// The product.
    fn mul(self, b: B) -> Self::Output;
}
impl<B: Count> CountMul<B> for usize {
    type Output = usize;
    #[inline(always)]
    fn mul(self, b: B) -> usize {
        self * b.get()
    }
}
impl<U, X: Bit> CountMul<usize> for UInt<U, X>
where
    Self: Count,
{
    type Output = usize;
    #[inline(always)]
    fn mul(self, b: usize) -> usize {
        self.get() * b
    }
}
impl<U, X: Bit, V, Y: Bit> CountMul<UInt<V, Y>> for UInt<U, X>
where
    Self: Count + Mul<UInt<V, Y>>,
    UInt<V, Y>: Count,
    Prod<Self, UInt<V, Y>>: Count,
{
    type Output = Prod<Self, UInt<V, Y>>;
    #[inline(always)]
    fn mul(self, b: UInt<V, Y>) -> Self::Output {
        Count::of(self.get() * b.get())
    }
}
