//! Every invariant of the loose grid, checked from scratch.

use super::storage::{small_limit, LooseGrid, ABSENT, NULL, OVERSIZE};
use crate::grid::CellGeometry;

impl LooseGrid {
    pub(super) fn validate_grid(&self) -> Result<(), String> {
        if self.geometry != CellGeometry::new(&self.world, self.geometry.cell_size) {
            return Err("cell geometry does not match the world and cell size".into());
        }
        if self.small_limit != small_limit(&self.geometry) {
            return Err("small limit does not match the cell size".into());
        }
        if self.cells.len() != self.geometry.cell_count() {
            return Err(format!(
                "{} cells for a {}x{} grid",
                self.cells.len(),
                self.geometry.cols,
                self.geometry.rows
            ));
        }
        // Cell lists: back links, home and count agree.
        let mut listed = 0usize;
        for (index, c) in self.cells.iter().enumerate() {
            let index = index as u32;
            let (mut count, mut prev, mut slot) = (0u32, NULL, c.head);
            while slot != NULL {
                let s = self.slots.get(slot as usize).ok_or("slot index out of range")?;
                let r = self.refs.get(s.proxy as usize).ok_or("listed slot is free")?;
                if r.home != index || r.slot != slot || s.prev != prev {
                    return Err(format!(
                        "cell {index}: slot {slot} of proxy {} (home {}, slot {}) has prev {}",
                        s.proxy, r.home, r.slot, s.prev
                    ));
                }
                count += 1;
                if count as usize > self.slots.len() {
                    return Err(format!("cell {index}: list loops"));
                }
                prev = slot;
                slot = s.next;
            }
            if count != c.count {
                return Err(format!("cell {index}: count {} but {count} slots", c.count));
            }
            listed += count as usize;
            if self.occupied.contains(index) != (count >= 1) {
                return Err(format!("cell {index}: occupancy bit disagrees with count {count}"));
            }
        }
        if self.occupied.len() != self.cells.iter().filter(|c| c.count >= 1).count() {
            return Err("occupancy bitmap holds cells beyond the grid".into());
        }
        // Oversize list: positions stored in the slots agree.
        for (pos, &slot) in self.oversize.iter().enumerate() {
            let s = self.slots.get(slot as usize).ok_or("oversize slot out of range")?;
            let home = self.refs.get(s.proxy as usize).map(|r| r.home);
            if home != Some(OVERSIZE) || s.prev != pos as u32 {
                return Err(format!("oversize slot {slot} at {pos} has home {home:?} position {}", s.prev));
            }
        }
        // Proxies: each owns its slot and sits where its box says.
        let (mut live, mut in_cells) = (0u32, 0usize);
        for (proxy, r) in self.refs.iter().enumerate() {
            if r.slot == ABSENT {
                continue;
            }
            live += 1;
            let s = self.slots.get(r.slot as usize).ok_or("proxy slot out of range")?;
            if s.proxy != proxy as u32 {
                return Err(format!("proxy {proxy}: slot {} belongs to {}", r.slot, s.proxy));
            }
            let expected = self.home_of(&r.aabb);
            if r.home != expected {
                return Err(format!("proxy {proxy}: home {} but its box belongs in {expected}", r.home));
            }
            if r.home != OVERSIZE {
                in_cells += 1;
            }
        }
        // Slots: every one is live or on the free list, once.
        let free = self.slots.iter().filter(|s| s.proxy == NULL).count();
        let mut free_listed = self.free_slots.clone();
        free_listed.sort_unstable();
        free_listed.dedup();
        if free_listed.len() != self.free_slots.len()
            || free != self.free_slots.len()
            || free + live as usize != self.slots.len()
            || free_listed.iter().any(|&s| self.slots.get(s as usize).is_none_or(|s| s.proxy != NULL))
        {
            return Err(format!(
                "{free} free of {} slots for {live} proxies, free list {:?}",
                self.slots.len(),
                self.free_slots
            ));
        }
        if live != self.proxy_count {
            return Err(format!("{live} proxies present, count says {}", self.proxy_count));
        }
        if in_cells != listed || in_cells + self.oversize.len() != live as usize {
            return Err(format!(
                "{in_cells} proxies in cells, {listed} listed, {} oversize",
                self.oversize.len()
            ));
        }
        Ok(())
    }
}
