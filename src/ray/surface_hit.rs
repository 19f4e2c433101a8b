//! What a hit on a solid's surface is ([`SurfaceHit`]) and the pieces every
//! floating hit test finishes one with: the `t = 0` normal rule, the entry
//! into a closed box, a graze the floating test cannot see, and the
//! quadratic's roots and unit vectors the curved tests solve with. Shared by
//! the tile shapes (`segment_shapes.rs`, `segment_arc.rs`), the tile cast
//! and the box cast.

use crate::geometry::Aabb;
use crate::segment::{convex_contains, BoxClip, Segment};

/// How close (relative to the tile) a start must be to a slope or an arc
/// for a `t = 0` hit to take that surface's normal: a point computed onto
/// a curve is a rounding error off it. Whether it hits stays exact.
pub(crate) const ON_SURFACE: f64 = 1e-12;

/// Where a segment first touches a solid: `t` along the segment (0..1), the
/// point, and the unit outward normal of the surface there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SurfaceHit {
    /// Fraction of the segment, `0..=1`.
    pub t: f64,
    /// x of the hit point.
    pub x: f64,
    /// y of the hit point.
    pub y: f64,
    /// Unit outward normal of the surface there; at `t = 0` the surface the start lies on, `(0, 0)` strictly inside.
    pub normal: (f64, f64),
}

/// The real roots `u0 <= u1` of `aa·u² + 2·bb·u + cc = 0`, computed without
/// cancellation; `None` when there are none or `aa == 0` (a piece of zero
/// length, which the callers have already decided by its one point).
pub(crate) fn roots(aa: f64, bb: f64, cc: f64) -> Option<(f64, f64)> {
    if aa <= 0.0 {
        return None;
    }
    let disc = bb * bb - aa * cc;
    if disc.is_nan() || disc < 0.0 {
        return None;
    }
    let q = -(bb + disc.sqrt().copysign(bb));
    if q == 0.0 {
        // bb == 0 and disc == 0: the double root 0.
        return Some((0.0, 0.0));
    }
    let (r0, r1) = (q / aa, cc / q);
    Some((r0.min(r1), r0.max(r1)))
}

/// `v / |v|`, or `(0, 0)` for the zero vector.
pub(crate) fn unit((x, y): (f64, f64)) -> (f64, f64) {
    let len = x.hypot(y);
    if len == 0.0 {
        (0.0, 0.0)
    } else {
        (x / len, y / len)
    }
}

/// A hit, with the `t = 0` normal rule applied in one place: at `t = 0`
/// the normal comes from `at_start`, the outward normals of the surfaces
/// the start lies on ([`Segment::start_normal`]).
pub(crate) fn finish(
    seg: &Segment,
    t: f64,
    (x, y): (f64, f64),
    normal: (f64, f64),
    at_start: &[(f64, f64)],
) -> SurfaceHit {
    if t <= 0.0 {
        let (x, y) = seg.at(0.0);
        SurfaceHit { t: 0.0, x, y, normal: seg.start_normal(at_start) }
    } else {
        SurfaceHit { t, x, y, normal }
    }
}

/// The hit where a segment enters a closed box through its clip (`t_in`).
pub(crate) fn box_entry(seg: &Segment, clip: &BoxClip, b: &Aabb) -> SurfaceHit {
    box_entry_with(seg, clip, b, None)
}

/// [`box_entry`] for a solid that is the box cut by one more surface:
/// `on_curve` is that surface's outward normal when the start lies exactly
/// on it (a slope, an arc).
pub(crate) fn box_entry_with(
    seg: &Segment,
    clip: &BoxClip,
    b: &Aabb,
    on_curve: Option<(f64, f64)>,
) -> SurfaceHit {
    if clip.t_in > 0.0 {
        return finish(seg, clip.t_in, seg.entry_point(clip, b), seg.entry_normal(clip), &[]);
    }
    let (x, y) = seg.at(0.0);
    let mut surfaces = [(0.0, 0.0); 5];
    let mut n = 0;
    for (on, normal) in [
        (x == b.min_x, (-1.0, 0.0)),
        (x == b.max_x, (1.0, 0.0)),
        (y == b.min_y, (0.0, -1.0)),
        (y == b.max_y, (0.0, 1.0)),
    ] {
        if on {
            surfaces[n] = normal;
            n += 1;
        }
    }
    if let Some(normal) = on_curve {
        surfaces[n] = normal;
        n += 1;
    }
    if clip.t_out > 0.0 {
        finish(seg, 0.0, (x, y), (0.0, 0.0), &surfaces[..n])
    } else {
        // Only the start touches the box: the segment leaves at once, so it
        // runs along none of the surfaces there, even one parallel to it.
        SurfaceHit { t: 0.0, x, y, normal: seg.start_normal_leaving(&surfaces[..n]) }
    }
}

/// The hit of a segment that touches a convex polygon (decided exactly on
/// its exact ends `exact`) only where the floating test on `seg` (the same
/// segment, or its piece inside the grid) cannot see it, within rounding of
/// the surface: at `t = 0` if the exact start is in the polygon; else at
/// the first vertex within `near` of the exact line (it passes through it,
/// or cuts a sliver off the corner); else at the end, which then lies in
/// the polygon. The normal is the nearest face's (at a vertex, of its two
/// faces the one facing the ray more); `normals[i]` is the unit outward
/// normal of the edge from vertex `i`.
pub(crate) fn graze(
    exact: ((f64, f64), (f64, f64)),
    seg: &Segment,
    corners: &[(f64, f64)],
    normals: &[(f64, f64)],
    near: f64,
) -> SurfaceHit {
    let ((x0, y0), (x1, y1)) = exact;
    let n = corners.len();
    let (dx, dy) = (seg.x.d, seg.y.d);
    let raw_t = |(x, y): (f64, f64)| if dx != 0.0 { seg.x.t_at(x) } else { seg.y.t_at(y) };
    let t_of = |p: (f64, f64)| {
        let t = raw_t(p);
        if t.is_nan() {
            0.0
        } else {
            t.clamp(0.0, 1.0)
        }
    };
    // Distance of a point from the line of edge `i`.
    let from_edge = |i: usize, (x, y): (f64, f64)| {
        let (a, m) = (corners[i], normals[i]);
        ((x - a.0) * m.0 + (y - a.1) * m.1).abs()
    };
    let nearest_face = |p: (f64, f64), facing: bool| {
        (0..n)
            .filter(|&i| !facing || normals[i].0 * dx + normals[i].1 * dy <= 0.0)
            .min_by(|&i, &j| from_edge(i, p).total_cmp(&from_edge(j, p)))
            .map_or((0.0, 0.0), |i| normals[i])
    };
    if convex_contains((x0, y0), corners) {
        let (x, y) = seg.at(0.0);
        return SurfaceHit { t: 0.0, x, y, normal: nearest_face((x0, y0), false) };
    }
    let scale = (x1 - x0).abs().max((y1 - y0).abs()).max(f64::MIN_POSITIVE);
    let off_line = |v: &(f64, f64)| ((x1 - x0) * (v.1 - y0) - (y1 - y0) * (v.0 - x0)).abs() / scale;
    let vertex = (0..n)
        .filter(|&i| off_line(&corners[i]) <= near && (-1e-9..=1.0 + 1e-9).contains(&raw_t(corners[i])))
        .min_by(|&i, &j| t_of(corners[i]).total_cmp(&t_of(corners[j])));
    match vertex {
        Some(i) => {
            let (a, b) = (normals[(i + n - 1) % n], normals[i]);
            let normal = if a.0 * dx + a.1 * dy <= b.0 * dx + b.1 * dy { a } else { b };
            let (x, y) = corners[i];
            SurfaceHit { t: t_of(corners[i]), x, y, normal }
        }
        None => {
            let (x, y) = seg.at(1.0);
            SurfaceHit { t: 1.0, x, y, normal: nearest_face((x1, y1), true) }
        }
    }
}

/// Four points (or vectors).
pub(crate) type Quad = [(f64, f64); 4];

/// The corners of a box in order, and its faces' outward normals (the
/// face from corner `i` to `i + 1`), for [`graze`].
pub(crate) fn box_polygon(b: &Aabb) -> (Quad, Quad) {
    (
        [(b.min_x, b.min_y), (b.max_x, b.min_y), (b.max_x, b.max_y), (b.min_x, b.max_y)],
        [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)],
    )
}
