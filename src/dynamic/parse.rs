//! The grammar of CuTe's layout notation, shared by `DynLayout::from_str` and the `layout!` and
//! `shape!` macros (the macro crate compiles this same file), so both accept exactly the same
//! text and report the same errors.
//!
//! ```text
//! tiler     := '<' tiler { ',' tiler } '>' | layout
//! composed  := 'Sw<' int ',' int ',' int '>' 'o' int 'o' layout | layout
//! layout    := int_tuple [ ':' int_tuple ]
//! int_tuple := int | '(' int_tuple { ',' int_tuple } ')'
//! int       := [ '_' ] [ '-' ] digits          (CuTe prints static integers as _4)
//! ```
//! Spaces may stand between tokens. A shape is positive; a stride must have the shape's profile.
//! Tuples and tilers nest at most [`MAX_DEPTH`] levels deep (deeper text is an error, so that
//! neither the parser nor the macros that run it inside rustc can exhaust the stack).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A parsed IntTuple, with the 1-based column where each part starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// An integer.
    Int {
        /// Its value.
        value: i64,
        /// Its column.
        column: usize,
    },
    /// A named runtime value (`M`, `ldA`): only where the caller allows names (the `layout!`
    /// macro with bindings); the runtime parser rejects them.
    Name {
        /// The name.
        name: String,
        /// Its column.
        column: usize,
    },
    /// A tuple of at least one element.
    Tuple {
        /// The elements.
        elems: Vec<Node>,
        /// The column of its `(`.
        column: usize,
    },
}

impl Node {
    /// The column where this part starts.
    pub fn column(&self) -> usize {
        match self {
            Node::Int { column, .. } | Node::Name { column, .. } | Node::Tuple { column, .. } => {
                *column
            }
        }
    }
}

/// What went wrong, and where (a 1-based column of the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The column.
    pub column: usize,
    /// What was expected or found there.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at column {}", self.message, self.column)
    }
}

/// The deepest nesting of parentheses (or of `<...>` tilers) the parser reads (this file is also
/// compiled into the macro crate, so its examples are in `tests/robustness.rs`).
pub const MAX_DEPTH: usize = 32;

struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    names: bool,
}

fn error<T>(column: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        column,
        message: message.into(),
    })
}

impl Parser {
    fn skip_spaces(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.pos).copied()
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn int_tuple(&mut self) -> Result<Node, ParseError> {
        match self.peek() {
            Some('(') => self.tuple(),
            Some(c) if c == '_' || c == '-' || c.is_ascii_digit() => self.int(),
            Some(_) if self.names && self.at_name() => self.int(),
            Some(c) => error(
                self.column(),
                alloc::format!("expected an integer or '(', found '{c}'"),
            ),
            None => error(
                self.column(),
                "expected an integer or '(', found the end of the text",
            ),
        }
    }

    /// Enters one more level of nesting at `column`, or fails past [`MAX_DEPTH`].
    fn enter(&mut self, column: usize) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return error(
                column,
                alloc::format!("nested deeper than {MAX_DEPTH} levels, the most tessel reads"),
            );
        }
        Ok(())
    }

    fn tuple(&mut self) -> Result<Node, ParseError> {
        let column = self.column();
        self.enter(column)?;
        self.pos += 1;
        if self.peek() == Some(')') {
            return error(column, "empty tuple: a tuple has at least one element");
        }
        let mut elems = Vec::new();
        loop {
            elems.push(self.int_tuple()?);
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Node::Tuple { elems, column });
                }
                Some(c) => {
                    return error(
                        self.column(),
                        alloc::format!("expected ',' or ')', found '{c}'"),
                    )
                }
                None => {
                    return error(
                        self.column(),
                        "expected ',' or ')', found the end of the text",
                    )
                }
            }
        }
    }

    fn int(&mut self) -> Result<Node, ParseError> {
        let column = self.column();
        if self.names && self.at_name() {
            let start = self.pos;
            while self
                .chars
                .get(self.pos)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                self.pos += 1;
            }
            let name = self.chars[start..self.pos].iter().collect();
            return Ok(Node::Name { name, column });
        }
        if self.chars[self.pos] == '_' {
            self.pos += 1;
        }
        let negative = self.chars.get(self.pos) == Some(&'-');
        if negative {
            self.pos += 1;
        }
        let start = self.pos;
        while self.chars.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return error(self.column(), "expected digits");
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        let magnitude: u64 = digits
            .parse()
            .or_else(|_| error(column, "integer does not fit in 64 bits"))?;
        let value = if negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        };
        match value {
            Some(value) => Ok(Node::Int { value, column }),
            None => error(column, "integer does not fit in a signed 64-bit index"),
        }
    }

    /// Whether a name starts here: a letter, or `_` and a letter (`_4` is a static 4).
    fn at_name(&self) -> bool {
        let letter = |i: usize| {
            self.chars
                .get(self.pos + i)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == '_')
        };
        letter(0) && (self.chars[self.pos] != '_' || letter(1))
    }

    /// The literal `word`, or an error saying it was expected.
    fn expect(&mut self, word: &str) -> Result<(), ParseError> {
        self.skip_spaces();
        let found = word
            .chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c));
        if !found {
            return error(self.column(), alloc::format!("expected '{word}'"));
        }
        self.pos += word.chars().count();
        Ok(())
    }

    /// An integer, as a number.
    fn value(&mut self) -> Result<(i64, usize), ParseError> {
        match self.int_tuple()? {
            Node::Int { value, column } => Ok((value, column)),
            node => error(node.column(), "expected an integer"),
        }
    }

    /// `Sw<B,M,S>`: `(B, M, S)`.
    fn swizzle(&mut self) -> Result<(i64, i64, i64), ParseError> {
        let column = self.column();
        self.expect("Sw<")?;
        let (bits, _) = self.value()?;
        self.expect(",")?;
        let (base, _) = self.value()?;
        self.expect(",")?;
        let (shift, _) = self.value()?;
        self.expect(">")?;
        // The same condition as `tessel::swizzle::valid` (this file is also compiled alone, into
        // the macro crate, so it states it rather than calling it).
        let (b, m, s) = (bits, base, shift.unsigned_abs() as i64);
        if b < 0 || m < 0 || s < b || b > 8 || s > 31 || m > 63 - b - s {
            return error(
                column,
                "invalid swizzle: need 0 <= B <= 8, M >= 0, B <= |S| <= 31",
            );
        }
        Ok((bits, base, shift))
    }

    /// `Sw<B,M,S> o OFFSET o`, the prefix of a composed layout.
    fn swizzle_prefix(&mut self) -> Result<SwizzleNode, ParseError> {
        let (bits, base, shift) = self.swizzle()?;
        self.expect("o")?;
        let (offset, at) = self.value()?;
        if offset < 0 {
            return error(at, "the offset of a composed layout is not negative");
        }
        self.expect("o")?;
        Ok(SwizzleNode {
            bits,
            base,
            shift,
            offset,
        })
    }

    /// `shape` or `shape:stride`.
    fn layout(&mut self) -> Result<(Node, Option<Node>), ParseError> {
        let shape = self.int_tuple()?;
        check_shape(&shape)?;
        let stride = if self.peek() == Some(':') {
            self.pos += 1;
            let stride = self.int_tuple()?;
            check_congruent(&shape, &stride)?;
            Some(stride)
        } else {
            None
        };
        Ok((shape, stride))
    }

    fn end(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(c) => error(
                self.column(),
                alloc::format!("unexpected '{c}' after the end of the layout"),
            ),
        }
    }
}

fn check_shape(node: &Node) -> Result<(), ParseError> {
    match node {
        Node::Int { value, column } if *value <= 0 => error(
            *column,
            alloc::format!("a shape must be positive, found {value}"),
        ),
        Node::Int { .. } | Node::Name { .. } => Ok(()),
        Node::Tuple { elems, .. } => elems.iter().try_for_each(check_shape),
    }
}

/// Checks that `stride` has the profile of `shape`, pointing at the first place it does not.
fn check_congruent(shape: &Node, stride: &Node) -> Result<(), ParseError> {
    match (shape, stride) {
        (Node::Int { .. } | Node::Name { .. }, Node::Int { .. } | Node::Name { .. }) => Ok(()),
        (Node::Tuple { elems: s, .. }, Node::Tuple { elems: d, .. }) => {
            if d.len() > s.len() {
                return error(
                    d[s.len()].column(),
                    "this stride has no mode of the shape to go with",
                );
            }
            if d.len() < s.len() {
                return error(
                    stride.column(),
                    alloc::format!(
                        "the stride has {} modes here, the shape {}",
                        d.len(),
                        s.len()
                    ),
                );
            }
            s.iter().zip(d).try_for_each(|(s, d)| check_congruent(s, d))
        }
        (Node::Int { .. } | Node::Name { .. }, Node::Tuple { .. }) => error(
            stride.column(),
            "the stride is a tuple where the shape has an integer",
        ),
        (Node::Tuple { .. }, Node::Int { .. } | Node::Name { .. }) => error(
            stride.column(),
            "the stride is an integer where the shape has a tuple",
        ),
    }
}

fn parser(text: &str) -> Parser {
    Parser {
        chars: text.chars().collect(),
        pos: 0,
        depth: 0,
        names: false,
    }
}

/// Parses `shape` or `shape:stride` whose leaves may also be names (`(M,K):(1,ldA)`).
pub fn parse_named_layout(text: &str) -> Result<(Node, Option<Node>), ParseError> {
    let mut p = parser(text);
    p.names = true;
    let layout = p.layout()?;
    p.end()?;
    Ok(layout)
}

/// Parses `shape` or `shape:stride`; the stride is `None` when not given.
pub fn parse_layout(text: &str) -> Result<(Node, Option<Node>), ParseError> {
    let mut p = parser(text);
    let layout = p.layout()?;
    p.end()?;
    Ok(layout)
}

/// The swizzle and offset of a composed layout `Sw<B,M,S> o OFFSET o L`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwizzleNode {
    /// B.
    pub bits: i64,
    /// M.
    pub base: i64,
    /// S.
    pub shift: i64,
    /// OFFSET.
    pub offset: i64,
}

/// Parses a swizzle `Sw<B,M,S>` alone: `(B, M, S)`.
pub fn parse_swizzle(text: &str) -> Result<(i64, i64, i64), ParseError> {
    let mut p = parser(text);
    let swizzle = p.swizzle()?;
    p.end()?;
    Ok(swizzle)
}

/// Parses a layout or a composed layout `Sw<B,M,S> o OFFSET o layout`: the swizzle part, if any,
/// and the layout's shape and stride.
#[allow(clippy::type_complexity)]
pub fn parse_composed(text: &str) -> Result<(Option<SwizzleNode>, Node, Option<Node>), ParseError> {
    let mut p = parser(text);
    let swizzle = match p.peek() {
        Some('S') => Some(p.swizzle_prefix()?),
        _ => None,
    };
    let (shape, stride) = p.layout()?;
    p.end()?;
    Ok((swizzle, shape, stride))
}

/// Parses an IntTuple such as `(4,(2,4))`.
pub fn parse_int_tuple(text: &str) -> Result<Node, ParseError> {
    let mut p = parser(text);
    let node = p.int_tuple()?;
    p.end()?;
    Ok(node)
}

/// Parses a shape: an IntTuple of positive integers.
pub fn parse_shape(text: &str) -> Result<Node, ParseError> {
    let node = parse_int_tuple(text)?;
    check_shape(&node)?;
    Ok(node)
}

/// A parsed tiler: a layout, a shape (no stride given), or `<...>`, a tuple of tilers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TilerNode {
    /// `shape:stride`.
    Layout(Node, Node),
    /// An IntTuple without a stride: an integer or a shape.
    Shape(Node),
    /// `<t0,t1,...>`.
    Tuple(Vec<TilerNode>),
}

impl Parser {
    fn tiler(&mut self) -> Result<TilerNode, ParseError> {
        if self.peek() != Some('<') {
            let shape = self.int_tuple()?;
            check_shape(&shape)?;
            if self.peek() != Some(':') {
                return Ok(TilerNode::Shape(shape));
            }
            self.pos += 1;
            let stride = self.int_tuple()?;
            check_congruent(&shape, &stride)?;
            return Ok(TilerNode::Layout(shape, stride));
        }
        let column = self.column();
        self.enter(column)?;
        self.pos += 1;
        if self.peek() == Some('>') {
            return error(column, "empty tiler: a tiler has at least one element");
        }
        let mut elems = Vec::new();
        loop {
            elems.push(self.tiler()?);
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('>') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(TilerNode::Tuple(elems));
                }
                Some(c) => {
                    return error(
                        self.column(),
                        alloc::format!("expected ',' or '>', found '{c}'"),
                    )
                }
                None => {
                    return error(
                        self.column(),
                        "expected ',' or '>', found the end of the text",
                    )
                }
            }
        }
    }
}

/// Parses a tiler such as `<3:3,(2,4):(1,8)>`, `4:2`, `(2,2)` or `8`.
pub fn parse_tiler(text: &str) -> Result<TilerNode, ParseError> {
    let mut p = parser(text);
    let tiler = p.tiler()?;
    p.end()?;
    Ok(tiler)
}
