//! A segment's exact geometry, the layer under every ray routine and every
//! structure's ray walk: the one formula for the parameter `t` at which the
//! segment reaches a coordinate, the closed slab clip, exact orientation
//! predicates on `f64`s of any magnitude, and [`RayPath`], the bounds a
//! [`BroadPhase::walk_ray`](crate::broad_phase::BroadPhase::walk_ray) prunes
//! cells and nodes with. It knows nothing of tiles, structures or casts, so
//! the `BroadPhase` trait and the ray module both stand on it.
//!
//! | file | job |
//! |---|---|
//! | `predicates.rs` | the orientation, a convex polygon's contact, a line's coordinate at a line: exact sums of two-factor products (their sign, their value rounded once) |
//! | `parameter.rs` | the shared segment: the one `t`-of-a-coordinate formula, the closed slab clip, the piece of a huge segment inside the grid |
//! | `walk.rs` | [`RayPath`]: the bounds a structure's ray walk prunes cells and nodes with, safe for the exact segment |

mod parameter;
mod predicates;
mod walk;

pub(crate) use parameter::{frame, AxisParam, BoxClip, Framed, Segment};
pub(crate) use predicates::{
    convex_contains, orient, segment_touches_convex, sign_of_products, split, sum_of_products, times_pow2,
};
pub use walk::{Axis, RayPath};
