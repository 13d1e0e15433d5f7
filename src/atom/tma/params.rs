//! Every argument of `cuTensorMapEncodeTiled`, from the global layout and the shared tile's box
//! (CuTe's `construct_tma_gbasis` and `make_tma_copy_desc`), on the host.

use super::gmem::{GmemMode, TmaElement, TmaGmem};
use super::tile_box::{box_counts, box_of, coord_stride, tile_boxes, top_mode};
use super::tile_box::{TmaBox, TmaSwizzle, TmaTile, MAX_BOXES};
use super::{TmaError, MAX_GMEM_RANK, MAX_RANK};
use crate::swizzle::const_layout::{Flat, IndexMap};
use typenum::Unsigned;

/// Where a global mode's coordinate goes in the TMA coordinates: descriptor mode `dim`, times
/// `scale` (CuTe's TMA tensor strides `E<dim> * scale`); `scale` 0 for a mode without a part.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C)]
pub struct CoordMap {
    /// The descriptor's mode.
    pub dim: u8,
    /// The factor.
    pub scale: u32,
}

/// Every argument of `cuTensorMapEncodeTiled`, in its order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TmaParams {
    /// `CUtensorMapDataType`.
    pub data_type: u32,
    /// The number of modes.
    pub rank: u32,
    /// The global address.
    pub global_address: u64,
    /// The extents, contiguous mode first.
    pub global_dim: [u64; MAX_RANK],
    /// The byte strides of modes 1 to `rank - 1` (mode 0's is the element).
    pub global_strides: [u64; MAX_RANK - 1],
    /// The box extents.
    pub box_dim: [u32; MAX_RANK],
    /// The element strides (1: every element).
    pub element_strides: [u32; MAX_RANK],
    /// `CUtensorMapInterleave`: none.
    pub interleave: u32,
    /// `CUtensorMapSwizzle`.
    pub swizzle: TmaSwizzle,
    /// `CUtensorMapL2promotion`: 128 bytes, as CuTe.
    pub l2_promotion: u32,
    /// `CUtensorMapFloatOOBfill`: none (zeros).
    pub oob_fill: u32,
    /// Each global mode's place in the TMA coordinates.
    pub coord_map: [CoordMap; MAX_GMEM_RANK],
    /// The tile's boxes ([`TensorMap::BOXES`](super::TensorMap::BOXES)) that a grown box
    /// covers (bit `i`: box `i` is not issued): where the box grows across a static leaf of a
    /// nested global mode.
    pub covered: u64,
}

impl TmaParams {
    /// The descriptor's arguments for a copy between the global tensor `gmem` of `T` at
    /// `address` and shared tile `S`, shared by `multicast` blocks (1: none); CuTe's
    /// `make_tma_copy(op, gmem, S, shape(S), multicast)`.
    pub fn new<T: TmaElement, S: TmaTile, G: TmaGmem>(
        address: u64,
        gmem: &G,
        multicast: u32,
    ) -> Result<TmaParams, TmaError> {
        let leaves = gmem.gmem_modes();
        let modes = leaves.modes().ok_or(TmaError::Rank)?;
        let bytes = <T::Bits as Unsigned>::USIZE / 8;
        let tma_box = const { box_of::<T, S>() };
        tma_params(
            T::DATA_TYPE,
            bytes,
            address,
            (modes, &S::MAP, &S::TOP),
            &tma_box,
            multicast,
        )
    }
}

/// The descriptor's arguments (CuTe's `construct_tma_gbasis` and `make_tma_copy_desc`) for the
/// global leaf modes `gmem` and a tile of top-level sizes `top`: the box's modes split over the
/// leaves they walk, merged where contiguous up to 256 elements, then the leaves the box does
/// not walk.
pub fn tma_params(
    data_type: u32,
    bytes: usize,
    address: u64,
    (gmem, map, top): (&[GmemMode], &IndexMap, &Flat),
    tma_box: &TmaBox,
    multicast: u32,
) -> Result<TmaParams, TmaError> {
    for j in 0..top.len() {
        tile_fits_leaves(gmem, j, top.leaf(j))?;
    }
    let growth = box_growth(map, top, gmem, tma_box);
    let (modes, rank) = descriptor_modes(gmem, tma_box, &growth)?;
    let mut p = TmaParams {
        data_type,
        rank: rank as u32,
        global_address: address,
        global_dim: [1; MAX_RANK],
        global_strides: [0; MAX_RANK - 1],
        box_dim: [1; MAX_RANK],
        element_strides: [1; MAX_RANK],
        interleave: 0,
        swizzle: tma_box.swizzle(),
        l2_promotion: 2,
        oob_fill: 0,
        coord_map: [CoordMap::default(); MAX_GMEM_RANK],
        covered: growth.covered(map, top, tma_box),
    };
    let mut stride = [0u64; MAX_RANK];
    for (i, d) in modes[..rank].iter().enumerate() {
        (p.global_dim[i], stride[i]) = merged_extent(gmem, d.gmodes())?;
        p.box_dim[i] = d.extent as u32;
    }
    if stride[0] != 1 {
        return Err(TmaError::Major(stride[0]));
    }
    for (b, &d) in p.global_strides.iter_mut().zip(&stride[1..rank]) {
        *b = d
            .checked_mul(bytes as u64)
            .filter(|b| b % 16 == 0 && *b < 1 << 40)
            .ok_or_else(|| TmaError::Stride((d as i64).saturating_mul(bytes as i64)))?;
    }
    if let Some(&d) = p.global_dim[..rank]
        .iter()
        .find(|&&d| d == 0 || d > 1 << 32)
    {
        return Err(TmaError::Dim(d));
    }
    if address % 16 != 0 {
        return Err(TmaError::Address(address));
    }
    truncate_by_multicast(&mut p.box_dim[..rank], multicast)?;
    p.coord_map = coord_map(gmem, &modes[..rank], &stride, bytes);
    Ok(p)
}

/// One mode of the descriptor: the global modes it merges, and its box extent.
#[derive(Clone, Copy)]
struct DescMode {
    gmodes: [usize; MAX_GMEM_RANK],
    len: usize,
    extent: u64,
}

impl DescMode {
    fn new(gmode: usize, extent: u64) -> Self {
        let mut gmodes = [0; MAX_GMEM_RANK];
        gmodes[0] = gmode;
        DescMode {
            gmodes,
            len: 1,
            extent,
        }
    }
    fn gmodes(&self) -> &[usize] {
        &self.gmodes[..self.len]
    }
}

/// The leaves of top-level mode `top`, in order.
fn leaves_of(gmem: &[GmemMode], top: usize) -> impl Iterator<Item = (usize, &GmemMode)> {
    gmem.iter().enumerate().filter(move |(_, g)| g.top == top)
}

/// The tile's extent `t` along top-level mode `j` starts and ends on leaves of the global mode
/// (CuTe composes the tile with the global tensor's modes): each leaf it crosses but the last is
/// static, and divides the extent left or is a multiple of it.
fn tile_fits_leaves(gmem: &[GmemMode], j: usize, t: usize) -> Result<(), TmaError> {
    let mut rest = t as u64;
    let count = leaves_of(gmem, j).count();
    for (_, g) in leaves_of(gmem, j).take(count.saturating_sub(1)) {
        if rest == 1 || g.static_shape && g.shape == 1 {
            continue;
        }
        if !g.static_shape {
            return Err(TmaError::LeafRuntime(j));
        }
        if rest % g.shape == 0 {
            rest /= g.shape;
        } else if g.shape % rest == 0 {
            rest = 1;
        } else {
            return Err(TmaError::LeafDivide(j, g.shape, t));
        }
    }
    Ok(())
}

/// A box mode of `extent` along top-level mode `j`, split over the leaves it walks: each leaf
/// and its part (a whole leaf, then what is left in the next).
fn box_pieces(
    gmem: &[GmemMode],
    j: usize,
    extent: usize,
) -> Result<([(usize, u64); MAX_GMEM_RANK], usize), TmaError> {
    let mut pieces = [(0, 1); MAX_GMEM_RANK];
    let (mut len, mut rest) = (0, extent as u64);
    let count = leaves_of(gmem, j).count();
    if count == 0 {
        return Err(TmaError::Rank);
    }
    for (k, (l, g)) in leaves_of(gmem, j).enumerate() {
        let part = match () {
            _ if rest == 1 => break,
            _ if k + 1 == count || rest <= g.shape && g.shape % rest == 0 => rest,
            _ if g.static_shape && g.shape == 1 => continue,
            _ if rest % g.shape == 0 => g.shape,
            _ => return Err(TmaError::LeafDivide(j, g.shape, extent)),
        };
        pieces[len] = (l, part);
        len += 1;
        rest /= part;
    }
    Ok((pieces, len))
}

/// A step CuTe's box grows by past the shared tile's box: a flat mode of the tile of `extent`
/// elements whose coordinate stride `coef` inside top-level mode `top` starts global leaf `leaf`.
#[derive(Clone, Copy, Debug)]
struct GrowStep {
    top: usize,
    coef: usize,
    extent: usize,
    leaf: usize,
}

/// The steps CuTe's box grows by (at most the descriptor's modes).
#[derive(Clone, Copy, Debug)]
struct Growth {
    steps: [GrowStep; MAX_RANK],
    len: usize,
}

impl Growth {
    fn steps(&self) -> &[GrowStep] {
        &self.steps[..self.len]
    }

    /// The tile's boxes a grown box covers: those not at the first coordinate of each step
    /// (none without growth, or for a tile of more boxes than a `TensorMap` takes).
    fn covered(&self, map: &IndexMap, top: &Flat, tma_box: &TmaBox) -> u64 {
        if self.len == 0 || box_counts(top, tma_box).2 > MAX_BOXES {
            return 0;
        }
        let boxes = tile_boxes(map, top, tma_box);
        let inside = |i: usize| {
            self.steps()
                .iter()
                .any(|g| boxes.at(i)[g.top] / g.coef % g.extent != 0)
        };
        (0..boxes.len())
            .filter(|&i| inside(i))
            .fold(0, |m, i| m | 1 << i)
    }
}

/// Where CuTe's box continues past the shared tile's (the tile `map` of top-level sizes `top`):
/// the tile's right inverse walked on from where [`tma_box`] stopped, while each next flat mode
/// starts a static leaf of its global mode (its coordinate stride the product of the leaves
/// before) that it fits in, or continues the last such step.
fn box_growth(map: &IndexMap, top: &Flat, gmem: &[GmemMode], tma_box: &TmaBox) -> Growth {
    let empty = GrowStep {
        top: 0,
        coef: 1,
        extent: 1,
        leaf: 0,
    };
    let mut g = Growth {
        steps: [empty; MAX_RANK],
        len: 0,
    };
    let (shape, stride) = map.modes();
    let mut next = tma_box.elements();
    while let Some(i) = (0..shape.len()).find(|&i| shape.leaf(i) > 1 && stride.leaf(i) == next) {
        let ((j, coef), extent) = (top_mode(top, coord_stride(shape, i)), shape.leaf(i));
        let fits = |l: usize, e: usize| {
            let leaf = gmem[l];
            leaf_is_last(gmem, l) || leaf.shape % e as u64 == 0
        };
        match g.steps[..g.len].last_mut() {
            Some(s)
                if s.top == j && coef == s.coef * s.extent && fits(s.leaf, s.extent * extent) =>
            {
                s.extent *= extent;
            }
            _ => match leaf_at(gmem, j, coef) {
                Some(l) if fits(l, extent) && tma_box.modes().len() + g.len < MAX_RANK => {
                    g.steps[g.len] = GrowStep {
                        top: j,
                        coef,
                        extent,
                        leaf: l,
                    };
                    g.len += 1;
                }
                _ => break,
            },
        }
        next *= extent;
    }
    g
}

/// The leaf of top-level mode `j` that starts at coordinate `coef` inside it, every leaf before
/// it static (and not the first leaf: the tile's box holds that).
fn leaf_at(gmem: &[GmemMode], j: usize, coef: usize) -> Option<usize> {
    let mut prefix = 1u64;
    for (l, g) in leaves_of(gmem, j) {
        if prefix == coef as u64 && prefix > 1 {
            return Some(l);
        }
        if !g.static_shape || prefix > coef as u64 {
            return None;
        }
        prefix *= g.shape;
    }
    None
}

/// Whether leaf `l` is the last of its top-level mode.
fn leaf_is_last(gmem: &[GmemMode], l: usize) -> bool {
    !gmem[l + 1..].iter().any(|g| g.top == gmem[l].top)
}

/// The descriptor's modes: the box's, each split over the global leaves it walks, a part merged
/// into the one before where it continues it in global memory within 256 elements, both strides
/// static (CuTe's `coalesce_256`), then the leaves the box does not walk (not statically
/// trivial), with box extent 1; those past the descriptor's 5 fold into its last mode, which
/// covers them at their greatest common stride (as CuTe does).
fn descriptor_modes(
    gmem: &[GmemMode],
    tma_box: &TmaBox,
    growth: &Growth,
) -> Result<([DescMode; MAX_RANK], usize), TmaError> {
    let mut modes = [DescMode::new(0, 1); MAX_RANK];
    let mut rank = 0;
    let mut walked = [false; MAX_GMEM_RANK];
    let mut last: Option<(u64, i64, bool)> = None; // the last mode's extent, stride, static
                                                   // The box's modes split over the leaves they walk, then the steps CuTe's box grows by.
    let (mut pieces, mut n) = ([(0, 1); MAX_GMEM_RANK + MAX_RANK], 0);
    for m in tma_box.modes() {
        let (more, k) = box_pieces(gmem, m.gmode, m.extent)?;
        let to = pieces.get_mut(n..n + k).ok_or(TmaError::Rank)?;
        to.copy_from_slice(&more[..k]);
        n += k;
    }
    for g in growth.steps() {
        *pieces.get_mut(n).ok_or(TmaError::Rank)? = (g.leaf, g.extent as u64);
        n += 1;
    }
    for &(l, extent) in &pieces[..n] {
        let g = gmem[l];
        walked[l] = true;
        match last {
            Some((s, d, true))
                if g.static_stride && s as i64 * d == g.stride && extent * s <= 256 =>
            {
                let dm = &mut modes[rank - 1];
                dm.gmodes[dm.len] = l;
                dm.len += 1;
                dm.extent *= extent;
                last = Some((extent * s, d, true));
            }
            _ => {
                *modes.get_mut(rank).ok_or(TmaError::Rank)? = DescMode::new(l, extent);
                rank += 1;
                last = Some((extent, g.stride, g.static_stride));
            }
        }
    }
    for (j, g) in gmem.iter().enumerate() {
        if !g.trivial() && !walked[j] {
            if rank < MAX_RANK {
                modes[rank] = DescMode::new(j, 1);
                rank += 1;
            } else {
                // Past the descriptor's 5 modes, the rest fold into the last (as CuTe folds them).
                let dm = &mut modes[MAX_RANK - 1];
                *dm.gmodes.get_mut(dm.len).ok_or(TmaError::Rank)? = j;
                dm.len += 1;
            }
        }
    }
    Ok((modes, rank))
}

/// Where each global mode's coordinate goes (CuTe's TMA tensor strides): into the descriptor
/// mode that holds it, times its element stride in mode 0 (which counts elements), 1 in a mode
/// of its own, and its stride in units of the mode's in a merged one.
fn coord_map(
    gmem: &[GmemMode],
    modes: &[DescMode],
    stride: &[u64],
    bytes: usize,
) -> [CoordMap; MAX_GMEM_RANK] {
    let mut map = [CoordMap::default(); MAX_GMEM_RANK];
    for (i, d) in modes.iter().enumerate() {
        for &j in d.gmodes() {
            let scale = match (i, d.len) {
                (0, _) => gmem[j].stride as u32,
                (_, 1) => 1,
                _ => {
                    let bits = gmem[j].stride as u64 * bytes as u64 * 8;
                    (bits / (stride[i] * bytes as u64).max(16)).div_ceil(8) as u32
                }
            };
            map[j] = CoordMap {
                dim: i as u8,
                scale,
            };
        }
    }
    map
}

/// A descriptor mode that merges several global modes: the extent that covers them at the
/// greatest common stride (CuTe's recurrence in `fill_tma_gmem_shape_stride`), and that stride.
fn merged_extent(gmem: &[GmemMode], modes: &[usize]) -> Result<(u64, u64), TmaError> {
    let (mut dim, mut stride) = (1u64, 0u64);
    for &j in modes {
        let g = gmem[j];
        if g.stride < 0 {
            return Err(TmaError::Stride(g.stride));
        }
        if g.shape == 0 {
            return Err(TmaError::Dim(0));
        }
        let d = g.stride as u64;
        let old = stride;
        stride = gcd(stride, d);
        dim = if stride != 0 {
            let span = |n: u64, s: u64| (n - 1).checked_mul(s / stride);
            span(dim, old)
                .zip(span(g.shape, d))
                .and_then(|(a, b)| a.checked_add(b)?.checked_add(1))
                .ok_or(TmaError::Dim(u64::MAX))?
        } else {
            g.shape
        };
    }
    Ok((dim, stride))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Each of `multicast` blocks loads a part of the box: the last modes are cut first.
fn truncate_by_multicast(box_dim: &mut [u32], multicast: u32) -> Result<(), TmaError> {
    let mut m = multicast;
    for b in box_dim.iter_mut().rev() {
        if m <= 1 {
            break;
        }
        if *b % m != 0 && m % *b != 0 {
            return Err(TmaError::Multicast(m, *b));
        }
        let next = m.div_ceil(*b);
        *b = b.div_ceil(m);
        m = next;
    }
    if m > 1 {
        return Err(TmaError::Multicast(multicast, 1));
    }
    Ok(())
}
