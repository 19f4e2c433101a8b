//! How far a moving box can go before it meets the tile map: the first
//! time its interior would overlap the cell of a non-empty tile or cross a
//! closed door. A cell stands for its tile's solid (it holds it), so the
//! box travels freely up to there at any speed, in one move, and only the
//! last stretch into a tile's cell needs the short sub-steps and push-outs
//! of `world/tile_motion.rs`.
//!
//! The swept box is walked in bands across the axis it moves faster on:
//! the rows (or columns) it enters, in order, and in each the cells it
//! covers while it is in that band, so the cost is the cells along the
//! way, not the area of the motion's bounding box; the walk stops at the
//! first band it enters after the earliest contact found.

use super::grid::TileGrid;
use super::side::Door;
use crate::geometry::Aabb;

/// How far a moving box goes before it meets the tile map
/// ([`TileGrid::free_time`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FreeFlight {
    /// The time it travels freely, `0..=t_max`.
    pub time: f64,
    /// Where it stopped, when it met something before `t_max`: the axis
    /// (`0` for x, `1` for y) and the line its leading side then lies on,
    /// so the caller can put it there exactly (the move `v × time` is
    /// rounded).
    pub face: Option<(usize, f64)>,
}

impl TileGrid {
    /// The time in `[0, t_max]` at which the box `b`, moving at `(vx, vy)`,
    /// first overlaps the cell of a non-empty tile (interiors overlap:
    /// touching does not count) or has a closed door cross its interior;
    /// `t_max` when it meets none. `0` when it already overlaps one and
    /// goes on into it, except by at most `slack` along an axis it does
    /// not go deeper on: a box resting on a floor, sunk into it by a
    /// rounding error, slides along it freely.
    ///
    /// A contact is found within a few ulps of the true one (the box then
    /// touches, or overlaps by that much).
    #[must_use]
    pub fn free_time(&self, b: &Aabb, vx: f64, vy: f64, t_max: f64, slack: f64) -> FreeFlight {
        if t_max.is_nan() || t_max <= 0.0 || (vx == 0.0 && vy == 0.0) {
            return FreeFlight { time: t_max.max(0.0), face: None };
        }
        let moving = Moving { lo: [b.min_x, b.min_y], hi: [b.max_x, b.max_y], v: [vx, vy], slack };
        // Bands across the axis of the faster motion: each band's run of
        // cells is then short.
        let along = if vy.abs() >= vx.abs() { 1 } else { 0 };
        self.first_contact(&moving, along, t_max)
    }

    fn first_contact(&self, m: &Moving, along: usize, t_max: f64) -> FreeFlight {
        let across = 1 - along;
        let counts = [self.cols, self.rows];
        let v = m.v[along];
        // The bands the box's interior reaches during the motion.
        let reach = |lo: f64, hi: f64, v: f64, t: f64| {
            let d = v * t;
            (lo + d.min(0.0), hi + d.max(0.0))
        };
        let (lo, hi) = reach(m.lo[along], m.hi[along], v, t_max);
        let (first, end) = self.axis_range(lo, hi, counts[along]);
        let mut best = FreeFlight { time: t_max, face: None };
        if first >= end {
            return best;
        }
        let forward = v >= 0.0;
        for i in 0..end - first {
            let k = if forward { first + i } else { end - 1 - i };
            let Some((s0, s1, _)) = window(m, along, self.line(k), self.line(k + 1), best.time) else {
                continue;
            };
            if s0 >= best.time {
                break;
            }
            // The cells across the band the box covers while in it, widened
            // by a hair over the rounding of the positions.
            let (c_lo, c_hi) = {
                let (a, b) = (m.v[across] * s0, m.v[across] * s1);
                (m.lo[across] + a.min(b), m.hi[across] + a.max(b))
            };
            let hair = |p: f64| p.abs() / (1u64 << 40) as f64 + self.tile_size * 1e-12;
            let (c_first, c_end) = self.axis_range(c_lo - hair(c_lo), c_hi + hair(c_hi), counts[across]);
            for j in c_first..c_end {
                let (col, row) = if along == 1 { (j, k) } else { (k, j) };
                if let Some(stop) = self.cell_contact(m, col, row, best.time) {
                    best = stop;
                }
            }
        }
        best
    }

    /// The first contact of the moving box with the cell `(col, row)` if
    /// it holds a tile, or with a closed door on one of its sides, before
    /// `before`.
    fn cell_contact(&self, m: &Moving, col: u32, row: u32, before: f64) -> Option<FreeFlight> {
        let cell = Aabb {
            min_x: self.line(col),
            min_y: self.line(row),
            max_x: self.line(col + 1),
            max_y: self.line(row + 1),
        };
        let mut first: Option<FreeFlight> = None;
        let mut offer = |region: &Aabb| {
            if let Some(stop) = contact(m, region, first.map_or(before, |f| f.time)) {
                first = Some(stop);
            }
        };
        if !self.tiles[self.cell_index(col, row)].is_empty() {
            offer(&cell);
        }
        let closed = Door::code(Some(Door::Closed));
        for (slot, region) in [
            (self.vertical_slot(col, row), Aabb { max_x: cell.min_x, ..cell }),
            (self.vertical_slot(col + 1, row), Aabb { min_x: cell.max_x, ..cell }),
            (self.horizontal_slot(col, row), Aabb { max_y: cell.min_y, ..cell }),
            (self.horizontal_slot(col, row + 1), Aabb { min_y: cell.max_y, ..cell }),
        ] {
            if self.doors[slot] == closed {
                offer(&region);
            }
        }
        first
    }
}

/// A box's interior `(lo, hi)` per axis (0: x, 1: y) moving at `v`, and
/// the overlap it may already have without that counting as a contact.
struct Moving {
    lo: [f64; 2],
    hi: [f64; 2],
    v: [f64; 2],
    slack: f64,
}

/// The open interval of times in `[0, t_max)` at which the moving box's
/// interior overlaps the closed `[min, max]` on `axis`, if not empty, and
/// the line its leading side meets at the start (`min` moving forward).
fn window(m: &Moving, axis: usize, min: f64, max: f64, t_max: f64) -> Option<(f64, f64, f64)> {
    let (lo, hi, v) = (m.lo[axis], m.hi[axis], m.v[axis]);
    let (s0, s1, face) = if v == 0.0 {
        if !(lo < max && min < hi) {
            return None;
        }
        (0.0, t_max, min)
    } else if v > 0.0 {
        ((min - hi) / v, (max - lo) / v, min)
    } else {
        ((max - lo) / v, (min - hi) / v, max)
    };
    let (s0, s1) = (s0.max(0.0), s1.min(t_max));
    (s0 < s1).then_some((s0, s1, face))
}

/// The first time before `before` at which the moving box's interior
/// overlaps the closed region `r` (a cell, or a door: a cell side).
fn contact(m: &Moving, r: &Aabb, before: f64) -> Option<FreeFlight> {
    let (x0, x1, x_face) = window(m, 0, r.min_x, r.max_x, before)?;
    let (y0, y1, y_face) = window(m, 1, r.min_y, r.max_y, before)?;
    let (start, end) = (x0.max(y0), x1.min(y1));
    if start >= end {
        return None;
    }
    if start == 0.0 {
        if shallow(m, 0, r.min_x, r.max_x) || shallow(m, 1, r.min_y, r.max_y) {
            return None;
        }
        return Some(FreeFlight { time: 0.0, face: None });
    }
    // The axis whose window opens last is the one the box meets it on.
    let face = if x0 >= y0 { (0, x_face) } else { (1, y_face) };
    Some(FreeFlight { time: start, face: Some(face) })
}

/// Whether the box, overlapping `[min, max]` on `axis` now, does so by at
/// most the slack there and does not move deeper.
fn shallow(m: &Moving, axis: usize, min: f64, max: f64) -> bool {
    let (lo, hi, v) = (m.lo[axis], m.hi[axis], m.v[axis]);
    // Sticking in from below (its high side in) or from above.
    let (from_below, from_above) = (hi - min, max - lo);
    if from_below <= from_above {
        from_below <= m.slack && v <= 0.0
    } else {
        from_above <= m.slack && v >= 0.0
    }
}
