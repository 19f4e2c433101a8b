//! Keeping the entry array in cell order. Entries are allocated wherever the
//! free list has room, so after a while a cell's list jumps all over memory
//! and `pairs` stalls on one cache miss per entry, each waiting for the last.
//! Renumbering the entries in the order `pairs` walks them (row-major cells,
//! list order within a cell) turns that walk into a forward scan; the boxes
//! it reads then are independent loads the CPU overlaps.

use super::storage::{Entry, Grid, OVERSIZE};
use crate::broad_phase::relabel_records;
use crate::index::NULL_INDEX;

impl Grid {
    /// Whether enough entries were linked since the last compaction (an
    /// eighth of them) that renumbering pays for itself. Below a few
    /// thousand entries everything sits in cache and order does not matter.
    pub(super) fn needs_compaction(&self) -> bool {
        let live = self.entries.len() as u32;
        live >= self.compaction_floor && self.links_since_compaction > live / 8
    }

    /// Renumbers the live entries in cell order and drops the free ones.
    /// Allocates nothing once the scratch arrays have grown.
    pub(super) fn compact_entries(&mut self) {
        let mut fresh = std::mem::take(&mut self.spare_entries);
        let mut remap = std::mem::take(&mut self.remap);
        fresh.clear();
        remap.clear();
        remap.resize(self.entries.len(), NULL_INDEX);
        let occupied = std::mem::take(&mut self.occupied);
        occupied.for_each(self.geometry.cols, |cell, _, _| {
            let mut entry = self.cells[cell as usize].head;
            self.cells[cell as usize].head = fresh.len() as u32;
            let mut prev = NULL_INDEX;
            while entry != NULL_INDEX {
                let e = self.entries[entry as usize];
                let index = fresh.len() as u32;
                remap[entry as usize] = index;
                if prev != NULL_INDEX {
                    fresh[prev as usize].next = index;
                }
                fresh.push(Entry { prev, next: NULL_INDEX, ..e });
                prev = index;
                entry = e.next;
            }
        });
        self.occupied = occupied;
        for e in &mut fresh {
            if e.next_of_proxy != NULL_INDEX {
                e.next_of_proxy = remap[e.next_of_proxy as usize];
            }
        }
        for first in &mut self.first_entry {
            if *first != NULL_INDEX && *first != OVERSIZE {
                *first = remap[*first as usize];
            }
        }
        self.spare_entries = std::mem::replace(&mut self.entries, fresh);
        self.remap = remap;
        self.free_entry = NULL_INDEX;
        self.links_since_compaction = 0;
    }

    /// Renames the proxies (see [`crate::broad_phase::BroadPhase::relabel`]): per-proxy
    /// records move to their new numbers, entries and the oversize list name the
    /// new owners; cells and entries stay where they are.
    pub(super) fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        debug_assert_eq!(old_of_new.len(), self.proxy_count as usize, "a renaming of every present proxy");
        relabel_records(&mut self.proxies, &mut self.spare_proxies, old_of_new);
        // Scratch of their own: `remap` is sized by entries, and lending it
        // here would leave it a per-proxy buffer to grow again.
        relabel_records(&mut self.first_entry, &mut self.spare_u32, old_of_new);
        relabel_records(&mut self.oversize_pos, &mut self.spare_u32, old_of_new);
        for e in &mut self.entries {
            // Free entries (no cell) keep a stale owner: leave it.
            if e.cell != NULL_INDEX {
                e.proxy = new_of_old[e.proxy as usize];
            }
        }
        for proxy in &mut self.oversize {
            *proxy = new_of_old[*proxy as usize];
        }
    }
}
