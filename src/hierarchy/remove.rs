//! Deleting an object together with all its descendants in O(subtree): the
//! children lists find the descendants, and their queue entries are marked
//! dead rather than shifted out.

use crate::index::NULL_INDEX;

use super::forest::{Forest, Links, Node};

impl Forest {
    /// Deletes the object in `slot` and all its descendants; their slots
    /// are written to `removed` (cleared first) in queue order, `slot`
    /// first. The slots hold no object afterwards.
    ///
    /// Costs O(s log s) for an object with s - 1 descendants (O(1) for a
    /// leaf), plus an occasional compaction of the queue, O(queue), when
    /// dead entries reach half of it: O(1) amortised per removed object.
    // Inlined, as when `World::remove` was its only caller in the wasm (the
    // traced remove calls it too).
    #[inline(always)]
    pub(crate) fn remove(&mut self, slot: u32, removed: &mut Vec<u32>) {
        self.trace_valid = false;
        // The subtree, breadth first through the children lists.
        removed.clear();
        removed.push(slot);
        if self.implicit {
            return; // no children, no queue entry to bury
        }
        let mut next = 0;
        while next < removed.len() {
            let mut child = self.links[removed[next] as usize].first_child;
            while child != NULL_INDEX {
                removed.push(child);
                child = self.links[child as usize].next_sibling;
            }
            next += 1;
        }
        if removed.len() > 1 {
            // Callers get them in queue order; a leaf needs no sort.
            let nodes = &self.nodes;
            crate::small_sort::sort_by_key(removed, |&s| nodes[s as usize].pos);
        }
        self.unlink(slot);
        // Every other one hangs from a parent inside the subtree.
        self.attached -= removed.len() - 1;
        for &gone in removed.iter() {
            self.bury(self.nodes[gone as usize].pos as usize);
            self.nodes[gone as usize] = Node::FREE;
            self.links[gone as usize] = Links::EMPTY;
        }
        self.dead += removed.len();
        // Dead entries at the end are simply dropped (newest-first teardown
        // never compacts); past half the queue, one pass squeezes the rest.
        self.trim_dead_tail();
        if self.dead * 2 > self.queue.len() {
            self.compact();
        }
    }
}
