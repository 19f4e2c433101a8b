//! Every invariant of the normal grid, checked from scratch.

use super::cells::CellGeometry;
use super::storage::{Grid, OVERSIZE};
use crate::index::NULL_INDEX;

impl Grid {
    pub(super) fn validate(&self) -> Result<(), String> {
        if self.geometry != CellGeometry::new(&self.world, self.geometry.cell_size) {
            return Err("cell geometry does not match the world and cell size".into());
        }
        if self.cells.len() != self.geometry.cell_count() {
            return Err(format!(
                "{} cells for a {}x{} grid",
                self.cells.len(),
                self.geometry.cols,
                self.geometry.rows
            ));
        }
        // Cell lists: back links, owning cell and count agree.
        let mut listed = 0usize;
        for (index, c) in self.cells.iter().enumerate() {
            let index = index as u32;
            let (mut count, mut prev, mut entry) = (0u32, NULL_INDEX, c.head);
            while entry != NULL_INDEX {
                let e = self.entries.get(entry as usize).ok_or("entry index out of range")?;
                if e.cell != index || e.prev != prev {
                    return Err(format!("cell {index}: entry {entry} has cell {} prev {}", e.cell, e.prev));
                }
                count += 1;
                if count as usize > self.entries.len() {
                    return Err(format!("cell {index}: list loops"));
                }
                prev = entry;
                entry = e.next;
            }
            if count != c.count {
                return Err(format!("cell {index}: count {} but {count} entries", c.count));
            }
            listed += count as usize;
            if self.occupied.contains(index) != (count >= 1) || self.multi.contains(index) != (count >= 2) {
                return Err(format!("cell {index}: occupancy bits disagree with count {count}"));
            }
        }
        let nonempty = self.cells.iter().filter(|c| c.count >= 1).count();
        let multi = self.cells.iter().filter(|c| c.count >= 2).count();
        if self.occupied.len() != nonempty || self.multi.len() != multi {
            return Err("occupancy bitmaps hold cells beyond the grid".into());
        }
        // Free list: every entry not in a cell is free, and only those.
        let (mut free, mut entry) = (0usize, self.free_entry);
        while entry != NULL_INDEX {
            let e = &self.entries[entry as usize];
            if e.cell != NULL_INDEX {
                return Err(format!("free entry {entry} still names cell {}", e.cell));
            }
            free += 1;
            if free > self.entries.len() {
                return Err("free list loops".into());
            }
            entry = e.next;
        }
        if listed + free != self.entries.len() {
            return Err(format!("{listed} listed + {free} free != {} entries", self.entries.len()));
        }
        self.validate_proxies()
    }

    /// Each proxy is listed exactly in the cells its box reaches, or in the
    /// oversize list when those are too many.
    fn validate_proxies(&self) -> Result<(), String> {
        let mut present = 0u32;
        let mut chained = 0usize;
        let mut held = Vec::new();
        for (proxy, &first) in self.first_entry.iter().enumerate() {
            if first == NULL_INDEX {
                continue;
            }
            present += 1;
            let range = self.geometry.range_of(&self.proxies[proxy].aabb);
            if self.proxies[proxy].range != range {
                return Err(format!(
                    "proxy {proxy}: stored range {:?}, box reaches {range:?}",
                    self.proxies[proxy].range
                ));
            }
            let oversize = range.len() > u64::from(self.max_cells_per_object);
            if first == OVERSIZE {
                if !oversize || self.oversize.get(self.oversize_pos[proxy] as usize) != Some(&(proxy as u32))
                {
                    return Err(format!("proxy {proxy}: wrongly in the oversize list"));
                }
                continue;
            }
            if oversize {
                return Err(format!(
                    "proxy {proxy}: listed in {} cells, more than {}",
                    range.len(),
                    self.max_cells_per_object
                ));
            }
            held.clear();
            let mut entry = first;
            while entry != NULL_INDEX {
                let e = &self.entries[entry as usize];
                if e.proxy as usize != proxy || e.cell == NULL_INDEX || held.len() > self.entries.len() {
                    return Err(format!("proxy {proxy}: chain holds entry {entry} of proxy {}", e.proxy));
                }
                held.push(e.cell);
                entry = e.next_of_proxy;
            }
            chained += held.len();
            let chain_length = held.len();
            crate::small_sort::sort(&mut held);
            held.dedup();
            let all_in_range = held.iter().all(|&cell| {
                let (x, y) = self.geometry.coords(cell);
                range.contains(x, y)
            });
            if held.len() != chain_length || held.len() as u64 != range.len() || !all_in_range {
                return Err(format!(
                    "proxy {proxy}: {chain_length} entries in {} distinct cells, not exactly {range:?}",
                    held.len()
                ));
            }
        }
        if present != self.proxy_count {
            return Err(format!("{present} proxies present but count says {}", self.proxy_count));
        }
        let listed: usize = self.cells.iter().map(|c| c.count as usize).sum();
        if chained != listed {
            return Err(format!("{chained} entries in proxy chains, {listed} in cells"));
        }
        if self.oversize.iter().any(|&p| self.first_entry[p as usize] != OVERSIZE) {
            return Err("oversize list holds a proxy that is not marked oversize".into());
        }
        Ok(())
    }
}
