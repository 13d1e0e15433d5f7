//! The ordered sequence barrier's protocol, simulated on the host with mbarriers as the PTX
//! manual defines them (a wait for parity `p` returns once a phase of parity `p` has completed;
//! a phase completes when its expected arrivals came): two consumer groups of a ping-pong kernel
//! taking `units` units of work in turn, each a mainloop turn and an epilogue turn, under every
//! interleaving proptest draws. Every group finishes (no deadlock), and the turns run in the
//! order (mainloop of unit 0, mainloop of unit 1, epilogue of unit 0, epilogue of unit 1, ...).

use proptest::prelude::*;
use tessel::kernel::order::{empty_rounds, OrderedSequenceBarrier};

/// An mbarrier expecting one arrival a phase (a group's arrivals, as one).
#[derive(Clone, Copy, Default)]
struct Mbarrier {
    completed: u32,
}

/// What a group does next: wait for its turn, work (a unit's stage, or nothing in an empty
/// round), or arrive.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Step {
    Wait,
    Work(Option<(usize, u32)>),
    Arrive,
}

/// The steps of group `group` of 2 over `units` units dealt in turn: each of its units' two
/// turns, then its empty rounds.
fn steps(units: usize, group: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    for unit in (0..units).filter(|u| u % 2 == group) {
        for stage in 0..2 {
            steps.extend([Step::Wait, Step::Work(Some((unit, stage))), Step::Arrive]);
        }
    }
    for _ in 0..2 * empty_rounds(units, group, 2) {
        steps.extend([Step::Wait, Step::Work(None), Step::Arrive]);
    }
    steps
}

/// Runs both groups, `choices` picking which runnable group steps next; the order of the units'
/// turns, or `None` on a deadlock.
fn run(units: usize, choices: &[bool]) -> Option<Vec<(usize, u32)>> {
    let mut bars = [Mbarrier::default(); 4];
    let mut groups: Vec<_> = (0..2)
        .map(|g| {
            (
                OrderedSequenceBarrier::<2, 2>::new(0, g as u32),
                steps(units, g),
                0usize,
            )
        })
        .collect();
    let mut order = Vec::new();
    let mut choice = choices.iter().cycle();
    loop {
        let runnable: Vec<usize> = (0..2)
            .filter(|&g| {
                let (barrier, steps, at) = &groups[g];
                match steps.get(*at) {
                    None => false,
                    Some(Step::Wait) => {
                        let (bar, parity) = barrier.waits();
                        bars[bar as usize / 8].completed & 1 != parity
                    }
                    Some(_) => true,
                }
            })
            .collect();
        if runnable.is_empty() {
            let done = groups.iter().all(|(_, steps, at)| *at == steps.len());
            return done.then_some(order);
        }
        let g = if runnable.len() == 2 {
            *choice.next().unwrap() as usize
        } else {
            runnable[0]
        };
        let (barrier, steps, at) = &mut groups[g];
        match steps[*at] {
            Step::Wait => barrier.waited(),
            Step::Work(turn) => order.extend(turn),
            Step::Arrive => {
                bars[barrier.arrives() as usize / 8].completed += 1;
                barrier.arrived();
            }
        }
        *at += 1;
    }
}

proptest! {
    #[test]
    fn turns_alternate_and_end(units in 0usize..9, choices in proptest::collection::vec(any::<bool>(), 1..64)) {
        let order = run(units, &choices).expect("a deadlock");
        // Unit u's mainloop follows unit u-1's and precedes u-1's epilogue: the order is
        // M0 M1 E0 E1 M2 M3 E2 E3 ..., a last odd unit's M and E together.
        let mut want = Vec::new();
        for pair in (0..units).collect::<Vec<_>>().chunks(2) {
            for stage in 0..2 {
                want.extend(pair.iter().map(|&u| (u, stage)));
            }
        }
        prop_assert_eq!(order, want);
    }
}

#[test]
fn empty_rounds_only_past_the_last_unit() {
    assert_eq!(
        [
            empty_rounds(5, 0, 2),
            empty_rounds(5, 1, 2),
            empty_rounds(4, 1, 2),
            empty_rounds(0, 0, 2)
        ],
        [0, 1, 0, 0]
    );
}
