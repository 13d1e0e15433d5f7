//! The `layout!` and `shape!` macros of tessel: CuTe's notation in, tessel types out.
//!
//! They parse with the same grammar as the runtime `DynLayout::from_str` (the file is shared) and
//! emit typenum integers directly, so they have no range limit. Bad input becomes a
//! `compile_error!` at the literal that says what was expected where.

extern crate alloc;

#[allow(dead_code)]
#[path = "../../src/dynamic/parse.rs"]
mod parse;

use parse::{Node, ParseError};
use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// A layout type from CuTe's notation: `layout!("(4,8):(1,4)")`.
///
/// In type position it is the `Layout` type, in expression position a value of it. A shape
/// without a stride gets the column-major default stride. CuTe's printed form with underscores
/// (`(_4,_8):(_1,_4)`) is accepted, and so is a composed layout as CuTe prints it,
/// `Sw<3,3,3> o 0 o (8,64):(64,1)`, giving a `ComposedLayout`.
///
/// With named runtime values, `layout!("(M,K):(1,ldA)"; M = m, K = k, ldA = lda)` is the value
/// `Layout::new((m as usize, k as usize), (C<1>, lda as isize))`: a name is a runtime leaf (a
/// `usize` in the shape, an `isize` in the stride), numbers stay static. Each value is an
/// expression (parenthesize one with a top-level comma); the stride must be given.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = input.clone().into_iter().collect();
    let semi = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ';');
    if let Some(at) = tokens.iter().position(semi) {
        return named_layout(&tokens[..at], &tokens[at + 1..]);
    }
    expand(input, "layout!", |text| {
        let (swizzle, shape, stride) = parse::parse_composed(text)?;
        arity(&shape)?;
        let shape = int_tuple(&shape);
        let mut layout = match stride {
            Some(stride) => format!("::tessel::Layout<{shape}, {}>", int_tuple(&stride)),
            None => format!("::tessel::Layout<{shape}>"),
        };
        if let Some(sw) = swizzle {
            let (b, m, s, o) = (sw.bits, sw.base, sw.shift, sw.offset);
            layout = format!(
                "::tessel::ComposedLayout<::tessel::Swizzle<{b}, {m}, {s}>, {o}, {layout}>"
            );
        }
        Ok(format!(
            "<{layout} as ::tessel::layout::TypeAndValue>::Value"
        ))
    })
}

/// A shape type (an IntTuple of positive integers) from CuTe's notation: `shape!("(4,(2,4))")`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    expand(input, "shape!", |text| {
        let shape = parse::parse_shape(text)?;
        arity(&shape)?;
        Ok(int_tuple(&shape))
    })
}

/// A tiler type from CuTe's tiler notation: `tiler!("<3:3,(2,4):(1,8)>")` is the tuple of the
/// two layout types; an element without a stride is a shape (an integer is a shape too), so
/// `tiler!("(2,2)")` is the shape `(2,2)`.
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    expand(input, "tiler!", |text| {
        let tiler = parse::parse_tiler(text)?;
        tiler_arity(&tiler)?;
        Ok(tiler_type(&tiler))
    })
}

/// `layout!("..."; name = value, ...)`: a `Layout` value with runtime leaves for the names.
fn named_layout(literal: &[TokenTree], bindings: &[TokenTree]) -> TokenStream {
    let input: TokenStream = literal.iter().cloned().collect();
    let mut values = Vec::new();
    for binding in bindings.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ',')) {
        match binding {
            [] => continue,
            [TokenTree::Ident(name), TokenTree::Punct(eq), value @ ..]
                if eq.as_char() == '=' && !value.is_empty() =>
            {
                let value: TokenStream = value.iter().cloned().collect();
                values.push((name.to_string(), value.to_string()));
            }
            [first, ..] => {
                return compile_error("layout!: expected `name = value` after `;`", first.span())
            }
        }
    }
    expand(input, "layout!", |text| {
        let (shape, stride) = parse::parse_named_layout(text)?;
        arity(&shape)?;
        let Some(stride) = stride else {
            // CuTe's make_layout(shape): column-major, runtime strides where a name takes part.
            let shape = leaf_values(&shape, "usize", &values)?;
            return Ok(format!("::tessel::compact::make_layout_left({shape})"));
        };
        let shape = leaf_values(&shape, "usize", &values)?;
        let stride = leaf_values(&stride, "isize", &values)?;
        Ok(format!("::tessel::Layout::new({shape}, {stride})"))
    })
}

/// The value of an IntTuple with named leaves: a static leaf's default value, a name's value
/// converted to `ty`.
fn leaf_values(node: &Node, ty: &str, values: &[(String, String)]) -> Result<String, ParseError> {
    match node {
        Node::Name { name, column } => match values.iter().find(|(n, _)| n == name) {
            Some((_, value)) => Ok(format!("(({value}) as {ty})")),
            None => Err(ParseError {
                column: *column,
                message: format!("no value for the name {name}"),
            }),
        },
        Node::Int { .. } => Ok(format!(
            "<{} as ::core::default::Default>::default()",
            int_tuple(node)
        )),
        Node::Tuple { elems, .. } => {
            let elems: Vec<String> = elems
                .iter()
                .map(|e| leaf_values(e, ty, values))
                .collect::<Result<_, _>>()?;
            Ok(format!("({},)", elems.join(", ")))
        }
    }
}

/// The most elements of a tuple in a static layout (tessel implements its traits for tuples of
/// 1 to 12 elements; the runtime `DynLayout` has no limit).
const MAX_ARITY: usize = 12;

/// Checks that no tuple of `node` has more than [`MAX_ARITY`] elements (the stride has the
/// shape's profile, so checking the shape suffices).
fn arity(node: &Node) -> Result<(), ParseError> {
    match node {
        Node::Int { .. } | Node::Name { .. } => Ok(()),
        Node::Tuple { elems, column } if elems.len() > MAX_ARITY => Err(ParseError {
            column: *column,
            message: format!(
                "a tuple of {} elements, more than the {MAX_ARITY} a static layout takes",
                elems.len()
            ),
        }),
        Node::Tuple { elems, .. } => elems.iter().try_for_each(arity),
    }
}

fn tiler_arity(node: &parse::TilerNode) -> Result<(), ParseError> {
    match node {
        parse::TilerNode::Layout(shape, _) | parse::TilerNode::Shape(shape) => arity(shape),
        parse::TilerNode::Tuple(elems) if elems.len() > MAX_ARITY => Err(ParseError {
            column: 1,
            message: format!(
                "a tiler of {} elements, more than the {MAX_ARITY} a static layout takes",
                elems.len()
            ),
        }),
        parse::TilerNode::Tuple(elems) => elems.iter().try_for_each(tiler_arity),
    }
}

fn tiler_type(node: &parse::TilerNode) -> String {
    match node {
        parse::TilerNode::Layout(shape, stride) => {
            format!(
                "::tessel::Layout<{}, {}>",
                int_tuple(shape),
                int_tuple(stride)
            )
        }
        parse::TilerNode::Shape(shape) => int_tuple(shape),
        parse::TilerNode::Tuple(elems) => {
            let elems: Vec<String> = elems.iter().map(tiler_type).collect();
            format!("({},)", elems.join(", "))
        }
    }
}

/// Applies `f` to the text of the single string literal in `input`; errors become `compile_error!`.
fn expand(
    input: TokenStream,
    name: &str,
    f: impl Fn(&str) -> Result<String, ParseError>,
) -> TokenStream {
    let (text, span) = match string_literal(input) {
        Ok(found) => found,
        Err(span) => {
            return compile_error(
                &format!("{name} expects one string literal, like {name}(\"(4,8):(1,4)\")"),
                span,
            )
        }
    };
    match f(&text) {
        Ok(tokens) => tokens.parse().expect("generated tokens parse"),
        Err(e) => compile_error(&format!("{name}: {e} of \"{text}\""), span),
    }
}

/// The value and span of the one string literal in `input` (macro_rules may wrap it in a group).
fn string_literal(input: TokenStream) -> Result<(String, Span), Span> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Literal(lit)] => {
            let repr = lit.to_string();
            let inner = repr.strip_prefix('"').and_then(|r| r.strip_suffix('"'));
            match inner {
                Some(text) if !text.contains('\\') => Ok((text.to_string(), lit.span())),
                _ => Err(lit.span()),
            }
        }
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::None => string_literal(g.stream()),
        [first, ..] => Err(first.span()),
        [] => Err(Span::call_site()),
    }
}

fn compile_error(message: &str, span: Span) -> TokenStream {
    let mut msg = TokenTree::Literal(Literal::string(message));
    msg.set_span(span);
    let tokens = [
        TokenTree::Ident(Ident::new("compile_error", span)),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
        TokenTree::Group(Group::new(Delimiter::Parenthesis, TokenStream::from(msg))),
    ];
    tokens
        .into_iter()
        .map(|mut t| {
            t.set_span(span);
            t
        })
        .collect()
}

/// The tessel type of an IntTuple: typenum leaves, Rust tuples (a 1-tuple is `(A,)`).
fn int_tuple(node: &Node) -> String {
    match node {
        Node::Int { value, .. } if *value < 0 => {
            format!(
                "::tessel::typenum::NInt<{}>",
                unsigned(value.unsigned_abs())
            )
        }
        Node::Int { value, .. } => unsigned(*value as u64),
        Node::Name { .. } => unreachable!("names are parsed only for named layouts"),
        Node::Tuple { elems, .. } => {
            let elems: Vec<String> = elems.iter().map(int_tuple).collect();
            format!("({},)", elems.join(", "))
        }
    }
}

/// typenum's binary spelling of `n`.
fn unsigned(n: u64) -> String {
    let mut s = "::tessel::typenum::UTerm".to_string();
    for bit in (0..64 - n.leading_zeros()).rev() {
        let b = if n >> bit & 1 == 1 { "B1" } else { "B0" };
        s = format!("::tessel::typenum::UInt<{s}, ::tessel::typenum::{b}>");
    }
    s
}
