//! Hopper's warpgroup MMA (`wgmma.mma_async`, CuTe's `SM90_64xNx16_F32F16F16_SS`, its bf16
//! twins, their `_RS` forms (A from registers) and the e4m3 `SM90_64xNx32_F32E4M3E4M3_SS_TN`)
//! and the fences around it. Assembled for
//! `sm_90a` only.
//!
//! A wgmma is issued by the 128 threads of a warpgroup together, reads A and B from shared
//! memory through their descriptors ([`crate::atom::gmma`]) and accumulates into registers
//! asynchronously: `wgmma_fence` orders the registers' earlier writes before it,
//! `wgmma_commit_group` closes a batch and `wgmma_wait_group::<N>` waits until at most N batches
//! are in flight, after which the accumulators may be read.

use core::arch::asm;

/// `wgmma.fence.sync.aligned`: the accumulators' and shared memory's earlier accesses complete
/// before the next wgmma reads them.
///
/// # Safety
/// All 128 threads of the warpgroup execute it together.
#[inline(always)]
pub unsafe fn wgmma_fence() {
    asm!("wgmma.fence.sync.aligned;");
}

/// `wgmma.commit_group.sync.aligned`: the wgmmas issued since the last commit form a group.
///
/// # Safety
/// All 128 threads of the warpgroup execute it together.
#[inline(always)]
pub unsafe fn wgmma_commit_group() {
    asm!("wgmma.commit_group.sync.aligned;");
}

/// `wgmma.wait_group.sync.aligned N`: waits until at most `N` groups are pending (0, 1, 2 or 3).
///
/// # Safety
/// All 128 threads of the warpgroup execute it together.
#[inline(always)]
pub unsafe fn wgmma_wait_group<const N: u32>() {
    match N {
        0 => asm!("wgmma.wait_group.sync.aligned 0;"),
        1 => asm!("wgmma.wait_group.sync.aligned 1;"),
        2 => asm!("wgmma.wait_group.sync.aligned 2;"),
        _ => asm!("wgmma.wait_group.sync.aligned 3;"),
    }
}

/// `fence.proxy.async.shared::cta`: the block's generic-proxy writes to shared memory (`st.shared`)
/// become visible to the async proxy (wgmma, TMA) that reads it next.
///
/// # Safety
/// None beyond the instruction's: it orders, it does not synchronise threads.
#[inline(always)]
pub unsafe fn fence_proxy_async_shared() {
    asm!("fence.proxy.async.shared::cta;");
}

/// `$trans`: the transpose immediates after the scales (", 0, 0": both K-major); 8-bit types
/// have none (K-major only).
macro_rules! wgmma_ss {
    ($($name:ident, $shape:literal, $ty:literal, $trans:literal, $regs:literal,
       [$first:literal $($i:literal)*], $a:literal, $b:literal, $s:literal;)+) => {$(
        #[doc = concat!("`wgmma.mma_async.sync.aligned.", $shape, ".f32.", $ty, ".", $ty, "`, A and B K-major in shared memory: ")]
        #[doc = "`d = a * b + d` (`d = a * b` when `accumulate` is false) on the warpgroup's"]
        #[doc = "accumulators, the thread's registers in the order of the atom's C layout, as the"]
        #[doc = "bits of their f32 values (an f32 operand would be moved into the integer register"]
        #[doc = "`asm!` takes, and ptxas serialises wgmmas whose registers are moved)."]
        ///
        /// # Safety
        /// All 128 threads of the warpgroup issue it together with the same descriptors, each
        /// describing a canonical GMMA tile of shared memory the block wrote before a
        /// `fence_proxy_async_shared`; `d` is not read before a `wgmma_wait_group` covers it.
        #[inline(always)]
        pub unsafe fn $name(d: &mut [u32; $regs], a: u64, b: u64, accumulate: bool) {
            asm!(
                concat!(
                    "{{ .reg .pred p; setp.ne.b32 p, {", $s, "}, 0; wgmma.mma_async.sync.aligned.",
                    $shape, ".f32.", $ty, ".", $ty, " {{{", $first, "}", $(", {", $i, "}",)* "}}, {",
                    $a, "}, {", $b, "}, p, 1, 1", $trans, "; }}"
                ),
                inout(reg32) d[$first], $(inout(reg32) d[$i],)*
                in(reg64) a, in(reg64) b, in(reg32) accumulate as u32,
            );
        }
    )+};
}
wgmma_ss! {
    wgmma_m64n8k16_f32_f16, "m64n8k16", "f16", ", 0, 0", 4, [0 1 2 3], 4, 5, 6;
    wgmma_m64n16k16_f32_f16, "m64n16k16", "f16", ", 0, 0", 8, [0 1 2 3 4 5 6 7], 8, 9, 10;
    wgmma_m64n32k16_f32_f16, "m64n32k16", "f16", ", 0, 0", 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], 16, 17, 18;
    wgmma_m64n64k16_f32_f16, "m64n64k16", "f16", ", 0, 0", 32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31], 32, 33, 34;
    wgmma_m64n128k16_f32_f16, "m64n128k16", "f16", ", 0, 0", 64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63], 64, 65, 66;
    wgmma_m64n256k16_f32_f16, "m64n256k16", "f16", ", 0, 0", 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127], 128, 129, 130;
    wgmma_m64n8k16_f32_bf16, "m64n8k16", "bf16", ", 0, 0", 4, [0 1 2 3], 4, 5, 6;
    wgmma_m64n16k16_f32_bf16, "m64n16k16", "bf16", ", 0, 0", 8, [0 1 2 3 4 5 6 7], 8, 9, 10;
    wgmma_m64n32k16_f32_bf16, "m64n32k16", "bf16", ", 0, 0", 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], 16, 17, 18;
    wgmma_m64n64k16_f32_bf16, "m64n64k16", "bf16", ", 0, 0", 32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31], 32, 33, 34;
    wgmma_m64n128k16_f32_bf16, "m64n128k16", "bf16", ", 0, 0", 64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63], 64, 65, 66;
    wgmma_m64n256k16_f32_bf16, "m64n256k16", "bf16", ", 0, 0", 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127], 128, 129, 130;
    wgmma_m64n8k32_f32_e4m3, "m64n8k32", "e4m3", "", 4, [0 1 2 3], 4, 5, 6;
    wgmma_m64n16k32_f32_e4m3, "m64n16k32", "e4m3", "", 8, [0 1 2 3 4 5 6 7], 8, 9, 10;
    wgmma_m64n32k32_f32_e4m3, "m64n32k32", "e4m3", "", 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], 16, 17, 18;
    wgmma_m64n64k32_f32_e4m3, "m64n64k32", "e4m3", "", 32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31], 32, 33, 34;
    wgmma_m64n128k32_f32_e4m3, "m64n128k32", "e4m3", "", 64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63], 64, 65, 66;
    wgmma_m64n256k32_f32_e4m3, "m64n256k32", "e4m3", "", 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127], 128, 129, 130;
}

macro_rules! wgmma_rs {
    ($($name:ident, $shape:literal, $ty:literal, $regs:literal, [$first:literal $($i:literal)*],
       [$a0:literal $a1:literal $a2:literal $a3:literal], $b:literal, $s:literal;)+) => {$(
        #[doc = concat!("`wgmma.mma_async.sync.aligned.", $shape, ".f32.", $ty, ".", $ty, "`, A from registers, B K-major in shared memory: ")]
        #[doc = "`d = a * b + d` (`d = a * b` when `accumulate` is false); `a` the thread's four"]
        #[doc = "registers of A, two values each in the order of the atom's A layout, `d` as the"]
        #[doc = "SS form's."]
        ///
        /// # Safety
        /// As the SS form's, for B; `a` is not written before a `wgmma_wait_group` covers it.
        #[inline(always)]
        pub unsafe fn $name(d: &mut [u32; $regs], a: [u32; 4], b: u64, accumulate: bool) {
            asm!(
                concat!(
                    "{{ .reg .pred p; setp.ne.b32 p, {", $s, "}, 0; wgmma.mma_async.sync.aligned.",
                    $shape, ".f32.", $ty, ".", $ty, " {{{", $first, "}", $(", {", $i, "}",)* "}}, {{{",
                    $a0, "}, {", $a1, "}, {", $a2, "}, {", $a3, "}}}, {", $b, "}, p, 1, 1, 0; }}"
                ),
                inout(reg32) d[$first], $(inout(reg32) d[$i],)*
                in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
                in(reg64) b, in(reg32) accumulate as u32,
            );
        }
    )+};
}
wgmma_rs! {
    wgmma_m64n8k16_f32_f16_rs, "m64n8k16", "f16", 4, [0 1 2 3], [4 5 6 7], 8, 9;
    wgmma_m64n16k16_f32_f16_rs, "m64n16k16", "f16", 8, [0 1 2 3 4 5 6 7], [8 9 10 11], 12, 13;
    wgmma_m64n32k16_f32_f16_rs, "m64n32k16", "f16", 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], [16 17 18 19], 20, 21;
    wgmma_m64n64k16_f32_f16_rs, "m64n64k16", "f16", 32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31], [32 33 34 35], 36, 37;
    wgmma_m64n128k16_f32_f16_rs, "m64n128k16", "f16", 64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63], [64 65 66 67], 68, 69;
    wgmma_m64n256k16_f32_f16_rs, "m64n256k16", "f16", 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127], [128 129 130 131], 132, 133;
    wgmma_m64n8k16_f32_bf16_rs, "m64n8k16", "bf16", 4, [0 1 2 3], [4 5 6 7], 8, 9;
    wgmma_m64n16k16_f32_bf16_rs, "m64n16k16", "bf16", 8, [0 1 2 3 4 5 6 7], [8 9 10 11], 12, 13;
    wgmma_m64n32k16_f32_bf16_rs, "m64n32k16", "bf16", 16, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], [16 17 18 19], 20, 21;
    wgmma_m64n64k16_f32_bf16_rs, "m64n64k16", "bf16", 32, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31], [32 33 34 35], 36, 37;
    wgmma_m64n128k16_f32_bf16_rs, "m64n128k16", "bf16", 64, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63], [64 65 66 67], 68, 69;
    wgmma_m64n256k16_f32_bf16_rs, "m64n256k16", "bf16", 128, [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127], [128 129 130 131], 132, 133;
}

/// `mbarrier.init.shared::cta.b64` where `pred` holds: the barrier at `bar` expects `count`
/// arrivals a phase. Predicated, as `mbarrier_arrive_expect_tx` is, so that a warp runs it with
/// one lane initialising: a lane-dependent branch before the block's `bar.sync` can end with the
/// warp's lanes at two copies of that barrier, which LLVM may duplicate into both paths, and
/// `bar.sync` (`.aligned`) then hangs.
///
/// # Safety
/// `bar` is an 8-byte-aligned shared address no thread uses before a barrier of the block (or
/// `fence_barrier_init`) follows the init.
#[inline(always)]
pub unsafe fn mbarrier_init(bar: u32, count: u32, pred: bool) {
    asm!(
        "{{ .reg .pred p; setp.ne.b32 p, {e}, 0; @p mbarrier.init.shared::cta.b64 [{b}], {c}; }}",
        b = in(reg32) bar, c = in(reg32) count, e = in(reg32) pred as u32,
    );
}

/// `%cluster_ctarank`: the block's rank in its cluster.
#[inline(always)]
pub fn cluster_ctarank() -> u32 {
    let r: u32;
    // SAFETY: reads a special register.
    unsafe { asm!("mov.u32 {r}, %cluster_ctarank;", r = out(reg32) r) };
    r
}

/// `%clusterid.x`, `%nclusterid.x`: the cluster's index in the grid and the grid's clusters.
#[inline(always)]
pub fn cluster_id() -> (u32, u32) {
    let (i, n): (u32, u32);
    // SAFETY: reads special registers.
    unsafe {
        asm!("mov.u32 {i}, %clusterid.x; mov.u32 {n}, %nclusterid.x;", i = out(reg32) i, n = out(reg32) n)
    };
    (i, n)
}

/// `barrier.cluster.arrive.aligned` then `barrier.cluster.wait.aligned`: every thread of the
/// cluster that has not exited reaches it (release, then acquire: the cluster's shared memory
/// and barriers written before it are seen after it).
///
/// # Safety
/// Every non-exited thread of the cluster calls it, whole warps, none in divergent code.
#[inline(always)]
pub unsafe fn cluster_sync() {
    asm!("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;");
}

/// `mapa.shared::cluster.u32`: the address of shared address `addr` in block `rank` of the
/// cluster (a `shared::cluster` address).
#[inline(always)]
pub fn mapa_shared(addr: u32, rank: u32) -> u32 {
    let r: u32;
    // SAFETY: an address computation only.
    unsafe {
        asm!("mapa.shared::cluster.u32 {r}, {a}, {k};", r = out(reg32) r, a = in(reg32) addr, k = in(reg32) rank)
    };
    r
}

/// `mbarrier.arrive.shared::cluster.b64` where `pred` holds: one arrival on the barrier at
/// `shared::cluster` address `bar` (from [`mapa_shared`]), possibly another block's (the
/// default semantics, release at the block's scope, as CUTLASS's `ClusterBarrier` arrives).
///
/// # Safety
/// `bar` is an initialised barrier of a block of the cluster that has not exited.
#[inline(always)]
pub unsafe fn mbarrier_arrive_cluster(bar: u32, pred: bool) {
    asm!(
        "{{ .reg .pred p; setp.ne.b32 p, {e}, 0; @p mbarrier.arrive.shared::cluster.b64 _, [{b}]; }}",
        b = in(reg32) bar, e = in(reg32) pred as u32,
    );
}

/// `fence.mbarrier_init.release.cluster`: the barriers' inits are visible to the async proxy and
/// the cluster.
///
/// # Safety
/// None beyond the instruction's.
#[inline(always)]
pub unsafe fn fence_barrier_init() {
    asm!("fence.mbarrier_init.release.cluster;");
}

/// `mbarrier.arrive.shared::cta.b64`: one arrival.
///
/// # Safety
/// `bar` is an initialised barrier.
#[inline(always)]
pub unsafe fn mbarrier_arrive(bar: u32) {
    asm!("mbarrier.arrive.shared::cta.b64 _, [{b}];", b = in(reg32) bar);
}

/// `mbarrier.arrive.expect_tx.shared::cta.b64` where `pred` holds: one arrival, and `bytes` more
/// of asynchronous copies the phase waits for. The predicate lets a warp run it together with
/// one lane arriving (`elect_one_sync()`), a branch-free path that keeps ptxas from serialising
/// the wgmmas after it (C7520); a lone thread passes `true`.
///
/// # Safety
/// `bar` is an initialised barrier; copies completing `bytes` bytes on it follow.
#[inline(always)]
pub unsafe fn mbarrier_arrive_expect_tx(bar: u32, bytes: u32, pred: bool) {
    asm!(
        "{{ .reg .pred p; setp.ne.b32 p, {e}, 0; @p mbarrier.arrive.expect_tx.shared::cta.b64 _, [{b}], {n}; }}",
        b = in(reg32) bar, n = in(reg32) bytes, e = in(reg32) pred as u32,
    );
}

/// `mbarrier.try_wait.parity.shared::cta.b64`: whether the phase of parity `phase` completed
/// (waiting a while in hardware first).
///
/// # Safety
/// `bar` is an initialised barrier.
#[inline(always)]
pub unsafe fn mbarrier_try_wait_parity(bar: u32, phase: u32) -> bool {
    let done: u32;
    asm!(
        "{{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [{b}], {ph}; selp.u32 {d}, 1, 0, p; }}",
        b = in(reg32) bar, ph = in(reg32) phase, d = out(reg32) done,
    );
    done != 0
}

/// Waits until the phase of parity `phase` of the barrier at `bar` completed: `try_wait.parity`
/// in a loop inside one asm block (CUTLASS's `ClusterBarrier::wait`), so that ptxas sees no
/// per-thread branch before the wgmmas that follow (a loop in Rust would cost them a warpgroup
/// arrive each, ptxas C7520).
///
/// # Safety
/// `bar` is an initialised barrier.
#[inline(always)]
// PTX has no numeric labels; the braces scope this one to each inlined copy.
#[allow(named_asm_labels)]
pub unsafe fn mbarrier_wait_parity(bar: u32, phase: u32) {
    asm!(
        "{{ .reg .pred p; WAIT: mbarrier.try_wait.parity.shared::cta.b64 p, [{b}], {ph}; @!p bra WAIT; }}",
        b = in(reg32) bar, ph = in(reg32) phase,
    );
}

/// `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`: `bytes` bytes from global
/// `src` to shared `dst`, completing that many bytes of the barrier `bar`'s phase.
///
/// # Safety
/// `dst` and `src` are 16-byte aligned, `bytes` a multiple of 16, both ranges valid; `bar`
/// expects the bytes (`mbarrier_arrive_expect_tx`).
#[inline(always)]
pub unsafe fn cp_async_bulk_g2s(dst: u32, src: *const u8, bytes: u32, bar: u32) {
    asm!(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{s}], {n}, [{b}];",
        d = in(reg32) dst, s = in(reg64) src, n = in(reg32) bytes, b = in(reg32) bar,
    );
}

/// The TMA copies of `$n` coordinates: a box from global to shared memory (completing bytes on
/// a barrier), the same multicast to the blocks of a cluster, and from shared to global memory.
macro_rules! tma_copies {
    ($($n:literal: $load:ident, $multicast:ident, $store:ident, [($c0:ident 0) $(($c:ident $i:literal))*];)+) => {$(
        #[doc = concat!("`cp.async.bulk.tensor.", $n, "d.shared::cluster.global.mbarrier::complete_tx::bytes`: ")]
        #[doc = "the box of the descriptor at generic address `desc` at coordinates `c` into shared"]
        #[doc = "`dst`, completing its bytes on the barrier `bar`, where `pred` holds (one lane of a"]
        #[doc = "warp that runs it together, or a lone thread: see `mbarrier_arrive_expect_tx`)."]
        ///
        /// # Safety
        /// `desc` is an encoded descriptor in parameter, constant or global memory; `dst` is
        /// 128-byte aligned (1024 for the 128-byte swizzle) with room for the box; `bar` expects
        /// the box's bytes (`mbarrier_arrive_expect_tx`).
        #[inline(always)]
        pub unsafe fn $load(dst: u32, desc: u64, c: [i32; 5], bar: u32, pred: bool) {
            asm!(
                concat!("{{ .reg .pred p; setp.ne.b32 p, {e}, 0; @p cp.async.bulk.tensor.", $n,
                        "d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{m}, {{{",
                        stringify!($c0), "}" $(, ", {", stringify!($c), "}")*, "}}], [{b}]; }}"),
                d = in(reg32) dst, m = in(reg64) desc, b = in(reg32) bar, e = in(reg32) pred as u32,
                $c0 = in(reg32) c[0], $($c = in(reg32) c[$i],)*
            );
        }
        #[doc = concat!("`cp.async.bulk.tensor.", $n, "d...multicast::cluster`: the box into shared `dst` of")]
        #[doc = "every block of the cluster in `mask`, completing on each one's barrier at `bar`,"]
        #[doc = "where `pred` holds (as for the load)."]
        ///
        /// # Safety
        /// As the load, in each block of `mask`.
        #[inline(always)]
        pub unsafe fn $multicast(dst: u32, desc: u64, c: [i32; 5], bar: u32, mask: u16, pred: bool) {
            asm!(
                concat!("{{ .reg .pred p; setp.ne.b32 p, {e}, 0; @p cp.async.bulk.tensor.", $n,
                        "d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{d}], [{m}, {{{",
                        stringify!($c0), "}" $(, ", {", stringify!($c), "}")*, "}}], [{b}], {k}; }}"),
                d = in(reg32) dst, m = in(reg64) desc, b = in(reg32) bar, k = in(reg16) mask,
                e = in(reg32) pred as u32,
                $c0 = in(reg32) c[0], $($c = in(reg32) c[$i],)*
            );
        }
        #[doc = concat!("`cp.async.bulk.tensor.", $n, "d.global.shared::cta.bulk_group`: the box from")]
        #[doc = "shared `src` to global memory at coordinates `c` (out of bounds: not written),"]
        #[doc = "where `pred` holds (as for the load)."]
        ///
        /// # Safety
        /// `desc` as for the load; `src` holds the box, written before a `fence_proxy_async_shared`;
        /// it is not overwritten before `tma_store_wait::<N>` covers the copy.
        #[inline(always)]
        pub unsafe fn $store(src: u32, desc: u64, c: [i32; 5], pred: bool) {
            asm!(
                concat!("{{ .reg .pred p; setp.ne.b32 p, {e}, 0; @p cp.async.bulk.tensor.", $n,
                        "d.global.shared::cta.bulk_group [{m}, {{{",
                        stringify!($c0), "}" $(, ", {", stringify!($c), "}")*, "}}], [{s}]; }}"),
                s = in(reg32) src, m = in(reg64) desc, e = in(reg32) pred as u32,
                $c0 = in(reg32) c[0], $($c = in(reg32) c[$i],)*
            );
        }
    )+};
}
tma_copies! {
    1: tma_load_1d, tma_load_multicast_1d, tma_store_1d, [(c0 0)];
    2: tma_load_2d, tma_load_multicast_2d, tma_store_2d, [(c0 0) (c1 1)];
    3: tma_load_3d, tma_load_multicast_3d, tma_store_3d, [(c0 0) (c1 1) (c2 2)];
    4: tma_load_4d, tma_load_multicast_4d, tma_store_4d, [(c0 0) (c1 1) (c2 2) (c3 3)];
    5: tma_load_5d, tma_load_multicast_5d, tma_store_5d, [(c0 0) (c1 1) (c2 2) (c3 3) (c4 4)];
}

/// `cp.async.bulk.commit_group`: the TMA stores issued since the last commit form a group.
///
/// # Safety
/// None beyond the instruction's.
#[inline(always)]
pub unsafe fn tma_store_arrive() {
    asm!("cp.async.bulk.commit_group;");
}

/// `cp.async.bulk.wait_group.read N`: waits until at most `N` store groups still read shared
/// memory (0 to 7).
///
/// # Safety
/// None beyond the instruction's.
#[inline(always)]
pub unsafe fn tma_store_wait<const N: u32>() {
    match N {
        0 => asm!("cp.async.bulk.wait_group.read 0;"),
        1 => asm!("cp.async.bulk.wait_group.read 1;"),
        2 => asm!("cp.async.bulk.wait_group.read 2;"),
        3 => asm!("cp.async.bulk.wait_group.read 3;"),
        _ => asm!("cp.async.bulk.wait_group.read 7;"),
    }
}

/// `prefetch.tensormap`: brings the descriptor at generic address `desc` into the cache.
///
/// # Safety
/// `desc` is an encoded descriptor in parameter, constant or global memory.
#[inline(always)]
pub unsafe fn prefetch_tensormap(desc: u64) {
    asm!("prefetch.tensormap [{m}];", m = in(reg64) desc);
}

/// The block's warp index (`%tid.x / 32`), broadcast from lane 0 with `shfl.sync` (CUTLASS's
/// `canonical_warp_idx_sync`), so that ptxas knows a branch on it is the same for the whole
/// warp: a wgmma after such a branch needs no extra warpgroup arrive (ptxas C7520).
///
/// # Safety
/// Every lane of the warp executes it together.
#[inline(always)]
pub unsafe fn warp_idx_sync() -> u32 {
    let w: u32;
    asm!(
        "{{ .reg .b32 t; mov.u32 t, %tid.x; shr.u32 t, t, 5; shfl.sync.idx.b32 {w}, t, 0, 31, -1; }}",
        w = out(reg32) w,
    );
    w
}

/// `elect.sync`: true in one lane of the warp, the same one each time (CuTe's
/// `elect_one_sync`), for a single thread's work that ptxas sees as warp-uniform control flow.
///
/// # Safety
/// Every lane of the warp executes it together.
#[inline(always)]
pub unsafe fn elect_one_sync() -> bool {
    let e: u32;
    asm!(
        "{{ .reg .pred p; .reg .b32 l; elect.sync l|p, -1; selp.u32 {e}, 1, 0, p; }}",
        e = out(reg32) e,
    );
    e != 0
}

/// `setmaxnreg.{inc,dec}.sync.aligned.u32 N`: the warpgroup's registers a thread become `N` (a
/// multiple of 8 in 24..=256), given back to the block's pool (`dec`) or taken from it (`inc`,
/// waiting until they are free): a producer warpgroup that issues TMA gives its registers to
/// the consumers' accumulators (CUTLASS's warp-specialized kernels: 40 and 232).
///
/// # Safety
/// All 128 threads of a warpgroup execute it together; `N` is a multiple of 8 in 24..=256, at
/// least the registers the code after a `dec` needs.
#[inline(always)]
pub unsafe fn setmaxnreg<const INC: bool, const N: u32>() {
    if INC {
        asm!("setmaxnreg.inc.sync.aligned.u32 {n};", n = const N);
    } else {
        asm!("setmaxnreg.dec.sync.aligned.u32 {n};", n = const N);
    }
}
