//! The device layer: one `unsafe fn` per PTX instruction that tessel's layouts do not reach
//! themselves, each with its precondition, as CuTe's `arch/` holds them (the atoms choose
//! among them; a kernel names none of their registers). Compiled for `nvptx64-nvidia-cuda`
//! only, where the nightly features it needs (`asm_experimental_arch`, `stdarch_nvptx`) are
//! confined; the host build stays on stable.
//!
//! Here: the thread's and block's indices, the block barrier, shared memory (declared in PTX by
//! [`shared_array!`](crate::shared_array), addressed through its 32-bit window, since rustc
//! cannot place a `static` there), the fused multiply-add, and acquire and release at the GPU's
//! scope (split-K's turns). [`sm75`]: ldmatrix. [`sm80`]:
//! mma.sync and cp.async.

use core::arch::asm;

pub mod sm75;
pub mod sm80;
pub mod sm90;

/// `%tid.x`, `%tid.y`.
#[inline(always)]
pub fn thread() -> (u32, u32) {
    unsafe {
        (
            core::arch::nvptx::_thread_idx_x() as u32,
            core::arch::nvptx::_thread_idx_y() as u32,
        )
    }
}

/// `%ctaid.x`, `%ctaid.y`.
#[inline(always)]
pub fn block() -> (u32, u32) {
    unsafe {
        (
            core::arch::nvptx::_block_idx_x() as u32,
            core::arch::nvptx::_block_idx_y() as u32,
        )
    }
}

/// `%nctaid.x`, `%nctaid.y`: the grid's size in blocks.
#[inline(always)]
pub fn grid() -> (u32, u32) {
    unsafe {
        (
            core::arch::nvptx::_grid_dim_x() as u32,
            core::arch::nvptx::_grid_dim_y() as u32,
        )
    }
}

/// `bar.sync 0`. Every thread of the block must reach it (a barrier in divergent code hangs).
#[inline(always)]
pub fn sync_threads() {
    unsafe { core::arch::nvptx::_syncthreads() }
}

/// `bar.sync id, threads`: a named barrier of `threads` threads (whole warps), barrier `id` in
/// 1..16 (0 is [`sync_threads`]'s), for a part of the block such as a kernel's consumers.
///
/// # Safety
/// Exactly `threads` threads, whole warps, reach barrier `id` each time, none in divergent code.
#[inline(always)]
pub unsafe fn sync_named(id: u32, threads: u32) {
    asm!("bar.sync {i}, {n};", i = in(reg32) id, n = in(reg32) threads);
}

/// `ld.acquire.gpu.global.u32`: a load whose later reads and writes (and, after a barrier, the
/// block's) see what the writer of its value made visible before its release.
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address.
#[inline(always)]
pub unsafe fn ld_acquire_gpu(p: *const u32) -> u32 {
    let v: u32;
    asm!("ld.acquire.gpu.global.u32 {v}, [{p}];", v = out(reg32) v, p = in(reg64) p);
    v
}

/// `st.release.gpu.global.u32`: a store after which an acquiring load of its value sees every
/// write before it (and, after a barrier, the block's).
///
/// # Safety
/// `p` is a valid, 4-byte-aligned global address no other thread stores to meanwhile.
#[inline(always)]
pub unsafe fn st_release_gpu(p: *mut u32, v: u32) {
    asm!("st.release.gpu.global.u32 [{p}], {v};", p = in(reg64) p, v = in(reg32) v);
}

/// A shared-memory array declared in PTX, and a function of the same name giving its 32-bit
/// shared-window address. `shared_array!(name, bytes)` has a static size, aligned to 16 bytes
/// (`shared_array!(name, bytes, align 1024)` for a 128-byte-swizzled GMMA or TMA tile);
/// `shared_array!(name)` is the dynamic array, sized at launch (past the 48 KiB a static one may
/// have).
#[macro_export]
macro_rules! shared_array {
    ($name:ident, $bytes:literal) => {
        $crate::shared_array!($name, $bytes, align 16);
    };
    ($name:ident, $bytes:literal, align $align:literal) => {
        core::arch::global_asm!(concat!(".shared .align ", $align, " .b8 ", stringify!($name), "[", $bytes, "];"));
        $crate::shared_array!(@address $name);
    };
    ($name:ident) => {
        core::arch::global_asm!(concat!(".extern .shared .align 128 .b8 ", stringify!($name), "[];"));
        $crate::shared_array!(@address $name);
    };
    (@address $name:ident) => {
        #[inline(always)]
        fn $name() -> u32 {
            let a: u32;
            unsafe { core::arch::asm!(concat!("mov.u32 {a}, ", stringify!($name), ";"), a = out(reg32) a) };
            a
        }
    };
}

/// The generic address of parameter `$index` of the kernel `$kernel` (a `#[no_mangle]` name), as
/// CUDA's `__grid_constant__` gives it: the parameter itself, not a copy in local memory (which
/// taking a Rust reference to it makes), so that a TMA instruction may read a
/// [`TensorMap`](crate::atom::tma::TensorMap) passed by value where it lies.
/// `TensorMap::from_param(tessel::grid_constant!(gemm, 0))`.
#[macro_export]
macro_rules! grid_constant {
    ($kernel:ident, $index:literal) => {{
        let a: u64;
        // SAFETY: reads the address of a parameter of the kernel this expands in.
        unsafe {
            core::arch::asm!(
                concat!("mov.u64 {a}, ", stringify!($kernel), "_param_", stringify!($index), ";\n\tcvta.param.u64 {a}, {a};"),
                a = out(reg64) a,
            )
        };
        a
    }};
}

/// `unroll!(N, i => { .. })`: the block `N` times, `i` the constant `0usize`, `1usize`, ... in
/// each copy (CUDA's `#pragma unroll`, CuTe's `CUTE_UNROLL`), for a loop LLVM's cost model
/// leaves rolled although its index picks registers (a K-block loop over register fragments).
/// `N` is 1, 2, 4, 8, 16, 32, 64 or 128.
#[macro_export]
macro_rules! unroll {
    (32, $i:ident => $body:block) => { $crate::unroll!(@by 2, $i => $body) };
    (64, $i:ident => $body:block) => { $crate::unroll!(@by 4, $i => $body) };
    (128, $i:ident => $body:block) => { $crate::unroll!(@by 8, $i => $body) };
    (@by $hi:tt, $i:ident => $body:block) => {
        $crate::unroll!($hi, hi => { $crate::unroll!(16, lo => { let $i: usize = 16 * hi + lo; $body }) })
    };
    (1, $i:ident => $body:block) => { $crate::unroll!(@at [0], $i => $body) };
    (2, $i:ident => $body:block) => { $crate::unroll!(@at [0 1], $i => $body) };
    (4, $i:ident => $body:block) => { $crate::unroll!(@at [0 1 2 3], $i => $body) };
    (8, $i:ident => $body:block) => { $crate::unroll!(@at [0 1 2 3 4 5 6 7], $i => $body) };
    (16, $i:ident => $body:block) => {
        $crate::unroll!(@at [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15], $i => $body)
    };
    (@at [$($n:literal)+], $i:ident => $body:block) => { { $({ let $i: usize = $n; $body })+ } };
}

/// A kernel's launch bounds, declared beside it (CUDA's `__launch_bounds__(threads, blocks)`,
/// `__maxnreg__` and `__cluster_dims__`): the most threads its block has (PTX `.maxntid`), so
/// that ptxas allocates registers for that size; optionally the fewest blocks an SM should hold
/// at once (`.minnctapersm`; 0 for none), the most registers a thread may use (`.maxnreg`), and
/// the cluster the kernel is launched in (`.reqnctapercluster`, with `.explicitcluster`):
///
/// ```ignore
/// tessel::launch_bounds!(gemm, 384, 1, maxnreg = 168, cluster = (2, 1, 1));
/// ```
///
/// rustc has no attribute for them, so this writes a `// tessel.launch_bounds` line into the
/// PTX, which `gpu/ptx.sh` moves into the kernel's `.entry` (a 0 is an option not given); a
/// kernel that declares none fails the build. The threads and the cluster are constant
/// expressions, so that a kernel's block and cluster come from its configuration's types.
#[macro_export]
macro_rules! launch_bounds {
    ($kernel:ident, $threads:expr $(, $blocks:literal)? $(, maxnreg = $regs:literal)?
     $(, cluster = ($cx:expr, $cy:expr, $cz:expr))? $(,)?) => {
        core::arch::global_asm!(
            concat!(
                "// tessel.launch_bounds ",
                stringify!($kernel),
                " threads={threads} blocks={blocks} maxnreg={regs} cluster={cx},{cy},{cz}"
            ),
            threads = const $threads,
            blocks = const $crate::launch_bounds!(@or $($blocks)?, 0),
            regs = const $crate::launch_bounds!(@or $($regs)?, 0),
            cx = const $crate::launch_bounds!(@or $($cx)?, 0),
            cy = const $crate::launch_bounds!(@or $($cy)?, 0),
            cz = const $crate::launch_bounds!(@or $($cz)?, 0),
        );
    };
    (@or $given:expr, $default:expr) => { $given };
    (@or , $default:expr) => { $default };
}

/// `ld.shared.f32` at a byte address of the shared window.
///
/// # Safety
/// `addr` is 4-byte aligned and inside a shared array of the block.
#[inline(always)]
pub unsafe fn ld_shared_f32(addr: u32) -> f32 {
    let v: f32;
    asm!("ld.shared.f32 {v}, [{a}];", v = out(reg32) v, a = in(reg32) addr);
    v
}

macro_rules! global_nc {
    ($($(#[$doc:meta])* $ld:ident, $T:ty, $w:literal, $reg:ident;)+) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// `p` points to a valid element of global memory aligned for the width, that no thread
        /// writes while the kernel runs (the read-only cache is not kept coherent with writes).
        #[inline(always)]
        pub unsafe fn $ld(p: *const $T) -> $T {
            let v: $T;
            asm!(concat!("ld.global.nc.", $w, " {v}, [{p}];"), v = out($reg) v, p = in(reg64) p,
                 options(pure, readonly, nostack, preserves_flags));
            v
        }
    )+};
}
global_nc! {
    /// `ld.global.nc.b16`: one 16-bit element through the read-only (non-coherent) cache, what a
    /// thread's copy reads through [`ConstPtr`](crate::tensor::ConstPtr).
    ld_global_nc_b16, u16, "b16", reg16;
    /// `ld.global.nc.b32`: one 32-bit element.
    ld_global_nc_b32, u32, "b32", reg32;
    /// `ld.global.nc.b64`: one 64-bit element.
    ld_global_nc_b64, u64, "b64", reg64;
    /// `ld.global.nc.f32`: one f32.
    ld_global_nc_f32, f32, "f32", reg32;
}

/// `ld.global.nc.b8`: one byte, through a 16-bit register (PTX has none of 8).
///
/// # Safety
/// As [`ld_global_nc_b16`]'s.
#[inline(always)]
pub unsafe fn ld_global_nc_b8(p: *const u8) -> u8 {
    let v: u16;
    asm!("ld.global.nc.b8 {v}, [{p}];", v = out(reg16) v, p = in(reg64) p,
         options(pure, readonly, nostack, preserves_flags));
    v as u8
}

/// `mov.b32`: `x` unchanged, but opaque to LLVM, which so knows none of its bits. A shared
/// address built on it keeps its additions of constants as additions (LLVM turns an addition
/// whose bits it proves disjoint into an `or`), and ptxas folds an added constant into the
/// load's address where it cannot fold an or'ed one.
#[inline(always)]
pub fn opaque_u32(x: u32) -> u32 {
    let y: u32;
    // SAFETY: a move between registers.
    unsafe {
        asm!("mov.b32 {y}, {x};", y = out(reg32) y, x = in(reg32) x,
             options(pure, nomem, nostack, preserves_flags));
    }
    y
}

/// `st.shared.f32`.
///
/// # Safety
/// `addr` is 4-byte aligned and inside a shared array of the block.
#[inline(always)]
pub unsafe fn st_shared_f32(addr: u32, v: f32) {
    asm!("st.shared.f32 [{a}], {v};", a = in(reg32) addr, v = in(reg32) v);
}

macro_rules! shared_word {
    ($($(#[$doc:meta])* $ld:ident, $st:ident, $T:ty, $w:literal, $reg:ident;)+) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// `addr` is aligned for the width and inside a shared array of the block, and no other
        /// thread writes it meanwhile (a barrier orders them). The load reads memory only, so
        /// LLVM may merge two loads of one address with no store or barrier between them.
        #[inline(always)]
        pub unsafe fn $ld(addr: u32) -> $T {
            let v: $T;
            asm!(concat!("ld.shared.", $w, " {v}, [{a}];"), v = out($reg) v, a = in(reg32) addr,
                 options(pure, readonly, nostack, preserves_flags));
            v
        }
        /// The store of the same width (ordered against every other memory access).
        ///
        /// # Safety
        /// As the load's, for writing.
        #[inline(always)]
        pub unsafe fn $st(addr: u32, v: $T) {
            asm!(concat!("st.shared.", $w, " [{a}], {v};"), a = in(reg32) addr, v = in($reg) v,
                 options(nostack, preserves_flags));
        }
    )+};
}
shared_word! {
    /// `ld.shared.b16`: one 16-bit element (a half) of the shared window, what a thread's copy
    /// and `gemm` read through [`Smem`](crate::tensor::Smem).
    ld_shared_b16, st_shared_b16, u16, "b16", reg16;
    /// `ld.shared.b32`: one 32-bit element (an f32, a packed pair of halves).
    ld_shared_b32, st_shared_b32, u32, "b32", reg32;
    /// `ld.shared.b64`: one 64-bit element.
    ld_shared_b64, st_shared_b64, u64, "b64", reg64;
}

/// `ld.shared.b8`: one byte (an e4m3, an i8), through a 16-bit register (PTX has none of 8).
///
/// # Safety
/// As [`ld_shared_b16`]'s.
#[inline(always)]
pub unsafe fn ld_shared_b8(addr: u32) -> u8 {
    let v: u16;
    asm!("ld.shared.b8 {v}, [{a}];", v = out(reg16) v, a = in(reg32) addr,
         options(pure, readonly, nostack, preserves_flags));
    v as u8
}

/// `st.shared.b8`: the store of one byte.
///
/// # Safety
/// As [`st_shared_b16`]'s.
#[inline(always)]
pub unsafe fn st_shared_b8(addr: u32, v: u8) {
    asm!("st.shared.b8 [{a}], {v};", a = in(reg32) addr, v = in(reg16) v as u16,
         options(nostack, preserves_flags));
}

/// `tanh.approx.f32` (SM75+): tanh with a relative error of about 2^-11.
#[inline(always)]
pub fn tanh_approx(x: f32) -> f32 {
    let y: f32;
    // SAFETY: an arithmetic instruction on registers.
    unsafe {
        asm!("tanh.approx.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x, options(pure, nomem, nostack))
    };
    y
}

/// `ex2.approx.ftz.f32`: 2^x, subnormals flushed to zero (2 ulp).
#[inline(always)]
pub fn ex2_approx(x: f32) -> f32 {
    let y: f32;
    // SAFETY: an arithmetic instruction on registers.
    unsafe {
        asm!("ex2.approx.ftz.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x, options(pure, nomem, nostack))
    };
    y
}

/// `rcp.approx.ftz.f32`: 1/x (1 ulp).
#[inline(always)]
pub fn rcp_approx(x: f32) -> f32 {
    let y: f32;
    // SAFETY: an arithmetic instruction on registers.
    unsafe {
        asm!("rcp.approx.ftz.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x, options(pure, nomem, nostack))
    };
    y
}

/// `red.global.max.u32`: `*p = max(*p, v)`, atomically (the non-negative f32s' order is their
/// bits' order, so a tile's absolute maximum is reduced on its bits).
///
/// # Safety
/// `p` points to a `u32` of global memory.
#[inline(always)]
pub unsafe fn red_max_u32(p: *mut u32, v: u32) {
    asm!("red.global.max.u32 [{p}], {v};", p = in(reg64) p, v = in(reg32) v, options(nostack));
}

/// `lg2.approx.ftz.f32`: log2(x) (2^-22.6 absolute error near 1).
#[inline(always)]
pub fn lg2_approx(x: f32) -> f32 {
    let y: f32;
    // SAFETY: an arithmetic instruction on registers.
    unsafe {
        asm!("lg2.approx.ftz.f32 {y}, {x};", y = out(reg32) y, x = in(reg32) x, options(pure, nomem, nostack))
    };
    y
}

/// `shfl.sync.bfly.b32` over the whole warp: the value of lane `lane ^ mask`.
///
/// # Safety
/// Every lane of the warp runs it together (`membermask` is all of them), none in divergent
/// code.
#[inline(always)]
pub unsafe fn shfl_xor_f32(x: f32, mask: u32) -> f32 {
    let y: f32;
    asm!("shfl.sync.bfly.b32 {y}, {x}, {m}, 31, -1;", y = out(reg32) y, x = in(reg32) x,
         m = in(reg32) mask, options(nomem, nostack));
    y
}

/// `bar.arrive id, threads`: arrives on named barrier `id` (1..16) of `threads` threads without
/// waiting, for a producer-consumer order between warpgroups (the waiters call
/// [`sync_named`]).
///
/// # Safety
/// As [`sync_named`]: the arrivals and waits of a phase add up to `threads`, whole warps.
#[inline(always)]
pub unsafe fn arrive_named(id: u32, threads: u32) {
    asm!("bar.arrive {i}, {n};", i = in(reg32) id, n = in(reg32) threads);
}

/// `fma.rn.f32`.
#[inline(always)]
pub fn fma(a: f32, b: f32, c: f32) -> f32 {
    unsafe { core::intrinsics::fmaf32(a, b, c) }
}
