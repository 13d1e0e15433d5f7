//! CuTe's layout algebra, evaluated during type checking: [`coalesce`](mod@coalesce),
//! [`composition`](mod@composition), [`complement`](mod@complement), the [`divide`]s and
//! [`product`]s, [`inverse`]s; [`by_mode`] applies an operation mode by mode (tuple tilers);
//! [`mixed`] carries runtime leaves through it; [`rules`] holds its integer steps, written once.

pub mod by_mode;
pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
pub mod misaligned;
pub mod mixed;
pub mod product;
pub mod rules;
