//! The worked examples of the layout-algebra chapter tessel started from, in the chapter's
//! order, as tests of the crate (each value is the chapter's, not tessel's output). The
//! static layer computes them during type checking; `tests/chapter.rs` holds the chapter's
//! tables and CuTe's `01_layout` examples on both layers.
//!
//! # A layout: shape and stride
//!
//! `(4,(2,4)):(2,(1,8))` takes `(1,5)` to 19 (5 splits by `(2,4)` into `(1,2)`: `1*2 + 1*1 +
//! 2*8`), and the 1-D coordinate 5 to 3; its first 1-D coordinates walk mode 0 first.
//!
//! ```
//! use tessel::{layout, StaticLayout};
//! type H = layout!("(4,(2,4)):(2,(1,8))");
//! let h = H::default();
//! assert_eq!((h.call((1, 5)), h.call((1, (1, 2))), h.call(5)), (19, 19, 3));
//! assert_eq!((0..8).map(|i| h.call(i)).collect::<Vec<_>>(), [0, 2, 4, 6, 1, 3, 5, 7]);
//! // A shape alone is column-major.
//! assert_eq!(layout!("(4,8)").to_string(), "(4,8):(1,4)");
//! ```
//!
//! # Coalescing: the simplest form of the same function
//!
//! ```
//! use tessel::{layout, Coalesce};
//! assert_eq!(<Coalesce<layout!("(2,(1,6)):(1,(6,2))")>>::default().to_string(), "12:1");
//! assert_eq!(<Coalesce<layout!("(4,8):(1,4)")>>::default().to_string(), "32:1");
//! assert_eq!(<Coalesce<layout!("(4,8):(8,1)")>>::default().to_string(), "(4,8):(8,1)");
//! ```
//!
//! # Composition: a layout over a layout
//!
//! `R = A o B`, `R(c) = A(B(c))`, with R's shape B's:
//!
//! ```
//! use tessel::{layout, Composition, StaticLayout};
//! type A = layout!("(6,2):(8,2)");
//! type R = Composition<A, layout!("(4,3):(3,1)")>;
//! assert_eq!(R::default().to_string(), "((2,2),3):((24,2),8)");
//! let b = layout!("(4,3):(3,1)");
//! assert!((0..12).all(|i| R::default().call(i) == A::default().call(b.call(i))));
//! // A transposed view of a row-major 4x8 matrix, and every other row of it.
//! type T = Composition<layout!("(4,8):(8,1)"), layout!("(8,4):(4,1)")>;
//! assert_eq!(T::default().to_string(), "(8,4):(1,8)");
//! assert_eq!(T::default().call((5, 2)), layout!("(4,8):(8,1)").call((2, 5)));
//! type E = Composition<layout!("(4,8):(8,1)"), layout!("(2,8):(2,4)")>;
//! assert_eq!(E::default().to_string(), "(2,8):(16,1)");
//! ```
//!
//! The two compositions the chapter shows failing fail the build, `A o 4:2` (shape
//! divisibility) and `A o 4:4` (stride divisibility):
//!
//! ```compile_fail
//! use tessel::{layout, Composition};
//! let _ = <Composition<layout!("(6,2):(8,2)"), layout!("4:2")>>::default();
//! ```
//!
//! ```compile_fail
//! use tessel::{layout, Composition};
//! let _ = <Composition<layout!("(6,2):(8,2)"), layout!("4:4")>>::default();
//! ```
//!
//! # Complement and division: cutting data into tiles
//!
//! ```
//! use tessel::{layout, Complement, LogicalDivide, C};
//! assert_eq!(<Complement<layout!("4:2"), C<24>>>::default().to_string(), "(2,3):(1,8)");
//! assert_eq!(<Complement<layout!("(2,2):(1,6)"), C<24>>>::default().to_string(), "(3,2):(2,12)");
//! type D = LogicalDivide<layout!("24:1"), layout!("4:2")>;
//! assert_eq!(D::default().to_string(), "(4,(2,3)):(2,(1,8))");
//! ```
//!
//! # From tiles to threads: local_tile and local_partition
//!
//! A 16x8 column-major f32 tile among 32 threads: one 2x2 block a thread (neighbouring threads
//! 2 elements apart), or `local_partition` by a `(16,2)` thread layout (neighbouring threads
//! adjacent: one 128-byte read for the warp).
//!
//! ```
//! use tessel::{layout, local_partition, shape, Tensor, ZippedDivide};
//! type Blocks = ZippedDivide<layout!("(16,8)"), shape!("(2,2)")>;
//! assert_eq!(Blocks::default().to_string(), "((2,2),(8,4)):((1,16),(2,32))");
//! let index: Vec<usize> = (0..128).collect();
//! let tile = Tensor::new(&index, layout!("(16,8)"));
//! let values = |t: usize| {
//!     let mine = local_partition(tile, layout!("(16,2)"), t);
//!     (0..mine.size()).map(|v| mine[v]).collect::<Vec<_>>()
//! };
//! assert_eq!([values(0), values(1), values(16)], [[0, 32, 64, 96], [1, 33, 65, 97], [16, 48, 80, 112]]);
//! ```
//!
//! # A Tensor Core's register layout is a layout too
//!
//! The TV layouts of `SM80_16x8x16_F32F16F16F32_TN` take `(lane, value)` to a column-major
//! index in the tile; lane 1's eight values of A, and the owners of C's first row:
//!
//! ```
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN as Mma;
//! use tessel::{MmaAtom, StaticLayout};
//! type A = <Mma as MmaAtom>::ALayout;
//! assert_eq!(A::default().to_string(), "((4,8),(2,2,2)):((32,1),(16,8,128))");
//! let rc = |i: usize| (i % 16, i / 16);
//! let lane1: Vec<_> = (0..8).map(|v| rc(A::default().call((1, v)))).collect();
//! assert_eq!(lane1, [(0, 2), (0, 3), (8, 2), (8, 3), (0, 10), (0, 11), (8, 10), (8, 11)]);
//! type Cl = <Mma as MmaAtom>::CLayout;
//! let owner = |col: usize| (0..32).find(|&l| (0..4).any(|v| Cl::default().call((l, v)) == 16 * col)).unwrap();
//! assert_eq!((0..8).map(owner).collect::<Vec<_>>(), [0, 0, 1, 1, 2, 2, 3, 3]);
//! ```
