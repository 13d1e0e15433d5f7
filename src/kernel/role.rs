//! Roles in a warp-specialized kernel: a producer warpgroup that loads, consumer warpgroups that
//! compute, each with a register budget of the schedule's (CUTLASS's `ProducerWarpRole`,
//! `LoadRegisterRequirement`, `MmaRegisterRequirement`), and the arrivals their pipelines count.
//!
//! Post-conditions: every warp of the block has one role; the consumers' threads are numbered
//! from 0 (what a TiledMma's `get_slice` takes); the budgets, `setmaxnreg`'s, fill at most the
//! multiprocessor's 64 Ki registers.
//!
//! ```
//! use tessel::kernel::role::{empty_arrivals, Cooperative, Role, Schedule};
//! assert_eq!(Cooperative::THREADS, 384);
//! assert_eq!(Cooperative::role(0), Role::Producer { warp: 0 });
//! assert_eq!(Cooperative::role(5), Role::Consumer { group: 0 });
//! assert_eq!(Cooperative::role(11), Role::Consumer { group: 1 });
//! assert_eq!(Cooperative::consumer_thread(130), 2);
//! assert!(Cooperative::first_consumer(128) && !Cooperative::first_consumer(0));
//! // 256 consumer threads release a stage; in pairs that multicast, each warp of both blocks.
//! assert_eq!((empty_arrivals(256, 1), empty_arrivals(256, 2)), (256, 16));
//! ```

/// Threads in a warp.
pub const WARP: usize = 32;
/// Threads in a warpgroup (what a wgmma runs on).
pub const WARPGROUP: usize = 128;
/// Registers of a multiprocessor, what the budgets of a block's warpgroups share.
pub const REGISTER_FILE: usize = 64 * 1024;

/// What a warp does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Warp `warp` of the producer warpgroup (the first issues the loads).
    Producer {
        /// The warp within the producer warpgroup.
        warp: u32,
    },
    /// A warp of consumer warpgroup `group`.
    Consumer {
        /// The consumer warpgroup, from 0.
        group: u32,
    },
}

/// A warp-specialized schedule: the producer warpgroup first, then `CONSUMERS` consumer
/// warpgroups, and the registers `setmaxnreg` gives each.
pub trait Schedule {
    /// Consumer warpgroups.
    const CONSUMERS: usize;
    /// The producer's registers a thread (it gives the rest back).
    const PRODUCER_REGISTERS: u32;
    /// A consumer's registers a thread (the accumulators').
    const CONSUMER_REGISTERS: u32;
    /// Whether the warpgroups take their budgets (`setmaxnreg`); if not, each keeps the
    /// launch's share.
    const REALLOC: bool = true;
    /// Whether the consumer warpgroups take alternate tiles, each a TiledMma of its own, their
    /// mainloops and epilogues in turn (ping-pong), rather than share each tile (cooperative).
    const PINGPONG: bool = false;
    /// The ordered sequence barrier's part of the shared storage: its mbarriers in ping-pong
    /// (`Barriers<4>`: two stages, mainloop and epilogue, of two warpgroups), else `()`.
    type OrderBarriers;
    /// The producer's threads, before the consumers'.
    const PRODUCER_THREADS: usize = WARPGROUP;
    /// The consumers' threads.
    const CONSUMER_THREADS: usize = WARPGROUP * Self::CONSUMERS;
    /// The block.
    const THREADS: usize = {
        let budget = Self::PRODUCER_REGISTERS as usize * Self::PRODUCER_THREADS
            + Self::CONSUMER_REGISTERS as usize * Self::CONSUMER_THREADS;
        assert!(
            budget <= REGISTER_FILE,
            "the register budgets overfill the register file"
        );
        Self::PRODUCER_THREADS + Self::CONSUMER_THREADS
    };

    /// The role of warp `warp` of the block (a warp-uniform index, `warp_idx_sync()`).
    #[inline(always)]
    fn role(warp: u32) -> Role {
        let producer_warps = (Self::PRODUCER_THREADS / WARP) as u32;
        if warp < producer_warps {
            Role::Producer { warp }
        } else {
            let group = (warp - producer_warps) / (WARPGROUP / WARP) as u32;
            Role::Consumer { group }
        }
    }

    /// A consumer thread's index among the consumers, from the block's thread index.
    #[inline(always)]
    fn consumer_thread(thread: usize) -> usize {
        thread - Self::PRODUCER_THREADS
    }

    /// Whether the block's thread `thread` is the first consumer (the one that issues what one
    /// thread of the consumers does: a TMA store, a split-K turn).
    #[inline(always)]
    fn first_consumer(thread: usize) -> bool {
        thread == Self::PRODUCER_THREADS
    }
}

/// The producer's register budget of schedule `S`, as a type (`setmaxnreg`).
pub struct Producer<S>(core::marker::PhantomData<S>);
/// The consumers' register budget of schedule `S`.
pub struct Consumer<S>(core::marker::PhantomData<S>);

#[cfg(target_arch = "nvptx64")]
impl<S: Schedule> crate::arch::sm90::RegisterBudget for Producer<S> {
    const INC: bool = false;
    const REGISTERS: u32 = S::PRODUCER_REGISTERS;
}
#[cfg(target_arch = "nvptx64")]
impl<S: Schedule> crate::arch::sm90::RegisterBudget for Consumer<S> {
    const INC: bool = true;
    const REGISTERS: u32 = S::CONSUMER_REGISTERS;
}

/// CUTLASS's cooperative schedule: two consumer warpgroups on the same tile, the producer at 40
/// registers and the consumers at 232.
pub struct Cooperative;
impl Schedule for Cooperative {
    type OrderBarriers = ();
    const CONSUMERS: usize = 2;
    const PRODUCER_REGISTERS: u32 = 40;
    const CONSUMER_REGISTERS: u32 = 232;
}

/// CUTLASS's ping-pong schedule: two consumer warpgroups on alternate tiles, each with its own
/// accumulators, ordered by an [`OrderedSequenceBarrier`](super::order::OrderedSequenceBarrier)
/// so that one's epilogue runs under the other's mainloop; the budgets are the cooperative's.
pub struct Pingpong;
impl Schedule for Pingpong {
    type OrderBarriers = crate::kernel::storage::Barriers<4>;
    const CONSUMERS: usize = 2;
    const PRODUCER_REGISTERS: u32 = 40;
    const CONSUMER_REGISTERS: u32 = 232;
    const PINGPONG: bool = true;
}

/// FlashAttention-3's schedule: two consumer warpgroups on one tile of query rows, 64 rows
/// each, at 240 registers (the scores, `P` and the output's accumulators), the producer at 32.
pub struct AttentionCooperative;
impl Schedule for AttentionCooperative {
    type OrderBarriers = ();
    const CONSUMERS: usize = 2;
    const PRODUCER_REGISTERS: u32 = 32;
    const CONSUMER_REGISTERS: u32 = 240;
}

/// The cooperative schedule without `setmaxnreg`: every warpgroup keeps the launch's share of
/// the registers (what the budgets give, measured).
pub struct CooperativeKeepRegisters;
impl Schedule for CooperativeKeepRegisters {
    type OrderBarriers = ();
    const CONSUMERS: usize = 2;
    const PRODUCER_REGISTERS: u32 = 168;
    const CONSUMER_REGISTERS: u32 = 168;
    const REALLOC: bool = false;
}

/// The arrivals a stage's empty barrier counts before its producer refills it, from the
/// consumers' threads (a TiledMma's size) and the blocks of a cluster that multicast into each
/// other's stages: each consumer thread in a lone block; in such a cluster each consumer warp of
/// each block, its elected lane releasing the stage in every block.
pub const fn empty_arrivals(consumer_threads: usize, multicast_blocks: usize) -> u32 {
    if multicast_blocks == 1 {
        consumer_threads as u32
    } else {
        (consumer_threads / WARP * multicast_blocks) as u32
    }
}
