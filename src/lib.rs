#![doc = include_str!("../README.md")]
//!
//! ## Modules
//!
//! - [`num`]: the leaves and the type-level arithmetic on them: [`int`] (static and runtime
//!   integers, `C<N>`), [`nat`], [`arith`].
//! - [`layout`](mod@layout): `Layout`, `StaticLayout`, evaluation and printing, with
//!   [`int_tuple`] (nested tuples), [`list`] (the type-level lists the operations recurse over),
//!   [`compact`] (LayoutLeft / LayoutRight), [`ordered`] (compact orders, make_fragment_like),
//!   [`coord`] (idx2crd, crd2idx), [`sublayout`] (get,
//!   select, take, group, flatten, append, prepend, replace, make_layout).
//! - [`algebra`]: [`coalesce`](mod@coalesce), [`composition`](mod@composition),
//!   [`complement`](mod@complement), [`divide`], [`product`], [`inverse`], with [`by_mode`]
//!   (tuple tilers), [`mixed`] (runtime leaves through the algebra) and [`rules`] (the integer
//!   steps written once).
//! - [`swizzle`](mod@swizzle): `Swizzle`, [`composed`] layouts, [`bank`] conflicts, and the
//!   [`const_layout`] they are computed on.
//! - [`kernel`]: the parts a kernel is composed of, above the atoms: shared storage laid out
//!   from its parts' types, warp roles and their register budgets, the tile scheduler, the
//!   mainloop's wgmmas.
//! - [`diagnostic`]: how a failed condition reads. [`dynamic`]: the runtime layer, mirroring
//!   the static modules name for name.
#![no_std]
#![warn(missing_docs)]
// The device layer's instructions (nightly features, confined to the nvptx64 build).
#![cfg_attr(
    target_arch = "nvptx64",
    feature(asm_experimental_arch, stdarch_nvptx, core_intrinsics),
    allow(internal_features)
)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod algebra;
#[cfg(target_arch = "nvptx64")]
pub mod arch;
pub mod atom;
pub mod chapter;
pub mod diagnostic;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod kernel;
pub mod layout;
pub mod num;
pub mod swizzle;
pub mod tensor;

// Each concept's module under its short name too (`tessel::composition`, `tessel::int`, ...).
pub use algebra::{
    by_mode, coalesce, complement, composition, divide, inverse, mixed, product, rules,
};
pub use atom::mma;
pub use layout::{compact, coord, int_tuple, ordered, sublayout};
pub use num::{arith, int, list, nat, symbol};
pub use swizzle::{bank, composed, const_layout};

pub use atom::copy::{upcast, CopyAtom};
pub use atom::tiled_copy::{same_threads, MakeTiledCopyA, MakeTiledCopyB, MakeTiledCopyC};
pub use atom::tiled_copy::{MakeTiledCopy, TiledCopy};
pub use atom::tiled_mma::{MakeTiledMma, NoPermutation, TiledMma};
pub use coalesce::{coalesce, filter, filter_zeros, Coalesce, Filter, FilterZeros};
pub use compact::{make_layout_left, make_layout_right};
pub use complement::{complement, Complement};
pub use composed::ComposedLayout;
pub use composition::{composition, Composition};
pub use divide::{
    flat_divide, logical_divide, tiled_divide, zipped_divide, FlatDivide, LogicalDivide,
    TiledDivide, ZippedDivide,
};
#[cfg(feature = "alloc")]
pub use dynamic::DynLayout;
pub use int::{Int, StaticInt, C};
pub use inverse::{left_inverse, max_common_layout, max_common_vector, right_inverse};
pub use inverse::{LeftInverse, MaxCommonLayout, MaxCommonVector, RightInverse};
pub use layout::{ColMajor, Layout, RowMajor, StaticLayout};
pub use mma::MmaAtom;
pub use ordered::{compact_order, make_layout_like, make_ordered_layout};
pub use product::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape, tiled_product,
    zipped_product, BlockedProduct, FlatProduct, LogicalProduct, RakedProduct, TileToShape,
    TiledProduct, ZippedProduct,
};
pub use sublayout::{
    make_layout, Append, FlattenLayout, Group, MakeLayout, Prepend, Replace, Select, Sublayout,
    Take,
};
pub use swizzle::Swizzle;
pub use tensor::{
    axpby, clear, copy, copy_if, elem_less, inner_partition, local_partition, local_partition_proj,
    local_tile, local_tile_proj, make_fragment_like, make_identity_tensor, make_identity_tensor_of,
    make_tensor_like, outer_partition, transform, Fragment, IdentityTensor, Swizzled, Tensor,
    TensorConstPtr, TensorLayout, TensorMut, TensorOf, TensorPtr, TensorSmem, Underscore, X,
};
pub use tessel_macros::{layout, shape, tiler};
pub use typenum;

// Lets the macros' `::tessel::` paths resolve inside this crate too.
extern crate self as tessel;
