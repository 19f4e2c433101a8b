//! The brute-force references of the ray tests, in exact arithmetic: which
//! cells a segment passes through (the traversal's definition, cell by
//! cell) and whether it touches a closed box or a tile's polygon, with big
//! rationals (`num-rational`), independent of the module's own predicates.
//! Floating point filters the clear cases, so the references stay fast.

use std::cmp::Ordering;

use num_rational::BigRational;
use num_traits::Zero;

use crate::ray::GridDims;

/// An `f64` as an exact rational.
pub(crate) fn q(v: f64) -> BigRational {
    BigRational::from_float(v).expect("finite")
}

/// The exact sign of `(bx − ax)(cy − ay) − (by − ay)(cx − ax)`.
pub(crate) fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> Ordering {
    // A generous floating filter (a million times the rounding error) for
    // the clear cases; rationals for everything near a tie, or huge.
    let (l, r) = ((b.0 - a.0) * (c.1 - a.1), (b.1 - a.1) * (c.0 - a.0));
    let det = l - r;
    let margin = 1e-9 * (l.abs() + r.abs());
    if det.is_finite() && margin.is_finite() && margin > 1e-200 && det.abs() > margin {
        return if det > 0.0 { Ordering::Greater } else { Ordering::Less };
    }
    let det = (q(b.0) - q(a.0)) * (q(c.1) - q(a.1)) - (q(b.1) - q(a.1)) * (q(c.0) - q(a.0));
    det.cmp(&BigRational::zero())
}

/// A parameter bound: the closed `[0, 1]` ends, a line's exact `t`, or
/// unbounded (a non-moving axis).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Bound {
    NegInf,
    At(BigRational),
    PosInf,
}

/// The open parameter interval of cell `k` on one axis, exactly; `None`
/// when a non-moving coordinate is outside the cell (half-open rule).
fn axis_interval(p0: f64, p1: f64, n: u32, d: &GridDims, k: u32) -> Option<(Bound, Bound)> {
    let _ = n;
    let (lo, hi) = (d.line(k), d.line(k + 1));
    if p0 == p1 {
        return (lo <= p0 && p0 < hi).then_some((Bound::NegInf, Bound::PosInf));
    }
    let dp = q(p1) - q(p0);
    let a = (q(lo) - q(p0)) / &dp;
    let b = (q(hi) - q(p0)) / &dp;
    Some(if a < b { (Bound::At(a), Bound::At(b)) } else { (Bound::At(b), Bound::At(a)) })
}

/// The floating interval of cell `k` on one axis (`±∞` on a non-moving
/// axis inside the cell), only to filter the clear cases.
fn float_interval(p0: f64, p1: f64, d: &GridDims, k: u32) -> Option<(f64, f64)> {
    let (lo, hi) = (d.line(k), d.line(k + 1));
    if p0 == p1 {
        return (lo <= p0 && p0 < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let dp = p1 - p0;
    let (a, b) = ((lo - p0) / dp, (hi - p0) / dp);
    Some((a.min(b), a.max(b)))
}

/// The cells the segment passes through, by the traversal's definition, in
/// order of entry, exactly: each cell's interval in rationals unless the
/// floating one is clearly non-empty or clearly empty (by a margin of a
/// million rounding errors), and the order in rationals between cells whose
/// floating entries are that close. Only cells whose closed square meets the
/// segment's bounding box are examined (the others have empty intervals).
pub(crate) fn cells(d: GridDims, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> Vec<(u32, u32)> {
    if ![x0, y0, x1, y1].iter().all(|v| v.is_finite()) {
        return Vec::new();
    }
    let huge = [x0, y0, x1, y1].iter().any(|v| v.abs() > 1e100)
        || (x1 - x0).abs() < 1e-100 && x1 != x0
        || (y1 - y0).abs() < 1e-100 && y1 != y0;
    let range = |p0: f64, p1: f64, n: u32| -> (u32, u32) {
        let (lo, hi) = (p0.min(p1), p0.max(p1));
        let first = (0..n).find(|&k| d.line(k + 1) >= lo).unwrap_or(n);
        let last = (0..n).rev().find(|&k| d.line(k) <= hi).map_or(0, |k| k + 1);
        (first, last.max(first))
    };
    let (c0, c1) = range(x0, x1, d.cols);
    let (r0, r1) = range(y0, y1, d.rows);
    let margin = 1e-9;
    let exact = |c: u32, r: u32| -> Option<Bound> {
        let (ry0, ry1) = axis_interval(y0, y1, d.rows, &d, r)?;
        let (cx0, cx1) = axis_interval(x0, x1, d.cols, &d, c)?;
        let lo = cx0.max(ry0).max(Bound::At(BigRational::zero()));
        let hi = cx1.min(ry1).min(Bound::At(BigRational::from_integer(1.into())));
        (lo < hi).then_some(lo)
    };
    // (floating entry, cell), for cells known to be visited.
    let mut found: Vec<(f64, u32, u32)> = Vec::new();
    for r in r0..r1 {
        let Some((ry0, ry1)) = float_interval(y0, y1, &d, r) else { continue };
        for c in c0..c1 {
            let Some((cx0, cx1)) = float_interval(x0, x1, &d, c) else { continue };
            let (lo, hi) = (cx0.max(ry0).max(0.0), cx1.min(ry1).min(1.0));
            if !huge && hi - lo > margin {
                found.push((lo, c, r));
            } else if !huge && lo - hi > margin {
                continue;
            } else if exact(c, r).is_some() {
                found.push((lo, c, r));
            }
        }
    }
    found.sort_by(|a, b| {
        if huge || (a.0 - b.0).abs() <= margin {
            exact(a.1, a.2).cmp(&exact(b.1, b.2))
        } else {
            a.0.total_cmp(&b.0)
        }
    });
    found.into_iter().map(|(_, c, r)| (c, r)).collect()
}

/// Whether the closed segment touches the closed convex polygon
/// `vertices` (in order, either winding; a box, a slope, a degenerate
/// box for a door), exactly: no separating axis among the polygon's edge
/// normals and the segment's normal.
pub(crate) fn touches_polygon(seg: ((f64, f64), (f64, f64)), vertices: &[(f64, f64)]) -> bool {
    let (a, b) = seg;
    let n = vertices.len();
    // Distinct vertices only (a door's box repeats them).
    let mut vs: Vec<(f64, f64)> = Vec::new();
    for &v in vertices {
        if !vs.contains(&v) {
            vs.push(v);
        }
    }
    let _ = n;
    if vs.len() == 1 {
        let p = vs[0];
        return orient(a, b, p) == Ordering::Equal
            && p.0.min(a.0.min(b.0)) == a.0.min(b.0)
            && p.0 <= a.0.max(b.0)
            && p.1 >= a.1.min(b.1)
            && p.1 <= a.1.max(b.1);
    }
    // The segment's own axis (for a point segment: every axis is checked by
    // the polygon's projections below).
    if a != b {
        let signs: Vec<Ordering> = vs.iter().map(|&v| orient(a, b, v)).collect();
        if signs.iter().all(|&s| s == Ordering::Greater) || signs.iter().all(|&s| s == Ordering::Less) {
            return false;
        }
    }
    // The polygon's edges (for a segment polygon: both of its sides).
    let centroid_side = |p: (f64, f64), q: (f64, f64)| -> Option<Ordering> {
        vs.iter().map(|&v| orient(p, q, v)).find(|&s| s != Ordering::Equal)
    };
    for i in 0..vs.len() {
        let (p, qv) = (vs[i], vs[(i + 1) % vs.len()]);
        if p == qv {
            continue;
        }
        let inside = centroid_side(p, qv);
        let (sa, sb) = (orient(p, qv, a), orient(p, qv, b));
        match inside {
            Some(side) => {
                let out = side.reverse();
                if sa == out && sb == out {
                    return false;
                }
            }
            None => {
                // A flat polygon (a segment): its line, then its extent.
                if sa == sb && sa != Ordering::Equal {
                    return false;
                }
            }
        }
    }
    // Axis-aligned extents (a flat polygon's extent along its line, and the
    // box axes).
    let (px0, px1) = vs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v.0), h.max(v.0)));
    let (py0, py1) = vs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| (l.min(v.1), h.max(v.1)));
    if a.0.max(b.0) < px0 || a.0.min(b.0) > px1 || a.1.max(b.1) < py0 || a.1.min(b.1) > py1 {
        return false;
    }
    true
}

/// Whether the closed segment touches the closed solid of a quarter-circle
/// tile — the square `tile` and the closed disc of radius `r` around
/// `centre` (`convex`), or the square minus the open disc — exactly, in
/// rationals ([`first_in_quarter_circle`]). Floating point only filters
/// segments of the tile's scale that are clear of the boundary by a
/// millionth of a tile (a sampled point that deep inside, or the whole
/// segment that far outside).
pub(crate) fn touches_quarter_circle(
    seg: ((f64, f64), (f64, f64)),
    tile: &crate::geometry::Aabb,
    centre: (f64, f64),
    r: f64,
    convex: bool,
) -> bool {
    let ((x0, y0), (x1, y1)) = seg;
    let reach = [x0, y0, x1, y1, tile.max_x, tile.max_y].iter().fold(0.0f64, |m, v| m.max(v.abs()));
    if reach < 1e6 * r && tile.min_x >= 0.0 && tile.min_y >= 0.0 {
        let margin = 1e-6 * r;
        let dist = |(x, y): (f64, f64)| (x - centre.0).hypot(y - centre.1);
        let at = |t: f64| (x0 + t * (x1 - x0), y0 + t * (y1 - y0));
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len2 = dx * dx + dy * dy;
        let nearest = if len2 > 0.0 {
            (((centre.0 - x0) * dx + (centre.1 - y0) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let clear_outside = if convex {
            dist(at(nearest)) > r + margin
        } else {
            dist(at(0.0)).max(dist(at(1.0))) < r - margin
        };
        if clear_outside {
            return false;
        }
        let deep = |p: (f64, f64)| {
            let in_square = tile.min_x + margin < p.0
                && p.0 < tile.max_x - margin
                && tile.min_y + margin < p.1
                && p.1 < tile.max_y - margin;
            in_square && if convex { dist(p) < r - margin } else { dist(p) > r + margin }
        };
        if (0..=16).any(|k| deep(at(f64::from(k) / 16.0))) || deep(at(nearest)) {
            return true;
        }
    }
    first_in_quarter_circle(seg, tile, centre, r, convex).is_some()
}

/// The parameter of the first point of the segment in the quarter-circle
/// solid, when it touches it (decided in rationals): where the segment
/// enters the square when the solid is there, else the circle's root (the
/// tangent point of a convex tile, the way out of a concave one's hollow)
/// to within rounding.
pub(crate) fn first_in_quarter_circle(
    seg: ((f64, f64), (f64, f64)),
    tile: &crate::geometry::Aabb,
    centre: (f64, f64),
    r: f64,
    convex: bool,
) -> Option<f64> {
    quarter_circle_contact(seg, tile, centre, r, convex).map(|t| t.to_f64())
}

/// A parameter along a segment, exactly: a rational, or a root of
/// `a·t² + 2b·t + c` (`a > 0`, real roots) — the smaller or the larger.
#[derive(Clone, Debug)]
pub(crate) enum RefT {
    Q(BigRational),
    Root { a: BigRational, b: BigRational, c: BigRational, larger: bool },
}

impl RefT {
    /// As `p + s·√d`: `(p, s, d)`.
    fn parts(&self) -> (BigRational, BigRational, BigRational) {
        match self {
            RefT::Q(t) => (t.clone(), BigRational::zero(), BigRational::zero()),
            RefT::Root { a, b, c, larger } => {
                let one = BigRational::from_integer(1.into());
                let s = if *larger { one } else { -one };
                (-b / a, s, (b * b - a * c) / (a * a))
            }
        }
    }

    /// The order of two parameters: `p₁ + s₁√d₁` against `p₂ + s₂√d₂` by
    /// squaring out the roots one at a time.
    pub(crate) fn cmp(&self, other: &RefT) -> Ordering {
        let (p1, s1, d1) = self.parts();
        let (p2, s2, d2) = other.parts();
        // x − y = A − B with A = (p1 − p2) + s1√d1, B = s2√d2.
        let u = &p1 - &p2;
        let sign_a = sign_plus_root(&u, &s1, &d1);
        let sign_b = sign_plus_root(&BigRational::zero(), &s2, &d2);
        if sign_a != sign_b || sign_a == Ordering::Equal {
            return sign_a.cmp(&sign_b);
        }
        // Same sign: compare A² = u² + d1 + 2·s1·u·√d1 with B² = d2.
        let two = BigRational::from_integer(2.into());
        let squares = sign_plus_root(&(&u * &u + &s1 * &s1 * &d1 - &s2 * &s2 * &d2), &(&two * &s1 * &u), &d1);
        if sign_a == Ordering::Greater {
            squares
        } else {
            squares.reverse()
        }
    }

    /// The nearest `f64`, about.
    pub(crate) fn to_f64(&self) -> f64 {
        let f = |v: &BigRational| num_traits::ToPrimitive::to_f64(v).expect("finite");
        let (p, s, d) = self.parts();
        f(&p) + f(&s) * f(&d).max(0.0).sqrt()
    }
}

/// The sign of `u + v·√w` (`w ≥ 0`), exactly.
fn sign_plus_root(u: &BigRational, v: &BigRational, w: &BigRational) -> Ordering {
    let zero = BigRational::zero();
    let (su, sv) = (u.cmp(&zero), if w.is_zero() { Ordering::Equal } else { v.cmp(&zero) });
    if sv == Ordering::Equal || su == sv {
        return if su == Ordering::Equal { sv } else { su };
    }
    if su == Ordering::Equal {
        return sv;
    }
    // Opposite signs: the larger magnitude wins.
    match (u * u).cmp(&(v * v * w)) {
        Ordering::Greater => su,
        Ordering::Less => sv,
        Ordering::Equal => Ordering::Equal,
    }
}

/// The parameter interval `[lo, hi] ⊆ [0, 1]` in which the segment is in the
/// closed box (slab by slab, in rationals), if any.
fn clip_box(
    (a, b): ((f64, f64), (f64, f64)),
    tile: &crate::geometry::Aabb,
) -> Option<(BigRational, BigRational)> {
    let (mut lo, mut hi) = (BigRational::zero(), BigRational::from_integer(1.into()));
    for (p0, p1, min, max) in [(a.0, b.0, tile.min_x, tile.max_x), (a.1, b.1, tile.min_y, tile.max_y)] {
        if p0 == p1 {
            if p0 < min || p0 > max {
                return None;
            }
            continue;
        }
        let dp = q(p1) - q(p0);
        let (ta, tb) = ((q(min) - q(p0)) / &dp, (q(max) - q(p0)) / &dp);
        let (enter, leave) = if ta < tb { (ta, tb) } else { (tb, ta) };
        lo = lo.max(enter);
        hi = hi.min(leave);
    }
    (lo <= hi).then_some((lo, hi))
}

/// The first parameter of the segment in a closed box (a door: a flat
/// one), exactly, if it touches it.
pub(crate) fn box_contact(seg: ((f64, f64), (f64, f64)), b: &crate::geometry::Aabb) -> Option<RefT> {
    clip_box(seg, b).map(|(lo, _)| RefT::Q(lo))
}

/// The first parameter of the segment in a closed convex polygon (not
/// flat), exactly, if it touches it: the half-planes of its edges clipped
/// one by one (Cyrus–Beck) in rationals.
pub(crate) fn polygon_contact((a, b): ((f64, f64), (f64, f64)), vertices: &[(f64, f64)]) -> Option<RefT> {
    let (mut lo, mut hi) = (BigRational::zero(), BigRational::from_integer(1.into()));
    let (dx, dy) = (q(b.0) - q(a.0), q(b.1) - q(a.1));
    let n = vertices.len();
    for i in 0..n {
        let (v, w) = (vertices[i], vertices[(i + 1) % n]);
        if v == w {
            continue;
        }
        let inside = vertices.iter().map(|&u| orient(v, w, u)).find(|&s| s != Ordering::Equal)?;
        let (ex, ey) = (q(w.0) - q(v.0), q(w.1) - q(v.1));
        // f(t) = e × (P(t) − v) = f0 + t·rate; inside where sign(f) is `inside` or 0.
        let f0 = &ex * (q(a.1) - q(v.1)) - &ey * (q(a.0) - q(v.0));
        let rate = &ex * &dy - &ey * &dx;
        let outside = |f: &BigRational| f.cmp(&BigRational::zero()) == inside.reverse();
        if rate.is_zero() {
            if outside(&f0) {
                return None;
            }
            continue;
        }
        let t = -&f0 / &rate;
        if rate.cmp(&BigRational::zero()) == inside {
            lo = lo.max(t);
        } else {
            hi = hi.min(t);
        }
    }
    (lo <= hi).then_some(RefT::Q(lo))
}

/// The first parameter of the segment in a quarter-circle solid, exactly,
/// if it touches it (see [`touches_quarter_circle`]).
pub(crate) fn quarter_circle_contact(
    (a, b): ((f64, f64), (f64, f64)),
    tile: &crate::geometry::Aabb,
    centre: (f64, f64),
    r: f64,
    convex: bool,
) -> Option<RefT> {
    let margin = 1e-6 * (tile.max_x - tile.min_x);
    if a.0.max(b.0) < tile.min_x - margin
        || a.0.min(b.0) > tile.max_x + margin
        || a.1.max(b.1) < tile.min_y - margin
        || a.1.min(b.1) > tile.max_y + margin
    {
        return None;
    }
    let (lo, hi) = clip_box((a, b), tile)?;
    let (dx, dy) = (q(b.0) - q(a.0), q(b.1) - q(a.1));
    let (ox, oy) = (q(a.0) - q(centre.0), q(a.1) - q(centre.1));
    let r2 = q(r) * q(r);
    // Squared distance to the centre at t, minus r²: len2·t² + 2·half_b·t + c.
    let (len2, half_b, c) = (&dx * &dx + &dy * &dy, &ox * &dx + &oy * &dy, &ox * &ox + &oy * &oy - &r2);
    let excess = |t: &BigRational| &len2 * t * t + BigRational::from_integer(2.into()) * &half_b * t + &c;
    let root = |larger: bool| RefT::Root { a: len2.clone(), b: half_b.clone(), c: c.clone(), larger };
    if convex {
        let nearest =
            if len2.is_zero() { lo.clone() } else { (-&half_b / &len2).clamp(lo.clone(), hi.clone()) };
        if excess(&nearest) > BigRational::zero() {
            return None;
        }
        if excess(&lo) <= BigRational::zero() {
            return Some(RefT::Q(lo));
        }
        // It enters the disc after lo: the smaller root.
        Some(root(false))
    } else {
        if excess(&lo) >= BigRational::zero() {
            return Some(RefT::Q(lo));
        }
        if excess(&hi) < BigRational::zero() {
            return None;
        }
        // It leaves the hollow after lo: the larger root.
        Some(root(true))
    }
}
