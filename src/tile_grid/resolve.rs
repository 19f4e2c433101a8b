//! Pushing a box out of the whole grid: the narrow phase of each touched
//! tile, combined.
//!
//! Method: each round takes the contact (touched tile or closed door) with
//! the **largest** penetration depth and tries its ways out
//! ([`exits`](super::narrow_phase::exits)) and, from where each lands, the
//! ways out of what it lands in: the shortest path to a box overlapping
//! nothing (within a rounding tolerance) in one push or two wins, and its
//! first push is taken; if there is none, the way out leaving the
//! shallowest overlap. Rounds repeat until nothing overlaps, at most
//! [`MAX_ROUNDS`] times.
//!
//! Largest first because the deepest contact is the one the box is most
//! surely on the wrong side of, and shallow ones often go with it (a box
//! sunk into a floor seam touches two floor tiles; one push up frees it from
//! both). Weighing the exits by where they land is what the per-tile minimal
//! push cannot do alone: it knows nothing of the next tile, and a box
//! pressed into a steep slope spanning two tiles would otherwise be pushed
//! up out of the lower tile into the upper one and back, forever.
//!
//! Exits through a side whose neighbour covers it with a solid face (or a
//! closed door) come last: those are the interior edges N tutorial B
//! simplifies to `empty`, and leaving through one only buries the box in the
//! next tile. Closed doors are walls of no thickness, and a box crossing
//! one leaves it only on the side its centre is on: never pushed through. In a pocket narrower
//! than the box nothing frees it; the rounds then stop and the partial
//! result is returned.

use super::grid::TileGrid;
use super::narrow_phase::{exits, BlockedSides, Exits, Push};
use super::side::{Door, Side};
use crate::geometry::Aabb;

/// Most pushes [`TileGrid::push_out`] applies.
pub const MAX_ROUNDS: u32 = 8;

impl TileGrid {
    /// The translation `(dx, dy)` that moves `b` out of every tile's solid
    /// region and off every closed door (see the module docs for the method
    /// and its limits); `(0, 0)` when `b` overlaps nothing.
    #[must_use]
    pub fn push_out(&self, b: &Aabb) -> (f64, f64) {
        let everywhere = Aabb { min_x: f64::MIN, min_y: f64::MIN, max_x: f64::MAX, max_y: f64::MAX };
        self.push_out_within(b, &everywhere)
    }

    /// [`TileGrid::push_out`] for a box that must stay inside `walls` along
    /// each axis it lies inside them on (a World's moving objects): exits
    /// that would cross a wall are taken only when no other is left. A
    /// tile's shortest way out along a wall can be through the wall.
    #[must_use]
    pub fn push_out_within(&self, b: &Aabb, walls: &Aabb) -> (f64, f64) {
        let tolerance = push_tolerance(self.tile_size, b);
        let keep_x = walls.min_x <= b.min_x && b.max_x <= walls.max_x;
        let keep_y = walls.min_y <= b.min_y && b.max_y <= walls.max_y;
        let allowed = |m: &Aabb| {
            (!keep_x || (walls.min_x <= m.min_x && m.max_x <= walls.max_x))
                && (!keep_y || (walls.min_y <= m.min_y && m.max_y <= walls.max_y))
        };
        let (mut dx, mut dy) = (0.0, 0.0);
        let mut current = *b;
        for _ in 0..MAX_ROUNDS {
            let Some(contact) = self.deepest_contact(&current) else {
                break;
            };
            if contact.depth() <= tolerance {
                break;
            }
            let p = self.cleanest_exit(&current, &contact, tolerance, &allowed);
            current = moved(&current, p);
            dx += p.dx;
            dy += p.dy;
        }
        (dx, dy)
    }

    /// How deep `b` is in the deepest tile or closed door it overlaps.
    #[must_use]
    pub fn overlap_depth(&self, b: &Aabb) -> f64 {
        let mut depth = 0.0f64;
        self.for_each_contact(b, |e| depth = depth.max(e.depth()));
        depth
    }

    /// The ways out of the deepest contact.
    fn deepest_contact(&self, b: &Aabb) -> Option<Exits> {
        let mut deepest: Option<Exits> = None;
        self.for_each_contact(b, |e| {
            if deepest.is_none_or(|d| e.depth() > d.depth()) {
                deepest = Some(e);
            }
        });
        deepest
    }

    /// The shortest way to a clean landing in one push or two (the first
    /// push of the two, then: the next round finds the second): a box sunk
    /// into the corner between a wall and a floor comes out by the two
    /// short pushes, never by a long way round a tile (out of its far
    /// side). Ways out that `allowed` refuses are not taken to get there.
    /// With no clean landing within two pushes, the allowed way out
    /// leaving the shallowest overlap, as the rounds go on.
    fn cleanest_exit(
        &self,
        b: &Aabb,
        contact: &Exits,
        tolerance: f64,
        allowed: &impl Fn(&Aabb) -> bool,
    ) -> Push {
        let mut best: Option<(f64, Push)> = None;
        let mut fallback = (false, f64::INFINITY, contact.best());
        for &p in contact.all() {
            if best.is_some_and(|(cost, _)| p.depth >= cost) {
                break; // shortest first: nothing later can be cheaper
            }
            let to = moved(b, p);
            let ok = allowed(&to);
            let left = self.overlap_depth(&to);
            if (ok, -left) > (fallback.0, -fallback.1) {
                fallback = (ok, left, p);
            }
            if !ok {
                continue;
            }
            if left <= tolerance {
                best = Some((p.depth, p));
                continue;
            }
            // A second push from where this one lands.
            let Some(next) = self.deepest_contact(&to) else { continue };
            for &q in next.all() {
                let cost = p.depth + q.depth;
                if best.is_some_and(|(c, _)| cost >= c) {
                    break;
                }
                let there = moved(&to, q);
                if allowed(&there) && self.overlap_depth(&there) <= tolerance {
                    best = Some((cost, p));
                    break;
                }
            }
        }
        best.map_or(fallback.2, |(_, p)| p)
    }

    /// Calls `f` with the ways out of every tile and closed door `b`
    /// overlaps.
    fn for_each_contact(&self, b: &Aabb, mut f: impl FnMut(Exits)) {
        let range = self.touched_range(b);
        if range.is_empty() {
            return;
        }
        for (col, row) in range.cells() {
            let shape = self.tiles[self.cell_index(col, row)];
            if shape.is_empty() {
                continue;
            }
            let tile = self.cell_bounds(col, row);
            if let Some(e) = exits(shape, &tile, b, self.blocked_sides(col, row)) {
                f(e);
            }
        }
        // Closed doors the box's interior crosses: a door on vertical line
        // `k` is crossed when `min_x < line(k) < max_x` in a touched row.
        for row in range.row_start..range.row_end {
            for k in range.col_start..=range.col_end {
                let x = self.line(k);
                if self.doors[self.vertical_slot(k, row)] == Door::code(Some(Door::Closed))
                    && b.min_x < x
                    && x < b.max_x
                {
                    f(Exits::wall(b.max_x - x, x - b.min_x, true));
                }
            }
        }
        for k in range.row_start..=range.row_end {
            let y = self.line(k);
            for col in range.col_start..range.col_end {
                if self.doors[self.horizontal_slot(col, k)] == Door::code(Some(Door::Closed))
                    && b.min_y < y
                    && y < b.max_y
                {
                    f(Exits::wall(b.max_y - y, y - b.min_y, false));
                }
            }
        }
    }

    /// The sides of a cell a push should not leave through: a neighbour's
    /// solid face lies along it, or a closed door does.
    pub(super) fn blocked_sides(&self, col: u32, row: u32) -> BlockedSides {
        let mut blocked = [false; 4];
        for side in Side::ALL {
            let slot = self.slot(col, row, side);
            blocked[side as usize] = self.neighbour_tile(col, row, side).covers(side.opposite())
                || self.door_at(slot) == Some(Door::Closed);
        }
        blocked
    }
}

/// Overlap the push-out leaves alone: rounding, a billionth of a tile, but
/// at most a hundredth of the box (for a box that small, a billionth of a
/// tile would be a fair part of it).
pub(crate) fn push_tolerance(tile_size: f64, b: &Aabb) -> f64 {
    (tile_size * 1e-9).min(1e-2 * b.width().min(b.height()))
}

fn moved(b: &Aabb, p: Push) -> Aabb {
    Aabb { min_x: b.min_x + p.dx, min_y: b.min_y + p.dy, max_x: b.max_x + p.dx, max_y: b.max_y + p.dy }
}
