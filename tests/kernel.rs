//! The kernel layer's parts: shared storage laid out from its parts' types, and the roles of a
//! warp-specialized schedule.

use proptest::prelude::*;
use tessel::atom::element::{BF16, E4M3};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_K_SW64_Atom, Layout_MN_SW128_Atom};
use tessel::kernel::role::{empty_arrivals, Cooperative, Role, Schedule, WARP};
use tessel::kernel::storage::{largest, offsets, Barriers, Buffer, SharedStorage, SmemPart};
use tessel::{layout, shape, TileToShape, C};

type Stages<T, const R: usize, const K: usize, const P: usize> =
    TileToShape<Layout_K_SW128_Atom<T>, (C<R>, C<K>, C<P>)>;

#[test]
fn a_buffer_is_aligned_to_its_swizzles_period_in_bytes() {
    // 128-byte swizzles repeat every 1024 bytes whatever the element; 64-byte ones every 512.
    assert_eq!(<Buffer<BF16, Stages<BF16, 128, 64, 4>>>::ALIGN, 1024);
    assert_eq!(<Buffer<E4M3, Stages<E4M3, 128, 128, 4>>>::ALIGN, 1024);
    type Mn = TileToShape<Layout_MN_SW128_Atom<BF16>, shape!("(128,128)")>;
    assert_eq!(<Buffer<BF16, Mn>>::ALIGN, 1024);
    type Sw64 = TileToShape<Layout_K_SW64_Atom<BF16>, shape!("(64,32)")>;
    assert_eq!(<Buffer<BF16, Sw64>>::ALIGN, 512);
    // Without a swizzle, 16 bytes (what bulk copies need).
    assert_eq!(<Buffer<f32, layout!("(64,8)")>>::ALIGN, 16);
    assert_eq!(<Buffer<f32, layout!("(64,8)")>>::BYTES, 64 * 8 * 4);
    assert_eq!(
        <Buffer<BF16, Stages<BF16, 256, 64, 4>>>::BYTES,
        256 * 64 * 4 * 2
    );
    assert_eq!((<Barriers<6>>::BYTES, <Barriers<6>>::ALIGN), (48, 8));
}

#[test]
fn the_warp_specialized_gemms_storage() {
    // 4 stages of A (128x64) and B (256x64) in bf16, C's TMA-store buffer, two rows of barriers.
    type C16 = TileToShape<Layout_MN_SW128_Atom<BF16>, shape!("(128,128)")>;
    type Storage = SharedStorage<(
        Buffer<BF16, Stages<BF16, 128, 64, 4>>,
        Buffer<BF16, Stages<BF16, 256, 64, 4>>,
        Buffer<BF16, C16>,
        Barriers<4>,
        Barriers<4>,
    )>;
    let (a, b, c) = (4 * 128 * 128, 4 * 256 * 128, 128 * 128 * 2);
    assert_eq!(Storage::OFFSETS, [0, a, a + b, a + b + c, a + b + c + 32]);
    assert_eq!(Storage::BYTES, a + b + c + 64);
    assert_eq!(Storage::DYNAMIC_BYTES, a + b + c + 64 + 1024);
    // A base only 16-byte aligned moves up to the next 1024; the parts follow it.
    let [sa, sb, ..] = Storage::carve(16);
    assert_eq!((sa, sb), (1024, 1024 + a));
    assert_eq!(Storage::carve(2048)[0], 2048);
}

#[test]
fn a_part_left_out_takes_no_room() {
    type With = SharedStorage<(Buffer<f32, layout!("(32,32)")>, (), Barriers<2>)>;
    type Without = SharedStorage<(Buffer<f32, layout!("(32,32)")>, Barriers<2>)>;
    assert_eq!(With::BYTES, Without::BYTES);
    assert_eq!(With::OFFSETS[2], Without::OFFSETS[1]);
}

proptest! {
    /// Each part starts at the first multiple of its alignment after the previous part's end,
    /// and the storage ends where the last part does; the alignment is the largest.
    #[test]
    fn parts_are_placed_in_order_at_their_alignment(
        parts in prop::array::uniform6((0u32..100_000, 0u32..11))
    ) {
        let parts = parts.map(|(bytes, log)| (bytes, 1u32 << log));
        let (at, end) = offsets(parts);
        let mut previous_end = 0;
        for (i, &(bytes, align)) in parts.iter().enumerate() {
            prop_assert_eq!(at[i] % align, 0);
            prop_assert!(at[i] >= previous_end && at[i] - previous_end < align);
            previous_end = at[i] + bytes;
        }
        prop_assert_eq!(end, previous_end);
        prop_assert_eq!(largest(parts), parts.iter().map(|p| p.1).max().unwrap());
    }
}

#[test]
fn each_warp_of_the_cooperative_schedule_has_one_role() {
    let warps = Cooperative::THREADS / WARP;
    let roles: Vec<Role> = (0..warps as u32).map(Cooperative::role).collect();
    let producers = roles
        .iter()
        .filter(|r| matches!(r, Role::Producer { .. }))
        .count();
    assert_eq!((warps, producers), (12, 4));
    for (w, role) in roles.iter().enumerate() {
        match *role {
            Role::Producer { warp } => assert_eq!(warp as usize, w),
            Role::Consumer { group } => assert_eq!(group as usize, (w - 4) / 4),
        }
    }
    // The consumers' threads from 0: what the TiledMma's get_slice takes.
    assert_eq!(Cooperative::consumer_thread(128), 0);
    assert_eq!(Cooperative::consumer_thread(383), 255);
}

#[test]
fn a_stage_is_released_by_each_consumer_thread_or_each_warp_of_a_multicast_cluster() {
    assert_eq!(empty_arrivals(256, 1), 256);
    assert_eq!(empty_arrivals(256, 2), 16);
    assert_eq!(empty_arrivals(128, 4), 16);
}
