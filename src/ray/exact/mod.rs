//! Exact arithmetic for the ray predicates, on `f64` inputs of any finite
//! magnitude: what decides when a floating-point filter cannot. Nothing
//! here knows about rays beyond segments, boxes and tile shapes.
//!
//! | file | job |
//! |---|---|
//! | `int.rs` | the big-integer kernel: a signed integer of any size with sums, products and comparisons |
//! | `triple.rs` | the exact sign of a sum of products of three `f64`s, on the stack: the moving box's predicates of degree 3 |
//! | `rational.rs` | `f64`s at a common scale as integers, rationals, a quadratic's roots compared exactly: the predicates of degree 3 and 4 |
//! | `order.rs` | which of two hits the exact segment reaches first: an enclosure in floating point, exact parameters when it cannot tell |
//! | `arc.rs` | whether a segment touches a quarter-circle tile, and where it first does |
//! | `reference.rs` | (tests) the brute-force references in big rationals (`num-rational`), independent of the above |

mod arc;
mod int;
mod order;
mod rational;
mod triple;

#[cfg(test)]
pub(crate) mod reference;

pub(crate) use arc::ArcTile;
pub(crate) use int::Int;
pub(crate) use order::{box_entry_bound, root_bound, Contact, Ends, Interval, Ranked};
pub(crate) use rational::{Frac, Param, Quadratic, Scale};
pub(crate) use triple::sign_of_triples;
