//! Shared-memory bank conflicts, counted during const evaluation.
//!
//! The hardware model (NVIDIA GPUs since Volta, as Nsight Compute counts it): shared memory has
//! 32 banks of 4 bytes, word w in bank `w % 32`. A warp-wide access of `W = V * size_of::<T>()`
//! bytes per lane is served in phases: all 32 lanes at once for `W <= 4`, 16 lanes at a time for
//! 8-byte vectors, 8 lanes at a time for 16-byte vectors, so a conflict-free access takes 1, 2 or
//! 4 wavefronts. Within a phase, a bank serves one word per wavefront; lanes reading the same word
//! share it (a broadcast, not a conflict). The phase takes as many wavefronts as the most distinct
//! words any one bank holds, and the access takes the sum over its phases.
//!
//! The access: lane `l` of the warp reads the `V` elements that start at the shared-memory
//! layout's index of the 1-D coordinate `Thr(l)` (a thread layout of size 32 maps each lane to the
//! coordinate of its first element, as a vectorized copy does). Everything is static: the count is
//! a `const fn`, and [`assert_conflict_free!`](crate::assert_conflict_free) fails `cargo check`
//! when an access is not.
//!
//! ```
//! use tessel::{bank, layout};
//! type Smem = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");   // half precision, 128-byte rows
//! type RowWise = layout!("(8,4):(64,1)");                  // 8 lanes a row, 8 halves each
//! type ColumnWise = layout!("(8,4):(1,64)");               // 8 lanes down a column chunk
//! tessel::assert_conflict_free!(Smem, u16, RowWise, 8);
//! tessel::assert_conflict_free!(Smem, u16, ColumnWise, 8);
//! assert_eq!(bank::wavefronts::<layout!("(8,64):(64,1)"), u16, ColumnWise, 8>(), 32);
//! ```

use crate::swizzle::const_layout::{ConstLayout, IndexMap, Text};

/// Lanes in a warp.
pub const WARP: usize = 32;
/// Shared-memory banks, each 4 bytes wide.
pub const BANKS: usize = 32;

/// How many lanes one phase serves for accesses of `width` bytes per lane.
const fn lanes_per_phase(width: usize) -> usize {
    assert!(
        width == 1 || width == 2 || width == 4 || width == 8 || width == 16,
        "a lane's access is 1, 2, 4, 8 or 16 bytes (V elements of size_of::<T>() bytes)"
    );
    if width <= 4 {
        WARP
    } else {
        WARP * 4 / width
    }
}

/// The wavefronts of one phase: lanes `first..first + lanes` reading `width` bytes each from
/// byte addresses `byte(lane)`.
const fn phase_wavefronts(
    smem: &IndexMap,
    thr: &IndexMap,
    elem: usize,
    first: usize,
    lanes: usize,
    width: usize,
) -> usize {
    // The distinct words the phase touches (at most 4 per lane), and how many fall in each bank.
    let mut words = [0usize; WARP * 4];
    let mut count = 0;
    let mut per_bank = [0usize; BANKS];
    let mut lane = first;
    while lane < first + lanes {
        let byte = smem.index(thr.index(lane)) * elem;
        let mut word = byte / 4;
        while word <= (byte + width - 1) / 4 {
            let mut seen = false;
            let mut k = 0;
            while k < count {
                seen |= words[k] == word;
                k += 1;
            }
            if !seen {
                words[count] = word;
                count += 1;
                per_bank[word % BANKS] += 1;
            }
            word += 1;
        }
        lane += 1;
    }
    let (mut most, mut b) = (0, 0);
    while b < BANKS {
        if per_bank[b] > most {
            most = per_bank[b];
        }
        b += 1;
    }
    most
}

/// The wavefronts one warp-wide access takes: lane `l` reads `V` elements of type `T` from the
/// index of coordinate `Thr(l)` of the shared-memory layout `Smem`.
pub const fn wavefronts<Smem: ConstLayout, T, Thr: ConstLayout, const V: usize>() -> usize {
    assert!(
        !Smem::MAP.has_negative_stride() && !Thr::MAP.has_negative_stride(),
        "the bank model takes layouts with non-negative strides"
    );
    let elem = core::mem::size_of::<T>();
    let width = V * elem;
    let lanes = lanes_per_phase(width);
    assert!(
        Thr::MAP.size() == WARP,
        "the thread layout must have 32 lanes"
    );
    let (mut total, mut first) = (0, 0);
    while first < WARP {
        total += phase_wavefronts(&Smem::MAP, &Thr::MAP, elem, first, lanes, width);
        first += lanes;
    }
    total
}

/// The wavefronts of a conflict-free access of `V` elements of `T` per lane: 1, 2 or 4.
pub const fn conflict_free_wavefronts<T, const V: usize>() -> usize {
    WARP / lanes_per_phase(V * core::mem::size_of::<T>())
}

/// `None` if the access is conflict-free, else the message that says which layout and how many
/// wavefronts it takes (what [`assert_conflict_free!`](crate::assert_conflict_free) reports).
pub const fn conflicts<Smem: ConstLayout, T, Thr: ConstLayout, const V: usize>() -> Option<Text> {
    if Smem::MAP.has_negative_stride() || Thr::MAP.has_negative_stride() {
        return Some(
            Text::EMPTY
                .push("bank conflicts: ")
                .append(if Smem::MAP.has_negative_stride() {
                    &Smem::TEXT
                } else {
                    &Thr::TEXT
                })
                .push(" has a negative stride; the bank model takes non-negative indices only"),
        );
    }
    let took = wavefronts::<Smem, T, Thr, V>();
    let ideal = conflict_free_wavefronts::<T, V>();
    if took <= ideal {
        return None;
    }
    Some(
        Text::EMPTY
            .push("bank conflicts: reading ")
            .append(&Smem::TEXT)
            .push(" by the lanes of ")
            .append(&Thr::TEXT)
            .push(" takes ")
            .push_int(took as i64)
            .push(" wavefronts where a conflict-free access takes ")
            .push_int(ideal as i64),
    )
}

/// Fails the build (`cargo check` included) unless a warp's access to a shared-memory layout is
/// free of bank conflicts, with a message that names the layout and the number of wavefronts:
/// `tessel::assert_conflict_free!(SmemLayout, ElementType, ThreadLayout, V);` next to the layout
/// types. The panic happens in the const item the macro writes, so the error points at that line.
///
/// ```
/// tessel::assert_conflict_free!(tessel::layout!("(32,32):(33,1)"), f32, tessel::layout!("32:1"), 1);
/// ```
#[macro_export]
macro_rules! assert_conflict_free {
    ($smem:ty, $elem:ty, $thr:ty, $v:expr) => {
        const _: () = if let Some(message) =
            $crate::swizzle::bank::conflicts::<$smem, $elem, $thr, { $v }>()
        {
            panic!("{}", message.as_str())
        };
    };
}
