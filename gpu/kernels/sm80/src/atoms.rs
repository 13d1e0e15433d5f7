//! One warp runs each of the device layer's atoms once, through tessel's own path (a `copy` or
//! `gemm` of partitions, or the atom's `CopyExec::call`), and writes what it got to global
//! memory; `gpu/bench.py` (`check_atoms`) compares it with the PTX ISA's description of the
//! instruction: what the CPU cannot run, checked where it runs.

use tessel::arch::sm80::{cp_async_commit, cp_async_wait};
use tessel::arch::sm90::{fence_proxy_async_shared, wgmma_commit_group, wgmma_fence};
use tessel::arch::sm90::{wgmma_m64n8k16_f32_f16, wgmma_wait_group};
use tessel::arch::{sync_threads, thread};
use tessel::atom::copy::{CopyAtom, UniversalCopy};
use tessel::atom::copy::{SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T};
use tessel::atom::copy::{SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N};
use tessel::atom::copy::{SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL};
use tessel::atom::element::{BF16, E4M3, F16};
use tessel::atom::exec::{copy, gemm, CopyExec};
use tessel::atom::exec::{warpgroup_arrive, warpgroup_commit_batch, warpgroup_wait};
use tessel::atom::gmma::{make_gmma_desc, make_gmma_fragment, K};
use tessel::atom::gmma::{Layout_K_SW128_Atom, Layout_K_SW64_Atom};
use tessel::atom::pipeline::{PipelineState, PipelineTmaAsync};
use tessel::mma::SM80_16x8x8_F32F16F16F32_TN;
use tessel::mma::SM90_64x16x16_F32F16F16_RS;
use tessel::mma::{SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32BF16BF16F32_TN};
use tessel::mma::{SM80_16x8x8_F16F16F16F16_TN, SM80_16x8x8_F32BF16BF16F32_TN};
use tessel::mma::{SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32F16F16_RS};
use tessel::mma::{SM90_64x136x16_F32BF16BF16_SS, SM90_64x24x16_F32BF16BF16_SS};
use tessel::mma::{SM90_64x136x32_F32E4M3E4M3_SS_TN, SM90_64x248x32_F32E4M3E4M3_SS_TN};
use tessel::mma::{SM90_64x16x16_F32BF16BF16_RS, SM90_64x256x16_F32BF16BF16_RS};
use tessel::mma::{SM90_64x16x16_F32F16F16_SS, SM90_64x8x16_F32F16F16_SS, ScaleOut};
use tessel::mma::{SM90_64x200x16_F32F16F16_RS, SM90_64x88x16_F32BF16BF16_RS};
use tessel::mma::{SM90_64x248x16_F32F16F16_SS, SM90_64x40x16_F32F16F16_SS};
use tessel::mma::{SM90_64x24x32_F32E4M3E4M3_SS_TN, SM90_64x64x32_F32E4M3E4M3_SS_TN};
use tessel::mma::{SM90_64x256x16_F32BF16BF16_SS, SM90_64x256x16_F32F16F16_SS};
use tessel::mma::{SM90_64x32x16_F32BF16BF16_SS, SM90_64x64x16_F32BF16BF16_RS};
use tessel::mma::{SM90_64x64x16_F32BF16BF16_SS, SM90_64x8x16_F32BF16BF16_SS};
use tessel::tensor::Underscore as _x;
use tessel::tensor::{Access, AccessMut, Ptr, Smem};
use tessel::{layout, local_partition, local_tile, shape, MakeTiledMma, MmaAtom, TensorPtr};
use tessel::{ColMajor, Layout, TensorSmem, TileToShape, C};

tessel::shared_array!(atoms_check, 2048);

/// ldmatrix: the 32 rows of 8 halves in shared memory hold `0..256`; lane `l` gives the address
/// of row `l` (`l % 8`, `l % 16` for the forms that read fewer rows) and writes the halves it
/// receives to `out[8 l..]`.
macro_rules! check_ldmatrix {
    ($($name:ident, $Op:ty, $rows:literal;)+) => {$(
        tessel::launch_bounds!($name, 32);
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(out: *mut u16) {
            let lane = thread().0 as usize;
            let mut smem = Smem::<F16>::new(atoms_check(), 256);
            for i in 0..8 {
                smem.store(8 * lane + i, F16((8 * lane + i) as u16));
            }
            sync_threads();
            let mut regs = [F16(0xffff); 8];
            type Atom = CopyAtom<$Op, F16>;
            <Atom as CopyExec<Smem<F16>, &mut [F16]>>::call(&Atom::default(), &smem, 8 * (lane % $rows), &mut &mut regs[..], 0, true);
            let mut dst = Ptr::new(out as *mut F16, 256);
            for (i, v) in regs.iter().enumerate() {
                dst.store(8 * lane + i, *v);
            }
        }
    )+};
}
check_ldmatrix! {
    check_ldsm_x1, SM75_U32x1_LDSM_N, 8;
    check_ldsm_x2, SM75_U32x2_LDSM_N, 16;
    check_ldsm_x4, SM75_U32x4_LDSM_N, 32;
    check_ldsm_x1_trans, SM75_U16x2_LDSM_T, 8;
    check_ldsm_x2_trans, SM75_U16x4_LDSM_T, 16;
    check_ldsm_x4_trans, SM75_U16x8_LDSM_T, 32;
}

/// cp.async.ca: lane `l` copies its vector of `src` (f32s) into shared memory, predicated by
/// `l % 4 != 3`, waits, and writes shared memory back to `out`: a zero-filling atom leaves
/// zeros where the predicate is false, the other leaves what was there (`-1`).
macro_rules! check_cp_async {
    ($($name:ident, $Op:ty;)+) => {$(
        tessel::launch_bounds!($name, 32);
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(src: *const f32, out: *mut f32) {
            type Atom = CopyAtom<$Op, f32>;
            const V: usize = <Atom as CopyExec<Ptr<f32>, Smem<f32>>>::VALUES;
            let lane = thread().0 as usize;
            let mut smem = Smem::<f32>::new(atoms_check(), 32 * V);
            for i in 0..V {
                smem.store(V * lane + i, -1.0);
            }
            let src = Ptr::new(src as *mut f32, 32 * V);
            Atom::default().call(&src, V * lane, &mut smem, V * lane, lane % 4 != 3);
            cp_async_commit();
            cp_async_wait::<0>();
            sync_threads();
            let mut dst = Ptr::new(out, 32 * V);
            for i in 0..V {
                dst.store(V * lane + i, smem.load(V * lane + i));
            }
        }
    )+};
}
check_cp_async! {
    check_cp_async_ca4, SM80_CP_ASYNC_CACHEALWAYS<u32>;
    check_cp_async_ca8_zfill, SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u64>;
    check_cp_async_ca16_zfill, SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u128>;
}

/// One MMA of a `(1,1,1)` TiledMma on global `(M,K)` A and `(N,K)` B (K-major halves) into a
/// column-major `(M,N)` C: partitions copied into register fragments, `gemm`, and C copied
/// back, as a kernel runs it.
macro_rules! check_mma {
    ($($name:ident, $Atom:ty, $T:ty, $M:literal, $N:literal, $K:literal, $a:literal, $b:literal, $c:literal, $TC:ty;)+) => {$(
        tessel::launch_bounds!($name, 32);
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(a: *const u16, b: *const u16, c: *mut $TC) {
            type Mma = MakeTiledMma<$Atom, shape!("(1,1,1)")>;
            let thr = Mma::get_slice(thread().0 as usize);
            let ga = TensorPtr::from_raw_parts(a as *mut $T, $M * $K, layout!($a));
            let gb = TensorPtr::from_raw_parts(b as *mut $T, $N * $K, layout!($b));
            let gc = TensorPtr::from_raw_parts(c, $M * $N, layout!($c));
            let (ta, tb, mut tc) = (thr.partition_A(ga), thr.partition_B(gb), thr.partition_C(gc));
            let mut ra = thr.partition_fragment_A::<$T, _, _>(&ga);
            let mut rb = thr.partition_fragment_B::<$T, _, _>(&gb);
            let mut rc = thr.partition_fragment_C::<$TC, _, _>(&gc);
            let universal = |_: ()| CopyAtom::<UniversalCopy<$T>, $T>::default();
            copy(&universal(()), &ta, &mut ra);
            copy(&universal(()), &tb, &mut rb);
            gemm(&thr, &ra, &rb, &mut rc);
            copy(&CopyAtom::<UniversalCopy<$TC>, $TC>::default(), &rc, &mut tc);
        }
    )+};
}
check_mma! {
    check_mma_16816_bf16_f32, SM80_16x8x16_F32BF16BF16F32_TN, BF16, 16, 8, 16, "(16,16):(16,1)", "(8,16):(16,1)", "(16,8)", f32;
    check_mma_1688_f32, SM80_16x8x8_F32F16F16F32_TN, F16, 16, 8, 8, "(16,8):(8,1)", "(8,8):(8,1)", "(16,8)", f32;
    check_mma_1688_bf16_f32, SM80_16x8x8_F32BF16BF16F32_TN, BF16, 16, 8, 8, "(16,8):(8,1)", "(8,8):(8,1)", "(16,8)", f32;
    check_mma_16816_f16, SM80_16x8x16_F16F16F16F16_TN, F16, 16, 8, 16, "(16,16):(16,1)", "(8,16):(16,1)", "(16,8)", F16;
    check_mma_1688_f16, SM80_16x8x8_F16F16F16F16_TN, F16, 16, 8, 8, "(16,8):(8,1)", "(8,8):(8,1)", "(16,8)", F16;
}

// Launch bounds with every option: ptxas must accept the directives and the driver report them
// (`check_atoms` reads the function's attributes; the kernel is not launched).
tessel::launch_bounds!(
    check_launch_bounds,
    64,
    1,
    maxnreg = 40,
    cluster = (2, 1, 1)
);
#[no_mangle]
pub unsafe extern "ptx-kernel" fn check_launch_bounds(out: *mut u32) {
    let t = thread().0;
    Ptr::new(out, 64).store(t as usize, 3 * t + 1);
}

tessel::shared_array!(wgmma_a, 8192, align 1024);
tessel::shared_array!(wgmma_b, 32768, align 1024);

/// The wgmma checks' stages: A `(64,64)` and B `($n,64)` of `$T` (halves, or bf16), K-major in
/// global memory at `$a`, `$b`, copied by the 128 threads into 128-byte-swizzled stages (each
/// MMA's tile `(64,16)` and `($n,16)`), fenced for the async proxy; or into stages tiled from
/// `$Atom`, each MMA's K `$kb` (e4m3: 64-byte swizzle, K 32).
macro_rules! wgmma_stages {
    ($a:expr, $b:expr, $t:expr, $n:literal) => {
        wgmma_stages!($a, $b, $t, $n, F16)
    };
    ($a:expr, $b:expr, $t:expr, $n:literal, $T:ty) => {
        wgmma_stages!($a, $b, $t, $n, $T, Layout_K_SW128_Atom, 16)
    };
    ($a:expr, $b:expr, $t:expr, $n:literal, $T:ty, $Atom:ident, $kb:literal) => {{
        type StageA = TileToShape<$Atom<$T>, shape!("(64,64)")>;
        type StageB = TileToShape<$Atom<$T>, (C<$n>, C<64>)>;
        tessel::assert_gmma_layout!(StageA, (C<64>, C<$kb>), $T, K);
        tessel::assert_gmma_layout!(StageB, (C<$n>, C<$kb>), $T, K);
        let sa = TensorSmem::<$T, _>::from_smem(wgmma_a(), 64 * 64, StageA::default());
        let sb = TensorSmem::<$T, _>::from_smem(wgmma_b(), $n * 64, StageB::default());
        let ga = TensorPtr::from_raw_parts($a as *mut $T, 64 * 64, layout!("(64,64):(64,1)"));
        let gb = TensorPtr::from_raw_parts(
            $b as *mut $T,
            $n * 64,
            Layout::<(C<$n>, C<64>), (C<64>, C<1>)>::default(),
        );
        let atom = CopyAtom::<UniversalCopy<$T>, $T>::default();
        let (thr_a, thr_b) = (layout!("(16,8):(8,1)"), layout!("(8,16):(16,1)"));
        copy(
            &atom,
            &local_partition(ga, thr_a, $t),
            &mut local_partition(sa, thr_a, $t),
        );
        copy(
            &atom,
            &local_partition(gb, thr_b, $t),
            &mut local_partition(sb, thr_b, $t),
        );
        fence_proxy_async_shared();
        sync_threads();
        (sa, sb)
    }};
}

// wgmma: A `(64,64)` and B `(8,64)` of halves, K-major in global memory, copied into stages
// tiled from `Layout_K_SW128_Atom`; four m64n8k16 along K, each on the descriptors
// `make_gmma_desc` gives for its K block; C `(64,8)` column-major, each thread's accumulators
// written where the atom's C layout puts them.
tessel::launch_bounds!(check_wgmma_sw128, 128);
#[no_mangle]
pub unsafe extern "ptx-kernel" fn check_wgmma_sw128(a: *const F16, b: *const F16, c: *mut f32) {
    let t = thread().0 as usize;
    let (sa, sb) = wgmma_stages!(a, b, t, 8);
    let mut acc = [0u32; 4]; // the accumulators' bits
    wgmma_fence();
    tessel::unroll!(4, k => {
        let da = make_gmma_desc::<K, _, _>(&local_tile(sa, <shape!("(64,16)")>::default(), (0usize, k)));
        let db = make_gmma_desc::<K, _, _>(&local_tile(sb, <shape!("(8,16)")>::default(), (0usize, k)));
        wgmma_m64n8k16_f32_f16(&mut acc, da.0, db.0, k > 0);
    });
    wgmma_commit_group();
    wgmma_wait_group::<0>();
    let c_tv = <<SM90_64x8x16_F32F16F16_SS as MmaAtom>::CLayout>::default();
    let mut gc = Ptr::new(c, 64 * 8);
    for (v, x) in acc.iter().enumerate() {
        gc.store(c_tv.call((t, v)), f32::from_bits(*x));
    }
}

/// The wgmma checks' K loop: four K blocks (or `$blocks`) through `gemm` (the first overwriting
/// the accumulators, `ScaleOut::Zero`), then C copied out of its partition of `$gc`.
macro_rules! wgmma_k_blocks {
    ($mma:ident, $tCrA:expr, $tCrB:ident, $gc:ident) => {
        wgmma_k_blocks!($mma, $tCrA, $tCrB, $gc, 4)
    };
    ($mma:ident, $tCrA:expr, $tCrB:ident, $gc:ident, $blocks:tt) => {{
        let mut tCgC = $mma.partition_C($gc);
        let mut tCrC = $mma.partition_fragment_C::<f32, _, _>(&$gc);
        warpgroup_arrive();
        tessel::unroll!($blocks, k => {
            $mma.atom_mut().scale_out = if k == 0 { ScaleOut::Zero } else { ScaleOut::One };
            gemm(&$mma, &$tCrA.slice((_x, _x, k)), &$tCrB.slice((_x, _x, k)), &mut tCrC.as_view_mut());
        });
        warpgroup_commit_batch();
        warpgroup_wait::<0>();
        copy(&CopyAtom::<UniversalCopy<f32>, f32>::default(), &tCrC, &mut tCgC);
    }};
}

// The same through the atoms: a TiledMma of SM90_64x16x16_F32F16F16_SS, its partitions of the
// stages as descriptor fragments (`make_gmma_fragment`), `gemm` one K block at a time (the
// first overwriting the accumulators, `ScaleOut::Zero`), and C copied out of its partition.
tessel::launch_bounds!(check_wgmma_gemm, 128);
#[no_mangle]
#[allow(non_snake_case)] // CuTe's names
pub unsafe extern "ptx-kernel" fn check_wgmma_gemm(a: *const F16, b: *const F16, c: *mut f32) {
    let t = thread().0 as usize;
    type Mma = MakeTiledMma<SM90_64x16x16_F32F16F16_SS, shape!("(1,1,1)")>;
    let (sa, sb) = wgmma_stages!(a, b, t, 16);
    let gc = TensorPtr::from_raw_parts(c, 64 * 16, layout!("(64,16)"));
    let mut mma = Mma::get_slice(t);
    let tCrA = make_gmma_fragment::<K, _, _>(&mma.partition_A(sa));
    let tCrB = make_gmma_fragment::<K, _, _>(&mma.partition_B(sb));
    wgmma_k_blocks!(mma, tCrA, tCrB, gc);
}

// The RS form: the same TiledMma of SM90_64x16x16_F32F16F16_RS, A copied from global memory
// into the register fragment of its partition, B's descriptors from its stage.
tessel::launch_bounds!(check_wgmma_rs, 128);
#[no_mangle]
#[allow(non_snake_case)] // CuTe's names
pub unsafe extern "ptx-kernel" fn check_wgmma_rs(a: *const F16, b: *const F16, c: *mut f32) {
    let t = thread().0 as usize;
    type Mma = MakeTiledMma<SM90_64x16x16_F32F16F16_RS, shape!("(1,1,1)")>;
    let (_, sb) = wgmma_stages!(a, b, t, 16);
    let ga = TensorPtr::from_raw_parts(a as *mut F16, 64 * 64, layout!("(64,64):(64,1)"));
    let gc = TensorPtr::from_raw_parts(c, 64 * 16, layout!("(64,16)"));
    let mut mma = Mma::get_slice(t);
    let mut tCrA = mma.partition_fragment_A::<F16, _, _>(&ga);
    copy(
        &CopyAtom::<UniversalCopy<F16>, F16>::default(),
        &mma.partition_A(ga),
        &mut tCrA,
    );
    let tCrB = make_gmma_fragment::<K, _, _>(&mma.partition_B(sb));
    wgmma_k_blocks!(mma, tCrA.as_view(), tCrB, gc);
}

/// `check_wgmma_{ss,rs}_{type}_n{N}`: the checks above for more of the SM90 atoms, `C = A B^T`
/// with A `(64,64)` and B `(N,64)` of `$T` and C `(64,N)` column-major f32, through a TiledMma of
/// one `SM90_64xNx16` atom: A from its stage's descriptors (`ss`) or copied into registers
/// (`rs`), B from its stage, four K blocks; for e4m3 (`ss8`) one `SM90_64xNx32` atom on
/// 64-byte-swizzled stages, two K blocks.
macro_rules! check_wgmma_atoms {
    ($($name:ident: $form:ident $T:ty, $Atom:ty, $n:literal;)+) => {$(
        tessel::launch_bounds!($name, 128);
        #[no_mangle]
        #[allow(non_snake_case)] // CuTe's names
        pub unsafe extern "ptx-kernel" fn $name(a: *const $T, b: *const $T, c: *mut f32) {
            let t = thread().0 as usize;
            let (sa, sb) = check_wgmma_atoms!(@stages $form $T, a, b, t, $n);
            let gc = TensorPtr::from_raw_parts(c, 64 * $n, <ColMajor<64, $n>>::default());
            let mut mma = MakeTiledMma::<$Atom, shape!("(1,1,1)")>::get_slice(t);
            let tCrB = make_gmma_fragment::<K, _, _>(&mma.partition_B(sb));
            check_wgmma_atoms!(@a $form $T, mma, a, sa, tCrB, gc);
        }
    )+};
    (@stages ss8 $T:ty, $a:ident, $b:ident, $t:ident, $n:literal) => {
        wgmma_stages!($a, $b, $t, $n, $T, Layout_K_SW64_Atom, 32)
    };
    (@stages $form:ident $T:ty, $a:ident, $b:ident, $t:ident, $n:literal) => {
        wgmma_stages!($a, $b, $t, $n, $T)
    };
    (@a ss $T:ty, $mma:ident, $a:ident, $sa:ident, $tCrB:ident, $gc:ident) => {{
        let tCrA = make_gmma_fragment::<K, _, _>(&$mma.partition_A($sa));
        wgmma_k_blocks!($mma, tCrA, $tCrB, $gc);
    }};
    (@a ss8 $T:ty, $mma:ident, $a:ident, $sa:ident, $tCrB:ident, $gc:ident) => {{
        let tCrA = make_gmma_fragment::<K, _, _>(&$mma.partition_A($sa));
        wgmma_k_blocks!($mma, tCrA, $tCrB, $gc, 2);
    }};
    (@a rs $T:ty, $mma:ident, $a:ident, $sa:ident, $tCrB:ident, $gc:ident) => {{
        let _ = $sa; // A's stage is filled but not read: A comes from registers
        let ga = TensorPtr::from_raw_parts($a as *mut $T, 64 * 64, layout!("(64,64):(64,1)"));
        let mut tCrA = $mma.partition_fragment_A::<$T, _, _>(&ga);
        copy(&CopyAtom::<UniversalCopy<$T>, $T>::default(), &$mma.partition_A(ga), &mut tCrA);
        wgmma_k_blocks!($mma, tCrA.as_view(), $tCrB, $gc);
    }};
}

check_wgmma_atoms! {
    check_wgmma_ss_bf16_n8: ss BF16, SM90_64x8x16_F32BF16BF16_SS, 8;
    check_wgmma_ss_bf16_n32: ss BF16, SM90_64x32x16_F32BF16BF16_SS, 32;
    check_wgmma_ss_bf16_n64: ss BF16, SM90_64x64x16_F32BF16BF16_SS, 64;
    check_wgmma_ss_bf16_n128: ss BF16, SM90_64x128x16_F32BF16BF16_SS, 128;
    check_wgmma_ss_bf16_n256: ss BF16, SM90_64x256x16_F32BF16BF16_SS, 256;
    check_wgmma_ss_f16_n256: ss F16, SM90_64x256x16_F32F16F16_SS, 256;
    check_wgmma_rs_bf16_n16: rs BF16, SM90_64x16x16_F32BF16BF16_RS, 16;
    check_wgmma_rs_bf16_n64: rs BF16, SM90_64x64x16_F32BF16BF16_RS, 64;
    check_wgmma_rs_bf16_n256: rs BF16, SM90_64x256x16_F32BF16BF16_RS, 256;
    check_wgmma_rs_f16_n128: rs F16, SM90_64x128x16_F32F16F16_RS, 128;
    check_wgmma_ss_bf16_n24: ss BF16, SM90_64x24x16_F32BF16BF16_SS, 24;
    check_wgmma_ss_f16_n40: ss F16, SM90_64x40x16_F32F16F16_SS, 40;
    check_wgmma_ss_bf16_n136: ss BF16, SM90_64x136x16_F32BF16BF16_SS, 136;
    check_wgmma_ss_f16_n248: ss F16, SM90_64x248x16_F32F16F16_SS, 248;
    check_wgmma_rs_bf16_n88: rs BF16, SM90_64x88x16_F32BF16BF16_RS, 88;
    check_wgmma_rs_f16_n200: rs F16, SM90_64x200x16_F32F16F16_RS, 200;
    check_wgmma_ss_e4m3_n64: ss8 E4M3, SM90_64x64x32_F32E4M3E4M3_SS_TN, 64;
    check_wgmma_ss_e4m3_n24: ss8 E4M3, SM90_64x24x32_F32E4M3E4M3_SS_TN, 24;
    check_wgmma_ss_e4m3_n136: ss8 E4M3, SM90_64x136x32_F32E4M3E4M3_SS_TN, 136;
    check_wgmma_ss_e4m3_n248: ss8 E4M3, SM90_64x248x32_F32E4M3E4M3_SS_TN, 248;
}

tessel::shared_array!(pipe_stages, 8192, align 128);
tessel::shared_array!(pipe_full, 16, align 8);
tessel::shared_array!(pipe_empty, 16, align 8);

// An mbarrier pipeline of two `(32,32)` f32 stages: thread 0 fills stage after stage with one
// bulk copy each (the byte count the pipeline's type gives), all 128 threads wait for it, write
// `(k + 1)` times their 8 values to `out[k]`, and release it. Eight K tiles go through the two
// stages, so every barrier runs four phases.
tessel::launch_bounds!(check_pipeline, 128);
#[no_mangle]
pub unsafe extern "ptx-kernel" fn check_pipeline(src: *const f32, out: *mut f32) {
    let t = thread().0 as usize;
    type Pipe = PipelineTmaAsync<2, layout!("(32,32)"), f32>;
    let pipe = Pipe::new(pipe_full(), pipe_empty());
    if t == 0 {
        pipe.init(128, true);
    }
    sync_threads();
    let (mut produce, mut consume) = (PipelineState::<2>::new(), PipelineState::<2>::new());
    let mut dst = Ptr::new(out, 8 * 1024);
    for k in 0..8usize {
        if t == 0 {
            pipe.producer_acquire(&produce);
            pipe.producer_expect_tx(&produce, true);
            pipe.copy_bulk(
                &produce,
                src.add(1024 * k),
                pipe_stages() + Pipe::TX_BYTES * produce.index(),
            );
            produce.advance();
        }
        pipe.consumer_wait(&consume);
        let stage = Smem::<f32>::new(pipe_stages() + Pipe::TX_BYTES * consume.index(), 1024);
        for i in 0..8 {
            let at = 8 * t + i;
            dst.store(1024 * k + at, stage.load(at) * (k + 1) as f32);
        }
        pipe.consumer_release(&consume);
        consume.advance();
    }
}
