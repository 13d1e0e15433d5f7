//! Shared storage: a kernel's shared memory as a sequence of parts, each placed at the next
//! offset its alignment allows, all computed from the parts' types (CUTLASS's `SharedStorage`
//! struct, whose members' `alignas` do the same).
//!
//! A part is a [`Buffer`] of elements under a layout (the stages of a pipeline, a stage-moded
//! layout; an epilogue's buffer), aligned to its swizzle's period in bytes (1024 under a 128-byte
//! swizzle, which TMA and wgmma read relative to an aligned base), or a row of mbarriers
//! ([`Barriers`]), or nothing (`()`: a part a variant leaves out, zero bytes).
//!
//! Post-conditions: each part starts at a multiple of its alignment, after the previous part's
//! end; the storage's alignment is the largest of its parts'; [`SharedStorage::DYNAMIC_BYTES`]
//! leaves room to align a base that is only 16-byte aligned. The same constants serve the
//! device ([`SharedStorage::carve`]) and the host (the launch's dynamic shared memory).
//!
//! ```
//! use tessel::atom::element::BF16;
//! use tessel::atom::gmma::Layout_K_SW128_Atom;
//! use tessel::kernel::storage::{Barriers, Buffer, SharedStorage};
//! use tessel::{shape, TileToShape};
//! // Four stages of A (128x64) and B (256x64) in bf16, no epilogue buffer, two rows of barriers.
//! type Stages<const N: usize> = TileToShape<Layout_K_SW128_Atom<BF16>, (tessel::C<N>, tessel::C<64>, tessel::C<4>)>;
//! type Storage = SharedStorage<(Buffer<BF16, Stages<128>>, Buffer<BF16, Stages<256>>, (), Barriers<4>, Barriers<4>)>;
//! assert_eq!(Storage::ALIGN, 1024);
//! assert_eq!(Storage::OFFSETS, [0, 65536, 196608, 196608, 196640]);
//! assert_eq!(Storage::BYTES, 196672);
//! assert_eq!(Storage::DYNAMIC_BYTES, 196672 + 1024);
//! assert_eq!(Storage::carve(48), [1024, 66560, 197632, 197632, 197664]);
//! ```

use crate::layout::{Layout, StaticLayout};
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::SwizzleFn;
use core::marker::PhantomData;

/// `x` rounded up to a multiple of `align`, a power of two.
pub const fn align_up(x: u32, align: u32) -> u32 {
    (x + align - 1) & !(align - 1)
}

/// A part of shared memory: its bytes and the alignment its first byte needs (a power of two).
pub trait SmemPart {
    /// The bytes.
    const BYTES: u32;
    /// The alignment.
    const ALIGN: u32;
}

/// A static layout in shared memory: the elements it spans and the period of its swizzle, the
/// elements after which the swizzle repeats (1 without one).
pub trait SmemLayout {
    /// The elements (CuTe's cosize).
    const COSIZE: usize;
    /// The swizzle's period in elements.
    const PERIOD: usize;
}
impl<S, D> SmemLayout for Layout<S, D>
where
    Self: StaticLayout,
    S: crate::layout::int_tuple::LayoutShape<D>,
    D: crate::layout::int_tuple::IntTuple,
{
    const COSIZE: usize = <Self as StaticLayout>::COSIZE;
    const PERIOD: usize = 1;
}
impl<Sw: SwizzleFn, const O: usize, L> SmemLayout for ComposedLayout<Sw, O, L>
where
    Self: StaticLayout,
{
    const COSIZE: usize = <Self as StaticLayout>::COSIZE;
    const PERIOD: usize = Sw::SPAN;
}

/// The elements of `T` that the layout `L` spans, aligned to its swizzle's period (at least 16
/// bytes, what TMA and bulk copies need).
pub struct Buffer<T, L>(PhantomData<(T, L)>);
impl<T, L: SmemLayout> SmemPart for Buffer<T, L> {
    const BYTES: u32 = (L::COSIZE * core::mem::size_of::<T>()) as u32;
    const ALIGN: u32 = {
        let bytes = L::PERIOD * core::mem::size_of::<T>();
        assert!(
            bytes.is_power_of_two(),
            "a swizzle's period in bytes is a power of two"
        );
        if bytes < 16 {
            16
        } else {
            bytes as u32
        }
    };
}

/// `N` mbarriers of 8 bytes.
pub struct Barriers<const N: u32>;
impl<const N: u32> SmemPart for Barriers<N> {
    const BYTES: u32 = 8 * N;
    const ALIGN: u32 = 8;
}

/// A part left out: no bytes.
impl SmemPart for () {
    const BYTES: u32 = 0;
    const ALIGN: u32 = 1;
}

/// The shared storage of the parts `P` (a tuple of [`SmemPart`]s), laid out in order.
pub struct SharedStorage<P>(PhantomData<P>);

/// Each part's offset, and the end of the last one, of parts `(bytes, alignment)` laid out in
/// order: the rule [`SharedStorage`] computes its constants with.
pub const fn offsets<const N: usize>(parts: [(u32, u32); N]) -> ([u32; N], u32) {
    let (mut at, mut end, mut i) = ([0; N], 0, 0);
    while i < N {
        at[i] = align_up(end, parts[i].1);
        end = at[i] + parts[i].0;
        i += 1;
    }
    (at, end)
}

/// The largest alignment of the parts `(bytes, alignment)`.
pub const fn largest<const N: usize>(parts: [(u32, u32); N]) -> u32 {
    let (mut align, mut i) = (1, 0);
    while i < N {
        if parts[i].1 > align {
            align = parts[i].1;
        }
        i += 1;
    }
    align
}

macro_rules! storage {
    ($($n:literal: ($($P:ident)+))+) => {$(
        impl<$($P: SmemPart),+> SharedStorage<($($P,)+)> {
            /// The alignment of the whole: the largest of its parts'.
            pub const ALIGN: u32 = largest([$(($P::BYTES, $P::ALIGN)),+]);
            /// Each part's offset from the aligned base.
            pub const OFFSETS: [u32; $n] = offsets([$(($P::BYTES, $P::ALIGN)),+]).0;
            /// The bytes from the aligned base to the last part's end.
            pub const BYTES: u32 = offsets([$(($P::BYTES, $P::ALIGN)),+]).1;
            /// The dynamic shared memory a launch gives: the bytes and room to align a base
            /// that is only 16-byte aligned.
            pub const DYNAMIC_BYTES: u32 = Self::BYTES + Self::ALIGN;

            /// The shared addresses of the parts, from the dynamic shared memory's address.
            #[inline(always)]
            pub const fn carve(smem: u32) -> [u32; $n] {
                let base = align_up(smem, Self::ALIGN);
                let mut at = Self::OFFSETS;
                let mut i = 0;
                while i < $n {
                    at[i] += base;
                    i += 1;
                }
                at
            }
        }
        impl<$($P: SmemPart),+> Carve<$n> for SharedStorage<($($P,)+)> {
            const DYNAMIC_BYTES: u32 = Self::DYNAMIC_BYTES;
            #[inline(always)]
            fn carve(smem: u32) -> [u32; $n] {
                Self::carve(smem)
            }
        }
    )+};
}

/// A storage of `N` parts, for generic code (a kernel schedule over its configuration's storage).
///
/// ```
/// use tessel::kernel::storage::{Barriers, Carve, SharedStorage};
/// fn parts<S: Carve<2>>(smem: u32) -> [u32; 2] {
///     S::carve(smem)
/// }
/// // Two rows of 3 barriers: 24 bytes each, 8-aligned, from a base aligned up to 8.
/// assert_eq!(parts::<SharedStorage<(Barriers<3>, Barriers<3>)>>(20), [24, 48]);
/// ```
pub trait Carve<const N: usize> {
    /// [`SharedStorage::DYNAMIC_BYTES`].
    const DYNAMIC_BYTES: u32;
    /// [`SharedStorage::carve`].
    fn carve(smem: u32) -> [u32; N];
}
storage! {
    1: (A)
    2: (A B)
    3: (A B C)
    4: (A B C D)
    5: (A B C D E)
    6: (A B C D E F)
    7: (A B C D E F G)
    8: (A B C D E F G H)
}
