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
use super::narrow_phase::{exits_traced, BlockedSides, Exits, Push};
use super::side::{Door, Side};
use super::trace::PushOutStep;
use crate::geometry::Aabb;
use crate::trace::{NoTrace, TraceKind, TraceReason, Tracer};

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
        self.push_out_within_traced(b, walls, &mut NoTrace)
    }

    /// [`TileGrid::push_out_within`], telling `t` each step (see
    /// [`TileGrid::trace_push_out`]). The tile-aware step's contacts
    /// (`world/tile_motion.rs`) can be traced through this too, by passing
    /// a [`crate::trace::TraceLog`] where it passes none.
    pub fn push_out_within_traced<T: Tracer<PushOutStep>>(
        &self,
        b: &Aabb,
        walls: &Aabb,
        t: &mut T,
    ) -> (f64, f64) {
        // The tolerance is needed only once a contact is found: a box
        // touching nothing (the everyday call) does not compute it.
        let tolerance = || push_tolerance(self.tile_size, b);
        t.note(|| PushOutStep::new(TraceKind::PushOut, 0).at(*b).moving(0.0, 0.0, tolerance()));
        let keep_x = walls.min_x <= b.min_x && b.max_x <= walls.max_x;
        let keep_y = walls.min_y <= b.min_y && b.max_y <= walls.max_y;
        let allowed = |m: &Aabb| {
            (!keep_x || (walls.min_x <= m.min_x && m.max_x <= walls.max_x))
                && (!keep_y || (walls.min_y <= m.min_y && m.max_y <= walls.max_y))
        };
        let (mut dx, mut dy) = (0.0, 0.0);
        let mut current = *b;
        let mut why = TraceReason::MaxRounds;
        let mut rounds = MAX_ROUNDS;
        for round in 0..MAX_ROUNDS {
            t.note(|| PushOutStep::new(TraceKind::Round, round).at(current));
            let Some(contact) = self.deepest_contact(&current, t) else {
                (why, rounds) = (TraceReason::Clear, round);
                break;
            };
            let tolerance = tolerance();
            if contact.depth() <= tolerance {
                (why, rounds) = (TraceReason::WithinTolerance, round);
                break;
            }
            let p = self.cleanest_exit(&current, &contact, tolerance, &allowed, t);
            current = moved(&current, p);
            dx += p.dx;
            dy += p.dy;
        }
        t.note(|| {
            PushOutStep::new(TraceKind::Done, rounds).because(why).at(current).moving(dx, dy, dx.hypot(dy))
        });
        (dx, dy)
    }

    /// How deep `b` is in the deepest tile or closed door it overlaps.
    #[must_use]
    pub fn overlap_depth(&self, b: &Aabb) -> f64 {
        let mut depth = 0.0f64;
        self.for_each_contact(b, |e, _| depth = depth.max(e.depth()), &mut NoTrace);
        depth
    }

    /// The ways out of the deepest contact.
    fn deepest_contact<T: Tracer<PushOutStep>>(&self, b: &Aabb, t: &mut T) -> Option<Exits> {
        let mut deepest: Option<Exits> = None;
        let mut at = PushOutStep::new(TraceKind::Deepest, 0);
        self.for_each_contact(
            b,
            |e, contact: Option<&PushOutStep>| {
                if deepest.is_none_or(|d| e.depth() > d.depth()) {
                    deepest = Some(e);
                    if let Some(&contact) = contact {
                        at = contact;
                    }
                }
            },
            t,
        );
        if let Some(e) = deepest {
            t.note(|| {
                let step = PushOutStep { kind: TraceKind::Deepest, depth: e.depth(), ..at };
                step.because(TraceReason::LargestDepth)
            });
        }
        deepest
    }

    /// The shortest way to a clean landing in one push or two (the first
    /// push of the two, then: the next round finds the second): a box sunk
    /// into the corner between a wall and a floor comes out by the two
    /// short pushes, never by a long way round a tile (out of its far
    /// side). Ways out that `allowed` refuses are not taken to get there.
    /// With no clean landing within two pushes, the allowed way out
    /// leaving the shallowest overlap, as the rounds go on.
    fn cleanest_exit<T: Tracer<PushOutStep>>(
        &self,
        b: &Aabb,
        contact: &Exits,
        tolerance: f64,
        allowed: &impl Fn(&Aabb) -> bool,
        t: &mut T,
    ) -> Push {
        let mut best: Option<(f64, Push, TraceReason)> = None;
        let mut fallback = (false, f64::INFINITY, contact.best());
        for &p in contact.all() {
            if best.is_some_and(|(cost, _, _)| p.depth >= cost) {
                break; // shortest first: nothing later can be cheaper
            }
            let to = moved(b, p);
            let ok = allowed(&to);
            let left = self.overlap_depth(&to);
            t.note(|| {
                let reason = if !ok {
                    TraceReason::CrossesWall
                } else if left <= tolerance {
                    TraceReason::LandsClear
                } else {
                    TraceReason::StillOverlaps
                };
                let step = PushOutStep::new(TraceKind::TryExit, 0).because(reason).at(to);
                PushOutStep { left, ..step.moving(p.dx, p.dy, p.depth) }
            });
            if (ok, -left) > (fallback.0, -fallback.1) {
                fallback = (ok, left, p);
            }
            if !ok {
                continue;
            }
            if left <= tolerance {
                best = Some((p.depth, p, TraceReason::FirstClearExit));
                continue;
            }
            // A second push from where this one lands.
            let Some(next) = self.deepest_contact(&to, &mut NoTrace) else { continue };
            for &q in next.all() {
                let cost = p.depth + q.depth;
                if best.is_some_and(|(c, _, _)| cost >= c) {
                    break;
                }
                let there = moved(&to, q);
                if allowed(&there) && self.overlap_depth(&there) <= tolerance {
                    t.note(|| {
                        let step = PushOutStep::new(TraceKind::TryExit, 0)
                            .because(TraceReason::SecondPushLandsClear)
                            .at(there);
                        PushOutStep { left: self.overlap_depth(&there), ..step.moving(q.dx, q.dy, q.depth) }
                    });
                    best = Some((cost, p, TraceReason::SecondPushLandsClear));
                    break;
                }
            }
        }
        let (p, why) = best.map_or((fallback.2, TraceReason::LeastOverlapLeft), |(_, p, why)| (p, why));
        t.note(|| push_step(p, why));
        p
    }

    /// Calls `f` with the ways out of every tile and closed door `b`
    /// overlaps, and (when `t` records) the contact's step, which says
    /// where it is; tells `t` each touched cell's narrow phase and each
    /// door crossed.
    fn for_each_contact<T: Tracer<PushOutStep>>(
        &self,
        b: &Aabb,
        mut f: impl FnMut(Exits, Option<&PushOutStep>),
        t: &mut T,
    ) {
        let range = self.touched_range(b);
        if range.is_empty() {
            return;
        }
        let mut step = PushOutStep::new(TraceKind::Contact, 0);
        for (col, row) in range.cells() {
            let shape = self.tiles[self.cell_index(col, row)];
            let here = |kind| {
                let step = PushOutStep::new(kind, 0).cell(col, row).at(self.cell_bounds(col, row));
                PushOutStep { shape: Some(shape), ..step }
            };
            if shape.is_empty() {
                t.note(|| here(TraceKind::Touched).because(TraceReason::EmptyTile));
                continue;
            }
            t.note(|| here(TraceKind::Touched));
            let tile = self.cell_bounds(col, row);
            let e = exits_traced(shape, &tile, b, self.blocked_sides(col, row), t);
            if t.on() {
                step = match e {
                    Some(e) => here(TraceKind::Contact).because(TraceReason::Overlaps).moving(
                        e.best().dx,
                        e.best().dy,
                        e.depth(),
                    ),
                    None => here(TraceKind::Contact).because(TraceReason::Separated),
                };
                t.note(|| step);
            }
            if let Some(e) = e {
                f(e, t.on().then_some(&step));
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
                    let e = Exits::wall(b.max_x - x, x - b.min_x, true, t);
                    if t.on() {
                        let door =
                            Aabb { min_x: x, min_y: self.line(row), max_x: x, max_y: self.line(row + 1) };
                        step = door_step(k, row, door, &e);
                        t.note(|| step);
                    }
                    f(e, t.on().then_some(&step));
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
                    let e = Exits::wall(b.max_y - y, y - b.min_y, false, t);
                    if t.on() {
                        let door =
                            Aabb { min_x: self.line(col), min_y: y, max_x: self.line(col + 1), max_y: y };
                        step = door_step(col, k, door, &e);
                        t.note(|| step);
                    }
                    f(e, t.on().then_some(&step));
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

/// A closed door at line/cell `(col, row)` a push-out meets, drawn as
/// `door`, with its way off `e`.
fn door_step(col: u32, row: u32, door: Aabb, e: &Exits) -> PushOutStep {
    let step =
        PushOutStep::new(TraceKind::Contact, 0).because(TraceReason::DoorClosed).cell(col, row).at(door);
    step.moving(e.best().dx, e.best().dy, e.depth())
}

/// The move a round makes, and why this one.
fn push_step(p: Push, why: TraceReason) -> PushOutStep {
    PushOutStep::new(TraceKind::Push, 0).because(why).moving(p.dx, p.dy, p.depth)
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
