//! Insert, update and remove: an update that keeps its cell range only stores
//! the new box; one that changes it unlinks the cells it left and links the
//! cells it entered, leaving the cells it kept alone.

use super::storage::{Grid, ProxyBox, ABSENT, BIG, NOT_BIG, NULL};
use crate::geometry::Aabb;
use crate::geometry::CellRange;

impl Grid {
    pub(super) fn insert_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let slot = proxy as usize;
        if self.first_entry.len() <= slot {
            self.first_entry.resize(slot + 1, ABSENT);
            self.proxies.resize(slot + 1, ProxyBox::default());
            self.big_pos.resize(slot + 1, NOT_BIG);
        }
        debug_assert_eq!(self.first_entry[slot], ABSENT, "proxy {proxy} inserted twice");
        let range = self.geometry.range_of(&aabb);
        self.proxies[slot] = ProxyBox { aabb, range };
        self.proxy_count += 1;
        if self.is_big_range(&range) {
            self.push_big(proxy);
        } else {
            self.link_range(proxy, range);
        }
    }

    pub(super) fn update_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let slot = proxy as usize;
        debug_assert_ne!(self.first_entry[slot], ABSENT, "proxy {proxy} is not present");
        self.proxies[slot].aabb = aabb;
        let new = self.geometry.range_of(&aabb);
        let old = self.proxies[slot].range;
        if new == old {
            return;
        }
        self.proxies[slot].range = new;
        let was_big = self.first_entry[slot] == BIG;
        match (was_big, self.is_big_range(&new)) {
            (true, true) => {}
            (true, false) => {
                self.remove_big(proxy);
                self.link_range(proxy, new);
            }
            (false, true) => {
                self.unlink_all(proxy);
                self.push_big(proxy);
            }
            (false, false) => self.refile(proxy, old, new),
        }
    }

    pub(super) fn remove_proxy(&mut self, proxy: u32) {
        let slot = proxy as usize;
        debug_assert_ne!(self.first_entry[slot], ABSENT, "proxy {proxy} is not present");
        if self.first_entry[slot] == BIG {
            self.remove_big(proxy);
        } else {
            self.unlink_all(proxy);
        }
        self.proxy_count -= 1;
    }

    fn is_big_range(&self, range: &CellRange) -> bool {
        range.len() > u64::from(self.max_cells_per_object)
    }

    /// Moves a proxy listed in the cells of `old` to the cells of `new`:
    /// entries in cells of both stay where they are.
    fn refile(&mut self, proxy: u32, old: CellRange, new: CellRange) {
        let mut prev_of_proxy = NULL;
        let mut entry = self.first_entry[proxy as usize];
        while entry != NULL {
            let e = self.entries[entry as usize];
            let (x, y) = self.geometry.coords(e.cell);
            if new.contains(x, y) {
                prev_of_proxy = entry;
            } else {
                if prev_of_proxy == NULL {
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
