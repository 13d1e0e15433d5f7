//! Epilogue collectives (CUTLASS's `CollectiveEpilogue`): what a GEMM's consumers do with a
//! tile's f32 accumulators once its mainloop is done.
//!
//! - [`Accumulators`]: a TiledMma's accumulators of a `(BM,BN)` tile, and each value's
//!   coordinate in the tile (the thread's `partition_C` of the tile's identity tensor).
//! - [`Direct`]: each value, transformed by a [`Fusion`], converted to `Out` and stored to global
//!   memory where it lies inside the output (predicated by its coordinate).
//! - [`DirectAmax`]: as `Direct`, scaled, with the values' largest magnitude reduced (an e4m3
//!   output's scale and amax, as fp8 training needs).
//! - [`TmaStore`]: through a swizzled shared buffer and TMA stores, `F` applied.
//! - [`SplitK`]: split-K's serial reduction before another epilogue: the parts of a tile add up
//!   in turn through an f32 workspace; the last stores with the inner epilogue.
//!
//! Post-conditions: every element of the output inside `m x n` that a tile covers is written
//! once, as `Out::from_f32(F(acc))`; nothing outside is written; with split-K, the stored
//! accumulator is the sum of the parts' (in the parts' order).
//!
//! ```
//! use tessel::kernel::epilogue::Accumulators;
//! use tessel::mma::SM90_64x256x16_F32BF16BF16_SS;
//! use tessel::{shape, MakeTiledMma, TiledMma};
//! type Mma = MakeTiledMma<SM90_64x256x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
//! type Tile = shape!("(128,256)");
//! // Consumer thread 130 (second warpgroup, warp 0, lane 2): rows 64 and 72, columns 4 and 5, ...
//! let thr = Mma::get_slice(130);
//! let coords: Vec<_> = (0..4).map(|i| <Tile as Accumulators<Mma>>::coord(&thr, i)).collect();
//! assert_eq!(coords, [(64, 4), (64, 5), (72, 4), (72, 5)]);
//! assert_eq!(<Tile as Accumulators<Mma>>::coord(&thr, 127), (72, 253));
//! ```

use crate::atom::element::Numeric;
use crate::atom::thr_mma::{FragmentLayoutOf, OperandFragment, Partition, Partitioned};
use crate::atom::thr_mma::{PartitionFragment, ThrMma};
use crate::atom::tiled_mma::TiledMma;
use crate::diagnostic::Checked;
use crate::kernel::fusion::{At, EpilogueArgs, Fusion};
use crate::kernel::scheduler::Work;
use crate::kernel::storage::Buffer;
use crate::num::count::Count;
use crate::num::index::MaxLeaves;
use crate::tensor::{make_identity_tensor_of, AccessMut, FragmentLayout, IdentityShape, Walk};
use crate::tensor::{CoordAt, Coords, IdentityLeaves, LeavesAtMost, Sliced, TensorOf};
use core::marker::PhantomData;
use core::ops::IndexMut;
use generic_array::ArrayLength;

/// A TiledMma's accumulators of a tile of static shape `Self`, `(BM,BN)` (typenum numbers).
pub trait Accumulators<Tm: TiledMma>: Sized {
    /// The thread's fragment (CuTe's `partition_fragment_C`).
    type Frag: Default + Walk<Engine: AccessMut<Elem = f32>> + IndexMut<usize, Output = f32>;
    /// Its values, a static count.
    type Vals: Count + Default;
    /// The tile's `(rows, columns)`.
    const SHAPE: (usize, usize);
    /// Value `i`'s `(row, column)` in the tile.
    fn coord(thr: &ThrMma<Tm>, i: usize) -> (usize, usize);
}

/// The tile's identity layout, what the thread's accumulators are a partition of.
type Identity<S> = <S as IdentityShape>::Layout;

impl<Tm: TiledMma, M: typenum::Unsigned, N: typenum::Unsigned> Accumulators<Tm> for (M, N)
where
    (M, N): IdentityShape<Coord = (usize, usize)> + Default,
    Identity<(M, N)>: Partition<Tm::OpC> + Default,
    Tm::OpC: OperandFragment<Partitioned<Identity<(M, N)>, Tm::OpC>>,
    <Tm::OpC as OperandFragment<Partitioned<Identity<(M, N)>, Tm::OpC>>>::Verdict: Checked,
    FragmentLayoutOf<Identity<(M, N)>, Tm::OpC>: FragmentLayout,
    PartitionFragment<f32, Identity<(M, N)>, Tm::OpC>:
        Default + Walk<Engine: AccessMut<Elem = f32>> + IndexMut<usize, Output = f32>,
    <FragmentLayoutOf<Identity<(M, N)>, Tm::OpC> as FragmentLayout>::Len:
        Count + Default + ArrayLength<f32>,
    (M, N): LeavesAtMost<MaxLeaves, IdentityLeaves>,
    <(M, N) as LeavesAtMost<MaxLeaves, IdentityLeaves>>::Verdict: Checked,
    Partitioned<Identity<(M, N)>, Tm::OpC>: Sliced,
    TensorOf<Coords<(usize, usize)>, Partitioned<Identity<(M, N)>, Tm::OpC>>:
        CoordAt<Coord = (usize, usize)>,
{
    type Frag = PartitionFragment<f32, Identity<(M, N)>, Tm::OpC>;
    type Vals = <FragmentLayoutOf<Identity<(M, N)>, Tm::OpC> as FragmentLayout>::Len;
    const SHAPE: (usize, usize) = (M::USIZE, N::USIZE);
    #[inline(always)]
    fn coord(thr: &ThrMma<Tm>, i: usize) -> (usize, usize) {
        thr.partition_C(make_identity_tensor_of(<(M, N)>::default()))
            .coord_at(i)
    }
}

/// Where a tile is stored, and what its epilogue reads: the output (column-major, `m x n`,
/// leading dimension `m`), the fusion's arguments, split-K's workspace and turns, a TMA store's
/// buffer and descriptor.
pub struct Output<'a, Out> {
    /// The output's first element.
    pub c: *mut Out,
    /// `(m, n)`.
    pub mn: (usize, usize),
    /// The fusion's arguments.
    pub args: &'a EpilogueArgs,
    /// Split-K's workspace: a tile's accumulators a tile, f32.
    pub partial: *mut f32,
    /// Split-K's turns: a flag a tile, zero before the launch.
    pub flags: *mut u32,
    /// A TMA store's buffer in shared memory.
    pub smem: u32,
    /// A TMA store's descriptor of the output: the address of the kernel's parameter
    /// (`TensorMap::from_param`), read by a TMA-store epilogue only.
    pub tma: u64,
}

/// What an epilogue adds to its kernel, known on the host too: its part of the shared storage,
/// its descriptor's tile, whether it reduces split-K's parts.
pub trait EpilogueParts {
    /// The output's element.
    type Out;
    /// Its shared buffer (a [`Buffer`]), or `()`.
    type Buffer;
    /// The tile of a TMA store's descriptor (`()` for an epilogue without one).
    type StoreTile;
    /// Whether it reduces split-K's parts (the scheduler splits only then).
    const SPLIT: bool;
    /// Whether it stores through TMA (the host then encodes C's descriptor).
    const TMA: bool;
}
impl<Out, F> EpilogueParts for Direct<Out, F> {
    type Out = Out;
    type Buffer = ();
    type StoreTile = ();
    const SPLIT: bool = false;
    const TMA: bool = false;
}
impl<Out, F> EpilogueParts for DirectAmax<Out, F> {
    type Out = Out;
    type Buffer = ();
    type StoreTile = ();
    const SPLIT: bool = false;
    const TMA: bool = false;
}
impl<E: EpilogueParts> EpilogueParts for SplitK<E> {
    type Out = E::Out;
    type Buffer = E::Buffer;
    type StoreTile = E::StoreTile;
    const SPLIT: bool = true;
    const TMA: bool = E::TMA;
}
impl<Out, F, S> EpilogueParts for TmaStore<Out, F, S> {
    type Out = Out;
    type Buffer = Buffer<Out, S>;
    type StoreTile = S;
    const SPLIT: bool = false;
    const TMA: bool = true;
}

/// An epilogue of tiles of shape `Tile` computed by the TiledMma `Tm`.
pub trait Epilogue<Tm: TiledMma, Tile: Accumulators<Tm>>: EpilogueParts {
    /// Before the first tile, once, by one thread: a descriptor at parameter address `tma`
    /// into the cache.
    ///
    /// # Safety
    /// `tma` is [`Output::tma`].
    unsafe fn prefetch(_tma: u64) {}
    /// Stores `work`'s tile, whose first element is `origin`; `thread` is the consumer thread
    /// (of `Tm::THREADS`).
    ///
    /// # Safety
    /// Every consumer thread calls it with its accumulators; `out` holds the output and the
    /// pointers the fusion and the epilogue read.
    unsafe fn store(
        out: &Output<Self::Out>,
        thr: &ThrMma<Tm>,
        thread: usize,
        work: &Work,
        origin: (usize, usize),
        acc: &mut Tile::Frag,
    );
    /// After the last tile: what the block's shared memory must outlive.
    ///
    /// # Safety
    /// Every consumer thread calls it.
    unsafe fn finish(_thread: usize) {}
}

/// Stores each value where it lies inside the output, `F` applied, converted to `Out`.
pub struct Direct<Out, F>(PhantomData<(Out, F)>);

/// Each of the thread's values of the tile at `(r0, c0)` that lies inside the output, with its
/// coordinate and `F` applied: `put(at, F(acc[i]))`. Unrolled (a static count): a loop would
/// index the registers, putting them in local memory.
#[inline(always)]
unsafe fn each_inside<Tm: TiledMma, Tile: Accumulators<Tm>, Out, F: Fusion<Out>>(
    out: &Output<Out>,
    thr: &ThrMma<Tm>,
    (r0, c0): (usize, usize),
    acc: &Tile::Frag,
    mut put: impl FnMut(&At, f32),
) {
    let (m, n) = out.mn;
    Tile::Vals::default().each(
        #[inline(always)]
        |i| {
            let (r, c) = Tile::coord(thr, i);
            let (row, col) = (r0 + r, c0 + c);
            if row < m && col < n {
                let at = At {
                    row,
                    col,
                    index: row + m * col,
                };
                put(&at, F::apply(out.args, acc[i], &at));
            }
        },
    );
}

impl<Tm: TiledMma, Tile: Accumulators<Tm>, Out: Numeric, F: Fusion<Out>> Epilogue<Tm, Tile>
    for Direct<Out, F>
{
    #[inline(always)]
    unsafe fn store(
        out: &Output<Out>,
        thr: &ThrMma<Tm>,
        _: usize,
        _: &Work,
        origin: (usize, usize),
        acc: &mut Tile::Frag,
    ) {
        each_inside::<Tm, Tile, Out, F>(out, thr, origin, acc, |at, x| {
            *out.c.add(at.index) = Out::from_f32(x)
        });
    }
}

/// As [`Direct`], each value then scaled by the arguments' `scale` before its conversion, and
/// the largest magnitude of the values before scaling reduced into the arguments' `amax` (an f32,
/// 0 before the launch; one atomic maximum a thread a tile): what fp8 training needs of an e4m3
/// output (the next step's scale comes from the amax).
pub struct DirectAmax<Out, F>(PhantomData<(Out, F)>);

/// Split-K's serial reduction, then the epilogue `E` for the tile's last part: in turn, each
/// part adds what the parts before it summed (through the workspace) and leaves the new sum for
/// the next (CUTLASS's serial split-K).
pub struct SplitK<E>(PhantomData<E>);

/// Stores the tile through a shared buffer of tile `S` (`(BM, cols)`, of the output's type) and TMA,
/// a buffer's worth of columns at a time, `F` applied. The buffer's swizzle keeps the
/// consumers' writes free of bank conflicts; TMA writes only what lies inside the output.
pub struct TmaStore<Out, F, S>(PhantomData<(Out, F, S)>);

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{each_inside, Accumulators, At, DirectAmax, Epilogue, Output, SplitK, TmaStore};
    use crate::arch::red_max_u32;
    use crate::arch::sm90::{fence_proxy_async_shared, tma_store_arrive, tma_store_wait};
    use crate::arch::sync_named;
    use crate::atom::element::Numeric;
    use crate::atom::thr_mma::ThrMma;
    use crate::atom::tiled_mma::TiledMma;
    use crate::atom::tma::{TensorMap, TmaDestination, TmaElement, TmaTile};
    use crate::atom::tma_tile::{SameTile, TileVerdict};
    use crate::diagnostic::Checked;
    use crate::kernel::fusion::Fusion;
    use crate::kernel::scheduler::{SplitKFlags, Work};
    use crate::layout::StaticLayout;
    use crate::num::count::Count;
    use crate::tensor::{AccessMut, IndexOf, Smem, TensorLayout, TensorSmem};

    /// The named barrier of the consumer warpgroups (0 is the block's).
    const CONSUMERS_BARRIER: u32 = 1;

    impl<Tm: TiledMma, Tile: Accumulators<Tm>, E: Epilogue<Tm, Tile>> Epilogue<Tm, Tile> for SplitK<E> {
        #[inline(always)]
        unsafe fn prefetch(tma: u64) {
            E::prefetch(tma)
        }
        #[inline(always)]
        unsafe fn store(
            out: &Output<E::Out>,
            thr: &ThrMma<Tm>,
            thread: usize,
            work: &Work,
            origin: (usize, usize),
            acc: &mut Tile::Frag,
        ) {
            if work.splits > 1 {
                // The tile's sums, `(thread, value)` column-major: a value's threads side by side
                // (coalesced).
                let vals = <Tile::Vals as Default>::default().get();
                let sum = out.partial.add(work.index * Tm::THREADS * vals + thread);
                let (turns, leader) = (SplitKFlags::new(out.flags), thread == 0);
                let barrier = (CONSUMERS_BARRIER, Tm::THREADS as u32);
                turns.wait(work, leader, barrier);
                if work.split > 0 {
                    Tile::Vals::default().each(|i| acc[i] += *sum.add(Tm::THREADS * i));
                }
                if !work.is_last() {
                    Tile::Vals::default().each(|i| *sum.add(Tm::THREADS * i) = acc[i]);
                }
                turns.pass(work, leader, barrier);
                if !work.is_last() {
                    return;
                }
            }
            E::store(out, thr, thread, work, origin, acc)
        }
        #[inline(always)]
        unsafe fn finish(thread: usize) {
            E::finish(thread)
        }
    }

    impl<Tm: TiledMma, Tile: Accumulators<Tm>, Out: Numeric, F: Fusion<Out>> Epilogue<Tm, Tile>
        for DirectAmax<Out, F>
    {
        #[inline(always)]
        unsafe fn store(
            out: &Output<Out>,
            thr: &ThrMma<Tm>,
            _: usize,
            _: &Work,
            origin: (usize, usize),
            acc: &mut Tile::Frag,
        ) {
            let (scale, mut amax) = (out.args.scale, 0f32);
            each_inside::<Tm, Tile, Out, F>(out, thr, origin, acc, |at, x| {
                amax = amax.max(x.abs());
                *out.c.add(at.index) = Out::from_f32(scale * x);
            });
            // Non-negative f32s order as their bits do.
            red_max_u32(out.args.amax as *mut u32, amax.to_bits());
        }
    }

    /// A shared tile written at coordinates and stored by TMA, for generic code.
    pub trait SmemTile<T>: TmaTile + StaticLayout + Sized {
        /// Writes `v` at `(row, col)` of the tile at shared address `smem`.
        ///
        /// # Safety
        /// The tile lies at `smem`.
        unsafe fn write(smem: u32, at: (usize, usize), v: T);
        /// Stores the tile at `smem` to the output at `origin`, issued where `issue` holds.
        ///
        /// # Safety
        /// As [`TensorMap::store`]'s.
        unsafe fn store(tma: &TensorMap<T, Self>, smem: u32, origin: [usize; 2], issue: bool);
    }
    impl<T: TmaElement + Copy, S> SmemTile<T> for S
    where
        S: TmaTile + StaticLayout + Default + TensorLayout,
        TensorSmem<T, S::Layout>: IndexOf<(usize, usize)> + TmaDestination<Elem = T>,
        <TensorSmem<T, S::Layout> as TmaDestination>::Tile: SameTile<S>,
        TileVerdict<<TensorSmem<T, S::Layout> as TmaDestination>::Tile, S>: Checked,
    {
        #[inline(always)]
        unsafe fn write(smem: u32, at: (usize, usize), v: T) {
            let tile = TensorSmem::<T, _>::from_smem(smem, S::COSIZE, S::default());
            Smem::<T>::new(smem, S::COSIZE).store(tile.index_at(at) as usize, v);
        }
        #[inline(always)]
        unsafe fn store(tma: &TensorMap<T, S>, smem: u32, origin: [usize; 2], issue: bool) {
            let tile = TensorSmem::<T, _>::from_smem(smem, S::COSIZE, S::default());
            tma.store(origin, &tile, issue);
        }
    }

    impl<
            Tm: TiledMma,
            Tile: Accumulators<Tm>,
            Out: Numeric + TmaElement,
            F: Fusion<Out>,
            S: SmemTile<Out>,
        > Epilogue<Tm, Tile> for TmaStore<Out, F, S>
    {
        #[inline(always)]
        unsafe fn prefetch(tma: u64) {
            TensorMap::<Out, S>::from_param(tma).prefetch()
        }
        #[inline(always)]
        unsafe fn store(
            out: &Output<Out>,
            thr: &ThrMma<Tm>,
            thread: usize,
            _: &Work,
            (r0, c0): (usize, usize),
            acc: &mut Tile::Frag,
        ) {
            let m = out.mn.0;
            // A thread's values run over the buffer's column blocks in turn (the value mode of N
            // is outermost), `per` a block.
            let cols = <S as StaticLayout>::SIZE / Tile::SHAPE.0;
            let blocks = Tile::SHAPE.1 / cols;
            let per = <Tile::Vals as Default>::default().get() / blocks;
            let barrier = || sync_named(CONSUMERS_BARRIER, Tm::THREADS as u32);
            for h in 0..blocks {
                // The previous store has read the buffer.
                if thread == 0 {
                    tma_store_wait::<0>();
                }
                barrier();
                Tile::Vals::default().each(|i| {
                    if i / per == h {
                        let (r, c) = Tile::coord(thr, i);
                        let at = At {
                            row: r0 + r,
                            col: c0 + c,
                            index: r0 + r + m * (c0 + c),
                        };
                        S::write(
                            out.smem,
                            (r, c - h * cols),
                            Out::from_f32(F::apply(out.args, acc[i], &at)),
                        );
                    }
                });
                fence_proxy_async_shared();
                barrier();
                if thread == 0 {
                    S::store(
                        TensorMap::from_param(out.tma),
                        out.smem,
                        [r0, c0 + h * cols],
                        true,
                    );
                    tma_store_arrive();
                }
            }
        }
        #[inline(always)]
        unsafe fn finish(thread: usize) {
            if thread == 0 {
                // The block's shared memory outlives the last store's read of it.
                tma_store_wait::<0>();
            }
        }
    }
}

#[cfg(target_arch = "nvptx64")]
pub use device::SmemTile;
