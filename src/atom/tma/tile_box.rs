//! The shared side of a TMA copy: the box a shared tile is copied by (CuTe's `sidx2gmode`, in
//! const evaluation), its swizzle, and the boxes that cover the tile.

use super::{TmaError, MAX_RANK};
use crate::atom::element::Element;
use crate::atom::tma_tile::TileFunction;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::const_layout::{ConstFlat, ConstLayout, Flat, IndexMap};
use crate::tensor::ProductEach;
use typenum::Unsigned;

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
pub(super) const fn coord_stride(shape: &Flat, i: usize) -> usize {
    let (mut c, mut j) = (1, 0);
    while j < i {
        c *= shape.leaf(j);
        j += 1;
    }
    c
}

/// The top-level mode a 1-D coordinate stride `c` lies in, and its stride inside that mode.
pub(super) const fn top_mode(top: &Flat, c: usize) -> (usize, usize) {
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
/// condition it fails (what [`TensorMap`](super::TensorMap) checks where it is used, asked in
/// `cargo check` where the tile is declared).
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
pub(super) const fn box_counts(
    top: &Flat,
    tma_box: &TmaBox,
) -> ([usize; MAX_RANK], [usize; MAX_RANK], usize) {
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
