//! Objects that collide with the tile map: opted in per object, moved by
//! `step` in sub-steps short enough not to tunnel, and pushed out of the
//! tiles by the narrow phase ([`TileGrid::push_out`]) after each, so no
//! game loop has to do tile physics of its own.

use super::World;
use crate::bit_set::BitSet;
use crate::error::{Error, Result};
use crate::geometry::Aabb;
use crate::tile_grid::TileGrid;

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
            expected: "\"none\", \"bounce\", \"slide\"",
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

/// Most sub-steps one object takes in one `step`: the cap on the work a
/// very fast object can cost (beyond it, a sub-step may be longer than
/// half the object and can tunnel through a thin feature).
pub const MAX_SUB_STEPS: u32 = 64;

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
        let travel = (self.vx * dt).hypot(self.vy * dt);
        let longest = 0.5 * self.w.min(self.h).min(tiles.tile_size());
        let steps = if travel > 0.0 && longest > 0.0 {
            (travel / longest).ceil().clamp(1.0, f64::from(MAX_SUB_STEPS)) as u32
        } else {
            1
        };
        let h = dt / f64::from(steps);
        for _ in 0..steps {
            if self.vx != 0.0 || self.vy != 0.0 {
                let (mut x, mut y) = (self.x + self.vx * h, self.y + self.vy * h);
                super::step::reflect(&mut x, &mut self.vx, self.w, width);
                super::step::reflect(&mut y, &mut self.vy, self.h, height);
                (self.x, self.y) = (x, y);
            }
            let (x, y) = (self.x, self.y);
            self.push_out(response, tiles, width, height);
            // Should no way out stay inside the walls, the walls win.
            self.x = within_walls(x, self.x, self.w, width);
            self.y = within_walls(y, self.y, self.h, height);
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
        let into = self.vx * nx + self.vy * ny;
        if into < 0.0 {
            let k = if response == TileResponse::Bounce { 2.0 } else { 1.0 };
            self.vx -= k * into * nx;
            self.vy -= k * into * ny;
        }
    }
}
