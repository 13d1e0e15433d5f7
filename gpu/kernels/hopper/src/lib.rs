//! tessel's Hopper GEMMs: the warp-specialized kernels, each one line over a configuration of
//! the kernel layer's collectives (`ws_config.rs`, which the host compiles too), CuTe's
//! wgmma_tma_sm90 tutorial in Rust, and the TMA copy check. Built for `nvptx64-nvidia-cuda` by
//! `gpu/build.sh` into `gpu/out/hopper.ptx` and launched by `gpu/out/gpu-host`.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]
#![allow(clippy::missing_safety_doc)]

pub mod hopper;
pub mod hopper_ws;
pub mod ws_config;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { core::arch::nvptx::trap() }
}
