//! Every invariant of the forest, checked from scratch.

use crate::index::NULL_INDEX;

use super::forest::Forest;

impl Forest {
    /// Checks the forest against its owner's slots, `ids` (slot → id, 0 for
    /// a slot holding no object): the queue holds every slot with an id
    /// exactly once besides its dead entries (counted, at most half of it,
    /// never last), positions point back at the queue, each parent comes
    /// before its children, and the children lists hold exactly the
    /// children each parent link names. Parents first implies there is no
    /// cycle: positions strictly decrease along every chain of parents.
    pub(crate) fn validate(&self, ids: &[u32]) -> Result<(), String> {
        if self.implicit {
            return self.validate_implicit();
        }
        let live = ids.iter().filter(|&&id| id != 0).count();
        if self.queue.len() != live + self.dead {
            return Err(format!(
                "queue has {} entries, but {live} objects are live and {} entries dead",
                self.queue.len(),
                self.dead
            ));
        }
        if self.dead * 2 > self.queue.len() || self.queue.last() == Some(&NULL_INDEX) {
            return Err(format!(
                "{} of {} queue entries dead (at most half, never the last)",
                self.dead,
                self.queue.len()
            ));
        }
        if self.nodes.len() != ids.len() || self.links.len() != ids.len() {
            return Err(format!(
                "{} slots, but {} node and {} link records",
                ids.len(),
                self.nodes.len(),
                self.links.len()
            ));
        }
        // Every slot with an id is in the queue; every other one is free.
        for (slot, &id) in ids.iter().enumerate() {
            let pos = self.nodes[slot].pos;
            if (id != 0) != (pos != NULL_INDEX) {
                return Err(format!("slot {slot} holds id {id} but queue position {pos}"));
            }
        }
        let mut dead = 0;
        let mut attached = 0usize;
        for (pos, &slot) in self.queue.iter().enumerate() {
            if slot == NULL_INDEX {
                dead += 1;
                continue;
            }
            let node =
                self.nodes.get(slot as usize).ok_or(format!("position {pos}: slot {slot} out of bounds"))?;
            let id = ids[slot as usize];
            // With every live slot's position pointing back here, each live
            // slot appears exactly once.
            if node.pos as usize != pos {
                return Err(format!("id {id} at position {pos} records position {}", node.pos));
            }
            if node.parent != NULL_INDEX {
                attached += 1;
                let parent = self
                    .nodes
                    .get(node.parent as usize)
                    .ok_or(format!("id {id}: parent slot {} out of bounds", node.parent))?;
                if parent.pos == NULL_INDEX {
                    return Err(format!("id {id}: parent slot {} is free", node.parent));
                }
                if parent.pos as usize >= pos {
                    return Err(format!(
                        "id {id} at position {pos} comes before its parent {} at {}",
                        ids[node.parent as usize], parent.pos
                    ));
                }
            } else {
                let links = self.links[slot as usize];
                if links.next_sibling != NULL_INDEX || links.prev_sibling != NULL_INDEX {
                    return Err(format!("id {id} is under the root but sits in a children list"));
                }
            }
        }
        if dead != self.dead {
            return Err(format!("{dead} dead entries in the queue, {} counted", self.dead));
        }
        if attached != self.attached {
            return Err(format!("{attached} objects have a parent, {} counted", self.attached));
        }
        self.validate_children(attached, ids)
    }

    /// Each live slot's children list names only live slots whose parent is
    /// that slot, each once, with back links that agree; and the lists hold
    /// `attached` entries in all, so no child is left out of its parent's.
    fn validate_children(&self, attached: usize, ids: &[u32]) -> Result<(), String> {
        let mut seen = vec![false; self.nodes.len()];
        let mut listed = 0usize;
        for (slot, node) in self.nodes.iter().enumerate() {
            let mut child = self.links[slot].first_child;
            if node.pos == NULL_INDEX {
                if child != NULL_INDEX {
                    return Err(format!("free slot {slot} has children"));
                }
                continue;
            }
            let id = ids[slot];
            let mut prev = NULL_INDEX;
            while child != NULL_INDEX {
                let c = child as usize;
                if c >= self.nodes.len() || seen[c] {
                    return Err(format!(
                        "id {id}: children list reaches slot {child} twice or out of bounds"
                    ));
                }
                seen[c] = true;
                listed += 1;
                let kid = self.nodes[c];
                if kid.pos == NULL_INDEX || kid.parent != slot as u32 {
                    return Err(format!(
                        "id {id} lists slot {child} (id {}) whose parent slot is {}",
                        ids[c], kid.parent
                    ));
                }
                if self.links[c].prev_sibling != prev {
                    return Err(format!("id {id}: child {} has a wrong back link", ids[c]));
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
