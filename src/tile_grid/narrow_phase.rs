//! Narrow phase against one tile: pure functions of (tile shape, tile world
//! bounds, object), dispatched on the tile's geometry the way N tutorial
//! B's `Collide[tile.shape][obj.shape]` table is (objects here: points and
//! axis-aligned boxes).
//!
//! The push-out is the *minimal* translation that separates the box's
//! interior from the tile's solid region, found by projection:
//! - polygons (full and slopes) are convex, so the separating-axis test on
//!   the axes x, y and the slope's normal is exact, and the smallest
//!   overlap over those axes (both directions) is the minimal translation;
//! - the convex quarter circle is convex too but curved: the candidates are
//!   the four exits of the tile square plus the radial push of the box's
//!   point nearest the circle centre, and the smallest is exact;
//! - the concave quarter circle (square minus quarter disc) is not convex:
//!   the box separates either by leaving the tile square or by fitting its
//!   far corner into the hollow; the candidates are the four square exits
//!   plus the radial pull of that corner onto the circle, again exact.
//!
//! [`exits`] lists every candidate, shortest first, and also takes a set of
//! blocked sides: the grid resolver forbids pushing a box through a tile
//! side into a solid neighbour (the interior edges N tutorial B
//! simplifies away), and tries the remaining exits in order until one does not run
//! into another tile.

use super::shape::TileShape;
use super::shape_geometry::{to_world, TileGeometry, TilePolygon};
use super::side::Side;
use super::trace::PushOutStep;
use crate::geometry::Aabb;
use crate::trace::{NoTrace, TraceKind, TraceReason, Tracer};

/// A translation that separates a box from a tile; `depth` is its length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Push {
    /// Move along x that takes the box out.
    pub dx: f64,
    /// Move along y that takes the box out.
    pub dy: f64,
    /// How deep the box was in (the move's length).
    pub depth: f64,
}

/// Tile sides the box may not be pushed out through, indexed by
/// `Side as usize`.
pub type BlockedSides = [bool; 4];

/// Whether the point lies in the tile's closed solid region (its boundary
/// counts as inside).
#[must_use]
pub fn contains_point(shape: TileShape, tile: &Aabb, x: f64, y: f64) -> bool {
    let in_tile = tile.min_x <= x && x <= tile.max_x && tile.min_y <= y && y <= tile.max_y;
    match shape.geometry() {
        TileGeometry::Empty => false,
        TileGeometry::Polygon(p) => (0..p.vertices().len()).all(|i| {
            let (vx, vy) = to_world(tile, p.vertices()[i]);
            let (nx, ny) = p.edge_normal(i);
            (x - vx) * nx + (y - vy) * ny <= 0.0
        }),
        TileGeometry::QuarterCircle(q) => {
            let (cx, cy) = to_world(tile, q.centre);
            let d = (x - cx).hypot(y - cy);
            let r = radius(tile);
            in_tile && if q.solid_inside { d <= r } else { d >= r }
        }
    }
}

/// Whether the box's interior overlaps the tile's solid region's interior
/// (touching does not count, as everywhere in the library).
#[must_use]
pub fn overlaps(shape: TileShape, tile: &Aabb, b: &Aabb) -> bool {
    penetration(shape, tile, b, [false; 4]).is_some()
}

/// The minimal translation `(dx, dy)` that separates the box from the tile's
/// solid region; `(0, 0)` when they do not overlap.
#[must_use]
pub fn push_out(shape: TileShape, tile: &Aabb, b: &Aabb) -> (f64, f64) {
    penetration(shape, tile, b, [false; 4]).map_or((0.0, 0.0), |p| (p.dx, p.dy))
}

/// The overlap of a box with one tile and the shortest push that ends it
/// without leaving through a `blocked` side; if every way out is blocked,
/// the shortest push of all. `None` when the interiors do not overlap.
#[must_use]
pub fn penetration(shape: TileShape, tile: &Aabb, b: &Aabb, blocked: BlockedSides) -> Option<Push> {
    exits(shape, tile, b, blocked).map(|e| e.best())
}

/// Every way out of one tile for an overlapping box (`None` if it does not
/// overlap): each is the shortest push in its direction family (an axis
/// exit, along or against a slope's normal, radially off a curve), and the
/// shortest of them all is the minimal translation. The grid resolver tries
/// them in order to find one that does not run into the next tile.
///
/// Pushes along a slope's own surface normal, or radially off a curve, are
/// never blocked: they leave through the open surface of the tile.
#[must_use]
pub fn exits(shape: TileShape, tile: &Aabb, b: &Aabb, blocked: BlockedSides) -> Option<Exits> {
    exits_traced(shape, tile, b, blocked, &mut NoTrace)
}

/// [`exits`], telling `t` each separating-axis test (`axis`: the axis or
/// normal as `dx, dy`, the overlap along it as `depth`, at most 0 when it
/// separates) and each way out offered (`exit`: the move, its length,
/// which side or surface it leaves by, whether that side is blocked).
pub(crate) fn exits_traced<T: Tracer<PushOutStep>>(
    shape: TileShape,
    tile: &Aabb,
    b: &Aabb,
    blocked: BlockedSides,
    t: &mut T,
) -> Option<Exits> {
    let mut out = Exits::new(blocked);
    match shape.geometry() {
        TileGeometry::Empty => return None,
        TileGeometry::Polygon(p) => polygon(&p, tile, b, &mut out, t)?,
        TileGeometry::QuarterCircle(q) => {
            let square = square_exits(tile, b, &mut out, t)?;
            let (cx, cy) = to_world(tile, q.centre);
            let r = radius(tile);
            if q.solid_inside {
                // The box's point nearest the centre within the tile square.
                let nx = crate::float::clamp(cx, square.min_x, square.max_x);
                let ny = crate::float::clamp(cy, square.min_y, square.max_y);
                let d = (nx - cx).hypot(ny - cy);
                t.note(|| {
                    let (ux, uy) = if d > 0.0 { ((nx - cx) / d, (ny - cy) / d) } else { (0.0, 0.0) };
                    axis_step(TraceReason::Radial, ux, uy, r - d)
                });
                if d >= r {
                    return None;
                }
                // At d == 0 the box covers the corner; the square exits are
                // then the shortest ways out (the radial one is no shorter).
                if d > 0.0 {
                    let depth = r - d;
                    out.offer(
                        (nx - cx) / d * depth,
                        (ny - cy) / d * depth,
                        depth,
                        None,
                        TraceReason::Radial,
                        t,
                    );
                }
            } else {
                // The box's corner farthest from the centre, toward the solid.
                let px = if cx == tile.min_x { b.max_x } else { b.min_x };
                let py = if cy == tile.min_y { b.max_y } else { b.min_y };
                // Overlap needs the clipped corner beyond the circle.
                let far = (crate::float::clamp(px, tile.min_x, tile.max_x) - cx)
                    .hypot(crate::float::clamp(py, tile.min_y, tile.max_y) - cy);
                t.note(|| {
                    let (ux, uy) = if far > 0.0 { ((px - cx) / far, (py - cy) / far) } else { (0.0, 0.0) };
                    axis_step(TraceReason::Radial, ux, uy, far - r)
                });
                if far <= r {
                    return None;
                }
                // The unclipped corner: pulled onto the circle, the whole
                // box's part inside the tile lies in the hollow.
                let d = (px - cx).hypot(py - cy);
                let depth = d - r;
                out.offer((cx - px) / d * depth, (cy - py) / d * depth, depth, None, TraceReason::Radial, t);
            }
        }
    }
    out.sort();
    Some(out)
}

/// A separating-axis test: along `(dx, dy)`, overlap `depth` (at most 0:
/// the axis separates).
fn axis_step(axis: TraceReason, dx: f64, dy: f64, depth: f64) -> PushOutStep {
    PushOutStep::new(TraceKind::Axis, 0).because(axis).moving(dx, dy, depth)
}

/// The overlap of `[a0, a1]` and `[b0, b1]` (at most 0 when apart).
fn overlap_of(a0: f64, a1: f64, b0: f64, b1: f64) -> f64 {
    let hi = if a1 < b1 { a1 } else { b1 };
    let lo = if a0 > b0 { a0 } else { b0 };
    hi - lo
}

/// The quarter circles' radius in world units: one tile.
fn radius(tile: &Aabb) -> f64 {
    tile.max_x - tile.min_x
}

/// Offers the four exits of the tile square and returns the part of the box
/// inside the square, or `None` if the box misses the square's interior.
fn square_exits<T: Tracer<PushOutStep>>(tile: &Aabb, b: &Aabb, out: &mut Exits, t: &mut T) -> Option<Aabb> {
    t.note(|| axis_step(TraceReason::AxisX, 1.0, 0.0, overlap_of(tile.min_x, tile.max_x, b.min_x, b.max_x)));
    t.note(|| axis_step(TraceReason::AxisY, 0.0, 1.0, overlap_of(tile.min_y, tile.max_y, b.min_y, b.max_y)));
    if !b.overlaps(tile) {
        return None;
    }
    axis_exits((tile.min_x, tile.max_x), (tile.min_y, tile.max_y), b, out, t);
    Some(Aabb {
        min_x: b.min_x.max(tile.min_x),
        min_y: b.min_y.max(tile.min_y),
        max_x: b.max_x.min(tile.max_x),
        max_y: b.max_y.min(tile.max_y),
    })
}

/// Offers the four axis-aligned exits from a solid spanning `xs × ys`.
fn axis_exits<T: Tracer<PushOutStep>>(xs: (f64, f64), ys: (f64, f64), b: &Aabb, out: &mut Exits, t: &mut T) {
    let left = b.max_x - xs.0;
    let right = xs.1 - b.min_x;
    let up = b.max_y - ys.0;
    let down = ys.1 - b.min_y;
    out.offer(-left, 0.0, left, Some(&[Side::Left]), TraceReason::LeftSide, t);
    out.offer(right, 0.0, right, Some(&[Side::Right]), TraceReason::RightSide, t);
    out.offer(0.0, -up, up, Some(&[Side::Top]), TraceReason::TopSide, t);
    out.offer(0.0, down, down, Some(&[Side::Bottom]), TraceReason::BottomSide, t);
}

/// Separating-axis test of a box against a convex tile polygon; offers every
/// way out and returns `None` if some axis separates them.
fn polygon<T: Tracer<PushOutStep>>(
    p: &TilePolygon,
    tile: &Aabb,
    b: &Aabb,
    out: &mut Exits,
    t: &mut T,
) -> Option<()> {
    let mut world = [(0.0, 0.0); 4];
    let n = p.vertices().len();
    for (w, &v) in world.iter_mut().zip(p.vertices()) {
        *w = to_world(tile, v);
    }
    let world = &world[..n];
    let (mut lo, mut hi) = ((f64::INFINITY, f64::INFINITY), (f64::NEG_INFINITY, f64::NEG_INFINITY));
    for &(x, y) in world {
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    // Axes x and y: the polygon's bounding box against the box.
    t.note(|| axis_step(TraceReason::AxisX, 1.0, 0.0, overlap_of(lo.0, hi.0, b.min_x, b.max_x)));
    t.note(|| axis_step(TraceReason::AxisY, 0.0, 1.0, overlap_of(lo.1, hi.1, b.min_y, b.max_y)));
    if !(b.min_x < hi.0 && lo.0 < b.max_x && b.min_y < hi.1 && lo.1 < b.max_y) {
        return None;
    }
    axis_exits((lo.0, hi.0), (lo.1, hi.1), b, out, t);
    // The slanted face's normal (unnormalised, so the projections of the
    // ½-grid vertices are exact; lengths are divided out at the end).
    for i in 0..n {
        let (nx, ny) = p.edge_normal(i);
        if nx == 0.0 || ny == 0.0 {
            continue;
        }
        let project = |(x, y): (f64, f64)| x * nx + y * ny;
        let (p_min, p_max) = world
            .iter()
            .map(|&v| project(v))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, z), t| (a.min(t), z.max(t)));
        let bx = if nx > 0.0 { (b.min_x, b.max_x) } else { (b.max_x, b.min_x) };
        let by = if ny > 0.0 { (b.min_y, b.max_y) } else { (b.max_y, b.min_y) };
        let (b_min, b_max) = (project((bx.0, by.0)), project((bx.1, by.1)));
        t.note(|| {
            let len = nx.hypot(ny);
            axis_step(
                TraceReason::SlopeNormal,
                nx / len,
                ny / len,
                overlap_of(p_min, p_max, b_min, b_max) / len,
            )
        });
        if !(b_min < p_max && p_min < b_max) {
            return None;
        }
        let len = nx.hypot(ny);
        let (ux, uy) = (nx / len, ny / len);
        // Out through the slanted surface: never blocked.
        let forward = (p_max - b_min) / len;
        out.offer(ux * forward, uy * forward, forward, None, TraceReason::SlopeSurface, t);
        // Back through the tile's corner: blocked if either side it crosses is.
        let back = (b_max - p_min) / len;
        let sides = [
            if ux > 0.0 { Side::Left } else { Side::Right },
            if uy > 0.0 { Side::Top } else { Side::Bottom },
        ];
        out.offer(-ux * back, -uy * back, back, Some(&sides), TraceReason::SlopeCorner, t);
    }
    Some(())
}

/// The ways out of one tile: allowed ones first, then blocked ones, each
/// group shortest first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exits {
    blocked_sides: BlockedSides,
    pushes: [Push; 6],
    /// Whether `pushes[i]` leaves through a blocked side.
    blocked: [bool; 6],
    len: usize,
}

impl Exits {
    fn new(blocked_sides: BlockedSides) -> Exits {
        let zero = Push { dx: 0.0, dy: 0.0, depth: 0.0 };
        Exits { blocked_sides, pushes: [zero; 6], blocked: [false; 6], len: 0 }
    }

    /// The way off a wall of no thickness (a closed door) that a box
    /// crossing it has: back by `back` toward smaller coordinates, or
    /// forward by `forward`, whichever is shorter (back on a tie) — the
    /// side its centre is on. Never the other: a push through the door to
    /// a cleaner place would take a box through a closed door.
    pub(super) fn wall<T: Tracer<PushOutStep>>(
        back: f64,
        forward: f64,
        vertical_wall: bool,
        t: &mut T,
    ) -> Exits {
        let mut out = Exits::new([false; 4]);
        let (along, depth) = if back <= forward { (-back, back) } else { (forward, forward) };
        if vertical_wall {
            out.offer(along, 0.0, depth, None, TraceReason::DoorSide, t);
        } else {
            out.offer(0.0, along, depth, None, TraceReason::DoorSide, t);
        }
        out
    }

    /// `through`: the tile sides this push leaves by (`None`: the open
    /// surface, never blocked); `via` names the way for a trace.
    fn offer<T: Tracer<PushOutStep>>(
        &mut self,
        dx: f64,
        dy: f64,
        depth: f64,
        through: Option<&[Side]>,
        via: TraceReason,
        t: &mut T,
    ) {
        let blocked = through.is_some_and(|sides| sides.iter().any(|&s| self.blocked_sides[s as usize]));
        self.pushes[self.len] = Push { dx, dy, depth };
        self.blocked[self.len] = blocked;
        self.len += 1;
        t.note(|| PushOutStep {
            blocked,
            ..PushOutStep::new(TraceKind::Exit, 0).because(via).moving(dx, dy, depth)
        });
    }

    /// Allowed before blocked, then shorter before longer; stable, so ties
    /// keep the order offered (left, right, up, down, then slanted).
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0
                && (self.blocked[j], self.pushes[j].depth) < (self.blocked[j - 1], self.pushes[j - 1].depth)
            {
                self.pushes.swap(j, j - 1);
                self.blocked.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    /// Every way out: allowed ones shortest first, then blocked ones.
    #[must_use]
    pub fn all(&self) -> &[Push] {
        &self.pushes[..self.len]
    }

    /// The shortest allowed way out, or the shortest of all if every one is
    /// blocked.
    #[must_use]
    pub fn best(&self) -> Push {
        self.pushes[0]
    }

    /// The penetration depth: the length of the minimal translation,
    /// blocked or not.
    #[must_use]
    pub fn depth(&self) -> f64 {
        self.all().iter().map(|p| p.depth).fold(f64::INFINITY, f64::min)
    }
}
