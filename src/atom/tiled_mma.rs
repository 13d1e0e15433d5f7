//! TiledMma: an MMA atom replicated over a layout of atoms, and the TV layouts of the whole tile.
//!
//! `MakeTiledMma<Atom, AtomLayoutMNK>` (CuTe's `make_tiled_mma(atom, layout)`) runs
//! `size(AtomLayoutMNK) * size(Atom::ThrId)` threads. Its thread layout is
//! `ThrLayoutVMNK = tiled_product(ThrId, AtomLayoutMNK)`, `(ThrV,ThrM,ThrN,ThrK) -> thread`, and
//! its tile `TileShapeMNK = (M*ThrM, N*ThrN, K*ThrK)`. The TV layouts follow CuTe's `thrfrg_C` and
//! `get_layoutC_TV` (and A, B) step for step: the reference tile `(TM,TN)` is zipped-divided by
//! the atom's `(M,N)`, the atom mode composed with the atom's C layout to `(ThrV,FrgV)`, the rest
//! zipped-divided by the threads `(ThrM,ThrN)`, and the thread mode composed with the map from a
//! thread index to its `(ThrV,ThrM,ThrN,ThrK)`. A and B spread each thread over the mode they do
//! not use (stride 0 over N for A, over M for B).
//!
//! ```
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
//! use tessel::{shape, MakeTiledMma, TiledMma};
//! type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
//! assert_eq!(<Mma as TiledMma>::TileShapeMNK::default().to_string(), "(32,16,16)");
//! assert_eq!(
//!     <Mma as TiledMma>::LayoutCTV::default().to_string(),
//!     "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"
//! );
//! ```

use crate::algebra::complement::ComplementTo;
use crate::algebra::composition::ComposeBy;
use crate::algebra::divide::{LogicalDivideBy, ZippedDivideBy};
use crate::algebra::inverse::RightInverted;
use crate::algebra::product::{CosizeOf, TiledProductBy};
use crate::atom::mma::MmaAtom;
use crate::atom::tiled_copy::AsLayout;
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, StaticShape, Tuple};
use crate::layout::sublayout::{Concatenate, TwoModes};
use crate::layout::{Layout, StaticLayout};
use crate::num::nat::{Mul, Prod};
use core::fmt::Display;
use core::marker::PhantomData;
use typenum::{U0, U1};

/// A tiling of an MMA atom over a block of threads (CuTe's `TiledMMA`).
pub trait TiledMma {
    /// The atom.
    type Atom: MmaAtom;
    /// `(ThrV,ThrM,ThrN,ThrK) -> thread index`.
    type ThrLayoutVMNK: StaticLayout;
    /// The tile one step of the TiledMma computes, `(M,N,K)`.
    type TileShapeMNK: Default + Display;
    /// `(thread, value) -> m + TM*k` in the `TM x TK` tile of A (CuTe's `get_layoutA_TV()`).
    type LayoutATV: StaticLayout;
    /// `(thread, value) -> n + TN*k` in the `TN x TK` tile of B.
    type LayoutBTV: StaticLayout;
    /// `(thread, value) -> m + TM*n` in the `TM x TN` tile of C.
    type LayoutCTV: StaticLayout;
    /// The number of threads.
    const THREADS: usize = <Self::ThrLayoutVMNK as StaticLayout>::SIZE;
}

/// `make_tiled_mma(Atom{}, AtomLayoutMNK{})`: the atom tiled over `AtomLayoutMNK`, a rank-3 layout
/// or shape (a shape takes its column-major layout).
pub struct MakeTiledMma<Atom, AtomLayoutMNK>(PhantomData<(Atom, AtomLayoutMNK)>);

/// The sizes of a shape `(M,N,K)`.
pub trait Mnk {
    /// M.
    type M;
    /// N.
    type N;
    /// K.
    type K;
}
impl<M, N, K> Mnk for Tuple<(M, N, K)> {
    type M = M;
    type N = N;
    type K = K;
}

/// The four modes of `ThrLayoutVMNK`, and their sizes.
pub trait Vmnk {
    /// Threads tiled in M.
    type M;
    /// Threads tiled in N.
    type N;
    /// Threads tiled in K.
    type K;
}
impl<S0, S1: StaticShape, S2: StaticShape, S3: StaticShape, D0, D1, D2, D3> Vmnk
    for Layout<(S0, S1, S2, S3), (D0, D1, D2, D3)>
where
    (S0, S1, S2, S3): LayoutShape<(D0, D1, D2, D3)>,
    (D0, D1, D2, D3): IntTuple,
{
    type M = Size<S1>;
    type N = Size<S2>;
    type K = Size<S3>;
}

/// A 1-D column-major layout of size N (CuTe's `make_layout(N)`).
type Line<N> = Layout<N, U1>;

/// CuTe's `thrfrg` on the reference tile of sizes `Self = (P,Q)`: `make_layout((P,Q))` divided
/// by `(P,Q)` (CuTe's permutation step when none is given), zipped-divided by the atom's
/// `(AP,AQ)`, the atom mode composed with the atom's TV layout `Tv`, the rest zipped-divided by
/// the `(TP,TQ)` threads: `((ThrV,(ThrP,ThrQ)),(FrgV,Rest))`, its parts named.
pub trait Thrfrg<AP, AQ, Tv, TP, TQ> {
    /// The threads of one atom.
    type ThrV;
    /// The threads tiled in P.
    type ThrP;
    /// The threads tiled in Q.
    type ThrQ;
    /// The values of one atom.
    type FrgV;
    /// The atoms each thread repeats, `(RestP,RestQ)`.
    type Rest;
}

type Reference<P, Q> = <Layout<(P, Q), (U1, P)> as LogicalDivideBy<(P, Q)>>::Output;
type AtomTile<P, Q, AP, AQ> = <Reference<P, Q> as ZippedDivideBy<(Line<AP>, Line<AQ>)>>::Output;
type AtomMode<P, Q, AP, AQ> = <AtomTile<P, Q, AP, AQ> as TwoModes>::First;
type TvMode<P, Q, AP, AQ, Tv> = <AtomMode<P, Q, AP, AQ> as ComposeBy<Tv>>::Output;
type RestMode<P, Q, AP, AQ> = <AtomTile<P, Q, AP, AQ> as TwoModes>::Second;
type ThrTile<P, Q, AP, AQ, TP, TQ> =
    <RestMode<P, Q, AP, AQ> as ZippedDivideBy<(Line<TP>, Line<TQ>)>>::Output;
type ThrMode<P, Q, AP, AQ, TP, TQ> = <ThrTile<P, Q, AP, AQ, TP, TQ> as TwoModes>::First;

impl<P, Q, AP, AQ, Tv, TP, TQ> Thrfrg<AP, AQ, Tv, TP, TQ> for (P, Q)
where
    (P, Q): LayoutShape<(U1, P)>,
    (U1, P): IntTuple,
    Layout<(P, Q), (U1, P)>: LogicalDivideBy<(P, Q)>,
    AP: LayoutShape<U1>,
    AQ: LayoutShape<U1>,
    TP: LayoutShape<U1>,
    TQ: LayoutShape<U1>,
    Reference<P, Q>: ZippedDivideBy<(Line<AP>, Line<AQ>)>,
    AtomTile<P, Q, AP, AQ>: TwoModes,
    AtomMode<P, Q, AP, AQ>: ComposeBy<Tv>,
    TvMode<P, Q, AP, AQ, Tv>: TwoModes,
    RestMode<P, Q, AP, AQ>: ZippedDivideBy<(Line<TP>, Line<TQ>)>,
    ThrTile<P, Q, AP, AQ, TP, TQ>: TwoModes,
    ThrMode<P, Q, AP, AQ, TP, TQ>: TwoModes,
{
    type ThrV = <TvMode<P, Q, AP, AQ, Tv> as TwoModes>::First;
    type ThrP = <ThrMode<P, Q, AP, AQ, TP, TQ> as TwoModes>::First;
    type ThrQ = <ThrMode<P, Q, AP, AQ, TP, TQ> as TwoModes>::Second;
    type FrgV = <TvMode<P, Q, AP, AQ, Tv> as TwoModes>::Second;
    type Rest = <ThrTile<P, Q, AP, AQ, TP, TQ> as TwoModes>::Second;
}

/// How a thread of A (B) spreads over the mode it does not use: the `(ThrM,ThrN)` layout CuTe
/// composes onto ThrP, stride `(1,0)` for A, `(0,1)` for B; C keeps ThrP ([`NoSpread`]).
pub trait Spread<ThrP> {
    /// ThrP spread.
    type Output;
}
/// C's spread: none.
pub struct NoSpread;
impl<ThrP> Spread<ThrP> for NoSpread {
    type Output = ThrP;
}
impl<ThrP: ComposeBy<Layout<S, D>>, S: LayoutShape<D>, D: IntTuple> Spread<ThrP> for Layout<S, D> {
    type Output = ThrP::Output;
}

/// One operand's TV layout from the reference tile `Self = (P,Q)`:
/// `((ThrV,(Sp(ThrP),ThrQ)) o ThrIdx, (FrgV,Rest))` (CuTe's `get_layoutA_TV` and its twins).
pub trait OperandTv<AP, AQ, Tv, TP, TQ, Sp, ThrIdx> {
    /// The TV layout.
    type Output;
}

type Frg<R, AP, AQ, Tv, TP, TQ> = <R as Thrfrg<AP, AQ, Tv, TP, TQ>>::FrgV;
type Rest<R, AP, AQ, Tv, TP, TQ> = <R as Thrfrg<AP, AQ, Tv, TP, TQ>>::Rest;
type ThrV<R, AP, AQ, Tv, TP, TQ> = <R as Thrfrg<AP, AQ, Tv, TP, TQ>>::ThrV;
type ThrQ<R, AP, AQ, Tv, TP, TQ> = <R as Thrfrg<AP, AQ, Tv, TP, TQ>>::ThrQ;
type Spreaded<R, AP, AQ, Tv, TP, TQ, Sp> =
    <Sp as Spread<<R as Thrfrg<AP, AQ, Tv, TP, TQ>>::ThrP>>::Output;
type ThrPQ<R, AP, AQ, Tv, TP, TQ, Sp> = <(
    Spreaded<R, AP, AQ, Tv, TP, TQ, Sp>,
    ThrQ<R, AP, AQ, Tv, TP, TQ>,
) as Concatenate>::Output;
type ThrMode0<R, AP, AQ, Tv, TP, TQ, Sp> = <(
    ThrV<R, AP, AQ, Tv, TP, TQ>,
    ThrPQ<R, AP, AQ, Tv, TP, TQ, Sp>,
) as Concatenate>::Output;
type ValMode<R, AP, AQ, Tv, TP, TQ> =
    <(Frg<R, AP, AQ, Tv, TP, TQ>, Rest<R, AP, AQ, Tv, TP, TQ>) as Concatenate>::Output;
type ThrByIndex<R, AP, AQ, Tv, TP, TQ, Sp, I> =
    <ThrMode0<R, AP, AQ, Tv, TP, TQ, Sp> as ComposeBy<I>>::Output;

impl<R, AP, AQ, Tv, TP, TQ, Sp, I> OperandTv<AP, AQ, Tv, TP, TQ, Sp, I> for R
where
    R: Thrfrg<AP, AQ, Tv, TP, TQ>,
    Sp: Spread<R::ThrP>,
    (Spreaded<R, AP, AQ, Tv, TP, TQ, Sp>, R::ThrQ): Concatenate,
    (R::ThrV, ThrPQ<R, AP, AQ, Tv, TP, TQ, Sp>): Concatenate,
    ThrMode0<R, AP, AQ, Tv, TP, TQ, Sp>: ComposeBy<I>,
    (R::FrgV, R::Rest): Concatenate,
    (
        ThrByIndex<R, AP, AQ, Tv, TP, TQ, Sp, I>,
        ValMode<R, AP, AQ, Tv, TP, TQ>,
    ): Concatenate,
{
    type Output = <(
        ThrByIndex<R, AP, AQ, Tv, TP, TQ, Sp, I>,
        ValMode<R, AP, AQ, Tv, TP, TQ>,
    ) as Concatenate>::Output;
}

/// `thread index -> thread id`: CuTe's
/// `composition(make_layout((size(vmnk),1),(1,0)), right_inverse(make_layout(vmnk, complement(vmnk))))`.
type ThrIdx<V> = <Line2<V> as ComposeBy<<WithComplement<V> as RightInverted>::Output>>::Output;
/// `make_layout((size(vmnk),1),(1,0))`.
type Line2<V> = Layout<(Size<<V as StaticLayout>::Shape>, U1), (U1, U0)>;
/// `make_layout(vmnk, complement(vmnk))`.
type WithComplement<V> =
    <(V, <V as ComplementTo<<V as CosizeOf>::Output>>::Output) as Concatenate>::Output;

/// `tiled_product(ThrId, AtomLayoutMNK)`: `(ThrV,ThrM,ThrN,ThrK) -> thread index`.
type VmnkOf<A, L> = <<A as MmaAtom>::ThrId as TiledProductBy<<L as AsLayout>::Layout>>::Output;
type AtomM<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::M;
type AtomN<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::N;
type AtomK<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::K;
type ThrM<A, L> = <VmnkOf<A, L> as Vmnk>::M;
type ThrN<A, L> = <VmnkOf<A, L> as Vmnk>::N;
type ThrK<A, L> = <VmnkOf<A, L> as Vmnk>::K;
type TileM<A, L> = Prod<AtomM<A>, ThrM<A, L>>;
type TileN<A, L> = Prod<AtomN<A>, ThrN<A, L>>;
type TileK<A, L> = Prod<AtomK<A>, ThrK<A, L>>;
/// A's spread `(ThrM,ThrN):(1,0)` and B's `(ThrM,ThrN):(0,1)`.
type SpreadA<A, L> = Layout<(ThrM<A, L>, ThrN<A, L>), (U1, U0)>;
type SpreadB<A, L> = Layout<(ThrM<A, L>, ThrN<A, L>), (U0, U1)>;
type Idx<A, L> = ThrIdx<VmnkOf<A, L>>;
type TvA<A, L> = <(TileM<A, L>, TileK<A, L>) as OperandTv<
    AtomM<A>,
    AtomK<A>,
    <A as MmaAtom>::ALayout,
    ThrM<A, L>,
    ThrK<A, L>,
    SpreadA<A, L>,
    Idx<A, L>,
>>::Output;
type TvB<A, L> = <(TileN<A, L>, TileK<A, L>) as OperandTv<
    AtomN<A>,
    AtomK<A>,
    <A as MmaAtom>::BLayout,
    ThrN<A, L>,
    ThrK<A, L>,
    SpreadB<A, L>,
    Idx<A, L>,
>>::Output;
type TvC<A, L> = <(TileM<A, L>, TileN<A, L>) as OperandTv<
    AtomM<A>,
    AtomN<A>,
    <A as MmaAtom>::CLayout,
    ThrM<A, L>,
    ThrN<A, L>,
    NoSpread,
    Idx<A, L>,
>>::Output;

impl<A: MmaAtom, L: AsLayout> TiledMma for MakeTiledMma<A, L>
where
    A::ShapeMNK: Mnk,
    A::ThrId: TiledProductBy<L::Layout>,
    VmnkOf<A, L>: StaticLayout + Vmnk + CosizeOf,
    VmnkOf<A, L>: ComplementTo<<VmnkOf<A, L> as CosizeOf>::Output>,
    (
        VmnkOf<A, L>,
        <VmnkOf<A, L> as ComplementTo<<VmnkOf<A, L> as CosizeOf>::Output>>::Output,
    ): Concatenate,
    WithComplement<VmnkOf<A, L>>: RightInverted,
    Line2<VmnkOf<A, L>>: ComposeBy<<WithComplement<VmnkOf<A, L>> as RightInverted>::Output>,
    (ThrM<A, L>, ThrN<A, L>): LayoutShape<(U1, U0)> + LayoutShape<(U0, U1)>,
    (Size<<VmnkOf<A, L> as StaticLayout>::Shape>, U1): LayoutShape<(U1, U0)>,
    AtomM<A>: Mul<ThrM<A, L>>,
    AtomN<A>: Mul<ThrN<A, L>>,
    AtomK<A>: Mul<ThrK<A, L>>,
    (TileM<A, L>, TileK<A, L>):
        OperandTv<AtomM<A>, AtomK<A>, A::ALayout, ThrM<A, L>, ThrK<A, L>, SpreadA<A, L>, Idx<A, L>>,
    (TileN<A, L>, TileK<A, L>):
        OperandTv<AtomN<A>, AtomK<A>, A::BLayout, ThrN<A, L>, ThrK<A, L>, SpreadB<A, L>, Idx<A, L>>,
    (TileM<A, L>, TileN<A, L>):
        OperandTv<AtomM<A>, AtomN<A>, A::CLayout, ThrM<A, L>, ThrN<A, L>, NoSpread, Idx<A, L>>,
    (TileM<A, L>, TileN<A, L>, TileK<A, L>): IntTuple + Default,
    TvA<A, L>: StaticLayout,
    TvB<A, L>: StaticLayout,
    TvC<A, L>: StaticLayout,
{
    type Atom = A;
    type ThrLayoutVMNK = VmnkOf<A, L>;
    type TileShapeMNK = Tuple<(TileM<A, L>, TileN<A, L>, TileK<A, L>)>;
    type LayoutATV = TvA<A, L>;
    type LayoutBTV = TvB<A, L>;
    type LayoutCTV = TvC<A, L>;
}
