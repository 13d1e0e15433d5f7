//! The attention kernel's body on the device: the block's roles, the producer's loads, and what
//! the consumers share (the fragments' types, `P`'s registers, the output's store).

use super::consumer::consume;
use super::{AttentionArgs, AttentionKernel};
use crate::arch::sm90::warpgroup_fence_register;
use crate::arch::sm90::{elect_one_sync, setmaxnreg, warp_idx_sync};
use crate::arch::{block, sync_threads, thread};
use crate::atom::acc::{AccAsA, AccAsALayout, AccRows};
use crate::atom::element::{unpack_halves, Numeric, PackF32};
use crate::atom::exec::{warpgroup_fence_operand, MmaExec, MmaRegisters};
use crate::atom::gmma::{GmmaDescriptor, MN};
use crate::atom::mma::MmaAtom;
use crate::atom::pipeline::{PipelineState, PipelineTmaAsync};
use crate::atom::thr_mma::ThrMma;
use crate::atom::tiled_mma::TiledMma;
use crate::atom::tma::{TensorMap, TmaElement};
use crate::diagnostic::Checked;
use crate::kernel::epilogue::Accumulators;
use crate::kernel::mainloop::{RsStages, SsStages, TmaTileLoad};
use crate::kernel::mask::Mask;
use crate::kernel::order::IssueOrder;
use crate::kernel::role::{
    empty_arrivals, Consumer as ConsumerBudget, Producer, Role, Schedule, WARP,
};
use crate::kernel::softmax::{OnlineSoftmax, PerRow};
use crate::kernel::storage::Carve;
use crate::layout::StaticLayout;
use crate::num::count::Count;
use crate::tensor::{Fragment, FragmentLayout, Walk};
use core::num::{NonZeroU32, NonZeroUsize};
use core::ops::Div;
use generic_array::sequence::GenericSequence;
use generic_array::{ArrayLength, GenericArray};
use typenum::{Quot, U2};

/// A pipeline of one tile of `T`, `S`, a stage.
pub(super) type Pipe<T, S, const STAGES: u32> = PipelineTmaAsync<STAGES, S, T>;
/// The scores' accumulators.
pub(super) type SFrag<K> =
    <<K as AttentionKernel>::Scores as Accumulators<<K as AttentionKernel>::Smma>>::Frag;
/// The output's accumulators.
pub(super) type OFrag<K> =
    <<K as AttentionKernel>::Out as Accumulators<<K as AttentionKernel>::Pv>>::Frag;
/// `P`, the scores' accumulators read as `P V`'s A operand.
pub(super) type PLayout<K> = AccAsALayout<
    <K as AttentionKernel>::Smma,
    <K as AttentionKernel>::Pv,
    <K as AttentionKernel>::Scores,
>;

/// The kernel body of configuration `K` with `STAGES` stages: Q's, K's and V's descriptors,
/// the arguments, the dynamic shared memory's address.
///
/// # Safety
/// Launched as [`AttentionKernel`]'s constants say, on the grid `(ceil(seqlen_q / BM), heads
/// x batch)`; the descriptors are the kernel's parameters, over Q, K and V as
/// `(seqlen, D, heads, batch)` (V's `(D, seqlen, heads, batch)`); the arguments' pointers
/// hold what [`AttentionArgs`] says.
#[inline(always)]
pub unsafe fn attention<K: AttentionKernel, const STAGES: u32>(
    tma_q: &TensorMap<K::In, K::TileQ>,
    tma_k: &TensorMap<K::In, K::TileK>,
    tma_v: &TensorMap<K::In, K::TileV>,
    args: &AttentionArgs,
    smem: u32,
) where
    K::In: TmaElement + Numeric + PackF32,
    K::Smma: TiledMma,
    K::Pv: TiledMma,
    <K::Smma as TiledMma>::Atom: MmaAtom<ValTypeC = f32>
        + MmaExec
        + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
    <K::Pv as TiledMma>::Atom:
        MmaAtom<ValTypeC = f32> + MmaExec + MmaRegisters<ElemA = K::In, ElemB = GmmaDescriptor>,
    K::TileQ: TmaTileLoad<K::In> + StaticLayout,
    K::TileK: TmaTileLoad<K::In> + StaticLayout,
    K::TileV: TmaTileLoad<K::In> + StaticLayout,
    K::StagesQK: SsStages<K::Smma, K::In>,
    K::StagesV: RsStages<K::Pv, K::In, MN>,
    K::Scores: Accumulators<K::Smma> + AccRows<K::Smma>,
    K::Out: Accumulators<K::Pv> + AccRows<K::Pv, Rows = <K::Scores as AccRows<K::Smma>>::Rows>,
    K::Scores: AccAsA<K::Smma, K::Pv>,
    <K::Scores as AccAsA<K::Smma, K::Pv>>::Verdict: Checked,
    PLayout<K>: FragmentLayout,
    <PLayout<K> as FragmentLayout>::Len: ArrayLength<K::In> + Div<U2>,
    Quot<<PLayout<K> as FragmentLayout>::Len, U2>: ArrayLength<u32>,
    Fragment<K::In, PLayout<K>>:
        Walk<Engine = GenericArray<K::In, <PLayout<K> as FragmentLayout>::Len>>,
{
    const {
        assert!(
            K::STAGES == STAGES,
            "the kernel's stages are its configuration's"
        );
        assert!(
            K::Smma::THREADS == K::Schedule::CONSUMER_THREADS && K::Pv::THREADS == K::Smma::THREADS,
            "the consumers are both TiledMmas' threads"
        );
    };
    let (warp, elected) = (warp_idx_sync(), elect_one_sync());
    let [sq, sk, sv, qbar, kfull, kempty, vfull, vempty] = K::Storage::carve(smem);
    let qpipe = Pipe::<K::In, K::TileQ, 1>::new(qbar, qbar + 8);
    let kpipe = Pipe::<K::In, K::TileK, STAGES>::new(kfull, kempty);
    let vpipe = Pipe::<K::In, K::TileV, STAGES>::new(vfull, vempty);
    if warp == 0 {
        let consumers = empty_arrivals(K::Smma::THREADS, 1);
        qpipe.init(consumers, elected);
        kpipe.init(consumers, elected);
        vpipe.init(consumers, elected);
        tma_q.prefetch();
        tma_k.prefetch();
        tma_v.prefetch();
    }
    sync_threads();
    let (mb, hb) = block();
    let at = Place::new(args, mb as usize * K::BM, hb as usize);
    match K::Schedule::role(warp) {
        Role::Producer { warp } => {
            setmaxnreg::<Producer<K::Schedule>>();
            if warp == 0 {
                produce::<K, STAGES>(
                    (&qpipe, &kpipe, &vpipe),
                    (tma_q, tma_k, tma_v),
                    (sq, sk, sv),
                    &at,
                    elected,
                );
            }
        }
        Role::Consumer { group } => {
            setmaxnreg::<ConsumerBudget<K::Schedule>>();
            let thread = K::Schedule::consumer_thread(thread().0 as usize);
            K::Order::init(group);
            consume::<K, STAGES>(
                (&qpipe, &kpipe, &vpipe),
                (sq, sk, sv),
                &at,
                (thread, group),
                args,
            );
        }
    }
}

/// Where a block works: its rows, head, key/value head, sequence, and the keys its rows see.
pub(super) struct Place {
    pub(super) row0: usize,
    pub(super) head: usize,
    pub(super) kv_head: usize,
    pub(super) batch: usize,
    pub(super) mask: Mask,
}

impl Place {
    #[inline(always)]
    fn new(args: &AttentionArgs, row0: usize, hb: usize) -> Self {
        // Divisors that are never 0 (the host checks them): divisions without a panic path.
        let nonzero = |x: u32| NonZeroUsize::new(x as usize).unwrap_or(NonZeroUsize::MIN);
        let heads = nonzero(args.heads);
        let group = nonzero(args.heads / NonZeroU32::new(args.kv_heads).unwrap_or(NonZeroU32::MIN));
        let head = hb % heads;
        Place {
            row0,
            head,
            kv_head: head / group,
            batch: hb / heads,
            mask: Mask {
                seqlen_q: args.seqlen_q as usize,
                seqlen_k: args.seqlen_k as usize,
                causal: args.causal != 0,
            },
        }
    }
}

/// The producer warp: Q once, then each block of keys' K and V, last block first.
#[inline(always)]
unsafe fn produce<K: AttentionKernel, const STAGES: u32>(
    (qpipe, kpipe, vpipe): (
        &Pipe<K::In, K::TileQ, 1>,
        &Pipe<K::In, K::TileK, STAGES>,
        &Pipe<K::In, K::TileV, STAGES>,
    ),
    (tma_q, tma_k, tma_v): (
        &TensorMap<K::In, K::TileQ>,
        &TensorMap<K::In, K::TileK>,
        &TensorMap<K::In, K::TileV>,
    ),
    (sq, sk, sv): (u32, u32, u32),
    at: &Place,
    elected: bool,
) where
    K::In: TmaElement,
    K::TileQ: TmaTileLoad<K::In> + StaticLayout,
    K::TileK: TmaTileLoad<K::In> + StaticLayout,
    K::TileV: TmaTileLoad<K::In> + StaticLayout,
{
    let blocks = at.mask.key_blocks(at.row0, K::BM, K::BN);
    if blocks == 0 {
        return;
    }
    let q = PipelineState::<1>::new();
    qpipe.producer_acquire(&q);
    qpipe.producer_expect_tx(&q, elected);
    K::TileQ::load(
        tma_q,
        qpipe.barriers(&q).0,
        elected,
        [at.row0, 0, at.head, at.batch],
        sq,
    );
    let (k_bytes, v_bytes) = (
        Pipe::<K::In, K::TileK, STAGES>::TX_BYTES,
        Pipe::<K::In, K::TileV, STAGES>::TX_BYTES,
    );
    let mut write = PipelineState::<STAGES>::new();
    for n in (0..blocks).rev() {
        let (stage, key0) = (write.index(), n * K::BN);
        kpipe.producer_acquire(&write);
        kpipe.producer_expect_tx(&write, elected);
        let origin = [key0, 0, at.kv_head, at.batch];
        K::TileK::load(
            tma_k,
            kpipe.barriers(&write).0,
            elected,
            origin,
            sk + stage * k_bytes,
        );
        vpipe.producer_acquire(&write);
        vpipe.producer_expect_tx(&write, elected);
        let origin = [0, key0, at.kv_head, at.batch];
        K::TileV::load(
            tma_v,
            vpipe.barriers(&write).0,
            elected,
            origin,
            sv + stage * v_bytes,
        );
        write.advance();
    }
}

/// `P`'s registers, two elements each.
pub(super) type Packed<K> = GenericArray<u32, Quot<<PLayout<K> as FragmentLayout>::Len, U2>>;

/// The softmax of a configuration's scores.
pub(super) type Soft<K> =
    OnlineSoftmax<<K as AttentionKernel>::Smma, <K as AttentionKernel>::Scores>;

/// Each row `r` of the output times `rescale[r]`.
#[inline(always)]
pub(super) fn rescale_rows<K: AttentionKernel>(
    o: &mut OFrag<K>,
    rescale: &PerRow<K::Smma, K::Scores>,
) where
    K::Smma: TiledMma,
    K::Pv: TiledMma,
    K::Scores: AccRows<K::Smma>,
    K::Out: Accumulators<K::Pv> + AccRows<K::Pv, Rows = <K::Scores as AccRows<K::Smma>>::Rows>,
{
    for r in 0..<K::Out as AccRows<K::Pv>>::ROWS {
        for c in 0..<K::Out as AccRows<K::Pv>>::COLS {
            o[<K::Out as AccRows<K::Pv>>::index(r, c)] *= rescale[r];
        }
    }
}

/// `P`'s registers: the scores converted in pairs, values `2j` and `2j + 1` of the scores'
/// fragment in register `j` (the A view's first leaf `(2):(1)` packs them so). Kept packed
/// until the wgmma: split into elements across a loop, LLVM would rebuild each register
/// between the wgmmas' fence and the wgmma, where ptxas adds a fence of its own.
#[inline(always)]
pub(super) fn operand<K: AttentionKernel>(s: &SFrag<K>) -> Packed<K>
where
    K::In: PackF32,
    K::Smma: TiledMma,
    K::Pv: TiledMma,
    K::Scores: Accumulators<K::Smma> + AccAsA<K::Smma, K::Pv>,
    <K::Scores as AccAsA<K::Smma, K::Pv>>::Verdict: Checked,
    PLayout<K>: FragmentLayout,
    <PLayout<K> as FragmentLayout>::Len: Div<U2>,
    Quot<<PLayout<K> as FragmentLayout>::Len, U2>: ArrayLength<u32>,
{
    GenericArray::generate(|j| K::In::pack_f32(s[2 * j], s[2 * j + 1]))
}

/// `P` as the A operand's fragment, each register fenced before the wgmmas' fence.
#[inline(always)]
pub(super) fn unpacked<K: AttentionKernel>(p: &Packed<K>) -> Fragment<K::In, PLayout<K>>
where
    K::In: PackF32,
    K::Smma: TiledMma,
    K::Pv: TiledMma,
    K::Scores: AccAsA<K::Smma, K::Pv>,
    <K::Scores as AccAsA<K::Smma, K::Pv>>::Verdict: Checked,
    PLayout<K>: FragmentLayout,
    <PLayout<K> as FragmentLayout>::Len: ArrayLength<K::In> + Div<U2>,
    Quot<<PLayout<K> as FragmentLayout>::Len, U2>: ArrayLength<u32>,
{
    let mut a = Fragment::<K::In, PLayout<K>>::filled(K::In::default());
    let values = a.as_array_mut();
    for (j, r) in p.iter().enumerate() {
        (values[2 * j], values[2 * j + 1]) = unpack_halves(warpgroup_fence_register(*r));
    }
    a
}

/// Each accumulator in its register here ([`warpgroup_fence_operand`]).
#[inline(always)]
pub(super) fn fence<Tm: TiledMma, S: Accumulators<Tm>>(acc: &mut S::Frag) {
    S::Vals::default().each(|i| acc[i] = warpgroup_fence_operand(acc[i]));
}

/// `O / l` where it lies inside the output, and each row's LSE by the first lane of the lanes
/// that hold the row.
#[inline(always)]
pub(super) unsafe fn store<K: AttentionKernel>(
    thr: &ThrMma<K::Pv>,
    o: &OFrag<K>,
    (inv, lse): (
        &GenericArray<f32, <K::Out as AccRows<K::Pv>>::Rows>,
        &GenericArray<f32, <K::Out as AccRows<K::Pv>>::Rows>,
    ),
    at: &Place,
    thread: usize,
    args: &AttentionArgs,
) where
    K::In: Numeric,
    K::Pv: TiledMma,
    K::Out: Accumulators<K::Pv> + AccRows<K::Pv>,
{
    let (seqlen_q, heads) = (args.seqlen_q as usize, args.heads as usize);
    let out = args.o as *mut K::In;
    let first_lane = thread as u32 % WARP as u32 & <K::Out as AccRows<K::Pv>>::XOR_LANES == 0;
    for r in 0..<K::Out as AccRows<K::Pv>>::ROWS {
        let row = at.row0
            + <K::Out as Accumulators<K::Pv>>::coord(thr, <K::Out as AccRows<K::Pv>>::index(r, 0))
                .0;
        if row >= seqlen_q {
            continue;
        }
        let base = ((at.batch * seqlen_q + row) * heads + at.head) * K::D;
        for c in 0..<K::Out as AccRows<K::Pv>>::COLS {
            let i = <K::Out as AccRows<K::Pv>>::index(r, c);
            let col = <K::Out as Accumulators<K::Pv>>::coord(thr, i).1;
            *out.add(base + col) = K::In::from_f32(o[i] * inv[r]);
        }
        if first_lane {
            *(args.lse as *mut f32).add((at.batch * heads + at.head) * seqlen_q + row) = lse[r];
        }
    }
}
