//! An ordered sequence barrier (CUTLASS's `OrderedSequenceBarrier`): `GROUPS` groups of threads
//! take turns through `STAGES` stages of work, in the order `(stage 0, group 0)`, `(stage 0,
//! group 1)`, ..., `(stage 1, group 0)`, ..., and round again. A ping-pong kernel's two consumer
//! warpgroups so alternate their mainloops and their epilogues: one's epilogue runs while the
//! other's wgmmas keep the tensor cores busy.
//!
//! One mbarrier a turn, `STAGES x GROUPS` in shared memory, each counting a group's threads: a
//! group waits on its own barrier of the stage, and its threads' arrivals end the turn, on the
//! barrier of the next turn. The first turn, `(0, 0)`, is open from the start: group 0 waits for
//! the parity before its barrier's first phase.
//!
//! Post-conditions: a group's turn at a stage begins only after the turn before it in the order
//! has ended; turns of one group run in its stages' order. Arrivals past a group's last turn are
//! harmless (a barrier no one waits on again).
//!
//! ```
//! use tessel::kernel::order::{next_turn, OrderedSequenceBarrier};
//! // Two stages (mainloop, epilogue), two groups: (0,0) -> (0,1) -> (1,0) -> (1,1) -> (0,0).
//! assert_eq!([next_turn(0, 0, 2, 2), next_turn(0, 1, 2, 2), next_turn(1, 1, 2, 2)], [(0, 1), (1, 0), (0, 0)]);
//! // The barriers of turn (stage, group) lie at `bars + 8 (stage GROUPS + group)`.
//! let order = OrderedSequenceBarrier::<2, 2>::new(0x100, 1);
//! assert_eq!(order.barrier(1, 0), 0x110);
//! ```

/// The turn after `(stage, group)`: the next group at the same stage, or group 0 at the next
/// stage.
pub const fn next_turn(stage: u32, group: u32, stages: u32, groups: u32) -> (u32, u32) {
    if group + 1 < groups {
        (stage, group + 1)
    } else {
        ((stage + 1) % stages, 0)
    }
}

/// One group's view of the barrier: its barriers at shared address `bars` (`STAGES x GROUPS`
/// mbarriers of 8 bytes), its stage, and the parity each of its barriers waits for.
#[derive(Clone, Copy, Debug)]
pub struct OrderedSequenceBarrier<const STAGES: u32, const GROUPS: u32> {
    bars: u32,
    group: u32,
    stage: u32,
    /// Bit `s`: the parity the group's barrier of stage `s` waits for next.
    phases: u32,
}

impl<const STAGES: u32, const GROUPS: u32> OrderedSequenceBarrier<STAGES, GROUPS> {
    /// Group `group`'s view of the barriers at `bars`, at stage 0; group 0's first turn is open.
    pub const fn new(bars: u32, group: u32) -> Self {
        OrderedSequenceBarrier {
            bars,
            group,
            stage: 0,
            phases: if group == 0 { 1 } else { 0 },
        }
    }

    /// The group.
    pub const fn group(&self) -> u32 {
        self.group
    }

    /// The shared address of turn `(stage, group)`'s barrier.
    pub const fn barrier(&self, stage: u32, group: u32) -> u32 {
        self.bars + 8 * (stage * GROUPS + group)
    }

    /// What the group's next wait reads: its barrier at its stage, and the parity it waits for
    /// (the wait returns once a phase of that parity has completed).
    pub const fn waits(&self) -> (u32, u32) {
        (
            self.barrier(self.stage, self.group),
            (self.phases >> self.stage) & 1,
        )
    }

    /// The state after a wait: the next wait on that barrier is for the other parity.
    pub fn waited(&mut self) {
        self.phases ^= 1 << self.stage;
    }

    /// The barrier the group's next arrival signals: the next turn's.
    pub const fn arrives(&self) -> u32 {
        let (stage, group) = next_turn(self.stage, self.group, STAGES, GROUPS);
        self.barrier(stage, group)
    }

    /// The state after an arrival: the group's next stage.
    pub fn arrived(&mut self) {
        self.stage = (self.stage + 1) % STAGES;
    }
}

/// The rounds group `group` of `groups` takes its turns empty when `units` units of work are
/// dealt to the groups in turn: 1 in a last round without a unit of its own (so that the groups
/// before it in the order are not left waiting), else 0.
pub const fn empty_rounds(units: usize, group: usize, groups: usize) -> usize {
    let rest = units % groups;
    (rest != 0 && group >= rest) as usize
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::OrderedSequenceBarrier;
    use crate::arch::sm90::mbarrier_wait_parity;
    use crate::arch::sm90::{fence_barrier_init, mbarrier_arrive, mbarrier_init};

    impl<const STAGES: u32, const GROUPS: u32> OrderedSequenceBarrier<STAGES, GROUPS> {
        /// Initialises the barriers where `issue` holds, each counting `threads` arrivals (a
        /// group's threads).
        ///
        /// # Safety
        /// As `PipelineTmaAsync::init`'s: one thread (or an elected lane) initialises, then a
        /// barrier of the block before any turn.
        pub unsafe fn init(&self, threads: u32, issue: bool) {
            for i in 0..STAGES * GROUPS {
                mbarrier_init(self.bars + 8 * i, threads, issue);
            }
            fence_barrier_init();
        }

        /// Waits until the turn before the group's at its stage has ended.
        #[inline(always)]
        pub fn wait(&mut self) {
            let (bar, parity) = self.waits();
            // SAFETY: the barrier was initialised (`init`); a wait reads it only.
            unsafe { mbarrier_wait_parity(bar, parity) };
            self.waited();
        }

        /// Ends the group's turn (each of its threads arrives): the next turn may begin; the
        /// group moves to its next stage.
        #[inline(always)]
        pub fn arrive(&mut self) {
            // SAFETY: the barrier was initialised; an arrival is what it counts.
            unsafe { mbarrier_arrive(self.arrives()) };
            self.arrived();
        }
    }
}

/// The order in which consumer warpgroups issue their wgmmas: in turns ([`Alternate`],
/// FlashAttention-3's warp scheduler barriers: while one warpgroup's softmax runs, the other's
/// wgmmas have the tensor cores), or as they come ([`Unordered`]).
///
/// ```
/// use tessel::kernel::order::Alternate;
/// // Group g waits on barrier FIRST + g, which the other group's 128 threads arrive on: 256.
/// assert_eq!((Alternate::FIRST, Alternate::THREADS), (1, 256));
/// ```
pub trait IssueOrder {
    /// Before the first turn: what lets group 0 go first.
    ///
    /// # Safety
    /// Every thread of the consumer warpgroups calls it once, before any [`IssueOrder::wait`].
    unsafe fn init(group: u32);
    /// Waits for group `group`'s turn.
    ///
    /// # Safety
    /// Every thread of the group calls it, as many times as the other group calls `pass`.
    unsafe fn wait(group: u32);
    /// Ends group `group`'s turn: the other group's begins.
    ///
    /// # Safety
    /// Every thread of the group calls it after its `wait`.
    unsafe fn pass(group: u32);
}

/// Two consumer warpgroups take turns, on named barriers [`Alternate::FIRST`] and the next
/// (each of 256 threads: one group's waits and the other's arrivals).
pub struct Alternate;
impl Alternate {
    /// The first of the two named barriers (0 is the block's).
    pub const FIRST: u32 = 1;
    /// A barrier's threads: one warpgroup waiting, the other arriving.
    pub const THREADS: u32 = 2 * crate::kernel::role::WARPGROUP as u32;
}

/// The consumer warpgroups issue as they come.
pub struct Unordered;

impl IssueOrder for Unordered {
    #[inline(always)]
    unsafe fn init(_: u32) {}
    #[inline(always)]
    unsafe fn wait(_: u32) {}
    #[inline(always)]
    unsafe fn pass(_: u32) {}
}

// The barriers are the device's; on the host (which reads a configuration's types) a turn is
// nothing.
impl IssueOrder for Alternate {
    #[inline(always)]
    unsafe fn init(group: u32) {
        #[cfg(target_arch = "nvptx64")]
        if group == 1 {
            crate::arch::arrive_named(Self::FIRST, Self::THREADS);
        }
        let _ = group;
    }
    #[inline(always)]
    unsafe fn wait(group: u32) {
        #[cfg(target_arch = "nvptx64")]
        crate::arch::sync_named(Self::FIRST + group, Self::THREADS);
        let _ = group;
    }
    #[inline(always)]
    unsafe fn pass(group: u32) {
        #[cfg(target_arch = "nvptx64")]
        crate::arch::arrive_named(Self::FIRST + (1 - group), Self::THREADS);
        let _ = group;
    }
}
