//! Atoms that execute: [`copy`] and [`gemm`] run the instruction an atom's type names, on the
//! addresses and registers a thread's partitions give (CuTe's `copy(tiled_copy, src, dst)` and
//! `gemm(tiled_mma, a, b, c)`).
//!
//! A copy walks its two partitions `(CPY, CPY_M, CPY_K, ..)` by 1-D coordinate, one atom call
//! per [`CopyExec::VALUES`] values; which instruction a call is depends on the atom and on the
//! memory the two engines are in: [`UniversalCopy`] (and a TiledCopy of no atom) loads and stores
//! through any engine, `cp.async` goes from global memory ([`Ptr`](crate::tensor::Ptr)) to shared memory ([`Smem`](crate::tensor::Smem)),
//! `ldmatrix` from shared memory to registers. A gemm walks a thread's fragments `(V, M, K)`,
//! `(V, N, K)` (or one K slice of them, `(V, M)`, `(V, N)`) and `(V, M, N)`, one atom call per
//! `(m, n, k)`. Each walk runs over the partitions' [`Counts`]: where a mode's size is static, the
//! walk is unrolled by tessel ([`Count`]), so every register index is a constant whether or not
//! LLVM's unroller would have unrolled it (`tests/zero_cost.rs` builds with it off). The atom's
//! values are gathered into its instruction's registers in the order of
//! its TV layouts' value modes ([`MmaRegisters`], held to the PTX ISA's fragment tables in
//! `tests/mma_registers.rs`), and the accumulators written back.
//!
//! ```
//! use tessel::atom::exec::gemm;
//! use tessel::mma::UniversalFMA;
//! use tessel::{layout, shape, MakeTiledMma, Tensor};
//! type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(2,2,1)")>;
//! let (a, b) = ([1f32, 2., 3., 4.], [5f32, 6., 7., 8.]); // A 2x2 and B 2x2, column-major
//! let thr = Mma::get_slice(3); // thread (1,1): C(1,1)
//! let (ta, tb) = (
//!     thr.partition_A(Tensor::new(&a, layout!("(2,2)"))),
//!     thr.partition_B(Tensor::new(&b, layout!("(2,2)"))),
//! );
//! let mut c = thr.partition_fragment_C::<f32, _, _>(&Tensor::new(&[0f32; 4], layout!("(2,2)")));
//! // SAFETY: UniversalFMA runs on one thread and has no precondition.
//! unsafe { gemm(&thr, &ta, &tb, &mut c) };
//! assert_eq!(c[0usize], 2. * 6. + 4. * 8.); // row 1 of A times row 1 of B
//! ```

use crate::atom::copy::{CopyAtom, UniversalCopy};
use crate::atom::element::MulAdd;
use crate::atom::mma::{MmaAtom, UniversalFMA};
use crate::atom::tiled_copy::{ThrCopy, TiledCopy};
use crate::atom::tiled_mma::{ThrMma, TiledMma};
use crate::num::count::Count;
use crate::tensor::{Access, AccessMut, Counts, Engine, Walk};

/// An MMA atom's registers: the values of one call a thread holds, in the order of the atom's
/// TV layouts' value modes, and the instruction's operand registers they pack into.
///
/// ```
/// use tessel::atom::element::{pack_halves, F16};
/// use tessel::atom::exec::MmaRegisters;
/// use tessel::mma::SM80_16x8x16_F32F16F16F32_TN as Atom;
/// let a: [F16; 8] = core::array::from_fn(|v| F16(v as u16));
/// let b: [F16; 4] = core::array::from_fn(|v| F16(10 + v as u16));
/// let (ra, rb) = Atom::pack(&a, &b);
/// // Register r holds values 2r (low half) and 2r + 1, as the PTX ISA's fragment tables say.
/// assert_eq!(ra[3], pack_halves(F16(6), F16(7)));
/// assert_eq!(rb, [pack_halves(F16(10), F16(11)), pack_halves(F16(12), F16(13))]);
/// ```
pub trait MmaRegisters: MmaAtom {
    /// What A's fragment holds: its values (`ValTypeA`), or for an atom that reads A from shared
    /// memory the descriptors of its tiles ([`GmmaDescriptor`](crate::atom::gmma::GmmaDescriptor)).
    type ElemA: Copy;
    /// What B's fragment holds.
    type ElemB: Copy;
    /// A's values.
    type FragA: Values<Self::ElemA>;
    /// B's values.
    type FragB: Values<Self::ElemB>;
    /// C's (and D's) values, which are the instruction's accumulator registers.
    type FragC: Values<Self::ValTypeC>;
    /// A's operand registers.
    type RegA: Copy;
    /// B's operand registers.
    type RegB: Copy;
    /// A's and B's values packed into the instruction's registers.
    fn pack(a: &Self::FragA, b: &Self::FragB) -> (Self::RegA, Self::RegB);
}

/// An MMA atom that runs: `c = a * b + c` on its registers.
pub trait MmaExec: MmaRegisters {
    /// One call, with the atom's state.
    ///
    /// # Safety
    ///
    /// The instruction's precondition: for a warp's atom, every lane of the warp calls it
    /// together (converged), each with its own registers. [`UniversalFMA`] has none.
    unsafe fn fma(&self, c: &mut Self::FragC, a: Self::RegA, b: Self::RegB);
}

impl<T: MulAdd> MmaRegisters for UniversalFMA<T> {
    type ElemA = T;
    type ElemB = T;
    type FragA = [T; 1];
    type FragB = [T; 1];
    type FragC = [T; 1];
    type RegA = T;
    type RegB = T;
    #[inline(always)]
    fn pack(a: &[T; 1], b: &[T; 1]) -> (T, T) {
        (a[0], b[0])
    }
}
impl<T: MulAdd> MmaExec for UniversalFMA<T> {
    #[inline(always)]
    unsafe fn fma(&self, c: &mut [T; 1], a: T, b: T) {
        c[0] = T::mul_add(a, b, c[0]);
    }
}

/// An atom's values in registers: an array of any length (std's `Default` stops at 32 elements,
/// and a wgmma's accumulators reach 128).
pub trait Values<T>: Copy + AsRef<[T]> + AsMut<[T]> {
    /// Value `i` from `f(i)`.
    fn from_fn(f: impl FnMut(usize) -> T) -> Self;
}
impl<T: Copy, const N: usize> Values<T> for [T; N] {
    #[inline(always)]
    fn from_fn(f: impl FnMut(usize) -> T) -> Self {
        core::array::from_fn(f)
    }
}

/// The values of one atom call in a fragment walked as `(V, P, Q)`: `t(v + V (p + P q))` for
/// each of the call's `V` values.
#[inline(always)]
pub fn atom_values<F: Values<T>, T, W: Walk>(t: &W, p: usize, q: usize) -> F
where
    W::Engine: Access<Elem = T>,
{
    let (v, pp, size) = t.sizes();
    debug_assert!(p < pp && v * (p + pp * q) < size);
    // SAFETY: the index is the layout's, inside the engine as the tensor was built.
    let f = F::from_fn(|i| unsafe { t.engine().load(t.index(i + v * (p + pp * q))) });
    debug_assert!(f.as_ref().len() == v);
    f
}

/// CuTe's `gemm(a, b, c)` of plain tensors on one thread: `c(m, n) += a(m, k) * b(n, k)` for
/// every `m`, `n` and `k`, one [`UniversalFMA`] call each; `a` is `(M, K)`, `b` `(N, K)`, `c`
/// `(M, N)` (sgemm_1's math: a thread's rows of A and columns of B into its accumulators).
///
/// ```
/// use tessel::atom::exec::gemm_fma;
/// use tessel::{layout, shape, tensor::FragmentOf, Tensor};
/// let (a, b) = ([1f32, 2., 3., 4.], [5f32, 6., 7., 8.]); // A 2x2 and B 2x2, column-major
/// let mut c = FragmentOf::<f32, shape!("(2,2)")>::default();
/// let (ta, tb) = (Tensor::new(&a, layout!("(2,2)")), Tensor::new(&b, layout!("(2,2)")));
/// // SAFETY: the layouts index inside the arrays, and one thread holds them.
/// unsafe { gemm_fma(&ta, &tb, &mut c.as_view_mut()) };
/// assert_eq!(c[(1usize, 0usize)], 2. * 5. + 4. * 7.); // row 1 of A times row 0 of B
/// ```
///
/// # Safety
///
/// Every index the layouts give lies in the engines, and no other thread writes them.
#[inline(always)]
pub unsafe fn gemm_fma<T: Copy, A: Walk, B: Walk, C: Walk>(a: &A, b: &B, c: &mut C)
where
    UniversalFMA<T>: MmaExec<FragC = [T; 1], RegA = T, RegB = T> + Default,
    A::Engine: Access<Elem = T>,
    B::Engine: Access<Elem = T>,
    C::Engine: AccessMut<Elem = T>,
{
    let fma = UniversalFMA::<T>::default();
    let ((m, k, _), (n, _, _)) = (a.counts().get(), b.counts().get());
    debug_assert!(c.sizes() == (m, n, m * n) && b.sizes().1 == k);
    let (ms, ks, ns) = (a.counts().v(), a.counts().p(), b.counts().v());
    ks.each(
        #[inline(always)]
        |kk| {
            ms.each(
                #[inline(always)]
                |mm| {
                    let x = a.engine().load(a.index(mm + m * kk));
                    ns.each(
                        #[inline(always)]
                        |nn| {
                            let o = c.index(mm + m * nn);
                            let mut acc = [c.engine().load(o)];
                            fma.fma(&mut acc, x, b.engine().load(b.index(nn + n * kk)));
                            c.engine_mut().store(o, acc[0]);
                        },
                    );
                },
            );
        },
    );
}

/// `c(v,m,n) += a(v,m,k) * b(v,n,k)` for every `m`, `n` and `k` of a thread's fragments, one
/// call each of the thread's atom (with its state): `a` is `(V, M, K)` or `(V, M)`, `b`
/// `(V, N, K)` or `(V, N)`, `c` `(V, M, N)`.
///
/// # Safety
///
/// The atom's precondition ([`MmaExec::fma`]): for a warp's atom, every lane calls `gemm`
/// together with fragments of the same shapes.
#[inline(always)]
pub unsafe fn gemm<Tm: TiledMma, A: Walk, B: Walk, C: Walk>(
    mma: &ThrMma<Tm>,
    a: &A,
    b: &B,
    c: &mut C,
) where
    Tm::Atom: MmaExec,
    A::Engine: Access<Elem = <Tm::Atom as MmaRegisters>::ElemA>,
    B::Engine: Access<Elem = <Tm::Atom as MmaRegisters>::ElemB>,
    C::Engine: AccessMut<Elem = <Tm::Atom as MmaAtom>::ValTypeC>,
    <Tm::Atom as MmaAtom>::ValTypeC: Copy,
{
    let ((va, m, sa), (vb, n, sb), (vc, _, _)) = (a.sizes(), b.sizes(), c.sizes());
    debug_assert!(sa / (va * m) == sb / (vb * n) && c.sizes().2 == vc * m * n);
    let (ms, ks, ns) = (a.counts().p(), a.counts().q(), b.counts().p());
    ks.each(
        #[inline(always)]
        |k| {
            ms.each(
                #[inline(always)]
                |mm| {
                    let fa = atom_values(a, mm, k);
                    ns.each(
                        #[inline(always)]
                        |nn| {
                            let (ra, rb) = Tm::Atom::pack(&fa, &atom_values(b, nn, k));
                            let mut fc: <Tm::Atom as MmaRegisters>::FragC = atom_values(c, mm, nn);
                            mma.atom().fma(&mut fc, ra, rb);
                            for (v, x) in fc.as_ref().iter().enumerate() {
                                let i = c.index(v + vc * (mm + m * nn));
                                c.engine_mut().store(i, *x);
                            }
                        },
                    );
                },
            );
        },
    );
}

/// A copy that runs between engines `S` and `D`: a copy operation (its state in `self`), and
/// the [`CopyAtom`] of one, which runs its operation on engines of its element type.
pub trait CopyExec<S: Engine, D: Engine<Elem = S::Elem>> {
    /// The values one call moves.
    const VALUES: usize;
    /// Moves the values `src[s..s + VALUES]` to `dst[d..d + VALUES]` where `pred` holds; where it
    /// does not, a zero-filling atom writes zeros and any other leaves `dst` alone. `self` is the
    /// operation with its state (for TMA: the descriptor and the barrier).
    ///
    /// # Safety
    ///
    /// Both ranges lie in their engines, aligned as the instruction needs (a vector of
    /// `VALUES` elements); the instruction's own precondition (ldmatrix: every lane of the
    /// warp together; cp.async: shared memory read only after the copy's group is waited on).
    unsafe fn call(&self, src: &S, s: usize, dst: &mut D, d: usize, pred: bool);
}

impl<Op: CopyExec<S, D>, S: Engine, D: Engine<Elem = S::Elem>> CopyExec<S, D>
    for CopyAtom<Op, S::Elem>
{
    const VALUES: usize = Op::VALUES;
    #[inline(always)]
    unsafe fn call(&self, src: &S, s: usize, dst: &mut D, d: usize, pred: bool) {
        self.op().call(src, s, dst, d, pred)
    }
}

/// Element by element through [`Access`]: a TiledCopy of no atom (one value), and
/// [`UniversalCopy`] of an `X` (as many elements as fill it).
macro_rules! universal {
    ($($Op:ty, [$($g:tt)*], $values:expr;)+) => {$(
        impl<S: Access, D: AccessMut<Elem = S::Elem>, $($g)*> CopyExec<S, D> for $Op {
            const VALUES: usize = $values;
            #[inline(always)]
            unsafe fn call(&self, src: &S, s: usize, dst: &mut D, d: usize, pred: bool) {
                if pred {
                    for v in 0..<Self as CopyExec<S, D>>::VALUES {
                        dst.store(d + v, src.load(s + v));
                    }
                }
            }
        }
    )+};
}
universal! {
    (), [], 1;
    UniversalCopy<X>, [X], {
        let (x, e) = (core::mem::size_of::<X>(), core::mem::size_of::<S::Elem>());
        assert!(x >= e && x % e == 0, "UniversalCopy<X>: X is not a whole number of elements");
        x / e
    };
}

/// What a copy runs: a thread's slice of a TiledCopy runs its atom, a [`CopyAtom`] itself (CuTe's
/// `copy(Copy_Atom, src, dst)`, the epilogue's `copy(UniversalCopy, fragment, global)`).
pub trait CopyWith {
    /// The atom.
    type Atom;
    /// The atom, with its state.
    fn atom(&self) -> &Self::Atom;
}
impl<Tc: TiledCopy> CopyWith for ThrCopy<Tc> {
    type Atom = Tc::Atom;
    #[inline(always)]
    fn atom(&self) -> &Tc::Atom {
        ThrCopy::atom(self)
    }
}
impl<Op, T> CopyWith for CopyAtom<Op, T> {
    type Atom = Self;
    #[inline(always)]
    fn atom(&self) -> &Self {
        self
    }
}

/// `copy(thr_copy, src, dst)`: the thread's partitions `src` and `dst` (of equal size), one atom
/// call per [`CopyExec::VALUES`] values.
///
/// # Safety
///
/// As [`CopyExec::call`] for every call: each call's values lie contiguous and aligned in both
/// engines (checked in debug builds), and the instruction's precondition holds.
#[inline(always)]
pub unsafe fn copy<Cp: CopyOp<S, D>, S, D>(thr: &Cp, src: &S, dst: &mut D) {
    thr.copy(src, dst);
}

/// What `copy(op, src, dst)` runs: a thread's slice of a TiledCopy or a [`CopyAtom`], walking
/// the partitions ([`copy_if`] with every call predicated on), or a whole-tile copy such as
/// TMA's ([`TmaCopy`](crate::atom::tma_copy::TmaCopy), the atom with its state).
pub trait CopyOp<S, D> {
    /// The copy.
    ///
    /// # Safety
    ///
    /// The operation's precondition (see [`copy`]).
    unsafe fn copy(&self, src: &S, dst: &mut D);
}
impl<Cp: CopyWith, S: Walk, D: Walk> CopyOp<S, D> for Cp
where
    D::Engine: Engine<Elem = <S::Engine as Engine>::Elem>,
    Cp::Atom: CopyExec<S::Engine, D::Engine>,
{
    #[inline(always)]
    unsafe fn copy(&self, src: &S, dst: &mut D) {
        copy_if(self, |_| true, src, dst);
    }
}

/// `copy_if(thr_copy, pred, src, dst)`: as [`copy`], each call predicated by `pred` of the 1-D
/// coordinate of its first value (typically `elem_less` of an identity tensor partitioned
/// alike); a zero-filling atom writes zeros where it is false.
///
/// `pred` is inlined into each call: `all || elem_less(..)` branches around the test (LLVM may
/// copy the atom's code to each side), `all | elem_less(..)` computes it and branches nowhere.
/// Which is faster depends on the kernel: on the H200 the second made one f16 GEMM 3 to 5%
/// faster (at three sizes of four) and another 6% slower at 4096³ (docs/benchmarks-history.md, 2026-12-05).
///
/// # Safety
///
/// As [`copy`].
#[inline(always)]
pub unsafe fn copy_if<Cp: CopyWith, S: Walk, D: Walk>(
    thr: &Cp,
    pred: impl Fn(usize) -> bool,
    src: &S,
    dst: &mut D,
) where
    D::Engine: Engine<Elem = <S::Engine as Engine>::Elem>,
    Cp::Atom: CopyExec<S::Engine, D::Engine>,
{
    let n = <Cp::Atom as CopyExec<S::Engine, D::Engine>>::VALUES;
    let (v, p, size) = src.sizes();
    debug_assert_eq!(
        size,
        dst.sizes().2,
        "copy: the source and destination differ in size"
    );
    debug_assert_eq!(v % n, 0, "copy: an atom call spans two modes");
    let counts = src.counts();
    // Nested as the modes are, each walk unrolled where its count is static (every index a
    // constant there); an atom call's first value is every n-th of mode 0.
    counts.q().each(
        #[inline(always)]
        |q| {
            counts.p().each(
                #[inline(always)]
                |pp| {
                    counts.v().each(
                        #[inline(always)]
                        |c| {
                            if c % n == 0 {
                                let i = c + v * (pp + p * q);
                                let (s, d) = (src.index(i), dst.index(i));
                                debug_assert!(
                                    (1..n)
                                        .all(|x| src.index(i + x) == s + x
                                            && dst.index(i + x) == d + x),
                                    "copy: the values of one atom call are not contiguous"
                                );
                                thr.atom()
                                    .call(src.engine(), s, dst.engine_mut(), d, pred(i));
                            }
                        },
                    );
                },
            );
        },
    );
}

mod sm80;
mod sm90;

/// Pairs of halves into registers, as the tensor-core instructions take them: register `r`
/// holds values `2r` (low) and `2r + 1`.
#[inline(always)]
fn pairs<T: crate::atom::element::Half, const N: usize, const R: usize>(v: &[T; N]) -> [u32; R] {
    core::array::from_fn(|r| crate::atom::element::pack_halves(v[2 * r], v[2 * r + 1]))
}
#[cfg(target_arch = "nvptx64")]
pub use sm90::{warpgroup_arrive, warpgroup_commit_batch, warpgroup_fence_operand, warpgroup_wait};
