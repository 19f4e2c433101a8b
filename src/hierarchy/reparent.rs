//! Re-parenting an object: the bounded cycle test, and the choice between
//! "nothing moves" and the segment repair.

use crate::error::{Error, Result};
use crate::index::NULL_INDEX;

use super::forest::Forest;

impl Forest {
    /// Gives the object in slot `child` the parent slot `parent` (or
    /// [`NULL_INDEX`]: the root).
    ///
    /// If the new parent sits earlier in the queue nothing moves. If it sits
    /// later, only the segment between the two is repaired: the object and
    /// those of its descendants inside the segment are carried to just after
    /// the new parent, everything else keeps its relative order.
    ///
    /// Refused with [`Error::Cycle`] (naming both by their `ids`), changing
    /// nothing, when `parent` is the object itself or one of its
    /// descendants.
    pub(crate) fn set_parent(&mut self, child: u32, parent: u32, ids: &[u32]) -> Result<()> {
        self.trace_valid = false;
        self.reparent(child, parent, ids).map(|_| ())
    }

    /// Whether slot `parent` is slot `child` or below it, i.e. whether
    /// `set_parent(child, parent)` would be refused.
    pub(crate) fn would_cycle(&self, child: u32, parent: u32) -> bool {
        if self.implicit {
            return child == parent; // nothing is below anything
        }
        self.is_in_subtree(parent, child)
    }

    /// [`Forest::set_parent`], leaving the trace to the caller; returns
    /// whether the queue was repaired.
    pub(super) fn reparent(&mut self, child: u32, parent: u32, ids: &[u32]) -> Result<bool> {
        debug_assert!(!self.implicit, "the owner makes an implicit queue explicit first");
        if self.is_in_subtree(parent, child) {
            return Err(Error::Cycle { child: ids[child as usize], parent: ids[parent as usize] });
        }
        self.set_link(child, parent);
        // Under the root, or under a parent already ahead: the queue is
        // still parents-first as it stands.
        if parent == NULL_INDEX || self.nodes[parent as usize].pos < self.nodes[child as usize].pos {
            return Ok(false);
        }
        self.repair_segment(child, parent, ids);
        Ok(true)
    }

    /// Whether slot `node` is `root` or below it, by walking `node`'s parent
    /// links upward.
    ///
    /// Descendants of `root` all sit after it in the queue, so the walk stops
    /// as soon as it reaches a position before `root`'s: a parent earlier
    /// than the child costs no walk at all, and a later one at most the
    /// ancestors of `node` inside the segment. The step count is also capped
    /// at `len`, so even corrupted links cannot loop here.
    pub(super) fn is_in_subtree(&self, mut node: u32, root: u32) -> bool {
        let root_pos = self.nodes[root as usize].pos;
        for _ in 0..=self.len() {
            if node == root {
                return true;
            }
            if node == NULL_INDEX || self.nodes[node as usize].pos < root_pos {
                return false;
            }
            node = self.nodes[node as usize].parent;
        }
        debug_assert!(false, "parent links loop: the hierarchy is corrupted");
        true
    }
}
