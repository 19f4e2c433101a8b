//! Segments against dynamic objects (Metanet's N tutorial B, section 5: "rays against
//! dynamic objects"): the slab test against a box, the test against a
//! circle, and the nearest of many candidate boxes.
//!
//! Only geometry lives here: the caller picks the candidates. A loose grid
//! files an object under its centre cell only, so walking just the cells a
//! ray passes through misses objects that reach into them from outside;
//! the structures' ray walks (`BroadPhase::walk_ray`) walk each cell with
//! its loose bounds instead. Because hits here are closed (touching
//! counts, as for tiles), a walk must count boxes that only touch the
//! segment.

use std::cmp::Ordering;

use super::exact::{box_entry_bound, Contact, Ends, Interval, Ranked};
use super::surface_hit::{box_entry, box_polygon, finish, graze, roots, unit, SurfaceHit};
use crate::geometry::Aabb;
use crate::segment::segment_touches_convex;
use crate::segment::Segment;

/// The first point of the segment in the closed box `b` (its faces count):
/// `t`, point and the outward normal of the face entered (the diagonal at
/// an exact corner). A segment starting on the box hits at `t = 0` with the
/// normal of the face it starts on (see the module docs for corners); one
/// starting strictly inside, with `(0, 0)`. `None` if it misses or a
/// coordinate is not finite.
#[must_use]
pub fn segment_aabb(b: &Aabb, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<SurfaceHit> {
    let seg = Segment::new(x0, y0, x1, y1)?;
    hit_aabb(&seg, b).map(|(hit, _)| hit)
}

/// Whether the segment touches the box is decided exactly (on its ends, at
/// any magnitude); the floating clip gives `t`, point and normal, and a
/// touch it rounds away (a corner grazed within rounding, or a huge
/// segment whose parameter cannot resolve the box) is placed by [`graze`].
/// Also whether the floating clip gave the `t` (else the graze did).
pub(crate) fn hit_aabb(seg: &Segment, b: &Aabb) -> Option<(SurfaceHit, bool)> {
    let (corners, normals) = box_polygon(b);
    let ends = ((seg.x.p0, seg.y.p0), (seg.x.p1, seg.y.p1));
    if !segment_touches_convex(ends.0, ends.1, &corners) {
        return None;
    }
    Some(match seg.clip_box(b) {
        Some(clip) => (box_entry(seg, &clip, b), true),
        None => {
            let near = 1e-9 * (b.max_x - b.min_x).max(b.max_y - b.min_y).max(f64::MIN_POSITIVE);
            (graze(ends, seg, &corners, &normals, near), false)
        }
    })
}

/// The first point of the segment in the closed disc of centre `(cx, cy)`
/// and radius `r`, with the radial normal (at `t = 0`: the radial normal
/// when the start is on the circle, `(0, 0)` strictly inside).
/// `None` if it misses, `r` is not above zero, or anything is not finite.
///
/// The segment is first clipped to the disc's bounding box, and the
/// quadratic is solved on that piece in units of `r`, so long rays keep
/// their precision.
#[must_use]
pub fn segment_circle(cx: f64, cy: f64, r: f64, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<SurfaceHit> {
    if !(cx.is_finite() && cy.is_finite() && r.is_finite() && r > 0.0) {
        return None;
    }
    let seg = Segment::new(x0, y0, x1, y1)?;
    let bounds = Aabb { min_x: cx - r, min_y: cy - r, max_x: cx + r, max_y: cy + r };
    let clip = seg.clip_box(&bounds)?;
    let a = seg.entry_point(&clip, &bounds);
    let b = seg.exit_point(&clip, &bounds);
    let m = ((a.0 - cx) / r, (a.1 - cy) / r);
    let e = ((b.0 - a.0) / r, (b.1 - a.1) / r);
    let cc = m.0 * m.0 + m.1 * m.1 - 1.0;
    if cc <= 0.0 {
        // The piece starts in the disc: at t = 0, or touching the box's
        // face exactly where the circle does.
        let on_circle = [unit(m)];
        return Some(finish(&seg, clip.t_in, a, unit(m), if cc == 0.0 { &on_circle } else { &[] }));
    }
    let (u0, _) = roots(e.0 * e.0 + e.1 * e.1, m.0 * e.0 + m.1 * e.1, cc)?;
    if !(0.0..=1.0).contains(&u0) {
        return None;
    }
    let t = clip.t_in + u0 * (clip.t_out - clip.t_in);
    let point = (a.0 + u0 * (b.0 - a.0), a.1 + u0 * (b.1 - a.1));
    Some(finish(&seg, t, point, unit((m.0 + u0 * e.0, m.1 + u0 * e.1)), &[]))
}

/// The nearest hit among boxes, with the id of the box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxHit {
    /// The id of the box hit.
    pub id: u32,
    /// Fraction of the segment, `0..=1`.
    pub t: f64,
    /// x of the hit point.
    pub x: f64,
    /// y of the hit point.
    pub y: f64,
    /// Unit outward normal of the face hit (see [`SurfaceHit::normal`]).
    pub normal: (f64, f64),
}

/// The candidate box the segment touches first ([`segment_aabb`] on each),
/// ties going to the smaller id, so the answer does not depend on the
/// order the broad phase yields candidates in. Which is first is decided
/// exactly (where the real segment first touches each box), not by the
/// rounded `t`s, which cannot separate boxes a near-tie apart (or any, for
/// ends near ±1e308): a tie is the same point. `None` if none is touched
/// or a coordinate is not finite.
#[must_use]
pub fn first_box_hit(
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    candidates: impl IntoIterator<Item = (u32, Aabb)>,
) -> Option<BoxHit> {
    first_box_hit_ranked(&Segment::new(x0, y0, x1, y1)?, candidates).map(|r| r.hit)
}

/// A box hit and what orders it against others on the same segment: the
/// box, and a bound of the true `t` of its first contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RankedBoxHit {
    pub hit: BoxHit,
    pub b: Aabb,
    pub bound: Option<Interval>,
}

impl RankedBoxHit {
    pub(crate) fn ranked(&self) -> Ranked {
        Ranked { contact: Contact::Box(self.b), bound: self.bound }
    }

    /// Whether this hit comes before `other`: the earlier contact, exactly;
    /// at the same point, the smaller id.
    pub(crate) fn precedes(&self, other: &RankedBoxHit, ends: Ends) -> bool {
        if let (Some(a), Some(b)) = (self.bound, other.bound) {
            if a.hi < b.lo {
                return true;
            }
            if b.hi < a.lo {
                return false;
            }
        }
        match self.ranked().cmp(&other.ranked(), ends) {
            Ordering::Less => true,
            Ordering::Equal => self.hit.id < other.hit.id,
            Ordering::Greater => false,
        }
    }
}

/// [`first_box_hit`] on a prepared segment, with what ranks the hit against
/// others on the same segment.
fn first_box_hit_ranked(
    seg: &Segment,
    candidates: impl IntoIterator<Item = (u32, Aabb)>,
) -> Option<RankedBoxHit> {
    let ends = ((seg.x.p0, seg.y.p0), (seg.x.p1, seg.y.p1));
    let mut best: Option<RankedBoxHit> = None;
    for (id, b) in candidates {
        let Some(hit) = ranked_box_hit(seg, id, b) else { continue };
        if best.is_none_or(|o| hit.precedes(&o, ends)) {
            best = Some(hit);
        }
    }
    best
}

/// The segment's hit on one box, with what ranks it against others on the
/// same segment; `None` if it misses.
pub(crate) fn ranked_box_hit(seg: &Segment, id: u32, b: Aabb) -> Option<RankedBoxHit> {
    let ends = ((seg.x.p0, seg.y.p0), (seg.x.p1, seg.y.p1));
    let ((x0, y0), _) = ends;
    let (h, clipped) = hit_aabb(seg, &b)?;
    // The clip's `t` is `max(0, (face − p0) / (p1 − p0), …)` on the
    // exact ends, each rounded thrice: within 3 ulps of the true one,
    // so it bounds it without recomputing; not so a graze's, or a 0
    // that may be an underflow (unless the start is in the box).
    let starts_inside = b.min_x <= x0 && x0 <= b.max_x && b.min_y <= y0 && y0 <= b.max_y;
    let bound = if starts_inside {
        Some(Interval::ZERO)
    } else if clipped && h.t > 0.0 {
        Some(Interval::around(h.t))
    } else {
        box_entry_bound(ends, &b)
    };
    Some(RankedBoxHit { hit: BoxHit { id, t: h.t, x: h.x, y: h.y, normal: h.normal }, b, bound })
}
