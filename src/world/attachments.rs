//! Attaching objects to objects: a child keeps its offset to its parent and
//! moves with it. The hierarchy is a [`Forest`] over the World's own slots,
//! so the parent links live once and ids are looked up in the World's one
//! id → slot map. Positions of children are brought up to date after every
//! move, by walking what hangs from the moved objects or, when many moved,
//! in one forward pass over the parents-first queue.

use super::World;
use crate::bit_set::BitSet;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::hierarchy::forest::Forest;
use crate::hierarchy::{BatchStrategy, RepairTrace};
use crate::index::NULL_INDEX;

/// The World's attachments part: who hangs from whom, and at what offset.
#[derive(Debug)]
pub(super) struct Attachments {
    /// Parent links, children lists and the parents-first queue of every
    /// object, by slot.
    pub(super) forest: Forest,
    /// Per slot: the offset `dx, dy` to its parent an attached object keeps
    /// (unused while it is not attached).
    pub(super) offsets: Vec<f64>,
}

impl Default for Attachments {
    fn default() -> Attachments {
        Attachments { forest: Forest::implicit(), offsets: Vec::new() }
    }
}

impl Attachments {
    /// Whether the object in `slot` hangs from another one.
    #[inline]
    pub(super) fn is_attached(&self, slot: usize) -> bool {
        self.forest.parent(slot as u32) != NULL_INDEX
    }

    /// Whether anything hangs from anything: when not, moves skip the
    /// following.
    #[inline]
    pub(super) fn any(&self) -> bool {
        self.forest.attached() > 0
    }

    /// A new object in `slot`, at the root.
    pub(super) fn insert(&mut self, slot: u32) {
        let s = slot as usize;
        if self.offsets.len() < 2 * (s + 1) {
            self.offsets.resize(2 * (s + 1), 0.0);
        }
        self.forest.insert(slot, NULL_INDEX);
    }
}

impl World {
    /// Attaches `child` under `parent` (0 detaches it to the root). The
    /// child keeps its current offset to the parent from now on, and stops
    /// moving by its own velocity while attached. Refuses a cycle.
    pub fn set_parent(&mut self, child: u32, parent: u32) -> Result<()> {
        self.attachments.forest.invalidate_trace();
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = if parent == 0 { NULL_INDEX } else { self.slot_of("parent", parent)? };
        self.make_queue_explicit();
        self.attachments.forest.set_parent(child_slot, parent_slot, &self.objects.slot_ids)?;
        self.take_offset(child_slot as usize);
        Ok(())
    }

    /// Applies many `(child, parent)` attachments at once, in order, all or
    /// nothing (a dead id or a cycle refuses the batch). Large batches keep
    /// the queue by one re-sort instead of a repair per event when that is
    /// cheaper (see `hierarchy/batch.rs` and `benches/hierarchy.rs`).
    pub fn set_parents(&mut self, pairs: &[(u32, u32)]) -> Result<BatchStrategy> {
        self.make_queue_explicit();
        let objects = &self.objects;
        let events = pairs.iter().map(|&(child, parent)| {
            let child = objects.slot_of("child", child)?;
            Ok((child, if parent == 0 { NULL_INDEX } else { objects.slot_of("parent", parent)? }))
        });
        let strategy = self.attachments.forest.set_parents(events, &objects.slot_ids)?;
        for &(child, _) in pairs {
            let slot = self.objects.id_to_slot.get(child).expect("checked above");
            self.take_offset(slot as usize);
        }
        Ok(strategy)
    }

    /// The parent of a live object; 0 at the root.
    pub fn parent_of(&self, id: u32) -> Result<u32> {
        let slot = self.slot_of("id", id)?;
        Ok(match self.attachments.forest.parent(slot) {
            NULL_INDEX => 0,
            parent => self.objects.slot_ids[parent as usize],
        })
    }

    /// Every live id exactly once, each parent before its children. Takes
    /// `&mut self` because removals only mark queue entries dead, and this
    /// squeezes them out and writes the ids afresh after a change (once;
    /// nothing when nothing changed); [`World::iter_order`] reads the same
    /// ids without changing anything.
    pub fn order(&mut self) -> &[u32] {
        self.make_queue_explicit();
        self.attachments.forest.order(&self.objects.slot_ids)
    }

    /// The ids of [`World::order`], read in place.
    pub fn iter_order(&self) -> impl Iterator<Item = u32> + '_ {
        let forest = &self.attachments.forest;
        // An implicit queue is the ids in ascending order.
        let implicit = forest.is_implicit().then(|| self.objects.id_to_slot.iter().map(|(id, _)| id));
        let stored = (!forest.is_implicit())
            .then(|| forest.iter_slots().map(|slot| self.objects.slot_ids[slot as usize]));
        implicit.into_iter().flatten().chain(stored.into_iter().flatten())
    }

    /// Stores the queue if it was implicit (see `hierarchy/implicit.rs`):
    /// before anything is attached, or the queue read.
    fn make_queue_explicit(&mut self) {
        let ids = &self.objects.id_to_slot;
        self.attachments.forest.make_explicit(self.objects.slot_ids.len(), ids.iter().map(|(_, slot)| slot));
    }

    /// Records each queue repair for step-through display (off by default).
    pub fn set_hierarchy_tracing(&mut self, on: bool) {
        self.attachments.forest.set_tracing(on);
    }

    /// The repair done by the last `set_parent`, when tracing is on.
    #[must_use]
    pub fn last_repair(&self) -> Option<&RepairTrace> {
        self.attachments.forest.last_repair()
    }

    /// Whether `parent` may become the parent of live `child` (not `child`
    /// itself nor below it); both live.
    pub(super) fn would_cycle(&self, child: u32, parent: u32) -> Result<bool> {
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = self.slot_of("parent", parent)?;
        Ok(self.attachments.forest.would_cycle(child_slot, parent_slot))
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
    pub(super) fn follow_placed(&mut self, placed: &BitSet, count: usize) {
        if !self.attachments.any() {
            return;
        }
        if count.saturating_mul(4) >= self.count() {
            self.follow_in_queue_order(placed);
        } else {
            let mut stack = std::mem::take(&mut self.workspace.follow_stack);
            placed.for_each_member(|slot| self.follow_subtree(slot, placed, &mut stack));
            self.workspace.follow_stack = stack;
        }
        placed.for_each_member(|slot| self.take_offset(slot as usize));
    }

    /// [`follow_placed`](World::follow_placed) for one placed slot: its
    /// subtree, without a bitset.
    // Always inlined, as when `update` was its only caller: the traced
    // `update` calls it too, and a call made the everyday one do more work.
    #[inline(always)]
    pub(super) fn follow_one(&mut self, slot: usize) {
        if !self.attachments.any() {
            return;
        }
        let mut stack = std::mem::take(&mut self.workspace.follow_stack);
        self.follow_subtree(slot as u32, &BitSet::default(), &mut stack);
        self.workspace.follow_stack = stack;
        self.take_offset(slot);
    }

    /// Moves the descendants of placed slot `slot` after it, depth first,
    /// leaving out placed descendants and theirs (their own walk does them).
    fn follow_subtree(&mut self, slot: u32, placed: &BitSet, stack: &mut Vec<u32>) {
        // Lent out for the walk, so each step can move a box (the World's
        // arrays) while the walk reads the children lists (the forest's).
        let forest = std::mem::take(&mut self.attachments.forest);
        forest.walk_descendants(slot, stack, |child| {
            if placed.contains(child) {
                return false;
            }
            self.carry_to_parent(child as usize, forest.parent(child) as usize);
            true
        });
        self.attachments.forest = forest;
    }

    /// The same as walking each placed slot's subtree, in one forward pass
    /// over the parents-first queue: a slot follows when its parent was
    /// placed or followed.
    fn follow_in_queue_order(&mut self, placed: &BitSet) {
        let mut moved = std::mem::take(&mut self.workspace.follow_moved);
        moved.copy_from(placed);
        moved.grow(self.objects.slot_ids.len());
        let forest = std::mem::take(&mut self.attachments.forest);
        for c in forest.iter_slots() {
            let p = forest.parent(c);
            if p == NULL_INDEX || placed.contains(c) || !moved.contains(p) {
                continue;
            }
            moved.insert(c);
            self.carry_to_parent(c as usize, p as usize);
        }
        self.attachments.forest = forest;
        self.workspace.follow_moved = moved;
    }

    /// Puts attached slot `c` at its parent `p`'s box plus its offset, and
    /// files the move if it moved.
    fn carry_to_parent(&mut self, c: usize, p: usize) {
        let offsets = &self.attachments.offsets;
        let x = finite_or_saturated(self.objects.boxes[p * 4] + offsets[c * 2]);
        let y = finite_or_saturated(self.objects.boxes[p * 4 + 1] + offsets[c * 2 + 1]);
        if x != self.objects.boxes[c * 4] || y != self.objects.boxes[c * 4 + 1] {
            self.slot_order.note_move(self.objects.boxes[c * 4], self.objects.boxes[c * 4 + 1], x, y);
            self.objects.boxes[c * 4] = x;
            self.objects.boxes[c * 4 + 1] = y;
            self.pairs.changed.mark(c as u32, &self.objects.slot_ids);
            let aabb = Aabb::from_xywh(x, y, self.objects.boxes[c * 4 + 2], self.objects.boxes[c * 4 + 3]);
            self.structure.as_broad_phase().update(c as u32, aabb);
        }
    }

    /// An attached slot's offset, from its box and its parent's (final)
    /// one: the box stays what was asked; the offset is derived from it.
    fn take_offset(&mut self, slot: usize) {
        let parent = self.attachments.forest.parent(slot as u32);
        if parent != NULL_INDEX {
            let p = parent as usize;
            let offsets = &mut self.attachments.offsets;
            offsets[slot * 2] = finite_or_saturated(self.objects.boxes[slot * 4] - self.objects.boxes[p * 4]);
            offsets[slot * 2 + 1] =
                finite_or_saturated(self.objects.boxes[slot * 4 + 1] - self.objects.boxes[p * 4 + 1]);
        }
    }
}

/// Boxes must stay finite: a sum of finite coordinates near ±1.8e308 can
/// overflow, so it saturates at the largest finite value instead.
pub(super) fn finite_or_saturated(value: f64) -> f64 {
    value.clamp(f64::MIN, f64::MAX)
}
