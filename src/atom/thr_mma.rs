//! One thread's slice of a TiledMma (CuTe's `ThrMMA`): the parts of A, B and C it computes.
//!
//! `MakeTiledMma::get_slice(thread)` places the thread in `ThrLayoutVMNK`, `(v, m, n, k)`.
//! `partition_C(c)` cuts a C tensor (any layout of two modes whose extents the tile divides, static
//! or mixed) with CuTe's `thrfrg_C` and keeps the thread's elements: `(FrgV, RestM, RestN)`, the
//! values of one atom and the atoms the thread repeats over the tensor. `partition_fragment_C`
//! is a register fragment of that shape. A and B likewise, `(FrgV, RestM, RestK)`.
//!
//! ```
//! use tessel::mma::UniversalFMA;
//! use tessel::{layout, shape, MakeTiledMma, Tensor};
//! type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
//! let c = [0f32; 128 * 128];
//! let tc = Mma::get_slice(17).partition_C(Tensor::new(&c, layout!("(128,128)")));
//! // Thread 17 is (1,1) of 16x16: rows 1, 17, ..., columns 1, 17, ...
//! assert_eq!(tc.layout().to_string(), "(1,8,8):(0,16,2048)");
//! assert_eq!(tc.base(), 1 + 128);
//! // A's registers follow a row-major tile: K before M (CuTe's `partition_fragment_A`).
//! let a = [0f32; 128 * 8];
//! let fa = Mma::get_slice(17).partition_fragment_A::<f32, _, _>(&Tensor::new(&a, layout!("(128,8):(8,1)")));
//! assert_eq!(fa.layout().to_string(), "(1,8,8):(0,8,1)");
//! ```
#![allow(non_snake_case)]

use crate::atom::tiled_mma::{
    MakeTiledMma, MmaOperand, OperandA, OperandB, OperandC, Thrfrg, TiledMma,
};
use crate::diagnostic::Checked;
use crate::layout::coord::Index;
use crate::layout::ordered::{MakeFragmentLike, ShapeFragment};
use crate::layout::sublayout::{Parts, Prepend, PrependLayout};
use crate::tensor::{At, CutByValue, Engine, Fragment, FragmentLayout, Sliced, TensorOf};

pub use crate::atom::tiled_mma::ThrMma;

impl<A, L, P> MakeTiledMma<A, L, P>
where
    Self: TiledMma,
{
    /// Thread `thread`'s slice, the atom in its default state (CuTe's `get_slice`), without
    /// [`TiledMma`] in scope.
    #[inline(always)]
    pub fn get_slice(thread: usize) -> ThrMma<Self> {
        <Self as TiledMma>::get_slice(thread)
    }
    /// Thread `thread`'s slice, running this TiledMma's atom (CuTe's `get_thread_slice`).
    #[inline(always)]
    pub fn get_thread_slice(&self, thread: usize) -> ThrMma<Self> {
        <Self as TiledMma>::get_thread_slice(self, thread)
    }
}

/// A layout of `Op`'s tensor partitioned for one thread: `(FrgV, RestP, RestQ)`.
pub type Partitioned<R, Op> = <R as Partition<Op>>::Output;

/// The fragment a partition fills, in registers ([`OperandFragment`]).
pub type PartitionFragment<T, R, Op> = Fragment<T, FragmentLayoutOf<R, Op>>;

/// The layout of the fragment of `Op`'s partition of a tensor of layout `R`.
#[doc(hidden)]
pub type FragmentLayoutOf<R, Op> = <Op as OperandFragment<Partitioned<R, Op>>>::Layout;

/// The register layout of an operand's partition `P`: A's and B's follow the partition (CuTe's
/// `make_fragment_like`: an atom's values column-major, the rest in the order of the partition's
/// strides); C's is column-major over its shape (CuTe's `make_fragment_C`: accumulators). Either
/// needs static extents ([`StaticExtents`]).
#[doc(hidden)]
pub trait OperandFragment<P> {
    /// The fragment's layout (a placeholder where the verdict fails).
    type Layout;
    /// [`Holds`](crate::diagnostic::Holds), or the failure of [`StaticExtents`].
    type Verdict;
}
impl<A, L, Pm, P: MakeFragmentLike> OperandFragment<P> for OperandA<A, L, Pm> {
    type Layout = P::Output;
    type Verdict = P::Verdict;
}
impl<A, L, Pm, P: MakeFragmentLike> OperandFragment<P> for OperandB<A, L, Pm> {
    type Layout = P::Output;
    type Verdict = P::Verdict;
}
impl<A, L, Pm, P: Parts> OperandFragment<P> for OperandC<A, L, Pm>
where
    P::Shape: ShapeFragment,
{
    type Layout = <P::Shape as ShapeFragment>::Output;
    type Verdict = <P::Shape as ShapeFragment>::Verdict;
}

/// What a thread's partition of an operand needs, as one bound.
pub trait Partition<Op>: Thrfrg<Op> + Sized {
    /// `(FrgV, RestP, RestQ)`.
    type Output;
    /// The thread's elements of a tensor of layout `Self`, and the index of the first.
    fn partition<I: Index>(self, v: usize, p: usize, q: usize) -> (Self::Output, I);
}
impl<R: Thrfrg<Op>, Op> Partition<Op> for R
where
    R::ThrV: At<usize>,
    R::ThrP: At<usize>,
    R::ThrQ: At<usize>,
    R::Rest: PrependLayout<R::FrgV>,
{
    type Output = Prepend<R::Rest, R::FrgV>;
    #[inline(always)]
    fn partition<I: Index>(self, v: usize, p: usize, q: usize) -> (Self::Output, I) {
        let (thr_v, thr_p, thr_q, frg_v, rest) = self.thrfrg();
        let offset = thr_v.at::<I>(v).plus(thr_p.at(p)).plus(thr_q.at(q));
        (rest.prepend_layout(frg_v), offset)
    }
}

macro_rules! partitions {
    ($($Op:ident: $partition:ident, $fragment:ident, $Name:literal;)+) => {
        impl<Tm: TiledMma> ThrMma<Tm> {$(
            #[doc = concat!("The thread's elements of ", $Name, ": `(FrgV, RestP, RestQ)`.")]
            #[inline(always)]
            pub fn $partition<E, R: Partition<Tm::$Op>, B: CutByValue>(
                &self,
                t: TensorOf<E, R, B>,
            ) -> TensorOf<E, Partitioned<R, Tm::$Op>>
            where
                E: Engine,
                Partitioned<R, Tm::$Op>: Sliced,
            {
                let (v, m, n, k) = self.vmnk;
                let (p, q) = <Tm::$Op as MmaOperand>::pq(m, n, k);
                t.cut().map(|layout| layout.partition(v, p, q))
            }

            #[doc = concat!("A register fragment shaped like the thread's partition of ", $Name, ".")]
            #[inline(always)]
            pub fn $fragment<T: Copy + Default, E, R: Partition<Tm::$Op>>(
                &self,
                _t: &TensorOf<E, R>,
            ) -> PartitionFragment<T, R, Tm::$Op>
            where
                Tm::$Op: OperandFragment<Partitioned<R, Tm::$Op>>,
                <Tm::$Op as OperandFragment<Partitioned<R, Tm::$Op>>>::Verdict: Checked,
                FragmentLayoutOf<R, Tm::$Op>: FragmentLayout,
                <FragmentLayoutOf<R, Tm::$Op> as FragmentLayout>::Len: generic_array::ArrayLength<T>,
            {
                Default::default()
            }
        )+}
    };
}

partitions! {
    OpA: partition_A, partition_fragment_A, "A";
    OpB: partition_B, partition_fragment_B, "B";
    OpC: partition_C, partition_fragment_C, "C";
}
