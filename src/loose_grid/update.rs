//! Insert, update and remove, each O(1): an update that keeps its home cell
//! only stores the new box; one that changes it moves one list link.

use super::storage::{LooseGrid, ABSENT, ABSENT_REF, OVERSIZE};
use crate::geometry::Aabb;

impl LooseGrid {
    pub(super) fn insert_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let index = proxy as usize;
        if self.refs.len() <= index {
            self.refs.resize(index + 1, ABSENT_REF);
        }
        debug_assert_eq!(self.refs[index].slot, ABSENT, "proxy {proxy} inserted twice");
        self.refs[index].aabb = aabb;
        self.refs[index].slot = self.allocate_slot(proxy, aabb);
        self.proxy_count += 1;
        match self.home_of(&aabb) {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
    }

    /// Touches only the proxy's own record, in proxy order, unless the
    /// object changes cell: a loop over proxies reads memory front to back.
    pub(super) fn update_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let r = &mut self.refs[proxy as usize];
        debug_assert_ne!(r.slot, ABSENT, "proxy {proxy} is not present");
        r.aabb = aabb;
        let r = *r;
        let new = self.home_of(&aabb);
        if new == r.home {
            return;
        }
        match r.home {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        match new {
            OVERSIZE => self.push_oversize(proxy),
            home => self.link(proxy, home),
        }
    }

    pub(super) fn remove_proxy(&mut self, proxy: u32) {
        let r = self.refs[proxy as usize];
        debug_assert_ne!(r.slot, ABSENT, "proxy {proxy} is not present");
        match r.home {
            OVERSIZE => self.remove_oversize(proxy),
            _ => self.unlink(proxy),
        }
        self.free_slot(r.slot);
        self.refs[proxy as usize] = ABSENT_REF;
        self.proxy_count -= 1;
    }
}
