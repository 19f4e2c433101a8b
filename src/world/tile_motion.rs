//! Objects that collide with the tile map: opted in per object and moved by
//! `step` without tunnelling at any speed, so no game loop has to do tile
//! physics of its own.
//!
//! A collider flies freely, in one move, up to the first cell of a
//! non-empty tile, closed door or wall its box would enter
//! ([`TileGrid::free_time`]: a swept test, cells walked along the way);
//! from there it goes on in contact sub-steps shorter than half its
//! smaller side (and half a tile), each followed by the walls and the
//! push-out ([`TileGrid::push_out_within`]), which a closed door or a thin
//! tile cannot be crossed in. So the sub-steps are as many as the stretch
//! in contact needs, at any speed: nothing caps them short of tunnelling.
//! What bounds the work is [`MAX_SUB_STEPS`] moves a step: a collider that
//! would need more (faster than about that many half-sizes a step while
//! in contact, or bouncing that often) stops for the rest of the step
//! where its last move left it, outside every tile. Velocities stay
//! finite: a reflected component past the largest float is held at it.

use super::World;
use crate::bit_set::BitSet;
use crate::error::{Error, Result};
use crate::geometry::Aabb;
use crate::tile_grid::{push_tolerance, FreeFlight, TileGrid};

/// What a moving object does when it meets the tile map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum TileResponse {
    /// Passes through tiles (every object starts so).
    #[default]
    None = 0,
    /// Pushed out, and its velocity reflected about the push direction (an
    /// elastic bounce off the surface, slopes and curves included).
    Bounce = 1,
    /// Pushed out, and the velocity into the surface removed: it slides
    /// along it (what a platformer's character does on the ground).
    Slide = 2,
}

impl TileResponse {
    /// Every response.
    pub const ALL: [TileResponse; 3] = [TileResponse::None, TileResponse::Bounce, TileResponse::Slide];

    /// `"none"`, `"bounce"` or `"slide"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TileResponse::None => "none",
            TileResponse::Bounce => "bounce",
            TileResponse::Slide => "slide",
        }
    }

    /// The response called `name`; anything else is an error naming
    /// `response`.
    pub fn from_name(name: &str) -> Result<TileResponse> {
        TileResponse::ALL.into_iter().find(|r| r.name() == name).ok_or_else(|| Error::UnknownName {
            arg: "response",
            name: name.to_owned(),
            expected: "\"none\", \"bounce\", \"slide\"".into(),
        })
    }

    pub(super) fn from_code(code: u8) -> TileResponse {
        TileResponse::ALL.get(code as usize).copied().unwrap_or_default()
    }
}

/// The World's tile-collider part: which objects meet the tile map in
/// `step`, and how.
#[derive(Debug, Default)]
pub(super) struct TileColliders {
    /// Per slot: a [`TileResponse`] code (0: passes through tiles).
    pub(super) responses: Vec<u8>,
    /// Objects whose response is not `None`; when 0, `step` skips the pass.
    pub(super) count: usize,
}

/// Most moves (free flights and contact sub-steps together) one collider
/// takes in one `step`: the bound on the work a very fast object can cost.
/// One that would need more stops for the rest of the step where its last
/// move left it: never inside a tile, never past one.
pub const MAX_SUB_STEPS: u32 = 1024;

/// A contact sub-step's length as a share of the collider's smaller side
/// (or of a tile, if smaller): under half, so that one sub-step cannot
/// carry the box half across a closed door even with the free flight's
/// tolerance, and its push-out takes it back the way it came.
const CONTACT_STEP: f64 = 0.4;

impl World {
    /// Makes an object collide with the tile map during [`World::step`]
    /// (`Bounce` or `Slide`), or pass through it (`None`, the default).
    pub fn set_tile_response(&mut self, id: u32, response: TileResponse) -> Result<()> {
        let slot = self.slot_of("id", id)? as usize;
        let was = self.tile_colliders.responses[slot] != TileResponse::None as u8;
        self.tile_colliders.responses[slot] = response as u8;
        match (was, response != TileResponse::None) {
            (false, true) => self.tile_colliders.count += 1,
            (true, false) => self.tile_colliders.count -= 1,
            _ => {}
        }
        Ok(())
    }

    /// How an object meets the tile map in `step`.
    pub fn tile_response(&self, id: u32) -> Result<TileResponse> {
        let slot = self.slot_of("id", id)? as usize;
        Ok(TileResponse::from_code(self.tile_colliders.responses[slot]))
    }

    /// Moves every object that collides with tiles by its velocity × `dt`,
    /// in sub-steps of at most half its smaller side (and half a tile), each
    /// followed by the walls and the push-out; at rest it is only pushed
    /// out. Attached objects are left to their parents.
    /// Marks the slots it moves in `placed` (given when something is
    /// attached, for the children to follow) and returns how many.
    pub(super) fn step_tile_colliders(&mut self, dt: f64, mut placed: Option<&mut BitSet>) -> usize {
        let mut count = 0;
        for slot in 0..self.objects.slot_ids.len() {
            let response = TileResponse::from_code(self.tile_colliders.responses[slot]);
            if response == TileResponse::None || self.attachments.is_attached(slot) {
                continue;
            }
            let b = [
                self.objects.boxes[slot * 4],
                self.objects.boxes[slot * 4 + 1],
                self.objects.boxes[slot * 4 + 2],
                self.objects.boxes[slot * 4 + 3],
            ];
            let mut motion = Motion {
                x: b[0],
                y: b[1],
                w: b[2],
                h: b[3],
                vx: self.objects.velocities[slot * 2],
                vy: self.objects.velocities[slot * 2 + 1],
            };
            motion.advance(dt, response, &self.tiles, self.width, self.height);
            self.slot_order.note_move(b[0], b[1], motion.x, motion.y);
            self.objects.boxes[slot * 4] = motion.x;
            self.objects.boxes[slot * 4 + 1] = motion.y;
            self.objects.velocities[slot * 2] = motion.vx;
            self.objects.velocities[slot * 2 + 1] = motion.vy;
            if (motion.x, motion.y) != (b[0], b[1]) {
                self.pairs.changed.mark(slot as u32, &self.objects.slot_ids);
                let aabb = Aabb::from_xywh(motion.x, motion.y, motion.w, motion.h);
                self.structure.as_broad_phase().update(slot as u32, aabb);
                if let Some(placed) = placed.as_deref_mut() {
                    placed.insert(slot as u32);
                    count += 1;
                }
            }
        }
        count
    }
}

/// `after` (a position pushed out of the tiles) kept inside `[0, limit]`
/// when `before` was inside; a box resting outside the walls, or larger
/// than the world, keeps its push.
fn within_walls(before: f64, after: f64, size: f64, limit: f64) -> f64 {
    let room = super::step::room(size, limit);
    if room > 0.0 && (0.0..=room).contains(&before) {
        after.clamp(0.0, room)
    } else {
        after
    }
}

/// One object's box and velocity while it is being moved.
struct Motion {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    vx: f64,
    vy: f64,
}

impl Motion {
    fn advance(&mut self, dt: f64, response: TileResponse, tiles: &TileGrid, width: f64, height: f64) {
        if (self.vx == 0.0 && self.vy == 0.0) || dt <= 0.0 {
            self.settle(response, tiles, width, height);
            return;
        }
        let reach = CONTACT_STEP * self.w.min(self.h).min(tiles.tile_size());
        // What the push-out leaves alone, the free flight ignores too: a
        // box resting on a floor slides along it in one move.
        let slack = push_tolerance(tiles.tile_size(), &Aabb::from_xywh(self.x, self.y, self.w, self.h));
        let mut left = dt;
        for _ in 0..MAX_SUB_STEPS {
            if left <= 0.0 || (self.vx == 0.0 && self.vy == 0.0) {
                return;
            }
            // Free flight: up to the first tile cell, closed door or wall.
            let (wall_x, wall_y) = (self.time_to_wall(true, width), self.time_to_wall(false, height));
            let span = left.min(wall_x).min(wall_y);
            let flight = if span > 0.0 {
                let b = Aabb::from_xywh(self.x, self.y, self.w, self.h);
                tiles.free_time(&b, self.vx, self.vy, span, slack)
            } else {
                FreeFlight { time: 0.0, face: None }
            };
            let free = flight.time;
            if free > 0.0 {
                self.fly(free, width, height);
                if let Some((axis, face)) = flight.face {
                    self.touch(axis == 0, face);
                }
                left = if free >= left { 0.0 } else { left - free };
                if free >= span {
                    self.bounce_off_walls(free >= wall_x, free >= wall_y, width, height);
                }
                continue;
            }
            let (out_x, out_y) =
                (self.on_wall_moving_out(true, width), self.on_wall_moving_out(false, height));
            if out_x || out_y {
                self.bounce_off_walls(out_x, out_y, width, height);
                continue;
            }
            // In contact: a short sub-step, the walls, the push-out. The
            // speed is halved in the sum so it cannot overflow.
            let speed = 0.5 * self.vx.abs() + 0.5 * self.vy.abs();
            let h = left.min(0.5 * reach / speed);
            let (mut x, mut y) = (self.x + self.vx * h, self.y + self.vy * h);
            super::step::reflect(&mut x, &mut self.vx, self.w, width);
            super::step::reflect(&mut y, &mut self.vy, self.h, height);
            (self.x, self.y) = (x, y);
            self.settle(response, tiles, width, height);
            left = if h >= left { 0.0 } else { left - h };
        }
    }

    /// Pushed out of the tiles, then kept inside the walls.
    fn settle(&mut self, response: TileResponse, tiles: &TileGrid, width: f64, height: f64) {
        let (x, y) = (self.x, self.y);
        self.push_out(response, tiles, width, height);
        // Should no way out stay inside the walls, the walls win.
        self.x = within_walls(x, self.x, self.w, width);
        self.y = within_walls(y, self.y, self.h, height);
    }

    /// How long until the box reaches the wall it moves towards along one
    /// axis: infinite when it does not move on it; 0 when it is outside
    /// the room there (or larger than the world), which the contact
    /// sub-step's reflection sorts out.
    fn time_to_wall(&self, along_x: bool, limit: f64) -> f64 {
        let (p, v, size) = if along_x { (self.x, self.vx, self.w) } else { (self.y, self.vy, self.h) };
        let room = super::step::room(size, limit);
        if !(room > 0.0 && (0.0..=room).contains(&p)) {
            return 0.0;
        }
        if v > 0.0 {
            (room - p) / v
        } else if v < 0.0 {
            p / -v
        } else {
            f64::INFINITY
        }
    }

    /// Whether the box lies on the wall it moves towards along one axis (a
    /// free flight ended there): it only needs to turn round.
    fn on_wall_moving_out(&self, along_x: bool, limit: f64) -> bool {
        let (p, v, size) = if along_x { (self.x, self.vx, self.w) } else { (self.y, self.vy, self.h) };
        let room = super::step::room(size, limit);
        room > 0.0 && ((p == room && v > 0.0) || (p == 0.0 && v < 0.0))
    }

    /// Moves by the velocity for `time`, which ends no later than the
    /// walls: the sum is kept inside the room against its rounding.
    fn fly(&mut self, time: f64, width: f64, height: f64) {
        let keep = |p: f64, size: f64, limit: f64| p.clamp(0.0, super::step::room(size, limit).max(0.0));
        if self.vx != 0.0 {
            self.x = keep(self.x + self.vx * time, self.w, width);
        }
        if self.vy != 0.0 {
            self.y = keep(self.y + self.vy * time, self.h, height);
        }
    }

    /// Puts the leading side exactly on the line `face` it flew to (the
    /// flight's `v × time` is rounded): a rounding step, never more.
    fn touch(&mut self, along_x: bool, face: f64) {
        let (p, v, size) =
            if along_x { (&mut self.x, self.vx, self.w) } else { (&mut self.y, self.vy, self.h) };
        let mut at = if v > 0.0 { face - size } else { face };
        // `(face − size) + size` can round past `face`: one step back.
        while v > 0.0 && at + size > face {
            at = crate::geometry::next_down(at);
        }
        if at.is_finite() && (at - *p).abs() <= size {
            *p = at;
        }
    }

    /// Turns round at the walls reached: on each axis flagged, the box is
    /// put exactly on the wall it moved towards and its velocity along
    /// that axis points back inside.
    fn bounce_off_walls(&mut self, x: bool, y: bool, width: f64, height: f64) {
        if x && self.vx != 0.0 {
            let room = super::step::room(self.w, width);
            if room > 0.0 {
                self.x = if self.vx > 0.0 { room } else { 0.0 };
            }
            self.vx = -self.vx;
        }
        if y && self.vy != 0.0 {
            let room = super::step::room(self.h, height);
            if room > 0.0 {
                self.y = if self.vy > 0.0 { room } else { 0.0 };
            }
            self.vy = -self.vy;
        }
    }

    /// Out of the tiles, and the velocity's normal part bounced or dropped.
    fn push_out(&mut self, response: TileResponse, tiles: &TileGrid, width: f64, height: f64) {
        let walls = Aabb { min_x: 0.0, min_y: 0.0, max_x: width, max_y: height };
        let (dx, dy) = tiles.push_out_within(&Aabb::from_xywh(self.x, self.y, self.w, self.h), &walls);
        let length = dx.hypot(dy);
        if !(length > 0.0 && length.is_finite()) {
            return;
        }
        self.x += dx;
        self.y += dy;
        let (nx, ny) = (dx / length, dy / length);
        // At speeds near the largest float, `2 × into` overflows: work on
        // a quarter of the velocity (exact), a reflection keeps its length.
        let scale = if self.vx.abs().max(self.vy.abs()) > 1e300 { 0.25 } else { 1.0 };
        let (ux, uy) = (self.vx * scale, self.vy * scale);
        let into = ux * nx + uy * ny;
        if into < 0.0 {
            let k = if response == TileResponse::Bounce { 2.0 } else { 1.0 };
            // A reflected component past the largest float is held at it.
            self.vx = ((ux - k * into * nx) / scale).clamp(f64::MIN, f64::MAX);
            self.vy = ((uy - k * into * ny) / scale).clamp(f64::MIN, f64::MAX);
        }
    }
}

#[cfg(test)]
#[path = "tile_motion_tests.rs"]
mod tests;
