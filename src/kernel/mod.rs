//! The kernel layer: the parts a kernel is composed of, above the atoms (CUTLASS's
//! `cutlass::gemm::kernel` and its collectives). [`storage`]: shared memory laid out from the
//! types of its parts; [`role`]: the warps' roles in a warp-specialized schedule, their register
//! budgets and the arrivals their pipelines count; [`scheduler`]: the order a persistent grid takes
//! the output's tiles in, and split-K's parts; [`mainloop`]: the consumers' wgmmas over a stage.

pub mod attention;
pub mod epilogue;
pub mod fusion;
pub mod gemm;
pub mod mainloop;
pub mod mask;
pub mod order;
pub mod role;
pub mod scheduler;
pub mod softmax;
pub mod storage;
