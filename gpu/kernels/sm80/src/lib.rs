//! tessel's SM80-style GPU kernels, every index from tessel: the swizzled transposes, the SGEMM
//! and the f16 tensor-core GEMMs written with the atoms' copy and gemm, and one check kernel an
//! atom. Built for `nvptx64-nvidia-cuda` by `gpu/build.sh` into `gpu/out/sm80.ptx` and launched
//! by `gpu/bench.py`.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]
#![allow(clippy::missing_safety_doc)]

pub mod atoms;
pub mod hgemm;
pub mod sgemm;
pub mod transpose;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe { core::arch::nvptx::trap() }
}
