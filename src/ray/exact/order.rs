//! Which of two hits a segment really reaches first, when their rounded
//! `t`s cannot say: for a segment from −1e308 to 1e308 the whole world lies
//! within one ulp of `t`, and near-ties happen at any size (a box touching
//! a tile, two boxes side by side).
//!
//! A hit is ranked by what it touched ([`Contact`]), not by its reported
//! `t`: the exact segment's first parameter in that solid, which is
//! - for a box, a door, a polygon tile: `max(0, the crossings of the edges
//!   it enters through)`, each a rational — `(face − p0) / (p1 − p0)` for an
//!   axis-aligned edge, the intersection of two lines for a slope;
//! - for a grid line crossed (a solid face): that line's `t`;
//! - for a quarter circle: where it enters the square, or a root of
//!   `|P(t) − C|² = r²` (entering the disc, or leaving the hollow).
//!
//! [`Ranked`] keeps an interval that holds that parameter, as cheap as will
//! do: a hit's own rounded `t` widened by its few ulps where that `t` is a
//! clip's or a line's on the exact ends (a box, a full tile, a solid face);
//! else the interval computed in floating point with every operation
//! rounded outward (a few dozen flops), or first only the span of the
//! solid's box (`Contact::coarse`), which already separates hits far
//! apart. Two hits whose intervals are apart are ordered by them. Otherwise
//! — a near-tie, or numbers that overflow — the parameters are compared
//! exactly (`rational.rs`: rationals by cross-multiplication, a rational
//! against a root by the quadratic's sign there and the side of its
//! vertex). `Equal` is a true tie: the same point.

use std::cmp::Ordering;

use super::arc::ArcTile;
use super::rational::{BigSegment, Frac, Param, Scale};
use crate::geometry::Aabb;
use crate::segment::orient;
use crate::tile_grid::{to_world, TileGeometry, TileShape};

/// A segment's ends, as given.
pub(crate) type Ends = ((f64, f64), (f64, f64));

/// What a hit touched: the closed solid whose first contact with the exact
/// segment is the hit's true parameter. The segment must touch it (the
/// casts offer only contacts decided exactly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Contact {
    /// A closed box; a closed door is a flat one.
    Box(Aabb),
    /// A tile's closed solid: `shape` (not empty) laid in its cell `bounds`.
    /// Kept this small because the cast carries one along with every hit.
    Tile { bounds: Aabb, shape: TileShape },
    /// A grid line crossed at an inner point of a solid face: `x = at`
    /// (`vertical`) or `y = at`.
    Line { vertical: bool, at: f64 },
}

/// A tile's solid as the ranking works on it.
enum Solid {
    /// A convex polygon, its first `len` corners in order.
    Polygon {
        corners: [(f64, f64); 4],
        len: usize,
    },
    Arc(ArcTile),
}

impl Solid {
    fn of(bounds: &Aabb, shape: TileShape) -> Option<Solid> {
        match shape.geometry() {
            TileGeometry::Empty => None,
            TileGeometry::Polygon(p) => {
                let mut corners = [(0.0, 0.0); 4];
                for (c, &v) in corners.iter_mut().zip(p.vertices()) {
                    *c = to_world(bounds, v);
                }
                Some(Solid::Polygon { corners, len: p.vertices().len().min(4) })
            }
            TileGeometry::QuarterCircle(q) => Some(Solid::Arc(ArcTile::new(bounds, q))),
        }
    }
}

/// A hit's contact and an enclosure of its true parameter, computed once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Ranked {
    pub contact: Contact,
    /// Contains the exact parameter; `None` when floating point could not
    /// bound it usefully (the exact comparison then decides).
    pub bound: Option<Interval>,
}

impl Ranked {
    pub(crate) fn new(ends: Ends, contact: Contact) -> Ranked {
        Ranked { contact, bound: contact.enclose(ends) }
    }

    /// With a bound already known (a rounded `t` that bounds the true one),
    /// else enclosed.
    pub(crate) fn with_bound(ends: Ends, contact: Contact, bound: Option<Interval>) -> Ranked {
        match bound {
            Some(_) => Ranked { contact, bound },
            None => Ranked::new(ends, contact),
        }
    }

    /// The order of this hit and a contact not ranked yet (with a bound of
    /// its true `t` if one is known): by a loose bound of it first (`loose`,
    /// as [`Contact::coarse`] gives), which settles hits far apart without
    /// the work of a tight one.
    pub(crate) fn cmp_unranked(
        &self,
        contact: Contact,
        bound: Option<Interval>,
        loose: Option<Interval>,
        ends: Ends,
    ) -> Ordering {
        if let (Some(a), Some(b)) = (self.bound, loose) {
            if a.hi < b.lo {
                return Ordering::Less;
            }
            if b.hi < a.lo {
                return Ordering::Greater;
            }
        }
        self.cmp(&Ranked::with_bound(ends, contact, bound), ends)
    }

    /// The order of the two contacts along the exact segment `ends`.
    pub(crate) fn cmp(&self, other: &Ranked, ends: Ends) -> Ordering {
        if let (Some(a), Some(b)) = (self.bound, other.bound) {
            if a.hi < b.lo {
                return Ordering::Less;
            }
            if b.hi < a.lo {
                return Ordering::Greater;
            }
            // Outward rounding never yields a single point: one comes only
            // from exact values (a segment starting inside both: t = 0).
            if a.lo == a.hi && a == b {
                return Ordering::Equal;
            }
        }
        self.cmp_exact(other, ends)
    }

    /// [`cmp`](Ranked::cmp) without the floating filter.
    #[cold]
    pub(crate) fn cmp_exact(&self, other: &Ranked, ends: Ends) -> Ordering {
        let mut inputs = vec![ends.0 .0, ends.0 .1, ends.1 .0, ends.1 .1];
        self.contact.inputs(&mut inputs);
        other.contact.inputs(&mut inputs);
        let scale = Scale::of(&inputs);
        let seg = BigSegment::new(&scale, ends);
        self.contact.exact(&scale, &seg).cmp(&other.contact.exact(&scale, &seg))
    }
}

impl Contact {
    /// The `f64`s the solid is made of, for the common scale.
    fn inputs(&self, out: &mut Vec<f64>) {
        match self {
            Contact::Box(b) => out.extend([b.min_x, b.min_y, b.max_x, b.max_y]),
            Contact::Line { at, .. } => out.push(*at),
            Contact::Tile { bounds, shape } => match Solid::of(bounds, *shape) {
                // The corners at ½ are rounded midpoints, inputs of their own.
                Some(Solid::Polygon { corners, len }) => {
                    out.extend(corners[..len].iter().flat_map(|&(x, y)| [x, y]))
                }
                Some(Solid::Arc(arc)) => out.extend(arc.inputs()),
                None => {}
            },
        }
    }

    /// The exact first parameter of the segment in the solid.
    fn exact(&self, scale: &Scale, seg: &BigSegment) -> Param {
        let solid = match self {
            Contact::Box(b) => return Param::At(box_entry(scale, seg, b)),
            Contact::Line { vertical, at } => return Param::At(seg.t_at(scale, *vertical, *at)),
            Contact::Tile { bounds, shape } => Solid::of(bounds, *shape),
        };
        match solid {
            None => Param::At(Frac::int(0)),
            Some(Solid::Arc(arc)) => arc.first_contact(scale, seg),
            Some(Solid::Polygon { corners, len }) => {
                let corners = &corners[..len];
                let mut first = Frac::int(0);
                for (i, &a) in corners.iter().enumerate() {
                    let b = corners[(i + 1) % corners.len()];
                    let Some(inside) = inside_of(a, b, corners) else { continue };
                    // f(P) = (b − a) × (P − a): `inside` is its sign within;
                    // along the segment it changes by (b − a) × D per unit t.
                    let (ex, ey) = (scale.int(b.0) - scale.int(a.0), scale.int(b.1) - scale.int(a.1));
                    let rate = &ex * &seg.dy - &ey * &seg.dx;
                    if rate.signum() != inside {
                        continue; // parallel, or leaving through this edge
                    }
                    let (wx, wy) = (scale.int(a.0) - &seg.x0, scale.int(a.1) - &seg.y0);
                    first = first.max(Frac::new(&ex * &wy - &ey * &wx, rate));
                }
                Param::At(first)
            }
        }
    }

    /// An interval holding the exact first parameter, cheaply and loosely:
    /// where the segment is in the solid's box (a tile's cell: the first
    /// contact is in it); `None` when that cannot be bounded.
    pub(crate) fn coarse(&self, ends: Ends) -> Option<Interval> {
        let b = match self {
            Contact::Box(b) | Contact::Tile { bounds: b, .. } => *b,
            Contact::Line { .. } => return self.enclose(ends),
        };
        let ((x0, y0), (x1, y1)) = ends;
        let (mut first, mut last) = (Interval::ZERO, Interval::point(1.0));
        for (p0, p1, min, max) in [(x0, x1, b.min_x, b.max_x), (y0, y1, b.min_y, b.max_y)] {
            if p0 != p1 {
                let (enter, leave) = if p1 > p0 { (min, max) } else { (max, min) };
                first = first.max(crossing(enter, p0, p1)?);
                let t = crossing(leave, p0, p1)?;
                last = Interval { lo: last.lo.min(t.lo), hi: last.hi.min(t.hi) };
            }
        }
        Some(Interval { lo: first.lo, hi: last.hi })
    }

    /// An interval holding the exact first parameter, from floating point
    /// rounded outward; `None` when that cannot be bounded (overflow, or a
    /// sign that rounding cannot tell).
    fn enclose(&self, ends: Ends) -> Option<Interval> {
        let ((x0, y0), (x1, y1)) = ends;
        let solid = match self {
            Contact::Box(b) => return box_entry_bound(ends, b),
            Contact::Line { vertical, at } => {
                let (p0, p1) = if *vertical { (x0, x1) } else { (y0, y1) };
                return crossing(*at, p0, p1);
            }
            Contact::Tile { bounds, shape } => Solid::of(bounds, *shape)?,
        };
        let (dx, dy) = (Interval::diff(x1, x0), Interval::diff(y1, y0));
        match solid {
            Solid::Polygon { corners, len } => {
                let corners = &corners[..len];
                let mut first = Interval::ZERO;
                for (i, &a) in corners.iter().enumerate() {
                    let b = corners[(i + 1) % corners.len()];
                    // An axis-aligned edge (most of a tile's): entered when
                    // the segment moves towards the polygon's side of it.
                    if a.0 == b.0 || a.1 == b.1 {
                        let (vertical, at) = if a.0 == b.0 { (true, a.0) } else { (false, a.1) };
                        let coordinate = |v: &(f64, f64)| if vertical { v.0 } else { v.1 };
                        let (p0, p1) = if vertical { (x0, x1) } else { (y0, y1) };
                        let Some(side) = corners.iter().map(coordinate).find(|&c| c != at) else { continue };
                        if (side > at && p1 > p0) || (side < at && p1 < p0) {
                            first = first.max(crossing(at, p0, p1)?);
                        }
                        continue;
                    }
                    let Some(inside) = inside_of(a, b, corners) else { continue };
                    let (ex, ey) = (Interval::diff(b.0, a.0), Interval::diff(b.1, a.1));
                    let rate = ex.mul(dy).sub(ey.mul(dx));
                    if rate == Interval::ZERO {
                        continue; // parallel to the edge
                    }
                    let sign = rate.sign()?;
                    if sign != inside {
                        continue;
                    }
                    let (wx, wy) = (Interval::diff(a.0, x0), Interval::diff(a.1, y0));
                    first = first.max(ex.mul(wy).sub(ey.mul(wx)).div(rate)?);
                }
                Some(first)
            }
            Solid::Arc(arc) => {
                let ta = box_entry_bound(ends, &arc.tile)?;
                let (ox, oy) = (Interval::diff(x0, arc.centre.0), Interval::diff(y0, arc.centre.1));
                let r = Interval::point(arc.radius);
                let a = dx.mul(dx).add(dy.mul(dy));
                let b = ox.mul(dx).add(oy.mul(dy));
                let c = ox.mul(ox).add(oy.mul(oy)).sub(r.mul(r));
                let q_at_ta = a.mul(ta).mul(ta).add(b.mul(ta).add(b.mul(ta))).add(c);
                let at_ta = q_at_ta.sign();
                let solid_at_ta = if arc.convex { q_at_ta.hi <= 0.0 } else { q_at_ta.lo >= 0.0 };
                if solid_at_ta {
                    return Some(ta);
                }
                at_ta?;
                root_bound(a, b, c, !arc.convex)
            }
        }
    }
}

/// Which side of the line `a → b` the polygon lies on (the sign of
/// `(b − a) × (v − a)` for its vertices off the line), exactly; `None` for
/// a repeated corner.
fn inside_of(a: (f64, f64), b: (f64, f64), corners: &[(f64, f64)]) -> Option<Ordering> {
    if a == b {
        return None;
    }
    // The corners from the one after `b` (off the edge's line in a convex
    // polygon unless it is degenerate), round to `a`.
    let at = corners.iter().position(|&v| v == b).map_or(0, |i| i + 1);
    (0..corners.len())
        .map(|k| corners[(at + k) % corners.len()])
        .map(|v| orient(a.0, a.1, b.0, b.1, v.0, v.1))
        .find(|&s| s != Ordering::Equal)
}

/// `max(0, the t of the faces the segment enters the box through)`,
/// exactly.
fn box_entry(scale: &Scale, seg: &BigSegment, b: &Aabb) -> Frac {
    let ((x0, y0), (x1, y1)) = seg.ends();
    let mut first = Frac::int(0);
    for (vertical, p0, p1, min, max) in [(true, x0, x1, b.min_x, b.max_x), (false, y0, y1, b.min_y, b.max_y)]
    {
        if p0 != p1 {
            first = first.max(seg.t_at(scale, vertical, if p1 > p0 { min } else { max }));
        }
    }
    first
}

/// [`box_entry`] enclosed in floating point.
pub(crate) fn box_entry_bound(((x0, y0), (x1, y1)): Ends, b: &Aabb) -> Option<Interval> {
    let mut first = Interval::ZERO;
    for (p0, p1, min, max) in [(x0, x1, b.min_x, b.max_x), (y0, y1, b.min_y, b.max_y)] {
        if p0 != p1 {
            first = first.max(crossing(if p1 > p0 { min } else { max }, p0, p1)?);
        }
    }
    Some(first)
}

/// The parameter `(at − p0) / (p1 − p0)` of an axis-aligned line (for
/// `p1 != p0`), enclosed: a subtraction, a subtraction and a division of
/// exact inputs, each rounded once, put it within 3 ulps (or an underflow)
/// of the true value; taken at 6 of them. Exactly 0 when `at == p0`.
/// `None` when a difference or the quotient overflows.
fn crossing(at: f64, p0: f64, p1: f64) -> Option<Interval> {
    if at == p0 {
        return Some(Interval::ZERO);
    }
    let (n, d) = (at - p0, p1 - p0);
    if !(n.is_finite() && d.is_finite()) {
        return None;
    }
    let t = n / d;
    if !t.is_finite() {
        return None;
    }
    let slack = 6.0 * (f64::EPSILON / 2.0) * t.abs() + 4.0 * f64::from_bits(1);
    Some(Interval { lo: t - slack, hi: t + slack })
}

/// The smaller (or `larger`) root of `a·t² + 2b·t + c`, enclosed; `None`
/// near a double root (a tangent: rounding cannot separate the two) or
/// when anything overflowed. Each root is taken in the form without
/// cancellation (`c / (−b ∓ √Δ)` for the one `(−b ± √Δ) / a` would lose).
pub(crate) fn root_bound(a: Interval, b: Interval, c: Interval, larger: bool) -> Option<Interval> {
    let disc = b.mul(b).sub(a.mul(c));
    if disc.sign()? != Ordering::Greater || a.sign()? != Ordering::Greater {
        return None;
    }
    let root = disc.sqrt();
    let minus_b = b.neg();
    // (−b − √Δ) and (−b + √Δ): the one whose terms agree in sign is safe.
    let (low, high) = (minus_b.sub(root), minus_b.add(root));
    match (larger, b.sign()) {
        (false, Some(Ordering::Greater)) | (false, Some(Ordering::Equal)) => low.div(a),
        (false, _) => c.div(high),
        (true, Some(Ordering::Less)) | (true, Some(Ordering::Equal)) => high.div(a),
        (true, _) => c.div(low),
    }
}

/// A closed interval `[lo, hi]` of reals, every operation rounded outward
/// (one step of `f64` each way, which covers round-to-nearest, overflow to
/// `±∞` and underflow); a NaN bound becomes the infinite one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    pub(crate) const ZERO: Interval = Interval { lo: 0.0, hi: 0.0 };
    const ALL: Interval = Interval { lo: f64::NEG_INFINITY, hi: f64::INFINITY };

    pub(crate) fn point(v: f64) -> Interval {
        Interval { lo: v, hi: v }
    }

    /// Around a positive `t` computed with a relative error below 3 ulps
    /// (a few rounded operations on exact inputs): 4 ulps each way, and
    /// the smallest subnormal for an underflow.
    pub(crate) fn around(t: f64) -> Interval {
        let slack = 4.0 * f64::EPSILON / 2.0 * t + 2.0 * f64::from_bits(1);
        Interval::outward(t - slack, t + slack)
    }

    /// `[lo, hi]` widened by a step each way.
    fn outward(lo: f64, hi: f64) -> Interval {
        if lo.is_nan() || hi.is_nan() {
            return Interval::ALL;
        }
        Interval { lo: lo.next_down(), hi: hi.next_up() }
    }

    /// `a − b` of two `f64`s (exactly zero when they are equal).
    pub(crate) fn diff(a: f64, b: f64) -> Interval {
        if a == b {
            Interval::ZERO
        } else {
            let d = a - b;
            Interval::outward(d, d)
        }
    }

    pub(crate) fn neg(self) -> Interval {
        Interval { lo: -self.hi, hi: -self.lo }
    }

    // Out of line: the slope and arc enclosures use a few dozen of these
    // off the hot path, and inlined they would be most of this file's wasm.
    #[inline(never)]
    pub(crate) fn add(self, o: Interval) -> Interval {
        if self == Interval::ZERO {
            return o;
        }
        if o == Interval::ZERO {
            return self;
        }
        Interval::outward(self.lo + o.lo, self.hi + o.hi)
    }

    pub(crate) fn sub(self, o: Interval) -> Interval {
        self.add(o.neg())
    }

    #[inline(never)]
    pub(crate) fn mul(self, o: Interval) -> Interval {
        if self == Interval::ZERO || o == Interval::ZERO {
            return Interval::ZERO;
        }
        let p = [self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi];
        if p.iter().any(|v| v.is_nan()) {
            return Interval::ALL;
        }
        Interval::outward(
            p.iter().copied().fold(f64::INFINITY, f64::min),
            p.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        )
    }

    /// `None` when `o` may be zero.
    #[inline(never)]
    pub(crate) fn div(self, o: Interval) -> Option<Interval> {
        o.sign().filter(|&s| s != Ordering::Equal)?;
        let q = [self.lo / o.lo, self.lo / o.hi, self.hi / o.lo, self.hi / o.hi];
        if q.iter().any(|v| v.is_nan()) {
            return None;
        }
        Some(Interval::outward(
            q.iter().copied().fold(f64::INFINITY, f64::min),
            q.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        ))
    }

    /// For `lo >= 0`.
    pub(crate) fn sqrt(self) -> Interval {
        Interval { lo: self.lo.max(0.0).sqrt().next_down().max(0.0), hi: self.hi.sqrt().next_up() }
    }

    pub(crate) fn max(self, o: Interval) -> Interval {
        Interval { lo: self.lo.max(o.lo), hi: self.hi.max(o.hi) }
    }

    /// The sign of every value in the interval, if they share one.
    pub(crate) fn sign(self) -> Option<Ordering> {
        if self.lo > 0.0 {
            Some(Ordering::Greater)
        } else if self.hi < 0.0 {
            Some(Ordering::Less)
        } else if self == Interval::ZERO {
            Some(Ordering::Equal)
        } else {
            None
        }
    }
}
