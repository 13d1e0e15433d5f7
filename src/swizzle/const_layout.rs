//! Static layouts in const evaluation: a layout type as a table of flat modes that a `const fn`
//! can read, and its CuTe notation as a const string.
//!
//! Trait methods cannot run in const evaluation on stable Rust, but associated consts can, so a
//! static layout (plain, or composed with a swizzle) lays itself out as [`IndexMap`]: its modes
//! flattened, first mode first, and the swizzle and offset around them. `IndexMap::index` is the
//! layout's function on 1-D coordinates, usable in `const` items, so conditions on a layout's
//! indices (bank conflicts, see [`crate::swizzle::bank`]) fail `cargo check`.
//!
//! ```
//! use tessel::const_layout::ConstLayout;
//! use tessel::layout;
//! type L = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");
//! const AT: usize = <L as ConstLayout>::MAP.index(1); // coordinate (1,0): 64, swizzled
//! assert_eq!(AT, 72);
//! assert_eq!(<L as ConstLayout>::TEXT.as_str(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
//! ```

use crate::layout::int_tuple::{IntTuple, LayoutShape};
use crate::layout::Layout;
use crate::swizzle::composed::ComposedLayout;
use crate::swizzle::SwizzleFn;
use typenum::{Bit, NInt, NonZero, UInt, UTerm, Unsigned};

/// The most flat modes a layout may have here.
pub const MAX_MODES: usize = 64;

/// A flat list of unsigned integers: the leaves of a shape or of a stride (a negative leaf is
/// kept as its magnitude and marks the list `negative`: the const models take none).
#[derive(Clone, Copy, Debug)]
pub struct Flat {
    len: usize,
    leaves: [usize; MAX_MODES],
    negative: bool,
}

impl Flat {
    /// The product of the leaves: a shape's size.
    pub const fn product(&self) -> usize {
        let (mut p, mut i) = (1, 0);
        while i < self.len {
            p *= self.leaves[i];
            i += 1;
        }
        p
    }

    /// The number of leaves.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no leaf.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Leaf `i` (its magnitude).
    pub const fn leaf(&self, i: usize) -> usize {
        self.leaves[i]
    }

    const fn one(x: usize) -> Flat {
        let mut leaves = [0; MAX_MODES];
        leaves[0] = x;
        Flat {
            len: 1,
            leaves,
            negative: false,
        }
    }

    const fn join(mut self, other: &Flat) -> Flat {
        self.negative |= other.negative;
        let mut i = 0;
        while i < other.len {
            assert!(self.len < MAX_MODES, "more than 64 modes");
            self.leaves[self.len] = other.leaves[i];
            self.len += 1;
            i += 1;
        }
        self
    }
}

/// The leaves of an IntTuple of non-negative integers, flat.
pub trait ConstFlat {
    /// The leaves.
    const FLAT: Flat;
}
impl ConstFlat for UTerm {
    const FLAT: Flat = Flat::one(0);
}
impl<U: Unsigned, B: Bit> ConstFlat for UInt<U, B> {
    const FLAT: Flat = Flat::one(<Self as Unsigned>::USIZE);
}
impl<U: Unsigned + NonZero> ConstFlat for NInt<U> {
    const FLAT: Flat = Flat {
        negative: true,
        ..Flat::one(U::USIZE)
    };
}

/// Text built in const evaluation (truncated past 160 bytes).
#[derive(Clone, Copy, Debug)]
pub struct Text {
    len: usize,
    bytes: [u8; 160],
}

impl Text {
    /// The empty text.
    pub const EMPTY: Text = Text {
        len: 0,
        bytes: [0; 160],
    };

    /// The text with `s` appended.
    pub const fn push(mut self, s: &str) -> Text {
        let s = s.as_bytes();
        let mut i = 0;
        while i < s.len() && self.len < self.bytes.len() {
            self.bytes[self.len] = s[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// The text with the decimal digits of `n` appended.
    pub const fn push_int(mut self, n: i64) -> Text {
        if n < 0 {
            self = self.push("-");
        }
        let (mut digits, mut count, mut m) = ([0u8; 20], 0, n.unsigned_abs());
        loop {
            digits[count] = b'0' + (m % 10) as u8;
            count += 1;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        while count > 0 && self.len < self.bytes.len() {
            count -= 1;
            self.bytes[self.len] = digits[count];
            self.len += 1;
        }
        self
    }

    /// The text with another appended.
    pub const fn append(self, other: &Text) -> Text {
        self.push(other.as_str())
    }

    /// The text as a string.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(s) => s,
            Err(_) => "(text cut inside a character)",
        }
    }
}

/// CuTe's notation of a static integer, IntTuple, layout or swizzle, as a const.
pub trait ConstText {
    /// The notation.
    const TEXT: Text;
}
impl ConstText for UTerm {
    const TEXT: Text = Text::EMPTY.push("0");
}
impl<U: Unsigned, B: Bit> ConstText for UInt<U, B> {
    const TEXT: Text = Text::EMPTY.push_int(<Self as Unsigned>::I64);
}
impl<U: Unsigned + NonZero> ConstText for NInt<U> {
    const TEXT: Text = Text::EMPTY.push_int(-U::I64);
}

macro_rules! tuple_const {
    ($( ($(($T:ident $D:ident $X:ident $i:tt))+) )+) => {$(
        impl<$($T: ConstFlat),+> ConstFlat for ($($T,)+) {
            const FLAT: Flat = Flat { len: 0, leaves: [0; MAX_MODES], negative: false } $(.join(&$T::FLAT))+;
        }
        impl<$($T: ConstText),+> ConstText for ($($T,)+) {
            const TEXT: Text = tuple_const!(@text Text::EMPTY.push("("); $($T)+).push(")");
        }
    )+};
    (@text $acc:expr; $T:ident) => { $acc.append(&$T::TEXT) };
    (@text $acc:expr; $T:ident $($rest:ident)+) => {
        tuple_const!(@text $acc.append(&$T::TEXT).push(","); $($rest)+)
    };
}

crate::num::list::for_each_arity!(tuple_const);

/// A static layout as data: flat shape and stride, and the swizzle and offset around them
/// (`bits == 0`: none). `index(i)` is `Sw(offset + L(i))` for the 1-D coordinate i.
#[derive(Clone, Copy, Debug)]
pub struct IndexMap {
    shape: Flat,
    stride: Flat,
    swizzle: (u32, u32, i32),
    offset: usize,
}

impl IndexMap {
    /// Whether a stride is negative (the const models take non-negative strides only).
    pub const fn has_negative_stride(&self) -> bool {
        self.stride.negative
    }

    /// The flat shape and stride, without the swizzle.
    pub const fn modes(&self) -> (&Flat, &Flat) {
        (&self.shape, &self.stride)
    }

    /// The same layout without its swizzle and offset.
    pub const fn unswizzled(&self) -> IndexMap {
        IndexMap {
            swizzle: (0, 0, 0),
            offset: 0,
            ..*self
        }
    }

    /// `(B, M, S)` of the swizzle (`B = 0`: none), in elements.
    pub const fn swizzle(&self) -> (u32, u32, i32) {
        self.swizzle
    }

    /// The number of coordinates.
    pub const fn size(&self) -> usize {
        self.shape.product()
    }

    /// The index of the 1-D coordinate `x` (taken modulo the size, as the last mode's is not
    /// reduced in CuTe either).
    pub const fn index(&self, mut x: usize) -> usize {
        let (mut at, mut i) = (0, 0);
        while i < self.shape.len {
            let s = self.shape.leaves[i];
            let c = if i + 1 == self.shape.len { x } else { x % s };
            at += c * self.stride.leaves[i];
            x /= s;
            i += 1;
        }
        let (bits, base, shift) = self.swizzle;
        crate::algebra::rules::swizzled(bits, base, shift, self.offset + at)
    }
}

/// A static layout with non-negative strides, readable in const evaluation.
pub trait ConstLayout {
    /// The layout as data.
    const MAP: IndexMap;
    /// Its notation.
    const TEXT: Text;
}

impl<S, D> ConstLayout for Layout<S, D>
where
    S: LayoutShape<D> + ConstFlat + ConstText,
    D: IntTuple + ConstFlat + ConstText,
{
    const MAP: IndexMap = IndexMap {
        shape: S::FLAT,
        stride: D::FLAT,
        swizzle: (0, 0, 0),
        offset: 0,
    };
    const TEXT: Text = S::TEXT.push(":").append(&D::TEXT);
}

impl<Sw: SwizzleFn, const O: usize, L: ConstLayout> ConstLayout for ComposedLayout<Sw, O, L> {
    const MAP: IndexMap = IndexMap {
        swizzle: (Sw::BITS, Sw::BASE, Sw::SHIFT),
        offset: O,
        ..L::MAP
    };
    const TEXT: Text = Text::EMPTY
        .push("Sw<")
        .push_int(Sw::BITS as i64)
        .push(",")
        .push_int(Sw::BASE as i64)
        .push(",")
        .push_int(Sw::SHIFT as i64)
        .push("> o ")
        .push_int(O as i64)
        .push(" o ")
        .append(&L::TEXT);
}
