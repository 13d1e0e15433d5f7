//! Atoms: the instructions that move and multiply data, described by their thread-value (TV)
//! layouts, and their tilings over a block of threads.
//!
//! - [`mma`]: MMA atoms (`MmaAtom`: shape MNK, thread ids, A/B/C TV layouts), CuTe's names.
//! - [`tiled_mma`]: an atom replicated over an atom layout (`MakeTiledMma`, `TiledMma`).
//! - [`copy`]: copy atoms (`CopyAtom`: thread ids, source/destination/reference layouts in bits).
//! - [`tiled_copy`]: a copy atom tiled by a thread layout and a value layout (`MakeTiledCopy`).
//! - [`element`]: the element types and their widths.

pub mod copy;
pub mod element;
pub mod mma;
pub mod thr_mma;
pub mod tiled_copy;
pub mod tiled_mma;
