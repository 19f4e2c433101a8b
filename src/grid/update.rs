//! Insert, update and remove: an update that keeps its cell range only stores
//! the new box; one that changes it unlinks the cells it left and links the
//! cells it entered, leaving the cells it kept alone.

use super::storage::{Grid, ProxyBox, OVERSIZE};
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::index::NULL_INDEX;

impl Grid {
    pub(super) fn insert(&mut self, proxy: u32, aabb: Aabb) {
        let slot = proxy as usize;
        if self.first_entry.len() <= slot {
            self.first_entry.resize(slot + 1, NULL_INDEX);
            self.proxies.resize(slot + 1, ProxyBox::default());
            self.oversize_pos.resize(slot + 1, NULL_INDEX);
        }
        debug_assert_eq!(self.first_entry[slot], NULL_INDEX, "proxy {proxy} inserted twice");
        let range = self.geometry.range_of(&aabb);
        self.proxies[slot] = ProxyBox { aabb, range };
        self.proxy_count += 1;
        if self.is_oversize_range(&range) {
            self.push_oversize(proxy);
        } else {
            self.link_range(proxy, range);
        }
    }

    pub(super) fn update(&mut self, proxy: u32, aabb: Aabb) {
        let slot = proxy as usize;
        debug_assert_ne!(self.first_entry[slot], NULL_INDEX, "proxy {proxy} is not present");
        self.proxies[slot].aabb = aabb;
        let new = self.geometry.range_of(&aabb);
        let old = self.proxies[slot].range;
        if new == old {
            return;
        }
        self.proxies[slot].range = new;
        let was_oversize = self.first_entry[slot] == OVERSIZE;
        match (was_oversize, self.is_oversize_range(&new)) {
            (true, true) => {}
            (true, false) => {
                self.remove_oversize(proxy);
                self.link_range(proxy, new);
            }
            (false, true) => {
                self.unlink_all(proxy);
                self.push_oversize(proxy);
            }
            (false, false) => self.refile(proxy, old, new),
        }
    }

    pub(super) fn remove(&mut self, proxy: u32) {
        let slot = proxy as usize;
        debug_assert_ne!(self.first_entry[slot], NULL_INDEX, "proxy {proxy} is not present");
        if self.first_entry[slot] == OVERSIZE {
            self.remove_oversize(proxy);
        } else {
            self.unlink_all(proxy);
        }
        self.proxy_count -= 1;
    }

    fn is_oversize_range(&self, range: &CellRange) -> bool {
        range.len() > u64::from(self.max_cells_per_object)
    }

    /// Moves a proxy listed in the cells of `old` to the cells of `new`:
    /// entries in cells of both stay where they are.
    fn refile(&mut self, proxy: u32, old: CellRange, new: CellRange) {
        let mut prev_of_proxy = NULL_INDEX;
        let mut entry = self.first_entry[proxy as usize];
        while entry != NULL_INDEX {
            let e = self.entries[entry as usize];
            let (x, y) = self.geometry.coords(e.cell);
            if new.contains(x, y) {
                prev_of_proxy = entry;
            } else {
                if prev_of_proxy == NULL_INDEX {
                    self.first_entry[proxy as usize] = e.next_of_proxy;
                } else {
                    self.entries[prev_of_proxy as usize].next_of_proxy = e.next_of_proxy;
                }
                self.unlink_and_free(entry);
            }
            entry = e.next_of_proxy;
        }
        for y in new.row_start..new.row_end {
            for x in new.col_start..new.col_end {
                if !old.contains(x, y) {
                    self.link(proxy, x, y);
                }
            }
        }
    }
}
