//! FlashAttention's forward pass on Hopper, built as FlashAttention-3 builds it, as a generic
//! function of its configuration: `O = softmax(scale Q K^T [+ causal mask]) V` and the
//! log-sum-exp of each row. Q, K, V and O are `(batch, seqlen, heads, head_dim)`, the head dim
//! contiguous (torch's and FlashAttention's layout); K and V have `kv_heads` heads, each shared
//! by `heads / kv_heads` query heads (grouped-query attention); the LSE is `(batch, heads,
//! seqlen_q)` f32.
//!
//! A block takes `BM` query rows of one head (the grid `(ceil(seqlen_q / BM), heads x batch)`):
//! - the producer warp ([`Role::Producer`](super::role::Role)) loads Q's tile once, then each
//!   block of `BN` keys, last to first (the causal diagonal's partial blocks first, as
//!   FlashAttention orders them): K's tile into the K pipeline's stages and V's, N-major as
//!   `P V`'s B operand reads it, into the V pipeline's; TMA fills rows past a sequence's end
//!   with zeros;
//! - two consumer warpgroups, 64 rows each (a TiledMma of two wgmma atoms along M): for each
//!   block, `S = Q K^T` (SS wgmmas, [`SsStages`](super::mainloop::SsStages)), issued in turns
//!   ([`IssueOrder`]: one warpgroup's softmax under the other's wgmmas), the mask on a partial
//!   block ([`Mask`](super::mask::Mask)), the online softmax
//!   ([`OnlineSoftmax`](super::softmax::OnlineSoftmax)), `P` converted in registers and read as
//!   the A operand of RS wgmmas ([`AccAsA`](crate::atom::acc::AccAsA)), `O += P V`
//!   ([`RsStages`](super::mainloop::RsStages)); then `O / l` and the LSE stored where they lie
//!   inside the output.
//!
//! Post-conditions: each block of keys is loaded and consumed once, in one order by both roles;
//! every stage the producer fills is released by all consumers; a row without keys stores
//! `O = 0` and `LSE = -inf`.
//!
//! ```
//! use tessel::kernel::attention::AttentionArgs;
//! // The host and the device read the same layout of the arguments.
//! assert_eq!(core::mem::size_of::<AttentionArgs>(), 48);
//! ```

use crate::kernel::order::IssueOrder;
use crate::kernel::role::Schedule;
use crate::kernel::storage::Carve;

/// The kernel's arguments after its descriptors.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttentionArgs {
    /// The queries of a sequence.
    pub seqlen_q: u32,
    /// The keys of a sequence.
    pub seqlen_k: u32,
    /// The query heads.
    pub heads: u32,
    /// The key and value heads (dividing `heads`).
    pub kv_heads: u32,
    /// The sequences.
    pub batch: u32,
    /// 1: row `i` sees keys up to `i + seqlen_k - seqlen_q`.
    pub causal: u32,
    /// The softmax's scale times `log2(e)`.
    pub scale_log2: f32,
    /// Unused: the pointers' alignment.
    pub pad: u32,
    /// O's first element.
    pub o: u64,
    /// The LSE's first element.
    pub lse: u64,
}

/// An attention kernel's configuration: its parts as types, and the constants a launch reads.
pub trait AttentionKernel {
    /// The element of Q, K, V and O.
    type In;
    /// `S = Q K^T`: SS wgmmas over the `(BM, BN)` scores, K the head dim.
    type Smma;
    /// `O += P V`: RS wgmmas over the `(BM, D)` output, K the block's keys, B N-major.
    type Pv;
    /// Q's TMA tile, `(BM, D)`.
    type TileQ;
    /// K's TMA tile, `(BN, D)`.
    type TileK;
    /// V's TMA tile, `(D, BN)`, N-major.
    type TileV;
    /// Q's tile as a stage-moded layout of one stage, `(BM, D, 1)`, and K's stages,
    /// `(BN, D, STAGES)`.
    type StagesQK;
    /// V's stages, `(D, BN, STAGES)`.
    type StagesV;
    /// The scores' tile shape, `(BM, BN)`.
    type Scores;
    /// The output's tile shape, `(BM, D)`.
    type Out;
    /// The roles and their register budgets.
    type Schedule: Schedule;
    /// The order in which the consumer warpgroups issue `Q K^T`.
    type Order: IssueOrder;
    /// Q, K's stages, V's stages, Q's barriers (full, empty), K's full and empty barriers,
    /// V's.
    type Storage: Carve<8>;
    /// The query rows a block.
    const BM: usize;
    /// The keys a block of keys.
    const BN: usize;
    /// The head dim.
    const D: usize;
    /// The K and V pipelines' stages.
    const STAGES: u32;
    /// Whether a block's scores are issued with the previous block's `P V` and its softmax run
    /// under it (FlashAttention-3's intra-warpgroup overlap), rather than each block in turn.
    const OVERLAP: bool;
    /// The block's threads.
    const THREADS: usize = <Self::Schedule as Schedule>::THREADS;
    /// The dynamic shared memory a launch gives.
    const SHARED_BYTES: u32 = <Self::Storage as Carve<8>>::DYNAMIC_BYTES;
}

#[cfg(target_arch = "nvptx64")]
pub use device::attention;

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{AttentionArgs, AttentionKernel};
    use crate::arch::sm90::warpgroup_fence_register;
    use crate::arch::sm90::{elect_one_sync, setmaxnreg, warp_idx_sync};
    use crate::arch::{block, shfl_xor_f32, sync_threads, thread};
    use crate::atom::acc::{AccAsA, AccAsALayout, AccRows};
    use crate::atom::element::{unpack_halves, Numeric, PackF32};
    use crate::atom::exec::{warpgroup_arrive, warpgroup_commit_batch, warpgroup_fence_operand};
    use crate::atom::exec::{warpgroup_wait, MmaExec, MmaRegisters};
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
    type Pipe<T, S, const STAGES: u32> = PipelineTmaAsync<STAGES, S, T>;
    /// The scores' accumulators.
    type SFrag<K> =
        <<K as AttentionKernel>::Scores as Accumulators<<K as AttentionKernel>::Smma>>::Frag;
    /// The output's accumulators.
    type OFrag<K> = <<K as AttentionKernel>::Out as Accumulators<<K as AttentionKernel>::Pv>>::Frag;
    /// `P`, the scores' accumulators read as `P V`'s A operand.
    type PLayout<K> = AccAsALayout<
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
                K::Smma::THREADS == K::Schedule::CONSUMER_THREADS
                    && K::Pv::THREADS == K::Smma::THREADS,
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
    struct Place {
        row0: usize,
        head: usize,
        kv_head: usize,
        batch: usize,
        mask: Mask,
    }

    impl Place {
        #[inline(always)]
        fn new(args: &AttentionArgs, row0: usize, hb: usize) -> Self {
            // Divisors that are never 0 (the host checks them): divisions without a panic path.
            let nonzero = |x: u32| NonZeroUsize::new(x as usize).unwrap_or(NonZeroUsize::MIN);
            let heads = nonzero(args.heads);
            let group =
                nonzero(args.heads / NonZeroU32::new(args.kv_heads).unwrap_or(NonZeroU32::MIN));
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

    /// A consumer thread (of both warpgroups): each block's scores, softmax and `P V`, then the
    /// output and the LSE.
    #[inline(always)]
    unsafe fn consume<K: AttentionKernel, const STAGES: u32>(
        (qpipe, kpipe, vpipe): (
            &Pipe<K::In, K::TileQ, 1>,
            &Pipe<K::In, K::TileK, STAGES>,
            &Pipe<K::In, K::TileV, STAGES>,
        ),
        (sq, sk, sv): (u32, u32, u32),
        at: &Place,
        (thread, group): (usize, u32),
        args: &AttentionArgs,
    ) where
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

    /// The lanes' exchange: a butterfly shuffle.
    #[inline(always)]
    fn shfl(x: f32, mask: u32) -> f32 {
        // SAFETY: every lane of each consumer warp runs the softmax together.
        unsafe { shfl_xor_f32(x, mask) }
    }

    /// A consumer thread's view of the kernel: the pipelines it reads, its partitions of Q, K's
    /// and V's stages, where its block works, its warpgroup.
    struct Consumer<'a, K: AttentionKernel, const STAGES: u32>
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

    impl<K: AttentionKernel, const STAGES: u32> Consumer<'_, K, STAGES>
    where
        K::In: TmaElement + Numeric + PackF32,
        K::Smma: TiledMma,
        K::Pv: TiledMma,
        <K::Smma as TiledMma>::Atom: MmaAtom<ValTypeC = f32>
            + MmaExec
            + MmaRegisters<ElemA = GmmaDescriptor, ElemB = GmmaDescriptor>,
        <K::Pv as TiledMma>::Atom:
            MmaAtom<ValTypeC = f32> + MmaExec + MmaRegisters<ElemA = K::In, ElemB = GmmaDescriptor>,
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
        unsafe fn scores_done<const LEFT: u32>(
            &self,
            read: &PipelineState<STAGES>,
            s: &mut SFrag<K>,
        ) {
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

    /// `P`'s registers, two elements each.
    type Packed<K> = GenericArray<u32, Quot<<PLayout<K> as FragmentLayout>::Len, U2>>;

    /// The softmax of a configuration's scores.
    type Soft<K> = OnlineSoftmax<<K as AttentionKernel>::Smma, <K as AttentionKernel>::Scores>;

    /// Each row `r` of the output times `rescale[r]`.
    #[inline(always)]
    fn rescale_rows<K: AttentionKernel>(o: &mut OFrag<K>, rescale: &PerRow<K::Smma, K::Scores>)
    where
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
    fn operand<K: AttentionKernel>(s: &SFrag<K>) -> Packed<K>
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
    fn unpacked<K: AttentionKernel>(p: &Packed<K>) -> Fragment<K::In, PLayout<K>>
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
    fn fence<Tm: TiledMma, S: Accumulators<Tm>>(acc: &mut S::Frag) {
        S::Vals::default().each(|i| acc[i] = warpgroup_fence_operand(acc[i]));
    }

    /// `O / l` where it lies inside the output, and each row's LSE by the first lane of the lanes
    /// that hold the row.
    #[inline(always)]
    unsafe fn store<K: AttentionKernel>(
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
                + <K::Out as Accumulators<K::Pv>>::coord(
                    thr,
                    <K::Out as AccRows<K::Pv>>::index(r, 0),
                )
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
}

/// An attention kernel's entry, one line: `attention_kernel!(NAME: Config, smem)`, where `smem`
/// is the crate's dynamic shared array (`tessel::shared_array!(smem)`).
#[macro_export]
macro_rules! attention_kernel {
    ($(#[$doc:meta])* $name:ident: $K:ty, $smem:ident) => {
        $crate::launch_bounds!(
            $name,
            <$K as $crate::kernel::attention::AttentionKernel>::THREADS,
            1,
            cluster = (1, 1, 1)
        );
        $(#[$doc])*
        ///
        /// # Safety
        /// Launched as its configuration's constants say, with its descriptors and arguments.
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(
            _q: $crate::atom::tma::TensorMap<<$K as $crate::kernel::attention::AttentionKernel>::In, <$K as $crate::kernel::attention::AttentionKernel>::TileQ>,
            _k: $crate::atom::tma::TensorMap<<$K as $crate::kernel::attention::AttentionKernel>::In, <$K as $crate::kernel::attention::AttentionKernel>::TileK>,
            _v: $crate::atom::tma::TensorMap<<$K as $crate::kernel::attention::AttentionKernel>::In, <$K as $crate::kernel::attention::AttentionKernel>::TileV>,
            args: $crate::kernel::attention::AttentionArgs,
        ) {
            use $crate::atom::tma::TensorMap;
            $crate::kernel::attention::attention::<$K, { <$K as $crate::kernel::attention::AttentionKernel>::STAGES }>(
                TensorMap::from_param($crate::grid_constant!($name, 0)),
                TensorMap::from_param($crate::grid_constant!($name, 1)),
                TensorMap::from_param($crate::grid_constant!($name, 2)),
                &args,
                $smem(),
            )
        }
    };
}
