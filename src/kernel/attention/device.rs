//! The attention kernel's body on the device: the block's roles and the producer's loads.

use super::consumer::Consumer;
use super::parts::{PLayout, Pipe, Place};
use super::{AttentionArgs, AttentionKernel};
use crate::arch::sm90::{elect_one_sync, setmaxnreg, warp_idx_sync};
use crate::arch::{block, sync_threads, thread};
use crate::atom::acc::{AccAsA, AccRows};
use crate::atom::element::{Numeric, PackF32};
use crate::atom::exec::{MmaExec, MmaRegisters};
use crate::atom::gmma::{GmmaDescriptor, MN};
use crate::atom::mma::MmaAtom;
use crate::atom::pipeline::PipelineState;
use crate::atom::tiled_mma::TiledMma;
use crate::atom::tma::{TensorMap, TmaElement};
use crate::diagnostic::Checked;
use crate::kernel::epilogue::Accumulators;
use crate::kernel::mainloop::{RsStages, SsStages, TmaTileLoad};
use crate::kernel::order::IssueOrder;
use crate::kernel::role::{empty_arrivals, Consumer as ConsumerBudget, Producer, Role, Schedule};
use crate::kernel::storage::Carve;
use crate::layout::StaticLayout;
use crate::tensor::{Fragment, FragmentLayout, Walk};
use core::ops::Div;
use generic_array::{ArrayLength, GenericArray};
use typenum::{Quot, U2};

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
            Consumer::<K, STAGES>::run(
                (&qpipe, &kpipe, &vpipe),
                (sq, sk, sv),
                &at,
                (thread, group),
                args,
            );
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
