//! GPU kernels with every index from tessel: built for `nvptx64-nvidia-cuda` by `gpu/build.sh`
//! into `gpu/out/tessel_kernels.ptx` and launched by `gpu/bench.py`.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]
#![allow(clippy::missing_safety_doc)]

pub mod atoms;
pub mod hgemm;
pub mod hopper;
pub mod hopper_ws;
pub mod sgemm;
pub mod transpose;
pub mod ws_config;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { core::arch::nvptx::trap() }
}
