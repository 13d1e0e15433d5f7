//! Pictures of a TiledMma's and a TiledCopy's thread-value layouts, as CuTe's
//! `print_latex(tiled_mma)` (A, B and C) and `print_latex(tiled_copy)` (source and
//! destination) draw them: each cell of the tile `T{t}V{v}`, coloured by thread ([`tv_svg`]).
//!
//! ```
//! use tessel::atom::print::tiled_mma_svg;
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
//! use tessel::{shape, MakeTiledMma};
//! let [_a, _b, c] = tiled_mma_svg::<MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>>().unwrap();
//! // C is 32x16: 512 cells, 128 threads of 4 values each.
//! assert_eq!(c.matches("class=\"cell\"").count(), 512);
//! assert!(c.contains(">T127V3</text>"));
//! ```

use crate::atom::tiled_copy::{TiledCopy, Untuple};
use crate::atom::tiled_mma::TiledMma;
use crate::dynamic::svg::tv_svg;
use crate::dynamic::{Error, IntTuple};
use crate::layout::StaticLayout;
use alloc::string::String;

/// The sizes of the modes of a static tile `Tuple<S>` (`(M,N,..)`), from its value.
fn sizes<T: Untuple>() -> Result<alloc::vec::Vec<i64>, Error>
where
    T::Inner: crate::layout::int_tuple::IntTuple,
{
    use crate::layout::int_tuple::IntTuple as _;
    T::Inner::default()
        .dynamic()
        .modes()
        .iter()
        .map(IntTuple::size)
        .collect()
}

/// The pictures of A's `(thread, value) -> (m, k)` over the `M x K` tile, B's over `N x K` and
/// C's over `M x N`.
pub fn tiled_mma_svg<Tm: TiledMma>() -> Result<[String; 3], Error>
where
    Tm::TileShapeMNK: Untuple,
    <Tm::TileShapeMNK as Untuple>::Inner: crate::layout::int_tuple::IntTuple,
{
    let mnk = sizes::<Tm::TileShapeMNK>()?;
    let (m, n, k) = (mnk[0], mnk[1], mnk[2]);
    Ok([
        tv_svg(&Tm::LayoutATV::dynamic(), (m, k))?,
        tv_svg(&Tm::LayoutBTV::dynamic(), (n, k))?,
        tv_svg(&Tm::LayoutCTV::dynamic(), (m, n))?,
    ])
}

/// The pictures of a TiledCopy over its tile: the source's `(thread, value) -> (m, n)`, then the
/// destination's (CuTe's `get_layoutS_TV` and `get_layoutD_TV`, as `partition_S` and
/// `partition_D` cut with them). They differ where a side is not the atom's reference: for
/// `ldmatrix` a lane's source values are the row it gives the address of.
pub fn tiled_copy_svg<Tc: TiledCopy>() -> Result<[String; 2], Error>
where
    Tc::ThrVal2MnS: StaticLayout,
    Tc::ThrVal2MnD: StaticLayout,
    <Tc::TilerMN as Untuple>::Inner: crate::layout::int_tuple::IntTuple,
{
    let mn = sizes::<Tc::TilerMN>()?;
    Ok([
        tv_svg(&Tc::ThrVal2MnS::dynamic(), (mn[0], mn[1]))?,
        tv_svg(&Tc::ThrVal2MnD::dynamic(), (mn[0], mn[1]))?,
    ])
}
