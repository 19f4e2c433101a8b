//! The segment every ray routine shares: its endpoints, the one formula for
//! the parameter `t` at which it reaches a coordinate, and the closed slab
//! clip against a box that grid cells, tiles, doors and dynamic boxes all go
//! through — so the traversal, the exact tests and the brute-force references
//! compute the very same `t` for the very same line.

use std::cmp::Ordering;

use super::predicates::{line_at, orient};
use crate::geometry::Aabb;

/// One axis of a segment: `p(t) = p0 + t·(p1 − p0)`, stored pre-scaled so
/// that `p1 − p0` never overflows.
///
/// `scale` is 1, or ½ when the difference of two finite coordinates is
/// infinite (endpoints near ±1.8e308); halving is exact, so the parameter
/// of a coordinate is the same real number either way and nothing ever
/// computes `∞ − ∞` or `∞ / ∞`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AxisParam {
    /// The coordinates as given.
    pub p0: f64,
    pub p1: f64,
    /// `p0 · scale`.
    origin: f64,
    /// `(p1 − p0) · scale`: zero (either sign) for a segment that does not
    /// move on this axis.
    pub d: f64,
    scale: f64,
    /// `1 / scale` (1 or 2, exact).
    inv_scale: f64,
}

impl AxisParam {
    fn new(p0: f64, p1: f64) -> AxisParam {
        let scale = if (p1 - p0).is_finite() { 1.0 } else { 0.5 };
        AxisParam { p0, p1, origin: p0 * scale, d: p1 * scale - p0 * scale, scale, inv_scale: 1.0 / scale }
    }

    /// The parameter at which the segment's coordinate is `p`: the one
    /// expression used everywhere (`(p − p0) / d`), so two routines asking
    /// about the same line get bit-identical answers. Only for `d != 0`.
    /// Never NaN for finite `p`; `±∞` when `d` is subnormal.
    #[inline]
    pub fn t_at(&self, p: f64) -> f64 {
        (p * self.scale - self.origin) / self.d
    }

    /// [`t_at`](AxisParam::t_at) with `1 / d` given (a multiply where a
    /// divide was): one rounding more, for bounds that allow for it. Only
    /// for a normal, finite `inv_d`.
    #[inline]
    pub fn t_at_times(&self, p: f64, inv_d: f64) -> f64 {
        (p * self.scale - self.origin) * inv_d
    }

    /// The parameter length of a stretch `len` long on this axis
    /// (`∞` when the segment does not move on it).
    #[inline]
    pub fn t_span(&self, len: f64) -> f64 {
        (len * self.scale / self.d).abs()
    }

    /// The coordinate at parameter `t`; the endpoints exactly at 0 and 1.
    #[inline]
    pub fn at(&self, t: f64) -> f64 {
        if t <= 0.0 {
            self.p0
        } else if t >= 1.0 {
            self.p1
        } else {
            (self.origin + t * self.d) * self.inv_scale
        }
    }

    /// Whether the segment moves forward (`+1`), backward (`−1`) or not at
    /// all (`0`, also for `−0.0`) on this axis.
    #[inline]
    pub fn sign(&self) -> f64 {
        if self.d > 0.0 {
            1.0
        } else if self.d < 0.0 {
            -1.0
        } else {
            0.0
        }
    }

    /// The closed parameter interval in which the coordinate lies in
    /// `[lo, hi]`: `(−∞, ∞)` for a non-moving coordinate inside, `None`
    /// for one outside.
    #[inline]
    fn slab(&self, lo: f64, hi: f64) -> Option<(f64, f64)> {
        if self.d == 0.0 {
            (lo <= self.p0 && self.p0 <= hi).then_some((f64::NEG_INFINITY, f64::INFINITY))
        } else {
            let (a, b) = (self.t_at(lo), self.t_at(hi));
            Some(if self.d > 0.0 { (a, b) } else { (b, a) })
        }
    }

    /// A vector component in units shared with the other axis: `d` brought
    /// to the smaller of the two scales.
    #[inline]
    fn component(&self, common_scale: f64) -> f64 {
        self.d * (common_scale / self.scale)
    }
}

/// A segment `(x0, y0) → (x1, y1)` with finite endpoints, parameterised by
/// `t ∈ [0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Segment {
    pub x: AxisParam,
    pub y: AxisParam,
}

/// Where a segment meets a closed box: the parameter interval, and which
/// slabs bound it (both at an exact corner; neither when the segment starts
/// inside, or for a non-moving axis).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BoxClip {
    pub t_in: f64,
    pub t_out: f64,
    pub in_x: bool,
    pub in_y: bool,
    pub out_x: bool,
    pub out_y: bool,
}

impl Segment {
    /// `None` when any coordinate is NaN or infinite.
    #[must_use]
    pub fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Option<Segment> {
        if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
            return None;
        }
        Some(Segment { x: AxisParam::new(x0, x1), y: AxisParam::new(y0, y1) })
    }

    /// Whether the segment is a single point.
    #[inline]
    pub fn is_point(&self) -> bool {
        self.x.d == 0.0 && self.y.d == 0.0
    }

    /// The point at parameter `t` (the endpoints exactly at 0 and 1).
    #[inline]
    pub fn at(&self, t: f64) -> (f64, f64) {
        (self.x.at(t), self.y.at(t))
    }

    /// The normal of a hit at `t = 0`, given the outward normals of the
    /// surfaces the start point lies on (see the module docs): none (the
    /// start is strictly inside) gives `(0, 0)`; a surface the segment runs
    /// along is the one it touches; otherwise the surfaces facing the
    /// segment (normal against its direction: it starts into them) share
    /// the normal, their unit sum — the diagonal at a corner it enters —
    /// and with none facing it (it starts away), all of them do.
    #[must_use]
    pub fn start_normal(&self, surfaces: &[(f64, f64)]) -> (f64, f64) {
        self.start_normal_with(surfaces, true)
    }

    /// [`start_normal`](Segment::start_normal) for a segment that touches
    /// the solid only at its start (it leaves at once): a surface parallel
    /// to it is not one it runs along — it leaves along that surface's
    /// line, off its end — so no surface is singled out, and the corner's
    /// normal is the unit sum of the surfaces there.
    #[must_use]
    pub fn start_normal_leaving(&self, surfaces: &[(f64, f64)]) -> (f64, f64) {
        self.start_normal_with(surfaces, false)
    }

    fn start_normal_with(&self, surfaces: &[(f64, f64)], runs_along: bool) -> (f64, f64) {
        let (dx, dy) = self.direction();
        let dot = |n: &&(f64, f64)| n.0 * dx + n.1 * dy;
        if runs_along {
            if let Some(&along) = surfaces.iter().find(|n| dot(n) == 0.0) {
                return along;
            }
        }
        let facing = surfaces.iter().filter(|n| dot(n) < 0.0).count() > 0;
        let (sx, sy) = surfaces
            .iter()
            .filter(|n| !facing || dot(n) < 0.0)
            .fold((0.0, 0.0), |(ax, ay), n| (ax + n.0, ay + n.1));
        let len = sx.hypot(sy);
        if len == 0.0 {
            (0.0, 0.0)
        } else {
            (sx / len, sy / len)
        }
    }

    /// The direction `(x1 − x0, y1 − y0)` in units shared by both axes (each
    /// axis keeps its difference at its own scale, so overflow never happens).
    pub(crate) fn direction(&self) -> (f64, f64) {
        let common = self.x.scale.min(self.y.scale);
        (self.x.component(common), self.y.component(common))
    }

    /// The closed slab clip: the parameters in `[0, 1]` at which the segment
    /// is in the closed box `b` (touching counts), or `None`. Degenerate
    /// boxes (a door on a cell edge) work too.
    #[must_use]
    pub fn clip_box(&self, b: &Aabb) -> Option<BoxClip> {
        let (ex, xx) = self.x.slab(b.min_x, b.max_x)?;
        let (ey, xy) = self.y.slab(b.min_y, b.max_y)?;
        let t_in = ex.max(ey).max(0.0);
        let t_out = xx.min(xy).min(1.0);
        // `<=`: a segment that only touches the box (one point) is in it.
        (t_in <= t_out).then_some(BoxClip {
            t_in,
            t_out,
            in_x: t_in > 0.0 && ex == t_in,
            in_y: t_in > 0.0 && ey == t_in,
            out_x: t_out < 1.0 && xx == t_out,
            out_y: t_out < 1.0 && xy == t_out,
        })
    }

    /// Where the segment enters the box of `clip`, snapped exactly onto the
    /// face(s) it enters through (so a point on a cell line is *on* it).
    /// When it only touches the box at one point, that point is snapped onto
    /// every face involved: a touched corner is the corner, bit for bit.
    #[must_use]
    pub fn entry_point(&self, clip: &BoxClip, b: &Aabb) -> (f64, f64) {
        let (mut x, mut y) = self.at(clip.t_in);
        let single = clip.t_in == clip.t_out;
        let (ex, ey) = self.entry_faces(b);
        let (lx, ly) = self.exit_faces(b);
        if clip.in_x {
            x = ex;
        } else if single && clip.out_x {
            x = lx;
        }
        if clip.in_y {
            y = ey;
        } else if single && clip.out_y {
            y = ly;
        }
        (x, y)
    }

    /// Where the segment leaves the box of `clip`, snapped like
    /// [`entry_point`](Segment::entry_point) (the same point when it only
    /// touches).
    #[must_use]
    pub fn exit_point(&self, clip: &BoxClip, b: &Aabb) -> (f64, f64) {
        if clip.t_in == clip.t_out {
            return self.entry_point(clip, b);
        }
        self.exit_point_apart(clip, b)
    }

    /// Where the segment leaves the box of `clip`, snapped onto the exit
    /// face(s), even when rounding made `t_in == t_out` (a segment so long
    /// that the box lies within one step of `t`).
    #[must_use]
    pub fn exit_point_apart(&self, clip: &BoxClip, b: &Aabb) -> (f64, f64) {
        let (mut x, mut y) = self.at(clip.t_out);
        let (lx, ly) = self.exit_faces(b);
        if clip.out_x {
            x = lx;
        }
        if clip.out_y {
            y = ly;
        }
        (x, y)
    }

    /// The x and y of the faces a segment enters a box through.
    fn entry_faces(&self, b: &Aabb) -> (f64, f64) {
        (if self.x.d > 0.0 { b.min_x } else { b.max_x }, if self.y.d > 0.0 { b.min_y } else { b.max_y })
    }

    /// The x and y of the faces a segment leaves a box through.
    fn exit_faces(&self, b: &Aabb) -> (f64, f64) {
        (if self.x.d > 0.0 { b.max_x } else { b.min_x }, if self.y.d > 0.0 { b.max_y } else { b.min_y })
    }

    /// The outward normal of the face the segment enters a box through
    /// (for `t_in > 0`; at `t = 0` the caller applies
    /// [`start_normal`](Segment::start_normal)): the diagonal `(−sx, −sy)/√2`
    /// at an exact corner, else the face's axis normal.
    #[must_use]
    pub fn entry_normal(&self, clip: &BoxClip) -> (f64, f64) {
        let (sx, sy) = (self.x.sign(), self.y.sign());
        match (clip.in_x, clip.in_y) {
            (true, true) => (-sx * std::f64::consts::FRAC_1_SQRT_2, -sy * std::f64::consts::FRAC_1_SQRT_2),
            (true, false) => (-sx, 0.0),
            (false, true) => (0.0, -sy),
            // Unreachable for t_in > 0 (some slab set it); keep a valid normal.
            (false, false) => self.start_normal(&[]),
        }
    }
}

/// A segment as the grid code should walk it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Framed {
    /// Use the segment as given.
    AsGiven,
    /// Its piece inside the region, ends snapped onto the faces it crosses,
    /// and the parameters `t_in..t_out` of the whole segment that piece spans.
    Piece { x0: f64, y0: f64, x1: f64, y1: f64, t_in: f64, t_out: f64 },
}

impl Framed {
    /// A parameter along the piece, as a parameter along the whole segment.
    #[must_use]
    pub(crate) fn t_of(&self, t: f64) -> f64 {
        match *self {
            Framed::Piece { t_in, t_out, .. } => t_in + t * (t_out - t_in),
            _ => t,
        }
    }
}

/// How far a segment may reach beyond the region, in region sizes, before
/// its parameter `t` can no longer tell the region's cells apart (2⁵⁰).
const FRAME_RATIO: f64 = 1.0e15;

/// For a segment far larger than `region` (a ray from −1e308 to 1e308 across
/// a 240-unit grid: the whole grid lies within one rounding step of `t`),
/// its piece inside the closed `region`: each end outside replaced by its
/// crossing of the face it passes through (the face chosen exactly, the
/// point exact on that face and within ulps of the real line along it), so
/// the shape tests and `t`s work on numbers the size of the grid. Which
/// cells it passes through is not this piece's to say: the exact walk uses
/// the given ends. Segments of ordinary size are used as given.
pub(crate) fn frame(x0: f64, y0: f64, x1: f64, y1: f64, region: &Aabb) -> Framed {
    let extent = region.width().max(region.height()).max(f64::MIN_POSITIVE);
    let reach = [x0, y0, x1, y1].iter().map(|v| v.abs()).fold(0.0, f64::max);
    if reach.is_nan() || reach <= FRAME_RATIO * extent {
        return Framed::AsGiven;
    }
    let Some(seg) = Segment::new(x0, y0, x1, y1) else { return Framed::AsGiven };
    // Each end inside the region is kept as it is; an end outside is
    // replaced by the point where the segment crosses the face it passes
    // through on that side, the face chosen exactly (which face the line
    // reaches last, by an exact orientation) and the crossing computed from
    // the exact line, off by ulps of the region's size (`p0 + t·(p1 − p0)`
    // at t ≈ 0.5 of a 1e308 ray is off by ~1e292). Whether the segment
    // meets the region at all is the exact walk's to say: a piece is
    // returned whenever the rounded clip cannot rule it out.
    let (ax, ay) = end_on_region((x0, y0), (x1, y1), region);
    let (bx, by) = end_on_region((x1, y1), (x0, y0), region);
    // The whole segment's parameters of the piece's ends, along the axis
    // it moves most on (the same formula as everywhere; a face coordinate
    // gives the `t` of that face's line).
    let t_of = |px: f64, py: f64| {
        let t = if seg.x.d.abs() >= seg.y.d.abs() { seg.x.t_at(px) } else { seg.y.t_at(py) };
        if t.is_nan() {
            0.0
        } else {
            t.clamp(0.0, 1.0)
        }
    };
    let (t_in, t_out) = (t_of(ax, ay), t_of(bx, by));
    // Snapped points can sit a rounding step outside; keep them on the region.
    let clamp = |v: f64, lo: f64, hi: f64| v.max(lo).min(hi);
    Framed::Piece {
        x0: clamp(ax, region.min_x, region.max_x),
        y0: clamp(ay, region.min_y, region.max_y),
        x1: clamp(bx, region.min_x, region.max_x),
        y1: clamp(by, region.min_y, region.max_y),
        t_in,
        t_out,
    }
}

/// The end `p` of the segment `p → q` if it lies in the closed `region`;
/// else where the segment, coming from `p`, enters the region's face on
/// `p`'s side: of the faces `p` is beyond (one or two), the one the line
/// reaches last, decided exactly; the other coordinate from the exact line.
fn end_on_region(p: (f64, f64), q: (f64, f64), region: &Aabb) -> (f64, f64) {
    let beyond = |v: f64, lo: f64, hi: f64| {
        if v < lo {
            Some(lo)
        } else if v > hi {
            Some(hi)
        } else {
            None
        }
    };
    let fx = beyond(p.0, region.min_x, region.max_x).filter(|_| p.0 != q.0);
    let fy = beyond(p.1, region.min_y, region.max_y).filter(|_| p.1 != q.1);
    let on_x = |x: f64| (x, line_at(p.0, p.1, q.0, q.1, x));
    let on_y = |y: f64| (line_at(p.1, p.0, q.1, q.0, y), y);
    match (fx, fy) {
        (None, None) => p,
        (Some(x), None) => on_x(x),
        (None, Some(y)) => on_y(y),
        (Some(x), Some(y)) => {
            // t at x vs t at y, from p: t_x < t_y ⟺ sx·sy·orient(p, q, (x, y)) > 0.
            let o = orient(p.0, p.1, q.0, q.1, x, y);
            let same = (q.0 > p.0) == (q.1 > p.1);
            let x_first = if same { o == Ordering::Greater } else { o == Ordering::Less };
            match o {
                Ordering::Equal => (x, y),
                _ if x_first => on_y(y),
                _ => on_x(x),
            }
        }
    }
}
