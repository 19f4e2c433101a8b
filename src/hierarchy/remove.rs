//! Deleting an object together with all its descendants (the seed's null
//! parent) in O(subtree): the children lists find the descendants, and their
//! queue entries are marked dead rather than shifted out.

use crate::error::Result;

use super::store::{Hierarchy, NONE};

impl Hierarchy {
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
        self.trace_valid = false;
        let slot = self.slot_of(arg, id)?;
        removed.clear();
        // The subtree, breadth first through the children lists, into the
        // kept scratch queue (no allocation once warm).
        let mut doomed = std::mem::take(&mut self.temp);
        doomed.clear();
        doomed.push(slot);
        let mut next = 0;
        while next < doomed.len() {
            let mut child = self.links[doomed[next] as usize].first_child;
            while child != NONE {
                doomed.push(child);
                child = self.links[child as usize].next_sibling;
            }
            next += 1;
        }
        if doomed.len() > 1 {
            // Callers get them in queue order; a leaf needs no sort.
            let nodes = &self.nodes;
            doomed.sort_unstable_by_key(|&s| nodes[s as usize].pos);
        }
        self.unlink(slot);
        for &gone in &doomed {
            let node = self.nodes[gone as usize];
            removed.push(node.id);
            self.bury(node.pos as usize);
            self.release(gone);
        }
        self.dead += doomed.len();
        self.temp = doomed;
        // Dead entries at the end are simply dropped (newest-first teardown
        // never compacts); past half the queue, one pass squeezes the rest.
        self.trim_dead_tail();
        if self.dead * 2 > self.queue.len() {
            self.compact();
        }
        Ok(())
    }
}
