//! A consumer thread of the attention kernel (both consumer warpgroups): each block of keys'
//! scores, mask, softmax and `P V`, in turn or overlapped, then the output and the LSE.

use super::parts::{fence, operand, rescale_rows, store, unpacked};
use super::parts::{OFrag, PLayout, Packed, Pipe, Place, SFrag, Soft};
use super::{AttentionArgs, AttentionKernel};
use crate::arch::shfl_xor_f32;
use crate::atom::acc::{AccAsA, AccRows};
use crate::atom::element::{Numeric, PackF32};
use crate::atom::exec::{warpgroup_arrive, warpgroup_commit_batch};
use crate::atom::exec::{warpgroup_wait, MmaExec, MmaRegisters};
use crate::atom::gmma::{GmmaDescriptor, MN};
use crate::atom::mma::MmaAtom;
use crate::atom::pipeline::PipelineState;
use crate::atom::thr_mma::ThrMma;
use crate::atom::tiled_mma::TiledMma;
use crate::atom::tma::TmaElement;
use crate::diagnostic::Checked;
use crate::kernel::epilogue::Accumulators;
use crate::kernel::mainloop::{RsStages, SsStages};
use crate::kernel::order::IssueOrder;
use crate::kernel::softmax::{OnlineSoftmax, PerRow};
use crate::layout::StaticLayout;
use crate::tensor::{Fragment, FragmentLayout, Walk};
use core::ops::Div;
use generic_array::{ArrayLength, GenericArray};
use typenum::{Quot, U2};

/// The lanes' exchange: a butterfly shuffle.
#[inline(always)]
fn shfl(x: f32, mask: u32) -> f32 {
    // SAFETY: every lane of each consumer warp runs the softmax together.
    unsafe { shfl_xor_f32(x, mask) }
}

/// A consumer thread's view of the kernel: the pipelines it reads, its partitions of Q, K's
/// and V's stages, where its block works, its warpgroup.
pub(super) struct Consumer<'a, K: AttentionKernel, const STAGES: u32>
where
    K::Smma: TiledMma,
    K::Pv: TiledMma,
    K::StagesQK: SsStages<K::Smma, K::In>,
    K::StagesV: RsStages<K::Pv, K::In, MN>,
{
    kpipe: &'a Pipe<K::In, K::TileK, STAGES>,
    vpipe: &'a Pipe<K::In, K::TileV, STAGES>,
    thr_s: ThrMma<K::Smma>,
    thr_pv: ThrMma<K::Pv>,
    qk: <K::StagesQK as SsStages<K::Smma, K::In>>::Parts,
    v: <K::StagesV as RsStages<K::Pv, K::In, MN>>::Parts,
    at: &'a Place,
    group: u32,
}

impl<'a, K: AttentionKernel, const STAGES: u32> Consumer<'a, K, STAGES>
where
    K::In: TmaElement + Numeric + PackF32,
    K::Smma: TiledMma,
    K::Pv: TiledMma,
    <K::Smma as TiledMma>::Atom: MmaAtom<ValTypeC = f32>
        + MmaExec
        + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
    <K::Pv as TiledMma>::Atom:
        MmaAtom<ValTypeC = f32> + MmaExec + MmaRegisters<ElemA = K::In, ElemB = GmmaDescriptor>,
    K::TileQ: StaticLayout,
    K::TileK: StaticLayout,
    K::TileV: StaticLayout,
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
    /// A consumer thread (of both warpgroups): each block's scores, softmax and `P V`, then the
    /// output and the LSE.
    #[inline(always)]
    pub(super) unsafe fn run(
        (qpipe, kpipe, vpipe): (
            &Pipe<K::In, K::TileQ, 1>,
            &'a Pipe<K::In, K::TileK, STAGES>,
            &'a Pipe<K::In, K::TileV, STAGES>,
        ),
        (sq, sk, sv): (u32, u32, u32),
        at: &'a Place,
        (thread, group): (usize, u32),
        args: &AttentionArgs,
    ) {
        let (thr_s, thr_pv) = (K::Smma::get_slice(thread), K::Pv::get_slice(thread));
        let me = Consumer::<K, STAGES> {
            kpipe,
            vpipe,
            qk: K::StagesQK::partition(&thr_s, (sq, sk)),
            v: K::StagesV::partition(&thr_pv, sv),
            thr_s,
            thr_pv,
            at,
            group,
        };
        let mut o = OFrag::<K>::default();
        let mut soft = OnlineSoftmax::<K::Smma, K::Scores>::new(args.scale_log2);
        let blocks = at.mask.key_blocks(at.row0, K::BM, K::BN);
        if blocks > 0 {
            qpipe.consumer_wait(&PipelineState::<1>::new());
            if K::OVERLAP {
                me.overlapped(blocks, &mut soft, &mut o);
            } else {
                me.sequential(blocks, &mut soft, &mut o);
            }
        }
        let (inv, lse) = soft.finish(shfl);
        store::<K>(&me.thr_pv, &o, (&inv, &lse), at, thread, args);
    }

    /// Each block in turn: its scores, waited for; softmax; `P V`, waited for.
    #[inline(always)]
    unsafe fn sequential(&self, blocks: usize, soft: &mut Soft<K>, o: &mut OFrag<K>) {
        let mut read = PipelineState::<STAGES>::new();
        for n in (0..blocks).rev() {
            K::Order::wait(self.group);
            let mut s = self.scores(&read);
            K::Order::pass(self.group);
            self.scores_done::<0>(&read, &mut s);
            let p = self.softmax(n, &mut s, soft, o);
            self.pv(&p, &read, o);
            self.pv_done(&read, o);
            read.advance();
        }
    }

    /// FlashAttention-3's intra-warpgroup overlap: block `n`'s scores are issued with the
    /// previous block's `P V`, and its softmax runs while `P V` does.
    #[inline(always)]
    unsafe fn overlapped(&self, blocks: usize, soft: &mut Soft<K>, o: &mut OFrag<K>) {
        let mut read = PipelineState::<STAGES>::new();
        K::Order::wait(self.group);
        let mut s = self.scores(&read);
        K::Order::pass(self.group);
        self.scores_done::<0>(&read, &mut s);
        let mut p = self.softmax(blocks - 1, &mut s, soft, o);
        for n in (0..blocks - 1).rev() {
            let mut next = read;
            next.advance();
            K::Order::wait(self.group);
            let mut s = self.scores(&next);
            self.pv(&p, &read, o);
            K::Order::pass(self.group);
            // The scores are done (one batch, `P V`, still in flight).
            self.scores_done::<1>(&next, &mut s);
            let rescale = self.mask_and_step(n, &mut s, soft);
            self.pv_done(&read, o);
            rescale_rows::<K>(o, &rescale);
            p = operand::<K>(&s);
            read = next;
        }
        self.pv(&p, &read, o);
        self.pv_done(&read, o);
    }

    /// Issues `S = Q K^T` of the stage `read` once it is full: its accumulators (not yet
    /// written).
    #[inline(always)]
    unsafe fn scores(&self, read: &PipelineState<STAGES>) -> SFrag<K> {
        self.kpipe.consumer_wait(read);
        let mut s = SFrag::<K>::default();
        fence::<K::Smma, K::Scores>(&mut s);
        warpgroup_arrive();
        K::StagesQK::mma(&self.thr_s, &self.qk, (0, read.index() as usize), &mut s);
        warpgroup_commit_batch();
        s
    }

    /// Waits until at most `LEFT` batches are in flight (the scores' done), and gives K's
    /// stage back.
    #[inline(always)]
    unsafe fn scores_done<const LEFT: u32>(&self, read: &PipelineState<STAGES>, s: &mut SFrag<K>) {
        warpgroup_wait::<LEFT>();
        fence::<K::Smma, K::Scores>(s);
        self.kpipe.consumer_release(read);
    }

    /// Issues `O += P V` of the stage `read` once it is full.
    #[inline(always)]
    unsafe fn pv(&self, p: &Packed<K>, read: &PipelineState<STAGES>, o: &mut OFrag<K>) {
        self.vpipe.consumer_wait(read);
        fence::<K::Pv, K::Out>(o);
        let a = unpacked::<K>(p);
        warpgroup_arrive();
        K::StagesV::mma(&self.thr_pv, &self.v, &a, read.index() as usize, o);
        warpgroup_commit_batch();
    }

    /// Waits for `P V`, and gives V's stage back.
    #[inline(always)]
    unsafe fn pv_done(&self, read: &PipelineState<STAGES>, o: &mut OFrag<K>) {
        warpgroup_wait::<0>();
        fence::<K::Pv, K::Out>(o);
        self.vpipe.consumer_release(read);
    }

    /// Block `n`'s scores masked where it is partial, and its softmax step: the factors the
    /// output's rows are rescaled by.
    #[inline(always)]
    fn mask_and_step(
        &self,
        n: usize,
        s: &mut SFrag<K>,
        soft: &mut Soft<K>,
    ) -> PerRow<K::Smma, K::Scores> {
        if self.at.mask.partial(self.at.row0, n, K::BN) {
            let origin = (self.at.row0, n * K::BN);
            self.at
                .mask
                .apply::<K::Smma, K::Scores>(&self.thr_s, s, origin);
        }
        soft.step(s, shfl)
    }

    /// Block `n`'s softmax with the output rescaled at once (nothing in flight): `P`.
    #[inline(always)]
    fn softmax(
        &self,
        n: usize,
        s: &mut SFrag<K>,
        soft: &mut Soft<K>,
        o: &mut OFrag<K>,
    ) -> Packed<K> {
        let rescale = self.mask_and_step(n, s, soft);
        rescale_rows::<K>(o, &rescale);
        operand::<K>(s)
    }
}
