//! The `Hierarchy` type: flat slot storage, the parents-first queue, and the
//! read-only queries. The operations that change it live in their own files.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};

use super::reference::TopoSort;
use super::repair::RepairTrace;

/// "No slot": the parent of an object under the root, and the end of a
/// child list.
pub(super) const NONE: u32 = u32::MAX;

/// A queue entry whose object was removed (a tombstone). Removing an object
/// only marks its entries, so a removal never shifts the queue; the entries
/// are squeezed out later, all at once (see [`Hierarchy::compact`]).
pub(super) const DEAD: u32 = u32::MAX;

/// One object's slot. Kept as one 16-byte record rather than four arrays
/// because the repair and removal passes read `parent` and write `pos` of
/// the same slot, then read `mark` of the parent: two cache lines per step
/// instead of four.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The object's id; 0 while the slot is on the free list.
    pub(super) id: u32,
    /// Slot of the parent, or [`NONE`] under the root. A slot, not an id, so
    /// the hot passes never touch the id map.
    pub(super) parent: u32,
    /// Index in the queue.
    pub(super) pos: u32,
    /// Equal to `Hierarchy::stamp` while the slot belongs to the subtree the
    /// current pass is carrying or deleting; a counter instead of a flag so
    /// no pass has to clear what the previous one marked.
    pub(super) mark: u32,
}

/// One object's children, as an intrusive doubly linked list through the
/// sibling fields: what removal walks to find a subtree in O(subtree), and
/// what re-parenting updates in O(1). Apart from [`Node`] because only
/// removal and re-parenting read it, never the repair walk.
#[derive(Clone, Copy, Debug)]
pub(super) struct Links {
    /// The first child's slot, or [`NONE`].
    pub(super) first_child: u32,
    /// The next child of the same parent, or [`NONE`].
    pub(super) next_sibling: u32,
    /// The previous child of the same parent, or [`NONE`] for the first.
    pub(super) prev_sibling: u32,
}

impl Links {
    pub(super) const EMPTY: Links = Links { first_child: NONE, next_sibling: NONE, prev_sibling: NONE };
}

/// The objects of a scene hierarchy, kept in a queue in which every parent
/// comes before its children (the flat scene hierarchy), so that world transforms can be
/// computed in one forward pass over [`Hierarchy::order`].
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
/// Storage: an id → slot map plus dense slots reused through a free list.
/// The World never reuses ids, so a `Vec` indexed by id would grow with
/// every id ever issued; slots grow only with the most objects ever live at
/// once.
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
    pub(super) nodes: Vec<Node>,
    /// Per slot, its place in its parent's children list and its own.
    pub(super) links: Vec<Links>,
    pub(super) free_slots: Vec<u32>,
    pub(super) id_to_slot: FxHashMap<u32, u32>,
    /// The queue as ids: what callers read. A dead entry holds 0.
    pub(super) order: Vec<u32>,
    /// The same queue as slots: what the passes walk, so they never hash.
    /// A dead entry holds [`DEAD`].
    pub(super) queue: Vec<u32>,
    /// Number of dead entries in the queue; never more than half of it once
    /// a removal returns, and never the last entry.
    pub(super) dead: usize,
    pub(super) stamp: u32,
    /// The seed's temporary queue T, kept between calls so a warm repair
    /// allocates nothing.
    pub(super) temp: Vec<u32>,
    pub(super) tracing: bool,
    pub(super) trace: RepairTrace,
    /// Whether `trace` describes the latest call.
    pub(super) trace_valid: bool,
    /// Scratch of `set_parents`: per event (child slot, new parent slot,
    /// old parent slot), the re-sort, and its output.
    pub(super) batch: Vec<(u32, u32, u32)>,
    pub(super) sorter: TopoSort,
    pub(super) sorted: Vec<u32>,
}

impl Hierarchy {
    #[must_use]
    /// An empty hierarchy.
    pub fn new() -> Hierarchy {
        Hierarchy::default()
    }

    /// Every live id exactly once, each parent before its children. Takes
    /// `&mut self` because it first squeezes out the entries of objects
    /// removed since the last call (O(queue) once, nothing when none were
    /// removed); [`Hierarchy::iter_order`] reads the same sequence without
    /// changing anything.
    pub fn order(&mut self) -> &[u32] {
        self.compact();
        &self.order
    }

    /// The ids of [`Hierarchy::order`], skipping dead entries in place.
    pub fn iter_order(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().copied().filter(|&id| id != 0)
    }

    /// Number of live objects.
    #[must_use]
    pub fn len(&self) -> usize {
        self.queue.len() - self.dead
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
        Ok(self.id_of_parent(slot))
    }

    /// Where a live object sits in the queue: positions increase from every
    /// parent to its children. It is the object's index in
    /// [`Hierarchy::order`] as returned by that call; objects removed since
    /// then may still hold positions before it until the queue is compacted.
    pub fn position_of(&self, id: u32) -> Result<u32> {
        let slot = self.slot_of("id", id)?;
        Ok(self.nodes[slot as usize].pos)
    }

    /// Number of ancestors of a live object (0 under the root). The walk is
    /// bounded by `len` steps, so it ends even on a corrupted hierarchy.
    pub fn depth_of(&self, id: u32) -> Result<u32> {
        let mut slot = self.slot_of("id", id)?;
        let mut depth = 0u32;
        loop {
            let parent = self.nodes[slot as usize].parent;
            if parent == NONE || depth as usize >= self.len() {
                return Ok(depth);
            }
            depth += 1;
            slot = parent;
        }
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
        stack.clear();
        stack.push(self.links[slot as usize].first_child);
        while let Some(child) = stack.pop() {
            if child == NONE {
                continue;
            }
            // The sibling waits; the child's own children go first.
            stack.push(self.links[child as usize].next_sibling);
            if visit(self.nodes[child as usize].id) {
                stack.push(self.links[child as usize].first_child);
            }
        }
        Ok(())
    }

    /// Turns on or off the recording of each repair for step-through
    /// display. Off by default: the record copies the repaired segment.
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
        if !on {
            self.trace_valid = false;
        }
    }

    /// The repair done by the latest call to a changing method (`add`,
    /// `set_parent`, `apply_event`, `remove`), if tracing is on and that call
    /// repaired the queue; `None` otherwise, refused calls included, so a
    /// page never animates a stale repair.
    #[must_use]
    pub fn last_repair(&self) -> Option<&RepairTrace> {
        self.trace_valid.then_some(&self.trace)
    }

    // Lazily: an eager error is built and dropped on every call (see
    // `World::slot_of`).
    #[allow(clippy::unnecessary_lazy_evaluations)]
    pub(super) fn slot_of(&self, arg: &'static str, id: u32) -> Result<u32> {
        self.id_to_slot.get(&id).copied().ok_or_else(|| Error::DeadId { arg, id })
    }

    /// The slot of a parent argument: [`NONE`] for the root, else a live slot.
    pub(super) fn parent_slot_of(&self, parent: u32) -> Result<u32> {
        if parent == 0 {
            Ok(NONE)
        } else {
            self.slot_of("parent", parent)
        }
    }

    pub(super) fn id_of_parent(&self, slot: u32) -> u32 {
        match self.nodes[slot as usize].parent {
            NONE => 0,
            parent => self.nodes[parent as usize].id,
        }
    }

    /// Takes a slot for a new object and appends it to the queue. The caller
    /// has checked that the parent is live and sits earlier (or is the root).
    pub(super) fn append(&mut self, id: u32, parent: u32) -> u32 {
        let node = Node { id, parent: NONE, pos: self.queue.len() as u32, mark: 0 };
        let slot = match self.free_slots.pop() {
            Some(slot) => {
                self.nodes[slot as usize] = node;
                self.links[slot as usize] = Links::EMPTY;
                slot
            }
            None => {
                self.nodes.push(node);
                self.links.push(Links::EMPTY);
                (self.nodes.len() - 1) as u32
            }
        };
        self.set_link(slot, parent);
        self.id_to_slot.insert(id, slot);
        self.queue.push(slot);
        self.order.push(id);
        slot
    }

    /// Gives a slot back to the free list. Its queue entry, and its place in
    /// its parent's children list, are the caller's job.
    pub(super) fn release(&mut self, slot: u32) {
        let node = &mut self.nodes[slot as usize];
        self.id_to_slot.remove(&node.id);
        node.id = 0;
        node.parent = NONE;
        self.links[slot as usize] = Links::EMPTY;
        self.free_slots.push(slot);
    }

    /// Makes slot `parent` (or [`NONE`]) the parent of slot `child`, moving
    /// it between children lists: O(1). The queue is the caller's job.
    pub(super) fn set_link(&mut self, child: u32, parent: u32) {
        self.unlink(child);
        self.nodes[child as usize].parent = parent;
        if parent == NONE {
            return;
        }
        let next = self.links[parent as usize].first_child;
        let links = &mut self.links[child as usize];
        links.next_sibling = next;
        links.prev_sibling = NONE;
        if next != NONE {
            self.links[next as usize].prev_sibling = child;
        }
        self.links[parent as usize].first_child = child;
    }

    /// Takes slot `child` out of its parent's children list (its parent
    /// field is left as it is).
    pub(super) fn unlink(&mut self, child: u32) {
        let parent = self.nodes[child as usize].parent;
        if parent == NONE {
            return;
        }
        let Links { next_sibling: next, prev_sibling: prev, .. } = self.links[child as usize];
        if prev == NONE {
            self.links[parent as usize].first_child = next;
        } else {
            self.links[prev as usize].next_sibling = next;
        }
        if next != NONE {
            self.links[next as usize].prev_sibling = prev;
        }
        let links = &mut self.links[child as usize];
        links.next_sibling = NONE;
        links.prev_sibling = NONE;
    }

    /// Squeezes the dead entries out of the queue in one forward pass; the
    /// live ones keep their relative order. O(queue), nothing when no entry
    /// is dead.
    pub(super) fn compact(&mut self) {
        if self.dead == 0 {
            return;
        }
        let mut write = 0;
        for read in 0..self.queue.len() {
            let slot = self.queue[read];
            if slot != DEAD {
                self.place(slot, write);
                write += 1;
            }
        }
        self.queue.truncate(write);
        self.order.truncate(write);
        self.dead = 0;
    }

    /// Drops the dead entries at the end of the queue: they hold nothing up,
    /// so removing objects newest first never needs a compaction.
    pub(super) fn trim_dead_tail(&mut self) {
        while self.queue.last() == Some(&DEAD) {
            self.queue.pop();
            self.order.pop();
            self.dead -= 1;
        }
    }

    /// Marks queue position `pos` dead.
    #[inline]
    pub(super) fn bury(&mut self, pos: usize) {
        self.queue[pos] = DEAD;
        self.order[pos] = 0;
    }

    /// A stamp no slot carries yet. On wrap-around every mark is cleared
    /// once, so an old mark can never be mistaken for the new stamp.
    pub(super) fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            for node in &mut self.nodes {
                node.mark = 0;
            }
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Writes `slot` at queue position `pos`, keeping the three views in step.
    #[inline]
    pub(super) fn place(&mut self, slot: u32, pos: usize) {
        let node = &mut self.nodes[slot as usize];
        node.pos = pos as u32;
        self.queue[pos] = slot;
        self.order[pos] = node.id;
    }
}
