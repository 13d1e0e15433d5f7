//! Scaled basis elements: CuTe's `E<i>` strides, the strides of a layout whose values are
//! coordinates rather than indices (an identity tensor's).
//!
//! The stride `k@j` ([`E<J, V>`](E), `V` the scale `k`, `J` the basis `j`) steps leaf `j` of a
//! coordinate by `k` and no other leaf: a coordinate times `(1@0, 1@1)` is the coordinate
//! itself, at any size. The scale is a leaf as any other ([`Int`]: static or runtime), so the
//! algebra carries it as it carries an integer stride, and the basis rides along in the type:
//! before an operation every basis stride becomes a symbol ([`crate::num::symbol`]), never equal
//! to another stride, so two modes of different bases never merge, and the result's strides
//! come back as `k@j`, `k` static where its factors are (as CuTe keeps `_32@0` static) and
//! computed from the arguments where one is runtime. A plain integer stride steps leaf 0.
//!
//! ```
//! use tessel::num::basis::E;
//! use tessel::{zipped_divide, Layout, C};
//! use tessel::typenum::{U0, U1};
//! let id = Layout::new((100usize, 60usize), (E::<U0>::default(), E::<U1>::default()));
//! assert_eq!(id.to_string(), "(100,60):(1@0,1@1)");
//! let tiled = zipped_divide(id, (C::<32>::default(), C::<16>::default()));
//! assert_eq!(tiled.to_string(), "((32,16),(4,4)):((1@0,1@1),(32@0,16@1))");
//! // Static where CuTe's are (cute-oracle --raw): the scales, and the tile's extents.
//! assert_eq!(format!("{tiled:#}"), "((_32,_16),(4,4)):((_1@0,_1@1),(_32@0,_16@1))");
//! ```

use crate::num::index::ArithTuple;
use crate::num::int::{Int, C};
use core::fmt::Debug;
use core::marker::PhantomData;
use typenum::Unsigned;

/// The stride `V@J`: scale `V` (static or runtime) along leaf `J` of a coordinate.
pub struct E<J, V = C<1>>(pub V, PhantomData<fn() -> J>);

impl<J, V> E<J, V> {
    /// `v@J`.
    #[inline(always)]
    pub const fn new(v: V) -> Self {
        E(v, PhantomData)
    }
}
impl<J, V: Copy> Clone for E<J, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<J, V: Copy> Copy for E<J, V> {}
impl<J, V: Default> Default for E<J, V> {
    fn default() -> Self {
        E::new(V::default())
    }
}
impl<J: Unsigned, V: Int> Debug for E<J, V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}@{}", self.0.value(), J::USIZE)
    }
}
impl<J: Unsigned, V: Int> Int for E<J, V> {
    /// The scale.
    #[inline(always)]
    fn value(&self) -> isize {
        self.0.value()
    }
    const STATIC: bool = V::STATIC;
    const BASIS: Option<usize> = Some(J::USIZE);
    type Index = ArithTuple;
}
