//! Insert, update and remove, each O(1): an update that keeps its home cell
//! only stores the new box; one that changes it moves one list link.

use super::storage::{LooseGrid, ABSENT, ABSENT_PROXY, NULL, OVERSIZE};
use crate::broad_phase::relabel_records;
use crate::geometry::Aabb;

impl LooseGrid {
    pub(super) fn insert_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let index = proxy as usize;
        if self.proxies.len() <= index {
            self.proxies.resize(index + 1, ABSENT_PROXY);
            self.prevs.resize(index + 1, NULL);
        }
        debug_assert_eq!(self.proxies[index].home, ABSENT, "proxy {proxy} inserted twice");
        self.proxies[index].aabb = aabb;
        self.proxy_count += 1;
        match self.home_of(&aabb) {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
    }

    /// Touches only the proxy's own record unless the object changes cell.
    pub(super) fn update_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let p = &mut self.proxies[proxy as usize];
        debug_assert_ne!(p.home, ABSENT, "proxy {proxy} is not present");
        p.aabb = aabb;
        let old = p.home;
        let new = self.home_of(&aabb);
        if new == old {
            return;
        }
        match old {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        match new {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
    }

    pub(super) fn remove_proxy(&mut self, proxy: u32) {
        let home = self.proxies[proxy as usize].home;
        debug_assert_ne!(home, ABSENT, "proxy {proxy} is not present");
        match home {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        self.proxies[proxy as usize] = ABSENT_PROXY;
        self.proxy_count -= 1;
    }

    /// Appends the present proxies in the order `pairs` reads them: cells
    /// row by row, each cell's list in order, then the oversize list.
    pub(super) fn walk_order(&self, out: &mut Vec<u32>) {
        self.occupied.for_each(self.geometry.cols, |cell, _, _| {
            out.extend(self.listed(cell).map(|(proxy, _)| proxy));
        });
        out.extend_from_slice(&self.oversize);
    }

    /// Renames the proxies (see [`crate::BroadPhase::relabel`]): records
    /// move to their new numbers and every link (list neighbours, cell
    /// heads, the oversize list) follows.
    pub(super) fn relabel_proxies(&mut self, new_of_old: &[u32]) {
        let live = self.proxy_count as usize;
        relabel_records(&mut self.proxies, &mut self.spare_proxies, new_of_old, live, ABSENT_PROXY);
        relabel_records(&mut self.prevs, &mut self.spare_prevs, new_of_old, live, NULL);
        let rename = |p: u32| if p == NULL { NULL } else { new_of_old[p as usize] };
        for (p, prev) in self.proxies.iter_mut().zip(&mut self.prevs) {
            p.next = rename(p.next);
            if p.home != OVERSIZE {
                *prev = rename(*prev); // an oversize proxy's is a position
            }
        }
        let heads = &mut self.heads;
        self.occupied.for_each(self.geometry.cols, |cell, _, _| {
            heads[cell as usize] = rename(heads[cell as usize]);
        });
        for proxy in &mut self.oversize {
            *proxy = new_of_old[*proxy as usize];
        }
    }
}
