//! The global side of a TMA copy: the descriptor's element type and a global tensor's leaf
//! modes, static, runtime or mixed, flat or nested.

use super::MAX_GMEM_RANK;
use crate::atom::element::{Element, BF16, E4M3, F16, TF32};
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::num::int::Int;

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
/// which [`TmaParams::new`](super::TmaParams::new) refuses).
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
