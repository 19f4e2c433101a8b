//! Boxes cast through the World: the first tile, closed door or object a
//! moving box meets (`crate::sweep`), with where to leave it — what a
//! character controller asks before it moves.

use std::cmp::Ordering;

use super::World;
use crate::broad_phase::RayControl;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::segment::RayPath;
use crate::sweep::{box_contact, checked_motion, finish, sweep_tiles, BoxCastHit, BoxMotion, Contact};

impl World {
    /// The first tile (its exact shape), closed door or object the box
    /// `(x, y, w, h)` meets as it moves by `(dx, dy)`: the first time its
    /// interior would overlap one (touching does not count, so a box resting
    /// on a floor slides along it), the normal there, what was met, and
    /// where to leave the box — at that time, rounded towards the start so
    /// that it overlaps no tile, no closed door and not the object met.
    /// `t = 0` with normal `(0, 0)` when the box already overlaps something
    /// at the start. On a tie (the same time) a tile wins, then the smaller
    /// id. Objects whose id is `skip` (the caster's own box; 0 for none)
    /// are passed through. Exact at any magnitude, like
    /// [`World::cast_ray`]; the objects come from the active structure's
    /// walk along the path of the box's centre, widened by its size.
    // The box, the motion and the id to pass through, as `castBox` takes
    // them in JavaScript.
    #[allow(clippy::too_many_arguments)]
    pub fn cast_box(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        dx: f64,
        dy: f64,
        skip: u32,
    ) -> Result<Option<BoxCastHit>> {
        let (b, m) = checked_motion(x, y, w, h, dx, dy)?;
        if skip != 0 {
            self.slot_of("skip", skip)?;
        }
        let object = self.first_object_contact(&b, &m, skip);
        let tile = sweep_tiles(&self.tiles, &m);
        let (contact, object_id, col, row, met) = match (tile, object) {
            (None, None) => return Ok(None),
            (Some(t), Some((o, id, aabb))) if o.time.before(&t.contact.time, &m) => {
                (o, id, -1, -1, Some(aabb))
            }
            (Some(t), _) => (t.contact, 0, i64::from(t.col), i64::from(t.row), None),
            (None, Some((o, id, aabb))) => (o, id, -1, -1, Some(aabb)),
        };
        Ok(Some(finish(&self.tiles, (x, y, w, h), &m, &contact, (object_id, col, row), met)))
    }

    /// The object the moving box meets first (ties to the smaller id),
    /// with its id and box.
    fn first_object_contact(&mut self, b: &Aabb, m: &BoxMotion, skip: u32) -> Option<(Contact, u32, Aabb)> {
        let slot_ids = &self.objects.slot_ids;
        let mut best: Option<(Contact, u32, Aabb)> = None;
        let mut visit = |slot: u32, aabb: &Aabb| {
            let id = slot_ids[slot as usize];
            if id == skip {
                return RayControl::Continue;
            }
            let Some(c) = box_contact(m, aabb) else { return RayControl::Continue };
            let better = best.is_none_or(|(o, other, _)| match c.time.cmp(&o.time, m) {
                Ordering::Less => true,
                Ordering::Equal => id < other,
                Ordering::Greater => false,
            });
            if !better {
                return RayControl::Continue;
            }
            best = Some((c, id, *aabb));
            // Nothing the box meets after this one's time can come first.
            if c.time.hi.is_finite() {
                RayControl::Clip(c.time.hi)
            } else {
                RayControl::Continue
            }
        };
        match RayPath::swept(b, m.d[0], m.d[1]) {
            Some(path) => {
                self.structure.as_broad_phase().walk_ray(&path, f64::INFINITY, &mut visit);
            }
            None => {
                // A motion past the largest float: every object is a
                // candidate.
                let everything = Aabb { min_x: f64::MIN, min_y: f64::MIN, max_x: f64::MAX, max_y: f64::MAX };
                let mut found = std::mem::take(&mut self.workspace.swept);
                found.clear();
                self.structure.as_broad_phase().query(everything, &mut found);
                for &slot in &found {
                    visit(slot, &self.objects.aabb_of(slot));
                }
                self.workspace.swept = found;
            }
        }
        best
    }
}

#[cfg(test)]
#[path = "box_cast_tests.rs"]
mod tests;
