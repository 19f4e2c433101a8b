//! Objects that collide with the tile map: opted in per object and moved by
//! `step` without ever passing through a tile, a closed door or a world
//! wall, at any speed and any `dt`, so no game loop has to do tile physics
//! of its own.
//!
//! A collider moves from contact to contact. Each move is one exact sweep
//! of its box along the rest of its displacement ([`TileGrid`]'s walk of
//! the cells along the way, `crate::sweep`'s exact contact times) against
//! the tiles' exact shapes, the closed doors and the walls; it goes to the
//! first contact, left on the near side of it (its stored box there
//! overlaps nothing, checked exactly), responds — a bounce reflects the
//! velocity about the surface normal, a slide removes the part into the
//! surface — and goes on with the rest of the time. A push-out never
//! carries a box: only a collider that starts a step overlapping a solid
//! (placed there, or a tile set over it) is first pushed out the short
//! way, never through a closed door or a wall, and stays put for the step
//! if nothing frees it.
//!
//! The work is a sweep per contact, each costing the cells it walks, so
//! it grows with what the box crosses, not with its speed. It is bounded
//! by [`CONTACT_BUDGET`] contacts per collider per step: one that reaches
//! it stops at its last contact for the rest of the step (outside every
//! tile, on the near side of every wall and door), keeping the velocity
//! its last response gave it. Nothing else leaves a collider short.
//! Velocities stay finite: a reflected component past the largest float
//! is held at it.
//!
//! The motion is written once, generic over a [`Tracer`] (see
//! `crate::trace`): `step` runs it with [`NoTrace`], which records nothing
//! and compiles to the untraced code; `World::trace_tile_step`
//! (`tile_step_trace.rs`) runs the same code with a trace of each move,
//! contact and response.

use super::World;
use crate::bit_set::BitSet;
use crate::error::{Error, Result};
use crate::geometry::Aabb;
use crate::sweep::{box_overlaps, place, sweep_tiles, tile_contact, BoxMotion, Contact, TileContact, Time};
use crate::tile_grid::TileGrid;
use crate::trace::{NoTrace, TraceKind, TraceReason, Tracer};

use super::contact_step::ContactStep;

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
    /// Contacts met by tile colliders since the World was made.
    pub(super) contacts: u64,
    /// Colliders that the last step stopped at [`CONTACT_BUDGET`].
    pub(super) stopped: u32,
}

/// Most contacts one collider meets in one `step`: the bound on the work a
/// collider can cost, whatever its speed (a box bouncing in a closed room
/// at 1e308 units a second would meet a wall some 1e305 times a step). One
/// that reaches it stops at its last contact for the rest of the step:
/// outside every tile, on the near side of every wall and door.
pub const CONTACT_BUDGET: u32 = 8;

/// Most moves of one collider in one step, contacts or not: a move that
/// meets nothing either ends the step or was cut short to keep its
/// displacement finite (then the next one meets the wall ahead), so this
/// only backs up [`CONTACT_BUDGET`] against rounding.
const MAX_MOVES: u32 = 2 * CONTACT_BUDGET + 8;

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

    /// How many contacts (with a tile, a closed door or a wall) the tile
    /// colliders have met in every `step` since the World was made: what
    /// their motion cost (see [`CONTACT_BUDGET`]).
    #[must_use]
    pub fn tile_contacts(&self) -> u64 {
        self.tile_colliders.contacts
    }

    /// How many tile colliders the last `step` stopped short at
    /// [`CONTACT_BUDGET`] contacts (the only thing that leaves one short).
    #[must_use]
    pub fn tile_budget_stops(&self) -> u32 {
        self.tile_colliders.stopped
    }

    /// How an object meets the tile map in `step`.
    pub fn tile_response(&self, id: u32) -> Result<TileResponse> {
        let slot = self.slot_of("id", id)? as usize;
        Ok(TileResponse::from_code(self.tile_colliders.responses[slot]))
    }

    /// Moves every object that collides with tiles by its velocity × `dt`,
    /// from contact to contact (see the module docs); one at rest is only
    /// pushed out if it overlaps a solid. Attached objects are left to
    /// their parents.
    /// Marks the slots it moves in `placed` (given when something is
    /// attached, for the children to follow) and returns how many.
    pub(super) fn step_tile_colliders(&mut self, dt: f64, mut placed: Option<&mut BitSet>) -> usize {
        let mut count = 0;
        self.tile_colliders.stopped = 0;
        for slot in 0..self.objects.slot_ids.len() {
            let response = TileResponse::from_code(self.tile_colliders.responses[slot]);
            if response == TileResponse::None || self.attachments.is_attached(slot) {
                continue;
            }
            let b = [self.objects.boxes[slot * 4], self.objects.boxes[slot * 4 + 1]];
            let mut motion = self.motion_of(slot);
            let (contacts, stopped) =
                motion.advance(dt, response, &self.tiles, self.width, self.height, &mut NoTrace);
            self.tile_colliders.contacts += u64::from(contacts);
            self.tile_colliders.stopped += u32::from(stopped);
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

    /// The box and velocity of the object in `slot`, to move.
    pub(super) fn motion_of(&self, slot: usize) -> Motion {
        let b = &self.objects.boxes[slot * 4..slot * 4 + 4];
        let v = &self.objects.velocities[slot * 2..slot * 2 + 2];
        Motion { x: b[0], y: b[1], w: b[2], h: b[3], vx: v[0], vy: v[1] }
    }
}

/// One object's box and velocity while it is being moved.
pub(super) struct Motion {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) vx: f64,
    pub(super) vy: f64,
}

/// The walls a move may meet, per axis (0: x, 1: y): those of an axis the
/// box lies inside the room on when the move starts. A box outside the
/// room, or larger than the world, on an axis meets no wall there.
#[derive(Clone, Copy)]
struct Walls {
    limit: [f64; 2],
    holds: [bool; 2],
}

impl Walls {
    fn at(b: &Aabb, width: f64, height: f64) -> Walls {
        let inside = |lo: f64, hi: f64, limit: f64| 0.0 <= lo && hi <= limit;
        Walls {
            limit: [width, height],
            holds: [inside(b.min_x, b.max_x, width), inside(b.min_y, b.max_y, height)],
        }
    }

    /// Whether the box keeps inside the walls that hold.
    fn keep(&self, b: &Aabb) -> bool {
        (!self.holds[0] || (0.0 <= b.min_x && b.max_x <= self.limit[0]))
            && (!self.holds[1] || (0.0 <= b.min_y && b.max_y <= self.limit[1]))
    }

    /// The first wall the moving box meets: when its leading side passes
    /// the wall's line (the box's interior then overlaps what lies beyond).
    fn contact(&self, m: &BoxMotion) -> Option<Contact> {
        let mut best: Option<Contact> = None;
        for axis in 0..2 {
            let d = m.d[axis];
            if !self.holds[axis] || d == 0.0 {
                continue;
            }
            let (time, sign) = if d > 0.0 {
                (Time::face(m, axis, self.limit[axis], 0.0, m.hi[axis]), -1.0)
            } else {
                (Time::face(m, axis, 0.0, 0.0, m.lo[axis]), 1.0)
            };
            if !time.before(&Time::ONE, m) {
                continue;
            }
            let normal = if axis == 0 { (sign, 0.0) } else { (0.0, sign) };
            match best {
                Some(b) if !time.before(&b.time, m) => {
                    if time.cmp(&b.time, m) == std::cmp::Ordering::Equal {
                        // Both walls at once: the corner.
                        let n = (b.normal.0 + normal.0, b.normal.1 + normal.1);
                        let length = n.0.hypot(n.1);
                        best = Some(Contact { normal: (n.0 / length, n.1 / length), ..b });
                    }
                }
                _ => best = Some(Contact { time, normal, hollow_radius: 0.0 }),
            }
        }
        best
    }

    /// How long the box may fly before it certainly meets a wall that
    /// holds (infinite if none is ahead).
    fn reach_time(&self, m: &Motion) -> f64 {
        let mut time = f64::INFINITY;
        for (axis, (p, size, v)) in [(m.x, m.w, m.vx), (m.y, m.h, m.vy)].into_iter().enumerate() {
            if self.holds[axis] && v != 0.0 {
                let gap = if v > 0.0 { self.limit[axis] - (p + size) } else { p };
                time = time.min(gap.max(0.0) / v.abs());
            }
        }
        time
    }
}

impl Motion {
    /// `[x, y, w, h, vx, vy]`, as a trace record takes them.
    fn numbers(&self) -> [f64; 6] {
        [self.x, self.y, self.w, self.h, self.vx, self.vy]
    }

    fn stored(&self) -> Aabb {
        Aabb::from_xywh(self.x, self.y, self.w, self.h)
    }

    /// Moves the box for `dt`; returns the contacts it met and whether it
    /// stopped at the budget. Each move, contact and response goes to `t`.
    pub(super) fn advance<T: Tracer<ContactStep>>(
        &mut self,
        dt: f64,
        response: TileResponse,
        tiles: &TileGrid,
        width: f64,
        height: f64,
        t: &mut T,
    ) -> (u32, bool) {
        let answer = if response == TileResponse::Bounce { TraceReason::Bounce } else { TraceReason::Slide };
        t.note(|| ContactStep { time: dt, ..ContactStep::of(TraceKind::TileStep, answer, self.numbers()) });
        if (self.vx == 0.0 && self.vy == 0.0) || dt <= 0.0 {
            // At rest: only out of a solid it was placed in.
            if box_overlaps(tiles, &self.stored()) {
                let (x, y) = (self.x, self.y);
                let out = self.free(response, tiles, width, height);
                t.note(|| self.freed(x, y, out));
            }
            t.note(|| ContactStep::of(TraceKind::Done, TraceReason::AtRest, self.numbers()));
            return (0, false);
        }
        let mut left = dt;
        let mut contacts = 0;
        // The normal of the last contact, while the box has not moved on
        // from it: a slide into a second surface from there is wedged.
        let mut pressed: Option<(f64, f64)> = None;
        for index in 0..MAX_MOVES {
            if left <= 0.0 || (self.vx == 0.0 && self.vy == 0.0) {
                let why = if left <= 0.0 { TraceReason::StepEnds } else { TraceReason::Stopped };
                t.note(|| {
                    ContactStep::of(TraceKind::Done, why, self.numbers()).counting(index, left, contacts)
                });
                return (contacts, false);
            }
            let start = self.stored();
            let walls = Walls::at(&start, width, height);
            // This move's time: the rest of the step, but not so long past
            // the next wall ahead that the displacement could overflow.
            let fastest = self.vx.abs().max(self.vy.abs());
            // (A box on the wall ahead meets it at once: no cut then.)
            let ahead = walls.reach_time(self);
            let reach = if ahead > 0.0 { ahead * (1.0 + 1.0 / (1u64 << 20) as f64) } else { left };
            let span = left.min(reach).min(f64::MAX / 4.0 / fastest);
            let d = [self.vx * span, self.vy * span];
            let m = BoxMotion { lo: [start.min_x, start.min_y], hi: [start.max_x, start.max_y], d };
            let met = sweep_tiles(tiles, &m);
            let tile = met.map(|c| c.contact);
            let wall = walls.contact(&m);
            let hit = match (tile, wall) {
                (Some(t), Some(w)) => Some(if w.time.before(&t.time, &m) { w } else { t }),
                (t, w) => t.or(w),
            };
            let clear = |b: &Aabb| walls.keep(b) && !box_overlaps(tiles, b);
            let (from, size, d2) = ((self.x, self.y), (self.w, self.h), (d[0], d[1]));
            let velocity = (self.vx, self.vy);
            let Some(hit) = hit else {
                pressed = None;
                (self.x, self.y) = place(from, size, d2, &Time::ONE, (0.0, 0.0), clear);
                self.keep_finite();
                left = if span >= left { 0.0 } else { left - span };
                t.note(|| {
                    let why = if left > 0.0 { TraceReason::CutShort } else { TraceReason::MeetsNothing };
                    let step = ContactStep {
                        x: from.0,
                        y: from.1,
                        dx: d[0],
                        dy: d[1],
                        time: span,
                        toi: 1.0,
                        ..ContactStep::of(TraceKind::Move, why, self.numbers())
                    };
                    ContactStep { vx: velocity.0, vy: velocity.1, ..step.counting(index, left, contacts) }
                });
                continue;
            };
            if hit.inside() {
                // Placed in a solid (the first move of the step: every
                // later one starts clear): out the short way first, then
                // on; if nothing frees it, it stays put this step.
                if contacts > 0 {
                    t.note(|| {
                        ContactStep::of(TraceKind::Done, TraceReason::StuckInside, self.numbers())
                            .counting(index, left, contacts)
                    });
                    return (contacts, false);
                }
                let out = self.free(response, tiles, width, height);
                t.note(|| self.freed(from.0, from.1, out).counting(index, left, contacts));
                if !out {
                    t.note(|| {
                        ContactStep::of(TraceKind::Done, TraceReason::StuckInside, self.numbers())
                            .counting(index, left, contacts)
                    });
                    return (contacts, false);
                }
                continue;
            }
            (self.x, self.y) = place(from, size, d2, &hit.time, hit.normal, clear);
            let used = span * hit.time.value();
            left = if used >= left { 0.0 } else { left - used };
            t.note(|| {
                let (why, cell, shape) = what_was_met(tiles, &m, &hit, met);
                let step = ContactStep {
                    x: from.0,
                    y: from.1,
                    dx: d[0],
                    dy: d[1],
                    time: span,
                    toi: hit.time.value(),
                    cell,
                    shape,
                    nx: hit.normal.0,
                    ny: hit.normal.1,
                    ..ContactStep::of(TraceKind::Move, why, self.numbers())
                };
                ContactStep { vx: velocity.0, vy: velocity.1, ..step.counting(index, left, contacts) }
            });
            let moved = (self.x, self.y) != from;
            self.respond(hit.normal, hit.hollow_radius, response, left);
            let mut why = answer;
            if response == TileResponse::Slide {
                if self.vx == 0.0 && self.vy == 0.0 {
                    why = TraceReason::SlideStops;
                }
                if let Some(p) = pressed.filter(|_| !moved) {
                    // Wedged between two surfaces: sliding along either
                    // goes into the other.
                    if p != hit.normal && self.vx * p.0 + self.vy * p.1 < 0.0 {
                        (self.vx, self.vy) = (0.0, 0.0);
                        why = TraceReason::Wedged;
                    }
                }
            }
            pressed = Some(hit.normal);
            contacts += 1;
            t.note(|| {
                let step = ContactStep {
                    nx: hit.normal.0,
                    ny: hit.normal.1,
                    ..ContactStep::of(TraceKind::Respond, why, self.numbers())
                };
                step.counting(index, left, contacts)
            });
            if contacts >= CONTACT_BUDGET {
                let stopped = left > 0.0;
                if stopped {
                    t.note(|| {
                        ContactStep::of(TraceKind::Budget, TraceReason::ContactBudget, self.numbers())
                            .counting(index, left, contacts)
                    });
                }
                t.note(|| {
                    let why = if stopped { TraceReason::ContactBudget } else { TraceReason::StepEnds };
                    ContactStep::of(TraceKind::Done, why, self.numbers()).counting(index + 1, left, contacts)
                });
                return (contacts, stopped);
            }
        }
        t.note(|| {
            ContactStep::of(TraceKind::Done, TraceReason::MaxMoves, self.numbers())
                .counting(MAX_MOVES, left, contacts)
        });
        (contacts, false)
    }

    /// The `free` step of a box that started at `(x, y)` inside a solid:
    /// pushed out (`out`), or stuck.
    fn freed(&self, x: f64, y: f64, out: bool) -> ContactStep {
        let why = if out { TraceReason::PushedOut } else { TraceReason::StuckInside };
        ContactStep { x, y, ..ContactStep::of(TraceKind::Free, why, self.numbers()) }
    }

    /// A box flying off outside the room stops at the edge of the floats,
    /// far from anything, before its coordinates could overflow.
    fn keep_finite(&mut self) {
        const EDGE: f64 = f64::MAX / 4.0;
        if self.x.abs() > EDGE {
            self.x = EDGE.copysign(self.x);
            self.vx = 0.0;
        }
        if self.y.abs() > EDGE {
            self.y = EDGE.copysign(self.y);
            self.vy = 0.0;
        }
    }

    /// The velocity after a contact with unit normal `n`: reflected about
    /// it (bounce) or with its part into the surface removed (slide). Off
    /// a slope or a curve, where rounding can leave a trace of the
    /// velocity still pointing in, that part is turned a hair outward, so
    /// the next sweep does not meet the same surface at once. Sliding in
    /// a hollow, the velocity is turned along the chord that meets the
    /// curve again after the rest of the step's travel (at most half the
    /// radius): the box follows the curve chord by chord.
    fn respond(&mut self, n: (f64, f64), hollow_radius: f64, response: TileResponse, left: f64) {
        let k = if response == TileResponse::Bounce { 2.0 } else { 1.0 };
        if n.0 == 0.0 || n.1 == 0.0 {
            // A face across an axis: exact.
            if n.0 * self.vx < 0.0 {
                self.vx = if k == 2.0 { -self.vx } else { 0.0 };
            }
            if n.1 * self.vy < 0.0 {
                self.vy = if k == 2.0 { -self.vy } else { 0.0 };
            }
            return;
        }
        // At speeds near the largest float, `2 × into` overflows: work on
        // a quarter of the velocity (exact), a reflection keeps its length.
        let scale = if self.vx.abs().max(self.vy.abs()) > 1e300 { 0.25 } else { 1.0 };
        let (mut ux, mut uy) = (self.vx * scale, self.vy * scale);
        let into = ux * n.0 + uy * n.1;
        if into < 0.0 {
            ux -= k * into * n.0;
            uy -= k * into * n.1;
        }
        let speed = ux.hypot(uy);
        if hollow_radius > 0.0 && k == 1.0 && speed > 0.0 {
            // Along the chord of length `c`: the tangent turned towards
            // the centre (along n) by asin(c / 2r).
            let travel = speed / scale * left;
            let c = travel.min(0.5 * hollow_radius);
            let sin = (c / (2.0 * hollow_radius)).clamp(0.0, 1.0);
            let cos = (1.0 - sin * sin).sqrt();
            let (tx, ty) = (ux / speed, uy / speed);
            ux = speed * (cos * tx + sin * n.0);
            uy = speed * (cos * ty + sin * n.1);
        }
        // A slide that leaves next to nothing (into a corner) stops.
        let before = (self.vx * scale).hypot(self.vy * scale);
        if k == 1.0 && speed <= before / (1u64 << 24) as f64 {
            (self.vx, self.vy) = (0.0, 0.0);
            return;
        }
        // A hair outward: far below anything seen, far above rounding —
        // enough that the next sweep's floating point sees the box leave
        // (a slope's or a circle's tangent turned by less would be a
        // near-tie for the exact arithmetic).
        let hair = speed / (1u64 << 20) as f64;
        let out = ux * n.0 + uy * n.1;
        if out < hair {
            ux += (hair - out) * n.0;
            uy += (hair - out) * n.1;
        }
        // A reflected component past the largest float is held at it.
        self.vx = (ux / scale).clamp(f64::MIN, f64::MAX);
        self.vy = (uy / scale).clamp(f64::MIN, f64::MAX);
    }

    /// Out of the solid it was placed in (see [`Motion::settle`]), or, if
    /// nothing frees it, back as it was; whether it is out.
    fn free(&mut self, response: TileResponse, tiles: &TileGrid, width: f64, height: f64) -> bool {
        let was = (self.x, self.y, self.vx, self.vy);
        self.settle(response, tiles, width, height);
        if box_overlaps(tiles, &self.stored()) {
            (self.x, self.y, self.vx, self.vy) = was;
            return false;
        }
        true
    }

    /// Pushed out of the tiles the short way (never through a closed door
    /// or across a wall it lies inside), its velocity answering the push.
    fn settle(&mut self, response: TileResponse, tiles: &TileGrid, width: f64, height: f64) {
        let walls = Aabb { min_x: 0.0, min_y: 0.0, max_x: width, max_y: height };
        let (dx, dy) = tiles.push_out_within(&self.stored(), &walls);
        let length = dx.hypot(dy);
        if !(length > 0.0 && length.is_finite()) {
            return;
        }
        let before = self.stored();
        let (x, y) = (self.x, self.y);
        self.x += dx;
        self.y += dy;
        if !Walls::at(&before, width, height).keep(&self.stored()) {
            (self.x, self.y) = (x, y);
            return;
        }
        self.respond((dx / length, dy / length), 0.0, response, 0.0);
    }
}

/// What a move's contact `hit` was with, for its trace: a world wall (the
/// sweep's tile contact, if any, came later), else the tile of the cell
/// met if its own solid gives this contact, else a closed door (the cell
/// beyond it); with the cell and its tile code.
fn what_was_met(
    tiles: &TileGrid,
    m: &BoxMotion,
    hit: &Contact,
    met: Option<TileContact>,
) -> (TraceReason, Option<(u32, u32)>, Option<u8>) {
    let Some(c) = met.filter(|c| c.contact == *hit) else {
        return (TraceReason::HitWall, None, None);
    };
    let shape = tiles.tiles()[tiles.cell_index(c.col, c.row)];
    let own = !shape.is_empty()
        && tile_contact(m, shape, &tiles.cell_bounds(c.col, c.row)).is_some_and(|own| {
            own.time.cmp(&hit.time, m) == std::cmp::Ordering::Equal && own.normal == hit.normal
        });
    if own {
        (TraceReason::HitTile, Some((c.col, c.row)), Some(shape.index()))
    } else {
        (TraceReason::HitDoor, Some((c.col, c.row)), None)
    }
}

#[cfg(test)]
#[path = "tile_motion_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "tile_motion_reference.rs"]
mod reference_tests;
