//! Moving boxes: the first time a box moving in a straight line starts to
//! overlap a solid — a tile's exact shape, a closed door, another box —
//! exact at any magnitude, and where to leave the box there. What
//! [`cast_box`] (on a tile grid), `World::cast_box` and the tile-aware
//! `World::step` are built on. It stands on `segment/` (exact sums of
//! products), `ray/`'s exact arithmetic and `tile_grid/`; `world/` stands
//! on it.
//!
//! | file | job |
//! |---|---|
//! | `time.rs` | [`BoxMotion`]; times along it, each an interval and the formula it bounds, ordered exactly |
//! | `solids.rs` | a moving box against one solid: a box or door, a polygon tile, a quarter disc, a quarter hollow |
//! | `tiles.rs` | against the tile map: the cells along the way, walked in bands, and a resting box's overlap |
//! | `cast.rs` | what the casts share, and [`cast_box`] on a tile grid |
//! | `place.rs` | where to leave a box at a contact: on the near side, its stored box overlapping nothing |
//! | `tests/` | against an independent reference in big rationals, on seeded cases of every shape and magnitude |
//!
//! # The rules
//! - **Interiors.** A box meets a solid when their interiors start to
//!   overlap, the library's overlap rule (touching does not count). A box
//!   resting on a floor and moving along it meets nothing; one touching a
//!   wall and moving into it meets it at `t = 0`; one moving away from a
//!   surface it touches meets nothing. (A ray's hits are closed — touching
//!   counts — because a segment has no interior; a box does.) A closed
//!   door, a wall of no thickness, is met when it would cross the box's
//!   interior.
//! - **Parameter.** The box's bounds at `t = 0` and its displacement are
//!   `f64`s taken as exact reals; `t ∈ [0, 1]`. The first contact is the
//!   infimum of the times in `(0, 1)` at which the interiors overlap. A box
//!   that already overlaps the solid at `t = 0` meets it at `t = 0` with
//!   the normal `(0, 0)`.
//! - **Normals** are unit and outward: the face met, a slope's normal, the
//!   radial normal of a quarter circle (towards the centre for a hollow);
//!   where two faces open at the same time (a corner met exactly), their
//!   unit sum.
//! - **Exact.** Whether a box meets a solid, and which of two contacts
//!   comes first, are decided exactly for inputs of any finite magnitude
//!   (`time.rs`): the contact times are rationals in the inputs, or roots
//!   of quadratics for the circles. The `t` reported is rounded.

pub(crate) mod cast;
mod place;
pub(crate) mod solids;
mod tiles;
mod time;

#[cfg(test)]
pub(crate) mod tests;

pub use cast::cast_box;
pub(crate) use cast::{checked_motion, finish};
pub(crate) use place::place;
pub(crate) use solids::{box_contact, tile_contact, Contact};
pub(crate) use tiles::{box_overlaps, sweep_tiles, TileContact};
pub use time::BoxMotion;
pub(crate) use time::Time;

/// The first thing a moving box meets ([`crate::World::cast_box`],
/// [`cast_box`]): shaped as a ray's hit
/// ([`crate::world::RayHit`]), with the box's position where it stops
/// instead of a point of contact — what a character controller moves the
/// box to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxCastHit {
    /// Fraction of the motion, `0..=1`, at which the box first overlaps
    /// the solid met.
    pub t: f64,
    /// x of the box's min corner where it stops: at `t`, rounded towards
    /// the start so that the box there overlaps nothing it was checked
    /// against (see the casts).
    pub x: f64,
    /// y of the box's min corner where it stops.
    pub y: f64,
    /// Unit outward normal of the surface met (`(0, 0)` when the box
    /// overlaps a solid from the start).
    pub normal_x: f64,
    /// y component of the normal.
    pub normal_y: f64,
    /// The object met, or 0 for a tile or a closed door.
    pub object_id: u32,
    /// The tile's cell (for a closed door, the cell beyond it in the
    /// direction of motion across it); `-1` for an object.
    pub col: i64,
    /// The tile's row; `-1` for an object.
    pub row: i64,
}
