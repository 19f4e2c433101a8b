//! Whether a segment touches a quarter-circle tile, exactly, for ends of
//! any finite magnitude, and where it first does, as an exact parameter.
//!
//! The solid is the closed tile square cut by the circle of radius `r` (the
//! tile's width, the `f64` every tile routine uses) around a corner: its
//! intersection with the closed disc (convex), or the square minus the open
//! disc (concave). Along the segment `P(t) = P0 + t·D`, the square is a
//! parameter interval `[ta, tb]` (rationals `(face − p0) / d`) and
//! `q(t) = |P(t) − C|² − r² = A·t² + 2B·t + C` is convex, so:
//! - convex: the segment touches exactly when `q ≤ 0` at the point of
//!   `[ta, tb]` nearest the vertex `−B / A`: at `ta` or `tb` (the sign of
//!   `q` at a rational) or at the vertex (the sign of `A·C − B²`);
//! - concave: exactly when `q ≥ 0` at `ta` or at `tb` (a convex function
//!   takes its maximum at an end).
//!
//! Everything is an integer polynomial of degree at most 4 in the inputs,
//! evaluated exactly in [`rational`](super::rational). This is the slow
//! path: `segment_arc.rs` decides the clear cases in floating point first.

use std::cmp::Ordering;

use super::rational::{BigSegment, Frac, Param, Scale};
use crate::geometry::Aabb;
use crate::tile_grid::{to_world, QuarterCircle};

/// A quarter-circle tile laid in the world: the exact solid the tests
/// decide against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ArcTile {
    pub tile: Aabb,
    /// The circle's centre, a corner of `tile`, bit for bit.
    pub centre: (f64, f64),
    /// `tile.max_x − tile.min_x`: the radius `contains_point` and the
    /// floating test use, so all of them describe the same solid.
    pub radius: f64,
    /// The quarter disc is the solid (else the square minus the disc).
    pub convex: bool,
}

impl ArcTile {
    pub(crate) fn new(tile: &Aabb, q: QuarterCircle) -> ArcTile {
        ArcTile {
            tile: *tile,
            centre: to_world(tile, q.centre),
            radius: tile.max_x - tile.min_x,
            convex: q.solid_inside,
        }
    }

    /// The `f64`s the solid is made of (the centre is two of the bounds).
    pub(crate) fn inputs(&self) -> [f64; 5] {
        let t = &self.tile;
        [t.min_x, t.max_x, t.min_y, t.max_y, self.radius]
    }

    /// Whether the closed segment `a → b` touches the closed solid, exactly.
    pub(crate) fn touched_by(&self, (a, b): ((f64, f64), (f64, f64))) -> bool {
        let i = self.inputs();
        let scale = Scale::of(&[a.0, a.1, b.0, b.1, i[0], i[1], i[2], i[3], i[4]]);
        let seg = BigSegment::new(&scale, (a, b));
        let Some((ta, tb)) = seg.clip(&scale, &self.tile) else { return false };
        let q = seg.distance_to(&scale, self.centre, self.radius);
        if self.convex {
            let nearest = if q.a.is_zero() {
                // A point: q is constant.
                return q.sign_at(&ta) != Ordering::Greater;
            } else if q.vs_vertex(&ta) == Ordering::Greater {
                ta
            } else if q.vs_vertex(&tb) == Ordering::Less {
                tb
            } else {
                return q.sign_at_vertex() != Ordering::Greater;
            };
            q.sign_at(&nearest) != Ordering::Greater
        } else {
            q.sign_at(&ta) != Ordering::Less || q.sign_at(&tb) != Ordering::Less
        }
    }

    /// The exact parameter at which a segment that touches the solid first
    /// does: where it enters the square, if the solid is there; else where
    /// it reaches the circle (entering the disc, or leaving the hollow).
    pub(crate) fn first_contact(&self, scale: &Scale, seg: &BigSegment) -> Param {
        let Some((ta, _)) = seg.clip(scale, &self.tile) else { return Param::At(Frac::int(0)) };
        let q = seg.distance_to(scale, self.centre, self.radius);
        let at_ta = q.sign_at(&ta);
        let solid_at_ta = if self.convex { at_ta != Ordering::Greater } else { at_ta != Ordering::Less };
        if solid_at_ta || q.a.is_zero() {
            Param::At(ta)
        } else {
            Param::Root { q, larger: !self.convex }
        }
    }
}
