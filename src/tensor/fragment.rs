//! Register fragments: tensors that own their elements, an array as long as the layout's cosize
//! (a type-level number, so no allocation and no runtime length), and whole-tile loads and stores.

use super::{Engine, ReadEngine, TensorOf, WriteEngine, Zero};
use crate::algebra::product::{Cosize, CosizeOf};
use crate::diagnostic::Checked;
use crate::layout::coord::Coord;
use crate::layout::int_tuple::{IntTuple, LayoutShape, StaticShape};
use crate::layout::ordered::{
    FragmentOfShape, MakeFragmentLike, MakeTensorLike, ShapeFragment, TensorLike,
};
use crate::layout::{Layout, StaticLayout};
use generic_array::sequence::GenericSequence;
use generic_array::{ArrayLength, GenericArray};

/// Registers: a tensor of static layout `L` owning `cosize(L)` elements, from index 0 (no
/// runtime base: its indices are the layout's, constants where the coordinates are).
pub type Fragment<T, L> = TensorOf<GenericArray<T, <L as FragmentLayout>::Len>, L, Zero>;

/// A static layout a fragment can have: its cosize, a typenum number.
pub trait FragmentLayout: StaticLayout {
    /// `cosize(L)`.
    type Len: typenum::Unsigned;
}
impl<L: StaticLayout + CosizeOf> FragmentLayout for L
where
    Cosize<L>: typenum::Unsigned,
{
    type Len = Cosize<L>;
}

impl<T: Copy + Default, L: FragmentLayout> Default for TensorOf<GenericArray<T, L::Len>, L, Zero>
where
    L::Len: ArrayLength<T>,
{
    fn default() -> Self {
        Self::filled(T::default())
    }
}

/// CuTe's `make_fragment_like(t)`: registers for the elements of `t`, laid out as
/// [`FragmentLike`](crate::ordered::FragmentLike) (an atom's values column-major, the other modes in the order of `t`'s
/// strides), each element `Default`; a swizzled tensor's registers are its inner layout's.
///
/// ```
/// use tessel::{layout, make_fragment_like, Tensor};
/// let data = [1f32; 64];
/// let t = Tensor::new(&data, layout!("(4,(2,8)):(16,(1,2))"));
/// // cute-oracle make_fragment_like "(4,(2,8)):(16,(1,2))"
/// assert_eq!(make_fragment_like(&t).layout().to_string(), "(4,((2,8))):(1,((4,8)))");
/// let r = Tensor::new(&data, layout!("(8,8):(8,1)"));
/// assert_eq!(make_fragment_like(&r).layout().to_string(), "(8,(8)):(1,(8))");
/// ```
#[inline(always)]
pub fn make_fragment_like<E: Engine, L: MakeFragmentLike>(
    _: &TensorOf<E, L>,
) -> Fragment<E::Elem, L::Output>
where
    E::Elem: Copy + Default,
    L::Verdict: crate::diagnostic::Checked,
    L::Output: FragmentLayout,
    <L::Output as FragmentLayout>::Len: ArrayLength<E::Elem>,
{
    Default::default()
}

/// CuTe's `make_tensor_like(t)`: registers for the elements of `t`, laid out as
/// [`LayoutLike`](crate::ordered::LayoutLike) (compact in the order of `t`'s strides, its static
/// zero strides kept 0), each element `Default`.
///
/// ```
/// use tessel::{layout, make_tensor_like, Tensor, Underscore as _x};
/// let data = [1f32; 128];
/// let gmem = Tensor::new(&data, layout!("(8,16):(16,1)"));
/// // CuTe's "Copy a subtile": `make_tensor_like(gmem(_, 0))` is (_8):(_1).
/// let mut rmem = make_tensor_like(&gmem.slice((_x, 0usize)));
/// assert_eq!(rmem.layout().to_string(), "(8):(1)");
/// assert_eq!(make_tensor_like(&gmem).layout().to_string(), "(8,16):(16,1)");
/// rmem[3] = 2.0;
/// assert_eq!(rmem[3], 2.0);
/// ```
#[inline(always)]
pub fn make_tensor_like<E: Engine, L: MakeTensorLike>(
    _: &TensorOf<E, L>,
) -> Fragment<E::Elem, TensorLike<L>>
where
    E::Elem: Copy + Default,
    L::Verdict: crate::diagnostic::Checked,
    TensorLike<L>: FragmentLayout,
    <TensorLike<L> as FragmentLayout>::Len: ArrayLength<E::Elem>,
{
    Default::default()
}

/// The fragment of a static shape `S`, column-major (CuTe's `make_tensor<T>(S)`): the same
/// policy as an MMA's accumulators ([`ShapeFragment`]); a shape with a runtime extent is the
/// error [`StaticExtents`](crate::layout::ordered::StaticExtents) names.
pub type FragmentOf<T, S> = Fragment<T, FragmentOfShape<S>>;

impl<T: Copy, L: FragmentLayout> TensorOf<GenericArray<T, L::Len>, L, Zero>
where
    L::Len: ArrayLength<T>,
{
    /// The fragment with every element `v`.
    #[inline(always)]
    pub fn filled(v: T) -> Self {
        TensorOf::registers(GenericArray::generate(|_| v), L::INSTANCE)
    }

    /// The elements, in the order of their indices.
    #[inline(always)]
    pub fn as_array(&self) -> &GenericArray<T, L::Len> {
        &self.engine
    }

    /// The elements, in the order of their indices, to write.
    #[inline(always)]
    pub fn as_array_mut(&mut self) -> &mut GenericArray<T, L::Len> {
        &mut self.engine
    }

    /// Every element set to `v` (CuTe's `fill`; `clear` is `fill(0)`).
    #[inline(always)]
    pub fn fill(&mut self, v: T) {
        self.engine.iter_mut().for_each(|e| *e = v);
    }
}

impl<E: ReadEngine, S: StaticShape + LayoutShape<D>, D: IntTuple> TensorOf<E, Layout<S, D>>
where
    E::Elem: Copy,
    usize: Coord<S, D>,
    S: ShapeFragment,
    S::Verdict: Checked,
    FragmentOfShape<S>: FragmentLayout,
    <FragmentOfShape<S> as FragmentLayout>::Len: ArrayLength<E::Elem>,
{
    /// The whole tile as a register fragment (column-major over the tile's shape).
    ///
    /// # Safety
    ///
    /// Every element of the tile lies in the engine ([`is_full`](TensorOf::is_full)); the
    /// indices are not checked in release builds, so the loop compiles to plain loads.
    #[inline(always)]
    pub unsafe fn load(&self) -> FragmentOf<E::Elem, S> {
        debug_assert!(self.is_full(), "load: the tile overhangs its engine");
        let (shape, stride, elems) = (
            self.layout.shape(),
            self.layout.stride(),
            self.engine.elems(),
        );
        let at = |i: usize| (self.base as isize + i.crd2idx::<isize>(shape, stride)) as usize;
        TensorOf::registers(
            GenericArray::generate(|i| *elems.get_unchecked(at(i))),
            FragmentOfShape::<S>::INSTANCE,
        )
    }
}

impl<E: WriteEngine, S: StaticShape + LayoutShape<D>, D: IntTuple> TensorOf<E, Layout<S, D>>
where
    E::Elem: Copy,
    usize: Coord<S, D>,
    S: ShapeFragment,
    S::Verdict: Checked,
    FragmentOfShape<S>: FragmentLayout,
    <FragmentOfShape<S> as FragmentLayout>::Len: ArrayLength<E::Elem>,
{
    /// Writes a register fragment over the whole tile.
    ///
    /// # Safety
    ///
    /// Every element of the tile lies in the engine ([`is_full`](TensorOf::is_full)).
    #[inline(always)]
    pub unsafe fn store(&mut self, f: FragmentOf<E::Elem, S>) {
        debug_assert!(self.is_full(), "store: the tile overhangs its engine");
        let (shape, stride, base) = (self.layout.shape(), self.layout.stride(), self.base);
        let elems = self.engine.elems_mut();
        for (i, v) in f.engine.iter().enumerate() {
            let at = (base as isize + i.crd2idx::<isize>(shape, stride)) as usize;
            *elems.get_unchecked_mut(at) = *v;
        }
    }
}

impl<E: WriteEngine, L> TensorOf<E, L> {
    /// Writes `v` at index `k` of the engine (not of the layout): the scalar path of a ragged
    /// tile, `k` from [`base`](TensorOf::base) up.
    ///
    /// # Safety
    ///
    /// `k` is below the engine's length.
    #[inline(always)]
    pub unsafe fn store_at(&mut self, k: usize, v: E::Elem) {
        let elems = self.engine.elems_mut();
        debug_assert!(
            k < elems.len(),
            "store_at: {k} is past the engine's {}",
            elems.len()
        );
        *elems.get_unchecked_mut(k) = v;
    }
}

impl<E, L> TensorOf<E, L, Zero> {
    /// Registers from index 0.
    #[inline(always)]
    pub(crate) fn registers(engine: E, layout: L) -> Self {
        TensorOf {
            engine,
            base: Zero,
            layout,
            inside: super::Always,
        }
    }
}

macro_rules! elementwise {
    ($($Op:ident $op:ident;)+) => {$(
        /// Element by element.
        impl<T: Copy + core::ops::$Op<Output = T>, N: ArrayLength<T>, L> core::ops::$Op
            for TensorOf<GenericArray<T, N>, L, Zero>
        {
            type Output = Self;
            #[inline(always)]
            fn $op(mut self, rhs: Self) -> Self {
                for (a, b) in self.engine.iter_mut().zip(rhs.engine.iter()) {
                    *a = core::ops::$Op::$op(*a, *b);
                }
                self
            }
        }
    )+};
}
elementwise! { Add add; Sub sub; Mul mul; }

/// Stops the build unless the tensor `t`, of a static layout, has `N` elements (CuTe's
/// `static_assert(size(t) == N)`): an `unroll!(N, ..)` over its values is then all of them.
/// The check runs where the function is instantiated (`cargo build`, not `cargo check`).
///
/// ```
/// use tessel::{shape, tensor::assert_size, tensor::FragmentOf};
/// assert_size::<8, _, _, _>(&FragmentOf::<f32, shape!("(4,2)")>::default());
/// ```
/// ```compile_fail
/// use tessel::{shape, tensor::assert_size, tensor::FragmentOf};
/// assert_size::<16, _, _, _>(&FragmentOf::<f32, shape!("(4,2)")>::default()); // 8 elements
/// ```
#[inline(always)]
pub fn assert_size<const N: usize, E, L: crate::layout::StaticLayout, B: super::Base>(
    _t: &super::TensorOf<E, L, B>,
) {
    use crate::swizzle::const_layout::Text;
    const {
        if L::SIZE != N {
            let t = Text::EMPTY
                .push("assert_size: the tensor has ")
                .push_int(L::SIZE as i64);
            panic!("{}", t.push(" elements, not ").push_int(N as i64).as_str());
        }
    };
}
