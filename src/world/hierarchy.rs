//! Attaching objects to objects (the flat scene hierarchy): a child keeps its offset to its
//! parent and moves with it. Positions of children are brought up to date
//! after every move, in one forward pass over the hierarchy's parent-first
//! queue.

use super::World;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::grid::CellBits;
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
        // The hierarchy holds the same ids as the World: it checks them, in
        // event order with the cycles, and names the first bad event.
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

    /// Brings the attached objects up to date after the slots set in
    /// `placed` (`count` of them) were put where they are now (by `update`,
    /// `update_many` or `step`). A placed object stays exactly where it was
    /// put (if attached, its offset becomes its box minus its parent's final
    /// box); an attached object that was not placed follows its parent
    /// (parent's box plus its offset) when that parent placed or followed,
    /// and is not touched otherwise, so a box only ever moves when
    /// something it hangs from moved. Few placed slots: their subtrees are
    /// walked (O(what follows)); many: one pass over the parents-first
    /// queue. Free when nothing is attached.
    pub(super) fn follow_placed(&mut self, placed: &CellBits, count: usize) {
        if self.attached == 0 {
            return;
        }
        if count.saturating_mul(4) >= self.count() {
            self.follow_in_queue_order(placed);
        } else {
            let mut stack = std::mem::take(&mut self.follow_stack);
            placed.for_each_member(|slot| self.follow_subtree(slot as usize, placed, &mut stack));
            self.follow_stack = stack;
        }
        placed.for_each_member(|slot| self.take_offset(slot as usize));
    }

    /// [`follow_placed`](World::follow_placed) for one placed slot: its
    /// subtree, without a bitset.
    pub(super) fn follow_one(&mut self, slot: usize) {
        if self.attached == 0 {
            return;
        }
        let mut stack = std::mem::take(&mut self.follow_stack);
        self.follow_subtree(slot, &CellBits::default(), &mut stack);
        self.follow_stack = stack;
        self.take_offset(slot);
    }

    /// Moves the descendants of placed slot `slot` after it, depth first,
    /// leaving out placed descendants and theirs (their own walk does them).
    fn follow_subtree(&mut self, slot: usize, placed: &CellBits, stack: &mut Vec<u32>) {
        // Lent out for the walk, so each step can move a box (the World's
        // arrays) while the walk reads the children lists (the hierarchy's).
        let hierarchy = std::mem::take(&mut self.hierarchy);
        hierarchy
            .walk_descendants(self.slot_ids[slot], stack, |child| {
                let c = self.id_to_slot.get(child).expect("hierarchy and world hold the same ids") as usize;
                if placed.contains(c as u32) {
                    return false;
                }
                self.carry_to_parent(c);
                true
            })
            .expect("a placed slot holds a live id");
        self.hierarchy = hierarchy;
    }

    /// The same as walking each placed slot's subtree, in one forward pass
    /// over the parents-first queue: a slot follows when its parent was
    /// placed or followed.
    fn follow_in_queue_order(&mut self, placed: &CellBits) {
        let mut moved = std::mem::take(&mut self.follow_moved);
        moved.copy_from(placed);
        moved.grow(self.slot_ids.len());
        let hierarchy = std::mem::take(&mut self.hierarchy);
        for id in hierarchy.iter_order() {
            let c = self.id_to_slot.get(id).expect("a live id") as usize;
            let p = self.parent_slot[c];
            if p == NO_PARENT || placed.contains(c as u32) || !moved.contains(p) {
                continue;
            }
            moved.insert(c as u32);
            self.carry_to_parent(c);
        }
        self.hierarchy = hierarchy;
        self.follow_moved = moved;
    }

    /// Puts attached slot `c` at its parent's box plus its offset, and files
    /// the move if it moved.
    fn carry_to_parent(&mut self, c: usize) {
        let p = self.parent_slot[c] as usize;
        let x = finite_or_saturated(self.boxes[p * 4] + self.offsets[c * 2]);
        let y = finite_or_saturated(self.boxes[p * 4 + 1] + self.offsets[c * 2 + 1]);
        if x != self.boxes[c * 4] || y != self.boxes[c * 4 + 1] {
            self.slot_order.note_move(self.boxes[c * 4], self.boxes[c * 4 + 1], x, y);
            self.boxes[c * 4] = x;
            self.boxes[c * 4 + 1] = y;
            self.changed.mark(c as u32, &self.slot_ids);
            let aabb = Aabb::from_xywh(x, y, self.boxes[c * 4 + 2], self.boxes[c * 4 + 3]);
            self.structure.as_broad_phase().update(c as u32, aabb);
        }
    }

    /// A placed attached slot's offset, from its box and its parent's final
    /// one: the box stays what was asked; the offset is derived from it.
    fn take_offset(&mut self, slot: usize) {
        let parent = self.parent_slot[slot];
        if parent != NO_PARENT {
            let p = parent as usize;
            self.offsets[slot * 2] = finite_or_saturated(self.boxes[slot * 4] - self.boxes[p * 4]);
            self.offsets[slot * 2 + 1] =
                finite_or_saturated(self.boxes[slot * 4 + 1] - self.boxes[p * 4 + 1]);
        }
    }
}

/// Boxes must stay finite: a sum of finite coordinates near ±1.8e308 can
/// overflow, so it saturates at the largest finite value instead.
pub(super) fn finite_or_saturated(value: f64) -> f64 {
    value.clamp(f64::MIN, f64::MAX)
}
