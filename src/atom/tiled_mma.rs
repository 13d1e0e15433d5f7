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
//! A third parameter, `PermutationMNK` (CuTe's `Tile<...>`, a triple of [`PermutationMode`]s),
//! first divides each mode by its tiler: `Underscore` keeps the mode, an integer widens the
//! tile to that extent (each thread's repeats of the atom then fall inside one tile), a layout
//! also reorders the rows it covers. Where neither mode of an operand is permuted, that step
//! is skipped, as CuTe's `logical_divide(t, Tile<_,_>)` leaves `t` as it is. With
//! `(C<32>, C<64>, C<16>)` over `(2,4,1)` atoms a thread holds two B atoms of a 64-wide tile, so
//! one `ldmatrix.x4` fills both.
//!
//! ```
//! use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
//! use tessel::{shape, MakeTiledMma, TiledMma, C};
//! type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
//! assert_eq!(<Mma as TiledMma>::TileShapeMNK::default().to_string(), "(32,16,16)");
//! assert_eq!(
//!     <Mma as TiledMma>::LayoutCTV::default().to_string(),
//!     "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"
//! );
//! type Wide = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)"), (C<32>, C<64>, C<16>)>;
//! assert_eq!(<Wide as TiledMma>::TileShapeMNK::default().to_string(), "(32,64,16)");
//! // Thread 0 holds B at n = 0 and n = 32 (its two atoms), each at k = 0, 1, 8, 9.
//! assert_eq!(
//!     <Wide as TiledMma>::LayoutBTV::default().to_string(),
//!     "((4,8,2,4),((2,2),(2,1))):((128,1,0,8),((64,512),(32,0)))"
//! );
//! ```

use crate::algebra::complement::ComplementTo;
use crate::algebra::composition::ComposeBy;
use crate::algebra::divide::{Halves, LogicalDivideBy, ZippedDivideBy};
use crate::algebra::inverse::RightInverted;
use crate::algebra::product::{CosizeOf, TiledProductBy};
use crate::atom::mma::MmaAtom;
use crate::layout::compact::{AsLayout, ColumnMajor};
use crate::layout::int_tuple::{IntTuple, LayoutShape, Size, StaticShape, Tuple};
use crate::layout::sublayout::{Concatenate, TwoModes};
use crate::layout::{Layout, StaticLayout};
use crate::num::nat::{Mul, Prod};
use crate::tensor::{ThreadCoord, Underscore};
use core::fmt::Display;
use core::marker::PhantomData;
use typenum::{Bit, UInt, Unsigned, B0, B1, U0, U1};

/// A tiling of an MMA atom over a block of threads (CuTe's `TiledMMA`).
pub trait TiledMma {
    /// The atom.
    type Atom: MmaAtom;
    /// `(ThrV,ThrM,ThrN,ThrK) -> thread index`.
    type ThrLayoutVMNK: StaticLayout + Vmnk;
    /// The tile one step of the TiledMma computes, `(M,N,K)`.
    type TileShapeMNK: Default + Display;
    /// `(thread, value) -> m + TM*k` in the `TM x TK` tile of A (CuTe's `get_layoutA_TV()`).
    type LayoutATV: StaticLayout;
    /// `(thread, value) -> n + TN*k` in the `TN x TK` tile of B.
    type LayoutBTV: StaticLayout;
    /// `(thread, value) -> m + TM*n` in the `TM x TN` tile of C.
    type LayoutCTV: StaticLayout;
    /// Operand A's geometry (what `partition_A` cuts with).
    type OpA: MmaOperand;
    /// Operand B's geometry.
    type OpB: MmaOperand;
    /// Operand C's geometry.
    type OpC: MmaOperand;
    /// The number of threads.
    const THREADS: usize = <Self::ThrLayoutVMNK as StaticLayout>::SIZE;

    /// The atom this TiledMma runs, with its state.
    fn atom(&self) -> Self::Atom;

    /// Thread `thread`'s slice (CuTe's `get_thread_slice`): its `(v, m, n, k)` in
    /// `ThrLayoutVMNK`, and the atom it runs (a copy: a thread changes its own atom's state).
    #[inline(always)]
    fn get_thread_slice(&self, thread: usize) -> ThrMma<Self>
    where
        Self: Sized,
    {
        ThrMma {
            vmnk: <Self::ThrLayoutVMNK as Vmnk>::coord(thread),
            atom: self.atom(),
        }
    }

    /// Thread `thread`'s slice, running the atom in its default state (CuTe's `get_slice` on
    /// `TiledMMA{}`). A method of the trait, so that code generic over a TiledMma partitions with
    /// it.
    ///
    /// ```
    /// use tessel::atom::thr_mma::{Partition, Partitioned};
    /// use tessel::mma::UniversalFMA;
    /// use tessel::tensor::Sliced;
    /// use tessel::{layout, shape, MakeTiledMma, Tensor, TiledMma};
    /// fn first_of_c<Tm: TiledMma, R: Partition<Tm::OpC>>(c: Tensor<'_, f32, R>, t: usize) -> usize
    /// where
    ///     Partitioned<R, Tm::OpC>: Sliced,
    /// {
    ///     Tm::get_slice(t).partition_C(c).base()
    /// }
    /// let c = [0f32; 128 * 128];
    /// type Mma = MakeTiledMma<UniversalFMA<f32>, shape!("(16,16,1)")>;
    /// // Thread 17 is (1,1) of the 16x16 threads: C's element (1,1), column-major.
    /// assert_eq!(first_of_c::<Mma, _>(Tensor::new(&c, layout!("(128,128)")), 17), 1 + 128);
    /// ```
    #[inline(always)]
    fn get_slice(thread: usize) -> ThrMma<Self>
    where
        Self: Sized,
    {
        ThrMma {
            vmnk: <Self::ThrLayoutVMNK as Vmnk>::coord(thread),
            atom: Self::Atom::default(),
        }
    }
}

/// A thread's place in a TiledMma (CuTe's `ThrMMA`): `(v, m, n, k)` in `ThrLayoutVMNK`, and the
/// atom it runs. What it partitions is in [`crate::atom::thr_mma`].
pub struct ThrMma<Tm: TiledMma> {
    pub(crate) vmnk: (usize, usize, usize, usize),
    atom: Tm::Atom,
}

impl<Tm: TiledMma> ThrMma<Tm> {
    /// The atom the thread runs.
    #[inline(always)]
    pub fn atom(&self) -> &Tm::Atom {
        &self.atom
    }
    /// The atom, to change its state (wgmma's accumulate flag) between calls.
    #[inline(always)]
    pub fn atom_mut(&mut self) -> &mut Tm::Atom {
        &mut self.atom
    }
}

/// `make_tiled_mma(atom, AtomLayoutMNK{})`: the atom tiled over `AtomLayoutMNK`, a rank-3 layout
/// or shape (a shape takes its column-major layout). It holds the atom (`Default` for a stateless
/// one, [`MakeTiledMma::new`] for one with state).
#[derive(Clone, Copy, Default, Debug)]
pub struct MakeTiledMma<Atom, AtomLayoutMNK, PermutationMNK = NoPermutation> {
    atom: Atom,
    tiling: PhantomData<(AtomLayoutMNK, PermutationMNK)>,
}

impl<Atom, L, P> MakeTiledMma<Atom, L, P> {
    /// `make_tiled_mma(atom, L{}, P{})`.
    #[inline(always)]
    pub const fn new(atom: Atom) -> Self {
        Self {
            atom,
            tiling: PhantomData,
        }
    }
}

/// CuTe's default permutation `Tile<_,_,_>`: every mode keeps the tiled atoms' order.
pub type NoPermutation = (Underscore, Underscore, Underscore);

/// One mode of a TiledMma's permutation (CuTe's `PermutationMNK`), over the tile `T` the atoms
/// cover in that mode: `Underscore` keeps `T`; an integer `N` widens the tile to `N`, so each
/// thread's repeats of the atom fall inside it (`Tile<_32,_32,_16>` lets `ldmatrix.x4` fill two
/// B atoms); a layout of size `N` also reorders the `N` rows.
pub trait PermutationMode<T> {
    /// What thrfrg divides the mode by first, when the other mode of the operand is permuted.
    type Tiler: Default;
    /// The mode's extent of the TiledMma's tile (CuTe's `tile_size_mnk`).
    type Size;
    /// Whether the mode is permuted: `B0` for `Underscore`.
    type Given: Bit;
}
impl<T: Default> PermutationMode<T> for Underscore {
    type Tiler = T;
    type Size = T;
    type Given = B0;
}
impl<T, U: Unsigned, B: Bit> PermutationMode<T> for UInt<U, B> {
    type Tiler = Self;
    type Size = Self;
    type Given = B1;
}
impl<T, S: StaticShape + LayoutShape<D>, D: IntTuple> PermutationMode<T> for Layout<S, D>
where
    Self: Default,
{
    type Tiler = Self;
    type Size = Size<S>;
    type Given = B1;
}

/// The permutation step of an operand whose two modes are not permuted: none (CuTe's
/// `logical_divide(t, Tile<_,_>)` is `t`).
#[derive(Clone, Copy, Default, Debug)]
pub struct Kept;

/// The permutation step of an operand from whether each of its two modes is permuted: `T`, the
/// pair of tilers, or [`Kept`] where neither is.
pub trait PermutationStep<T> {
    /// `T` or [`Kept`].
    type Output: Default;
}
impl<T> PermutationStep<T> for (B0, B0) {
    type Output = Kept;
}
impl<T: Default> PermutationStep<T> for (B0, B1) {
    type Output = T;
}
impl<T: Default, G: Bit> PermutationStep<T> for (B1, G) {
    type Output = T;
}

/// CuTe's permutation step of thrfrg: `logical_divide(self, tiler)`, or `self` for [`Kept`].
///
/// ```
/// use tessel::atom::tiled_mma::{Kept, Permute};
/// use tessel::{layout, shape};
/// let t = layout!("(128,64):(64,1)");
/// assert_eq!(t.permute(Kept), t);
/// // logical_divide by (32,16) (cute-oracle logical_divide "(128,64):(64,1)" "(32,16)")
/// let divided = t.permute(<shape!("(32,16)")>::default());
/// assert_eq!(divided.to_string(), "((32,4),(16,4)):((64,2048),(1,16))");
/// ```
pub trait Permute<T> {
    /// The permuted layout.
    type Output;
    /// `self` permuted by `t`.
    fn permute(self, t: T) -> Self::Output;
}
impl<R> Permute<Kept> for R {
    type Output = R;
    #[inline(always)]
    fn permute(self, _: Kept) -> R {
        self
    }
}
impl<R: LogicalDivideBy<(P, Q)>, P, Q> Permute<(P, Q)> for R {
    type Output = R::Output;
    #[inline(always)]
    fn permute(self, t: (P, Q)) -> R::Output {
        self.logical_divide_by(t)
    }
}

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
impl<M, N, K> Mnk for (M, N, K) {
    type M = M;
    type N = N;
    type K = K;
}

/// The four modes of `ThrLayoutVMNK`, their sizes, and a thread's coordinate in them.
pub trait Vmnk {
    /// Threads tiled in M.
    type M;
    /// Threads tiled in N.
    type N;
    /// Threads tiled in K.
    type K;
    /// Thread `thread`'s `(v, m, n, k)`.
    fn coord(thread: usize) -> (usize, usize, usize, usize);
}
impl<S0, S1: StaticShape, S2: StaticShape, S3: StaticShape, D0, D1, D2, D3> Vmnk
    for Layout<(S0, S1, S2, S3), (D0, D1, D2, D3)>
where
    (S0, S1, S2, S3): LayoutShape<(D0, D1, D2, D3)>
        + ThreadCoord<(D0, D1, D2, D3), Coord = (usize, usize, usize, usize)>
        + Default,
    (D0, D1, D2, D3): IntTuple + Default,
{
    type M = Size<S1>;
    type N = Size<S2>;
    type K = Size<S3>;
    #[inline(always)]
    fn coord(thread: usize) -> (usize, usize, usize, usize) {
        <(S0, S1, S2, S3)>::default().thread_coord(&Default::default(), thread)
    }
}

/// The column-major layout of a static shape N (CuTe's `make_layout(N)`): a size-1 leaf gets
/// stride 0, as CuTe's `make_layout(_1{})` is `_1:_0`.
///
/// That stride matters past the layout's domain, where a composition extends its last mode. C's
/// thread mode `(ThrV,(ThrM,ThrN))` does not cover the threads tiled in K, so the thread-index
/// map carries them on with ThrN's stride: with one atom along N, 0, and they hold the same
/// elements of C as ThrK = 0 (with stride 1 they fell on other elements wherever N was widened).
pub type Line<N> = <N as ColumnMajor>::Layout;

/// One operand (A, B or C) of a TiledMma: the sizes and layouts CuTe's `thrfrg_A` (`_B`, `_C`)
/// cuts a tensor of it with. P and Q are its two modes: (M,K) for A, (N,K) for B, (M,N) for C.
pub trait MmaOperand {
    /// The permutation step's tiler (`(P,Q)`, a mode not permuted tiled by its extent of the
    /// TiledMma's tile), or [`Kept`] where neither mode is permuted.
    type Tiler: Default;
    /// `make_layout((P,Q))`: the reference tile.
    type Reference: Default;
    /// `(make_layout(AP), make_layout(AQ))`: the atom's extent.
    type AtomTile: Default;
    /// The atom's TV layout of the operand.
    type Tv: Default;
    /// `(make_layout(TP), make_layout(TQ))`: the threads tiled in P and Q.
    type ThrTile: Default;
    /// What spreads a thread over the mode the operand does not use ([`NoSpread`] for C).
    type Spread;
    /// The thread's coordinates in P and Q, from its `(ThrM, ThrN, ThrK)`.
    fn pq(m: usize, n: usize, k: usize) -> (usize, usize);
}

/// Operand A of the atom `A` tiled over `L`, permuted by `P`.
pub struct OperandA<A, L, P>(PhantomData<(A, L, P)>);
/// Operand B.
pub struct OperandB<A, L, P>(PhantomData<(A, L, P)>);
/// Operand C.
pub struct OperandC<A, L, P>(PhantomData<(A, L, P)>);

/// `tiled_product(ThrId, AtomLayoutMNK)`: `(ThrV,ThrM,ThrN,ThrK) -> thread index`.
type VmnkOf<A, L> = <<A as MmaAtom>::ThrId as TiledProductBy<<L as AsLayout>::Layout>>::Output;
type AtomM<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::M;
type AtomN<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::N;
type AtomK<A> = <<A as MmaAtom>::ShapeMNK as Mnk>::K;
type ThrM<A, L> = <VmnkOf<A, L> as Vmnk>::M;
type ThrN<A, L> = <VmnkOf<A, L> as Vmnk>::N;
type ThrK<A, L> = <VmnkOf<A, L> as Vmnk>::K;
/// The permutation's mode over the extent the tiled atoms cover.
type PermM<A, L, P> = (<P as Mnk>::M, Prod<AtomM<A>, ThrM<A, L>>);
type PermN<A, L, P> = (<P as Mnk>::N, Prod<AtomN<A>, ThrN<A, L>>);
type PermK<A, L, P> = (<P as Mnk>::K, Prod<AtomK<A>, ThrK<A, L>>);
type TileOf<X> = <<X as Halves>::First as PermutationMode<<X as Halves>::Second>>::Size;
type TilerOf<X> = <<X as Halves>::First as PermutationMode<<X as Halves>::Second>>::Tiler;
type GivenOf<X> = <<X as Halves>::First as PermutationMode<<X as Halves>::Second>>::Given;
/// The permutation step of an operand of modes `P` and `Q`.
type StepOf<P, Q> = <(GivenOf<P>, GivenOf<Q>) as PermutationStep<(TilerOf<P>, TilerOf<Q>)>>::Output;
type TileM<A, L, P> = TileOf<PermM<A, L, P>>;
type TileN<A, L, P> = TileOf<PermN<A, L, P>>;
type TileK<A, L, P> = TileOf<PermK<A, L, P>>;

macro_rules! operands {
    ($($Op:ident: ($P:ident, $Q:ident) = ($PX:ident, $QX:ident), ($AP:ident, $AQ:ident), $Tv:ident, ($TP:ident, $TQ:ident),
       $Spread:ty, |$m:ident, $n:ident, $k:ident| $pq:expr;)+) => {$(
        impl<A: MmaAtom, L: AsLayout, P: Mnk> MmaOperand for $Op<A, L, P>
        where
            A::ShapeMNK: Mnk,
            A::ThrId: TiledProductBy<L::Layout>,
            VmnkOf<A, L>: Vmnk,
            $AP<A>: Mul<$TP<A, L>> + ColumnMajor,
            $AQ<A>: Mul<$TQ<A, L>> + ColumnMajor,
            $TP<A, L>: ColumnMajor,
            $TQ<A, L>: ColumnMajor,
            P::$PX: PermutationMode<Prod<$AP<A>, $TP<A, L>>>,
            P::$QX: PermutationMode<Prod<$AQ<A>, $TQ<A, L>>>,
            TileOf<$P<A, L, P>>: Default,
            TileOf<$Q<A, L, P>>: Default,
            (TileOf<$P<A, L, P>>, TileOf<$Q<A, L, P>>): ColumnMajor,
            (GivenOf<$P<A, L, P>>, GivenOf<$Q<A, L, P>>):
                PermutationStep<(TilerOf<$P<A, L, P>>, TilerOf<$Q<A, L, P>>)>,
        {
            type Tiler = StepOf<$P<A, L, P>, $Q<A, L, P>>;
            type Reference = Line<(TileOf<$P<A, L, P>>, TileOf<$Q<A, L, P>>)>;
            type AtomTile = (Line<$AP<A>>, Line<$AQ<A>>);
            type Tv = A::$Tv;
            type ThrTile = (Line<$TP<A, L>>, Line<$TQ<A, L>>);
            type Spread = $Spread;
            #[inline(always)]
            fn pq($m: usize, $n: usize, $k: usize) -> (usize, usize) {
                $pq
            }
        }
    )+};
}

operands! {
    OperandA: (PermM, PermK) = (M, K), (AtomM, AtomK), ALayout, (ThrM, ThrK), SpreadA<ThrM<A, L>, ThrN<A, L>>,
        |m, _n, k| (m, k);
    OperandB: (PermN, PermK) = (N, K), (AtomN, AtomK), BLayout, (ThrN, ThrK), SpreadB<ThrM<A, L>, ThrN<A, L>>,
        |_m, n, k| (n, k);
    OperandC: (PermM, PermN) = (M, N), (AtomM, AtomN), CLayout, (ThrM, ThrN), NoSpread, |m, n, _k| (m, n);
}

/// CuTe's `thrfrg` of `Self`, a layout of two modes, for the operand `Op`: permuted ([`Permute`]:
/// divided by the permutation's tiler, unless no mode is permuted), zipped-divided by the atom's
/// extent, the atom mode composed with the atom's TV layout, the rest zipped-divided by the
/// threads: `((ThrV,(ThrP,ThrQ)),(FrgV,Rest))`, its five parts.
pub trait Thrfrg<Op> {
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
    /// The five parts.
    fn thrfrg(self) -> ThrfrgParts<Self, Op>;
}

/// `(ThrV, ThrP, ThrQ, FrgV, Rest)`.
pub type ThrfrgParts<R, Op> = (
    <R as Thrfrg<Op>>::ThrV,
    <R as Thrfrg<Op>>::ThrP,
    <R as Thrfrg<Op>>::ThrQ,
    <R as Thrfrg<Op>>::FrgV,
    <R as Thrfrg<Op>>::Rest,
);

type Divided<R, Op> = <R as Permute<<Op as MmaOperand>::Tiler>>::Output;
type AtomTiled<R, Op> = <Divided<R, Op> as ZippedDivideBy<<Op as MmaOperand>::AtomTile>>::Output;
type AtomMode<R, Op> = <AtomTiled<R, Op> as TwoModes>::First;
type TvMode<R, Op> = <AtomMode<R, Op> as ComposeBy<<Op as MmaOperand>::Tv>>::Output;
type RestMode<R, Op> = <AtomTiled<R, Op> as TwoModes>::Second;
type ThrTiled<R, Op> = <RestMode<R, Op> as ZippedDivideBy<<Op as MmaOperand>::ThrTile>>::Output;
type ThrMode<R, Op> = <ThrTiled<R, Op> as TwoModes>::First;

impl<R, Op: MmaOperand> Thrfrg<Op> for R
where
    R: Permute<Op::Tiler>,
    Divided<R, Op>: ZippedDivideBy<Op::AtomTile>,
    AtomTiled<R, Op>: TwoModes,
    AtomMode<R, Op>: ComposeBy<Op::Tv>,
    TvMode<R, Op>: TwoModes,
    RestMode<R, Op>: ZippedDivideBy<Op::ThrTile>,
    ThrTiled<R, Op>: TwoModes,
    ThrMode<R, Op>: TwoModes,
{
    type ThrV = <TvMode<R, Op> as TwoModes>::First;
    type ThrP = <ThrMode<R, Op> as TwoModes>::First;
    type ThrQ = <ThrMode<R, Op> as TwoModes>::Second;
    type FrgV = <TvMode<R, Op> as TwoModes>::Second;
    type Rest = <ThrTiled<R, Op> as TwoModes>::Second;
    #[inline(always)]
    fn thrfrg(self) -> ThrfrgParts<Self, Op> {
        let divided = self.permute(Op::Tiler::default());
        let (atom, rest) = divided.zipped_divide_by(Op::AtomTile::default()).split();
        let (thr_v, frg_v) = atom.compose_by(Op::Tv::default()).split();
        let (thr, rest) = rest.zipped_divide_by(Op::ThrTile::default()).split();
        let (thr_p, thr_q) = thr.split();
        (thr_v, thr_p, thr_q, frg_v, rest)
    }
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
/// A's spread: `(ThrM,ThrN):(1,0)`, each thread of A repeated over the threads tiled in N.
pub struct SpreadA<M, N>(PhantomData<(M, N)>);
/// B's spread: `(ThrM,ThrN):(0,1)`.
pub struct SpreadB<M, N>(PhantomData<(M, N)>);
impl<ThrP, M, N> Spread<ThrP> for SpreadA<M, N>
where
    (M, N): LayoutShape<(U1, U0)>,
    ThrP: ComposeBy<Layout<(M, N), (U1, U0)>>,
{
    type Output = ThrP::Output;
}
impl<ThrP, M, N> Spread<ThrP> for SpreadB<M, N>
where
    (M, N): LayoutShape<(U0, U1)>,
    ThrP: ComposeBy<Layout<(M, N), (U0, U1)>>,
{
    type Output = ThrP::Output;
}

/// The operand's TV layout: its reference tile's thrfrg,
/// `((ThrV,(Spread(ThrP),ThrQ)) o I, (FrgV,Rest))` with `I` the map from thread index to thread
/// id (CuTe's `get_layoutA_TV` and its twins).
pub trait TvLayout<I> {
    /// The TV layout.
    type Output;
}

type Ref<Op> = <Op as MmaOperand>::Reference;
type Part<Op> = <Ref<Op> as Thrfrg<Op>>::ThrP;
type Spreaded<Op> = <<Op as MmaOperand>::Spread as Spread<Part<Op>>>::Output;
type ThrPQ<Op> = <(Spreaded<Op>, <Ref<Op> as Thrfrg<Op>>::ThrQ) as Concatenate>::Output;
type Thr<Op> = <(<Ref<Op> as Thrfrg<Op>>::ThrV, ThrPQ<Op>) as Concatenate>::Output;
type Val<Op> =
    <(<Ref<Op> as Thrfrg<Op>>::FrgV, <Ref<Op> as Thrfrg<Op>>::Rest) as Concatenate>::Output;
type ThrByIndex<Op, I> = <Thr<Op> as ComposeBy<I>>::Output;

impl<Op: MmaOperand, I> TvLayout<I> for Op
where
    Ref<Op>: Thrfrg<Op>,
    Op::Spread: Spread<Part<Op>>,
    (Spreaded<Op>, <Ref<Op> as Thrfrg<Op>>::ThrQ): Concatenate,
    (<Ref<Op> as Thrfrg<Op>>::ThrV, ThrPQ<Op>): Concatenate,
    Thr<Op>: ComposeBy<I>,
    (<Ref<Op> as Thrfrg<Op>>::FrgV, <Ref<Op> as Thrfrg<Op>>::Rest): Concatenate,
    (ThrByIndex<Op, I>, Val<Op>): Concatenate,
{
    type Output = <(ThrByIndex<Op, I>, Val<Op>) as Concatenate>::Output;
}

/// `thread index -> thread id`: CuTe's
/// `composition(make_layout((size(vmnk),1),(1,0)), right_inverse(make_layout(vmnk, complement(vmnk))))`.
type ThrIdx<V> = <Line2<V> as ComposeBy<<WithComplement<V> as RightInverted>::Output>>::Output;
/// `make_layout((size(vmnk),1),(1,0))`.
type Line2<V> = Layout<(Size<<V as StaticLayout>::Shape>, U1), (U1, U0)>;
/// `make_layout(vmnk, complement(vmnk))`.
type WithComplement<V> =
    <(V, <V as ComplementTo<<V as CosizeOf>::Output>>::Output) as Concatenate>::Output;

type Idx<A, L> = ThrIdx<VmnkOf<A, L>>;
type TvOf<Op, A, L> = <Op as TvLayout<Idx<A, L>>>::Output;

impl<A: MmaAtom, L: AsLayout, P: Mnk> TiledMma for MakeTiledMma<A, L, P>
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
    (Size<<VmnkOf<A, L> as StaticLayout>::Shape>, U1): LayoutShape<(U1, U0)>,
    AtomM<A>: Mul<ThrM<A, L>>,
    AtomN<A>: Mul<ThrN<A, L>>,
    AtomK<A>: Mul<ThrK<A, L>>,
    P::M: PermutationMode<Prod<AtomM<A>, ThrM<A, L>>>,
    P::N: PermutationMode<Prod<AtomN<A>, ThrN<A, L>>>,
    P::K: PermutationMode<Prod<AtomK<A>, ThrK<A, L>>>,
    OperandA<A, L, P>: MmaOperand + TvLayout<Idx<A, L>>,
    OperandB<A, L, P>: MmaOperand + TvLayout<Idx<A, L>>,
    OperandC<A, L, P>: MmaOperand + TvLayout<Idx<A, L>>,
    (TileM<A, L, P>, TileN<A, L, P>, TileK<A, L, P>): IntTuple + Default,
    TvOf<OperandA<A, L, P>, A, L>: StaticLayout,
    TvOf<OperandB<A, L, P>, A, L>: StaticLayout,
    TvOf<OperandC<A, L, P>, A, L>: StaticLayout,
{
    type Atom = A;
    type ThrLayoutVMNK = VmnkOf<A, L>;
    type TileShapeMNK = Tuple<(TileM<A, L, P>, TileN<A, L, P>, TileK<A, L, P>)>;
    type LayoutATV = TvOf<OperandA<A, L, P>, A, L>;
    type LayoutBTV = TvOf<OperandB<A, L, P>, A, L>;
    type LayoutCTV = TvOf<OperandC<A, L, P>, A, L>;
    type OpA = OperandA<A, L, P>;
    type OpB = OperandB<A, L, P>;
    type OpC = OperandC<A, L, P>;
    #[inline(always)]
    fn atom(&self) -> A {
        self.atom
    }
}
