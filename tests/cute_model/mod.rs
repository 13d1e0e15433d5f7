//! A model of CuTe's own algorithms (CUTLASS 4.2, include/cute/layout.hpp), unchecked beyond what
//! CuTe asserts: what CuTe would answer, for the properties that hold tessel to "reject exactly
//! what CuTe rejects, plus answers that break the operation's definition". `Err` is a case CuTe
//! rejects (a static assertion in CuTe, where every integer is static).

use tessel::dynamic::sublayout::make_layout;
use tessel::dynamic::{DynLayout, IntTuple};

pub type Answer = Result<DynLayout, String>;

fn flat(l: &DynLayout) -> Vec<(i64, i64)> {
    l.shape().leaves().zip(l.stride().leaves()).collect()
}

fn from_modes(modes: &[(i64, i64)]) -> Answer {
    let wrap = |v: Vec<i64>| match v.as_slice() {
        [x] => IntTuple::Int(*x),
        _ => IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect()),
    };
    let shape = wrap(modes.iter().map(|m| m.0).collect());
    let stride = wrap(modes.iter().map(|m| m.1).collect());
    DynLayout::new(shape, stride).map_err(|e| format!("not a layout: {e}"))
}

/// CuTe's `bw_coalesce` from the flat modes and the (possibly replaced) last mode.
fn bw_coalesce(modes: &[(i64, i64)], last: (i64, i64)) -> Vec<(i64, i64)> {
    let mut front = vec![last];
    for &(s, d) in modes.iter().rev() {
        if s == 1 {
            continue;
        }
        if front.len() == 1 && front[0].0 == 1 {
            front[0] = (s, d);
        } else if s.checked_mul(d) == Some(front[0].1) {
            front[0] = (s * front[0].0, d);
        } else {
            front.insert(0, (s, d));
        }
    }
    if front.len() == 1 && front[0].0 == 1 {
        return vec![(1, 0)];
    }
    front
}

fn coalesce(l: &DynLayout) -> Vec<(i64, i64)> {
    let m = flat(l);
    bw_coalesce(&m[..m.len() - 1], m[m.len() - 1])
}

fn coalesce_x(l: &DynLayout) -> Vec<(i64, i64)> {
    let m = flat(l);
    let (s, d) = m[m.len() - 1];
    bw_coalesce(&m[..m.len() - 1], (if s == 1 { 2 } else { s }, d))
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// CuTe's `composition_impl` of flat modes with one mode `rs:rd` of B.
fn compose_mode(lhs: &[(i64, i64)], rs: i64, rd: i64) -> Answer {
    if rd == 0 {
        return from_modes(&[(rs, 0)]);
    }
    if lhs.len() == 1 {
        return from_modes(&[(rs, rd * lhs[0].1)]);
    }
    let (mut out, mut rest_shape, mut rest_stride) = (vec![], rs, rd);
    for &(curr_shape, curr_stride) in &lhs[..lhs.len() - 1] {
        if !(rest_stride.abs() % curr_shape == 0 || rest_stride.abs() < curr_shape) {
            return Err("Stride Divisibility Condition".into());
        }
        let next_shape = ceil_div(curr_shape, rest_stride.abs());
        let next_stride = ceil_div(rest_stride.abs(), curr_shape) * rest_stride.signum();
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        if rest_shape % new_shape != 0 {
            return Err("Shape Divisibility Condition".into());
        }
        out.push((new_shape, rest_stride * curr_stride));
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    let last = rest_stride * lhs[lhs.len() - 1].1;
    if out.is_empty() {
        return from_modes(&[(rest_shape, last)]);
    }
    if rest_shape != 1 {
        out.push((rest_shape, last));
    }
    from_modes(&out)
}

fn compose_tuple(lhs: &[(i64, i64)], shape: &IntTuple, stride: &IntTuple) -> Answer {
    match (shape, stride) {
        (IntTuple::Int(s), IntTuple::Int(d)) => compose_mode(lhs, *s, *d),
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            let parts: Vec<DynLayout> = s
                .iter()
                .zip(d)
                .map(|(s, d)| compose_tuple(lhs, s, d))
                .collect::<Result<_, _>>()?;
            make_layout(&parts).map_err(|e| e.to_string())
        }
        _ => unreachable!(),
    }
}

/// CuTe's `composition(A, B)` for a layout B.
pub fn composition(a: &DynLayout, b: &DynLayout) -> Answer {
    compose_tuple(&coalesce_x(a), b.shape(), b.stride())
}

/// CuTe's `complement(A, M)` for a cotarget M, an integer or a shape (a negative stride is
/// "rejected" here: CuTe's answer would have a negative shape, which no layout has).
pub fn complement(a: &DynLayout, m: &IntTuple) -> Answer {
    let filtered: Vec<(i64, i64)> = flat(a)
        .into_iter()
        .map(|(s, d)| if d == 0 { (1, 0) } else { (s, d) })
        .collect();
    let mut modes = bw_coalesce(
        &filtered[..filtered.len() - 1],
        filtered[filtered.len() - 1],
    );
    if modes == [(1, 0)] {
        let n = m.size().unwrap();
        return from_modes(&[(n, if n == 1 { 0 } else { 1 })]);
    }
    let mut result = vec![];
    let mut reach = 1;
    while !modes.is_empty() {
        let i = (0..modes.len()).min_by_key(|&i| modes[i].1).unwrap();
        let (s, d) = modes.remove(i);
        let gap = d / reach;
        if gap <= 0 {
            return Err(if gap == 0 {
                "Non-injective Layout"
            } else {
                "negative shape"
            }
            .into());
        }
        result.push((gap, reach));
        reach = d * s;
    }
    // size(ceil_div(M, reach)), leaf by leaf.
    let (mut rest, mut n) = (1, reach);
    for x in m.leaves() {
        rest *= ceil_div(x, n);
        n = ceil_div(n, x);
    }
    result.push((rest, if rest == 1 { 0 } else { reach }));
    from_modes(&bw_coalesce(
        &result[..result.len() - 1],
        result[result.len() - 1],
    ))
}

/// CuTe's `logical_divide(A, B)` for a layout B.
pub fn logical_divide(a: &DynLayout, b: &DynLayout) -> Answer {
    let shape = from_modes(&coalesce(a))?.shape().clone();
    let both = make_layout(&[b.clone(), complement(b, &shape)?]).map_err(|e| e.to_string())?;
    composition(a, &both)
}

/// CuTe's `logical_product(A, B)` for a layout B.
pub fn logical_product(a: &DynLayout, b: &DynLayout) -> Answer {
    let copies = composition(&complement(a, &IntTuple::Int(a.size() * b.cosize()))?, b)?;
    make_layout(&[a.clone(), copies]).map_err(|e| e.to_string())
}
