//! The `Hierarchy` type: flat slot storage, the parents-first queue, and the
//! read-only queries. The operations that change it live in their own files.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};

use super::reference::TopoSort;
use super::repair::RepairTrace;

/// "No slot": the parent of an object under the root.
pub(super) const NONE: u32 = u32::MAX;

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

/// The objects of a scene hierarchy, kept in a queue in which every parent
/// comes before its children (the flat scene hierarchy), so that world transforms can be
/// computed in one forward pass over [`Hierarchy::order`].
///
/// Objects store only their parent; there are no child lists. Ids are
/// `u32 >= 1` chosen by the caller; `0` names the root.
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
    pub(super) free_slots: Vec<u32>,
    pub(super) id_to_slot: FxHashMap<u32, u32>,
    /// The queue as ids: what callers read.
    pub(super) order: Vec<u32>,
    /// The same queue as slots: what the passes walk, so they never hash.
    pub(super) queue: Vec<u32>,
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

    /// Every live id exactly once, each parent before its children.
    #[must_use]
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// Number of live objects.
    #[must_use]
    pub fn len(&self) -> usize {
        self.order.len()
    }

    #[must_use]
    /// Whether it holds no object.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
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

    /// Where a live object sits in [`Hierarchy::order`].
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

    pub(super) fn slot_of(&self, arg: &'static str, id: u32) -> Result<u32> {
        self.id_to_slot.get(&id).copied().ok_or(Error::DeadId { arg, id })
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
        let node = Node { id, parent, pos: self.queue.len() as u32, mark: 0 };
        let slot = match self.free_slots.pop() {
            Some(slot) => {
                self.nodes[slot as usize] = node;
                slot
            }
            None => {
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        };
        self.id_to_slot.insert(id, slot);
        self.queue.push(slot);
        self.order.push(id);
        slot
    }

    /// Gives a slot back to the free list; the queue is the caller's job.
    pub(super) fn release(&mut self, slot: u32) {
        let node = &mut self.nodes[slot as usize];
        self.id_to_slot.remove(&node.id);
        node.id = 0;
        node.parent = NONE;
        self.free_slots.push(slot);
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
