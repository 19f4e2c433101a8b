//! What a broad-phase structure needs to walk its cells or nodes along a
//! segment, front to back (`BroadPhase::walk_ray`): conservative
//! floating-point bounds that never cut off a box the exact segment
//! touches. Every bound here errs on the safe side by a margin well above
//! the rounding of the few operations behind it, so a walk that prunes
//! with them visits at least every box the exact tests (`ray/exact/`)
//! could accept; the exact tests then decide.

use super::parameter::{AxisParam, Segment};
use super::predicates::line_at;
use crate::geometry::Aabb;

/// One of the two axes, for walks that cut the plane into bands along one
/// of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Columns: `x` is the coordinate.
    X,
    /// Rows: `y` is the coordinate.
    Y,
}

impl Axis {
    /// The other axis.
    #[must_use]
    pub fn other(self) -> Axis {
        match self {
            Axis::X => Axis::Y,
            Axis::Y => Axis::X,
        }
    }
}

/// A segment `(x0, y0) → (x1, y1)` with finite ends, as a structure's ray
/// walk sees it: parameter `t ∈ [0, 1]` from the start, and bounds on where
/// it is that hold for the exact segment, whatever the magnitude of its
/// ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayPath {
    seg: Segment,
    /// Per axis, `1 / d` where that is a normal number (a multiply is
    /// cheaper than a divide, and walks take many bounds), else 0.
    inv_d: [f64; 2],
    /// The direction at one scale for both axes, and twice the start: for
    /// the side-of-line test of [`RayPath::may_touch_by`].
    dir: (f64, f64),
    start2: (f64, f64),
    /// How far the path reaches to each side of the segment on each axis,
    /// and whether it does at all: half a moving box's size (and a margin)
    /// for the path of the box's centre ([`RayPath::swept`]); a ray's
    /// reaches nowhere, and its bounds take the same code as before there
    /// was a reach (the swept box's are out of line).
    reach: (f64, f64),
    swept: bool,
}

/// `v` moved by `by`, rounded away from `v`.
#[inline]
fn grow(v: f64, by: f64) -> f64 {
    if by == 0.0 {
        v
    } else if by > 0.0 {
        (v + by).next_up()
    } else {
        (v + by).next_down()
    }
}

/// The box grown by `reach` on each side, rounded outward.
fn grown(b: &Aabb, reach: (f64, f64)) -> Aabb {
    Aabb {
        min_x: grow(b.min_x, -reach.0),
        min_y: grow(b.min_y, -reach.1),
        max_x: grow(b.max_x, reach.0),
        max_y: grow(b.max_y, reach.1),
    }
}

impl RayPath {
    /// `None` when any coordinate is NaN or infinite.
    #[must_use]
    pub fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Option<RayPath> {
        let seg = Segment::new(x0, y0, x1, y1)?;
        let inverse = |d: f64| {
            let inv = 1.0 / d;
            if inv.is_finite() && inv.abs() >= f64::MIN_POSITIVE {
                inv
            } else {
                0.0
            }
        };
        Some(RayPath {
            seg,
            inv_d: [inverse(seg.x.d), inverse(seg.y.d)],
            dir: seg.direction(),
            start2: (2.0 * x0, 2.0 * y0),
            reach: (0.0, 0.0),
            swept: false,
        })
    }

    /// The path swept by the box `b` moving by `(dx, dy)`: its centre's
    /// segment, reaching half the box's size (and a margin over the
    /// rounding of the centre and of the end) to each side, so that every
    /// bound the walks take holds the box wherever the exact motion puts
    /// it; the parameter is the motion's. `None` when the centre's end is
    /// not finite (a motion past the largest float).
    #[must_use]
    pub fn swept(b: &Aabb, dx: f64, dy: f64) -> Option<RayPath> {
        let (cx, cy) = (0.5 * b.min_x + 0.5 * b.max_x, 0.5 * b.min_y + 0.5 * b.max_y);
        let (ex, ey) = (cx + dx, cy + dy);
        let mut path = RayPath::new(cx, cy, ex, ey)?;
        let half = |lo: f64, hi: f64, c: f64, e: f64| {
            (0.5 * hi - 0.5 * lo).next_up() + margin(c) + margin(e) + margin(lo) + margin(hi)
        };
        path.reach = (half(b.min_x, b.max_x, cx, ex), half(b.min_y, b.max_y, cy, ey));
        path.swept = true;
        (path.reach.0.is_finite() && path.reach.1.is_finite()).then_some(path)
    }

    /// The segment alone, without the reach.
    fn thin(&self) -> RayPath {
        RayPath { reach: (0.0, 0.0), swept: false, ..*self }
    }

    fn reach_on(&self, axis: Axis) -> f64 {
        match axis {
            Axis::X => self.reach.0,
            Axis::Y => self.reach.1,
        }
    }

    /// The start `(x0, y0)`.
    #[must_use]
    pub fn start(&self) -> (f64, f64) {
        (self.seg.x.p0, self.seg.y.p0)
    }

    /// The end `(x1, y1)`.
    #[must_use]
    pub fn end(&self) -> (f64, f64) {
        (self.seg.x.p1, self.seg.y.p1)
    }

    /// The segment's closed bounding box (and the reach of a swept box's).
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        let (x, y) = (&self.seg.x, &self.seg.y);
        let b = Aabb {
            min_x: x.p0.min(x.p1),
            min_y: y.p0.min(y.p1),
            max_x: x.p0.max(x.p1),
            max_y: y.p0.max(y.p1),
        };
        if self.swept {
            grown(&b, self.reach)
        } else {
            b
        }
    }

    /// The bounding box grown by a margin on every side, so that a box
    /// that only touches the segment overlaps it with the open rule of
    /// [`Aabb::overlaps`] (the queries' rule).
    #[must_use]
    pub fn touching_bounds(&self) -> Aabb {
        let b = self.bounds();
        Aabb {
            min_x: b.min_x - margin(b.min_x),
            min_y: b.min_y - margin(b.min_y),
            max_x: b.max_x + margin(b.max_x),
            max_y: b.max_y + margin(b.max_y),
        }
    }

    /// The parameter at which the segment's coordinate on `axis` is `p`,
    /// within a few ulps (for a moving axis).
    #[inline]
    fn t_at(&self, axis: Axis, p: f64) -> f64 {
        let (a, inv) = match axis {
            Axis::X => (&self.seg.x, self.inv_d[0]),
            Axis::Y => (&self.seg.y, self.inv_d[1]),
        };
        if inv != 0.0 {
            a.t_at_times(p, inv)
        } else {
            a.t_at(p)
        }
    }

    /// The bounding box of the points at parameters `from..=to` (within
    /// `0..=1`), grown to cover their rounding and so that a box merely
    /// touching one of them overlaps it with the open rule.
    #[must_use]
    pub fn piece_bounds(&self, from: f64, to: f64) -> Aabb {
        let ((ax, ay), (bx, by)) = (self.seg.at(from), self.seg.at(to));
        // `at` rounds by a few ulps of the ends' size, not of its result.
        let slack = |a: &AxisParam| (a.p0.abs() + a.p1.abs()) * RELATIVE_SLACK + f64::MIN_POSITIVE;
        let (gx, gy) = (slack(&self.seg.x), slack(&self.seg.y));
        let b = Aabb {
            min_x: ax.min(bx) - gx,
            min_y: ay.min(by) - gy,
            max_x: ax.max(bx) + gx,
            max_y: ay.max(by) + gy,
        };
        if self.swept {
            grown(&b, self.reach)
        } else {
            b
        }
    }

    fn axis(&self, axis: Axis) -> &AxisParam {
        match axis {
            Axis::X => &self.seg.x,
            Axis::Y => &self.seg.y,
        }
    }

    /// Whether the segment moves forward (`1`), backward (`−1`) or not at
    /// all (`0`) along `axis`.
    #[must_use]
    pub fn direction(&self, axis: Axis) -> f64 {
        self.axis(axis).sign()
    }

    /// A lower bound of the parameter from which on the segment's `axis`
    /// coordinate lies beyond `at` (at or above it when the segment moves
    /// forward on `axis`, at or below when it moves backward): every point
    /// of the exact segment past `at` has a parameter at least this. `0`
    /// when the segment does not move on `axis` (no information).
    #[must_use]
    #[inline]
    pub fn t_lower_at(&self, axis: Axis, at: f64) -> f64 {
        if self.axis(axis).d == 0.0 {
            return 0.0;
        }
        if self.swept {
            // A swept box is beyond `at` once its leading side is.
            let at = grow(at, -self.reach_on(axis).copysign(self.axis(axis).d));
            return lower(self.t_at(axis, at)).max(0.0);
        }
        lower(self.t_at(axis, at)).max(0.0)
    }

    /// A lower bound of the parameter at which the exact segment first
    /// touches the closed box `b`, or `None` when it certainly does not
    /// touch it. Never above the true parameter; never `None` for a box the
    /// segment touches.
    #[must_use]
    #[inline]
    pub fn entry_lower_bound(&self, b: &Aabb) -> Option<f64> {
        if self.swept {
            return self.swept_entry_lower_bound(b);
        }
        let (mut first, mut last) = (0.0f64, 1.0f64);
        for (axis, min, max) in [(Axis::X, b.min_x, b.max_x), (Axis::Y, b.min_y, b.max_y)] {
            let a = self.axis(axis);
            if a.d == 0.0 {
                if !(min <= a.p0 && a.p0 <= max) {
                    return None;
                }
                continue;
            }
            let (t_min, t_max) = (self.t_at(axis, min), self.t_at(axis, max));
            let (enter, leave) = if a.d > 0.0 { (t_min, t_max) } else { (t_max, t_min) };
            first = first.max(lower(enter));
            last = last.min(upper(leave));
        }
        (first <= last).then_some(first)
    }

    /// Whether the exact segment may touch the closed box `b` at a
    /// parameter no later than `clip`: `false` only when it certainly does
    /// not ([`entry_lower_bound`](RayPath::entry_lower_bound)). A few
    /// multiplies: walks ask it of each candidate before the exact test.
    #[must_use]
    #[inline(always)] // as the walks had it before the swept path, inlined
    pub fn may_touch_by(&self, b: &Aabb, clip: f64) -> bool {
        if self.swept {
            return self.swept_may_touch_by(b, clip);
        }
        self.may_touch_line(b) && self.entry_lower_bound(b).is_some_and(|t| t <= clip)
    }

    /// [`entry_lower_bound`](RayPath::entry_lower_bound) of a swept box's
    /// path: the segment's, against `b` grown by the reach.
    #[cold]
    #[inline(never)]
    fn swept_entry_lower_bound(&self, b: &Aabb) -> Option<f64> {
        self.thin().entry_lower_bound(&grown(b, self.reach))
    }

    /// [`may_touch_by`](RayPath::may_touch_by) of a swept box's path.
    #[cold]
    #[inline(never)]
    fn swept_may_touch_by(&self, b: &Aabb, clip: f64) -> bool {
        self.thin().may_touch_by(&grown(b, self.reach), clip)
    }

    /// [`cross_range`](RayPath::cross_range) of a swept box's path: the
    /// centre's range where the box meets `[lo, hi]`, grown by the reach.
    #[cold]
    #[inline(never)]
    fn swept_cross_range(&self, axis: Axis, lo: f64, hi: f64, resolution: f64) -> Option<(f64, f64)> {
        let (ra, rc) = (self.reach_on(axis), self.reach_on(axis.other()));
        let (from, to) = self.thin().cross_range(axis, grow(lo, -ra), grow(hi, ra), resolution)?;
        Some((grow(from, -rc), grow(to, rc)))
    }

    /// Whether the box may touch the segment's line: `false` only when all
    /// its corners are certainly on one side (the box's centre is farther
    /// from the line than its extent along the line's normal). Two
    /// multiplies per side; anything that overflows answers `true`.
    #[inline]
    fn may_touch_line(&self, b: &Aabb) -> bool {
        let (dx, dy) = self.dir;
        // Twice the centre minus twice the start, and the doubled extents.
        let (cx, cy) = (b.min_x + b.max_x - self.start2.0, b.min_y + b.max_y - self.start2.1);
        let (across_x, across_y) = (cx * dy, cy * dx);
        let distance = (across_x - across_y).abs();
        let extent = (b.max_x - b.min_x) * dy.abs() + (b.max_y - b.min_y) * dx.abs();
        // The sums behind `cx` and `cy` round by ulps of their terms, not of
        // their (perhaps cancelled) result: the slack is taken of the terms.
        let terms_x = (b.min_x.abs() + b.max_x.abs() + self.start2.0.abs()) * dy.abs();
        let terms_y = (b.min_y.abs() + b.max_y.abs() + self.start2.1.abs()) * dx.abs();
        let slack = (terms_x + terms_y + extent) * RELATIVE_SLACK + f64::MIN_POSITIVE;
        // A NaN (∞ − ∞ after an overflow) keeps the box.
        distance <= extent + slack || distance.is_nan() || slack.is_nan()
    }

    /// The range of the other coordinate over the points of the exact
    /// segment whose `axis` coordinate lies in `[lo, hi]` (the bounds may be
    /// infinite), widened by its rounding; `None` when there are certainly
    /// none. Within the segment's own range of that coordinate. The widening
    /// is a few ulps of the segment's ends on that axis; where that exceeds
    /// `resolution` (a cell: a ray from −1e308 across a small grid), the
    /// ends of the range come from the exact line instead, a few ulps of
    /// their own size.
    #[must_use]
    #[inline(always)] // as the walks had it before the swept path, inlined
    pub fn cross_range(&self, axis: Axis, lo: f64, hi: f64, resolution: f64) -> Option<(f64, f64)> {
        if self.swept {
            return self.swept_cross_range(axis, lo, hi, resolution);
        }
        let (a, c) = (self.axis(axis), self.axis(axis.other()));
        let (a_min, a_max) = (a.p0.min(a.p1), a.p0.max(a.p1));
        let (from, to) = (lo.max(a_min), hi.min(a_max));
        if from > to {
            return None;
        }
        let (c_min, c_max) = (c.p0.min(c.p1), c.p0.max(c.p1));
        if a.d == 0.0 || c.d == 0.0 {
            return Some((c_min, c_max));
        }
        // `c(t(v))` in four rounded operations on numbers no larger than the
        // ends: off by a few ulps of `|c0| + |c1|` at most.
        let coarse = (c.p0.abs() + c.p1.abs()) * RELATIVE_SLACK + f64::MIN_POSITIVE;
        let (u, v, widen) = if coarse <= resolution {
            (c.at(self.t_at(axis, from)), c.at(self.t_at(axis, to)), coarse)
        } else {
            // The other coordinate at each end of the piece: an end of the
            // segment exactly, else from the exact line (within a few ulps).
            let at = |v: f64| {
                if v == a.p0 {
                    c.p0
                } else if v == a.p1 {
                    c.p1
                } else {
                    line_at(a.p0, c.p0, a.p1, c.p1, v)
                }
            };
            let (u, v) = (at(from), at(to));
            (u, v, margin(u).max(margin(v)))
        };
        let (u, v) = (u.min(v), u.max(v));
        Some(((u - widen).max(c_min), (v + widen).min(c_max)))
    }
}

/// Far above the relative rounding of the few operations behind a bound
/// here (a handful of ulps), far below anything a walk could tell apart.
const RELATIVE_SLACK: f64 = 1.0 / (1u64 << 40) as f64;

/// A widening of a coordinate `v` that covers its rounding.
fn margin(v: f64) -> f64 {
    v.abs() * RELATIVE_SLACK + f64::MIN_POSITIVE
}

/// A parameter `t = (p − p0) / d` computed in two or three rounded operations,
/// lowered to below the true one (an infinite one, from a vanishing `d`,
/// stands for a true one beyond any segment's end and is kept).
#[inline]
fn lower(t: f64) -> f64 {
    // `min(MAX)`: an infinite `t` stays itself, never `∞ − ∞`.
    t - (t.abs() * RELATIVE_SLACK).min(f64::MAX) - f64::MIN_POSITIVE
}

/// [`lower`] the other way.
#[inline]
fn upper(t: f64) -> f64 {
    t + (t.abs() * RELATIVE_SLACK).min(f64::MAX) + f64::MIN_POSITIVE
}
