//! TMA copies as copy atoms: CuTe's `copy(tma.with(bar), tAgA(_, k), tAsA(_, pipe))`.
//!
//! A TMA copy moves a whole tile between the global tensor and shared memory, as many boxes as
//! the descriptor's tile takes ([`TensorMap::BOXES`]). Its global side is a tile of the TMA
//! tensor ([`TensorMap::get_tma_tensor`]: the global tensor's coordinates, cut by the same
//! `local_tile` as the data would be), its shared side a tile of the descriptor's layout.
//! [`tma_partition`] takes both with the tile gathered into mode 0 (`group_modes::<0, 2>`) and
//! gives them back as `(TMA, rest)`: slicing a rest coordinate (a K tile, a stage) leaves one
//! copy's tiles (1 to 4 rest modes: a K tile and a batch, say).
//!
//! What the instruction needs beyond the two tensors is the atom's state, carried as CuTe's
//! `.with(...)` carries it:
//! - `tma.with(bar)`: a load completing its bytes on the mbarrier at shared address `bar`;
//! - `tma.with((bar, mask))`: a load multicast to the blocks of the cluster in `mask`, each
//!   block's barrier at `bar` (`SM90_TMA_LOAD_MULTICAST`);
//! - a store needs none: `copy(&tma, &smem_tile, &mut coord_tile)` (`SM90_TMA_STORE`).
//!
//! One thread issues a TMA copy. Where a whole warp calls `copy` together (so that it takes no
//! branch), `.issue_if(elected)` issues it from the elected lane only.
//!
//! ```
//! use tessel::atom::element::BF16;
//! use tessel::atom::gmma::Layout_K_SW128_Atom;
//! use tessel::atom::tma::{TensorMap, TmaDescriptor};
//! use tessel::atom::tma_copy::tma_partition;
//! use tessel::{layout, local_tile, shape, TensorSmem, TileToShape, Underscore as _x, C};
//! type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
//! type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64,3)")>;
//! let (m, k) = (512usize, 256usize);
//! let a = layout!("(M,K):(ldA,1)"; M = m, K = k, ldA = k);
//! let tma = TensorMap::<BF16, Stage>::encode(0, &a, 1, |_, _: &mut TmaDescriptor| Ok::<(), ()>(())).unwrap();
//! // SAFETY: the address and size are the stages' (nothing is read).
//! let s_a = unsafe { TensorSmem::<BF16, _>::from_smem(0x400, 128 * 64 * 3, Stages::default()) };
//! let g_a = local_tile(tma.get_tma_tensor((m, k)), <shape!("(128,64)")>::default(), (2usize, _x)); // (BM,BK,k)
//! let (t_g, t_s) = tma_partition(&tma, 0, layout!("1:0"), s_a.group_modes::<0, 2>(), g_a.group_modes::<0, 2>());
//! // K tile 3 into stage 1: the tile at row 256, column 192; the stage's address.
//! let copy = tma.with(0x8000);
//! let (tile, stage) = (t_g.slice((_x, 3usize)), t_s.slice((_x, 1usize)));
//! assert_eq!(copy.box_at(&tile, &stage, 0), ([192, 256, 0, 0, 0], 0x400 + 2 * 128 * 64));
//! assert_eq!(copy.barrier(), 0x8000);
//! ```

use super::tma::{
    BoxStarts, SameElement, TensorMap, TmaDestination, TmaElement, TmaTile, MAX_RANK,
};
use super::tma_tile::{SameTile, TileVerdict};
use crate::algebra::divide::ZippedDivideBy;
use crate::diagnostic::Checked;
use crate::layout::coord::{Coord, CoordIn, Index};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::{Parts, TwoModes};
use crate::layout::Layout;
use crate::swizzle::SwizzleFn;
use crate::tensor::{
    make_identity_tensor_of, At, CoordTuple, Coords, IdentityLeaves, IdentityShape, IdentityTensor,
    LeavesAtMost, PaddedLeaves,
};
use crate::tensor::{Counted, Engine, SameCount, Sliced, Swizzled, TensorOf};
use typenum::{U16, U5};

/// A TMA copy with its state `St`: `u32` (a load, its barrier), `(u32, u16)` (a multicast load,
/// its barrier and the blocks), or [`Store`].
#[derive(Clone, Copy)]
pub struct TmaCopy<'a, T, S, St> {
    map: &'a TensorMap<T, S>,
    state: St,
    issue: bool,
}

/// The state of a TMA store: none.
#[derive(Clone, Copy, Default, Debug)]
pub struct Store;

/// What a TMA load's `.with(...)` takes: the barrier, or the barrier and the multicast mask.
pub trait LoadState: Copy {
    /// The shared address of the barrier the copy completes on.
    fn barrier(&self) -> u32;
    /// The blocks of the cluster a multicast load writes to.
    fn mask(&self) -> Option<u16>;
}
impl LoadState for u32 {
    #[inline(always)]
    fn barrier(&self) -> u32 {
        *self
    }
    #[inline(always)]
    fn mask(&self) -> Option<u16> {
        None
    }
}
impl LoadState for (u32, u16) {
    #[inline(always)]
    fn barrier(&self) -> u32 {
        self.0
    }
    #[inline(always)]
    fn mask(&self) -> Option<u16> {
        Some(self.1)
    }
}

/// A tile of TMA coordinates (a tile of [`TensorMap::get_tma_tensor`], of any rank, its modes
/// flat or nested as the global tensor's): the global coordinate of each element, and how many
/// it has.
pub trait TmaCoords {
    /// The global coordinate of its element at 1-D coordinate `x`, one a leaf of the global
    /// tensor, in TMA's five modes (zeros past them).
    fn coord_at(&self, x: usize) -> [usize; MAX_RANK];
    /// The global coordinate of its first element.
    #[inline(always)]
    fn origin(&self) -> [usize; MAX_RANK] {
        self.coord_at(0)
    }
    /// Its size.
    fn size(&self) -> usize;
}
impl<Co: CoordTuple, S: LayoutShape<D>, D: IntTuple> TmaCoords
    for TensorOf<Coords<Co>, Layout<S, D>>
where
    usize: CoordIn<S::Profile, Itself = usize> + Coord<S, D>,
    Co: LeavesAtMost<U5, PaddedLeaves>,
    <Co as LeavesAtMost<U5, PaddedLeaves>>::Verdict: Checked,
{
    #[inline(always)]
    fn coord_at(&self, x: usize) -> [usize; MAX_RANK] {
        self.coord_padded(x)
    }
    #[inline(always)]
    fn size(&self) -> usize {
        self.layout().size()
    }
}

/// The boxes of a copy start where a tile of TMA coordinates says: box `i` at the coordinate of
/// the tile's element where the box starts in the descriptor's tile (a leaf a coordinate, so a
/// nested global mode gets each of its leaves).
pub struct TileStarts<'a, G>(pub &'a G);
impl<G> Clone for TileStarts<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G> Copy for TileStarts<'_, G> {}
impl<G: TmaCoords> BoxStarts for TileStarts<'_, G> {
    type Start = [usize; MAX_RANK];
    #[inline(always)]
    fn box_start<T: TmaElement, S: TmaTile>(&self, i: usize) -> [usize; MAX_RANK] {
        self.0.coord_at(TensorMap::<T, S>::BOXES.coord(i))
    }
}

impl<T, S> TensorMap<T, S> {
    /// CuTe's `tma.with(bar)` (a load completing on the mbarrier at `bar`) and
    /// `tma.with(bar, mask)` (multicast to the blocks of `mask`), as `with((bar, mask))`.
    #[inline(always)]
    pub fn with<St: LoadState>(&self, state: St) -> TmaCopy<'_, T, S, St> {
        TmaCopy {
            map: self,
            state,
            issue: true,
        }
    }

    /// The store, issued only where `issue` holds (see [`TmaCopy::issue_if`]); `copy(&tma, ..)`
    /// is the store issued by every caller.
    #[inline(always)]
    pub fn issue_if(&self, issue: bool) -> TmaCopy<'_, T, S, Store> {
        TmaCopy {
            map: self,
            state: Store,
            issue,
        }
    }

    /// CuTe's `tma.get_tma_tensor(shape)`: the coordinates of the global tensor of `shape`
    /// (`(m, k)`, or of rank up to 5), each element its own (an identity tensor), to be cut as the
    /// data would be.
    #[inline(always)]
    pub fn get_tma_tensor<Sh>(&self, shape: Sh) -> IdentityTensor<Sh>
    where
        Sh: IdentityShape + LeavesAtMost<U5, PaddedLeaves> + LeavesAtMost<U16, IdentityLeaves>,
        <Sh as LeavesAtMost<U5, PaddedLeaves>>::Verdict: Checked,
        <Sh as LeavesAtMost<U16, IdentityLeaves>>::Verdict: Checked,
    {
        make_identity_tensor_of(shape)
    }
}

impl<'a, T, S, St> TmaCopy<'a, T, S, St> {
    /// The copy issued only where `issue` holds: in a warp that calls it together, the elected
    /// lane (`elect_one_sync()`), so that the warp takes no branch.
    #[inline(always)]
    pub fn issue_if(self, issue: bool) -> Self {
        TmaCopy { issue, ..self }
    }

    /// Whether this thread issues the copy.
    #[inline(always)]
    pub fn issues(&self) -> bool {
        self.issue
    }

    /// The state.
    #[inline(always)]
    pub fn state(&self) -> St
    where
        St: Copy,
    {
        self.state
    }
}

impl<'a, T, S, St: LoadState> TmaCopy<'a, T, S, St> {
    /// The barrier the load completes on.
    #[inline(always)]
    pub fn barrier(&self) -> u32 {
        self.state.barrier()
    }
}

impl<'a, T: TmaElement, S: TmaTile, St> TmaCopy<'a, T, S, St> {
    /// Box `i` of the copy between the tile of TMA coordinates `coords` and the shared tile
    /// `smem`: its TMA coordinates and shared address ([`TensorMap::box_copy`] from the tile's
    /// first coordinate). `smem` holds the descriptor's tile, checked during type checking.
    #[inline(always)]
    pub fn box_at<G: TmaCoords, D: TmaDestination>(
        &self,
        coords: &G,
        smem: &D,
        i: usize,
    ) -> ([i32; MAX_RANK], u32)
    where
        D::Elem: SameElement<T>,
        D::Tile: SameTile<S>,
        TileVerdict<D::Tile, S>: Checked,
    {
        debug_assert_eq!(
            coords.size(),
            S::MAP.size(),
            "TMA copy: the tile of coordinates is not the descriptor's tile"
        );
        self.map.box_copy(TileStarts(coords), smem, i)
    }
}

/// CuTe's `tma_partition(tma, cta_coord, cta_layout, stensor, gtensor)`: `(gtensor, stensor)`,
/// each `(TMA, rest..)`, the tile gathered into mode 0 by the caller (`group_modes::<0, R>()`).
/// Where the blocks of `cta_layout` share the tile (a multicast load), the TMA mode is this
/// block's part of it: the tile cut into the TensorMap's tiles, part `cta_layout(cta_coord)`
/// (so the parts are as many as the blocks, checked in debug builds); each block loads its part
/// to every block. For one block (`0, layout!("1:0")`, CuTe's `Int<0>{}, Layout<_1>{}`) the
/// part is the whole tile. The TensorMap walks its boxes itself, so the TMA mode is a tile, not
/// CuTe's `(box, boxes)`; a copy checks that the shared part is the descriptor's tile.
///
/// ```
/// use tessel::atom::element::BF16;
/// use tessel::atom::gmma::Layout_K_SW128_Atom;
/// use tessel::atom::tma::{TensorMap, TmaDescriptor};
/// use tessel::atom::tma_copy::tma_partition;
/// use tessel::{layout, local_tile, shape, TensorSmem, TileToShape, Underscore as _x, C};
/// // A pair of blocks shares B's (256,64) tile: each loads 128 rows, multicast to both.
/// type Half = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
/// type Stages = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(256,64,2)")>;
/// let (n, k) = (1024usize, 512usize);
/// let b = layout!("(N,K):(ldB,1)"; N = n, K = k, ldB = k);
/// let tma = TensorMap::<BF16, Half>::encode(0, &b, 2, |_, _: &mut TmaDescriptor| Ok::<(), ()>(())).unwrap();
/// // SAFETY: the address and size are the stages' (nothing is read).
/// let s_b = unsafe { TensorSmem::<BF16, _>::from_smem(0, 256 * 64 * 2, Stages::default()) };
/// let g_b = local_tile(tma.get_tma_tensor((n, k)), <shape!("(256,64)")>::default(), (1usize, _x));
/// let (t_g, t_s) = tma_partition(&tma, 1, layout!("2:1"), s_b.group_modes::<0, 2>(), g_b.group_modes::<0, 2>());
/// // Block 1 of the pair: rows 384.. of B, the second half of each stage.
/// let copy = tma.with((0x8000, 0b11));
/// assert_eq!(copy.box_at(&t_g.slice((_x, 2usize)), &t_s.slice((_x, 1usize)), 0), ([128, 384, 0, 0, 0], 2 * (256 * 64 + 128 * 64)));
/// ```
#[inline(always)]
pub fn tma_partition<T, S: TmaTile, Cs, Cd, Es, Ls, Eg, Lg>(
    _tma: &TensorMap<T, S>,
    cta_coord: usize,
    cta_layout: Layout<Cs, Cd>,
    stensor: TensorOf<Es, Ls>,
    gtensor: TensorOf<Eg, Lg>,
) -> (TensorOf<Eg, Lg::Output>, TensorOf<Es, Ls::Output>)
where
    Cs: LayoutShape<Cd>,
    Cd: IntTuple,
    Layout<Cs, Cd>: At<usize>,
    Es: Engine,
    Eg: Engine,
    Ls: TmaPart<S::Top>,
    Lg: TmaPart<S::Top>,
    Cs: Counted,
    Cs::Count: SameCount<Ls::Parts, OnePartPerBlock>,
    <Cs::Count as SameCount<Ls::Parts, OnePartPerBlock>>::Verdict: Checked,
{
    let (part, blocks) = (
        cta_layout.at::<isize>(cta_coord) as usize,
        cta_layout.shape().size(),
    );
    let g = gtensor.map(|l| l.tma_part(S::Top::default(), part, blocks));
    (
        g,
        stensor.map(|l| l.tma_part(S::Top::default(), part, blocks)),
    )
}

crate::diagnostic::condition!(
    /// Each block of a multicast loads one part of the shared tile.
    OnePartPerBlock,
    OnePartPerBlockFails,
    "tma_partition: cta_layout has {A} blocks, but the tile holds {B} of the TensorMap's tiles",
    "each block of cta_layout loads one TensorMap tile of the shared tile: as many as blocks"
);

/// A `(TMA, rest..)` layout whose TMA mode is cut into tiles of `P`, one kept: what
/// [`tma_partition`] does to both tensors, plain or swizzled.
pub trait TmaPart<P>: Sized {
    /// The layout with the part as its TMA mode.
    type Output: Sliced;
    /// The number of parts: static where the tile is.
    type Parts;
    /// Part `i` of `blocks` (as many as the parts, checked in debug builds), and the index of
    /// its first element.
    fn tma_part<I: Index>(self, tiler: P, i: usize, blocks: usize) -> (Self::Output, I);
}

type Parted<L, P> = <L as ZippedDivideBy<P>>::Output;
type PartTile<L, P> = <Parted<L, P> as TwoModes>::First;

/// `(TMA, rest..)` of 1 to 4 rest modes: the TMA mode cut, the rest kept.
macro_rules! tma_parts {
    ($(($($S:ident $D:ident $i:tt),+))+) => {$(
        impl<S0, D0: IntTuple, $($S, $D: IntTuple,)+ P: Copy> TmaPart<P>
            for Layout<(S0, $($S,)+), (D0, $($D,)+)>
        where
            (S0, $($S,)+): LayoutShape<(D0, $($D,)+)>,
            S0: LayoutShape<D0>,
            Layout<S0, D0>: ZippedDivideBy<P>,
            Parted<Layout<S0, D0>, P>: TwoModes,
            PartTile<Layout<S0, D0>, P>: Parts,
            <Parted<Layout<S0, D0>, P> as TwoModes>::Second: At<usize> + Parts,
            <<Parted<Layout<S0, D0>, P> as TwoModes>::Second as Parts>::Shape: Counted,
            (<PartTile<Layout<S0, D0>, P> as Parts>::Shape, $($S,)+):
                LayoutShape<(<PartTile<Layout<S0, D0>, P> as Parts>::Stride, $($D,)+)>,
            <PartTile<Layout<S0, D0>, P> as Parts>::Stride: IntTuple,
        {
            type Output = Layout<
                (<PartTile<Layout<S0, D0>, P> as Parts>::Shape, $($S,)+),
                (<PartTile<Layout<S0, D0>, P> as Parts>::Stride, $($D,)+),
            >;
            type Parts =
                <<<Parted<Layout<S0, D0>, P> as TwoModes>::Second as Parts>::Shape as Counted>::Count;
            #[inline(always)]
            fn tma_part<I: Index>(self, tiler: P, i: usize, blocks: usize) -> (Self::Output, I) {
                let (shape, stride) = (self.shape(), self.stride());
                let tma = Layout::new(shape.0, stride.0);
                let (part, parts) = tma.zipped_divide_by(tiler).split();
                let shift = parts.at(i);
                let count = parts.parts().0.size();
                debug_assert_eq!(
                    count, blocks,
                    "tma_partition: the tile holds {count} of the TensorMap's tiles, the cluster layout {blocks} blocks"
                );
                let (s, d) = part.parts();
                (Layout::new((s, $(shape.$i,)+), (d, $(stride.$i,)+)), shift)
            }
        }
    )+};
}
tma_parts! {
    (S1 D1 1)
    (S1 D1 1, S2 D2 2)
    (S1 D1 1, S2 D2 2, S3 D3 3)
    (S1 D1 1, S2 D2 2, S3 D3 3, S4 D4 4)
}

impl<Sw: SwizzleFn, L: TmaPart<P> + Copy, P> TmaPart<P> for Swizzled<Sw, L> {
    type Output = Swizzled<Sw, L::Output>;
    type Parts = L::Parts;
    #[inline(always)]
    fn tma_part<I: Index>(self, tiler: P, i: usize, blocks: usize) -> (Self::Output, I) {
        let (layout, shift) = (*self.inner()).tma_part(tiler, i, blocks);
        (Swizzled::new(self.offset(), layout), shift)
    }
}
#[cfg(target_arch = "nvptx64")]
mod device {
    use super::{LoadState, Store, TileStarts, TmaCoords, TmaCopy};
    use crate::atom::exec::CopyOp;
    use crate::atom::tma::{SameElement, TensorMap, TmaDestination, TmaElement, TmaTile};
    use crate::atom::tma_tile::{SameTile, TileVerdict};
    use crate::diagnostic::Checked;

    /// A load: `copy(&tma.with(bar), coords, smem)`.
    impl<'a, T: TmaElement, S: TmaTile, St: LoadState, G: TmaCoords, D: TmaDestination> CopyOp<G, D>
        for TmaCopy<'a, T, S, St>
    where
        D::Elem: SameElement<T>,
        D::Tile: SameTile<S>,
        TileVerdict<D::Tile, S>: Checked,
    {
        #[inline(always)]
        unsafe fn copy(&self, src: &G, dst: &mut D) {
            let (origin, bar) = (TileStarts(src), self.barrier());
            match self.state.mask() {
                None => self.map.load(origin, dst, bar, self.issue),
                Some(mask) => self.map.load_multicast(origin, dst, bar, mask, self.issue),
            }
        }
    }

    /// A store issued where `issue_if` said: `copy(&tma.issue_if(elected), smem, coords)`.
    impl<'a, T: TmaElement, S: TmaTile, D: TmaDestination, G: TmaCoords> CopyOp<D, G>
        for TmaCopy<'a, T, S, Store>
    where
        D::Elem: SameElement<T>,
        D::Tile: SameTile<S>,
        TileVerdict<D::Tile, S>: Checked,
    {
        #[inline(always)]
        unsafe fn copy(&self, src: &D, dst: &mut G) {
            self.map.store(TileStarts(&*dst), src, self.issue)
        }
    }

    /// A store issued by every caller: `copy(&tma, smem, coords)`.
    impl<T: TmaElement, S: TmaTile, D: TmaDestination, G: TmaCoords> CopyOp<D, G> for TensorMap<T, S>
    where
        D::Elem: SameElement<T>,
        D::Tile: SameTile<S>,
        TileVerdict<D::Tile, S>: Checked,
    {
        #[inline(always)]
        unsafe fn copy(&self, src: &D, dst: &mut G) {
            self.store(TileStarts(&*dst), src, true)
        }
    }
}
