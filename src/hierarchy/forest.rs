//! [`Forest`]: the hierarchy over slots its owner hands out (the World's
//! object slots, or the standalone [`Hierarchy`](super::Hierarchy)'s), with
//! the parent links, the children lists, the parents-first queue and the
//! reads. The operations that change it live in their own files.

use crate::index::NULL_INDEX;

use super::reference::TopoSort;
use super::trace::RepairTrace;

/// One slot's place in the forest. Kept as one record rather than three
/// arrays because the repair and removal passes read `parent` and write
/// `pos` of the same slot, then read `mark` of the parent: two cache lines
/// per step instead of four. Aligned to 16 bytes so that no record
/// straddles two cache lines: the walks up the parent links (the cycle
/// test) chase one record per step, and a record split across two lines
/// costs that walk a second load.
#[derive(Clone, Copy, Debug)]
#[repr(align(16))]
pub(super) struct Node {
    /// Slot of the parent, or [`NULL_INDEX`] under the root.
    pub(super) parent: u32,
    /// Index in the queue, or [`NULL_INDEX`] when the slot holds no object.
    pub(super) pos: u32,
    /// Equal to `Forest::stamp` while the slot belongs to the subtree the
    /// current pass is carrying or deleting; a counter instead of a flag so
    /// no pass has to clear what the previous one marked.
    pub(super) mark: u32,
}

impl Node {
    /// A slot that holds no object.
    pub(super) const FREE: Node = Node { parent: NULL_INDEX, pos: NULL_INDEX, mark: 0 };
}

/// One slot's children, as an intrusive doubly linked list through the
/// sibling fields: what removal walks to find a subtree in O(subtree), and
/// what re-parenting updates in O(1). Apart from [`Node`] because only
/// removal and re-parenting read it, never the repair walk.
#[derive(Clone, Copy, Debug)]
pub(super) struct Links {
    /// The first child's slot, or [`NULL_INDEX`].
    pub(super) first_child: u32,
    /// The next child of the same parent, or [`NULL_INDEX`].
    pub(super) next_sibling: u32,
    /// The previous child of the same parent, or [`NULL_INDEX`] for the first.
    pub(super) prev_sibling: u32,
}

impl Links {
    pub(super) const EMPTY: Links =
        Links { first_child: NULL_INDEX, next_sibling: NULL_INDEX, prev_sibling: NULL_INDEX };
}

/// A scene hierarchy over slots `0..n` chosen by its owner, kept in a queue
/// in which every parent comes before its children, so world transforms
/// can be computed in one forward pass. The owner keeps the ids: calls that
/// report ids (the queue as ids, a cycle refused, a repair traced) take
/// `ids`, the owner's slot → id table.
///
/// Removal is O(subtree): the children lists find the descendants, and
/// their queue entries are marked dead ([`NULL_INDEX`]) instead of shifting
/// the queue. Dead entries are skipped by every walk and squeezed out when
/// they reach half the queue (so a removal costs O(1) amortised), when
/// [`Forest::order`] is read, and before a traced repair.
#[derive(Clone, Debug, Default)]
pub(crate) struct Forest {
    pub(super) nodes: Vec<Node>,
    /// Per slot, its place in its parent's children list and its own.
    pub(super) links: Vec<Links>,
    /// The queue, as slots; a dead entry holds [`NULL_INDEX`].
    pub(super) queue: Vec<u32>,
    /// Number of dead entries in the queue; never more than half of it once
    /// a removal returns, and never the last entry.
    pub(super) dead: usize,
    /// Objects with a parent.
    pub(super) attached: usize,
    pub(super) stamp: u32,
    /// The queue as ids, rebuilt by [`Forest::order`] after a change.
    pub(super) order: Vec<u32>,
    pub(super) order_is_current: bool,
    /// Whether the queue stands for ids in ascending order: no repair or
    /// re-sort has moved an entry since it last did (see `implicit.rs`).
    pub(super) in_id_order: bool,
    /// Whether the queue is implicit: nothing is attached, the queue is the
    /// owner's objects in ascending id order, and `nodes`, `links` and
    /// `queue` are empty (see `implicit.rs`).
    pub(super) implicit: bool,
    /// Whether the owner asked for an implicit queue (see `implicit.rs`).
    pub(super) may_be_implicit: bool,
    pub(super) tracing: bool,
    pub(super) trace: RepairTrace,
    /// Whether `trace` describes the latest change.
    pub(super) trace_valid: bool,
    pub(super) scratch: Scratch,
}

/// Buffers the changing passes reuse, so a warm call allocates nothing.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// The repair's temporary queue T; removal's list of doomed slots.
    pub(super) temp: Vec<u32>,
    /// A traced repair's segment, as slots.
    pub(super) segment: Vec<u32>,
    /// `set_parents`: per event (child slot, new parent slot, old parent
    /// slot), the re-sort, and its output.
    pub(super) batch: Vec<(u32, u32, u32)>,
    pub(super) sorter: TopoSort,
    pub(super) sorted: Vec<u32>,
    /// The spare arrays a relabelling swaps in.
    pub(super) nodes: Vec<Node>,
    pub(super) links: Vec<Links>,
}

impl Forest {
    /// Number of objects.
    pub(crate) fn len(&self) -> usize {
        self.queue.len() - self.dead
    }

    /// Number of objects with a parent: when 0, nothing follows anything.
    pub(crate) fn attached(&self) -> usize {
        self.attached
    }

    /// The parent slot of the object in `slot`, or [`NULL_INDEX`] under the
    /// root.
    #[inline]
    pub(crate) fn parent(&self, slot: u32) -> u32 {
        // No record: an implicit queue, where everything is a root.
        self.nodes.get(slot as usize).map_or(NULL_INDEX, |node| node.parent)
    }

    /// Where the object in `slot` sits in the queue.
    pub(crate) fn position(&self, slot: u32) -> u32 {
        self.nodes[slot as usize].pos
    }

    /// Number of ancestors of the object in `slot`. Bounded by `len` steps,
    /// so it ends even on corrupted links.
    pub(crate) fn depth(&self, mut slot: u32) -> u32 {
        let mut depth = 0u32;
        loop {
            let parent = self.nodes[slot as usize].parent;
            if parent == NULL_INDEX || depth as usize >= self.len() {
                return depth;
            }
            depth += 1;
            slot = parent;
        }
    }

    /// Every object's id exactly once, each parent before its children.
    /// Squeezes out the entries of objects removed since the last call and
    /// writes the ids afresh when the queue changed (O(queue) once, nothing
    /// otherwise).
    pub(crate) fn order(&mut self, ids: &[u32]) -> &[u32] {
        debug_assert!(!self.implicit, "the owner makes an implicit queue explicit first");
        self.compact();
        if !self.order_is_current {
            self.order.clear();
            self.order.extend(self.queue.iter().map(|&slot| ids[slot as usize]));
            self.order_is_current = true;
        }
        &self.order
    }

    /// The slots of the queue in order, skipping dead entries in place.
    pub(crate) fn iter_slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.queue.iter().copied().filter(|&slot| slot != NULL_INDEX)
    }

    /// Calls `visit` with each descendant slot of `slot`, every parent
    /// before its children (depth first, through the children lists);
    /// where `visit` returns false the walk does not enter that child's own
    /// descendants. O(what is visited); `stack` is scratch.
    pub(crate) fn walk_descendants(
        &self,
        slot: u32,
        stack: &mut Vec<u32>,
        mut visit: impl FnMut(u32) -> bool,
    ) {
        stack.clear();
        // No record: an implicit queue, where nothing has children.
        stack.push(self.links.get(slot as usize).map_or(NULL_INDEX, |links| links.first_child));
        while let Some(child) = stack.pop() {
            if child == NULL_INDEX {
                continue;
            }
            // The sibling waits; the child's own children go first.
            stack.push(self.links[child as usize].next_sibling);
            if visit(child) {
                stack.push(self.links[child as usize].first_child);
            }
        }
    }

    /// Forgets the last repair: a change is under way (or was refused).
    pub(crate) fn invalidate_trace(&mut self) {
        self.trace_valid = false;
    }

    /// Turns on or off the recording of each repair for step-through
    /// display. Off by default: the record copies the repaired segment.
    pub(crate) fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
        if !on {
            self.trace_valid = false;
        }
    }

    /// The repair done by the latest change, if tracing is on and that
    /// change repaired the queue; `None` otherwise, refused calls included,
    /// so a page never animates a stale repair.
    pub(crate) fn last_repair(&self) -> Option<&RepairTrace> {
        self.trace_valid.then_some(&self.trace)
    }

    /// Room for `more` slots beyond the first `slots`, reserved before a
    /// bulk insert.
    pub(crate) fn try_reserve(
        &mut self,
        slots: usize,
        more: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        if self.implicit {
            return Ok(());
        }
        let want = slots.saturating_add(more);
        crate::fallible::try_reserve_total(&mut self.nodes, want)?;
        crate::fallible::try_reserve_total(&mut self.links, want)?;
        crate::fallible::try_reserve(&mut self.queue, more)
    }

    /// Puts the object in `slot` (which holds none) under `parent` (a slot
    /// holding an object, or [`NULL_INDEX`]), at the end of the queue: its
    /// parent is already ahead of it.
    pub(crate) fn insert(&mut self, slot: u32, parent: u32) {
        self.trace_valid = false;
        if self.implicit && parent == NULL_INDEX {
            return; // a new root at the end of the id order
        }
        debug_assert!(!self.implicit, "the owner makes an implicit queue explicit first");
        let s = slot as usize;
        if self.nodes.len() <= s {
            self.nodes.resize(s + 1, Node::FREE);
            self.links.resize(s + 1, Links::EMPTY);
        }
        debug_assert_eq!(self.nodes[s].pos, NULL_INDEX, "slot {slot} already holds an object");
        self.nodes[s] = Node { parent: NULL_INDEX, pos: self.queue.len() as u32, mark: 0 };
        self.links[s] = Links::EMPTY;
        self.set_link(slot, parent);
        self.queue.push(slot);
        self.order_is_current = false;
    }

    /// Makes slot `parent` (or [`NULL_INDEX`]) the parent of slot `child`,
    /// moving it between children lists: O(1). The queue is the caller's job.
    pub(super) fn set_link(&mut self, child: u32, parent: u32) {
        self.unlink(child);
        self.nodes[child as usize].parent = parent;
        if parent == NULL_INDEX {
            return;
        }
        self.attached += 1;
        let next = self.links[parent as usize].first_child;
        let links = &mut self.links[child as usize];
        links.next_sibling = next;
        links.prev_sibling = NULL_INDEX;
        if next != NULL_INDEX {
            self.links[next as usize].prev_sibling = child;
        }
        self.links[parent as usize].first_child = child;
    }

    /// Takes slot `child` out of its parent's children list (its parent
    /// field is left as it is).
    pub(super) fn unlink(&mut self, child: u32) {
        let parent = self.nodes[child as usize].parent;
        if parent == NULL_INDEX {
            return;
        }
        self.attached -= 1;
        let Links { next_sibling: next, prev_sibling: prev, .. } = self.links[child as usize];
        if prev == NULL_INDEX {
            self.links[parent as usize].first_child = next;
        } else {
            self.links[prev as usize].next_sibling = next;
        }
        if next != NULL_INDEX {
            self.links[next as usize].prev_sibling = prev;
        }
        let links = &mut self.links[child as usize];
        links.next_sibling = NULL_INDEX;
        links.prev_sibling = NULL_INDEX;
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
            if slot != NULL_INDEX {
                self.place(slot, write);
                write += 1;
            }
        }
        self.queue.truncate(write);
        self.dead = 0;
    }

    /// Drops the dead entries at the end of the queue: they hold nothing up,
    /// so removing objects newest first never needs a compaction.
    pub(super) fn trim_dead_tail(&mut self) {
        while self.queue.last() == Some(&NULL_INDEX) {
            self.queue.pop();
            self.dead -= 1;
        }
    }

    /// Marks queue position `pos` dead.
    #[inline]
    pub(super) fn bury(&mut self, pos: usize) {
        self.queue[pos] = NULL_INDEX;
        self.order_is_current = false;
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

    /// Writes `slot` at queue position `pos`, keeping both views in step.
    #[inline]
    pub(super) fn place(&mut self, slot: u32, pos: usize) {
        self.nodes[slot as usize].pos = pos as u32;
        self.queue[pos] = slot;
        self.order_is_current = false;
    }
}
