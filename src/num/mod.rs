//! The leaves of shapes and strides, and the arithmetic on them during type checking: [`int`]
//! (static typenum integers, runtime `usize`/`isize`, `C<N>`), [`count`] (how many times a walk
//! runs, unrolled where static), [`nat`] (typenum's unsigned
//! arithmetic, one impl selection per bit), [`arith`] (across unsigned, signed and runtime
//! numbers, with CuTe's rules for what stays static), [`basis`] (CuTe's `E<i>` strides).

pub mod arith;
pub mod basis;
pub mod count;
pub mod index;
pub mod int;
pub mod list;
pub mod nat;
pub mod symbol;
