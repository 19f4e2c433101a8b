//! Advancing time: motion and elastic walls, one step at a time or many
//! at once.

use super::attachments::Attachments;
use super::changed_slots::ChangedSlots;
use super::moving_slots::MovingSlots;
use super::slot_order::SlotOrder;
use super::structure::Structure;
use super::World;
use crate::bit_set::BitSet;
use crate::broad_phase::BroadPhase;
use crate::error::{finite, whole_in, Error, Result};
use crate::geometry::Aabb;
use crate::loose_grid::{HomeTest, LooseGrid};

/// Most steps one [`World::fast_forward`] call takes: the work is bounded
/// (steps × moving objects), so a caller with more slices them.
pub const MAX_FAST_FORWARD_STEPS: u32 = 100_000;

/// From this many steps on, `fast_forward` files every object afresh
/// instead of moving each one's records: by then most moving boxes have
/// left their quadtree node or grid cell, and filing anew costs a fraction
/// of taking each out of where it was (docs/BENCHMARKS.md, "Catching up
/// to a link's tick").
const REFILE_AFRESH_STEPS: u32 = 16;

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
        let moving = std::mem::take(&mut self.objects.moving);
        // The parallel feature's step moves them all itself, or none.
        let in_parallel = !any_attached && !any_colliders && self.step_in_parallel(dt, &moving);
        let mut placed_count = 0;
        if !in_parallel {
            if !any_attached && !any_colliders {
                // Every marked slot moves unless its velocity is zero: past
                // the changed list's cap, `pairs` makes a full pass anyway, so
                // the list gives up now instead of after filling to its cap.
                self.pairs.changed.expect(moving.len());
            }
            let parts = MoveParts {
                boxes: &mut self.objects.boxes,
                velocities: &mut self.objects.velocities,
                slot_ids: &self.objects.slot_ids,
                limits: (self.width, self.height),
                dt,
                slot_order: &mut self.slot_order,
                changed: &mut self.pairs.changed,
                attachments: any_attached.then_some(&self.attachments),
                responses: any_colliders.then_some(&self.tile_colliders.responses[..]),
                placed: any_attached.then_some(&mut placed),
            };
            // One loop per structure, so each box's update is a direct call
            // the compiler can inline, not a dynamic one.
            placed_count = match &mut self.structure {
                Structure::BruteForce(s) => move_slots(s, &moving, parts),
                Structure::Quadtree(s) => move_slots(s, &moving, parts),
                Structure::Grid(s) => move_slots(s, &moving, parts),
                Structure::LooseGrid(s) => {
                    // The home test's numbers copied out once, with the
                    // quick test of the box's old cell (`home_test.rs`).
                    let home = s.home_test();
                    move_slots(&mut QuickHome { grid: s, home }, &moving, parts)
                }
            };
        }
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

    /// The same as `steps` calls of [`step`](World::step)`(dt)` for every
    /// box and velocity, bit for bit (each object's motion is computed
    /// with the same operations in the same order), in one call that
    /// maintains the structure once at the end instead of after every
    /// step: each moving object runs all its steps, then is refiled once
    /// (after many steps, every object is filed afresh).
    /// What depends on the order of the structure's updates rather than on
    /// where the boxes are (the leaves policy's splits kept from boxes
    /// that left, the slots' space order) may differ from stepping one at
    /// a time; boxes, velocities and `pairs()` do not. With attached
    /// objects or tile colliders it steps one step at a time (children
    /// follow their parents, colliders are pushed out of the tiles after
    /// each step). At most [`MAX_FAST_FORWARD_STEPS`] steps a call;
    /// `dt` as for `step`.
    ///
    /// # Example
    /// ```
    /// use broadphase::World;
    /// let mut a = World::new(100.0, 100.0).unwrap();
    /// let mut b = World::new(100.0, 100.0).unwrap();
    /// for w in [&mut a, &mut b] {
    ///     let id = w.insert(10.0, 20.0, 5.0, 5.0).unwrap();
    ///     w.set_velocity(id, 37.3, -51.9).unwrap();
    /// }
    /// for _ in 0..500 {
    ///     a.step(1.0 / 60.0).unwrap();
    /// }
    /// b.fast_forward(500, 1.0 / 60.0).unwrap();
    /// assert_eq!(a.box_of(1).unwrap(), b.box_of(1).unwrap());
    /// ```
    pub fn fast_forward(&mut self, steps: u32, dt: f64) -> Result<()> {
        whole_in("steps", f64::from(steps), 0, MAX_FAST_FORWARD_STEPS)?;
        finite("dt", dt)?;
        if dt < 0.0 {
            return Err(Error::Negative { arg: "dt", value: dt });
        }
        if self.attachments.any() || self.tile_colliders.count > 0 {
            for _ in 0..steps {
                self.step(dt)?;
            }
            return Ok(());
        }
        if steps == 0 {
            return Ok(());
        }
        let afresh = steps >= REFILE_AFRESH_STEPS;
        let moving = std::mem::take(&mut self.objects.moving);
        moving.for_each(|slot| {
            let b = &mut self.objects.boxes[slot * 4..slot * 4 + 4];
            let v = &mut self.objects.velocities[slot * 2..slot * 2 + 2];
            let (x0, y0) = (b[0], b[1]);
            let (mut x, mut y) = (x0, y0);
            let (room_x, room_y) = (room(b[2], self.width), room(b[3], self.height));
            let mut moved = false;
            for _ in 0..steps {
                // `step`'s own sums and reflections, in its order; an
                // object that came to rest stays at rest, as `step` leaves it.
                let (vx, vy) = (v[0], v[1]);
                if vx == 0.0 && vy == 0.0 {
                    break;
                }
                let (mut nx, mut ny) = (x + vx * dt, y + vy * dt);
                reflect_within(&mut nx, &mut v[0], room_x);
                reflect_within(&mut ny, &mut v[1], room_y);
                x = nx;
                y = ny;
                moved = true;
            }
            if !moved {
                return;
            }
            self.slot_order.note_move(x0, y0, x, y);
            b[0] = x;
            b[1] = y;
            self.pairs.changed.mark(slot as u32, &self.objects.slot_ids);
            if !afresh {
                let aabb = Aabb::from_xywh(x, y, b[2], b[3]);
                self.structure.as_broad_phase().update(slot as u32, aabb);
            }
        });
        self.objects.moving = moving;
        if afresh {
            self.refile_structure();
        }
        Ok(())
    }
}

/// What `step` reads and writes for each moving object, borrowed apart
/// from the structure it refiles them in.
struct MoveParts<'a> {
    boxes: &'a mut [f64],
    velocities: &'a mut [f64],
    slot_ids: &'a [u32],
    /// The world's width and height.
    limits: (f64, f64),
    dt: f64,
    slot_order: &'a mut SlotOrder,
    changed: &'a mut ChangedSlots,
    /// Present when some object hangs from another.
    attachments: Option<&'a Attachments>,
    /// Per slot, its tile response: present when some object collides with
    /// the tiles.
    responses: Option<&'a [u8]>,
    /// What moved, for the children to follow: present with attachments.
    placed: Option<&'a mut BitSet>,
}

/// What `step`'s loop calls for each moved box: the structure's own update,
/// a direct call inlined into the loop. (Taken through a closure, the
/// compiler left the quadtree's inlined stay test behind a call.)
trait UpdateMoved {
    fn update_moved(&mut self, slot: u32, aabb: Aabb);
}

impl<B: BroadPhase> UpdateMoved for B {
    #[inline(always)]
    fn update_moved(&mut self, slot: u32, aabb: Aabb) {
        self.update(slot, aabb);
    }
}

/// The loose grid with its home test's numbers copied out once per step.
struct QuickHome<'a> {
    grid: &'a mut LooseGrid,
    home: HomeTest,
}

impl UpdateMoved for QuickHome<'_> {
    #[inline(always)]
    fn update_moved(&mut self, slot: u32, aabb: Aabb) {
        self.grid.update_with(&self.home, slot, aabb);
    }
}

/// `step`'s motion of every free moving object (not attached, not a tile
/// collider), each refiled in `structure`; returns how many it placed
/// (counted only with attachments).
#[inline(always)]
fn move_slots<U: UpdateMoved>(structure: &mut U, moving: &MovingSlots, mut p: MoveParts<'_>) -> usize {
    let mut placed_count = 0;
    let (width, height) = p.limits;
    moving.for_each(|slot| {
        // Only slots that may move are visited (see `moving_slots.rs`);
        // free slots have zero velocity (`remove` clears it), so this
        // loop reads no id.
        let (vx, vy) = (p.velocities[slot * 2], p.velocities[slot * 2 + 1]);
        if (vx == 0.0 && vy == 0.0)
            || p.attachments.is_some_and(|a| a.is_attached(slot))
            || p.responses.is_some_and(|r| r[slot] != 0)
        {
            return; // at rest or free, carried by its parent, or a tile collider
        }
        let b = &mut p.boxes[slot * 4..slot * 4 + 4];
        let v = &mut p.velocities[slot * 2..slot * 2 + 2];
        let (mut x, mut y) = (b[0] + vx * p.dt, b[1] + vy * p.dt);
        reflect(&mut x, &mut v[0], b[2], width);
        reflect(&mut y, &mut v[1], b[3], height);
        // The distance actually moved: a box pinned to a wall or at
        // rest after a bounce does not stray from its place in memory.
        p.slot_order.note_move(b[0], b[1], x, y);
        b[0] = x;
        b[1] = y;
        p.changed.mark(slot as u32, p.slot_ids);
        structure.update_moved(slot as u32, Aabb::from_xywh(x, y, b[2], b[3]));
        if let Some(placed) = p.placed.as_deref_mut() {
            placed.insert(slot as u32);
            placed_count += 1;
        }
    });
    placed_count
}

/// Reflects a 1D interval `[position, position + size]` moving at `velocity`
/// into `[0, limit]`, as a ball bounces: the overshoot is mirrored back.
/// `position` may be infinite (a motion that overflowed); it ends finite.
#[inline]
pub(super) fn reflect(position: &mut f64, velocity: &mut f64, size: f64, limit: f64) {
    // The common case first, without working out the room: strictly inside
    // `(0, limit − size)` the position is at most the float below
    // `limit − size`, so at most the room and the room is positive:
    // `reflect_within` would leave both numbers as they are. (NaN fails the
    // test and takes the full path.)
    if 0.0 < *position && *position < limit - size {
        return;
    }
    reflect_within(position, velocity, room(size, limit));
}

/// [`reflect`] with the interval's `room` (see [`room`]) worked out: the
/// same for every step of one box, so `fast_forward` works it out once.
#[inline]
fn reflect_within(position: &mut f64, velocity: &mut f64, room: f64) {
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
    *position = crate::float::clamp(*position, 0.0, room);
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
    use super::{reflect, MAX_FAST_FORWARD_STEPS};
    use crate::world::StructureKind;
    use crate::world::World;

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

    /// Every box and velocity after `fast_forward(n, dt)` equals `n` calls
    /// of `step(dt)` bit for bit, for every structure and seeded scene,
    /// including boxes hand-placed outside the walls and larger than the
    /// world; the structure stays valid and reports brute force's pairs.
    #[test]
    fn fast_forward_equals_stepping_bit_for_bit() {
        for (k, &kind) in StructureKind::ALL.iter().enumerate() {
            for seed in 1..=6u64 {
                let dt = [1.0 / 60.0, 0.25, 0.0, 1.0 / 240.0, 3.7, 1.0 / 60.0][seed as usize - 1];
                let steps = [1u32, 7, 60, 333, 5, 1000][(seed as usize + k) % 6];
                let make = || {
                    let mut w = World::new(300.0, 200.0).unwrap();
                    w.set_structure(kind.name()).unwrap();
                    w.populate(400, seed, crate::scene::Layout::ALL[seed as usize % 3]).unwrap();
                    // Outside the walls, larger than the world, at rest.
                    w.update(3, -40.0, 250.0, 6.0, 6.0).unwrap();
                    w.update(4, 10.0, 10.0, 400.0, 5.0).unwrap();
                    w.set_velocity(4, 30.0, 12.5).unwrap();
                    w.set_velocity(5, 0.0, 0.0).unwrap();
                    w.pairs();
                    w
                };
                let (mut stepped, mut jumped) = (make(), make());
                for _ in 0..steps {
                    stepped.step(dt).unwrap();
                    stepped.pairs();
                }
                jumped.fast_forward(steps, dt).unwrap();
                let context = format!("{} seed {seed}: {steps} steps of {dt}", kind.name());
                for id in 1..=400 {
                    assert_eq!(
                        stepped.box_of(id).unwrap(),
                        jumped.box_of(id).unwrap(),
                        "{context}: box {id}"
                    );
                    assert_eq!(
                        stepped.velocity(id).unwrap(),
                        jumped.velocity(id).unwrap(),
                        "{context}: velocity {id}"
                    );
                }
                jumped.validate().unwrap_or_else(|e| panic!("{context}: {e}"));
                assert_eq!(stepped.pairs().to_vec(), jumped.pairs().to_vec(), "{context}: pairs");
            }
        }
    }

    #[test]
    fn fast_forward_with_children_steps_one_step_at_a_time() {
        let make = || {
            let mut w = World::new(100.0, 100.0).unwrap();
            w.populate(30, 9, crate::scene::Layout::ALL[0]).unwrap();
            w.set_parent(2, 1).unwrap();
            w.set_parent(3, 2).unwrap();
            w
        };
        let (mut stepped, mut jumped) = (make(), make());
        for _ in 0..90 {
            stepped.step(0.05).unwrap();
        }
        jumped.fast_forward(90, 0.05).unwrap();
        for id in 1..=30 {
            assert_eq!(stepped.box_of(id).unwrap(), jumped.box_of(id).unwrap(), "box {id}");
        }
        jumped.validate().unwrap();
    }

    #[test]
    fn fast_forward_refuses_bad_arguments_and_changes_nothing() {
        let mut w = World::new(100.0, 100.0).unwrap();
        w.populate(10, 1, crate::scene::Layout::ALL[0]).unwrap();
        let before = w.box_of(1).unwrap();
        let arg = |e: crate::error::Error| e.arg();
        assert_eq!(w.fast_forward(MAX_FAST_FORWARD_STEPS + 1, 0.1).map_err(arg), Err("steps".to_string()));
        assert_eq!(w.fast_forward(3, -0.1).map_err(arg), Err("dt".to_string()));
        assert_eq!(w.fast_forward(3, f64::NAN).map_err(arg), Err("dt".to_string()));
        assert_eq!(w.box_of(1).unwrap(), before);
        w.fast_forward(0, 0.1).unwrap();
        assert_eq!(w.box_of(1).unwrap(), before);
    }
}
