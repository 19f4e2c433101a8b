//! The traced tile-aware step of one collider ([`World::trace_tile_step`]):
//! the motion code `step` runs (`tile_motion.rs`), told to report each
//! sweep, contact and response, run as a dry run on a copy of the
//! collider's box and velocity.

use super::contact_step::ContactStep;
use super::tile_motion::TileResponse;
use super::World;
use crate::error::{finite, Error, Result};
use crate::trace::{Maybe, TraceLog};

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
