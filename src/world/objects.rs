//! The World's objects part, and inserting, moving, resizing and removing
//! objects.

use super::id_table::IdTable;
use super::moving_slots::MovingSlots;
use super::slot_order::distance_moved;
use super::{checked_box, World};
use crate::error::{finite, Error, Result};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::trace::{NoTrace, Step, Tracer};

/// The objects: each one's id, box and velocity, by slot. Slots are dense
/// indices reused through a free list, and renumbered in space order (see
/// `slot_order.rs`); ids are handed out from 1 and never reused.
#[derive(Debug)]
pub(super) struct Objects {
    /// Per slot: `x, y, w, h` as given (JS reads this as a view).
    pub(super) boxes: Vec<f64>,
    /// Per slot: `vx, vy` in units per second.
    pub(super) velocities: Vec<f64>,
    /// Per slot: the object's id, or 0 for a free slot (JS reads this too).
    pub(super) slot_ids: Vec<u32>,
    pub(super) free_slots: Vec<u32>,
    /// Id → slot: the World's one map from ids to slots.
    pub(super) id_to_slot: IdTable,
    pub(super) next_id: u32,
    /// The slots that may move in `step`.
    pub(super) moving: MovingSlots,
}

impl Default for Objects {
    fn default() -> Objects {
        Objects {
            boxes: Vec::new(),
            velocities: Vec::new(),
            slot_ids: Vec::new(),
            free_slots: Vec::new(),
            id_to_slot: IdTable::default(),
            next_id: 1,
            moving: MovingSlots::default(),
        }
    }
}

impl Objects {
    /// The slot of live `id`; an error naming `arg` otherwise.
    // `ok_or_else`: the error is built only for a dead id. Built eagerly
    // (`ok_or`), it would be made and dropped, with a call to its drop
    // glue, on every `update` and `setVelocity` in wasm.
    #[allow(clippy::unnecessary_lazy_evaluations)]
    pub(super) fn slot_of(&self, arg: &'static str, id: u32) -> Result<u32> {
        self.id_to_slot.get(id).ok_or_else(|| Error::DeadId { arg, id })
    }

    /// The box in `slot`.
    pub(super) fn aabb_of(&self, slot: u32) -> Aabb {
        let b = &self.boxes[slot as usize * 4..slot as usize * 4 + 4];
        Aabb::from_xywh(b[0], b[1], b[2], b[3])
    }
}

impl World {
    /// Adds a box at rest and returns its id (ids start at 1 and are never
    /// reused within one world).
    pub fn insert(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<u32> {
        self.insert_with(x, y, w, h, &mut NoTrace)
    }

    /// [`World::insert`], the structure telling `t` its steps (proxies,
    /// not ids: the caller names them). One body for both: the check of
    /// `t` is a test per insert.
    pub(super) fn insert_with<T: Tracer<Step>>(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        t: &mut T,
    ) -> Result<u32> {
        let aabb = checked_box(x, y, w, h)?;
        if self.objects.id_to_slot.len() >= super::MAX_OBJECTS {
            return Err(Error::TooManyObjects {
                arg: "insert",
                asked: self.objects.id_to_slot.len() + 1,
                max: super::MAX_OBJECTS,
            });
        }
        let id = self.objects.next_id;
        let next_id = id.checked_add(1).ok_or(Error::IdsExhausted)?;
        // A query can return every object: its buffer is sized now, not
        // mid-frame, and before anything changes, so that running out of
        // memory refuses this insert instead of trapping in a later query.
        let live = self.objects.id_to_slot.len();
        if self.query.ids.capacity() <= live {
            let more = live + 1 - self.query.ids.len();
            crate::fallible::try_reserve(&mut self.query.ids, more)
                .map_err(|_| Error::OutOfMemory { arg: "insert", asked: 1 })?;
        }
        self.objects.next_id = next_id;
        let slot = match self.objects.free_slots.pop() {
            Some(slot) => slot,
            None => {
                self.objects.slot_ids.push(0);
                self.objects.boxes.extend([0.0; 4]);
                self.objects.velocities.extend([0.0; 2]);
                self.tile_colliders.responses.push(0);
                (self.objects.slot_ids.len() - 1) as u32
            }
        };
        let s = slot as usize;
        self.objects.slot_ids[s] = id;
        self.objects.boxes[s * 4..s * 4 + 4].copy_from_slice(&[x, y, w, h]);
        self.pairs.changed.mark(slot, &self.objects.slot_ids);
        self.objects.velocities[s * 2..s * 2 + 2].copy_from_slice(&[0.0, 0.0]);
        self.objects.moving.set(slot, false);
        self.attachments.insert(slot);
        self.objects.id_to_slot.insert(id, slot);
        if t.on() {
            self.structure.insert_traced(slot, aabb, t);
        } else {
            self.structure.as_broad_phase().insert(slot, aabb);
        }
        self.slot_order.inserted += 1;
        self.retune_cell_size(t);
        Ok(id)
    }

    /// Moves and resizes a box, exactly to the numbers given. Its
    /// descendants move with it; an attached object's offset to its parent
    /// becomes the new one.
    pub fn update(&mut self, id: u32, x: f64, y: f64, w: f64, h: f64) -> Result<()> {
        self.update_with(id, x, y, w, h, &mut NoTrace)
    }

    /// [`World::update`], the structure telling `t` its steps for the
    /// object itself (its descendants follow untraced).
    pub(super) fn update_with<T: Tracer<Step>>(
        &mut self,
        id: u32,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        t: &mut T,
    ) -> Result<()> {
        let slot = self.slot_of("id", id)?;
        let aabb = checked_box(x, y, w, h)?;
        self.apply_update(slot, aabb, [x, y, w, h], t);
        self.follow_one(slot as usize);
        Ok(())
    }

    /// Many boxes at once, all or nothing: `boxes[i]` is `[x, y, w, h]` for
    /// `ids[i]` (a later entry for the same id wins). The boxes are placed
    /// all at once: each listed object ends exactly where its entry says
    /// (an attached one takes the offset to its parent's new box), and an
    /// attached object that is not listed follows its parent, whatever the
    /// order of the entries. Every entry is checked before anything moves;
    /// an error names the first bad entry of the first bad argument (a dead
    /// id in `ids`, `ids[1]: id 77 is not a live object id`; else a length
    /// or a box of `boxes`, `boxes[3]: w must be greater than 0, got -2`)
    /// and changes nothing.
    pub fn update_many(&mut self, ids: &[u32], boxes: &[[f64; 4]]) -> Result<()> {
        if ids.len() != boxes.len() {
            self.check_ids("ids", ids)?; // the first argument's error first
            return Err(Error::LengthMismatch { arg: "boxes", len: boxes.len(), expected: ids.len() });
        }
        self.update_batch(ids, boxes.as_flattened())
    }

    /// [`update_many`](World::update_many) on flat arrays: `boxes` holds
    /// `x, y, w, h` per id (the form JavaScript passes).
    pub fn update_many_flat(&mut self, ids: &[u32], boxes: &[f64]) -> Result<()> {
        if boxes.len() != ids.len() * 4 {
            self.check_ids("ids", ids)?; // the first argument's error first
            return Err(Error::LengthMismatch { arg: "boxes", len: boxes.len(), expected: ids.len() * 4 });
        }
        self.update_batch(ids, boxes)
    }

    /// Checks every entry, then places them all (no allocation: a game
    /// calls this every frame). `boxes` holds `x, y, w, h` per id.
    fn update_batch(&mut self, ids: &[u32], boxes: &[f64]) -> Result<()> {
        // Every entry is checked first, reading the caller's arrays in order
        // and writing nothing the World shows, so a bad one changes nothing;
        // each id's slot is kept for the pass that places the boxes. The
        // common case, everything valid, is one pass without a branch on
        // each outcome; only a bad batch is walked again to name the first
        // bad entry: of the first argument, `ids`, if any is bad, then of
        // `boxes`. Zipped slices, not indices into the caller's arrays,
        // leave no bounds check in the loop; each slot is read once and
        // kept, so the pass below looks nothing up again and its read-ahead
        // reads the kept slots.
        let mut slots = std::mem::take(&mut self.workspace.batch_slots);
        slots.clear();
        slots.resize(ids.len(), 0);
        let mut all_valid = true;
        for ((&id, b), slot) in ids.iter().zip(boxes.chunks_exact(4)).zip(slots.iter_mut()) {
            *slot = self.objects.id_to_slot.slot_or_null(id);
            all_valid &= (*slot != NULL_INDEX) & box_is_valid(b);
        }
        if !all_valid {
            self.workspace.batch_slots = slots;
            self.check_ids("ids", ids)?;
            let (i, b) =
                boxes.chunks_exact(4).enumerate().find(|(_, b)| !box_is_valid(b)).expect("a bad id or box");
            let error = checked_box(b[0], b[1], b[2], b[3]).expect_err("an invalid box");
            return Err(Error::in_entry("boxes", i, error));
        }
        // Each box is written into its slot (a later entry for the
        // same id overwrites an earlier one) and the slot marked, one bit a
        // slot (12.5 KB for 100k slots: it stays in the first-level cache);
        // then the marked slots are filed in the structure in slot order:
        // slots follow space order, so the structure's memory is walked
        // forwards, and the one scattered access is the box write.
        let mut marks = std::mem::take(&mut self.workspace.batch_marks);
        marks.reset(self.objects.slot_ids.len());
        let mut drift = 0.0;
        for (i, (&slot, b)) in slots.iter().zip(boxes.chunks_exact(4)).enumerate() {
            // The slot sixteen entries on is asked for early, so its cache
            // line is on its way when its turn comes. Filing the marked
            // slots straight from the caller's boxes (scattered reads stall
            // where scattered writes do not), or filing each entry as it
            // comes, is slower (docs/BENCHMARKS.md).
            if let Some(&ahead) = slots.get(i + 16) {
                prefetch(&self.objects.boxes, ahead as usize * 4);
            }
            let s = slot as usize;
            let placed = &mut self.objects.boxes[s * 4..s * 4 + 4];
            drift += distance_moved(placed[0], placed[1], b[0], b[1]);
            placed.copy_from_slice(b);
            marks.insert(slot);
        }
        self.slot_order.drift += drift;
        self.workspace.batch_slots = slots;
        self.pairs.changed.expect(marks.len());
        let (changed, slot_ids) = (&mut self.pairs.changed, &self.objects.slot_ids);
        self.structure.update_marked(&marks, &self.objects.boxes, |slot| changed.mark(slot, slot_ids));
        self.follow_placed(&marks, ids.len());
        self.workspace.batch_marks = marks;
        Ok(())
    }

    /// Moves slot `slot` to a checked box; what hangs from it follows when
    /// the caller says so ([`World::follow_one`]).
    fn apply_update<T: Tracer<Step>>(
        &mut self,
        slot: u32,
        aabb: crate::geometry::Aabb,
        [x, y, w, h]: [f64; 4],
        t: &mut T,
    ) {
        let s = slot as usize;
        self.slot_order.note_move(self.objects.boxes[s * 4], self.objects.boxes[s * 4 + 1], x, y);
        self.objects.boxes[s * 4..s * 4 + 4].copy_from_slice(&[x, y, w, h]);
        self.pairs.changed.mark(slot, &self.objects.slot_ids);
        if t.on() {
            self.structure.update_traced(slot, aabb, t);
        } else {
            self.structure.as_broad_phase().update(slot, aabb);
        }
    }

    /// Sets a box's velocity in units per second.
    pub fn set_velocity(&mut self, id: u32, vx: f64, vy: f64) -> Result<()> {
        let slot = self.slot_of("id", id)? as usize;
        finite("vx", vx)?;
        finite("vy", vy)?;
        self.objects.velocities[slot * 2..slot * 2 + 2].copy_from_slice(&[vx, vy]);
        self.objects.moving.set(slot as u32, vx != 0.0 || vy != 0.0);
        Ok(())
    }

    /// A box's velocity `[vx, vy]`.
    pub fn velocity(&self, id: u32) -> Result<[f64; 2]> {
        let s = self.slot_of("id", id)? as usize;
        Ok([self.objects.velocities[s * 2], self.objects.velocities[s * 2 + 1]])
    }

    /// Deletes an object and all its descendants (objects attached to it,
    /// directly or not).
    pub fn remove(&mut self, id: u32) -> Result<()> {
        self.remove_with(id, &mut NoTrace)
    }

    /// [`World::remove`], the structure telling `t` its steps for each
    /// removed object in turn (one body for both, as `insert_with`).
    pub(super) fn remove_with<T: Tracer<Step>>(&mut self, id: u32, t: &mut T) -> Result<()> {
        let slot = self.slot_of("id", id)?;
        let mut removed = std::mem::take(&mut self.workspace.removed_slots);
        self.attachments.forest.remove(slot, &mut removed);
        for &slot in &removed {
            self.objects.id_to_slot.remove(self.objects.slot_ids[slot as usize]);
            if t.on() {
                self.structure.remove_traced(slot, t);
            } else {
                self.structure.as_broad_phase().remove(slot);
            }
            self.pairs.changed.mark(slot, &self.objects.slot_ids); // with its id, before the slot is freed
            self.objects.slot_ids[slot as usize] = 0;
            // Its pairs end at the next `pairs()`, which can no longer find
            // its slot by its id: its count goes now.
            // (After a renumbering the counts wait for the next full pass,
            // which recounts them; the view was renumbered and is cleared.)
            let s = slot as usize;
            if let Some(count) = self.pairs.overlap_counts.get_mut(s) {
                *count = 0;
            }
            if let Some(flag) = self.pairs.overlapping.get_mut(s) {
                *flag = 0;
            }
            self.objects.velocities[slot as usize * 2..slot as usize * 2 + 2].fill(0.0);
            self.objects.moving.set(slot, false);
            if self.tile_colliders.responses[slot as usize] != 0 {
                self.tile_colliders.responses[slot as usize] = 0;
                self.tile_colliders.count -= 1;
            }
            self.objects.free_slots.push(slot);
        }
        self.workspace.removed_slots = removed;
        Ok(())
    }

    /// The box `[x, y, w, h]` of a live object.
    pub fn box_of(&self, id: u32) -> Result<[f64; 4]> {
        let s = self.slot_of("id", id)? as usize;
        let b = &self.objects.boxes[s * 4..s * 4 + 4];
        Ok([b[0], b[1], b[2], b[3]])
    }

    /// Whether `id` is a live object.
    #[must_use]
    pub fn contains(&self, id: u32) -> bool {
        self.objects.id_to_slot.contains(id)
    }

    /// Live ids, ascending.
    #[must_use]
    pub fn ids(&self) -> Vec<u32> {
        self.objects.id_to_slot.iter().map(|(id, _)| id).collect()
    }

    /// Per slot `x, y, w, h`; free slots hold stale values (see `slot_ids`).
    #[must_use]
    pub fn slot_boxes(&self) -> &[f64] {
        &self.objects.boxes
    }

    /// Per slot the object's id, or 0 for a free slot.
    #[must_use]
    pub fn slot_ids(&self) -> &[u32] {
        &self.objects.slot_ids
    }

    /// Per slot 1 when the object was in a pair at the last `pairs()`.
    #[must_use]
    pub fn slot_overlapping(&self) -> &[u8] {
        &self.pairs.overlapping
    }
}

impl World {
    /// Room for `more` objects in the per-object arrays, reserved before
    /// anything changes: past [`super::MAX_OBJECTS`], or when the memory is
    /// not there, an error naming `arg` and the World as it was. (A
    /// structure's own nodes and cells still grow as objects go in.)
    pub(super) fn reserve_objects(&mut self, arg: &'static str, more: usize) -> Result<()> {
        self.check_room(arg, more)?;
        let new = more.saturating_sub(self.objects.free_slots.len());
        let oom = |_| Error::OutOfMemory { arg, asked: more };
        crate::fallible::try_reserve(&mut self.objects.slot_ids, new).map_err(oom)?;
        crate::fallible::try_reserve(&mut self.objects.boxes, new * 4).map_err(oom)?;
        crate::fallible::try_reserve(&mut self.objects.velocities, new * 2).map_err(oom)?;
        crate::fallible::try_reserve(&mut self.attachments.offsets, new * 2).map_err(oom)?;
        self.attachments.forest.try_reserve(self.objects.slot_ids.len(), new).map_err(oom)?;
        crate::fallible::try_reserve(&mut self.tile_colliders.responses, new).map_err(oom)?;
        self.objects.id_to_slot.try_reserve(self.objects.next_id, more).map_err(oom)?;
        Ok(())
    }
}

/// Whether `[x, y, w, h]` passes [`checked_box`]: finite, with a positive
/// size. A plain test for the hot loops, which ask `checked_box` for the
/// error only when it fails.
#[inline]
fn box_is_valid(b: &[f64]) -> bool {
    let [x, y, w, h] = [b[0], b[1], b[2], b[3]];
    x.is_finite() & y.is_finite() & w.is_finite() & h.is_finite() & (w > 0.0) & (h > 0.0)
}

/// Asks the processor to bring `v[i]`'s cache line in (a hint: no effect
/// off x86-64, and none if `i` is out of range).
#[inline(always)]
fn prefetch(v: &[f64], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(p) = v.get(i) {
        // SAFETY: a prefetch reads nothing and cannot fault; the address is
        // in bounds anyway. SSE, which `_mm_prefetch` needs, is part of
        // every x86-64 target.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                std::ptr::from_ref(p).cast(),
            )
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}
