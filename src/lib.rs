#![doc = include_str!("../README.md")]
//!
//! ## Modules
//!
//! The static layer, in the order of the algebra: [`int`] (static and dynamic integers, `C<N>`),
//! [`int_tuple`] (nested tuples: rank, depth, size, flatten, get, congruence, compatibility),
//! [`compact`] (LayoutLeft / LayoutRight strides), [`coord`] (idx2crd, crd2idx), [`layout`](mod@layout)
//! (`Layout`, `StaticLayout`, evaluation, printing), [`sublayout`] (get, select, take, group,
//! flatten, append, prepend, replace, make_layout), then the algebra: [`coalesce`](mod@coalesce),
//! [`composition`](mod@composition), [`complement`](mod@complement), [`divide`], [`product`], [`inverse`], on the type-level
//! arithmetic of [`arith`]. [`list`] holds the type-level lists the operations recurse over. The
//! runtime layer, [`dynamic`], mirrors them module for module.
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod arith;
pub mod bank;
pub mod by_mode;
pub mod coalesce;
pub mod compact;
pub mod complement;
pub mod composed;
pub mod composition;
pub mod const_layout;
pub mod coord;
pub mod diagnostic;
pub mod divide;
pub mod int;
pub mod int_tuple;
pub mod inverse;
pub mod layout;
pub mod list;
pub mod mixed;
pub mod nat;
mod print;
pub mod product;
pub mod rules;
pub mod sublayout;
pub mod swizzle;

#[cfg(feature = "alloc")]
pub mod dynamic;

pub use coalesce::{coalesce, Coalesce};
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
pub use inverse::{left_inverse, right_inverse, LeftInverse, RightInverse};
pub use layout::{ColMajor, Layout, RowMajor, StaticLayout};
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
pub use tessel_macros::{layout, shape, tiler};
pub use typenum;

// Lets the macros' `::tessel::` paths resolve inside this crate too.
extern crate self as tessel;
