//! The encoded descriptor (`TensorMap<T, S>`), read in place on the device, and the shared
//! tensor a TMA copy fills.

use super::gmem::{TmaElement, TmaGmem};
use super::params::{CoordMap, TmaParams};
use super::tile_box::{box_of, tile_boxes, TileBoxes, TmaBox, TmaTile};
use super::{TmaError, MAX_GMEM_RANK, MAX_RANK};
use crate::atom::tma_tile::{SameTile, TileFunction, TileVerdict};
use crate::diagnostic::Checked;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::swizzle::SwizzleFn;
use crate::tensor::{Smem, Swizzled, TensorOf};
use core::marker::PhantomData;

/// A shared tensor a TMA copy fills: where its first element is (before the swizzle, whose
/// pattern the hardware applies to the address bits) and its layout, which must be the
/// descriptor's tile (checked during type checking, [`crate::atom::tma_tile`]).
pub trait TmaDestination {
    /// The element type.
    type Elem;
    /// Its layout, plain or swizzled.
    type Tile: TileFunction;
    /// The shared-window address of its first element, unswizzled.
    fn start(&self) -> u32;
}
impl<T, S, D> TmaDestination for TensorOf<Smem<T>, Layout<S, D>>
where
    S: LayoutShape<D>,
    D: IntTuple,
    Layout<S, D>: TileFunction,
{
    type Elem = T;
    type Tile = Layout<S, D>;
    fn start(&self) -> u32 {
        self.engine_ref().address(self.base())
    }
}
impl<T, Sw: SwizzleFn, L: Copy> TmaDestination for TensorOf<Smem<T>, Swizzled<Sw, L>>
where
    Swizzled<Sw, L>: TileFunction,
{
    type Elem = T;
    type Tile = Swizzled<Sw, L>;
    fn start(&self) -> u32 {
        let at = self.base() as isize + self.layout().offset();
        self.engine_ref().address(at as usize)
    }
}

/// The element type of a TMA copy's shared tensor is the descriptor's.
#[diagnostic::on_unimplemented(
    message = "TMA: the shared tensor holds `{Self}`, the TensorMap's tile `{T}`",
    label = "copy into a shared tensor of the TensorMap's element type"
)]
pub trait SameElement<T> {}
impl<T> SameElement<T> for T {}

/// The 128 bytes of an encoded descriptor (`CUtensorMap`), 64-byte aligned as the driver and the
/// instructions read it. On the device the type asks for 16 bytes: rustc's nvptx64 calling
/// convention takes no kernel parameter aligned past 16 (rustc 1.96 stops with an internal error),
/// and `gpu/ptx.sh` gives the parameter its `.param .align 64`; the layout is the same on both
/// sides (the descriptor first, the sizes multiples of 64).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(not(target_arch = "nvptx64"), repr(C, align(64)))]
#[cfg_attr(target_arch = "nvptx64", repr(C, align(16)))]
pub struct TmaDescriptor(pub [u64; 16]);

/// A TMA descriptor of a global tensor of `T` and the shared tile `S` it copies to or from, with
/// where each global coordinate goes: what a kernel takes as a parameter, by value (a grid
/// constant, `.param .align 64`), built on the host by [`TensorMap::encode`].
#[cfg_attr(not(target_arch = "nvptx64"), repr(C, align(64)))]
#[cfg_attr(target_arch = "nvptx64", repr(C, align(16)))]
///
/// ```
/// use tessel::atom::element::F16;
/// use tessel::atom::gmma::Layout_MN_SW128_Atom;
/// use tessel::atom::tma::{TensorMap, TmaDescriptor};
/// use tessel::{layout, shape, TileToShape};
/// type Stage = TileToShape<Layout_MN_SW128_Atom<F16>, shape!("(128,64)")>;
/// let (m, k) = (4096usize, 4096usize);
/// let a = layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = m); // M-major A
/// // The host passes each parameter to the driver (here a stand-in that keeps the box).
/// let tmap = TensorMap::<F16, Stage>::encode(0x1000, &a, 1, |p, desc: &mut TmaDescriptor| {
///     desc.0[0] = u64::from(p.box_dim[0] * p.box_dim[1]);
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(tmap.descriptor().0[0], 64 * 8); // 64 rows by 8 of K a box
/// assert_eq!(tmap.tma_coord([100, 7]), [100, 7, 0, 0, 0]);
/// ```
pub struct TensorMap<T, S> {
    desc: TmaDescriptor,
    coord_map: [CoordMap; MAX_GMEM_RANK],
    rank: u32,
    covered: u64,
    /// To 256 bytes on both sides: the host's alignment of 64 rounds the size up, the device's
    /// of 16 would not.
    pad: [u64; 6],
    tile: PhantomData<fn() -> (T, S)>,
}

// The host's layout (aligned to 64) and the device's (to 16) are the same: one size.
const _: () = assert!(core::mem::size_of::<TensorMap<u8, ()>>() == 256);
const _: () = assert!(core::mem::size_of::<TmaDescriptor>() == 128);

impl<T, S> Clone for TensorMap<T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S> Copy for TensorMap<T, S> {}

impl<T: TmaElement, S: TmaTile> TensorMap<T, S> {
    /// The box one copy of `S` moves, checked during the build.
    pub const BOX: TmaBox = box_of::<T, S>();

    /// The boxes that cover the tile.
    pub const BOXES: TileBoxes = tile_boxes(&S::MAP, &S::TOP, &Self::BOX);

    /// The bytes a copy of the whole tile moves.
    pub const TILE_BYTES: u32 = {
        let elements = Self::BOXES.len() * Self::BOX.elements();
        assert!(
            elements == S::MAP.size(),
            "TMA: the boxes do not cover the tile"
        );
        (elements * core::mem::size_of::<T>()) as u32
    };

    /// Box `i` of the copy of the tile whose boxes start at `origin` ([`BoxStarts`]: the tile's
    /// first element in a global tensor of flat modes, or a tile of TMA coordinates, flat or
    /// nested) into the shared tensor `dst`: its TMA coordinates and its shared address (CuTe's
    /// `tma_partition`, the TMA mode and the rest). `dst` holds the descriptor's tile: a tensor of
    /// another swizzle, of other coalesced modes or of another element type fails to type-check,
    /// in `cargo check` (see [`crate::atom::tma_tile`] and `ui-tests/tma_tile_*.rs`); a tile
    /// with other modes of the same function (a stage sliced out of a stage-moded layout) is the
    /// descriptor's.
    ///
    /// ```
    /// use tessel::atom::element::BF16;
    /// use tessel::atom::gmma::Layout_K_SW128_Atom;
    /// use tessel::atom::tma::{TensorMap, TmaDescriptor};
    /// use tessel::{layout, shape, TensorSmem, TileToShape};
    /// type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,128)")>;
    /// let (m, k) = (512usize, 512usize);
    /// let a = layout!("(M,K):(ldA,1)"; M = m, K = k, ldA = k);
    /// let tmap = TensorMap::<BF16, Stage>::encode(0, &a, 1, |_, _: &mut TmaDescriptor| Ok::<(), ()>(())).unwrap();
    /// // SAFETY: the address and size are a stage's (nothing is read).
    /// let s = unsafe { TensorSmem::<BF16, _>::from_smem(0x400, 128 * 128, Stage::default()) };
    /// // Tile (1, 2) of A: its second box starts 64 further along K, 128 x 64 elements on.
    /// assert_eq!(tmap.box_copy([128, 256], &s, 1), ([256 + 64, 128, 0, 0, 0], 0x400 + 2 * 128 * 64));
    /// ```
    #[inline(always)]
    pub fn box_copy<B: BoxStarts, D: TmaDestination>(
        &self,
        origin: B,
        dst: &D,
        i: usize,
    ) -> ([i32; MAX_RANK], u32)
    where
        D::Elem: SameElement<T>,
        D::Tile: SameTile<S>,
        TileVerdict<D::Tile, S>: Checked,
    {
        Self::box_by(&self.coord_map, origin.box_start::<T, S>(i), dst, i)
    }

    /// Box `i` whose first element is at global coordinate `start` (one a leaf of the global
    /// tensor), through the coordinate map `map`: its TMA coordinates and shared address.
    #[inline(always)]
    fn box_by<D: TmaDestination>(
        map: &[CoordMap; MAX_GMEM_RANK],
        start: impl AsRef<[usize]>,
        dst: &D,
        i: usize,
    ) -> ([i32; MAX_RANK], u32)
    where
        D::Elem: SameElement<T>,
        D::Tile: SameTile<S>,
        TileVerdict<D::Tile, S>: Checked,
    {
        let offset = Self::BOXES.offset(i);
        (
            map_coord(map, start),
            dst.start() + (offset * core::mem::size_of::<T>()) as u32,
        )
    }

    /// The descriptor of `gmem` at `address` and `S`: the parameters computed here, encoded by
    /// `encode_tiled` (the host's call of the driver's `cuTensorMapEncodeTiled` with them).
    pub fn encode<G: TmaGmem, E>(
        address: u64,
        gmem: &G,
        multicast: u32,
        encode_tiled: impl FnOnce(&TmaParams, &mut TmaDescriptor) -> Result<(), E>,
    ) -> Result<Self, EncodeError<E>> {
        let params =
            TmaParams::new::<T, S, G>(address, gmem, multicast).map_err(EncodeError::Tma)?;
        let mut desc = TmaDescriptor([0; 16]);
        encode_tiled(&params, &mut desc).map_err(EncodeError::Driver)?;
        Ok(TensorMap {
            desc,
            coord_map: params.coord_map,
            rank: params.rank,
            covered: params.covered,
            pad: [0; 6],
            tile: PhantomData,
        })
    }

    /// Whether a copy issues box `i` of the tile: not where a box grown across a static leaf of
    /// a nested global mode already covers it (see the module's doc).
    ///
    /// ```
    /// use tessel::atom::element::BF16;
    /// use tessel::atom::gmma::Layout_K_SW128_Atom;
    /// use tessel::atom::tma::{TensorMap, TmaDescriptor};
    /// use tessel::{layout, shape, TileToShape};
    /// // A tile 128 wide in K is two boxes of the 128-byte swizzle; over K as (64, k/64) CuTe's
    /// // box (64,128,2) grows across the leaf and covers both.
    /// type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,128)")>;
    /// let a = layout!("(M,(64,K1)):(ldA,(1,64))"; M = 512usize, K1 = 8usize, ldA = 512isize);
    /// let tmap = TensorMap::<BF16, Stage>::encode(0, &a, 1, |p, _: &mut TmaDescriptor| {
    ///     assert_eq!(&p.box_dim[..3], &[64, 128, 2]);
    ///     Ok::<(), ()>(())
    /// })
    /// .unwrap();
    /// assert!(tmap.issues_box(0) && !tmap.issues_box(1));
    /// ```
    #[inline(always)]
    pub const fn issues_box(&self, i: usize) -> bool {
        self.covered >> i & 1 == 0
    }

    /// The encoded descriptor.
    #[inline(always)]
    pub const fn descriptor(&self) -> &TmaDescriptor {
        &self.desc
    }

    /// The TMA coordinates of the global coordinate `c` (CuTe's TMA tensor). Each descriptor
    /// mode is a sum over the global modes, so that no index depends on the map's values (a
    /// register array indexed at run time would go to local memory).
    #[inline(always)]
    pub fn tma_coord<const N: usize>(&self, c: [usize; N]) -> [i32; MAX_RANK] {
        map_coord(&self.coord_map, c)
    }
}

/// Where each box of a TMA copy starts in the global tensor, one coordinate a leaf: from the
/// tile's first element in a global tensor of flat modes (`[usize; N]`: it, plus the box's place
/// in the tile), or read from a tile of TMA coordinates, flat or nested as the global tensor
/// (what `copy` passes, [`crate::atom::tma_copy::TmaCoords`]).
pub trait BoxStarts: Copy {
    /// A global coordinate.
    type Start: AsRef<[usize]>;
    /// Where box `i` of a copy of tile `S` starts.
    fn box_start<T: TmaElement, S: TmaTile>(&self, i: usize) -> Self::Start;
}
impl<const N: usize> BoxStarts for [usize; N] {
    type Start = [usize; N];
    #[inline(always)]
    fn box_start<T: TmaElement, S: TmaTile>(&self, i: usize) -> [usize; N] {
        let at = TensorMap::<T, S>::BOXES.at(i);
        core::array::from_fn(|j| self[j] + if j < MAX_RANK { at[j] } else { 0 })
    }
}

/// The TMA coordinates of the global coordinate `c` through the map `map` (see
/// [`TensorMap::tma_coord`]).
#[inline(always)]
fn map_coord(map: &[CoordMap; MAX_GMEM_RANK], c: impl AsRef<[usize]>) -> [i32; MAX_RANK] {
    core::array::from_fn(|d| {
        let mut sum = 0u32;
        for (x, m) in c.as_ref().iter().zip(map) {
            if m.dim as usize == d {
                sum += *x as u32 * m.scale;
            }
        }
        sum as i32
    })
}

#[cfg(target_arch = "nvptx64")]
mod device {
    use super::MAX_GMEM_RANK;
    use super::{BoxStarts, CoordMap, SameElement, TensorMap, TmaDestination, TmaElement, TmaTile};
    use crate::arch::sm90::{
        ld_invariant_u64, prefetch_tensormap, tma_load_1d, tma_load_2d, tma_load_3d,
    };
    use crate::arch::sm90::{tma_load_4d, tma_load_5d, tma_store_1d, tma_store_2d, tma_store_3d};
    use crate::arch::sm90::{tma_load_multicast_1d, tma_load_multicast_2d, tma_load_multicast_3d};
    use crate::arch::sm90::{tma_load_multicast_4d, tma_load_multicast_5d};
    use crate::arch::sm90::{tma_store_4d, tma_store_5d};
    use crate::atom::tma_tile::{SameTile, TileVerdict};
    use crate::diagnostic::Checked;

    impl<T: TmaElement, S: TmaTile> TensorMap<T, S> {
        /// The descriptor a kernel took as its parameter `param` (a grid constant): its address
        /// in the parameter space, from `tessel::grid_constant!(kernel, index)`.
        ///
        /// # Safety
        /// `param` is the generic address of a kernel parameter of this type.
        #[inline(always)]
        pub unsafe fn from_param<'a>(param: u64) -> &'a Self {
            &*(param as *const Self)
        }

        /// The descriptor's rank, read as the invariant it is (see `invariant_map`).
        ///
        /// # Safety
        /// `self` was reached through [`Self::from_param`].
        #[inline(always)]
        unsafe fn invariant_rank(&self) -> u32 {
            // SAFETY: `rank` is 4 bytes at offset 192 of a kernel parameter of 256 bytes,
            // 64-aligned, which nothing writes: the 8 bytes from it are readable and 8-aligned.
            ld_invariant_u64(&self.rank as *const u32 as u64) as u32
        }

        /// The boxes a grown box covers, read as the invariant it is (see `invariant_map`).
        ///
        /// # Safety
        /// `self` was reached through [`Self::from_param`].
        #[inline(always)]
        unsafe fn invariant_covered(&self) -> u64 {
            // SAFETY: `covered` is 8 bytes, 8-aligned, in a kernel parameter nothing writes.
            ld_invariant_u64(&self.covered as *const u64 as u64)
        }

        /// Where each global mode's coordinate goes, read as the invariant a kernel parameter
        /// is: LLVM then reads it once, before a main loop, rather than again before each copy
        /// (the pipeline's `asm!` blocks may write memory, so an ordinary load is repeated).
        ///
        /// # Safety
        /// `self` was reached through [`Self::from_param`].
        #[inline(always)]
        unsafe fn invariant_map(&self) -> [CoordMap; MAX_GMEM_RANK] {
            core::array::from_fn(|i| {
                let at = &self.coord_map[i] as *const CoordMap as u64;
                // SAFETY: a `CoordMap` is 8 bytes (`dim` first, `scale` last), 8-aligned in the
                // parameter, which nothing writes.
                let bits = ld_invariant_u64(at);
                CoordMap {
                    dim: bits as u8,
                    scale: (bits >> 32) as u32,
                }
            })
        }

        /// The generic address the instructions read the descriptor at.
        #[inline(always)]
        fn address(&self) -> u64 {
            self as *const Self as u64
        }

        /// Brings the descriptor into the cache before the first copy.
        #[inline(always)]
        pub fn prefetch(&self) {
            // SAFETY: a `TensorMap` reached through `from_param` lies in parameter space.
            unsafe { prefetch_tensormap(self.address()) }
        }

        /// CuTe's `copy(tma.with(bar), tAgA(_, k), tAsA(_, stage))`: every box of the tile whose
        /// boxes start at `origin` ([`BoxStarts`]: the tile's first element in a global tensor of
        /// flat modes, or a tile of TMA coordinates), into the shared tensor `dst` (the
        /// descriptor's tile, see [`Self::box_copy`]), completing [`Self::TILE_BYTES`] on the barrier `bar`. Boxes past the global
        /// tensor's edge are filled with zeros. The copies are issued where `issue` holds: `true`
        /// for a lone thread; in a warp that calls it together, the elected lane
        /// (`elect_one_sync()`), so that the warp takes no branch (see
        /// [`mbarrier_arrive_expect_tx`](crate::arch::sm90::mbarrier_arrive_expect_tx)).
        ///
        /// # Safety
        /// One thread issues the copies; `self` was reached through [`Self::from_param`]; `dst`
        /// starts 1024-byte aligned for a swizzled tile; `bar` expects the bytes.
        #[inline(always)]
        pub unsafe fn load<B: BoxStarts, D: TmaDestination>(
            &self,
            origin: B,
            dst: &D,
            bar: u32,
            issue: bool,
        ) where
            D::Elem: SameElement<T>,
            D::Tile: SameTile<S>,
            TileVerdict<D::Tile, S>: Checked,
        {
            let at = self.address();
            self.each_box(origin, dst, |to, c| match self.invariant_rank() {
                1 => tma_load_1d(to, at, c, bar, issue),
                2 => tma_load_2d(to, at, c, bar, issue),
                3 => tma_load_3d(to, at, c, bar, issue),
                4 => tma_load_4d(to, at, c, bar, issue),
                _ => tma_load_5d(to, at, c, bar, issue),
            });
        }

        /// CuTe's `copy(tma.with(bar, mask), ..)` of `SM90_TMA_LOAD_MULTICAST`: as [`Self::load`],
        /// each box written at the same shared address `dst` of every block of the cluster in
        /// `mask` and completing on each one's barrier at `bar`. A tile shared by several blocks
        /// is loaded in parts, each block one part multicast to all (CuTe cuts the box by the
        /// multicast count; here each part is a tile of its own `TensorMap`).
        ///
        /// # Safety
        /// As [`Self::load`], in every block of `mask`, whose barriers expect the bytes.
        #[inline(always)]
        pub unsafe fn load_multicast<B: BoxStarts, D: TmaDestination>(
            &self,
            origin: B,
            dst: &D,
            bar: u32,
            mask: u16,
            issue: bool,
        ) where
            D::Elem: SameElement<T>,
            D::Tile: SameTile<S>,
            TileVerdict<D::Tile, S>: Checked,
        {
            let at = self.address();
            self.each_box(origin, dst, |to, c| match self.invariant_rank() {
                1 => tma_load_multicast_1d(to, at, c, bar, mask, issue),
                2 => tma_load_multicast_2d(to, at, c, bar, mask, issue),
                3 => tma_load_multicast_3d(to, at, c, bar, mask, issue),
                4 => tma_load_multicast_4d(to, at, c, bar, mask, issue),
                _ => tma_load_multicast_5d(to, at, c, bar, mask, issue),
            });
        }

        /// CuTe's `copy(tma_store, tSsS, tSgS)`: every box of the shared tensor `src` to the
        /// tile whose boxes start at `origin` (see [`Self::load`]; what lies past the global
        /// tensor's edge is not written), issued where `issue` holds (see [`Self::load`]); one
        /// bulk group, which `tma_store_arrive` closes and `tma_store_wait` waits on.
        ///
        /// # Safety
        /// One thread issues the copies; `self` was reached through [`Self::from_param`]; the
        /// block's writes to `src` precede a `fence_proxy_async_shared`, and `src` is not written
        /// again before `tma_store_wait` covers the group.
        #[inline(always)]
        pub unsafe fn store<B: BoxStarts, D: TmaDestination>(&self, origin: B, src: &D, issue: bool)
        where
            D::Elem: SameElement<T>,
            D::Tile: SameTile<S>,
            TileVerdict<D::Tile, S>: Checked,
        {
            let at = self.address();
            self.each_box(origin, src, |from, c| match self.invariant_rank() {
                1 => tma_store_1d(from, at, c, issue),
                2 => tma_store_2d(from, at, c, issue),
                3 => tma_store_3d(from, at, c, issue),
                4 => tma_store_4d(from, at, c, issue),
                _ => tma_store_5d(from, at, c, issue),
            });
        }

        /// `copy(shared, coordinates)` for each box of the tile at global coordinate `origin`
        /// in the shared tensor `s` (see [`Self::box_copy`]).
        #[inline(always)]
        fn each_box<B: BoxStarts, D: TmaDestination>(
            &self,
            origin: B,
            s: &D,
            mut copy: impl FnMut(u32, [i32; 5]),
        ) where
            D::Elem: SameElement<T>,
            D::Tile: SameTile<S>,
            TileVerdict<D::Tile, S>: Checked,
        {
            // SAFETY: `each_box` serves the copies, whose callers reached `self` through
            // `from_param`.
            let (map, covered) = unsafe { (self.invariant_map(), self.invariant_covered()) };
            let mut i = 0;
            while i < Self::BOXES.len() {
                // Box 0 starts every grown box: a tile of one box tests nothing.
                if i == 0 || covered >> i & 1 == 0 {
                    let (c, at) = Self::box_by(&map, origin.box_start::<T, S>(i), s, i);
                    copy(at, c);
                }
                i += 1;
            }
        }
    }
}

/// Why [`TensorMap::encode`] failed: the layouts, or the driver.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EncodeError<E> {
    /// The global tensor and the tile have no descriptor.
    Tma(TmaError),
    /// The driver refused the parameters.
    Driver(E),
}
