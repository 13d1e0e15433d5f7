//! tessel's GPU kernels on the host, over cudarc: [`gemm::gemm`], one call that picks a Hopper
//! GEMM for the shape and launches it, and [`attention::attention`], FlashAttention's forward
//! pass. The kernels (`gpu/kernels/hopper`, `gpu/kernels/attention`) are built to PTX by this
//! crate's build script and embedded.
//!
//! Also the checks and benchmarks `gpu-host` runs on the GPU machine (`hopper`, `hopper_ws`).

pub mod attention;
#[doc(hidden)]
pub mod attention_check;
pub mod gemm;
#[doc(hidden)]
pub mod hopper;
#[doc(hidden)]
pub mod hopper_ws;
mod launch;

/// The kernels' configurations, the kernel crate's own file: what each kernel's shared memory,
/// tile and launch are.
#[path = "../../kernels/hopper/src/ws_config.rs"]
mod ws_config;

pub use launch::Fused;

/// The attention kernels' configurations, the kernel crate's own file.
#[path = "../../kernels/attention/src/config.rs"]
mod attention_config;
