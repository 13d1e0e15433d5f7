//! Runtime products: `logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B)`, its
//! rearranged forms, the rank-sensitive blocked and raked products, and tile_to_shape.
//!
//! Mode 0 of a logical product is A itself, mode 1 places copies of A as B lays them out. A tuple
//! tiler multiplies mode by mode. `blocked_product(A, B)` pairs mode i of A with mode i of the
//! copies, `((a0,b0),(a1,b1),...)`; `raked_product(A, B)` interleaves the copies instead,
//! `((b0,a0),(b1,a1),...)`. `tile_to_shape(A, S)` repeats A (column-major) until it has shape S;
//! each mode of S must be a multiple of A's.
//!
//! ```
//! use tessel::DynLayout;
//! use tessel::dynamic::product::{blocked_product, raked_product};
//! let a: DynLayout = "(2,5):(5,1)".parse().unwrap();
//! let b: DynLayout = "(3,4):(1,3)".parse().unwrap();
//! assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((2,3),(5,4)):((5,10),(1,30))");
//! assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((3,2),(4,5)):((10,5),(30,1))");
//! ```

use super::checked::mul;
use super::complement::complement;
use super::composition::composition;
use super::divide::{by_mode, tile_unzip, unpack};
use super::sublayout::make_layout;
use super::tiler::Tiler;
use super::{DynLayout, Error, IntTuple};
use crate::algebra::by_mode::ProductModes;
use crate::algebra::product::{BlockDivides, RankFits};
use alloc::vec::Vec;

/// `logical_product(A, tiler)`.
pub fn logical_product(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    match tiler {
        Tiler::Tuple { elems, .. } => by_mode(a, elems, (ProductModes::MESSAGE, logical_product)),
        Tiler::Int(n) => logical_product(a, &DynLayout::from_shape(IntTuple::Int(*n))?.into()),
        Tiler::Layout(b) => {
            let target = mul(a.size(), b.cosize())?;
            let copies = composition(&complement(a, &IntTuple::Int(target))?, tiler)?;
            make_layout(&[a.clone(), copies])
        }
    }
}

/// `zipped_product(A, tiler)`: `((A), (copies))`.
pub fn zipped_product(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    tile_unzip(&logical_product(a, tiler)?, tiler)
}

/// `tiled_product(A, tiler)`: `((A), c0, c1, ...)`.
pub fn tiled_product(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    unpack(&zipped_product(a, tiler)?, false)
}

/// `flat_product(A, tiler)`: `(a0, a1, ..., c0, c1, ...)`.
pub fn flat_product(a: &DynLayout, tiler: &Tiler) -> Result<DynLayout, Error> {
    unpack(&zipped_product(a, tiler)?, true)
}

/// CuTe's `append<R>`: `l` padded with `1:0` modes to rank `r` (an integer layout is one mode).
fn pad(l: &DynLayout, r: usize) -> Result<DynLayout, Error> {
    if l.rank() == r && (r > 1 || l.depth() == 0 || l.shape().modes().len() == r) {
        return Ok(l.clone());
    }
    let mut modes = l.modes();
    modes.resize(r, DynLayout::new(IntTuple::Int(1), IntTuple::Int(0))?);
    make_layout(&modes)
}

/// CuTe's `zip(a, b)`: `((a0,b0),(a1,b1),...)`; two integers zip to `((a,b))`.
fn zip(a: &IntTuple, b: &IntTuple) -> IntTuple {
    match a {
        IntTuple::Int(_) => IntTuple::Tuple(alloc::vec![IntTuple::Tuple(alloc::vec![
            a.clone(),
            b.clone()
        ])]),
        IntTuple::Tuple(elems) => IntTuple::Tuple(
            elems
                .iter()
                .zip(b.modes())
                .map(|(x, y)| IntTuple::Tuple(alloc::vec![x.clone(), y.clone()]))
                .collect(),
        ),
    }
}

/// The two modes of `logical_product(append<R>(A), append<R>(B))`, with R the larger rank.
fn product_halves(a: &DynLayout, b: &DynLayout) -> Result<(DynLayout, DynLayout), Error> {
    let r = a.rank().max(b.rank());
    let result = logical_product(&pad(a, r)?, &pad(b, r)?.into())?;
    let mut modes = result.modes().into_iter();
    Ok((modes.next().expect("rank 2"), modes.next().expect("rank 2")))
}

fn zip_layouts(x: &DynLayout, y: &DynLayout) -> Result<DynLayout, Error> {
    DynLayout::new(zip(x.shape(), y.shape()), zip(x.stride(), y.stride()))
}

/// `blocked_product(A, B)`.
pub fn blocked_product(a: &DynLayout, b: &DynLayout) -> Result<DynLayout, Error> {
    let (block, copies) = product_halves(a, b)?;
    zip_layouts(&block, &copies)
}

/// `raked_product(A, B)`.
pub fn raked_product(a: &DynLayout, b: &DynLayout) -> Result<DynLayout, Error> {
    let (block, copies) = product_halves(a, b)?;
    zip_layouts(&copies, &block)
}

/// `tile_to_shape(A, shape)`.
pub fn tile_to_shape(a: &DynLayout, shape: &IntTuple) -> Result<DynLayout, Error> {
    let r = shape.rank();
    if a.rank() > r {
        return Err(Error::precondition(
            RankFits::MESSAGE,
            a.rank() as i64,
            r as i64,
        ));
    }
    let padded = pad(a, r)?;
    let block: Vec<i64> = padded.modes().iter().map(DynLayout::size).collect();
    let target: Vec<i64> = shape
        .modes()
        .iter()
        .map(IntTuple::size)
        .collect::<Result<_, _>>()?;
    if let Some((b, t)) = block.iter().zip(&target).find(|(b, t)| *t % *b != 0) {
        return Err(Error::precondition(BlockDivides::MESSAGE, *b, *t));
    }
    let counts = IntTuple::Tuple(
        block
            .iter()
            .zip(&target)
            .map(|(b, t)| IntTuple::Int(t / b))
            .collect(),
    );
    blocked_product(&padded, &DynLayout::from_shape(counts)?)
}
