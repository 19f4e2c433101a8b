//! Attaching objects to objects (the flat scene hierarchy): a child keeps its offset to its
//! parent and moves with it. Positions of children are brought up to date
//! after every move, in one forward pass over the hierarchy's parent-first
//! queue.

use super::World;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::hierarchy::{BatchStrategy, RepairTrace};

/// `parent_slot` of an object under the root.
pub(super) const NO_PARENT: u32 = u32::MAX;

impl World {
    /// Attaches `child` under `parent` (0 detaches it to the root). The
    /// child keeps its current offset to the parent from now on, and stops
    /// moving by its own velocity while attached. Refuses a cycle.
    pub fn set_parent(&mut self, child: u32, parent: u32) -> Result<()> {
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = if parent == 0 { NO_PARENT } else { self.slot_of("parent", parent)? };
        self.hierarchy.set_parent(child, parent)?;
        self.attach_slot(child_slot as usize, parent_slot);
        Ok(())
    }

    /// Applies many `(child, parent)` attachments at once, in order, all or
    /// nothing (a dead id or a cycle refuses the batch). Large batches keep
    /// the queue by one re-sort instead of a repair per event: at 1 % of
    /// 100k objects that is ~20× faster (see the README's benchmarks).
    pub fn set_parents(&mut self, pairs: &[(u32, u32)]) -> Result<BatchStrategy> {
        for &(child, parent) in pairs {
            self.slot_of("child", child)?;
            if parent != 0 {
                self.slot_of("parent", parent)?;
            }
        }
        let strategy = self.hierarchy.set_parents(pairs)?;
        for &(child, parent) in pairs {
            let c = self.id_to_slot.get(child).expect("checked above") as usize;
            let parent_slot =
                if parent == 0 { NO_PARENT } else { self.id_to_slot.get(parent).expect("checked above") };
            self.attach_slot(c, parent_slot);
        }
        Ok(strategy)
    }

    /// Records slot `c`'s new parent slot and its offset to it.
    fn attach_slot(&mut self, c: usize, parent_slot: u32) {
        let was_attached = self.parent_slot[c] != NO_PARENT;
        self.parent_slot[c] = parent_slot;
        if parent_slot != NO_PARENT {
            let p = parent_slot as usize;
            self.offsets[c * 2] = finite_or_saturated(self.boxes[c * 4] - self.boxes[p * 4]);
            self.offsets[c * 2 + 1] = finite_or_saturated(self.boxes[c * 4 + 1] - self.boxes[p * 4 + 1]);
        }
        match (was_attached, parent_slot != NO_PARENT) {
            (false, true) => self.attached += 1,
            (true, false) => self.attached -= 1,
            _ => {}
        }
    }

    /// The parent of a live object; 0 at the root.
    pub fn parent_of(&self, id: u32) -> Result<u32> {
        self.slot_of("id", id)?;
        self.hierarchy.parent_of(id)
    }

    /// Every live id exactly once, each parent before its children. Takes
    /// `&mut self` because removals only mark queue entries dead, and this
    /// squeezes them out first (once; nothing when none were removed);
    /// [`World::iter_order`] reads the same ids without changing anything.
    pub fn order(&mut self) -> &[u32] {
        self.hierarchy.order()
    }

    /// The ids of [`World::order`], read in place.
    pub fn iter_order(&self) -> impl Iterator<Item = u32> + '_ {
        self.hierarchy.iter_order()
    }

    /// Records each queue repair for step-through display (off by default).
    pub fn set_hierarchy_tracing(&mut self, on: bool) {
        self.hierarchy.set_tracing(on);
    }

    /// The repair done by the last `set_parent`, when tracing is on.
    #[must_use]
    pub fn last_repair(&self) -> Option<&RepairTrace> {
        self.hierarchy.last_repair()
    }

    /// Moves every attached object to its parent's position plus its offset,
    /// parents first (one forward pass over the queue), and files the moved
    /// boxes in the structure. Free when nothing is attached.
    pub(super) fn settle_children(&mut self) {
        if self.attached == 0 {
            return;
        }
        for id in self.hierarchy.iter_order() {
            let slot = self.id_to_slot.get(id).expect("a live id") as usize;
            let parent = self.parent_slot[slot];
            if parent == NO_PARENT {
                continue;
            }
            let p = parent as usize;
            let x = finite_or_saturated(self.boxes[p * 4] + self.offsets[slot * 2]);
            let y = finite_or_saturated(self.boxes[p * 4 + 1] + self.offsets[slot * 2 + 1]);
            if x != self.boxes[slot * 4] || y != self.boxes[slot * 4 + 1] {
                self.slot_order.note_move(self.boxes[slot * 4], self.boxes[slot * 4 + 1], x, y);
                self.boxes[slot * 4] = x;
                self.boxes[slot * 4 + 1] = y;
                self.changed.mark(slot as u32, &self.slot_ids);
                let aabb = Aabb::from_xywh(x, y, self.boxes[slot * 4 + 2], self.boxes[slot * 4 + 3]);
                self.structure.as_broad_phase().update(slot as u32, aabb);
            }
        }
    }
}

/// Boxes must stay finite: a sum of finite coordinates near ±1.8e308 can
/// overflow, so it saturates at the largest finite value instead.
pub(super) fn finite_or_saturated(value: f64) -> f64 {
    value.clamp(f64::MIN, f64::MAX)
}
