//! The mainloop collective's consumer side (CUTLASS's `CollectiveMma` of
//! `MainloopSm90TmaGmmaWarpSpecialized`, its `mma`): a warpgroup's wgmmas over a pipeline's
//! stages of A and B in shared memory (SS operands).
//!
//! The stages are a mode of the shared layouts, `(BM,BK,PIPE)` and `(BN,BK,PIPE)` (CuTe's
//! `tile_to_shape(atom, (BM, BK, PIPE))`). A consumer thread partitions the whole layouts once
//! (`partition_A`, `partition_B`: `(V, RestM, RestK, PIPE)`); a stage is the slice
//! `(_, _, _, stage)`, its wgmma descriptors `make_gmma_fragment` of it, and the wgmmas run over
//! its K blocks.
//!
//! The post-condition: [`SsStages::mma`] adds to the accumulators the TiledMma's product of the
//! stage's A and B tiles, `acc += A(stage) B(stage)^T`, as CuTe's `gemm(mma, tCrA(_,_,_,s),
//! tCrB(_,_,_,s), acc)` does. Generic code (a kernel schedule) names it with one bound,
//! `(StagesA, StagesB): SsStages<Mma, T>`.
//!
//! ```
//! use tessel::atom::element::BF16;
//! use tessel::atom::gmma::Layout_K_SW128_Atom;
//! use tessel::kernel::mainloop::SsStages;
//! use tessel::mma::SM90_64x256x16_F32BF16BF16_SS;
//! use tessel::{shape, MakeTiledMma, TileToShape};
//! type Mma = MakeTiledMma<SM90_64x256x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
//! type StagesA = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64,4)")>;
//! type StagesB = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(256,64,4)")>;
//! // Consumer thread 130, of the second warpgroup: A's rows 64.., all of B; the stages 128x64
//! // and 256x64 elements apart, 4 K blocks of 16 a stage. CuTe's `partition_A`/`partition_B`
//! // give these layouts and bases (cute-oracle; its swizzle, in the pointer, is `Sw<3,4,3>` on
//! // bytes: `Sw<3,3,3>` on bf16 elements).
//! let thr = Mma::get_slice(130);
//! let (a, b) = <(StagesA, StagesB) as SsStages<Mma, BF16>>::partition(&thr, (0, 65536));
//! assert_eq!(a.layout().to_string(), "Sw<3,3,3> o 0 o ((64,16),1,4,(1,4)):((64,1),0,16,(0,8192))");
//! assert_eq!(b.layout().to_string(), "Sw<3,3,3> o 0 o ((256,16),1,4,(1,4)):((64,1),0,16,(0,16384))");
//! assert_eq!((a.base(), b.base()), (64 * 64, 0));
//! ```

use crate::atom::element::Element;
use crate::atom::exec::{gemm, MmaExec, MmaRegisters};
use crate::atom::gmma::{make_gmma_fragment, Descriptors, GmmaDescriptor, GmmaFragment};
use crate::atom::gmma::{GmmaOperand, GmmaPartition, K};
use crate::atom::mma::MmaAtom;
use crate::atom::thr_mma::{Partition, Partitioned, ThrMma};
use crate::atom::tiled_mma::TiledMma;
use crate::atom::tma::{TensorMap, TmaTile};
use crate::atom::tma_copy::LoadState;
use crate::layout::sublayout::{Prepend, PrependLayout};
use crate::layout::{Layout, StaticLayout};
use crate::num::count::Count;
use crate::tensor::{AccessMut, Underscore as _x, Underscore};
use crate::tensor::{Counts, SliceLayout, Sliced, TensorLayout, TensorOf, TensorSmem, Walk};
use typenum::{U0, U1};

/// A stage's slice of a stage-moded partition `(V, RestM, RestK, PIPE)`.
type Stage<P> = <P as SliceLayout<(Underscore, Underscore, Underscore, usize)>>::Output;
/// A K block's slice of a stage's descriptors, `(1, RestM)`.
type KBlock<P> = <Prepend<<Stage<P> as GmmaPartition>::Rest, Layout<U1, U0>> as SliceLayout<(
    Underscore,
    Underscore,
    usize,
)>>::Output;

/// The consumers' side of the mainloop over stage-moded shared layouts `(LA, LB)`, `(rows, BK,
/// PIPE)` each, of `T`: the thread's partitions of all stages, and the wgmmas of one stage.
pub trait SsStages<Tm: TiledMma, T>: Sized {
    /// The thread's partitions of A's and B's stages.
    type Parts;
    /// The partitions of the stages at shared addresses `smem`.
    fn partition(thr: &ThrMma<Tm>, smem: (u32, u32)) -> Self::Parts;
    /// The wgmmas of A's stage `stages.0` and B's `stages.1`, added to `acc`.
    ///
    /// # Safety
    /// As `gemm`'s: the warpgroup calls it together; the stages are full.
    unsafe fn mma<Acc: Walk>(
        thr: &ThrMma<Tm>,
        parts: &Self::Parts,
        stages: (usize, usize),
        acc: &mut Acc,
    ) where
        Acc::Engine: AccessMut<Elem = <Tm::Atom as MmaAtom>::ValTypeC>,
        Tm::Atom: MmaExec + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
        <Tm::Atom as MmaAtom>::ValTypeC: Copy;
}

impl<Tm: TiledMma, T: Element, LA, LB> SsStages<Tm, T> for (LA, LB)
where
    LA: TensorLayout + StaticLayout + Default,
    LB: TensorLayout + StaticLayout + Default,
    LA::Layout: Partition<Tm::OpA>,
    LB::Layout: Partition<Tm::OpB>,
    Partitioned<LA::Layout, Tm::OpA>:
        Copy + Sliced + SliceLayout<(Underscore, Underscore, Underscore, usize)>,
    Prepend<<Stage<Partitioned<LA::Layout, Tm::OpA>> as GmmaPartition>::Rest, Layout<U1, U0>>:
        Copy + SliceLayout<(Underscore, Underscore, usize)>,
    KBlock<Partitioned<LA::Layout, Tm::OpA>>: Sliced,
    TensorOf<Descriptors<T>, KBlock<Partitioned<LA::Layout, Tm::OpA>>>:
        Walk<Engine = Descriptors<T>>,
    GmmaFragment<T, Stage<Partitioned<LA::Layout, Tm::OpA>>>: Walk,
    Partitioned<LB::Layout, Tm::OpB>:
        Copy + Sliced + SliceLayout<(Underscore, Underscore, Underscore, usize)>,
    Prepend<<Stage<Partitioned<LB::Layout, Tm::OpB>> as GmmaPartition>::Rest, Layout<U1, U0>>:
        Copy + SliceLayout<(Underscore, Underscore, usize)>,
    KBlock<Partitioned<LB::Layout, Tm::OpB>>: Sliced,
    TensorOf<Descriptors<T>, KBlock<Partitioned<LB::Layout, Tm::OpB>>>:
        Walk<Engine = Descriptors<T>>,
    Stage<Partitioned<LA::Layout, Tm::OpA>>: Sliced + GmmaPartition + Copy,
    Stage<Partitioned<LB::Layout, Tm::OpB>>: Sliced + GmmaPartition + Copy,
    <Stage<Partitioned<LA::Layout, Tm::OpA>> as GmmaPartition>::Tile: GmmaOperand<K, T> + Copy,
    <Stage<Partitioned<LB::Layout, Tm::OpB>> as GmmaPartition>::Tile: GmmaOperand<K, T> + Copy,
    <Stage<Partitioned<LA::Layout, Tm::OpA>> as GmmaPartition>::Rest: PrependLayout<Layout<U1, U0>>,
    <Stage<Partitioned<LB::Layout, Tm::OpB>> as GmmaPartition>::Rest: PrependLayout<Layout<U1, U0>>,
{
    type Parts = (
        TensorSmem<T, Partitioned<LA::Layout, Tm::OpA>>,
        TensorSmem<T, Partitioned<LB::Layout, Tm::OpB>>,
    );
    #[inline(always)]
    fn partition(thr: &ThrMma<Tm>, (sa, sb): (u32, u32)) -> Self::Parts {
        // SAFETY: the stages lie at `sa` and `sb`, where the kernel's storage put them.
        let (a, b) = unsafe {
            (
                TensorSmem::<T, _>::from_smem(sa, LA::COSIZE, LA::default()),
                TensorSmem::<T, _>::from_smem(sb, LB::COSIZE, LB::default()),
            )
        };
        (thr.partition_A(a), thr.partition_B(b))
    }
    #[inline(always)]
    unsafe fn mma<Acc: Walk>(
        thr: &ThrMma<Tm>,
        (a, b): &Self::Parts,
        (sa, sb): (usize, usize),
        acc: &mut Acc,
    ) where
        Acc::Engine: AccessMut<Elem = <Tm::Atom as MmaAtom>::ValTypeC>,
        Tm::Atom: MmaExec + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
        <Tm::Atom as MmaAtom>::ValTypeC: Copy,
    {
        let fa = make_gmma_fragment::<K, _, _>(&a.slice((_x, _x, _x, sa)));
        let fb = make_gmma_fragment::<K, _, _>(&b.slice((_x, _x, _x, sb)));
        // The K blocks of a stage, a static count: unrolled.
        fa.counts().q().each(
            #[inline(always)]
            |kb| gemm(thr, &fa.slice((_x, _x, kb)), &fb.slice((_x, _x, kb)), acc),
        );
    }
}

/// A stage's slice of a stage-moded B partition, `(V, RestN, RestK)`.
type StageB<P> = Stage<P>;

/// The consumers' side of an RS mainloop over a stage-moded shared layout of B, `(N, K, PIPE)`
/// of `T` whose tiles are `Mj`-major ([`K`] or [`MN`](crate::atom::gmma::MN): `V` of attention,
/// N-major): the thread's partition of all stages, and the wgmmas of A in registers (a
/// `(V, RestM, RestK)` fragment, [`AccAsA`](crate::atom::acc::AccAsA)'s view of accumulators)
/// by one stage. The post-condition: `acc += A B(stage)^T`, as CuTe's `gemm(mma, tOrP,
/// tOrV(_,_,_,s), acc)`.
pub trait RsStages<Tm: TiledMma, T, Mj>: Sized {
    /// The thread's partition of B's stages.
    type Parts;
    /// The partition of the stages at shared address `smem`.
    fn partition(thr: &ThrMma<Tm>, smem: u32) -> Self::Parts;
    /// The wgmmas of `a` by B's stage `stage`, added to `acc`.
    ///
    /// # Safety
    /// As `gemm`'s: the warpgroup calls it together; the stage is full.
    unsafe fn mma<A: Walk, Acc: Walk>(
        thr: &ThrMma<Tm>,
        parts: &Self::Parts,
        a: &A,
        stage: usize,
        acc: &mut Acc,
    ) where
        A::Engine: crate::tensor::Access<Elem = <Tm::Atom as MmaRegisters>::ElemA>,
        Acc::Engine: AccessMut<Elem = <Tm::Atom as MmaAtom>::ValTypeC>,
        Tm::Atom: MmaExec + MmaRegisters<ElemB = GmmaDescriptor>,
        <Tm::Atom as MmaAtom>::ValTypeC: Copy;
}

impl<Tm: TiledMma, T: Element, LB, Mj: crate::atom::gmma::Major> RsStages<Tm, T, Mj> for LB
where
    LB: TensorLayout + StaticLayout + Default,
    LB::Layout: Partition<Tm::OpB>,
    Partitioned<LB::Layout, Tm::OpB>:
        Copy + Sliced + SliceLayout<(Underscore, Underscore, Underscore, usize)>,
    StageB<Partitioned<LB::Layout, Tm::OpB>>: Sliced + GmmaPartition + Copy,
    <StageB<Partitioned<LB::Layout, Tm::OpB>> as GmmaPartition>::Tile: GmmaOperand<Mj, T> + Copy,
    <StageB<Partitioned<LB::Layout, Tm::OpB>> as GmmaPartition>::Rest:
        PrependLayout<Layout<U1, U0>>,
    GmmaFragment<T, StageB<Partitioned<LB::Layout, Tm::OpB>>>: Walk<Engine = Descriptors<T>>,
{
    type Parts = TensorSmem<T, Partitioned<LB::Layout, Tm::OpB>>;
    #[inline(always)]
    fn partition(thr: &ThrMma<Tm>, sb: u32) -> Self::Parts {
        // SAFETY: the stages lie at `sb`, where the kernel's storage put them.
        let b = unsafe { TensorSmem::<T, _>::from_smem(sb, LB::COSIZE, LB::default()) };
        thr.partition_B(b)
    }
    #[inline(always)]
    unsafe fn mma<A: Walk, Acc: Walk>(
        thr: &ThrMma<Tm>,
        b: &Self::Parts,
        a: &A,
        stage: usize,
        acc: &mut Acc,
    ) where
        A::Engine: crate::tensor::Access<Elem = <Tm::Atom as MmaRegisters>::ElemA>,
        Acc::Engine: AccessMut<Elem = <Tm::Atom as MmaAtom>::ValTypeC>,
        Tm::Atom: MmaExec + MmaRegisters<ElemB = GmmaDescriptor>,
        <Tm::Atom as MmaAtom>::ValTypeC: Copy,
    {
        let fb = make_gmma_fragment::<Mj, _, _>(&b.slice((_x, _x, _x, stage)));
        gemm(thr, a, &fb, acc);
    }
}

/// The producer's load of one TMA tile: a stage of A, or of B, or a block's part of B's stage.
pub trait TmaTileLoad<T>: TmaTile + Sized {
    /// The tile of the descriptor `tma` whose first element is `origin` (row, K, and the global
    /// tensor's further modes: a batch, a head) into the tile
    /// at shared address `dst`, completing on the barrier (and multicast) of `state`, issued
    /// where `issue` holds.
    ///
    /// # Safety
    /// As `TensorMap::load`'s.
    unsafe fn load<St: LoadState, const N: usize>(
        tma: &TensorMap<T, Self>,
        state: St,
        issue: bool,
        origin: [usize; N],
        dst: u32,
    );
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::TmaTileLoad;
    use crate::atom::tma::{TensorMap, TmaDestination, TmaElement, TmaTile};
    use crate::atom::tma_copy::LoadState;
    use crate::atom::tma_tile::{SameTile, TileVerdict};
    use crate::diagnostic::Checked;
    use crate::layout::StaticLayout;
    use crate::tensor::{TensorLayout, TensorSmem};

    impl<T: TmaElement, S: TmaTile + TensorLayout + StaticLayout + Default> TmaTileLoad<T> for S
    where
        TensorSmem<T, S::Layout>: TmaDestination<Elem = T>,
        <TensorSmem<T, S::Layout> as TmaDestination>::Tile: SameTile<S>,
        TileVerdict<<TensorSmem<T, S::Layout> as TmaDestination>::Tile, S>: Checked,
    {
        #[inline(always)]
        unsafe fn load<St: LoadState, const N: usize>(
            tma: &TensorMap<T, S>,
            state: St,
            issue: bool,
            origin: [usize; N],
            dst: u32,
        ) {
            let tile = TensorSmem::<T, _>::from_smem(dst, S::COSIZE, S::default());
            match state.mask() {
                None => tma.load(origin, &tile, state.barrier(), issue),
                Some(mask) => tma.load_multicast(origin, &tile, state.barrier(), mask, issue),
            }
        }
    }
}
