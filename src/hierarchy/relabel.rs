//! Renaming the slots: when the World renumbers its object slots in space
//! order, its forest follows. The queue keeps its order; only the names of
//! the slots in it change.

use crate::broad_phase::relabel_records;
use crate::index::NULL_INDEX;

use super::forest::Forest;

impl Forest {
    /// Renames every slot `s` holding an object to `new_of_old[s]`, which
    /// maps them one-to-one onto `0..len` (`old_of_new` is the same renaming
    /// the other way, see [`crate::broad_phase::BroadPhase::relabel`]).
    /// Slots holding no object are dropped. Allocates nothing once its
    /// spare arrays have grown.
    pub(crate) fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        let count = old_of_new.len();
        if self.implicit || self.become_implicit() {
            return; // nothing stored by slot
        }
        if self.attached == 0 {
            // Nothing has a parent: every parent and link is empty, in any
            // order, so the records are cut to length rather than moved
            // (their marks may be stale: a mark only counts when it equals
            // the stamp of the pass under way). Every slot `0..count` holds
            // an object, so one pass over the queue gives each its position.
            self.nodes.truncate(count);
            self.links.truncate(count);
            for (pos, slot) in self.queue.iter_mut().enumerate() {
                if *slot != NULL_INDEX {
                    *slot = new_of_old[*slot as usize];
                    self.nodes[*slot as usize].pos = pos as u32;
                }
            }
            return;
        }
        let rename = |slot: &mut u32| {
            if *slot != NULL_INDEX {
                *slot = new_of_old[*slot as usize];
            }
        };
        relabel_records(&mut self.nodes, &mut self.scratch.nodes, old_of_new);
        for node in &mut self.nodes {
            rename(&mut node.parent);
        }
        relabel_records(&mut self.links, &mut self.scratch.links, old_of_new);
        for links in &mut self.links {
            rename(&mut links.first_child);
            rename(&mut links.next_sibling);
            rename(&mut links.prev_sibling);
        }
        self.queue.iter_mut().for_each(rename);
    }
}
