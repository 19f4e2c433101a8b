//! Keeping the slots in cell order. A moved object keeps its slot, so after
//! a while a cell's list jumps all over memory and `pairs` stalls on one
//! cache miss per object, each waiting for the last. Renumbering the slots
//! in the order `pairs` walks them (row-major cells, list order within a
//! cell, then the oversize list) turns that walk into a forward scan; the
//! update loop, in proxy order, pays instead with independent accesses the
//! CPU overlaps.

use super::storage::{LooseGrid, Slot, NULL};

/// Slot count below which compaction is skipped: everything sits in cache.
/// (Tests lower it through `LooseGrid::compaction_floor`.)
pub(super) const MIN_SLOTS: u32 = 2048;

impl LooseGrid {
    /// Whether enough slots were relinked since the last compaction (an
    /// eighth of them) that renumbering pays for itself.
    pub(super) fn needs_compaction(&self) -> bool {
        let live = self.slots.len() as u32;
        live >= self.compaction_floor && self.links_since_compaction > live / 8
    }

    /// Renumbers the live slots in cell order and drops the free ones.
    /// Allocates nothing once the scratch array has grown.
    pub(super) fn compact_slots(&mut self) {
        let mut fresh = std::mem::take(&mut self.spare_slots);
        fresh.clear();
        let occupied = std::mem::take(&mut self.occupied);
        occupied.for_each(self.geometry.cols, |cell, _, _| {
            let mut slot = self.cells[cell as usize].head;
            self.cells[cell as usize].head = fresh.len() as u32;
            let mut prev = NULL;
            while slot != NULL {
                let s = self.slots[slot as usize];
                let index = fresh.len() as u32;
                if prev != NULL {
                    fresh[prev as usize].next = index;
                }
                self.refs[s.proxy as usize].slot = index;
                fresh.push(Slot { prev, next: NULL, ..s });
                prev = index;
                slot = s.next;
            }
        });
        self.occupied = occupied;
        for k in 0..self.oversize.len() {
            let s = self.slots[self.oversize[k] as usize];
            let index = fresh.len() as u32;
            self.refs[s.proxy as usize].slot = index;
            self.oversize[k] = index;
            fresh.push(s);
        }
        self.spare_slots = std::mem::replace(&mut self.slots, fresh);
        self.free_slots.clear();
        self.links_since_compaction = 0;
    }
}
