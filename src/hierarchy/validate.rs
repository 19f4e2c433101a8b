//! Every invariant of the hierarchy, checked from scratch.

use super::store::{Hierarchy, DEAD, NONE};

impl Hierarchy {
    /// Checks that the queue holds every live id exactly once besides its
    /// dead entries (counted, at most half of it, never last), that slots,
    /// positions and the id map agree, that each parent comes before its
    /// children, and that the children lists hold exactly the children each
    /// parent link names. Parents first implies there is no cycle: positions
    /// strictly decrease along every chain of parents.
    pub fn validate(&self) -> Result<(), String> {
        let len = self.id_to_slot.len();
        if self.queue.len() != self.order.len() || self.queue.len() != len + self.dead {
            return Err(format!(
                "queue has {} entries, order {}, but {len} ids are live and {} entries dead",
                self.queue.len(),
                self.order.len(),
                self.dead
            ));
        }
        if self.dead * 2 > self.queue.len() || self.queue.last() == Some(&DEAD) {
            return Err(format!(
                "{} of {} queue entries dead (at most half, never the last)",
                self.dead,
                self.queue.len()
            ));
        }
        if len + self.free_slots.len() != self.nodes.len() || self.links.len() != self.nodes.len() {
            return Err(format!(
                "{len} live + {} free slots, but {} slots and {} link records",
                self.free_slots.len(),
                self.nodes.len(),
                self.links.len()
            ));
        }
        let mut dead = 0;
        let mut attached = 0usize;
        for (pos, (&slot, &id)) in self.queue.iter().zip(&self.order).enumerate() {
            if slot == DEAD {
                if id != 0 {
                    return Err(format!("position {pos} is dead but order says {id}"));
                }
                dead += 1;
                continue;
            }
            let node =
                self.nodes.get(slot as usize).ok_or(format!("position {pos}: slot {slot} out of bounds"))?;
            if node.id == 0 || node.id != id {
                return Err(format!("position {pos}: slot {slot} holds id {} but order says {id}", node.id));
            }
            // With the map agreeing and positions pointing back, each live
            // slot appears exactly once.
            if node.pos as usize != pos {
                return Err(format!("id {id} at position {pos} records position {}", node.pos));
            }
            if self.id_to_slot.get(&id) != Some(&slot) {
                return Err(format!(
                    "id {id} in slot {slot} but the map says {:?}",
                    self.id_to_slot.get(&id)
                ));
            }
            if node.parent != NONE {
                attached += 1;
                let parent = self
                    .nodes
                    .get(node.parent as usize)
                    .ok_or(format!("id {id}: parent slot {} out of bounds", node.parent))?;
                if parent.id == 0 {
                    return Err(format!("id {id}: parent slot {} is free", node.parent));
                }
                if parent.pos as usize >= pos {
                    return Err(format!(
                        "id {id} at position {pos} comes before its parent {} at {}",
                        parent.id, parent.pos
                    ));
                }
            } else {
                let links = self.links[slot as usize];
                if links.next_sibling != NONE || links.prev_sibling != NONE {
                    return Err(format!("id {id} is under the root but sits in a children list"));
                }
            }
        }
        if dead != self.dead {
            return Err(format!("{dead} dead entries in the queue, {} counted", self.dead));
        }
        self.validate_children(attached)?;
        // With the counts above, distinct free slots of id 0 leave no room
        // for a slot that is neither free nor in the queue.
        let mut listed = vec![false; self.nodes.len()];
        for &slot in &self.free_slots {
            match self.nodes.get(slot as usize) {
                Some(node) if node.id == 0 && !listed[slot as usize] => listed[slot as usize] = true,
                _ => return Err(format!("free slot {slot} is live, listed twice or out of bounds")),
            }
        }
        Ok(())
    }

    /// Each live slot's children list names only live slots whose parent is
    /// that slot, each once, with back links that agree; and the lists hold
    /// `attached` entries in all, so no child is left out of its parent's.
    fn validate_children(&self, attached: usize) -> Result<(), String> {
        let mut seen = vec![false; self.nodes.len()];
        let mut listed = 0usize;
        for (slot, node) in self.nodes.iter().enumerate() {
            let mut child = self.links[slot].first_child;
            if node.id == 0 {
                if child != NONE {
                    return Err(format!("free slot {slot} has children"));
                }
                continue;
            }
            let mut prev = NONE;
            while child != NONE {
                let c = child as usize;
                if c >= self.nodes.len() || seen[c] {
                    return Err(format!(
                        "id {}: children list reaches slot {child} twice or out of bounds",
                        node.id
                    ));
                }
                seen[c] = true;
                listed += 1;
                let kid = self.nodes[c];
                if kid.id == 0 || kid.parent != slot as u32 {
                    return Err(format!(
                        "id {} lists slot {child} (id {}) whose parent slot is {}",
                        node.id, kid.id, kid.parent
                    ));
                }
                if self.links[c].prev_sibling != prev {
                    return Err(format!("id {}: child {} has a wrong back link", node.id, kid.id));
                }
                prev = child;
                child = self.links[c].next_sibling;
            }
        }
        if listed != attached {
            return Err(format!("{listed} objects in children lists, {attached} have a parent"));
        }
        Ok(())
    }
}
