//! GMMA shared-memory descriptors: what an SM90 `wgmma` reads an operand in shared memory by.
//!
//! A descriptor (64 bits) describes one MMA's tile of A or B, `(P, K)` with P its M or N extent:
//! the tile's start address, two byte offsets (LBO, SBO, in 16-byte units) and a swizzle mode.
//! It can describe only CuTe's *canonical* GMMA layouts, where `T` elements fill 16 bytes, `W` is
//! 1, 2, 4 or 8 for no swizzle, 32-, 64- or 128-byte swizzles, and the swizzle is
//! `Sw<log2 W, 4 - log2(bytes), 3>` in elements:
//!
//! - K-major, one MMA's K of 32 bytes (`2T` elements):
//!   `((8,m),(T,2)):((T,SBO),(1,LBO))` unswizzled, `((8,m),(T,2)):((WT,SBO),(1,T))` swizzled;
//! - MN-major, K of 256 bits: `((T,m),(8,k)):((1,SBO),(T,LBO))` unswizzled,
//!   `((WT,m),(8,k)):((1,LBO),(WT,SBO))` swizzled.
//!
//! CuTe's `make_gmma_desc<Major>(tensor)` reads LBO and SBO from the tile's layout (0 where a
//! group mode has size 1) and `static_assert`s the form. Here the rule ([`gmma_fields`], a
//! `const fn`) checks the whole layout against the canonical form it derived: every coordinate
//! of the tile, so that the descriptor describes exactly the layout it was made from. A layout
//! that is not canonical stops the build with the condition it fails. The layout atoms CuTe
//! tiles stages with are [`GmmaAtoms`] (`Layout_K_SW128_Atom<T>`, ...); `tests/gmma.rs` holds
//! every descriptor to CuTe's, element widths 8, 16 and 32, both majors, every swizzle.
//!
//! ```
//! use tessel::atom::element::F16;
//! use tessel::atom::gmma::{make_gmma_desc, Layout_K_SW128_Atom, LayoutType, K};
//! use tessel::tensor::Smem;
//! use tessel::{local_tile, shape, tile_to_shape, TensorSmem};
//! // A 128x64 stage of halves, K-major, 128-byte swizzle, at shared address 0x400.
//! let stage = tile_to_shape(Layout_K_SW128_Atom::<F16>::default(), <shape!("(128,64)")>::default());
//! // SAFETY: the address and size are a stage's (the tensor is not read here).
//! let s = unsafe { TensorSmem::<F16, _>::from_smem(0x400, 128 * 64, stage) };
//! // One m64n*k16 MMA's A: rows 64..128, K 16..32.
//! let d = make_gmma_desc::<K, _, _>(&local_tile(s, <shape!("(64,16)")>::default(), (1usize, 1usize)));
//! assert_eq!(d.layout_type(), LayoutType::B128);
//! assert_eq!((d.leading_byte_offset(), d.stride_byte_offset()), (1, 64)); // 8 rows: 1024 bytes
//! assert_eq!(d.start_address(), (0x400 + 2 * (64 * 64 + 16)) >> 4);
//! ```
#![allow(non_camel_case_types)]

use crate::atom::element::{Element, BF16, E4M3, F16, TF32};
use crate::atom::mma::{KMajor, MNMajor};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::sublayout::{Prepend, PrependLayout};
use crate::layout::Layout;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::const_layout::{ConstFlat, ConstLayout, IndexMap};
use crate::swizzle::{Swizzle, SwizzleFn};
use crate::tensor::{Access, Engine, Smem, Swizzled, TensorOf};
use core::marker::PhantomData;
use typenum::{Unsigned, U0, U1, U128, U16, U32, U4, U64, U8};

/// The operand's tile is K-major (CuTe's `GMMA::Major::K`): the SM90 atoms' [`KMajor`].
pub type K = KMajor;
/// The operand's tile is M- or N-major (CuTe's `GMMA::Major::MN`).
pub type MN = MNMajor;

/// Which mode of the operand's tile is contiguous.
pub trait Major {
    /// Whether it is K.
    const K_MAJOR: bool;
}
impl Major for KMajor {
    const K_MAJOR: bool = true;
}
impl Major for MNMajor {
    const K_MAJOR: bool = false;
}
#[cfg(target_arch = "nvptx64")]
impl crate::arch::sm90::TransposeB for KMajor {
    const BIT: u32 = 0;
}
#[cfg(target_arch = "nvptx64")]
impl crate::arch::sm90::TransposeB for MNMajor {
    const BIT: u32 = 1;
}

/// The descriptor's swizzle mode (its bits 62-63).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LayoutType {
    /// No swizzle: 8x16-byte core matrices.
    Interleave = 0,
    /// The 128-byte swizzle, `Sw<3,4,3>` on byte addresses.
    B128 = 1,
    /// The 64-byte swizzle.
    B64 = 2,
    /// The 32-byte swizzle.
    B32 = 3,
}

/// A wgmma shared-memory descriptor: start address (bits 0-13), leading byte offset (16-29),
/// stride byte offset (32-45), base offset (49-51), layout type (62-63); addresses and offsets
/// in 16-byte units.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct GmmaDescriptor(pub u64);

const fn field(d: u64, at: u32, bits: u32) -> u32 {
    ((d >> at) & ((1 << bits) - 1)) as u32
}

impl GmmaDescriptor {
    /// The descriptor of a tile at byte address `start` (16-byte aligned) with the form `fields`.
    pub const fn new(start: u32, fields: GmmaFields) -> Self {
        let (lbo, sbo) = (
            fields.leading_byte_offset as u64,
            fields.stride_byte_offset as u64,
        );
        GmmaDescriptor(
            ((start as u64 >> 4) & 0x3fff)
                | (lbo << 16)
                | (sbo << 32)
                | ((fields.layout_type as u64) << 62),
        )
    }
    /// The start address, in 16-byte units.
    pub const fn start_address(self) -> u32 {
        field(self.0, 0, 14)
    }
    /// LBO, in 16-byte units.
    pub const fn leading_byte_offset(self) -> u32 {
        field(self.0, 16, 14)
    }
    /// SBO, in 16-byte units.
    pub const fn stride_byte_offset(self) -> u32 {
        field(self.0, 32, 14)
    }
    /// The base offset (0: tiles start on a swizzle period).
    pub const fn base_offset(self) -> u32 {
        field(self.0, 49, 3)
    }
    /// The swizzle mode.
    pub const fn layout_type(self) -> LayoutType {
        match field(self.0, 62, 2) {
            0 => LayoutType::Interleave,
            1 => LayoutType::B128,
            2 => LayoutType::B64,
            _ => LayoutType::B32,
        }
    }
    /// The descriptor of the tile `units` 16-byte units further on (CuTe's `DescriptorIterator`:
    /// only the low 32 bits change).
    pub const fn offset(self, units: u32) -> Self {
        let lo = (self.0 as u32).wrapping_add(units);
        GmmaDescriptor((self.0 & !0xffff_ffff) | lo as u64)
    }
}

/// What a descriptor says of a tile's form, beside its address.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GmmaFields {
    /// The swizzle mode.
    pub layout_type: LayoutType,
    /// LBO, in 16-byte units.
    pub leading_byte_offset: u32,
    /// SBO, in 16-byte units.
    pub stride_byte_offset: u32,
}

/// Why a layout has no descriptor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GmmaError {
    /// The swizzle is not `Sw<B, 4 - log2(bytes), 3>` with `B <= 3` (or none).
    Swizzle,
    /// The tile's K is not one MMA's: 32 bytes K-major, 256 bits MN-major.
    KExtent,
    /// The tile's M or N is not a multiple of the core matrix (8 rows K-major; `WT` or a part of
    /// it MN-major).
    Extent,
    /// A coordinate's index differs from the canonical form's.
    NotCanonical,
    /// An offset does not fit the descriptor's 14 bits of 16-byte units.
    Offset,
}

/// The unswizzled index of `(p, q)` in a tile of `rows` rows.
const fn at(map: &IndexMap, rows: usize, p: usize, q: usize) -> usize {
    map.index(p + rows * q)
}

/// CuTe's `make_gmma_desc` rule on a tile of `bytes`-byte elements: `map` its unswizzled layout
/// (rows first), `rows` its M or N extent, `swizzle` the `(B, M, S)` around it (B = 0: none).
pub const fn gmma_fields(
    k_major: bool,
    bytes: usize,
    swizzle: (u32, u32, i32),
    map: &IndexMap,
    rows: usize,
) -> Result<GmmaFields, GmmaError> {
    let (b, m, s) = swizzle;
    let log_bytes = bytes.trailing_zeros();
    if b > 3 || (b > 0 && (s != 3 || m + log_bytes != 4)) || bytes > 16 {
        return Err(GmmaError::Swizzle);
    }
    let (t, w) = (16 / bytes, 1usize << b);
    let q = map.size() / rows;
    // The two group strides of the canonical form, in elements: (rows, K) groups.
    let (pg, qg) = if k_major {
        (8, t)
    } else {
        (if b == 0 { t } else { w * t }, 8)
    };
    if (k_major && q != 2 * t) || (!k_major && q * bytes != 32) {
        return Err(GmmaError::KExtent);
    }
    // MN-major, a tile may also be part of one swizzled row (64 bytes of a 128-byte row).
    if rows % pg != 0 && (k_major || pg % rows != 0) {
        return Err(GmmaError::Extent);
    }
    let p_step = if rows > pg { at(map, rows, pg, 0) } else { 0 };
    let q_step = if q > qg { at(map, rows, 0, qg) } else { 0 };
    // Within a group: a row of 16 bytes (K-major) or a column of W*16 (MN-major).
    let (inner_p, inner_q) = match (k_major, b) {
        (true, 0) => (t, 1),
        (true, _) => (w * t, 1),
        (false, _) => (1, pg),
    };
    let (mut p, mut c) = (0, 0);
    while c < q {
        while p < rows {
            let want =
                (p % pg) * inner_p + (p / pg) * p_step + (c % qg) * inner_q + (c / qg) * q_step;
            if at(map, rows, p, c) != want {
                return Err(GmmaError::NotCanonical);
            }
            p += 1;
        }
        p = 0;
        c += 1;
    }
    // K-major swizzled: the K groups are adjacent (LBO 1, as CuTe writes it).
    if k_major && b > 0 && q_step != t {
        return Err(GmmaError::NotCanonical);
    }
    if p_step % t != 0 || q_step % t != 0 || p_step / t >= 1 << 14 || q_step / t >= 1 << 14 {
        return Err(GmmaError::Offset);
    }
    let (p_units, q_units) = ((p_step / t) as u32, (q_step / t) as u32);
    // Which group stride is LBO: K's for K-major and unswizzled MN-major, rows' otherwise.
    let (lbo, sbo) = if k_major || b == 0 {
        (q_units, p_units)
    } else {
        (p_units, q_units)
    };
    Ok(GmmaFields {
        layout_type: match b {
            0 => LayoutType::Interleave,
            1 => LayoutType::B32,
            2 => LayoutType::B64,
            _ => LayoutType::B128,
        },
        leading_byte_offset: lbo,
        stride_byte_offset: sbo,
    })
}

impl GmmaError {
    /// What the layout fails, as the build error says it.
    pub const fn message(self) -> &'static str {
        match self {
            GmmaError::Swizzle => "make_gmma_desc: the tile's swizzle is not one of GMMA's: Sw<B, 4 - log2(bytes), 3> in elements, B at most 3",
            GmmaError::KExtent => "make_gmma_desc: the tile's K is not one MMA's: 32 bytes for a K-major tile, 256 bits for an MN-major one",
            GmmaError::Extent => "make_gmma_desc: the tile's M or N is not a multiple of the core matrix (8 rows K-major; W x 16 bytes, or a part of them, MN-major)",
            GmmaError::NotCanonical => "make_gmma_desc: the tile's layout is not a canonical GMMA layout (tile a GMMA layout atom, e.g. Layout_K_SW128_Atom, to the stage)",
            GmmaError::Offset => "make_gmma_desc: an offset is not a whole number of 16 bytes below 2^18 bytes",
        }
    }
}

/// The fields, or the build stops with the condition the layout fails.
pub const fn fields_or_fail(r: Result<GmmaFields, GmmaError>) -> GmmaFields {
    match r {
        Ok(f) => f,
        Err(e) => panic!("{}", e.message()),
    }
}

/// A tile's layout as the descriptor rule reads it: two static modes, plain (unswizzled) or
/// swizzled.
pub trait GmmaTile {
    /// `(B, M, S)` of its swizzle (`B = 0`: none).
    const SWIZZLE: (u32, u32, i32);
    /// Its unswizzled layout, in const evaluation.
    const MAP: IndexMap;
    /// The size of its first mode (M or N).
    const ROWS: usize;
    /// The offset inside the swizzle (0 for a plain layout).
    fn swizzle_offset(&self) -> isize;
}

impl<S0: ConstFlat, S1, D: IntTuple> GmmaTile for Layout<(S0, S1), D>
where
    (S0, S1): LayoutShape<D>,
    Self: ConstLayout,
{
    const SWIZZLE: (u32, u32, i32) = (0, 0, 0);
    const MAP: IndexMap = <Self as ConstLayout>::MAP;
    const ROWS: usize = S0::FLAT.product();
    fn swizzle_offset(&self) -> isize {
        0
    }
}

impl<Sw: SwizzleFn, S0: ConstFlat, S1, D: IntTuple> GmmaTile for Swizzled<Sw, Layout<(S0, S1), D>>
where
    (S0, S1): LayoutShape<D>,
    Layout<(S0, S1), D>: ConstLayout,
{
    const SWIZZLE: (u32, u32, i32) = (Sw::BITS, Sw::BASE, Sw::SHIFT);
    const MAP: IndexMap = <Layout<(S0, S1), D> as ConstLayout>::MAP;
    const ROWS: usize = S0::FLAT.product();
    fn swizzle_offset(&self) -> isize {
        self.offset()
    }
}

/// The descriptor's form of tile `L` of `T` elements, major-ness `Mj`, or the build stops with
/// the condition the tile fails.
pub const fn fields_of<L: GmmaTile, Mj: Major, T: Element>() -> GmmaFields {
    let bytes = <T::Bits as Unsigned>::USIZE / 8;
    fields_or_fail(gmma_fields(
        Mj::K_MAJOR,
        bytes,
        L::SWIZZLE,
        &L::MAP,
        L::ROWS,
    ))
}

/// A tile layout of `T` elements with a descriptor for major-ness `Mj`.
pub trait GmmaOperand<Mj, T>: GmmaTile {
    /// The descriptor's form, computed during the build.
    const FIELDS: GmmaFields;
}
impl<L: GmmaTile, Mj: Major, T: Element> GmmaOperand<Mj, T> for L {
    const FIELDS: GmmaFields = fields_of::<L, Mj, T>();
}

/// CuTe's `make_gmma_desc<Major>(tensor)`: the descriptor of one MMA's tile of shared memory.
/// Its address is the tile's first element before the swizzle, as the hardware applies the
/// swizzle to the address bits: a swizzled stage starts on a multiple of its swizzle's period
/// (1024 bytes for 128-byte swizzles; checked in debug builds).
#[inline(always)]
pub fn make_gmma_desc<Mj: Major, T: Element, L: GmmaOperand<Mj, T> + Copy>(
    tile: &TensorOf<Smem<T>, L>,
) -> GmmaDescriptor {
    let fields = L::FIELDS;
    let at = tile.base() as isize + tile.layout().swizzle_offset();
    let start = tile.engine_ref().address(at as usize);
    debug_assert!(
        start % 16 == 0,
        "make_gmma_desc: the tile does not start on 16 bytes"
    );
    GmmaDescriptor::new(start, fields)
}

/// The descriptors of a wgmma atom's tiles in a thread's partition: element `i` is the
/// descriptor of the tile `i` elements after the first (CuTe's `DescriptorIterator`).
#[derive(Clone, Copy, Debug)]
pub struct Descriptors<T> {
    first: GmmaDescriptor,
    elem: PhantomData<T>,
}
impl<T> Engine for Descriptors<T> {
    type Elem = GmmaDescriptor;
    fn len(&self) -> usize {
        usize::MAX
    }
}
impl<T> Access for Descriptors<T> {
    #[inline(always)]
    unsafe fn load(&self, i: usize) -> GmmaDescriptor {
        self.first
            .offset((i * core::mem::size_of::<T>() / 16) as u32)
    }
}

/// A thread's partition of an operand in shared memory, `(V, RestM, RestK)`, as a wgmma reads
/// it: the tile of one call (mode V) and where the others lie (the rest, before any swizzle).
pub trait GmmaPartition {
    /// Mode V, with the partition's swizzle and offset.
    type Tile;
    /// `(RestM, RestK)`, unswizzled.
    type Rest;
    /// The two.
    fn split(&self) -> (Self::Tile, Self::Rest);
}
impl<V, RM, RK, DV, DM, DK> GmmaPartition for Layout<(V, RM, RK), (DV, DM, DK)>
where
    (V, RM, RK): LayoutShape<(DV, DM, DK)>,
    (DV, DM, DK): IntTuple,
    V: LayoutShape<DV>,
    DV: IntTuple,
    (RM, RK): LayoutShape<(DM, DK)>,
    (DM, DK): IntTuple,
{
    type Tile = Layout<V, DV>;
    type Rest = Layout<(RM, RK), (DM, DK)>;
    #[inline(always)]
    fn split(&self) -> (Self::Tile, Self::Rest) {
        let ((v, rm, rk), (dv, dm, dk)) = (self.shape(), self.stride());
        (Layout::new(v, dv), Layout::new((rm, rk), (dm, dk)))
    }
}
impl<Sw, L: GmmaPartition> GmmaPartition for Swizzled<Sw, L> {
    type Tile = Swizzled<Sw, L::Tile>;
    type Rest = L::Rest;
    #[inline(always)]
    fn split(&self) -> (Self::Tile, Self::Rest) {
        let (tile, rest) = self.inner().split();
        (Swizzled::new(self.offset(), tile), rest)
    }
}

/// What [`make_gmma_fragment`] gives: `(1, RestM, RestK)` descriptors.
pub type GmmaFragment<T, L> =
    TensorOf<Descriptors<T>, Prepend<<L as GmmaPartition>::Rest, Layout<U1, U0>>>;

/// CuTe's `partition_fragment_A/B` of a wgmma atom that reads shared memory: a thread's
/// partition `(V, RestM, RestK)` (from `partition_A`/`partition_B`) as the descriptors of its
/// tiles, `(1, RestM, RestK)`, what `gemm` walks. The tile must be one `make_gmma_desc` takes.
#[inline(always)]
pub fn make_gmma_fragment<Mj: Major, T: Element, L: GmmaPartition + Copy>(
    part: &TensorOf<Smem<T>, L>,
) -> GmmaFragment<T, L>
where
    L::Tile: GmmaOperand<Mj, T> + Copy,
    L::Rest: PrependLayout<Layout<U1, U0>>,
{
    let (tile, rest) = part.layout().split();
    let first = make_gmma_desc::<Mj, T, _>(&TensorOf::at(*part.engine_ref(), part.base(), tile));
    let descriptors = Descriptors {
        first,
        elem: PhantomData,
    };
    TensorOf::over(descriptors, rest.prepend_layout(Layout::default()))
}

/// Checks during `cargo check` that one MMA's `Tile` (a shape, `(64,16)` say) of a stage
/// layout has a GMMA descriptor. `make_gmma_desc` stops a build (the PTX build, `cargo build`)
/// on a tile without one, but `cargo check` does not evaluate what a generic function computes,
/// so a kernel states its stages with this.
///
/// ```
/// use tessel::atom::element::F16;
/// use tessel::atom::gmma::{Layout_K_SW128_Atom, K};
/// use tessel::{shape, TileToShape};
/// type Stage = TileToShape<Layout_K_SW128_Atom<F16>, shape!("(128,64)")>;
/// tessel::assert_gmma_layout!(Stage, shape!("(64,16)"), F16, K);
/// ```
///
/// A tile whose rows are not the 128-byte swizzle's 16-byte rows:
///
/// ```compile_fail
/// use tessel::atom::element::F16;
/// use tessel::atom::gmma::K;
/// use tessel::{layout, shape};
/// tessel::assert_gmma_layout!(layout!("Sw<3,3,3> o 0 o (64,16):(8,1)"), shape!("(64,16)"), F16, K);
/// ```
#[macro_export]
macro_rules! assert_gmma_layout {
    ($Stage:ty, $Tile:ty, $T:ty, $Major:ty) => {
        // The rule called here, not through a generic function, so that the message names no
        // layout type.
        const _: $crate::atom::gmma::GmmaFields = {
            type Tile = $crate::tensor::TileAt<
                <$Stage as $crate::tensor::TensorLayout>::Layout,
                $Tile,
                (usize, usize),
            >;
            use $crate::atom::gmma::{GmmaTile, Major};
            use $crate::typenum::Unsigned;
            // The panic is here, not in a function, so that the error points at the user's line.
            match $crate::atom::gmma::gmma_fields(
                <$Major as Major>::K_MAJOR,
                <<$T as $crate::atom::element::Element>::Bits as Unsigned>::USIZE / 8,
                <Tile as GmmaTile>::SWIZZLE,
                &<Tile as GmmaTile>::MAP,
                <Tile as GmmaTile>::ROWS,
            ) {
                Ok(fields) => fields,
                Err(e) => panic!("{}", e.message()),
            }
        };
    };
}

/// CuTe's GMMA layout atoms, in elements of each width: what a stage is tiled from
/// (`tile_to_shape(Layout_K_SW128_Atom<T>, (BM, BK, STAGES))`).
pub trait GmmaAtoms {
    /// K-major, no swizzle: `(8, T)`.
    type KInter;
    /// K-major, 32-byte swizzle: `(8, 2T)`.
    type KSw32;
    /// K-major, 64-byte swizzle: `(8, 4T)`.
    type KSw64;
    /// K-major, 128-byte swizzle: `(8, 8T)`.
    type KSw128;
    /// MN-major, no swizzle: `(T, 8)`.
    type MnInter;
    /// MN-major, 32-byte swizzle: `(2T, 8)`.
    type MnSw32;
    /// MN-major, 64-byte swizzle: `(4T, 8)`.
    type MnSw64;
    /// MN-major, 128-byte swizzle: `(8T, 8)`.
    type MnSw128;
}

macro_rules! gmma_atoms {
    ($($T:ty: $m:literal, $t:ty, $t2:ty, $t4:ty, $t8:ty;)+) => {$(
        impl GmmaAtoms for $T {
            type KInter = ComposedLayout<Swizzle<0, $m, 3>, 0, Layout<(U8, $t), ($t, U1)>>;
            type KSw32 = ComposedLayout<Swizzle<1, $m, 3>, 0, Layout<(U8, $t2), ($t2, U1)>>;
            type KSw64 = ComposedLayout<Swizzle<2, $m, 3>, 0, Layout<(U8, $t4), ($t4, U1)>>;
            type KSw128 = ComposedLayout<Swizzle<3, $m, 3>, 0, Layout<(U8, $t8), ($t8, U1)>>;
            type MnInter = ComposedLayout<Swizzle<0, $m, 3>, 0, Layout<($t, U8), (U1, $t)>>;
            type MnSw32 = ComposedLayout<Swizzle<1, $m, 3>, 0, Layout<($t2, U8), (U1, $t2)>>;
            type MnSw64 = ComposedLayout<Swizzle<2, $m, 3>, 0, Layout<($t4, U8), (U1, $t4)>>;
            type MnSw128 = ComposedLayout<Swizzle<3, $m, 3>, 0, Layout<($t8, U8), (U1, $t8)>>;
        }
    )+};
}
gmma_atoms! {
    u8: 4, U16, U32, U64, U128;
    i8: 4, U16, U32, U64, U128;
    E4M3: 4, U16, U32, U64, U128;
    F16: 3, U8, U16, U32, U64;
    BF16: 3, U8, U16, U32, U64;
    TF32: 2, U4, U8, U16, U32;
    f32: 2, U4, U8, U16, U32;
}

/// `GMMA::Layout_K_INTER_Atom<T>`.
pub type Layout_K_INTER_Atom<T> = <T as GmmaAtoms>::KInter;
/// `GMMA::Layout_K_SW32_Atom<T>`.
pub type Layout_K_SW32_Atom<T> = <T as GmmaAtoms>::KSw32;
/// `GMMA::Layout_K_SW64_Atom<T>`.
pub type Layout_K_SW64_Atom<T> = <T as GmmaAtoms>::KSw64;
/// `GMMA::Layout_K_SW128_Atom<T>`.
pub type Layout_K_SW128_Atom<T> = <T as GmmaAtoms>::KSw128;
/// `GMMA::Layout_MN_INTER_Atom<T>`.
pub type Layout_MN_INTER_Atom<T> = <T as GmmaAtoms>::MnInter;
/// `GMMA::Layout_MN_SW32_Atom<T>`.
pub type Layout_MN_SW32_Atom<T> = <T as GmmaAtoms>::MnSw32;
/// `GMMA::Layout_MN_SW64_Atom<T>`.
pub type Layout_MN_SW64_Atom<T> = <T as GmmaAtoms>::MnSw64;
/// `GMMA::Layout_MN_SW128_Atom<T>`.
pub type Layout_MN_SW128_Atom<T> = <T as GmmaAtoms>::MnSw128;
