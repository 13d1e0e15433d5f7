//! A tensor as the atoms walk it: its engine, the sizes of its first two modes and of the whole,
//! and the engine index of each 1-D coordinate. A copy's partition `(CPY, CPY_M, CPY_K, ..)` is
//! walked by 1-D coordinate, an atom call's values first (they make up mode 0, colexicographic),
//! and an MMA fragment `(V, M, K)` likewise; plain and swizzled layouts alike, of any rank.

use super::{Base, Engine, Swizzled, TensorOf};
use crate::layout::coord::Coord;
use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::list::{Cons, Nil};
use crate::sublayout::Modes;
use crate::swizzle::SwizzleFn;

/// A tensor walked by 1-D coordinate: how the atoms run over a partition of any rank, plain or
/// swizzled, by the sizes of its first two modes and the engine index of each coordinate.
///
/// ```
/// use tessel::tensor::Walk;
/// use tessel::{layout, Tensor};
/// let data = [0u8; 32];
/// let t = Tensor::new(&data[..], layout!("(2,4,4):(1,8,2)"));
/// assert_eq!(t.sizes(), (2, 4, 32)); // mode 0, mode 1, all
/// assert_eq!(t.index(3), 9); // coordinate (1,1,0)
/// ```
pub trait Walk {
    /// Where its elements live.
    type Engine: Engine;
    /// The sizes of mode 0 and of mode 1 (1 for a rank-1 tensor), and the number of elements.
    fn sizes(&self) -> (usize, usize, usize);
    /// The engine index of 1-D coordinate `i`.
    fn index(&self, i: usize) -> usize;
    /// The engine.
    fn engine(&self) -> &Self::Engine;
    /// The engine, to write through.
    fn engine_mut(&mut self) -> &mut Self::Engine;
}

/// The sizes of a shape's first two modes.
pub trait LeadingSizes {
    /// Mode 0's size and mode 1's (1 where there is none).
    fn leading(self) -> (usize, usize);
}
impl<H: IntTuple> LeadingSizes for Cons<H, Nil> {
    #[inline(always)]
    fn leading(self) -> (usize, usize) {
        (self.0.size(), 1)
    }
}
impl<H: IntTuple, H1: IntTuple, T> LeadingSizes for Cons<H, Cons<H1, T>> {
    #[inline(always)]
    fn leading(self) -> (usize, usize) {
        (self.0.size(), self.1 .0.size())
    }
}

/// `(mode 0, mode 1, all)` of a shape.
#[inline(always)]
fn sizes<S: IntTuple + Modes>(shape: S) -> (usize, usize, usize)
where
    S::List: LeadingSizes,
{
    let (v, m) = shape.modes().leading();
    (v, m, shape.size())
}

macro_rules! engine_access {
    () => {
        #[inline(always)]
        fn engine(&self) -> &E {
            &self.engine
        }
        #[inline(always)]
        fn engine_mut(&mut self) -> &mut E {
            &mut self.engine
        }
    };
}

impl<E: Engine, S: LayoutShape<D> + Modes, D: IntTuple, B: Base> Walk
    for TensorOf<E, Layout<S, D>, B>
where
    S::List: LeadingSizes,
    usize: Coord<S, D>,
{
    type Engine = E;
    #[inline(always)]
    fn sizes(&self) -> (usize, usize, usize) {
        sizes(self.layout.shape())
    }
    #[inline(always)]
    fn index(&self, i: usize) -> usize {
        self.index_of(i) as usize
    }
    engine_access!();
}

impl<E: Engine, Sw: SwizzleFn, S: LayoutShape<D> + Modes, D: IntTuple> Walk
    for TensorOf<E, Swizzled<Sw, Layout<S, D>>>
where
    S::List: LeadingSizes,
    usize: Coord<S, D>,
{
    type Engine = E;
    #[inline(always)]
    fn sizes(&self) -> (usize, usize, usize) {
        sizes(self.shape())
    }
    #[inline(always)]
    fn index(&self, i: usize) -> usize {
        self.index_of(i) as usize
    }
    engine_access!();
}
