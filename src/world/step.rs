//! Advancing time: motion and elastic walls.

use super::World;
use crate::error::{finite, Error, Result};
use crate::geometry::Aabb;

impl World {
    /// Moves every object by its velocity × `dt` seconds and reflects moving
    /// objects off the world walls: the box ends inside the walls with the
    /// velocity component flipped. Objects at rest stay where they are, even
    /// outside the world; a moving box larger than the world along an axis
    /// is pinned at 0 on that axis and stops along it. Attached objects are
    /// carried by their parents instead (their own velocity waits until they
    /// are detached). Objects that collide with the tile map (see
    /// [`World::set_tile_response`]) move from contact to contact against
    /// the tiles, the closed doors and the walls, never through one (see
    /// [`CONTACT_BUDGET`](super::CONTACT_BUDGET) for what bounds the work).
    pub fn step(&mut self, dt: f64) -> Result<()> {
        finite("dt", dt)?;
        if dt < 0.0 {
            return Err(Error::Negative { arg: "dt", value: dt });
        }
        let any_attached = self.attachments.any();
        let any_colliders = self.tile_colliders.count > 0;
        // With attachments, what moved is kept for the children to follow.
        let mut placed = std::mem::take(&mut self.workspace.step_placed);
        placed.reset(if any_attached { self.objects.slot_ids.len() } else { 0 });
        let mut placed_count = 0;
        let moving = std::mem::take(&mut self.objects.moving);
        moving.for_each(|slot| {
            // Only slots that may move are visited (see `moving_slots.rs`);
            // free slots have zero velocity (`remove` clears it), so this
            // loop reads no id.
            let (vx, vy) = (self.objects.velocities[slot * 2], self.objects.velocities[slot * 2 + 1]);
            if (vx == 0.0 && vy == 0.0)
                || (any_attached && self.attachments.is_attached(slot))
                || (any_colliders && self.tile_colliders.responses[slot] != 0)
            {
                return; // at rest or free, carried by its parent, or a tile collider
            }
            let b = &mut self.objects.boxes[slot * 4..slot * 4 + 4];
            let v = &mut self.objects.velocities[slot * 2..slot * 2 + 2];
            let (mut x, mut y) = (b[0] + vx * dt, b[1] + vy * dt);
            reflect(&mut x, &mut v[0], b[2], self.width);
            reflect(&mut y, &mut v[1], b[3], self.height);
            // The distance actually moved: a box pinned to a wall or at
            // rest after a bounce does not stray from its place in memory.
            self.slot_order.note_move(b[0], b[1], x, y);
            b[0] = x;
            b[1] = y;
            self.pairs.changed.mark(slot as u32, &self.objects.slot_ids);
            let aabb = Aabb::from_xywh(x, y, b[2], b[3]);
            self.structure.as_broad_phase().update(slot as u32, aabb);
            if any_attached {
                placed.insert(slot as u32);
                placed_count += 1;
            }
        });
        self.objects.moving = moving;
        if any_colliders {
            placed_count += self.step_tile_colliders(dt, any_attached.then_some(&mut placed));
        } else {
            self.tile_colliders.stopped = 0;
        }
        self.follow_placed(&placed, placed_count);
        self.workspace.step_placed = placed;
        Ok(())
    }
}

/// Reflects a 1D interval `[position, position + size]` moving at `velocity`
/// into `[0, limit]`, as a ball bounces: the overshoot is mirrored back.
/// `position` may be infinite (a motion that overflowed); it ends finite.
pub(super) fn reflect(position: &mut f64, velocity: &mut f64, size: f64, limit: f64) {
    let room = room(size, limit);
    if room <= 0.0 {
        *position = 0.0;
        *velocity = 0.0;
        return;
    }
    if *position < 0.0 {
        *position = -*position;
        *velocity = velocity.abs();
    }
    if *position > room {
        // Not `2 × room − position`: that overflows in a world wider than
        // half the largest float (inf − inf is NaN).
        *position = room - (*position - room);
        *velocity = -velocity.abs();
    }
    // A step longer than the room can still overshoot: clamp.
    *position = position.clamp(0.0, room);
}

/// The largest position at which `[position, position + size]` still ends
/// inside `[0, limit]` once the sum is rounded: `limit − size`, or the float
/// below it when `(limit − size) + size` rounds past `limit` (it does for
/// one pair in sixty). Float addition is monotone, so any position up to
/// this one ends inside too. Not positive when the box does not fit.
pub(super) fn room(size: f64, limit: f64) -> f64 {
    let room = limit - size;
    if room > 0.0 && room + size > limit {
        crate::geometry::next_down(room)
    } else {
        room
    }
}

#[cfg(test)]
mod tests {
    use super::reflect;

    #[test]
    fn overshoot_is_mirrored_and_velocity_points_back_inside() {
        let (mut p, mut v) = (-2.0, -5.0);
        reflect(&mut p, &mut v, 10.0, 100.0);
        assert_eq!((p, v), (2.0, 5.0));
        let (mut p, mut v) = (95.0, 5.0);
        reflect(&mut p, &mut v, 10.0, 100.0);
        assert_eq!((p, v), (85.0, -5.0));
    }

    #[test]
    fn huge_steps_and_oversized_boxes_end_inside() {
        let (mut p, mut v) = (1e9, 1.0);
        reflect(&mut p, &mut v, 10.0, 100.0);
        assert!((0.0..=90.0).contains(&p) && v < 0.0);
        let (mut p, mut v) = (5.0, 1.0);
        reflect(&mut p, &mut v, 200.0, 100.0);
        assert_eq!((p, v), (0.0, 0.0));
    }
}
