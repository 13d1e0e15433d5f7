//! tessel's FlashAttention forward kernels on Hopper: each one line over a configuration
//! (`config.rs`, which the host compiles too) of the kernel layer's attention body. Built for
//! `nvptx64-nvidia-cuda` by `gpu/build.sh` into `gpu/out/attention.ptx` and launched by
//! `tessel_cuda::attention`.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]
#![allow(clippy::missing_safety_doc)]

pub mod config;
pub mod flash;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { core::arch::nvptx::trap() }
}
