//! Re-parenting an existing object: argument checks, the bounded cycle test,
//! and the choice between "nothing moves" and the segment repair.

use crate::error::{Error, Result};

use super::store::{Hierarchy, NONE};

impl Hierarchy {
    /// Gives a live object a new parent; `parent` 0 detaches it to the root.
    ///
    /// If the new parent sits earlier in the queue nothing moves. If it sits
    /// later, only the segment between the two is repaired (the flat hierarchy's segment repair): the
    /// object and those of its descendants inside the segment are carried to
    /// just after the new parent, everything else keeps its relative order.
    ///
    /// Refused with [`Error::Cycle`], changing nothing, when `parent` is the
    /// object itself or one of its descendants.
    pub fn set_parent(&mut self, child: u32, parent: u32) -> Result<()> {
        self.trace_valid = false;
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = self.parent_slot_of(parent)?;
        self.reparent(child_slot, parent_slot).map(|_| ())
    }

    /// Whether `parent` is `child` or one of its descendants, i.e. whether
    /// `set_parent(child, parent)` would be refused. Both must be live.
    pub fn would_cycle(&self, child: u32, parent: u32) -> Result<bool> {
        let child_slot = self.slot_of("child", child)?;
        let parent_slot = self.parent_slot_of(parent)?;
        Ok(self.is_in_subtree(parent_slot, child_slot))
    }

    /// Re-parents slot `child` under slot `parent` (or [`NONE`]); returns
    /// whether the queue was repaired.
    pub(super) fn reparent(&mut self, child: u32, parent: u32) -> Result<bool> {
        if self.is_in_subtree(parent, child) {
            return Err(Error::Cycle {
                child: self.nodes[child as usize].id,
                parent: self.nodes[parent as usize].id,
            });
        }
        self.set_link(child, parent);
        // Under the root, or under a parent already ahead: the queue is
        // still parents-first as it stands.
        if parent == NONE || self.nodes[parent as usize].pos < self.nodes[child as usize].pos {
            return Ok(false);
        }
        self.repair_segment(child, parent);
        Ok(true)
    }

    /// Whether slot `node` is `root` or below it, by walking `node`'s parent
    /// links upward.
    ///
    /// Descendants of `root` all sit after it in the queue, so the walk stops
    /// as soon as it reaches a position before `root`'s: a parent earlier
    /// than the child costs no walk at all, and a later one at most the
    /// ancestors of `node` inside the segment. The step count is also capped
    /// at `len`, so even a corrupted hierarchy cannot loop here.
    pub(super) fn is_in_subtree(&self, mut node: u32, root: u32) -> bool {
        let root_pos = self.nodes[root as usize].pos;
        for _ in 0..=self.len() {
            if node == root {
                return true;
            }
            if node == NONE || self.nodes[node as usize].pos < root_pos {
                return false;
            }
            node = self.nodes[node as usize].parent;
        }
        debug_assert!(false, "parent links loop: the hierarchy is corrupted");
        true
    }
}
