//! Where to leave a box that met something at time `t`: positions are
//! `f64`s, and the motion's point at `t` rounds to either side of the
//! contact. The box is stored as its min corner and size (its max corner
//! `x + w` rounded anew wherever it goes), so the rule is checked on that
//! stored box: the position is the motion's point at `t` — its leading
//! side put exactly on the face met when that is a line — moved back
//! towards the start, a rounding step at a time and then farther, until
//! the stored box there overlaps nothing the caller checks; the start at
//! worst, which the caller knows to be clear. Never past the contact: a
//! position beyond it would overlap the solid met.

use super::time::{Recipe, Time};
use crate::geometry::Aabb;

/// The position (min corner) at which to leave a box of size `size` that
/// started at `start` (stored as `Aabb::from_xywh`), moving by `d`, and met
/// a solid with `normal` at `time`: see the module docs. `clear` says
/// whether the stored box at a position overlaps nothing.
pub(crate) fn place(
    start: (f64, f64),
    size: (f64, f64),
    d: (f64, f64),
    time: &Time,
    normal: (f64, f64),
    mut clear: impl FnMut(&Aabb) -> bool,
) -> (f64, f64) {
    let t = time.value();
    if t <= 0.0 {
        return start;
    }
    let at = |t: f64| {
        (
            if d.0 == 0.0 { start.0 } else { start.0 + t * d.0 },
            if d.1 == 0.0 { start.1 } else { start.1 + t * d.1 },
        )
    };
    let stored = |p: (f64, f64)| Aabb::from_xywh(p.0, p.1, size.0, size.1);
    let mut p = at(t);
    if let Some((axis, v)) = snapped(start, size, d, time, normal) {
        if axis == 0 {
            p.0 = v;
        } else {
            p.1 = v;
        }
    }
    if clear(&stored(p)) {
        return p;
    }
    // Back towards the start: by a relative step of 2⁻⁵² of `t`, then
    // doubling, down to the start itself.
    let mut last = p;
    for k in 0..=52 {
        let tk = t - t * (2f64).powi(k - 52);
        let q = at(tk.max(0.0));
        if q == last {
            continue;
        }
        last = q;
        if q == start || clear(&stored(q)) {
            return q;
        }
    }
    start
}

/// The coordinate putting the box's leading side exactly on the face met,
/// when the contact is a face across one axis and that coordinate lies
/// within rounding of the motion's point at `t`.
fn snapped(
    start: (f64, f64),
    size: (f64, f64),
    d: (f64, f64),
    time: &Time,
    normal: (f64, f64),
) -> Option<(usize, f64)> {
    let Recipe::Face { axis, face, offset, .. } = time.recipe else { return None };
    let across_normal = if axis == 0 { normal.1 } else { normal.0 };
    if offset != 0.0 || across_normal != 0.0 {
        return None;
    }
    let (s, w, dv) = if axis == 0 { (start.0, size.0, d.0) } else { (start.1, size.1, d.1) };
    let v = if dv > 0.0 {
        // The largest position whose rounded max side stays on the face.
        let mut v = face - w;
        let mut guard = 0;
        while v + w > face && guard < 4 {
            v = v.next_down();
            guard += 1;
        }
        if v + w > face {
            return None;
        }
        v
    } else {
        face
    };
    let expected = s + time.value() * dv;
    let near = (s.abs() + (time.value() * dv).abs() + w) / (1u64 << 40) as f64 + f64::MIN_POSITIVE;
    (v.is_finite() && (v - expected).abs() <= near).then_some((axis, v))
}
