//! The traced tile-aware step of one collider ([`World::trace_tile_step`]):
//! the motion code `step` runs (`tile_motion.rs`), told to report each
//! sweep, contact and response, run as a dry run on a copy of the
//! collider's box and velocity.

use super::tile_motion::{Motion, TileResponse};
use super::World;
use crate::error::{finite, Error, Result};
use crate::trace::{Maybe, Record, TraceKind, TraceLog, TraceReason, Truncation};

/// One step of a collider's tile-aware step (layout
/// `crate::wire::TILE_STEP_TRACE_FIELDS`; see there for the fields).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactStep {
    /// What the step is.
    pub kind: TraceKind,
    /// Why.
    pub reason: TraceReason,
    /// The move's number in the step (from 0).
    pub move_index: u32,
    /// The box: where the step or the move starts.
    pub x: f64,
    /// Its y.
    pub y: f64,
    /// Its width.
    pub w: f64,
    /// Its height.
    pub h: f64,
    /// A move's displacement.
    pub dx: f64,
    /// Its y part.
    pub dy: f64,
    /// The seconds a move spans (on `tile-step`: `dt`).
    pub time: f64,
    /// The time of impact, as a fraction of the move (1: nothing met).
    pub toi: f64,
    /// The cell met: the tile's, or for a closed door the cell beyond it.
    pub cell: Option<(u32, u32)>,
    /// The tile code met (`TileGrid.shapes()`), if a tile.
    pub shape: Option<u8>,
    /// The contact's unit outward normal.
    pub nx: f64,
    /// Its y part.
    pub ny: f64,
    /// Where the box is left.
    pub end_x: f64,
    /// Its y.
    pub end_y: f64,
    /// The velocity: during a move, else after the step.
    pub vx: f64,
    /// Its y part.
    pub vy: f64,
    /// The step's time left after this step.
    pub left: f64,
    /// The contacts met so far.
    pub contacts: u32,
}

impl ContactStep {
    /// A step of `kind` for the motion as it stands: its box and velocity,
    /// left where it is.
    pub(super) fn of(kind: TraceKind, reason: TraceReason, m: &Motion) -> ContactStep {
        ContactStep {
            kind,
            reason,
            move_index: 0,
            x: m.x,
            y: m.y,
            w: m.w,
            h: m.h,
            dx: 0.0,
            dy: 0.0,
            time: 0.0,
            toi: 0.0,
            cell: None,
            shape: None,
            nx: 0.0,
            ny: 0.0,
            end_x: m.x,
            end_y: m.y,
            vx: m.vx,
            vy: m.vy,
            left: 0.0,
            contacts: 0,
        }
    }

    /// Move number `index`, `left` seconds of the step to go, `contacts` met.
    pub(super) fn counting(self, index: u32, left: f64, contacts: u32) -> ContactStep {
        ContactStep { move_index: index, left, contacts, ..self }
    }
}

impl Truncation for ContactStep {
    fn truncated(dropped: usize) -> ContactStep {
        let m = Motion { x: 0.0, y: 0.0, w: 0.0, h: 0.0, vx: 0.0, vy: 0.0 };
        ContactStep { time: dropped as f64, ..ContactStep::of(TraceKind::Truncated, TraceReason::None, &m) }
    }
}

impl Record for ContactStep {
    const FIELDS: &'static [&'static str] = crate::wire::TILE_STEP_TRACE_FIELDS;

    fn write(&self, out: &mut Vec<f64>) {
        let (col, row) = self.cell.map_or((-1.0, -1.0), |(c, r)| (f64::from(c), f64::from(r)));
        out.extend([
            self.kind.code(),
            self.reason.code(),
            f64::from(self.move_index),
            self.x,
            self.y,
            self.w,
            self.h,
            self.dx,
            self.dy,
            self.time,
            self.toi,
            col,
            row,
            self.shape.map_or(-1.0, f64::from),
            self.nx,
            self.ny,
            self.end_x,
            self.end_y,
            self.vx,
            self.vy,
            self.left,
            f64::from(self.contacts),
        ]);
    }
}

impl World {
    /// What [`World::step`]`(dt)` would do to tile collider `id`, step by
    /// step, **as a dry run that changes nothing**: the motion code `step`
    /// runs, on a copy of the collider's box and velocity. A `tile-step`
    /// step (the box, the velocity, `dt`; the reason its response), then
    /// for each move a `move` (where it starts, its displacement, the time
    /// of impact, what it meets — `hit-tile` with the cell and tile,
    /// `hit-door` with the cell beyond the door, `hit-wall`, or
    /// `meets-nothing` / `cut-short` — the normal and where the box is
    /// left) and after a contact a `respond` (`bounce`, `slide`, or a
    /// slide that stops: `slide-stops`, `wedged`; the velocity after); a
    /// `free` when it starts inside a solid; a `budget` when it reaches
    /// [`CONTACT_BUDGET`](super::CONTACT_BUDGET) contacts with time left;
    /// and `done` with where the step leaves it and its velocity, which
    /// are what `step(dt)` then gives it. Errors: `id` not live, `dt` not
    /// finite or negative, or an object that is not a tile collider (no
    /// response, or attached: its parent carries it).
    pub fn trace_tile_step(&self, id: u32, dt: f64) -> Result<Vec<ContactStep>> {
        let slot = self.slot_of("id", id)? as usize;
        finite("dt", dt)?;
        if dt < 0.0 {
            return Err(Error::Negative { arg: "dt", value: dt });
        }
        let response = TileResponse::from_code(self.tile_colliders.responses[slot]);
        if response == TileResponse::None {
            return Err(Error::Unsupported {
                arg: "traceTileStep",
                why: "the object passes through tiles: give it a tile response (setTileResponse) first",
            });
        }
        if self.attachments.is_attached(slot) {
            return Err(Error::Unsupported {
                arg: "traceTileStep",
                why: "the object is attached: its parent carries it, and its own motion waits until it is detached",
            });
        }
        let mut motion = self.motion_of(slot);
        let mut log = TraceLog::new();
        motion.advance(dt, response, &self.tiles, self.width, self.height, &mut Maybe::to(&mut log));
        Ok(log.finish())
    }
}

#[cfg(test)]
#[path = "tile_step_trace_tests.rs"]
mod tests;
