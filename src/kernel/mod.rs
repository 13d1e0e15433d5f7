//! The kernel layer: the parts a kernel is composed of, above the atoms (CUTLASS's
//! `cutlass::gemm::kernel` and its collectives). [`storage`]: shared memory laid out from the
//! types of its parts; [`role`]: the warps' roles in a warp-specialized schedule, their register
//! budgets and the arrivals their pipelines count.

pub mod role;
pub mod storage;
