//! TMA (Hopper's tensor memory accelerator): the descriptor of a global tensor and a shared
//! tile, one type for host and device (`TensorMap<T, SmemLayout>`).
//!
//! A TMA copy moves a *box* of a global tensor of up to 5 modes to or from shared memory, as the
//! descriptor the driver's `cuTensorMapEncodeTiled` encodes says. CuTe's `make_tma_copy` derives
//! every parameter from the global tensor and the shared layout, and so does this module:
//!
//! - the **box** follows the shared tile's contiguous vector (CuTe's `sidx2gmode`): the right
//!   inverse of the tile's unswizzled layout, read as steps along the global tensor's modes, as
//!   far as each step starts a mode from its beginning ([`tma_box`], a `const fn` on the layout
//!   type: its conditions fail the build);
//! - the global **dimensions and byte strides** are the global modes the box walks, in the box's
//!   order (modes contiguous in global memory, by static strides, merged up to 256 elements,
//!   CuTe's `coalesce_256`), then the modes the box does not walk, with box extent 1
//!   ([`TmaParams::new`], on the host, from the runtime layout);
//! - a **nested** global mode (`((8,m),k)`: rows in blocks of eight) is its leaves: the box's
//!   mode along it is split over the leaves it walks, each a mode of the descriptor, and the TMA
//!   tensor of the same nested shape gives each box its leaves' coordinates. The tile crosses
//!   only static leaves that divide it or that it divides (CuTe composes the tile with the
//!   global modes; [`TmaError::LeafRuntime`], [`TmaError::LeafDivide`]). Where a step of the
//!   shared tile starts a static leaf, the box grows across it as CuTe's does (`((64,m),k)`
//!   under an M-major 128-row tile: box `(64,8,2)`, where a flat M gives `(64,8)`): the tile's
//!   boxes, fixed by its type, stay the unit of the shared side, and a copy issues only those
//!   the grown box starts at ([`TensorMap::issues_box`]);
//! - the **swizzle** is the tile's (`Sw<B, 4 - log2(bytes), 3>` in elements: 32, 64 or 128
//!   bytes), element strides 1, no interleave, L2 promotion of 128 bytes, no out-of-bounds
//!   fill (zeros), as CuTe passes them.
//!
//! `tests/tma.rs` holds the parameters to what CuTe's `make_tma_copy` passes the driver
//! (`scripts/golden_tma.py`, a stand-in driver that records its arguments).
//!
//! ```
//! use tessel::atom::element::BF16;
//! use tessel::atom::gmma::Layout_K_SW128_Atom;
//! use tessel::atom::tma::{TmaParams, TmaSwizzle};
//! use tessel::{layout, shape, TileToShape};
//! type Smem = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>;
//! let (m, k) = (1000usize, 512usize);
//! let a = layout!("(M,K):(ldA,1)"; M = m, K = k, ldA = k); // K-major A
//! let p = TmaParams::new::<BF16, Smem, _>(0x1000, &a, 1).unwrap();
//! assert_eq!((p.rank, &p.global_dim[..2], &p.global_strides[..1]), (2, &[512, 1000][..], &[1024][..]));
//! assert_eq!((&p.box_dim[..2], p.swizzle), (&[64, 128][..], TmaSwizzle::B128));
//! ```

use crate::atom::element::{Element, BF16, E4M3, F16, TF32};
use crate::atom::tma_tile::{SameTile, TileFunction, TileVerdict};
use crate::diagnostic::Checked;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::Int;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::const_layout::{ConstFlat, ConstLayout, Flat, IndexMap, Text};
use crate::swizzle::SwizzleFn;
use crate::tensor::{ProductEach, Smem, Swizzled, TensorOf};
use core::marker::PhantomData;
use typenum::Unsigned;

/// The most modes a TMA descriptor has.
pub const MAX_RANK: usize = 5;

/// The most modes a global tensor may have (flat): those past the descriptor's 5 fold into its
/// last mode (CuTe's `construct_tma_gbasis`), statically trivial ones drop.
pub const MAX_GMEM_RANK: usize = 8;

/// Why a shared layout has no TMA box, or a global tensor no descriptor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TmaError {
    /// The tile's swizzle `Sw<B,M,S>` on elements of `bytes` bytes is not one of TMA's.
    Swizzle(u32, u32, i32, usize),
    /// The tile's unswizzled layout has no contiguous vector that starts a global mode.
    NoVector,
    /// A box mode along global mode `.0` spans `.1` elements, more than 256.
    BoxExtent(usize, usize),
    /// The box's first mode is `.0` bytes, not a multiple of 16.
    BoxBytes(usize),
    /// The box's first mode is `.0` bytes, wider than the swizzle's span `.1`.
    SwizzleSpan(usize, usize),
    /// The global tensor has more modes to walk than a descriptor's 5.
    Rank,
    /// The global mode the box's vector walks has stride `.0`, not 1.
    Major(u64),
    /// A global stride of `.0` bytes is not a multiple of 16 below 2^40.
    Stride(i64),
    /// A global extent `.0` is not between 1 and 2^32.
    Dim(u64),
    /// The address `.0` is not 16-byte aligned.
    Address(u64),
    /// The multicast count `.0` neither divides the box's extent `.1` nor is a multiple of it.
    Multicast(u32, u32),
    /// The tile crosses a runtime extent inside nested global mode `.0`.
    LeafRuntime(usize),
    /// A leaf of extent `.1` in nested global mode `.0` neither divides the tile's or box's
    /// extent `.2` there nor is a multiple of it.
    LeafDivide(usize, u64, usize),
}

impl TmaError {
    /// What the layout or tensor fails, with its numbers, as the build error or the host's
    /// error says it.
    ///
    /// ```
    /// use tessel::atom::tma::TmaError;
    /// assert_eq!(
    ///     TmaError::BoxBytes(8).message().as_str(),
    ///     "TMA: the box's contiguous mode is 8 bytes, not a multiple of 16"
    /// );
    /// ```
    pub const fn message(self) -> Text {
        let t = Text::EMPTY.push("TMA: ");
        match self {
            TmaError::Swizzle(b, m, s, bytes) => t
                .push("the tile's swizzle Sw<")
                .push_int(b as i64)
                .push(",")
                .push_int(m as i64)
                .push(",")
                .push_int(s as i64)
                .push("> on ")
                .push_int(bytes as i64)
                .push("-byte elements is none of TMA's: Sw<B,M,3>, 2^M elements of 16 bytes, B 1 to 3"),
            TmaError::NoVector => t.push(
                "no contiguous vector of the tile starts a mode of the global tensor (CuTe: no common tile-gmem vectorization)",
            ),
            TmaError::BoxExtent(gmode, extent) => t
                .push("the box spans ")
                .push_int(extent as i64)
                .push(" elements of mode ")
                .push_int(gmode as i64)
                .push(", more than 256: tile the shared layout in smaller steps along it"),
            TmaError::BoxBytes(bytes) => t
                .push("the box's contiguous mode is ")
                .push_int(bytes as i64)
                .push(" bytes, not a multiple of 16"),
            TmaError::SwizzleSpan(bytes, span) => t
                .push("the box's contiguous mode is ")
                .push_int(bytes as i64)
                .push(" bytes, wider than the ")
                .push_int(span as i64)
                .push("-byte swizzle"),
            TmaError::Rank => t.push("the global tensor has more than 5 modes for the copy to walk"),
            TmaError::Major(stride) => t
                .push("the global mode the tile is contiguous along has stride ")
                .push_int(stride as i64)
                .push(", not 1 (shared and global memory differ in majorness)"),
            TmaError::Stride(bytes) => t
                .push("a global stride of ")
                .push_int(bytes)
                .push(" bytes is not a multiple of 16 from 0 to 2^40"),
            TmaError::Dim(dim) => t
                .push("a global extent of ")
                .push_int(dim as i64)
                .push(" is not from 1 to 2^32"),
            TmaError::Address(a) => t
                .push("the global address ")
                .push_int(a as i64)
                .push(" is not 16-byte aligned"),
            TmaError::Multicast(m, extent) => t
                .push("the multicast count ")
                .push_int(m as i64)
                .push(" neither divides the box's extent ")
                .push_int(extent as i64)
                .push(" nor is a multiple of it"),
            TmaError::LeafRuntime(j) => t
                .push("the tile crosses a runtime extent inside mode ")
                .push_int(j as i64)
                .push(" of the global tensor: the extents it crosses there must be static"),
            TmaError::LeafDivide(j, leaf, extent) => t
                .push("an extent ")
                .push_int(leaf as i64)
                .push(" inside mode ")
                .push_int(j as i64)
                .push(" of the global tensor neither divides the tile's ")
                .push_int(extent as i64)
                .push(" there nor is a multiple of it"),
        }
    }
}

impl core::fmt::Display for TmaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message().as_str())
    }
}

/// One mode of the box: the global mode it walks from its start, and how far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoxMode {
    /// The global tensor's mode (the tile's top-level mode).
    pub gmode: usize,
    /// The elements it spans.
    pub extent: usize,
}

/// The box a shared tile is copied by: its modes in the order of the tile's contiguous vector.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TmaBox {
    modes: [BoxMode; MAX_RANK],
    len: usize,
    swizzle: TmaSwizzle,
}

impl TmaBox {
    /// The box's modes.
    pub fn modes(&self) -> &[BoxMode] {
        &self.modes[..self.len]
    }
    /// The swizzle.
    #[inline(always)]
    pub const fn swizzle(&self) -> TmaSwizzle {
        self.swizzle
    }
    /// The elements one copy moves.
    #[inline(always)]
    pub const fn elements(&self) -> usize {
        let (mut n, mut i) = (1, 0);
        while i < self.len {
            n *= self.modes[i].extent;
            i += 1;
        }
        n
    }
}

/// The descriptor's swizzle mode (`CUtensorMapSwizzle`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum TmaSwizzle {
    /// No swizzle.
    None = 0,
    /// The 32-byte swizzle (`Sw<1,4,3>` on bytes).
    B32 = 1,
    /// The 64-byte swizzle.
    B64 = 2,
    /// The 128-byte swizzle.
    B128 = 3,
}

impl TmaSwizzle {
    /// The span in bytes a row of the swizzle covers (none: unbounded).
    const fn span(self) -> usize {
        match self {
            TmaSwizzle::None => usize::MAX,
            TmaSwizzle::B32 => 32,
            TmaSwizzle::B64 => 64,
            TmaSwizzle::B128 => 128,
        }
    }
}

/// The TMA swizzle of a tile swizzle `(B, M, S)` in elements of `bytes` bytes.
const fn tma_swizzle((b, m, s): (u32, u32, i32), bytes: usize) -> Result<TmaSwizzle, TmaError> {
    if b == 0 {
        return Ok(TmaSwizzle::None);
    }
    if s != 3 || (1usize << m) * bytes != 16 || b > 3 {
        return Err(TmaError::Swizzle(b, m, s, bytes));
    }
    match b {
        1 => Ok(TmaSwizzle::B32),
        2 => Ok(TmaSwizzle::B64),
        _ => Ok(TmaSwizzle::B128),
    }
}

/// The box of a shared tile (CuTe's `sidx2gmode`, in its steps): `map` is the tile's layout (its
/// swizzle apart), `top` the sizes of its top-level modes (the global modes it tiles), `bytes`
/// an element's width.
///
/// Each flat mode of the tile covers part of one top-level mode; its coordinate stride (the
/// product of the flat sizes before it) says which, and where in it. The right inverse takes the
/// flat modes in the order of their strides from 1 on; read in the top-level modes and merged
/// where one continues another, those that start a mode from its first element form the box.
///
/// ```
/// use tessel::atom::tma::{tma_box, BoxMode, TmaTile};
/// use tessel::const_layout::ConstLayout;
/// use tessel::layout;
/// // A row-major 64x32 tile of floats: 32 along mode 1, then the 64 rows.
/// type L = layout!("(64,32):(32,1)");
/// let b = tma_box(&L::MAP, &L::TOP, 4).unwrap();
/// assert_eq!(b.modes(), [BoxMode { gmode: 1, extent: 32 }, BoxMode { gmode: 0, extent: 64 }]);
/// ```
pub const fn tma_box(map: &IndexMap, top: &Flat, bytes: usize) -> Result<TmaBox, TmaError> {
    let swizzle = match tma_swizzle(map.swizzle(), bytes) {
        Ok(s) => s,
        Err(e) => return Err(e),
    };
    let (shape, stride) = map.modes();
    let empty = BoxMode {
        gmode: 0,
        extent: 1,
    };
    let mut modes = [empty; MAX_RANK];
    let (mut len, mut next) = (0, 1);
    // The right inverse: the flat mode of stride `next`, then the one after it, ...
    loop {
        let mut i = 0;
        while i < shape.len() && !(shape.leaf(i) > 1 && stride.leaf(i) == next) {
            i += 1;
        }
        if i == shape.len() {
            break;
        }
        let (gmode, coef) = top_mode(top, coord_stride(shape, i));
        let extent = shape.leaf(i);
        next *= extent;
        if len > 0 && modes[len - 1].gmode == gmode && coef == modes[len - 1].extent {
            modes[len - 1].extent *= extent; // it continues the last box mode
        } else if coef == 1 && len < MAX_RANK {
            modes[len] = BoxMode { gmode, extent };
            len += 1;
        } else {
            break; // a step inside a mode: the box ends here
        }
    }
    let tma_box = TmaBox {
        modes,
        len,
        swizzle,
    };
    match check_box(&tma_box, bytes) {
        Ok(()) => Ok(tma_box),
        Err(e) => Err(e),
    }
}

/// The conditions a box meets: a vector at all, at most 256 elements a mode, a first mode of
/// whole 16 bytes inside the swizzle's span.
const fn check_box(b: &TmaBox, bytes: usize) -> Result<(), TmaError> {
    if b.len == 0 {
        return Err(TmaError::NoVector);
    }
    let mut i = 0;
    while i < b.len {
        if b.modes[i].extent > 256 {
            return Err(TmaError::BoxExtent(b.modes[i].gmode, b.modes[i].extent));
        }
        i += 1;
    }
    let inner = b.modes[0].extent * bytes;
    if inner % 16 != 0 {
        return Err(TmaError::BoxBytes(inner));
    }
    if inner > b.swizzle.span() {
        return Err(TmaError::SwizzleSpan(inner, b.swizzle.span()));
    }
    Ok(())
}

/// The product of the flat sizes before flat mode `i`: its stride in the tile's 1-D coordinate.
const fn coord_stride(shape: &Flat, i: usize) -> usize {
    let (mut c, mut j) = (1, 0);
    while j < i {
        c *= shape.leaf(j);
        j += 1;
    }
    c
}

/// The top-level mode a 1-D coordinate stride `c` lies in, and its stride inside that mode.
const fn top_mode(top: &Flat, c: usize) -> (usize, usize) {
    let (mut j, mut prefix) = (0, 1);
    while j + 1 < top.len() && prefix * top.leaf(j) <= c {
        prefix *= top.leaf(j);
        j += 1;
    }
    (j, c / prefix)
}

/// A static shared tile a TMA copies: its layout in const evaluation and its top-level sizes.
pub trait TmaTile: ConstLayout + TileFunction {
    /// The sizes of its top-level modes, a static tiler (CuTe's `product_each(shape)`).
    type Top: Default;
    /// The same, as a value.
    const TOP: Flat;
}
impl<S, D> TmaTile for Layout<S, D>
where
    S: LayoutShape<D> + ProductEach,
    D: IntTuple,
    Self: ConstLayout + TileFunction,
    S::Output: ConstFlat,
{
    type Top = S::Output;
    const TOP: Flat = <S::Output as ConstFlat>::FLAT;
}
impl<Sw, const O: usize, L: TmaTile> TmaTile for ComposedLayout<Sw, O, L>
where
    Self: ConstLayout + TileFunction,
{
    type Top = L::Top;
    const TOP: Flat = L::TOP;
}

/// The box of tile `S` of `T` elements, or the build stops with the condition it fails.
pub const fn box_of<T: Element, S: TmaTile>() -> TmaBox {
    match tma_box(&S::MAP, &S::TOP, <T::Bits as Unsigned>::USIZE / 8) {
        Ok(b) => b,
        Err(e) => panic!("{}", e.message().as_str()),
    }
}

/// Stops the build unless a TMA copies shared tile `$Smem` of `$T` elements, naming the
/// condition it fails (what [`TensorMap`] checks where it is used, asked in `cargo check` where
/// the tile is declared).
///
/// ```
/// use tessel::atom::element::BF16;
/// use tessel::atom::gmma::Layout_K_SW128_Atom;
/// use tessel::{shape, TileToShape};
/// tessel::assert_tma_tile!(BF16, TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,64)")>);
/// ```
///
/// A 128-byte swizzle of 4-byte elements in 8-element units is none of TMA's:
///
/// ```compile_fail
/// tessel::assert_tma_tile!(f32, tessel::layout!("Sw<3,3,3> o 0 o (8,64):(64,1)"));
/// ```
#[macro_export]
macro_rules! assert_tma_tile {
    ($T:ty, $Smem:ty) => {
        // The panic is here, not in a function, so that the error points at the user's line.
        const _: $crate::atom::tma::TmaBox = match $crate::atom::tma::tma_box(
            &<$Smem as $crate::const_layout::ConstLayout>::MAP,
            &<$Smem as $crate::atom::tma::TmaTile>::TOP,
            <<$T as $crate::atom::element::Element>::Bits as $crate::typenum::Unsigned>::USIZE / 8,
        ) {
            Ok(b) => b,
            Err(e) => panic!("{}", e.message().as_str()),
        };
    };
}

/// The most boxes a tile takes.
pub const MAX_BOXES: usize = 64;

/// The boxes that cover a tile: where each starts, in the tile's top-level modes and as the
/// tile's unswizzled index (CuTe's `tma_partition`: the TMA mode of the tile, and the rest).
#[derive(Clone, Copy, Debug)]
pub struct TileBoxes {
    len: usize,
    at: [[usize; MAX_RANK]; MAX_BOXES],
    coord: [usize; MAX_BOXES],
    offset: [usize; MAX_BOXES],
}

impl TileBoxes {
    /// The number of boxes.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len
    }
    /// Whether there is none (never, for a tile with a box).
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Box `i`'s first element: its coordinate in each top-level mode of the tile.
    #[inline(always)]
    pub const fn at(&self, i: usize) -> [usize; MAX_RANK] {
        self.at[i]
    }
    /// Box `i`'s first element's 1-D coordinate in the tile (where a tile of coordinates, nested
    /// as the global tensor, says its global coordinate).
    #[inline(always)]
    pub const fn coord(&self, i: usize) -> usize {
        self.coord[i]
    }
    /// Box `i`'s first element's index in the tile's layout, unswizzled (where its bytes start).
    #[inline(always)]
    pub const fn offset(&self, i: usize) -> usize {
        self.offset[i]
    }
}

/// The boxes of `tma_box` that cover the tile `map` of top-level sizes `top`: along each mode
/// the box walks, one every `extent`; along the others, one at each coordinate.
///
/// ```
/// use tessel::atom::element::BF16;
/// use tessel::atom::gmma::Layout_K_SW128_Atom;
/// use tessel::atom::tma::TensorMap;
/// use tessel::{shape, TileToShape};
/// // K of 128 bf16 is two 128-byte swizzle rows: two boxes, the second 64 along K and 128 x 64
/// // elements on in shared memory.
/// type Stage = TileToShape<Layout_K_SW128_Atom<BF16>, shape!("(128,128)")>;
/// let boxes = TensorMap::<BF16, Stage>::BOXES;
/// assert_eq!((boxes.len(), boxes.at(1)[1], boxes.offset(1)), (2, 64, 128 * 64));
/// ```
pub const fn tile_boxes(map: &IndexMap, top: &Flat, tma_box: &TmaBox) -> TileBoxes {
    let plain = map.unswizzled();
    let (step, count, n) = box_counts(top, tma_box);
    assert!(n <= MAX_BOXES, "TMA: a tile of more than 64 boxes");
    let mut b = TileBoxes {
        len: n,
        at: [[0; MAX_RANK]; MAX_BOXES],
        coord: [0; MAX_BOXES],
        offset: [0; MAX_BOXES],
    };
    let mut k = 0;
    while k < n {
        // Box k's index in each mode, first mode fastest; its 1-D coordinate in the tile.
        let (mut rest, mut x, mut prefix, mut j) = (k, 0, 1, 0);
        while j < top.len() {
            b.at[k][j] = (rest % count[j]) * step[j];
            rest /= count[j];
            x += b.at[k][j] * prefix;
            prefix *= top.leaf(j);
            j += 1;
        }
        b.coord[k] = x;
        b.offset[k] = plain.index(x);
        k += 1;
    }
    b
}

/// Along each top-level mode of the tile `top`, the box's extent and how many boxes; and the
/// number of boxes in all.
const fn box_counts(top: &Flat, tma_box: &TmaBox) -> ([usize; MAX_RANK], [usize; MAX_RANK], usize) {
    let mut step = [1; MAX_RANK];
    let mut i = 0;
    while i < tma_box.len {
        step[tma_box.modes[i].gmode] = tma_box.modes[i].extent;
        i += 1;
    }
    let (mut count, mut n, mut j) = ([1; MAX_RANK], 1, 0);
    while j < top.len() {
        assert!(j < MAX_RANK, "TMA: a tile of more than 5 modes");
        count[j] = top.leaf(j) / step[j];
        n *= count[j];
        j += 1;
    }
    (step, count, n)
}

/// The descriptor's element type (`CUtensorMapDataType`), as CuTe maps each element type.
pub trait TmaElement: Element {
    /// Its number.
    const DATA_TYPE: u32;
}
macro_rules! tma_elements {
    ($($T:ty = $n:literal;)+) => {$(
        impl TmaElement for $T {
            const DATA_TYPE: u32 = $n;
        }
    )+};
}
tma_elements! {
    u8 = 0; i8 = 0; u16 = 1; i16 = 1; u32 = 2; i32 = 3; u64 = 4; i64 = 5;
    F16 = 6; f32 = 7; f64 = 8; BF16 = 9; TF32 = 11; E4M3 = 0;
}

/// One leaf mode of a global tensor: extent, stride in elements, the top-level mode it lies in,
/// and which of its integers are static (what CuTe's `construct_tma_gbasis` may merge or cross).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GmemMode {
    /// The extent.
    pub shape: u64,
    /// The stride, in elements.
    pub stride: i64,
    /// The top-level mode of the global tensor it belongs to (the tile's mode that walks it).
    pub top: usize,
    /// The extent is static.
    pub static_shape: bool,
    /// The stride is static.
    pub static_stride: bool,
}

impl GmemMode {
    /// It takes no part in a copy: its extent statically 1 or its stride statically 0, as CuTe
    /// skips them.
    pub const fn trivial(&self) -> bool {
        (self.static_shape && self.shape == 1) || (self.static_stride && self.stride == 0)
    }
}

/// The leaf modes of a global tensor, in order: at most [`MAX_GMEM_RANK`] (`len` counts past it,
/// which [`TmaParams::new`] refuses).
#[derive(Clone, Copy, Debug)]
pub struct GmemModes {
    modes: [GmemMode; MAX_GMEM_RANK],
    len: usize,
}

impl GmemModes {
    /// The modes, or `None` for more than [`MAX_GMEM_RANK`].
    pub fn modes(&self) -> Option<&[GmemMode]> {
        self.modes.get(..self.len)
    }
    fn push(&mut self, m: GmemMode) {
        if let Some(slot) = self.modes.get_mut(self.len) {
            *slot = m;
        }
        self.len += 1;
    }
}

/// A global tensor's layout, static, runtime or mixed, flat or nested: its leaf modes.
pub trait TmaGmem {
    /// Its leaf modes, each with its top-level mode.
    fn gmem_modes(&self) -> GmemModes;
}

/// A mode of a global layout with its stride, a leaf or a tuple: its leaves, in order.
pub trait GmemTuple<D> {
    /// Appends its leaves, each in top-level mode `top`.
    fn push_leaves(&self, stride: &D, top: usize, out: &mut GmemModes);
}
impl<S: Int, D: Int> GmemTuple<D> for S {
    fn push_leaves(&self, d: &D, top: usize, out: &mut GmemModes) {
        out.push(GmemMode {
            shape: self.value() as u64,
            stride: d.value() as i64,
            top,
            static_shape: S::STATIC,
            static_stride: D::STATIC,
        });
    }
}

macro_rules! gmem_tuples {
    ($(($($S:ident $D:ident $i:tt),+))+) => {$(
        impl<$($S: GmemTuple<$D>, $D,)+> GmemTuple<($($D,)+)> for ($($S,)+) {
            fn push_leaves(&self, d: &($($D,)+), top: usize, out: &mut GmemModes) {
                $(self.$i.push_leaves(&d.$i, top, out);)+
            }
        }
        impl<$($S: GmemTuple<$D>, $D,)+> TmaGmem for Layout<($($S,)+), ($($D,)+)>
        where
            ($($S,)+): LayoutShape<($($D,)+)>,
            ($($D,)+): IntTuple,
        {
            fn gmem_modes(&self) -> GmemModes {
                let (s, d) = (self.shape(), self.stride());
                let mut out = GmemModes {
                    modes: [GmemMode { shape: 1, stride: 0, top: 0, static_shape: true, static_stride: true }; MAX_GMEM_RANK],
                    len: 0,
                };
                $(s.$i.push_leaves(&d.$i, $i, &mut out);)+
                out
            }
        }
    )+};
}
gmem_tuples! {
    (S0 D0 0)
    (S0 D0 0, S1 D1 1)
    (S0 D0 0, S1 D1 1, S2 D2 2)
    (S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3)
    (S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3, S4 D4 4)
    (S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3, S4 D4 4, S5 D5 5)
    (S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3, S4 D4 4, S5 D5 5, S6 D6 6)
    (S0 D0 0, S1 D1 1, S2 D2 2, S3 D3 3, S4 D4 4, S5 D5 5, S6 D6 6, S7 D7 7)
}

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

/// Where a global mode's coordinate goes in the TMA coordinates: descriptor mode `dim`, times
/// `scale` (CuTe's TMA tensor strides `E<dim> * scale`); `scale` 0 for a mode without a part.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C)]
pub struct CoordMap {
    /// The descriptor's mode.
    pub dim: u8,
    /// The factor.
    pub scale: u32,
}

/// Every argument of `cuTensorMapEncodeTiled`, in its order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TmaParams {
    /// `CUtensorMapDataType`.
    pub data_type: u32,
    /// The number of modes.
    pub rank: u32,
    /// The global address.
    pub global_address: u64,
    /// The extents, contiguous mode first.
    pub global_dim: [u64; MAX_RANK],
    /// The byte strides of modes 1 to `rank - 1` (mode 0's is the element).
    pub global_strides: [u64; MAX_RANK - 1],
    /// The box extents.
    pub box_dim: [u32; MAX_RANK],
    /// The element strides (1: every element).
    pub element_strides: [u32; MAX_RANK],
    /// `CUtensorMapInterleave`: none.
    pub interleave: u32,
    /// `CUtensorMapSwizzle`.
    pub swizzle: TmaSwizzle,
    /// `CUtensorMapL2promotion`: 128 bytes, as CuTe.
    pub l2_promotion: u32,
    /// `CUtensorMapFloatOOBfill`: none (zeros).
    pub oob_fill: u32,
    /// Each global mode's place in the TMA coordinates.
    pub coord_map: [CoordMap; MAX_GMEM_RANK],
    /// The tile's boxes ([`TensorMap::BOXES`]) that a grown box covers (bit `i`: box `i` is not
    /// issued): where the box grows across a static leaf of a nested global mode.
    pub covered: u64,
}

impl TmaParams {
    /// The descriptor's arguments for a copy between the global tensor `gmem` of `T` at
    /// `address` and shared tile `S`, shared by `multicast` blocks (1: none); CuTe's
    /// `make_tma_copy(op, gmem, S, shape(S), multicast)`.
    pub fn new<T: TmaElement, S: TmaTile, G: TmaGmem>(
        address: u64,
        gmem: &G,
        multicast: u32,
    ) -> Result<TmaParams, TmaError> {
        let leaves = gmem.gmem_modes();
        let modes = leaves.modes().ok_or(TmaError::Rank)?;
        let bytes = <T::Bits as Unsigned>::USIZE / 8;
        let tma_box = const { box_of::<T, S>() };
        tma_params(
            T::DATA_TYPE,
            bytes,
            address,
            (modes, &S::MAP, &S::TOP),
            &tma_box,
            multicast,
        )
    }
}

/// The descriptor's arguments (CuTe's `construct_tma_gbasis` and `make_tma_copy_desc`) for the
/// global leaf modes `gmem` and a tile of top-level sizes `top`: the box's modes split over the
/// leaves they walk, merged where contiguous up to 256 elements, then the leaves the box does
/// not walk.
pub fn tma_params(
    data_type: u32,
    bytes: usize,
    address: u64,
    (gmem, map, top): (&[GmemMode], &IndexMap, &Flat),
    tma_box: &TmaBox,
    multicast: u32,
) -> Result<TmaParams, TmaError> {
    for j in 0..top.len() {
        tile_fits_leaves(gmem, j, top.leaf(j))?;
    }
    let growth = box_growth(map, top, gmem, tma_box);
    let (modes, rank) = descriptor_modes(gmem, tma_box, &growth)?;
    let mut p = TmaParams {
        data_type,
        rank: rank as u32,
        global_address: address,
        global_dim: [1; MAX_RANK],
        global_strides: [0; MAX_RANK - 1],
        box_dim: [1; MAX_RANK],
        element_strides: [1; MAX_RANK],
        interleave: 0,
        swizzle: tma_box.swizzle(),
        l2_promotion: 2,
        oob_fill: 0,
        coord_map: [CoordMap::default(); MAX_GMEM_RANK],
        covered: growth.covered(map, top, tma_box),
    };
    let mut stride = [0u64; MAX_RANK];
    for (i, d) in modes[..rank].iter().enumerate() {
        (p.global_dim[i], stride[i]) = merged_extent(gmem, d.gmodes())?;
        p.box_dim[i] = d.extent as u32;
    }
    if stride[0] != 1 {
        return Err(TmaError::Major(stride[0]));
    }
    for (b, &d) in p.global_strides.iter_mut().zip(&stride[1..rank]) {
        *b = d
            .checked_mul(bytes as u64)
            .filter(|b| b % 16 == 0 && *b < 1 << 40)
            .ok_or_else(|| TmaError::Stride((d as i64).saturating_mul(bytes as i64)))?;
    }
    if let Some(&d) = p.global_dim[..rank]
        .iter()
        .find(|&&d| d == 0 || d > 1 << 32)
    {
        return Err(TmaError::Dim(d));
    }
    if address % 16 != 0 {
        return Err(TmaError::Address(address));
    }
    truncate_by_multicast(&mut p.box_dim[..rank], multicast)?;
    p.coord_map = coord_map(gmem, &modes[..rank], &stride, bytes);
    Ok(p)
}

/// One mode of the descriptor: the global modes it merges, and its box extent.
#[derive(Clone, Copy)]
struct DescMode {
    gmodes: [usize; MAX_GMEM_RANK],
    len: usize,
    extent: u64,
}

impl DescMode {
    fn new(gmode: usize, extent: u64) -> Self {
        let mut gmodes = [0; MAX_GMEM_RANK];
        gmodes[0] = gmode;
        DescMode {
            gmodes,
            len: 1,
            extent,
        }
    }
    fn gmodes(&self) -> &[usize] {
        &self.gmodes[..self.len]
    }
}

/// The leaves of top-level mode `top`, in order.
fn leaves_of(gmem: &[GmemMode], top: usize) -> impl Iterator<Item = (usize, &GmemMode)> {
    gmem.iter().enumerate().filter(move |(_, g)| g.top == top)
}

/// The tile's extent `t` along top-level mode `j` starts and ends on leaves of the global mode
/// (CuTe composes the tile with the global tensor's modes): each leaf it crosses but the last is
/// static, and divides the extent left or is a multiple of it.
fn tile_fits_leaves(gmem: &[GmemMode], j: usize, t: usize) -> Result<(), TmaError> {
    let mut rest = t as u64;
    let count = leaves_of(gmem, j).count();
    for (_, g) in leaves_of(gmem, j).take(count.saturating_sub(1)) {
        if rest == 1 || g.static_shape && g.shape == 1 {
            continue;
        }
        if !g.static_shape {
            return Err(TmaError::LeafRuntime(j));
        }
        if rest % g.shape == 0 {
            rest /= g.shape;
        } else if g.shape % rest == 0 {
            rest = 1;
        } else {
            return Err(TmaError::LeafDivide(j, g.shape, t));
        }
    }
    Ok(())
}

/// A box mode of `extent` along top-level mode `j`, split over the leaves it walks: each leaf
/// and its part (a whole leaf, then what is left in the next).
fn box_pieces(
    gmem: &[GmemMode],
    j: usize,
    extent: usize,
) -> Result<([(usize, u64); MAX_GMEM_RANK], usize), TmaError> {
    let mut pieces = [(0, 1); MAX_GMEM_RANK];
    let (mut len, mut rest) = (0, extent as u64);
    let count = leaves_of(gmem, j).count();
    if count == 0 {
        return Err(TmaError::Rank);
    }
    for (k, (l, g)) in leaves_of(gmem, j).enumerate() {
        let part = match () {
            _ if rest == 1 => break,
            _ if k + 1 == count || rest <= g.shape && g.shape % rest == 0 => rest,
            _ if g.static_shape && g.shape == 1 => continue,
            _ if rest % g.shape == 0 => g.shape,
            _ => return Err(TmaError::LeafDivide(j, g.shape, extent)),
        };
        pieces[len] = (l, part);
        len += 1;
        rest /= part;
    }
    Ok((pieces, len))
}

/// A step CuTe's box grows by past the shared tile's box: a flat mode of the tile of `extent`
/// elements whose coordinate stride `coef` inside top-level mode `top` starts global leaf `leaf`.
#[derive(Clone, Copy, Debug)]
struct GrowStep {
    top: usize,
    coef: usize,
    extent: usize,
    leaf: usize,
}

/// The steps CuTe's box grows by (at most the descriptor's modes).
#[derive(Clone, Copy, Debug)]
struct Growth {
    steps: [GrowStep; MAX_RANK],
    len: usize,
}

impl Growth {
    fn steps(&self) -> &[GrowStep] {
        &self.steps[..self.len]
    }

    /// The tile's boxes a grown box covers: those not at the first coordinate of each step
    /// (none without growth, or for a tile of more boxes than a `TensorMap` takes).
    fn covered(&self, map: &IndexMap, top: &Flat, tma_box: &TmaBox) -> u64 {
        if self.len == 0 || box_counts(top, tma_box).2 > MAX_BOXES {
            return 0;
        }
        let boxes = tile_boxes(map, top, tma_box);
        let inside = |i: usize| {
            self.steps()
                .iter()
                .any(|g| boxes.at(i)[g.top] / g.coef % g.extent != 0)
        };
        (0..boxes.len())
            .filter(|&i| inside(i))
            .fold(0, |m, i| m | 1 << i)
    }
}

/// Where CuTe's box continues past the shared tile's (the tile `map` of top-level sizes `top`):
/// the tile's right inverse walked on from where [`tma_box`] stopped, while each next flat mode
/// starts a static leaf of its global mode (its coordinate stride the product of the leaves
/// before) that it fits in, or continues the last such step.
fn box_growth(map: &IndexMap, top: &Flat, gmem: &[GmemMode], tma_box: &TmaBox) -> Growth {
    let empty = GrowStep {
        top: 0,
        coef: 1,
        extent: 1,
        leaf: 0,
    };
    let mut g = Growth {
        steps: [empty; MAX_RANK],
        len: 0,
    };
    let (shape, stride) = map.modes();
    let mut next = tma_box.elements();
    while let Some(i) = (0..shape.len()).find(|&i| shape.leaf(i) > 1 && stride.leaf(i) == next) {
        let ((j, coef), extent) = (top_mode(top, coord_stride(shape, i)), shape.leaf(i));
        let fits = |l: usize, e: usize| {
            let leaf = gmem[l];
            leaf_is_last(gmem, l) || leaf.shape % e as u64 == 0
        };
        match g.steps[..g.len].last_mut() {
            Some(s)
                if s.top == j && coef == s.coef * s.extent && fits(s.leaf, s.extent * extent) =>
            {
                s.extent *= extent;
            }
            _ => match leaf_at(gmem, j, coef) {
                Some(l) if fits(l, extent) && tma_box.len + g.len < MAX_RANK => {
                    g.steps[g.len] = GrowStep {
                        top: j,
                        coef,
                        extent,
                        leaf: l,
                    };
                    g.len += 1;
                }
                _ => break,
            },
        }
        next *= extent;
    }
    g
}

/// The leaf of top-level mode `j` that starts at coordinate `coef` inside it, every leaf before
/// it static (and not the first leaf: the tile's box holds that).
fn leaf_at(gmem: &[GmemMode], j: usize, coef: usize) -> Option<usize> {
    let mut prefix = 1u64;
    for (l, g) in leaves_of(gmem, j) {
        if prefix == coef as u64 && prefix > 1 {
            return Some(l);
        }
        if !g.static_shape || prefix > coef as u64 {
            return None;
        }
        prefix *= g.shape;
    }
    None
}

/// Whether leaf `l` is the last of its top-level mode.
fn leaf_is_last(gmem: &[GmemMode], l: usize) -> bool {
    !gmem[l + 1..].iter().any(|g| g.top == gmem[l].top)
}

/// The descriptor's modes: the box's, each split over the global leaves it walks, a part merged
/// into the one before where it continues it in global memory within 256 elements, both strides
/// static (CuTe's `coalesce_256`), then the leaves the box does not walk (not statically
/// trivial), with box extent 1; those past the descriptor's 5 fold into its last mode, which
/// covers them at their greatest common stride (as CuTe does).
fn descriptor_modes(
    gmem: &[GmemMode],
    tma_box: &TmaBox,
    growth: &Growth,
) -> Result<([DescMode; MAX_RANK], usize), TmaError> {
    let mut modes = [DescMode::new(0, 1); MAX_RANK];
    let mut rank = 0;
    let mut walked = [false; MAX_GMEM_RANK];
    let mut last: Option<(u64, i64, bool)> = None; // the last mode's extent, stride, static
                                                   // The box's modes split over the leaves they walk, then the steps CuTe's box grows by.
    let (mut pieces, mut n) = ([(0, 1); MAX_GMEM_RANK + MAX_RANK], 0);
    for m in tma_box.modes() {
        let (more, k) = box_pieces(gmem, m.gmode, m.extent)?;
        let to = pieces.get_mut(n..n + k).ok_or(TmaError::Rank)?;
        to.copy_from_slice(&more[..k]);
        n += k;
    }
    for g in growth.steps() {
        *pieces.get_mut(n).ok_or(TmaError::Rank)? = (g.leaf, g.extent as u64);
        n += 1;
    }
    for &(l, extent) in &pieces[..n] {
        let g = gmem[l];
        walked[l] = true;
        match last {
            Some((s, d, true))
                if g.static_stride && s as i64 * d == g.stride && extent * s <= 256 =>
            {
                let dm = &mut modes[rank - 1];
                dm.gmodes[dm.len] = l;
                dm.len += 1;
                dm.extent *= extent;
                last = Some((extent * s, d, true));
            }
            _ => {
                *modes.get_mut(rank).ok_or(TmaError::Rank)? = DescMode::new(l, extent);
                rank += 1;
                last = Some((extent, g.stride, g.static_stride));
            }
        }
    }
    for (j, g) in gmem.iter().enumerate() {
        if !g.trivial() && !walked[j] {
            if rank < MAX_RANK {
                modes[rank] = DescMode::new(j, 1);
                rank += 1;
            } else {
                // Past the descriptor's 5 modes, the rest fold into the last (as CuTe folds them).
                let dm = &mut modes[MAX_RANK - 1];
                *dm.gmodes.get_mut(dm.len).ok_or(TmaError::Rank)? = j;
                dm.len += 1;
            }
        }
    }
    Ok((modes, rank))
}

/// Where each global mode's coordinate goes (CuTe's TMA tensor strides): into the descriptor
/// mode that holds it, times its element stride in mode 0 (which counts elements), 1 in a mode
/// of its own, and its stride in units of the mode's in a merged one.
fn coord_map(
    gmem: &[GmemMode],
    modes: &[DescMode],
    stride: &[u64],
    bytes: usize,
) -> [CoordMap; MAX_GMEM_RANK] {
    let mut map = [CoordMap::default(); MAX_GMEM_RANK];
    for (i, d) in modes.iter().enumerate() {
        for &j in d.gmodes() {
            let scale = match (i, d.len) {
                (0, _) => gmem[j].stride as u32,
                (_, 1) => 1,
                _ => {
                    let bits = gmem[j].stride as u64 * bytes as u64 * 8;
                    (bits / (stride[i] * bytes as u64).max(16)).div_ceil(8) as u32
                }
            };
            map[j] = CoordMap {
                dim: i as u8,
                scale,
            };
        }
    }
    map
}

/// A descriptor mode that merges several global modes: the extent that covers them at the
/// greatest common stride (CuTe's recurrence in `fill_tma_gmem_shape_stride`), and that stride.
fn merged_extent(gmem: &[GmemMode], modes: &[usize]) -> Result<(u64, u64), TmaError> {
    let (mut dim, mut stride) = (1u64, 0u64);
    for &j in modes {
        let g = gmem[j];
        if g.stride < 0 {
            return Err(TmaError::Stride(g.stride));
        }
        if g.shape == 0 {
            return Err(TmaError::Dim(0));
        }
        let d = g.stride as u64;
        let old = stride;
        stride = gcd(stride, d);
        dim = if stride != 0 {
            let span = |n: u64, s: u64| (n - 1).checked_mul(s / stride);
            span(dim, old)
                .zip(span(g.shape, d))
                .and_then(|(a, b)| a.checked_add(b)?.checked_add(1))
                .ok_or(TmaError::Dim(u64::MAX))?
        } else {
            g.shape
        };
    }
    Ok((dim, stride))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Each of `multicast` blocks loads a part of the box: the last modes are cut first.
fn truncate_by_multicast(box_dim: &mut [u32], multicast: u32) -> Result<(), TmaError> {
    let mut m = multicast;
    for b in box_dim.iter_mut().rev() {
        if m <= 1 {
            break;
        }
        if *b % m != 0 && m % *b != 0 {
            return Err(TmaError::Multicast(m, *b));
        }
        let next = m.div_ceil(*b);
        *b = b.div_ceil(m);
        m = next;
    }
    if m > 1 {
        return Err(TmaError::Multicast(multicast, 1));
    }
    Ok(())
}

/// The 128 bytes of an encoded descriptor (`CUtensorMap`), 64-byte aligned as the driver and the
/// instructions read it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct TmaDescriptor(pub [u64; 16]);

/// A TMA descriptor of a global tensor of `T` and the shared tile `S` it copies to or from, with
/// where each global coordinate goes: what a kernel takes as a parameter, by value (a grid
/// constant, `.param .align 64`), built on the host by [`TensorMap::encode`].
#[repr(C, align(64))]
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
    tile: PhantomData<fn() -> (T, S)>,
}

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
