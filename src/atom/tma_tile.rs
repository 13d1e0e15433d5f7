//! Whether a TMA copy's shared tensor is its TensorMap's tile, during type checking (so in
//! `cargo check` and in the editor): the same swizzle and the same modes once coalesced, that is
//! the same function of the 1-D coordinate however its modes are grouped, the offset aside. A
//! stage sliced out of a stage-moded layout, `((8,16),(64,1)):((64,512),(1,0))`, is the tile
//! `(128,64):(64,1)`; a tile of another function, or of another swizzle, is a compile error
//! naming it (a TMA copy writes the tile's layout whatever the tensor says).
//!
//! ```
//! use tessel::atom::tma_tile::TileVerdict;
//! use tessel::diagnostic::{Holds, Fails, Num};
//! use tessel::{layout, ComposedLayout, Swizzle};
//! type Tile = layout!("(128,64):(64,1)");
//! type Sliced = layout!("((8,16),(64,1)):((64,512),(1,0))");
//! static_assertions::assert_type_eq_all!(TileVerdict<Sliced, Tile>, Holds);
//! type Swizzled = ComposedLayout<Swizzle<3, 3, 3>, 0, Sliced>;
//! type Tmv = tessel::atom::tma_tile::TmaSwizzleMatch;
//! static_assertions::assert_type_eq_all!(TileVerdict<Swizzled, Tile>, Fails<Tmv, Num<128>, Num<0>>);
//! ```

use crate::algebra::coalesce::{Coalesce, CoalesceLayout};
use crate::algebra::mixed::{Realize, Sym0, Symbolize, Whole};
use crate::diagnostic::{And as Then, Both, Check, CheckBit};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Leaves, Size, StaticShape};
use crate::layout::Layout;
use crate::num::arith::{SameAs, SameValue};
use crate::num::list::{Cons, Nil};
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::{Bits, Swizzle, ValidSwizzle};
use crate::tensor::Swizzled;
use core::ops::BitAnd;
use typenum::{And, Bit, B0, B1, U0, U1, U128, U2, U3, U32, U4, U5, U6, U64, U7};

crate::diagnostic::condition!(
    /// TMA: the shared tensor's layout is the TensorMap's tile, coalesced.
    TmaTileMatch,
    TmaTileMatchFails,
    "TMA: the shared tensor ({A} elements) is not laid out as the TensorMap's tile ({B} elements): their coalesced modes differ",
    "copy into (or from) a shared tensor of the TensorMap's tile layout"
);

crate::diagnostic::condition!(
    /// TMA: the shared tensor's swizzle is the TensorMap's tile's.
    TmaSwizzleMatch,
    TmaSwizzleMatchFails,
    "TMA: the shared tensor is swizzled over {A} bytes, the TensorMap's tile over {B} (0: none), or their base bits differ",
    "copy into (or from) a shared tensor of the TensorMap's swizzle"
);

/// The swizzle a TMA copy applies for `Self`, as the pair of typenum numbers `(bytes, base)`:
/// the span it swizzles (32, 64 or 128 bytes for `Swizzle<1..3, M, 3>`, 0 for none, as
/// `Swizzle<0, M, S>` is) and its base bit M.
#[diagnostic::on_unimplemented(
    message = "TMA: `{Self}` is not one of TMA's swizzles",
    label = "TMA swizzles 32, 64 or 128 bytes: Swizzle<1..3, M, 3>, or none"
)]
pub trait TmaSwizzle {
    /// `(bytes, base)`.
    type Kind;
}
impl<const M: u32, const S: i32> TmaSwizzle for Swizzle<0, M, S>
where
    Bits<0, S>: ValidSwizzle,
{
    type Kind = (U0, U0);
}
macro_rules! tma_swizzles {
    ($($b:literal $bytes:ident: $($m:literal $M:ident)+;)+) => {$($(
        impl TmaSwizzle for Swizzle<$b, $m, 3> {
            type Kind = ($bytes, $M);
        }
    )+)+};
}
tma_swizzles! {
    1 U32: 0 U0 1 U1 2 U2 3 U3 4 U4 5 U5 6 U6 7 U7;
    2 U64: 0 U0 1 U1 2 U2 3 U3 4 U4 5 U5 6 U6 7 U7;
    3 U128: 0 U0 1 U1 2 U2 3 U3 4 U4 5 U5 6 U6 7 U7;
}

/// A shared layout as a TMA copy writes it: its swizzle (see [`TmaSwizzle`]) and its coalesced
/// modes.
pub trait TileFunction {
    /// `(bytes, base)` of its swizzle.
    type Swizzle;
    /// The coalesced layout.
    type Modes;
}
impl<S: LayoutShape<D>, D: IntTuple> TileFunction for Layout<S, D>
where
    Self: Symbolize<U0, U0>,
    Sym0<Self>: CoalesceLayout,
    <Sym0<Self> as CoalesceLayout>::Output: Realize<Whole>,
{
    type Swizzle = (U0, U0);
    type Modes = Coalesce<Self>;
}
impl<Sw: TmaSwizzle, const O: usize, L: TileFunction<Swizzle = (U0, U0)>> TileFunction
    for ComposedLayout<Sw, O, L>
{
    type Swizzle = Sw::Kind;
    type Modes = L::Modes;
}
impl<Sw: TmaSwizzle, L: TileFunction<Swizzle = (U0, U0)>> TileFunction for Swizzled<Sw, L> {
    type Swizzle = Sw::Kind;
    type Modes = L::Modes;
}

/// The verdict that the shared layout `Self` is the tile `S` a TMA copy writes: the same
/// swizzle, then the same coalesced modes (the first that fails).
pub trait SameTile<S> {
    /// [`Holds`](crate::diagnostic::Holds) or the first failure.
    type Verdict;
}
impl<L: TileFunction, S: TileFunction, B, M, C, N> SameTile<S> for L
where
    L: TileFunction<Swizzle = (B, M)>,
    S: TileFunction<Swizzle = (C, N)>,
    B: SameAs<C>,
    M: SameAs<N>,
    SameValue<B, C>: BitAnd<SameValue<M, N>>,
    And<SameValue<B, C>, SameValue<M, N>>: CheckBit<TmaSwizzleMatch, B, C>,
    L::Modes: SameModes<S::Modes>,
    Check<And<SameValue<B, C>, SameValue<M, N>>, TmaSwizzleMatch, B, C>:
        Both<<L::Modes as SameModes<S::Modes>>::Verdict>,
{
    type Verdict = Then<
        Check<And<SameValue<B, C>, SameValue<M, N>>, TmaSwizzleMatch, B, C>,
        <L::Modes as SameModes<S::Modes>>::Verdict,
    >;
}

/// Two coalesced static layouts: the verdict that they are one ([`Holds`](crate::diagnostic::Holds)),
/// or [`TmaTileMatch`]'s failure with their sizes.
pub trait SameModes<X> {
    /// The verdict.
    type Verdict;
}
impl<S, D, T, E> SameModes<Layout<T, E>> for Layout<S, D>
where
    S: Leaves + StaticShape + LayoutShape<D>,
    D: Leaves + IntTuple,
    T: Leaves + StaticShape + LayoutShape<E>,
    E: Leaves + IntTuple,
    S::List: SameList<T::List>,
    D::List: SameList<E::List>,
    <S::List as SameList<T::List>>::Output: BitAnd<<D::List as SameList<E::List>>::Output>,
    SameLeaves<S, D, T, E>: CheckBit<TmaTileMatch, Size<S>, Size<T>>,
{
    type Verdict = Check<SameLeaves<S, D, T, E>, TmaTileMatch, Size<S>, Size<T>>;
}

/// Whether the shapes and the strides are both the same.
type SameLeaves<S, D, T, E> = And<
    <<S as Leaves>::List as SameList<<T as Leaves>::List>>::Output,
    <<D as Leaves>::List as SameList<<E as Leaves>::List>>::Output,
>;

/// `B1` where two lists of static integers are equal, element for element.
#[doc(hidden)]
pub trait SameList<X> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl SameList<Nil> for Nil {
    type Output = B1;
}
impl<H, T> SameList<Nil> for Cons<H, T> {
    type Output = B0;
}
impl<H, T> SameList<Cons<H, T>> for Nil {
    type Output = B0;
}
impl<H: SameAs<G>, T: SameList<U>, G, U> SameList<Cons<G, U>> for Cons<H, T>
where
    SameValue<H, G>: BitAnd<T::Output>,
    And<SameValue<H, G>, T::Output>: Bit,
{
    type Output = And<SameValue<H, G>, T::Output>;
}

/// The verdict that the shared layout `L` is the TMA tile `S` ([`SameTile`]).
pub type TileVerdict<L, S> = <L as SameTile<S>>::Verdict;
