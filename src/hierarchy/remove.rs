//! Deleting an object together with all its descendants (the seed's null
//! parent), in one forward pass from the object's position.

use crate::error::Result;

use super::store::{Hierarchy, NONE};

impl Hierarchy {
    /// Deletes a live object and all its descendants. Their ids are written
    /// to `removed` (cleared first) in queue order, the object first.
    pub fn remove(&mut self, id: u32, removed: &mut Vec<u32>) -> Result<()> {
        self.remove_as("id", id, removed)
    }

    /// [`Hierarchy::remove`] with the argument named as the caller knows it.
    pub(super) fn remove_as(&mut self, arg: &'static str, id: u32, removed: &mut Vec<u32>) -> Result<()> {
        self.trace_valid = false;
        let slot = self.slot_of(arg, id)?;
        removed.clear();
        // Descendants all sit after the object, and each after its parent,
        // so walking forward and marking as we go finds every one of them;
        // the survivors are shifted down over the holes in the same pass.
        let stamp = self.next_stamp();
        let start = self.nodes[slot as usize].pos as usize;
        self.nodes[slot as usize].mark = stamp;
        removed.push(id);
        self.release(slot);
        let mut write = start;
        for read in start + 1..self.queue.len() {
            let slot = self.queue[read];
            let up = self.nodes[slot as usize].parent;
            if up != NONE && self.nodes[up as usize].mark == stamp {
                // A released slot keeps its mark until reused, and nothing is
                // reused during this pass, so grandchildren still see it.
                self.nodes[slot as usize].mark = stamp;
                removed.push(self.nodes[slot as usize].id);
                self.release(slot);
            } else {
                self.place(slot, write);
                write += 1;
            }
        }
        self.queue.truncate(write);
        self.order.truncate(write);
        Ok(())
    }
}
