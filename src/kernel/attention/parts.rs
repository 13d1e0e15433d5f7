//! What the attention kernel's roles share: the fragments' types, where a block works, `P`'s
//! registers, the output's rescale and store.

use super::{AttentionArgs, AttentionKernel};
use crate::arch::sm90::warpgroup_fence_register;
use crate::atom::acc::{AccAsA, AccAsALayout, AccRows};
use crate::atom::element::{unpack_halves, Numeric, PackF32};
use crate::atom::exec::warpgroup_fence_operand;
use crate::atom::pipeline::PipelineTmaAsync;
use crate::atom::thr_mma::ThrMma;
use crate::atom::tiled_mma::TiledMma;
use crate::diagnostic::Checked;
use crate::kernel::epilogue::Accumulators;
use crate::kernel::mask::Mask;
use crate::kernel::role::WARP;
use crate::kernel::softmax::{OnlineSoftmax, PerRow};
use crate::num::count::Count;
use crate::tensor::{Fragment, FragmentLayout};
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
    pub(super) fn new(args: &AttentionArgs, row0: usize, hb: usize) -> Self {
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
    K::In: Numeric + PackF32,
    K::Pv: TiledMma,
    K::Out: Accumulators<K::Pv> + AccRows<K::Pv>,
{
    const {
        assert!(
            <K::Out as AccRows<K::Pv>>::COLS % 2 == 0,
            "a row's values in pairs"
        )
    };
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
        // The row's values in pairs: where a pair is two neighbouring columns, the even first
        // (the wgmma C layout's first leaf; LLVM folds the test), one 32-bit store.
        for c in (0..<K::Out as AccRows<K::Pv>>::COLS).step_by(2) {
            let (i, j) = (
                <K::Out as AccRows<K::Pv>>::index(r, c),
                <K::Out as AccRows<K::Pv>>::index(r, c + 1),
            );
            let (ci, cj) = (
                <K::Out as Accumulators<K::Pv>>::coord(thr, i).1,
                <K::Out as Accumulators<K::Pv>>::coord(thr, j).1,
            );
            if cj == ci + 1 && ci % 2 == 0 {
                let pair = K::In::pack_f32(o[i] * inv[r], o[j] * inv[r]);
                *(out.add(base + ci) as *mut u32) = pair;
            } else {
                *out.add(base + ci) = K::In::from_f32(o[i] * inv[r]);
                *out.add(base + cj) = K::In::from_f32(o[j] * inv[r]);
            }
        }
        if first_lane {
            *(args.lse as *mut f32).add((at.batch * heads + at.head) * seqlen_q + row) = lse[r];
        }
    }
}
