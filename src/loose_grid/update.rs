//! Insert, update and remove, each O(1): an update that keeps its home cell
//! only stores the new box; one that changes it moves one list link.

use super::storage::{LooseGrid, Proxy, ABSENT_PROXY, OVERSIZE};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

impl LooseGrid {
    pub(super) fn insert(&mut self, proxy: u32, aabb: Aabb) {
        let index = proxy as usize;
        if self.proxies.len() <= index {
            self.proxies.resize(index + 1, ABSENT_PROXY);
            self.prevs.resize(index + 1, NULL_INDEX);
        }
        debug_assert_eq!(self.proxies[index].home, NULL_INDEX, "proxy {proxy} inserted twice");
        self.proxies[index].aabb = aabb;
        self.proxy_count += 1;
        match self.home_of(&aabb) {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
    }

    /// Touches only the proxy's own record unless the object changes cell.
    pub(super) fn update(&mut self, proxy: u32, aabb: Aabb) {
        let p = &mut self.proxies[proxy as usize];
        debug_assert_ne!(p.home, NULL_INDEX, "proxy {proxy} is not present");
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

    pub(super) fn remove(&mut self, proxy: u32) {
        let home = self.proxies[proxy as usize].home;
        debug_assert_ne!(home, NULL_INDEX, "proxy {proxy} is not present");
        match home {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        self.proxies[proxy as usize] = ABSENT_PROXY;
        self.proxy_count -= 1;
    }

    /// Appends the present proxies in the order `pairs` reads them: cells
    /// row by row, each cell's list in order, then the oversize list.
    pub(super) fn space_order(&self, out: &mut Vec<u32>) -> bool {
        self.occupied.for_each(self.geometry.cols, |cell, _, _| {
            out.extend(self.listed(cell).map(|(proxy, _)| proxy));
        });
        out.extend_from_slice(&self.oversize);
        true
    }

    /// Renames the proxies (see [`crate::broad_phase::BroadPhase::relabel`]): records
    /// move to their new numbers and every link (list neighbours, cell
    /// heads, the oversize list) follows. Each record and back link is
    /// gathered in its new place with its links renamed on the way, in one
    /// pass, so both arrays are read and written once (moving them, then
    /// renaming in a second pass, cost half as much again).
    pub(super) fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        debug_assert_eq!(old_of_new.len(), self.proxy_count as usize, "a renaming of every present proxy");
        let rename = |p: u32| if p == NULL_INDEX { NULL_INDEX } else { new_of_old[p as usize] };
        let (mut proxies, mut prevs) =
            (std::mem::take(&mut self.spare_proxies), std::mem::take(&mut self.spare_prevs));
        proxies.clear();
        prevs.clear();
        proxies.reserve(old_of_new.len());
        prevs.reserve(old_of_new.len());
        for &old in old_of_new {
            let p = self.proxies[old as usize];
            let prev = self.prevs[old as usize];
            // An oversize proxy's `prev` is its position in the list.
            prevs.push(if p.home == OVERSIZE { prev } else { rename(prev) });
            proxies.push(Proxy { next: rename(p.next), ..p });
        }
        self.spare_proxies = std::mem::replace(&mut self.proxies, proxies);
        self.spare_prevs = std::mem::replace(&mut self.prevs, prevs);
        let heads = &mut self.heads;
        self.occupied.for_each(self.geometry.cols, |cell, _, _| {
            heads[cell as usize] = rename(heads[cell as usize]);
        });
        for proxy in &mut self.oversize {
            *proxy = new_of_old[*proxy as usize];
        }
    }
}
