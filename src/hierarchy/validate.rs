//! Every invariant of the hierarchy, checked from scratch.

use super::store::{Hierarchy, NONE};

impl Hierarchy {
    /// Checks that the queue holds every live id exactly once, that slots,
    /// positions and the id map agree, and that each parent comes before its
    /// children. The last implies there is no cycle: positions strictly
    /// decrease along every chain of parents.
    pub fn validate(&self) -> Result<(), String> {
        let len = self.order.len();
        if self.queue.len() != len || self.id_to_slot.len() != len {
            return Err(format!(
                "queue has {} slots, order {len} ids, map {} ids",
                self.queue.len(),
                self.id_to_slot.len()
            ));
        }
        if len + self.free_slots.len() != self.nodes.len() {
            return Err(format!(
                "{len} live + {} free slots, but {} slots",
                self.free_slots.len(),
                self.nodes.len()
            ));
        }
        for (pos, (&slot, &id)) in self.queue.iter().zip(&self.order).enumerate() {
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
            }
        }
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
}
