//! The brute-force reference for moving boxes, in big rationals
//! (`num-rational`), independent of the module's windows and times: the
//! times at which anything about the overlap can change are listed (a box
//! side crossing a line of the solid, a box corner crossing a polygon
//! edge's line, a point of the box or the square reaching the circle),
//! sorted, and the overlap of interiors is tested exactly at a time
//! strictly between each two; the first contact is the start of the first
//! stretch that overlaps. Polygons by the area of their intersection with
//! the box (Sutherland–Hodgman), circles by exact squared distances.
//! Roots of quadratics are kept as intervals of rationals a 2⁻²⁰⁰ part of
//! the root's scale wide, or exactly when the root is rational.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::geometry::Aabb;
use crate::tile_grid::{to_world, TileGeometry, TileShape};

type Q = BigRational;

fn q(v: f64) -> Q {
    BigRational::from_float(v).expect("finite")
}

/// A solid the reference knows.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Solid {
    /// A tile's exact solid in its cell.
    Tile(TileShape, Aabb),
    /// A closed box (an object), or a door: a box of no width or height.
    Box(Aabb),
}

/// Where the first contact is: between `lo` and `hi` (equal when exact);
/// `inside` when the box overlaps the solid already at `t = 0`.
#[derive(Clone, Debug)]
pub(crate) struct RefHit {
    pub lo: Q,
    pub hi: Q,
    pub inside: bool,
}

impl RefHit {
    /// The contact as an `f64` interval, rounded outward.
    pub(crate) fn bounds(&self) -> (f64, f64) {
        (ratio_f64(&self.lo), ratio_f64(&self.hi))
    }
}

/// A rational as an `f64` within a few ulps (the nearest for every size;
/// below the subnormals, 0).
fn ratio_f64(v: &Q) -> f64 {
    if v.is_zero() {
        return 0.0;
    }
    let (n, d) = (v.numer().abs(), v.denom().clone());
    let shift = n.bits() as i64 - d.bits() as i64 - 60;
    let scaled = if shift >= 0 { n / (d << shift as usize) } else { (n << (-shift) as usize) / d };
    let mut out: f64 = scaled.to_string().parse().unwrap();
    // Scaled in steps that stay representable.
    let mut e = shift;
    while e != 0 {
        let step = e.clamp(-1000, 1000);
        out *= 2f64.powi(step as i32);
        e -= step;
    }
    if v.is_negative() {
        -out
    } else {
        out
    }
}

/// An event time: exact, or an interval around a root.
#[derive(Clone, Debug)]
struct Event {
    lo: Q,
    hi: Q,
}

/// The first time in `[0, 1]` at which the interiors of the box `lo..hi`
/// moving by `d` and of `solid` start to overlap, exactly.
pub(crate) fn first_overlap(solid: &Solid, lo: [f64; 2], hi: [f64; 2], d: [f64; 2]) -> Option<RefHit> {
    let (blo, bhi, bd) = ([q(lo[0]), q(lo[1])], [q(hi[0]), q(hi[1])], [q(d[0]), q(d[1])]);
    let at = |t: &Q| -> ([Q; 2], [Q; 2]) {
        ([&blo[0] + &bd[0] * t, &blo[1] + &bd[1] * t], [&bhi[0] + &bd[0] * t, &bhi[1] + &bd[1] * t])
    };
    let overlaps = |t: &Q| {
        let (l, h) = at(t);
        overlap(solid, &l, &h)
    };
    let zero = Q::zero();
    if d == [0.0, 0.0] {
        return overlaps(&zero).then(|| RefHit { lo: zero.clone(), hi: zero.clone(), inside: true });
    }
    let mut events = vec![Event { lo: zero.clone(), hi: zero.clone() }, Event { lo: Q::one(), hi: Q::one() }];
    let mut add = |e: Event| {
        if e.hi > Q::zero() && e.lo < Q::one() {
            events.push(e);
        }
    };
    // Box sides crossing the solid's lines.
    let lines = solid_lines(solid);
    for axis in 0..2 {
        if bd[axis].is_zero() {
            continue;
        }
        for side in [&blo[axis], &bhi[axis]] {
            for line in &lines[axis] {
                let t = (line - side) / &bd[axis];
                add(Event { lo: t.clone(), hi: t });
            }
        }
    }
    match solid {
        Solid::Box(_) => {}
        Solid::Tile(shape, tile) => match shape.geometry() {
            TileGeometry::Empty => return None,
            TileGeometry::Polygon(p) => {
                let v: Vec<(Q, Q)> =
                    p.vertices().iter().map(|&v| to_world(tile, v)).map(|(x, y)| (q(x), q(y))).collect();
                for i in 0..v.len() {
                    let (a, b) = (&v[i], &v[(i + 1) % v.len()]);
                    let e = (&b.0 - &a.0, &b.1 - &a.1);
                    let rate = &bd[0] * &e.1 - &bd[1] * &e.0;
                    if rate.is_zero() {
                        continue;
                    }
                    for cx in [&blo[0], &bhi[0]] {
                        for cy in [&blo[1], &bhi[1]] {
                            let w = (cx - &a.0, cy - &a.1);
                            let t = -(&w.0 * &e.1 - &w.1 * &e.0) / &rate;
                            add(Event { lo: t.clone(), hi: t });
                        }
                    }
                }
            }
            TileGeometry::QuarterCircle(c) => {
                let centre = to_world(tile, c.centre);
                let (cx, cy, r) = (q(centre.0), q(centre.1), q(tile.max_x - tile.min_x));
                let xs = [
                    (blo[0].clone(), true),
                    (bhi[0].clone(), true),
                    (q(tile.min_x), false),
                    (q(tile.max_x), false),
                ];
                let ys = [
                    (blo[1].clone(), true),
                    (bhi[1].clone(), true),
                    (q(tile.min_y), false),
                    (q(tile.max_y), false),
                ];
                for (x, mx) in &xs {
                    for (y, my) in &ys {
                        let dx = if *mx { bd[0].clone() } else { Q::zero() };
                        let dy = if *my { bd[1].clone() } else { Q::zero() };
                        let (ox, oy) = (x - &cx, y - &cy);
                        let a = &dx * &dx + &dy * &dy;
                        if a.is_zero() {
                            continue;
                        }
                        let b = &ox * &dx + &oy * &dy;
                        let c = &ox * &ox + &oy * &oy - &r * &r;
                        for e in roots(&a, &b, &c) {
                            add(e);
                        }
                    }
                }
            }
        },
    }
    events.sort_by(|a, b| a.lo.cmp(&b.lo));
    // Clusters of events that may be one time.
    let mut clusters: Vec<Event> = Vec::new();
    for e in events {
        match clusters.last_mut() {
            Some(c) if e.lo <= c.hi => {
                if e.hi > c.hi {
                    c.hi = e.hi;
                }
            }
            _ => clusters.push(e),
        }
    }
    let half = Q::new(BigInt::from(1), BigInt::from(2));
    for pair in clusters.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a.hi >= Q::one() {
            break;
        }
        if b.lo <= Q::zero() {
            continue;
        }
        let from = if a.hi < Q::zero() { Q::zero() } else { a.hi.clone() };
        let to = if b.lo > Q::one() { Q::one() } else { b.lo.clone() };
        if from >= to {
            continue;
        }
        let mid = (&from + &to) * &half;
        if overlaps(&mid) {
            if a.lo <= Q::zero() {
                return Some(RefHit { lo: Q::zero(), hi: Q::zero(), inside: overlaps(&Q::zero()) });
            }
            return Some(RefHit { lo: a.lo.clone(), hi: a.hi.clone(), inside: false });
        }
    }
    None
}

/// The lines per axis at which a box side crossing changes the overlap.
fn solid_lines(solid: &Solid) -> [Vec<Q>; 2] {
    match solid {
        Solid::Box(b) => [vec![q(b.min_x), q(b.max_x)], vec![q(b.min_y), q(b.max_y)]],
        Solid::Tile(shape, tile) => {
            let mut xs = vec![q(tile.min_x), q(tile.max_x)];
            let mut ys = vec![q(tile.min_y), q(tile.max_y)];
            match shape.geometry() {
                TileGeometry::Polygon(p) => {
                    for &v in p.vertices() {
                        let (x, y) = to_world(tile, v);
                        xs.push(q(x));
                        ys.push(q(y));
                    }
                }
                TileGeometry::QuarterCircle(c) => {
                    let (cx, cy) = to_world(tile, c.centre);
                    let r = q(tile.max_x - tile.min_x);
                    xs.extend([q(cx) + &r, q(cx) - &r]);
                    ys.extend([q(cy) + &r, q(cy) - &r]);
                }
                TileGeometry::Empty => {}
            }
            [xs, ys]
        }
    }
}

/// The real roots of `a·t² + 2b·t + c` (`a > 0`), each an exact rational
/// or a narrow interval.
fn roots(a: &Q, b: &Q, c: &Q) -> Vec<Event> {
    let disc = b * b - a * c;
    match disc.cmp(&Q::zero()) {
        Ordering::Less => vec![],
        Ordering::Equal => {
            let t = -b / a;
            vec![Event { lo: t.clone(), hi: t }]
        }
        Ordering::Greater => {
            let (s_lo, s_hi) = sqrt_bounds(&disc);
            let minus_b = -b;
            vec![
                Event { lo: (&minus_b - &s_hi) / a, hi: (&minus_b - &s_lo) / a },
                Event { lo: (&minus_b + &s_lo) / a, hi: (&minus_b + &s_hi) / a },
            ]
        }
    }
}

/// Rationals around `√v` (`v > 0`), equal when it is rational.
fn sqrt_bounds(v: &Q) -> (Q, Q) {
    // √(n/d) = √(n·d) / d, the integer root taken 2²⁰⁰ finer.
    let (n, d) = (v.numer().clone(), v.denom().clone());
    let scaled: BigInt = (&n * &d) << 400usize;
    let root = scaled.sqrt();
    let unit = &d << 200usize;
    let lo = Q::new(root.clone(), unit.clone());
    if &root * &root == scaled {
        return (lo.clone(), lo);
    }
    (lo, Q::new(root + BigInt::one(), unit))
}

/// Whether the interior of the box `lo..hi` overlaps the solid's.
fn overlap(solid: &Solid, lo: &[Q; 2], hi: &[Q; 2]) -> bool {
    match solid {
        Solid::Box(b) => {
            let (bl, bh) = ([q(b.min_x), q(b.min_y)], [q(b.max_x), q(b.max_y)]);
            (0..2).all(|i| lo[i] < bh[i] && bl[i] < hi[i])
        }
        Solid::Tile(shape, tile) => match shape.geometry() {
            TileGeometry::Empty => false,
            TileGeometry::Polygon(p) => {
                let poly: Vec<(Q, Q)> =
                    p.vertices().iter().map(|&v| to_world(tile, v)).map(|(x, y)| (q(x), q(y))).collect();
                clipped_area(poly, lo, hi) > Q::zero()
            }
            TileGeometry::QuarterCircle(c) => {
                let (sl, sh) = ([q(tile.min_x), q(tile.min_y)], [q(tile.max_x), q(tile.max_y)]);
                let rl = [max(&lo[0], &sl[0]), max(&lo[1], &sl[1])];
                let rh = [min(&hi[0], &sh[0]), min(&hi[1], &sh[1])];
                if !(rl[0] < rh[0] && rl[1] < rh[1]) {
                    return false;
                }
                let centre = to_world(tile, c.centre);
                let cen = [q(centre.0), q(centre.1)];
                let r = q(tile.max_x - tile.min_x);
                let r2 = &r * &r;
                if c.solid_inside {
                    // The point of the rectangle nearest the centre.
                    let p: Vec<Q> = (0..2).map(|i| max(&rl[i], &min(&cen[i], &rh[i]))).collect();
                    let d2 = (&p[0] - &cen[0]).pow(2) + (&p[1] - &cen[1]).pow(2);
                    d2 < r2
                } else {
                    // The corner of the rectangle farthest from the centre.
                    let p: Vec<Q> = (0..2)
                        .map(|i| {
                            let (a, b) = ((&rl[i] - &cen[i]).abs(), (&rh[i] - &cen[i]).abs());
                            if a > b {
                                rl[i].clone()
                            } else {
                                rh[i].clone()
                            }
                        })
                        .collect();
                    let d2 = (&p[0] - &cen[0]).pow(2) + (&p[1] - &cen[1]).pow(2);
                    d2 > r2
                }
            }
        },
    }
}

fn max(a: &Q, b: &Q) -> Q {
    if a > b {
        a.clone()
    } else {
        b.clone()
    }
}

fn min(a: &Q, b: &Q) -> Q {
    if a < b {
        a.clone()
    } else {
        b.clone()
    }
}

/// The area of a convex polygon clipped to the closed box `lo..hi`.
fn clipped_area(mut poly: Vec<(Q, Q)>, lo: &[Q; 2], hi: &[Q; 2]) -> Q {
    // Keep the side of each of the four lines where the box is.
    for (axis, bound, keep_below) in
        [(0, &lo[0], false), (0, &hi[0], true), (1, &lo[1], false), (1, &hi[1], true)]
    {
        let inside = |p: &(Q, Q)| {
            let v = if axis == 0 { &p.0 } else { &p.1 };
            if keep_below {
                v <= bound
            } else {
                v >= bound
            }
        };
        let mut out = Vec::new();
        for i in 0..poly.len() {
            let (a, b) = (&poly[i], &poly[(i + 1) % poly.len()]);
            let (ia, ib) = (inside(a), inside(b));
            if ia {
                out.push(a.clone());
            }
            if ia != ib {
                let (va, vb) = if axis == 0 { (&a.0, &b.0) } else { (&a.1, &b.1) };
                let s = (bound - va) / (vb - va);
                out.push((&a.0 + (&b.0 - &a.0) * &s, &a.1 + (&b.1 - &a.1) * &s));
            }
        }
        poly = out;
        if poly.len() < 3 {
            return Q::zero();
        }
    }
    let mut twice = Q::zero();
    for i in 0..poly.len() {
        let (a, b) = (&poly[i], &poly[(i + 1) % poly.len()]);
        twice += &a.0 * &b.1 - &b.0 * &a.1;
    }
    twice.abs()
}
