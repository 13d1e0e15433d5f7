//! Every runtime operation by its CuTe name, on CuTe's notation: what the `tessel` command line
//! tool and the golden tests call.
//!
//! ```
//! use tessel::dynamic::algebra::run;
//! assert_eq!(run("composition", &["(6,2):(8,2)", "(4,3):(3,1)"]).unwrap(), "((2,2),3):((24,2),8)");
//! assert_eq!(run("complement", &["(2,2):(1,6)", "24"]).unwrap(), "(3,2):(2,12)");
//! ```

use super::coalesce::{coalesce, coalesce_by_mode, filter, filter_zeros};
use super::complement::{complement, complement_of};
use super::composition::composition;
use super::coord::{contains, idx2crd};
use super::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use super::inverse::{left_inverse, max_common_layout, max_common_vector, right_inverse};
use super::ordered::{make_fragment_like, make_layout_like, make_ordered_layout};
use super::product::{
    blocked_product, flat_product, logical_product, raked_product, tile_to_shape, tiled_product,
    zipped_product,
};
use super::svg::{composed_svg, divide_svg, layout_svg, tv_svg};
use super::tiler::Tiler;
use super::{DynComposedLayout, DynLayout, DynSwizzle, Error, IntTuple};
use alloc::string::{String, ToString};

/// The names `run` knows: each operation, the arguments it takes, and what it computes.
pub const OPERATIONS: &[(&str, &str, &str)] = &[
    (
        "coalesce",
        "LAYOUT [PROFILE]",
        "the same function with as few modes as possible (by mode with a profile)",
    ),
    (
        "filter",
        "LAYOUT",
        "coalesce(filter_zeros(LAYOUT)): without its modes of stride 0 or size 1",
    ),
    (
        "filter_zeros",
        "LAYOUT",
        "each leaf of stride 0 given size 1",
    ),
    (
        "composition",
        "LAYOUT TILER",
        "R(c) = A(B(c)); a tuple tiler composes mode by mode",
    ),
    (
        "complement",
        "LAYOUT [COTARGET]",
        "the layout of A's repetitions up to the cotarget (A's cosize by default)",
    ),
    (
        "logical_divide",
        "LAYOUT TILER",
        "A o (B, complement(B, size(A))): ((tile), (rest))",
    ),
    (
        "zipped_divide",
        "LAYOUT TILER",
        "logical_divide with the tile modes gathered: ((tile), (rest))",
    ),
    (
        "tiled_divide",
        "LAYOUT TILER",
        "zipped_divide with the rest unpacked: ((tile), r0, r1, ...)",
    ),
    (
        "flat_divide",
        "LAYOUT TILER",
        "zipped_divide with both unpacked: (t0, t1, ..., r0, r1, ...)",
    ),
    (
        "logical_product",
        "LAYOUT TILER",
        "(A, complement(A, size(A)*cosize(B)) o B): A and its copies",
    ),
    (
        "zipped_product",
        "LAYOUT TILER",
        "logical_product as ((A), (copies))",
    ),
    (
        "tiled_product",
        "LAYOUT TILER",
        "logical_product as ((A), c0, c1, ...)",
    ),
    (
        "flat_product",
        "LAYOUT TILER",
        "logical_product as (a0, a1, ..., c0, c1, ...)",
    ),
    (
        "blocked_product",
        "LAYOUT LAYOUT",
        "mode i of A with mode i of its copies: ((a0,c0),(a1,c1),...)",
    ),
    (
        "raked_product",
        "LAYOUT LAYOUT",
        "the copies interleaved: ((c0,a0),(c1,a1),...)",
    ),
    (
        "tile_to_shape",
        "LAYOUT SHAPE",
        "A repeated column-major until it has the shape",
    ),
    (
        "make_ordered_layout",
        "SHAPE ORDER",
        "the shape with compact strides, smallest first in the order given",
    ),
    (
        "make_fragment_like",
        "LAYOUT",
        "registers for a partition: mode 0 column-major, the rest in the order of its strides",
    ),
    (
        "make_layout_like",
        "LAYOUT",
        "the shape compact in the order of its strides, zero strides kept",
    ),
    ("right_inverse", "LAYOUT", "the largest R with A(R(i)) == i"),
    (
        "left_inverse",
        "LAYOUT",
        "L with L(A(i)) == i for an injective A",
    ),
    (
        "max_common_layout",
        "LAYOUT LAYOUT",
        "the largest contiguous R with A(R(i)) == i and B(R(i)) == i",
    ),
    (
        "max_common_vector",
        "LAYOUT LAYOUT",
        "the size of max_common_layout",
    ),
    ("size", "LAYOUT", "the number of coordinates"),
    ("cosize", "LAYOUT", "the width of the index range"),
    (
        "call",
        "LAYOUT COORD",
        "the index of a coordinate inside the shape (1-D, R-D or natural)",
    ),
    (
        "idx2crd",
        "COORD SHAPE",
        "the natural coordinate of a coordinate of the shape",
    ),
    (
        "crd2idx",
        "COORD SHAPE [STRIDE]",
        "the index of a coordinate (compact column-major stride by default)",
    ),
    (
        "show",
        "LAYOUT",
        "CuTe's print_layout table (rank 1: one row; rank 3 and more: modes 1.. as columns)",
    ),
    (
        "svg",
        "LAYOUT | --tv TV_LAYOUT --tile M,N | --divide LAYOUT TILER",
        "a picture (SVG) as CuTe's print_latex draws it: the layout's table, each cell its index \
         coloured by it; a thread-value layout over an M x N tile, each cell T{t}V{v} coloured by \
         thread (a cell no thread reaches blank); the layout's table coloured by the tiles of \
         zipped_divide. `-o FILE` writes it to FILE",
    ),
];

/// What went wrong running an operation: which argument, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// No operation of that name.
    UnknownOperation,
    /// The operation takes other arguments (its usage).
    Usage(&'static str),
    /// Argument `index` (0-based) could not be read.
    Argument(usize, Error),
    /// The operation failed.
    Failed(Error),
}

impl core::fmt::Display for RunError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RunError::UnknownOperation => f.write_str("unknown operation"),
            RunError::Usage(u) => write!(f, "usage: {u}"),
            RunError::Argument(i, e) => write!(f, "argument {}: {e}", i + 1),
            RunError::Failed(e) => write!(f, "{e}"),
        }
    }
}

type Parsed<T> = Result<T, RunError>;

fn parsed<T: core::str::FromStr<Err = Error>>(args: &[&str], i: usize) -> Parsed<T> {
    args[i].parse().map_err(|e| RunError::Argument(i, e))
}

fn layout(args: &[&str], i: usize) -> Parsed<DynLayout> {
    parsed(args, i)
}

/// Argument `i`, a coordinate that lies inside `shape`.
fn coordinate(args: &[&str], i: usize, shape: &IntTuple) -> Parsed<IntTuple> {
    let c: IntTuple = parsed(args, i)?;
    match contains(&c, shape) {
        true => Ok(c),
        false => Err(RunError::Argument(i, Error::OutsideShape)),
    }
}

/// Runs operation `op` on `args` (CuTe's notation) and prints the result as CuTe would. The
/// first argument may be a composed layout `Sw<B,M,S> o OFFSET o L`: the layout operations act on
/// L and keep `Sw o OFFSET`, as CuTe's overloads do.
pub fn run(op: &str, args: &[&str]) -> Result<String, RunError> {
    let usage = OPERATIONS
        .iter()
        .find(|(name, ..)| *name == op)
        .ok_or(RunError::UnknownOperation)?
        .1;
    if args
        .first()
        .is_some_and(|a| a.trim_start().starts_with("Sw"))
    {
        if let (true, Ok(sw)) = (op == "composition" && args.len() == 2, args[0].parse()) {
            return compose_swizzle(sw, args);
        }
        return run_composed(op, usage, &parsed(args, 0)?, args);
    }
    run_on(op, usage, || layout(args, 0), args)
}

/// `op` on `args`, its first layout given by `first` (parsed from `args[0]`, or the inner layout
/// of a composed one).
fn run_on(
    op: &str,
    usage: &'static str,
    first: impl Fn() -> Parsed<DynLayout>,
    args: &[&str],
) -> Result<String, RunError> {
    let fail = |e: Error| RunError::Failed(e);
    let shown = |r: Result<DynLayout, Error>| r.map(|l| l.to_string()).map_err(fail);
    let with_tiler = |f: fn(&DynLayout, &Tiler) -> Result<DynLayout, Error>| -> Parsed<String> {
        shown(f(&first()?, &parsed(args, 1)?))
    };
    let two_layouts =
        |f: fn(&DynLayout, &DynLayout) -> Result<DynLayout, Error>| -> Parsed<String> {
            shown(f(&first()?, &layout(args, 1)?))
        };
    match (op, args.len()) {
        ("svg", 4) if args[0] == "--tv" && args[2] == "--tile" => {
            tv_svg(&layout(args, 1)?, tile(args, 3)?).map_err(fail)
        }
        ("svg", 3) if args[0] == "--divide" => {
            divide_svg(&layout(args, 1)?, &parsed(args, 2)?).map_err(fail)
        }
        ("svg", 1) => layout_svg(&first()?).map_err(fail),
        ("coalesce", 1) => Ok(coalesce(&first()?).to_string()),
        ("filter", 1) => Ok(filter(&first()?).to_string()),
        ("filter_zeros", 1) => Ok(filter_zeros(&first()?).to_string()),
        ("coalesce", 2) => shown(coalesce_by_mode(&first()?, &parsed(args, 1)?)),
        ("composition", 2) => with_tiler(composition),
        ("complement", 1) => shown(complement_of(&first()?)),
        ("complement", 2) => shown(complement(&first()?, &parsed(args, 1)?)),
        ("logical_divide", 2) => with_tiler(logical_divide),
        ("zipped_divide", 2) => with_tiler(zipped_divide),
        ("tiled_divide", 2) => with_tiler(tiled_divide),
        ("flat_divide", 2) => with_tiler(flat_divide),
        ("logical_product", 2) => with_tiler(logical_product),
        ("zipped_product", 2) => with_tiler(zipped_product),
        ("tiled_product", 2) => with_tiler(tiled_product),
        ("flat_product", 2) => with_tiler(flat_product),
        ("blocked_product", 2) => two_layouts(blocked_product),
        ("raked_product", 2) => two_layouts(raked_product),
        ("tile_to_shape", 2) => shown(tile_to_shape(&first()?, &parsed(args, 1)?)),
        ("make_ordered_layout", 2) => {
            shown(make_ordered_layout(&shape(args, 0)?, &parsed(args, 1)?))
        }
        ("make_fragment_like", 1) => shown(make_fragment_like(&first()?)),
        ("make_layout_like", 1) => shown(make_layout_like(&first()?)),
        ("right_inverse", 1) => Ok(right_inverse(&first()?).to_string()),
        ("left_inverse", 1) => shown(left_inverse(&first()?)),
        ("max_common_layout", 2) => two_layouts(max_common_layout),
        ("max_common_vector", 2) => max_common_vector(&first()?, &layout(args, 1)?)
            .map(|n| n.to_string())
            .map_err(fail),
        ("size", 1) => Ok(first()?.size().to_string()),
        ("cosize", 1) => Ok(first()?.cosize().to_string()),
        ("call", 2) => {
            let l = first()?;
            let c = coordinate(args, 1, l.shape())?;
            l.call(&c).map(|i| i.to_string()).map_err(fail)
        }
        ("idx2crd", 2) => {
            let shape = shape(args, 1)?;
            let c = coordinate(args, 0, &shape)?;
            idx2crd(&c, &shape).map(|c| c.to_string()).map_err(fail)
        }
        ("crd2idx", 2 | 3) => {
            let l = match args.get(2) {
                Some(_) => DynLayout::new(shape(args, 1)?, parsed(args, 2)?),
                None => DynLayout::from_shape(shape(args, 1)?),
            };
            let l = l.map_err(|e| RunError::Argument(args.len() - 1, e))?;
            let c = coordinate(args, 0, l.shape())?;
            l.call(&c).map(|i| i.to_string()).map_err(fail)
        }
        ("show", 1) => {
            let l = first()?;
            let table = l.show().map_err(fail)?;
            Ok(alloc::format!("{table}").trim_end().into())
        }
        _ => Err(RunError::Usage(usage)),
    }
}

/// Argument `i`, a tile `M,N` (or `(M,N)`) of positive integers.
fn tile(args: &[&str], i: usize) -> Parsed<(i64, i64)> {
    let text = args[i].trim().trim_start_matches('(').trim_end_matches(')');
    let t: IntTuple = alloc::format!("({text})")
        .parse()
        .map_err(|e| RunError::Argument(i, e))?;
    match t.modes() {
        [IntTuple::Int(m), IntTuple::Int(n)] if *m > 0 && *n > 0 => Ok((*m, *n)),
        _ => Err(RunError::Argument(i, Error::NotRank2)),
    }
}

/// Argument `i`, a shape: an IntTuple of positive integers.
fn shape(args: &[&str], i: usize) -> Parsed<IntTuple> {
    let s: IntTuple = parsed(args, i)?;
    if s.leaves().any(|x| x <= 0) {
        return Err(RunError::Argument(i, Error::NotPositive));
    }
    Ok(s)
}

/// `composition(Sw<B,M,S>, L)`: `Sw o 0 o L`, or L itself for a swizzle of 0 bits (CuTe's).
fn compose_swizzle(sw: DynSwizzle, args: &[&str]) -> Result<String, RunError> {
    let l = layout(args, 1)?;
    Ok(match sw.params().0 {
        0 => l.to_string(),
        _ => DynComposedLayout::new(sw, 0, l).to_string(),
    })
}

/// `op` on a composed layout `Sw o O o L`, as CuTe overloads it: the layout operations act on L
/// and keep `Sw o O`; complement, size and cosize are L's; call and show read the composed
/// function. The inverses, max_common_* and make_layout_like take plain layouts only (CuTe's
/// inverse of a composed layout puts the layout outside the swizzle, a form tessel does not
/// represent; CuTe has no make_layout_like of one).
fn run_composed(
    op: &str,
    usage: &'static str,
    c: &DynComposedLayout,
    args: &[&str],
) -> Result<String, RunError> {
    let inner = || Ok(c.layout().clone());
    let fail = |e: Error| RunError::Failed(e);
    match (op, args.len()) {
        ("call", 2) => c
            .call(&coordinate(args, 1, c.layout().shape())?)
            .map(|i| i.to_string())
            .map_err(fail),
        ("show", 1) => {
            let table = c.show().map_err(fail)?;
            Ok(alloc::format!("{table}").trim_end().into())
        }
        ("svg", 1) => composed_svg(c).map_err(fail),
        // A fragment is registers: CuTe drops the swizzle.
        ("size" | "cosize" | "complement" | "make_fragment_like", _) => {
            run_on(op, usage, inner, args)
        }
        (
            "right_inverse" | "left_inverse" | "max_common_layout" | "max_common_vector"
            | "make_layout_like" | "filter" | "filter_zeros",
            _,
        ) => Err(RunError::Usage(
            "a plain layout: this operation does not take a composed one",
        )),
        ("idx2crd" | "crd2idx", _) => Err(RunError::Usage(
            "a shape: this operation takes a shape, not a composed layout",
        )),
        _ => Ok(alloc::format!(
            "{} o {} o {}",
            c.swizzle(),
            c.offset(),
            run_on(op, usage, inner, args)?
        )),
    }
}
