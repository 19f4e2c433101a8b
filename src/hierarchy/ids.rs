//! [`Hierarchy`]: a [`Forest`] of objects named by ids the caller chooses,
//! with its own slots, for using the hierarchy without a World (the World
//! keys its forest by its object slots and has its own id → slot map).

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::index::NULL_INDEX;

use super::batch::BatchStrategy;
use super::forest::Forest;
use super::trace::RepairTrace;

/// The objects of a scene hierarchy, kept in a queue in which every parent
/// comes before its children, so that world transforms can be computed in
/// one forward pass over [`Hierarchy::order`].
///
/// Objects store their parent and an intrusive list of their children (flat
/// arrays of slots, no per-node allocation). Ids are `u32 >= 1` chosen by
/// the caller; `0` names the root.
///
/// Removal is O(subtree): the children lists find the descendants, and
/// their queue entries are marked dead instead of shifting the queue. Dead
/// entries are skipped by every walk and squeezed out when they reach half
/// the queue (so a removal costs O(1) amortised), when [`Hierarchy::order`]
/// is read, and before a traced repair.
///
/// # Example
/// ```
/// use broadphase::hierarchy::Hierarchy;
/// let mut h = Hierarchy::new();
/// h.add(1, 0).unwrap();
/// h.add(2, 0).unwrap();
/// h.add(3, 1).unwrap();
/// assert_eq!(h.order(), &[1, 2, 3]);
/// // Re-parenting 1 under 2, which sits later, carries 1 and its child 3
/// // to just after 2.
/// h.set_parent(1, 2).unwrap();
/// assert_eq!(h.order(), &[2, 1, 3]);
/// assert!(h.set_parent(2, 3).is_err()); // 3 is below 2: a cycle
/// let mut removed = Vec::new();
/// h.remove(1, &mut removed).unwrap();
/// assert_eq!(removed, &[1, 3]);
/// assert_eq!(h.order(), &[2]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Hierarchy {
    pub(super) forest: Forest,
    /// Per slot, its object's id; 0 while the slot is free.
    pub(super) slot_ids: Vec<u32>,
    pub(super) free_slots: Vec<u32>,
    /// Id → slot. A map, not a table indexed by id like the World's: the
    /// caller picks any id up to `u32::MAX`, so a table could need 16 GB.
    pub(super) id_to_slot: FxHashMap<u32, u32>,
    /// Scratch of `remove`: the removed slots.
    removed_slots: Vec<u32>,
}

impl Hierarchy {
    #[must_use]
    /// An empty hierarchy.
    pub fn new() -> Hierarchy {
        Hierarchy::default()
    }

    /// Every live id exactly once, each parent before its children. Takes
    /// `&mut self` because it first squeezes out the entries of objects
    /// removed since the last call and writes the ids afresh after a change
    /// (O(queue) once, nothing when nothing changed);
    /// [`Hierarchy::iter_order`] reads the same sequence without changing
    /// anything.
    pub fn order(&mut self) -> &[u32] {
        self.forest.order(&self.slot_ids)
    }

    /// The ids of [`Hierarchy::order`], skipping dead entries in place.
    pub fn iter_order(&self) -> impl Iterator<Item = u32> + '_ {
        self.forest.iter_slots().map(|slot| self.slot_ids[slot as usize])
    }

    /// Number of live objects.
    #[must_use]
    pub fn len(&self) -> usize {
        self.forest.len()
    }

    #[must_use]
    /// Whether it holds no object.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `id` is a live object (the root, 0, is not an object).
    #[must_use]
    pub fn contains(&self, id: u32) -> bool {
        self.id_to_slot.contains_key(&id)
    }

    /// The parent of a live object; 0 under the root.
    pub fn parent_of(&self, id: u32) -> Result<u32> {
        let slot = self.slot_of("id", id)?;
        Ok(match self.forest.parent(slot) {
            NULL_INDEX => 0,
            parent => self.slot_ids[parent as usize],
        })
    }

    /// Where a live object sits in the queue: positions increase from every
    /// parent to its children. It is the object's index in
    /// [`Hierarchy::order`] as returned by that call; objects removed since
    /// then may still hold positions before it until the queue is compacted.
    pub fn position_of(&self, id: u32) -> Result<u32> {
        Ok(self.forest.position(self.slot_of("id", id)?))
    }

    /// Number of ancestors of a live object (0 under the root). The walk is
    /// bounded by `len` steps, so it ends even on a corrupted hierarchy.
    pub fn depth_of(&self, id: u32) -> Result<u32> {
        Ok(self.forest.depth(self.slot_of("id", id)?))
    }

    /// Calls `visit` with the id of each descendant of a live object, every
    /// parent before its children (depth first, through the children
    /// lists); where `visit` returns false the walk does not enter that
    /// child's own descendants. O(what is visited); `stack` is scratch.
    pub fn walk_descendants(
        &self,
        id: u32,
        stack: &mut Vec<u32>,
        mut visit: impl FnMut(u32) -> bool,
    ) -> Result<()> {
        let slot = self.slot_of("id", id)?;
        self.forest.walk_descendants(slot, stack, |child| visit(self.slot_ids[child as usize]));
        Ok(())
    }

    /// Turns on or off the recording of each repair for step-through
    /// display. Off by default: the record copies the repaired segment.
    pub fn set_tracing(&mut self, on: bool) {
        self.forest.set_tracing(on);
    }

    /// The repair done by the latest call to a changing method (`add`,
    /// `set_parent`, `apply_event`, `remove`), if tracing is on and that call
    /// repaired the queue; `None` otherwise, refused calls included, so a
    /// page never animates a stale repair.
    #[must_use]
    pub fn last_repair(&self) -> Option<&RepairTrace> {
        self.forest.last_repair()
    }

    /// Gives a live object a new parent; `parent` 0 detaches it to the root.
    ///
    /// If the new parent sits earlier in the queue nothing moves. If it sits
    /// later, only the segment between the two is repaired: the object and
    /// those of its descendants inside the segment are carried to just after
    /// the new parent, everything else keeps its relative order.
    ///
    /// Refused with [`Error::Cycle`], changing nothing, when `parent` is the
    /// object itself or one of its descendants.
    pub fn set_parent(&mut self, child: u32, parent: u32) -> Result<()> {
        self.forest.invalidate_trace();
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = self.parent_slot_of(parent)?;
        self.forest.set_parent(child_slot, parent_slot, &self.slot_ids)
    }

    /// Whether `parent` is `child` or one of its descendants, i.e. whether
    /// `set_parent(child, parent)` would be refused. Both must be live.
    pub fn would_cycle(&self, child: u32, parent: u32) -> Result<bool> {
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = self.parent_slot_of(parent)?;
        Ok(self.forest.would_cycle(child_slot, parent_slot))
    }

    /// Applies `(child, parent)` events in order, as `set_parent` would one
    /// by one (parent 0 detaches). All or nothing: a dead id or an event
    /// that would make a cycle (given the events before it) refuses the
    /// whole batch and changes nothing. The error names the first bad event
    /// in order (`pairs[3]: parent 9 is not a live object id`).
    pub fn set_parents(&mut self, events: &[(u32, u32)]) -> Result<BatchStrategy> {
        let map = &self.id_to_slot;
        let slots = events
            .iter()
            .map(|&(child, parent)| Ok((slot_in(map, "child", child)?, parent_slot_in(map, parent)?)));
        self.forest.set_parents(slots, &self.slot_ids)
    }

    /// Deletes a live object and all its descendants. Their ids are written
    /// to `removed` (cleared first) in queue order, the object first.
    ///
    /// Costs O(s log s) for an object with s - 1 descendants (O(1) for a
    /// leaf), plus an occasional compaction of the queue, O(queue), when
    /// dead entries reach half of it: O(1) amortised per removed object.
    pub fn remove(&mut self, id: u32, removed: &mut Vec<u32>) -> Result<()> {
        self.remove_as("id", id, removed)
    }

    /// [`Hierarchy::remove`] with the argument named as the caller knows it.
    pub(super) fn remove_as(&mut self, arg: &'static str, id: u32, removed: &mut Vec<u32>) -> Result<()> {
        self.forest.invalidate_trace();
        let slot = self.slot_of(arg, id)?;
        let mut slots = std::mem::take(&mut self.removed_slots);
        self.forest.remove(slot, &mut slots);
        removed.clear();
        for &gone in &slots {
            let id = std::mem::take(&mut self.slot_ids[gone as usize]);
            self.id_to_slot.remove(&id);
            self.free_slots.push(gone);
            removed.push(id);
        }
        self.removed_slots = slots;
        Ok(())
    }

    /// Checks the forest's invariants and that the id map, the slots' ids
    /// and the free list agree.
    pub fn validate(&self) -> std::result::Result<(), String> {
        self.forest.validate(&self.slot_ids)?;
        let live = self.slot_ids.iter().filter(|&&id| id != 0).count();
        if live != self.id_to_slot.len() || live + self.free_slots.len() != self.slot_ids.len() {
            return Err(format!(
                "{live} live slots, {} ids mapped, {} free of {} slots",
                self.id_to_slot.len(),
                self.free_slots.len(),
                self.slot_ids.len()
            ));
        }
        for (&id, &slot) in &self.id_to_slot {
            if self.slot_ids.get(slot as usize) != Some(&id) {
                return Err(format!(
                    "id {id} maps to slot {slot}, which holds {:?}",
                    self.slot_ids.get(slot as usize)
                ));
            }
        }
        // With the counts above, distinct free slots holding no id leave no
        // room for a slot that is neither free nor live.
        let mut listed = vec![false; self.slot_ids.len()];
        for &slot in &self.free_slots {
            match self.slot_ids.get(slot as usize) {
                Some(0) if !listed[slot as usize] => listed[slot as usize] = true,
                _ => return Err(format!("free slot {slot} is live, listed twice or out of bounds")),
            }
        }
        Ok(())
    }

    pub(super) fn slot_of(&self, arg: &'static str, id: u32) -> Result<u32> {
        slot_in(&self.id_to_slot, arg, id)
    }

    /// The slot of a parent argument: [`NULL_INDEX`] for the root, else a
    /// live slot.
    pub(super) fn parent_slot_of(&self, parent: u32) -> Result<u32> {
        parent_slot_in(&self.id_to_slot, parent)
    }

    /// Takes a slot for a new object `id` under parent slot `parent` and
    /// appends it to the queue. The caller has checked that `id` is new and
    /// the parent live (or the root).
    pub(super) fn append(&mut self, id: u32, parent: u32) -> u32 {
        let slot = match self.free_slots.pop() {
            Some(slot) => slot,
            None => {
                self.slot_ids.push(0);
                (self.slot_ids.len() - 1) as u32
            }
        };
        self.slot_ids[slot as usize] = id;
        self.id_to_slot.insert(id, slot);
        self.forest.insert(slot, parent);
        slot
    }
}

/// The slot of live `id` in `map`; an error naming `arg` otherwise.
// Lazily: an eager error is built and dropped on every call.
#[allow(clippy::unnecessary_lazy_evaluations)]
fn slot_in(map: &FxHashMap<u32, u32>, arg: &'static str, id: u32) -> Result<u32> {
    map.get(&id).copied().ok_or_else(|| Error::DeadId { arg, id })
}

/// The slot of a parent argument: [`NULL_INDEX`] for the root (0).
fn parent_slot_in(map: &FxHashMap<u32, u32>, parent: u32) -> Result<u32> {
    if parent == 0 {
        Ok(NULL_INDEX)
    } else {
        slot_in(map, "parent", parent)
    }
}
