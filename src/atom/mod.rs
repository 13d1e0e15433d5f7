//! Atoms: the instructions that move and multiply data, described by their thread-value (TV)
//! layouts, and their tilings over a block of threads.
//!
//! - [`mma`]: MMA atoms (`MmaAtom`: shape MNK, thread ids, A/B/C TV layouts), CuTe's names.
//! - [`tiled_mma`]: an atom replicated over an atom layout (`MakeTiledMma`, `TiledMma`).
//! - [`thr_mma`]: one thread's slice of it (`get_slice`, `partition_A/B/C`,
//!   `partition_fragment_A/B/C`) and `gemm` over its fragments.
//! - [`copy`]: copy atoms (`CopyAtom`: thread ids, source/destination/reference layouts in bits).
//! - [`tiled_copy`]: a copy atom tiled by a thread layout and a value layout (`MakeTiledCopy`,
//!   `make_tiled_copy_A/B/C`), its thread slices (`partition_S/D`), and the checks that a copy
//!   and an MMA agree (element width, thread count).
//! - [`retile`]: a thread's MMA fragment seen as a copy's destination (`retile_S/D`).
//! - [`exec`]: atoms that run. `copy`/`copy_if` dispatch on the atom and the two engines' memory
//!   spaces, `gemm` runs over `(V,M,K)` fragments, both walking static counts unrolled by
//!   construction; an atom's registers are filled in the order its layouts give, and `exec::sm80`
//!   and `exec::sm90` call the device layer (`tessel::arch`, nvptx64 only).
//! - [`pipeline`]: mbarrier pipelines of shared stages (`PipelineState`, `PipelineTmaAsync`).
//! - [`tma`]: TMA descriptors of a global tensor and a shared tile (`TensorMap`), their
//!   parameters computed as CuTe's `make_tma_copy` computes them; [`tma_tile`]: that a copy's
//!   shared tensor is the descriptor's tile, checked during type checking; [`tma_copy`]: the
//!   copy atom with its state (`tma.with(bar)`) and `tma_partition`.
//! - [`gmma`]: SM90 GMMA shared-memory descriptors from a tile's layout type, and CuTe's GMMA
//!   layout atoms.
//!
//! Everything here is computed during type checking by the static algebra, CuTe's steps one for
//! one, and compared with CuTe's answers in `tests/golden_atoms.rs`.
//! - [`element`]: the element types and their widths.

pub mod acc;
pub mod copy;
pub mod element;
pub mod exec;
pub mod gmma;
pub mod mma;
pub mod pipeline;
#[cfg(feature = "alloc")]
pub mod print;
pub mod retile;
pub mod thr_mma;
pub mod tiled_copy;
pub mod tiled_mma;
pub mod tma;
pub mod tma_copy;
pub mod tma_tile;
