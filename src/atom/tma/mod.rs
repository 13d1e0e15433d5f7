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

mod gmem;
mod params;
mod tensor_map;
mod tile_box;

pub use gmem::{GmemMode, GmemModes, GmemTuple, TmaElement, TmaGmem};
pub use params::{tma_params, CoordMap, TmaParams};
pub use tensor_map::{
    BoxStarts, EncodeError, SameElement, TensorMap, TmaDescriptor, TmaDestination,
};
pub use tile_box::MAX_BOXES;
pub use tile_box::{box_of, tile_boxes, tma_box, BoxMode, TileBoxes, TmaBox, TmaSwizzle, TmaTile};

use crate::swizzle::const_layout::Text;

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
