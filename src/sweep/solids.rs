//! A moving box against one solid: a box (an object, a closed door — a box
//! of no width), a tile's polygon, a quarter circle's disc or hollow. The
//! answer is the first time at which the box's interior starts to overlap
//! the solid's interior (see the module docs of `sweep` for why interiors),
//! with the surface normal there.
//!
//! Convex solids by the separating axes in time: on each axis the times at
//! which the two shapes' projections overlap (as open intervals) form an
//! open window; the interiors overlap exactly while every window is open,
//! so the first contact is the latest window's start, if that comes before
//! the earliest end. The axes are x, y and a slope's normal; a quarter disc
//! is the square's windows together with the box coming within the radius
//! of the centre (the box grown by the radius, its corner rounded); the
//! hollow of a concave tile is solved directly on the box's corner farthest
//! from the centre.

use std::cmp::Ordering;

use super::time::{disc_sign, dot_products, BoxMotion, Time};
use crate::geometry::Aabb;
use crate::segment::sign_of_products;
use crate::tile_grid::{to_world, TileGeometry, TilePolygon, TileShape};

/// Where a moving box first overlaps a solid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Contact {
    pub time: Time,
    /// The unit outward normal of the surface met; `(0, 0)` when the box
    /// overlaps the solid already at `t = 0`.
    pub normal: (f64, f64),
    /// The radius of the curve met when it is a concave quarter circle's
    /// (the box is then in its hollow), else 0: a box sliding along a
    /// hollow follows it chord by chord.
    pub hollow_radius: f64,
}

impl Contact {
    /// Whether the box overlaps the solid already at the start.
    pub(crate) fn inside(&self) -> bool {
        self.normal == (0.0, 0.0)
    }
}

/// The open interval of times at which two projections overlap on one
/// axis, with the normal of the face that opens it. (Short-lived, on the
/// stack: its size is that of the times it holds.)
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Window {
    Never,
    Always,
    Open { enter: Time, exit: Time, normal: (f64, f64) },
}

/// The window on `axis` of the box against the closed `[lo, hi]` (a box's
/// side; `lo == hi` for a door or a point).
#[inline]
pub(crate) fn box_window(m: &BoxMotion, axis: usize, lo: f64, hi: f64) -> Window {
    let (a_lo, a_hi, d) = (m.lo[axis], m.hi[axis], m.d[axis]);
    let unit = |s: f64| if axis == 0 { (s, 0.0) } else { (0.0, s) };
    if d > 0.0 {
        Window::Open {
            enter: Time::face(m, axis, lo, 0.0, a_hi),
            exit: Time::face(m, axis, hi, 0.0, a_lo),
            normal: unit(-1.0),
        }
    } else if d < 0.0 {
        Window::Open {
            enter: Time::face(m, axis, hi, 0.0, a_lo),
            exit: Time::face(m, axis, lo, 0.0, a_hi),
            normal: unit(1.0),
        }
    } else if a_lo < hi && lo < a_hi {
        Window::Always
    } else {
        Window::Never
    }
}

/// Where the windows overlap: from the latest start (and the normal of the
/// faces opening it, summed on a tie) to the earliest end; `None` for an
/// unbounded side, and `None` altogether when they never all overlap.
#[derive(Clone, Copy, Debug)]
struct Span {
    enter: Option<(Time, (f64, f64))>,
    exit: Option<Time>,
}

fn span(m: &BoxMotion, windows: &[Window]) -> Option<Span> {
    let mut out = Span { enter: None, exit: None };
    for w in windows {
        match *w {
            Window::Never => return None,
            Window::Always => {}
            Window::Open { enter, exit, normal } => {
                out.enter = Some(match out.enter {
                    None => (enter, normal),
                    Some((now, n)) => match enter.cmp(&now, m) {
                        Ordering::Greater => (enter, normal),
                        Ordering::Equal => (now, (n.0 + normal.0, n.1 + normal.1)),
                        Ordering::Less => (now, n),
                    },
                });
                out.exit = Some(match out.exit {
                    Some(now) if !exit.before(&now, m) => now,
                    _ => exit,
                });
            }
        }
    }
    if let (Some((enter, _)), Some(exit)) = (&out.enter, &out.exit) {
        if !enter.before(exit, m) {
            return None;
        }
    }
    Some(out)
}

/// The first contact of a span with `(0, 1)`: its start clamped to 0
/// (overlapping at 0: inside), if that comes before its end and before 1.
fn first_in_motion(m: &BoxMotion, s: &Span) -> Option<Contact> {
    if let Some(exit) = &s.exit {
        if !Time::ZERO.before(exit, m) {
            return None;
        }
    }
    let Some((enter, normal)) = s.enter else {
        return Some(Contact { time: Time::ZERO, normal: (0.0, 0.0), hollow_radius: 0.0 });
    };
    if !enter.before(&Time::ONE, m) {
        return None;
    }
    Some(match enter.cmp(&Time::ZERO, m) {
        Ordering::Greater => Contact { time: enter, normal: unit(normal), hollow_radius: 0.0 },
        Ordering::Equal => Contact { time: Time::ZERO, normal: unit(normal), hollow_radius: 0.0 },
        Ordering::Less => Contact { time: Time::ZERO, normal: (0.0, 0.0), hollow_radius: 0.0 },
    })
}

/// The first contact of the box with the region where all the windows are
/// open.
#[inline]
pub(crate) fn first_contact(m: &BoxMotion, windows: &[Window]) -> Option<Contact> {
    first_in_motion(m, &span(m, windows)?)
}

/// A moving box against a closed box (an object, or a door: a box of no
/// width or height).
#[inline]
pub(crate) fn box_contact(m: &BoxMotion, b: &Aabb) -> Option<Contact> {
    match quick_box_contact(m, b) {
        Quick::Miss => None,
        Quick::Hit(c) => Some(c),
        Quick::Unsure => {
            let x = box_window(m, 0, b.min_x, b.max_x);
            if x == Window::Never {
                return None;
            }
            first_contact(m, &[x, box_window(m, 1, b.min_y, b.max_y)])
        }
    }
}

/// What floating point alone could tell.
enum Quick {
    Miss,
    Hit(Contact),
    Unsure,
}

/// An interval of reals holding a value computed in floating point.
#[derive(Clone, Copy)]
struct Iv {
    lo: f64,
    hi: f64,
}

impl Iv {
    const ZERO: Iv = Iv { lo: 0.0, hi: 0.0 };
    const ONE: Iv = Iv { lo: 1.0, hi: 1.0 };

    /// `(face − side) / d`, bounded as [`Time::face`] bounds it (exact when
    /// the face and the side coincide).
    #[inline]
    fn face(face: f64, side: f64, d: f64) -> Iv {
        if face == side {
            return Iv::ZERO;
        }
        let v = (face - side) / d;
        let err = 4.0 * (f64::EPSILON / 2.0) * v.abs() + 4.0 * f64::from_bits(1);
        Iv { lo: v - err, hi: v + err }
    }

    /// Surely below `other`.
    #[inline]
    fn lt(self, other: Iv) -> bool {
        self.hi < other.lo
    }

    /// Surely at or below `other`.
    #[inline]
    fn le(self, other: Iv) -> bool {
        self.hi <= other.lo
    }
}

/// [`box_contact`] in floating point, when its bounds decide every
/// comparison (nearly always): the hot path of the tile-aware step, whose
/// maps are mostly full tiles and doors.
#[inline]
fn quick_box_contact(m: &BoxMotion, b: &Aabb) -> Quick {
    let mut enter: Option<(Iv, usize)> = None;
    let mut exit = Iv { lo: f64::INFINITY, hi: f64::INFINITY };
    for (axis, lo, hi) in [(0, b.min_x, b.max_x), (1, b.min_y, b.max_y)] {
        let (a_lo, a_hi, d) = (m.lo[axis], m.hi[axis], m.d[axis]);
        let (e, x) = if d > 0.0 {
            (Iv::face(lo, a_hi, d), Iv::face(hi, a_lo, d))
        } else if d < 0.0 {
            (Iv::face(hi, a_lo, d), Iv::face(lo, a_hi, d))
        } else if a_lo < hi && lo < a_hi {
            continue;
        } else {
            return Quick::Miss;
        };
        if !(e.lo.is_finite() && e.hi.is_finite() && x.lo.is_finite() && x.hi.is_finite()) {
            return Quick::Unsure;
        }
        // Over before 0, or not begun by 1.
        if x.le(Iv::ZERO) || Iv::ONE.le(e) {
            return Quick::Miss;
        }
        enter = match enter {
            None => Some((e, axis)),
            Some((now, _)) if now.lt(e) => Some((e, axis)),
            Some((now, k)) if e.lt(now) => Some((now, k)),
            // A near-tie or a corner met exactly: the exact order decides.
            Some(_) => return Quick::Unsure,
        };
        exit = Iv { lo: exit.lo.min(x.lo), hi: exit.hi.min(x.hi) };
    }
    let Some((e, axis)) = enter else {
        return Quick::Hit(Contact { time: Time::ZERO, normal: (0.0, 0.0), hollow_radius: 0.0 });
    };
    if exit.le(e) || exit.le(Iv::ZERO) || Iv::ONE.le(e) {
        return Quick::Miss;
    }
    if !(e.lt(exit) && Iv::ZERO.lt(exit) && e.lt(Iv::ONE)) {
        return Quick::Unsure;
    }
    let sign = if m.d[axis] > 0.0 { -1.0 } else { 1.0 };
    let normal = if axis == 0 { (sign, 0.0) } else { (0.0, sign) };
    let contact = |time: Time, normal: (f64, f64)| Quick::Hit(Contact { time, normal, hollow_radius: 0.0 });
    if e.lo > 0.0 {
        let (lo, hi) = if axis == 0 { (b.min_x, b.max_x) } else { (b.min_y, b.max_y) };
        let (face, side) = if m.d[axis] > 0.0 { (lo, m.hi[axis]) } else { (hi, m.lo[axis]) };
        contact(Time::face(m, axis, face, 0.0, side), normal)
    } else if e.hi < 0.0 {
        contact(Time::ZERO, (0.0, 0.0))
    } else if e.lo == 0.0 && e.hi == 0.0 {
        contact(Time::ZERO, normal)
    } else {
        Quick::Unsure
    }
}

/// A moving box against the tile `shape` laid in the cell `tile`.
pub(crate) fn tile_contact(m: &BoxMotion, shape: TileShape, tile: &Aabb) -> Option<Contact> {
    match shape {
        TileShape::Empty => None,
        TileShape::Full => box_contact(m, tile),
        _ => match shape.geometry() {
            TileGeometry::Empty => None,
            TileGeometry::Polygon(p) => polygon_contact(m, shape, tile, &p),
            TileGeometry::QuarterCircle(q) => {
                let centre = to_world(tile, q.centre);
                let radius = tile.max_x - tile.min_x;
                if q.solid_inside {
                    disc_contact(m, tile, centre, radius)
                } else {
                    hollow_contact(m, tile, centre, radius)
                }
            }
        },
    }
}

/// A convex polygon tile: the windows of its bounding box and of each
/// slanted edge's normal.
fn polygon_contact(m: &BoxMotion, shape: TileShape, tile: &Aabb, p: &TilePolygon) -> Option<Contact> {
    let mut corners = [(0.0, 0.0); 4];
    let n = p.vertices().len();
    let (mut lo, mut hi) = ((f64::INFINITY, f64::INFINITY), (f64::NEG_INFINITY, f64::NEG_INFINITY));
    for (c, &v) in corners.iter_mut().zip(p.vertices()) {
        *c = to_world(tile, v);
        lo = (lo.0.min(c.0), lo.1.min(c.1));
        hi = (hi.0.max(c.0), hi.1.max(c.1));
    }
    let x = box_window(m, 0, lo.0, hi.0);
    if x == Window::Never {
        return None;
    }
    let mut windows = [x, box_window(m, 1, lo.1, hi.1), Window::Always];
    // The vertex deepest behind the slanted face: the tile's solid corner.
    let corner = shape.corner().map_or(corners[0], |c| to_world(tile, c.local()));
    for i in 0..n {
        let (a, b) = (corners[i], corners[(i + 1) % n]);
        if a.0 != b.0 && a.1 != b.1 {
            windows[2] = slanted_window(m, a, b, corner);
        }
    }
    first_contact(m, &windows)
}

/// The window on the outward normal `n = (b.y − a.y, a.x − b.x)` of the
/// polygon edge `a → b`, the polygon reaching back to `deepest`.
fn slanted_window(m: &BoxMotion, a: (f64, f64), b: (f64, f64), deepest: (f64, f64)) -> Window {
    let (n0, n1) = (b.1 - a.1, a.0 - b.0);
    // The box's corners lowest and highest along n (the signs of n's
    // components are exact: a difference rounds to the right sign).
    let low = (if n0 > 0.0 { m.lo[0] } else { m.hi[0] }, if n1 > 0.0 { m.lo[1] } else { m.hi[1] });
    let high = (if n0 > 0.0 { m.hi[0] } else { m.lo[0] }, if n1 > 0.0 { m.hi[1] } else { m.lo[1] });
    let length = n0.hypot(n1);
    let unit_n = (n0 / length, n1 / length);
    match speed_sign(m, a, b) {
        // Still along n: the projections overlap for ever or never —
        // `low·n < a·n` and `deepest·n < high·n`.
        Ordering::Equal => {
            let ahead = |p: (f64, f64), q: (f64, f64)| dot_sign(p, q, a, b) == Ordering::Greater;
            if ahead(a, low) && ahead(high, deepest) {
                Window::Always
            } else {
                Window::Never
            }
        }
        Ordering::Greater => Window::Open {
            enter: Time::slanted(m, a, b, deepest, high),
            exit: Time::slanted(m, a, b, a, low),
            normal: (-unit_n.0, -unit_n.1),
        },
        Ordering::Less => Window::Open {
            enter: Time::slanted(m, a, b, a, low),
            exit: Time::slanted(m, a, b, deepest, high),
            normal: unit_n,
        },
    }
}

/// The sign of `(p − q) · n`, `n = (b.y − a.y, a.x − b.x)`, exactly: in
/// floating point when it is clear of its rounding, else as an exact sum
/// of products of the inputs.
fn dot_sign(p: (f64, f64), q: (f64, f64), a: (f64, f64), b: (f64, f64)) -> Ordering {
    let (u, v) = ((p.0 - q.0) * (b.1 - a.1), (p.1 - q.1) * (a.0 - b.0));
    let s = u + v;
    // Two differences, a product and a sum per term, each rounded once.
    let bound = 8.0 * f64::EPSILON * (u.abs() + v.abs()) + 8.0 * f64::from_bits(1);
    if s.is_finite() && s.abs() > bound {
        return if s > 0.0 { Ordering::Greater } else { Ordering::Less };
    }
    sign_of_products(&dot_products(p, q, a, b))
}

/// The sign of `d · n`, `n = (b.y − a.y, a.x − b.x)`, exactly.
fn speed_sign(m: &BoxMotion, a: (f64, f64), b: (f64, f64)) -> Ordering {
    if m.d == [0.0, 0.0] {
        return Ordering::Equal;
    }
    let (n0, n1) = (b.1 - a.1, a.0 - b.0);
    let (p, q) = (m.d[0] * n0, m.d[1] * n1);
    let s = p + q;
    // Three roundings of at most half an ulp of the terms each, and two
    // underflows.
    let bound = 4.0 * f64::EPSILON * (p.abs() + q.abs()) + 4.0 * f64::from_bits(1);
    if s.is_finite() && s.abs() > bound {
        return if s > 0.0 { Ordering::Greater } else { Ordering::Less };
    }
    sign_of_products(&[(m.d[0], b.1, false), (m.d[0], a.1, true), (m.d[1], a.0, false), (m.d[1], b.0, true)])
}

/// The box's point nearest `centre` while it overlaps the tile square: on
/// each axis the side facing the centre (a corner of the tile).
fn facing(m: &BoxMotion, tile: &Aabb, centre: (f64, f64)) -> (f64, f64) {
    (
        if centre.0 == tile.max_x { m.hi[0] } else { m.lo[0] },
        if centre.1 == tile.max_y { m.hi[1] } else { m.lo[1] },
    )
}

/// A convex quarter circle (the square and the disc): the first time the
/// box overlaps the open square and comes within the radius of the centre.
/// Within the square the box's point nearest the centre is the centre
/// itself, a point of a face, or the box's corner facing the centre, so
/// the box within the radius is the union of the box grown by the radius
/// along x, along y, and the disc around that corner; the first contact is
/// the earliest of the square's windows with each.
fn disc_contact(m: &BoxMotion, tile: &Aabb, centre: (f64, f64), r: f64) -> Option<Contact> {
    let square = [box_window(m, 0, tile.min_x, tile.max_x), box_window(m, 1, tile.min_y, tile.max_y)];
    if square.contains(&Window::Never) {
        return None;
    }
    let along_x =
        [square[0], square[1], grown_window(m, 0, centre.0, r), box_window(m, 1, centre.1, centre.1)];
    let along_y =
        [square[0], square[1], box_window(m, 0, centre.0, centre.0), grown_window(m, 1, centre.1, r)];
    let corner = facing(m, tile, centre);
    let round = [square[0], square[1], disc_window(m, corner, centre, r)];
    let mut best: Option<Contact> = None;
    for windows in [&along_x[..], &along_y[..], &round[..]] {
        if let Some(c) = first_contact(m, windows) {
            // On a tie, overlapping from the start wins over touching.
            let better = best.is_none_or(|b| match c.time.cmp(&b.time, m) {
                Ordering::Less => true,
                Ordering::Equal => c.inside() && !b.inside(),
                Ordering::Greater => false,
            });
            if better {
                best = Some(c);
            }
        }
    }
    best
}

/// The window of the box grown by `r` on `axis` against the point `c`
/// there.
fn grown_window(m: &BoxMotion, axis: usize, c: f64, r: f64) -> Window {
    let (lo, hi, d) = (m.lo[axis], m.hi[axis], m.d[axis]);
    let unit = |s: f64| if axis == 0 { (s, 0.0) } else { (0.0, s) };
    if d > 0.0 {
        Window::Open {
            enter: Time::face(m, axis, c, -r, hi),
            exit: Time::face(m, axis, c, r, lo),
            normal: unit(-1.0),
        }
    } else if d < 0.0 {
        Window::Open {
            enter: Time::face(m, axis, c, r, lo),
            exit: Time::face(m, axis, c, -r, hi),
            normal: unit(1.0),
        }
    } else {
        // lo − r < c < hi + r.
        let below = sign_of_products(&[(c, 1.0, false), (r, 1.0, false), (lo, 1.0, true)]);
        let above = sign_of_products(&[(hi, 1.0, false), (r, 1.0, false), (c, 1.0, true)]);
        if below == Ordering::Greater && above == Ordering::Greater {
            Window::Always
        } else {
            Window::Never
        }
    }
}

/// The window in which the moving point `p` is strictly within `r` of `c`.
fn disc_window(m: &BoxMotion, p: (f64, f64), c: (f64, f64), r: f64) -> Window {
    let moving = [m.d[0] != 0.0, m.d[1] != 0.0];
    if moving == [false, false] {
        return if distance_sign(p, c, r) == Ordering::Less { Window::Always } else { Window::Never };
    }
    if disc_sign(m, p, moving, c, r) != Ordering::Greater {
        return Window::Never;
    }
    let enter = Time::root(m, p, moving, c, r, false);
    let t = enter.value();
    let at = (p.0 + t * m.d[0] - c.0, p.1 + t * m.d[1] - c.1);
    Window::Open { enter, exit: Time::root(m, p, moving, c, r, true), normal: unit(at) }
}

/// The sign of `|p − c|² − r²`, exactly.
fn distance_sign(p: (f64, f64), c: (f64, f64), r: f64) -> Ordering {
    sign_of_products(&[
        (p.0, p.0, false),
        (p.0, c.0, true),
        (p.0, c.0, true),
        (c.0, c.0, false),
        (p.1, p.1, false),
        (p.1, c.1, true),
        (p.1, c.1, true),
        (c.1, c.1, false),
        (r, r, true),
    ])
}

/// A concave quarter circle (the square minus the disc): the box overlaps
/// it while it overlaps the open square and the corner of its part inside
/// the square farthest from the centre lies beyond the circle. That corner
/// moves with the box until it reaches the far side of the square, then
/// stays on it: at most three stretches, on each of which its distance to
/// the centre is a convex quadratic in `t`, positive beyond the circle
/// except between its roots.
fn hollow_contact(m: &BoxMotion, tile: &Aabb, centre: (f64, f64), r: f64) -> Option<Contact> {
    let square =
        span(m, &[box_window(m, 0, tile.min_x, tile.max_x), box_window(m, 1, tile.min_y, tile.max_y)])?;
    // The stretch of the motion inside the square: (start, end).
    let (start, square_normal) = match square.enter {
        Some((t, n)) if t.cmp(&Time::ZERO, m) != Ordering::Less => (t, Some(unit(n))),
        _ => (Time::ZERO, None),
    };
    let end = match square.exit {
        Some(t) if t.before(&Time::ONE, m) => t,
        _ => Time::ONE,
    };
    if !start.before(&end, m) {
        return None;
    }
    // Per axis: the square's far side from the centre, the box's side
    // that reaches for it, and whether moving takes it farther.
    let far = |axis: usize| {
        let (min, max) = if axis == 0 { (tile.min_x, tile.max_x) } else { (tile.min_y, tile.max_y) };
        let c = if axis == 0 { centre.0 } else { centre.1 };
        if c == min {
            (max, m.hi[axis], 1.0)
        } else {
            (min, m.lo[axis], -1.0)
        }
    };
    let axes = [far(0), far(1)];
    // The times at which the far corner reaches the square's far side.
    let mut breaks = [Time::ZERO; 2];
    let mut count = 0;
    for (axis, &(edge, side, _)) in axes.iter().enumerate() {
        if m.d[axis] != 0.0 {
            let t = Time::face(m, axis, edge, 0.0, side);
            if start.before(&t, m) && t.before(&end, m) {
                breaks[count] = t;
                count += 1;
            }
        }
    }
    if count == 2 && breaks[1].before(&breaks[0], m) {
        breaks.swap(0, 1);
    }
    let mut from = start;
    for k in 0..=count {
        let to = breaks.get(k).filter(|_| k < count).copied().unwrap_or(end);
        // Whether the corner is held on the far side on each axis during
        // (from, to): it is beyond the edge there (moving farther: from
        // the break on; moving nearer: until it).
        let held = |axis: usize| {
            let (edge, side, farther) = axes[axis];
            let d = m.d[axis];
            if d == 0.0 {
                (side - edge) * farther >= 0.0
            } else {
                let t = Time::face(m, axis, edge, 0.0, side);
                if d * farther > 0.0 {
                    t.cmp(&from, m) != Ordering::Greater
                } else {
                    t.cmp(&to, m) != Ordering::Less
                }
            }
        };
        let held = [held(0), held(1)];
        let point =
            (if held[0] { axes[0].0 } else { axes[0].1 }, if held[1] { axes[1].0 } else { axes[1].1 });
        let moving = [!held[0] && m.d[0] != 0.0, !held[1] && m.d[1] != 0.0];
        let at_from = |t: Time| {
            // Where the corner is at `t`, for the normal.
            let v = t.value();
            let p = (
                point.0 + if moving[0] { v * m.d[0] } else { 0.0 },
                point.1 + if moving[1] { v * m.d[1] } else { 0.0 },
            );
            unit((centre.0 - p.0, centre.1 - p.1))
        };
        let first = if moving == [false, false] {
            (distance_sign(point, centre, r) == Ordering::Greater).then_some(from)
        } else if disc_sign(m, point, moving, centre, r) != Ordering::Greater {
            Some(from)
        } else {
            let (near, far_root) = (
                Time::root(m, point, moving, centre, r, false),
                Time::root(m, point, moving, centre, r, true),
            );
            let within = near.cmp(&from, m) != Ordering::Greater && from.before(&far_root, m);
            if !within {
                Some(from)
            } else if far_root.before(&to, m) {
                return Some(Contact { time: far_root, normal: at_from(far_root), hollow_radius: r });
            } else {
                None
            }
        };
        if let Some(t) = first {
            if k == 0 {
                if let Some(n) = square_normal {
                    return Some(Contact { time: t, normal: n, hollow_radius: 0.0 });
                }
                // Inside the square from the start: inside the solid, or
                // on the circle and moving beyond it.
                let normal = if distance_sign(point, centre, r) == Ordering::Greater {
                    (0.0, 0.0)
                } else {
                    at_from(t)
                };
                return Some(Contact {
                    time: t,
                    normal,
                    hollow_radius: if normal == (0.0, 0.0) { 0.0 } else { r },
                });
            }
            return Some(Contact { time: t, normal: at_from(t), hollow_radius: r });
        }
        if k < count {
            from = breaks[k];
        }
    }
    None
}

/// `v` scaled to unit length (`(0, 0)` stays).
fn unit(v: (f64, f64)) -> (f64, f64) {
    // Scaled first so that a huge or tiny vector keeps its direction.
    let big = v.0.abs().max(v.1.abs());
    if big == 0.0 || !big.is_finite() {
        return (0.0, 0.0);
    }
    let (x, y) = (v.0 / big, v.1 / big);
    let length = x.hypot(y);
    (x / length, y / length)
}
