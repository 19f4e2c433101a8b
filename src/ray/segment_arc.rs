//! A segment against a quarter-circle tile in floating point: the first
//! hit, and whether the floating numbers are far enough from the solid's
//! boundary to decide *whether* it touches (else `exact/arc.rs` decides).
//!
//! The test clips the segment to the tile square and solves the circle on
//! the clipped piece in tile-local units (radius 1), so the numbers stay
//! near 1 however long the ray. That piece is the real segment's only to
//! within rounding: its ends come from rounded parameters (and, for a
//! segment far larger than the grid, from the piece inside the grid), off
//! the real line by at most `slack` — a few ulps of the largest coordinate
//! involved, in tile units. The decision is certain when a margin of that
//! slack separates it from the boundary:
//! - a hit is certain when a point of the piece lies deeper than the slack
//!   inside the solid (the real segment passes within the slack of it, so
//!   through the solid). The witness is the middle of the part of the piece
//!   in the solid: for the convex tile, whose depth along a chord is a
//!   concave function zero at the ends, that is at least half the deepest;
//! - a miss is certain when the whole piece stays more than the slack
//!   outside (convex: its point nearest the centre is beyond the circle;
//!   concave: both ends, the farthest points, are inside the circle), or
//!   the segment misses the square grown by twice the slack.
//!
//! Anything closer — a tangent, a pass by a cusp or an arc's end, a ray
//! from beyond ~1e15 tiles — goes to the exact test, which costs orders of
//! magnitude more.

use super::exact::ArcTile;
use super::surface_hit::{box_entry_with, finish, roots, unit, SurfaceHit, ON_SURFACE};
use crate::geometry::Aabb;
use crate::segment::{BoxClip, Segment};

/// The floating test's answer and whether it is certain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ArcTest {
    pub hit: Option<SurfaceHit>,
    pub certain: bool,
}

/// The segment's clipped piece in tile units around the circle's centre:
/// `m + u·e` for `u ∈ [0, 1]`, with `q(u) = aa·u² + 2·bb·u + cc` the
/// squared distance to the centre minus 1.
struct Piece {
    clip: BoxClip,
    a: (f64, f64),
    b: (f64, f64),
    m: (f64, f64),
    e: (f64, f64),
    aa: f64,
    bb: f64,
    cc: f64,
}

impl Piece {
    fn new(seg: &Segment, tile: &Aabb, clip: BoxClip, (cx, cy): (f64, f64), r: f64) -> Piece {
        let a = seg.entry_point(&clip, tile);
        let b = seg.exit_point(&clip, tile);
        let m = ((a.0 - cx) / r, (a.1 - cy) / r);
        let e = ((b.0 - a.0) / r, (b.1 - a.1) / r);
        Piece {
            clip,
            a,
            b,
            m,
            e,
            aa: e.0 * e.0 + e.1 * e.1,
            bb: m.0 * e.0 + m.1 * e.1,
            cc: m.0 * m.0 + m.1 * m.1 - 1.0,
        }
    }

    fn q(&self, u: f64) -> f64 {
        (self.aa * u + 2.0 * self.bb) * u + self.cc
    }

    /// The parameter along the whole segment and the point at `u`.
    fn along(&self, u: f64) -> (f64, (f64, f64)) {
        let c = &self.clip;
        let (a, b) = (self.a, self.b);
        (c.t_in + u * (c.t_out - c.t_in), (a.0 + u * (b.0 - a.0), a.1 + u * (b.1 - a.1)))
    }

    fn radial(&self, u: f64) -> (f64, f64) {
        unit((self.m.0 + u * self.e.0, self.m.1 + u * self.e.1))
    }

    /// Distance (tile units) from the point at `u` to the square's border.
    fn inside_square(&self, u: f64, tile: &Aabb, r: f64) -> f64 {
        let (_, (x, y)) = self.along(u);
        (x - tile.min_x).min(tile.max_x - x).min(y - tile.min_y).min(tile.max_y - y) / r
    }

    /// Whether the whole piece is farther than the slack from the solid:
    /// convex, its point nearest the centre is outside the circle; concave,
    /// both its ends (the farthest points) are inside it.
    fn clear_of(&self, convex: bool, slack: f64) -> bool {
        if convex {
            self.q(self.nearest()) > outside(slack)
        } else {
            self.q(0.0).max(self.q(1.0)) < inside(slack)
        }
    }

    /// The `u` in `[0, 1]` nearest the centre.
    fn nearest(&self) -> f64 {
        if self.aa > 0.0 {
            (-self.bb / self.aa).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// Rounding of the tile-unit quantities computed from the piece (squares
/// and sums of numbers below ~2: a few ulps), doubled and more.
const LOCAL_ROUNDING: f64 = 64.0 * f64::EPSILON;

/// How far (tile units) the piece can be from the real segment: a few ulps
/// of the largest coordinate among the ends and the tile (the clip's
/// parameters, the points computed from them, a huge segment's piece inside
/// the grid), taken at 64 of them; plus underflow.
fn slack(seg: &Segment, tile: &Aabb, r: f64) -> f64 {
    let reach = [seg.x.p0, seg.x.p1, seg.y.p0, seg.y.p1, tile.min_x, tile.max_x, tile.min_y, tile.max_y]
        .iter()
        .fold(0.0f64, |m, v| m.max(v.abs()));
    (64.0 * f64::EPSILON * reach + f64::MIN_POSITIVE) / r
}

/// The first point of the segment in the closed solid of `arc`, in floating
/// point, and whether its decision (hit or miss) is certain (module docs).
/// `whole`: `seg` is the exact segment itself, not a huge one's piece
/// inside the grid (whose clip against a square it runs nearly along can
/// be far off, so its misses are checked on the grown square).
pub(crate) fn hit_arc(seg: &Segment, arc: &ArcTile, whole: bool) -> ArcTest {
    let tile = &arc.tile;
    let r = arc.radius;
    let slack = slack(seg, tile, r);
    let Some(clip) = seg.clip_box(tile) else {
        return ArcTest { hit: None, certain: seg.clip_box(&grown(tile, 2.0 * slack * r)).is_none() };
    };
    let p = Piece::new(seg, tile, clip, arc.centre, r);
    let deep_in_square = |u: f64| p.inside_square(u, tile, r) > 2.0 * slack;
    let square_entry = |on_curve: Option<(f64, f64)>| box_entry_with(seg, &p.clip, tile, on_curve);
    // A miss is certain when the piece stays clear of the solid; for a
    // piece of a huge segment, the piece clipped to the grown square does.
    let certain_miss = || {
        if whole {
            return p.clear_of(arc.convex, slack);
        }
        let grown = grown(tile, 2.0 * slack * r);
        match seg.clip_box(&grown) {
            Some(clip) => Piece::new(seg, &grown, clip, arc.centre, r).clear_of(arc.convex, slack),
            None => true,
        }
    };
    let roots = roots(p.aa, p.bb, p.cc);
    if arc.convex {
        // Square ∩ closed disc: the piece is in the solid between the roots.
        let certain_hit = |lo: f64, hi: f64| {
            let mid = 0.5 * (lo + hi);
            p.q(mid) < inside(slack) && deep_in_square(mid)
        };
        if p.cc <= 0.0 {
            let hi = roots.map_or(0.0, |(_, u1)| u1.min(1.0));
            let hit = square_entry((p.cc >= -ON_SURFACE).then(|| p.radial(0.0)));
            return ArcTest { hit: Some(hit), certain: certain_hit(0.0, hi) };
        }
        match roots {
            Some((u0, u1)) if (0.0..=1.0).contains(&u0) => {
                let (t, point) = p.along(u0);
                let hit = finish(seg, t, point, p.radial(u0), &[]);
                ArcTest { hit: Some(hit), certain: certain_hit(u0, u1.min(1.0)) }
            }
            _ => ArcTest { hit: None, certain: certain_miss() },
        }
    } else {
        // Square minus open disc: the piece is in the solid outside the roots.
        let certain_at = |u: f64| p.q(u) > outside(slack) && deep_in_square(u);
        if p.cc >= 0.0 {
            let hit = square_entry((p.cc <= ON_SURFACE).then(|| {
                let (nx, ny) = p.radial(0.0);
                (-nx, -ny)
            }));
            let certain = match roots {
                Some((u0, u1)) => {
                    certain_at(0.5 * u0.clamp(0.0, 1.0)) || certain_at(0.5 * (u1.clamp(0.0, 1.0) + 1.0))
                }
                None => certain_at(0.5),
            };
            return ArcTest { hit: Some(hit), certain };
        }
        match roots {
            Some((_, u1)) if u1 <= 1.0 => {
                let (t, point) = p.along(u1.max(0.0));
                let (nx, ny) = p.radial(u1);
                let hit = finish(seg, t, point, (-nx, -ny), &[]);
                ArcTest { hit: Some(hit), certain: certain_at(0.5 * (u1.max(0.0) + 1.0)) }
            }
            _ => ArcTest { hit: None, certain: certain_miss() },
        }
    }
}

/// `q` above this is outside the circle by more than the slack (and the
/// rounding of `q` itself).
fn outside(slack: f64) -> f64 {
    2.0 * slack + slack * slack + LOCAL_ROUNDING
}

/// `q` below this is inside the circle by more than the slack.
fn inside(slack: f64) -> f64 {
    -2.0 * slack - LOCAL_ROUNDING
}

/// Where to report a contact that the exact test found and the floating
/// test rounded away (the segment within the slack of the arc, a cusp or the
/// square): the piece's point nearest the centre (convex: the tangent point
/// or the clamp point) or its end that may be solid (concave). The normal
/// is, of the surfaces there (the arc's radial normal, and the square's
/// faces when the point is on one: the arc's end, a cusp, a clamp point),
/// the one facing the ray most, as at a polygon's vertex.
/// `whole` as for [`hit_arc`]: a huge segment's piece is placed on its clip
/// against the grown square, which the real segment's contact is within.
pub(crate) fn graze_arc(seg: &Segment, arc: &ArcTile, whole: bool) -> SurfaceHit {
    let tile = &arc.tile;
    let r = arc.radius;
    let slack = slack(seg, tile, r);
    let grown = grown(tile, 2.0 * slack * r);
    let order = if whole { [tile, &grown] } else { [&grown, tile] };
    let clip = order.into_iter().find_map(|b| seg.clip_box(b).map(|clip| (clip, b)));
    let (t, (x, y), radial) = match clip {
        Some((clip, clipped_to)) => {
            let p = Piece::new(seg, clipped_to, clip, arc.centre, r);
            let u = if arc.convex {
                p.nearest()
            } else if p.q(0.0) >= inside(slack) {
                0.0
            } else {
                1.0
            };
            let (t, point) = p.along(u);
            (t, point, p.radial(u))
        }
        None => {
            // Not even near the square in floating point: the segment's
            // point nearest the centre.
            let (dx, dy) = seg.direction();
            let (ox, oy) = (arc.centre.0 - seg.x.p0, arc.centre.1 - seg.y.p0);
            let t = ((ox * dx + oy * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            let t = if t.is_nan() { 0.0 } else { t };
            let (x, y) = seg.at(t);
            (t, (x, y), unit((x - arc.centre.0, y - arc.centre.1)))
        }
    };
    let mut surfaces = [(0.0, 0.0); 5];
    let mut n = 0;
    if radial != (0.0, 0.0) {
        surfaces[0] = if arc.convex { radial } else { (-radial.0, -radial.1) };
        n = 1;
    }
    let near = 4.0 * slack * r;
    for (gap, face) in [
        (x - tile.min_x, (-1.0, 0.0)),
        (tile.max_x - x, (1.0, 0.0)),
        (y - tile.min_y, (0.0, -1.0)),
        (tile.max_y - y, (0.0, 1.0)),
    ] {
        if gap.abs() <= near {
            surfaces[n] = face;
            n += 1;
        }
    }
    let surfaces = &surfaces[..n];
    if t <= 0.0 {
        let (x, y) = seg.at(0.0);
        return SurfaceHit { t: 0.0, x, y, normal: seg.start_normal(surfaces) };
    }
    let (dx, dy) = seg.direction();
    let facing = |n: &&(f64, f64)| n.0 * dx + n.1 * dy;
    let normal = surfaces.iter().min_by(|a, b| facing(a).total_cmp(&facing(b))).copied();
    SurfaceHit { t, x, y, normal: normal.unwrap_or((0.0, 0.0)) }
}

fn grown(b: &Aabb, by: f64) -> Aabb {
    Aabb { min_x: b.min_x - by, min_y: b.min_y - by, max_x: b.max_x + by, max_y: b.max_y + by }
}
