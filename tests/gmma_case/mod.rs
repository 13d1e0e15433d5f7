//! One GMMA descriptor case: a stage tiled from a GMMA layout atom at a shared address, one
//! MMA's tile of it, and the descriptor of that tile against CuTe's.

/// The inner layout of a composed layout `Sw o 0 o L`: where the hardware's address comes from.
pub trait Inner {
    type L: Default;
}
impl<Sw, const O: usize, L: Default> Inner for tessel::ComposedLayout<Sw, O, L> {
    type L = L;
}

/// The stage's shared address: a multiple of every swizzle's period.
pub const BASE: u32 = 0x2000;

macro_rules! case {
    ($T:ty, $Mj:ident, $Atom:ident, ($sm:literal, $sk:literal), ($p:literal, $q:literal),
     ($i:literal, $j:literal), $want:literal) => {{
        use tessel::{local_tile, TileToShape, C};
        use $crate::gmma_case::{Inner, BASE};
        type Stage = TileToShape<$Atom<$T>, (C<$sm>, C<$sk>)>;
        // SAFETY: the tensor is not read; the address is a stage's.
        let s =
            unsafe { tessel::TensorSmem::<$T, _>::from_smem(BASE, $sm * $sk, Stage::default()) };
        let tile = local_tile(s, <(C<$p>, C<$q>)>::default(), ($i as usize, $j as usize));
        let d = make_gmma_desc::<$Mj, _, _>(&tile);
        let what = concat!(
            stringify!($T),
            " ",
            stringify!($Atom),
            " ",
            stringify!(($sm, $sk)),
            " ",
            stringify!(($p, $q)),
            " at ",
            stringify!(($i, $j))
        );
        // CuTe's host build has no shared address: its start field is 0.
        assert_eq!(d.0 & !0x3fff, ($want as u64) & !0x3fff, "{what}: {d:?}");
        // The start: the tile's first element before the swizzle.
        let first = <<Stage as Inner>::L>::default().call(($i * $p as usize, $j * $q as usize));
        let bytes = core::mem::size_of::<$T>();
        assert_eq!(
            d.start_address() as usize,
            (BASE as usize + bytes * first) >> 4,
            "{what}"
        );
    }};
}
pub(crate) use case;
