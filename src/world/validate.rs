//! The World's invariants, part by part, checked from scratch: what the
//! tests call after every change.

use super::objects::Objects;
use super::pairs::PairTracking;
use super::tile_motion::TileColliders;
use super::World;

type Checked = std::result::Result<(), String>;

impl World {
    /// Checks every part's books, that the parts agree on the slots, and
    /// the active structure's and the tile grid's own invariants.
    pub fn validate(&self) -> Checked {
        let objects = &self.objects;
        objects.validate()?;
        let slots = objects.slot_ids.len();
        if self.attachments.offsets.len() != 2 * slots || self.tile_colliders.responses.len() != slots {
            return Err(format!("per-slot arrays disagree on {slots} slots"));
        }
        self.pairs.validate(objects)?;
        // The structure holds exactly the live slots, with the World's boxes
        // (a wrong relabelling after a renumbering shows here).
        let structure = self.structure.as_broad_phase_ref();
        for slot in 0..slots as u32 {
            let expected = (objects.slot_ids[slot as usize] != 0).then(|| objects.aabb_of(slot));
            let stored = structure.stored_aabb(slot);
            if stored != expected {
                return Err(format!("slot {slot}: the World has {expected:?}, the structure {stored:?}"));
            }
        }
        structure.validate()?;
        self.attachments.forest.validate(&objects.slot_ids)?;
        self.tile_colliders.validate(&objects.slot_ids)?;
        self.tiles.validate()
    }
}

impl Objects {
    /// Live slots, ids and the free list agree; the per-slot arrays have
    /// one record a slot; every velocity is one `step` visits.
    fn validate(&self) -> Checked {
        let live = self.slot_ids.iter().filter(|&&id| id != 0).count();
        if live != self.id_to_slot.len() || live + self.free_slots.len() != self.slot_ids.len() {
            return Err(format!(
                "{live} live slots, {} ids, {} free",
                self.id_to_slot.len(),
                self.free_slots.len()
            ));
        }
        let slots = self.slot_ids.len();
        if self.boxes.len() != 4 * slots || self.velocities.len() != 2 * slots {
            return Err(format!("boxes or velocities disagree on {slots} slots"));
        }
        let mut free = self.free_slots.clone();
        crate::small_sort::sort(&mut free);
        free.dedup();
        if free.len() != self.free_slots.len() || free.iter().any(|&s| self.slot_ids[s as usize] != 0) {
            return Err(format!("free list {:?} repeats or holds live slots", self.free_slots));
        }
        for (id, slot) in self.id_to_slot.iter() {
            if self.slot_ids[slot as usize] != id {
                return Err(format!("id {id} maps to slot {slot} holding {}", self.slot_ids[slot as usize]));
            }
        }
        let velocity = |s: usize| &self.velocities[s * 2..s * 2 + 2];
        if let Some(slot) = (0..slots).find(|&s| self.slot_ids[s] == 0 && velocity(s) != [0.0, 0.0]) {
            return Err(format!("free slot {slot} has a velocity (step would move it)"));
        }
        if let Some(slot) = (0..slots).find(|&s| velocity(s) != [0.0, 0.0] && !self.moving.contains(s as u32))
        {
            return Err(format!("slot {slot} has a velocity but step would not visit it"));
        }
        Ok(())
    }
}

impl PairTracking {
    /// A live slot is marked overlapping exactly when its id is in a pair
    /// of the last `pairs()` (both as of that call; ids do not change).
    fn validate(&self, objects: &Objects) -> Checked {
        let slots = objects.slot_ids.len();
        let mut in_pairs = vec![0u8; slots];
        for &k in &self.keys {
            for id in [(k >> 32) as u32, k as u32] {
                if let Some(slot) = objects.id_to_slot.get(id) {
                    in_pairs[slot as usize] = 1;
                }
            }
        }
        let overlapping = |s: usize| self.overlapping.get(s).copied().unwrap_or(0);
        match (0..slots).find(|&s| objects.slot_ids[s] != 0 && overlapping(s) != in_pairs[s]) {
            Some(slot) => Err(format!("slot {slot}: the overlapping view disagrees with the last pairs")),
            None => Ok(()),
        }
    }
}

impl TileColliders {
    /// The count is the live slots that collide; free slots do not.
    fn validate(&self, slot_ids: &[u32]) -> Checked {
        let live = |(&r, &id): (&u8, &u32)| id != 0 && r != 0;
        let colliders = self.responses.iter().zip(slot_ids).filter(|&p| live(p)).count();
        if colliders != self.count {
            return Err(format!("{colliders} tile colliders, count says {}", self.count));
        }
        match slot_ids.iter().zip(&self.responses).position(|(&id, &r)| id == 0 && r != 0) {
            Some(slot) => Err(format!("free slot {slot} collides with tiles")),
            None => Ok(()),
        }
    }
}
