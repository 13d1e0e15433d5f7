//! tessel: CuTe's layout algebra as Rust types.
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod compact;
pub mod coord;
pub mod int;
pub mod int_tuple;
pub mod layout;
pub mod list;
mod print;
pub mod sublayout;

#[cfg(feature = "alloc")]
pub mod dynamic;

#[cfg(feature = "alloc")]
pub use dynamic::DynLayout;
pub use int::{Int, StaticInt, C};
pub use layout::{ColMajor, Layout, RowMajor, StaticLayout};
pub use tessel_macros::{layout, shape};
pub use typenum;

// Lets the macros' `::tessel::` paths resolve inside this crate too.
extern crate self as tessel;
