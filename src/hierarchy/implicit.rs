//! The implicit queue: the World's forest while nothing is attached. A
//! World hands out ids in ascending order and appends each new object to
//! the queue, so until a repair or a re-sort moves an entry the queue is
//! its objects in ascending id order, and with no parents there are no
//! links either: nothing needs storing. A World that never attaches
//! anything keeps no per-slot hierarchy state at all, and renumbering its
//! slots costs the hierarchy nothing (an explicit queue in insertion order
//! under slots in space order would be a random permutation to follow).
//! The first attachment, or a read of the queue, makes it explicit; a
//! renumbering with nothing attached and the queue still in id order makes
//! it implicit again.

use super::forest::{Forest, Links, Node};

impl Forest {
    /// An empty forest whose queue stays implicit while nothing is attached:
    /// for an owner that inserts objects in ascending id order, at the root
    /// (the World). The calls that need the queue (`set_parent`,
    /// `set_parents`, `order`, `iter_slots`, `depth`, `position`) must be
    /// preceded by [`Forest::make_explicit`].
    pub(crate) fn implicit() -> Forest {
        Forest { implicit: true, may_be_implicit: true, in_id_order: true, ..Forest::default() }
    }

    /// Whether the queue is implicit (see the module docs).
    pub(crate) fn is_implicit(&self) -> bool {
        self.implicit
    }

    /// Stores an implicit queue: `slots` are the owner's objects in ascending
    /// id order, `slot_count` the size of its slot space. O(slots) once.
    pub(crate) fn make_explicit(&mut self, slot_count: usize, slots: impl Iterator<Item = u32>) {
        if !self.implicit {
            return;
        }
        self.implicit = false;
        self.nodes.clear();
        self.nodes.resize(slot_count, Node::FREE);
        self.links.clear();
        self.links.resize(slot_count, Links::EMPTY);
        self.queue.clear();
        for slot in slots {
            self.nodes[slot as usize].pos = self.queue.len() as u32;
            self.queue.push(slot);
        }
        self.dead = 0;
        self.in_id_order = true;
        self.order_is_current = false;
    }

    /// Drops the stored queue when it can be implicit (nothing attached, the
    /// queue in id order, and an owner that asked for an implicit queue at
    /// first); returns whether it did.
    pub(super) fn become_implicit(&mut self) -> bool {
        if !self.may_be_implicit || self.attached != 0 || !self.in_id_order {
            return false;
        }
        self.implicit = true;
        self.nodes.clear();
        self.links.clear();
        self.queue.clear();
        self.dead = 0;
        self.order_is_current = false;
        true
    }

    /// An implicit queue stores nothing.
    pub(super) fn validate_implicit(&self) -> Result<(), String> {
        if !self.nodes.is_empty() || !self.links.is_empty() || !self.queue.is_empty() {
            return Err(format!(
                "an implicit queue stores {} nodes, {} links, {} queue entries",
                self.nodes.len(),
                self.links.len(),
                self.queue.len()
            ));
        }
        if self.attached != 0 || self.dead != 0 || !self.in_id_order {
            return Err(format!(
                "an implicit queue with {} attached, {} dead, in id order {}",
                self.attached, self.dead, self.in_id_order
            ));
        }
        Ok(())
    }
}
