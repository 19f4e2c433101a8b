//! Every invariant of the loose grid, checked from scratch.

use super::storage::{small_limit, LooseGrid, OVERSIZE};
use crate::grid::CellGeometry;
use crate::index::NULL_INDEX;

impl LooseGrid {
    pub(super) fn validate(&self) -> Result<(), String> {
        if self.geometry != CellGeometry::new(&self.world, self.geometry.cell_size) {
            return Err("cell geometry does not match the world and cell size".into());
        }
        if self.small_limit != small_limit(&self.geometry) {
            return Err("small limit does not match the cell size".into());
        }
        if self.prevs.len() != self.proxies.len() {
            return Err(format!("{} back links for {} proxies", self.prevs.len(), self.proxies.len()));
        }
        if self.heads.len() != self.geometry.cell_count() {
            return Err(format!(
                "{} cells for a {}x{} grid",
                self.heads.len(),
                self.geometry.cols,
                self.geometry.rows
            ));
        }
        // Cell lists: back links and homes agree, and no list loops.
        let mut listed = 0usize;
        for (index, &head) in self.heads.iter().enumerate() {
            let index = index as u32;
            let (mut count, mut prev, mut proxy) = (0usize, NULL_INDEX, head);
            while proxy != NULL_INDEX {
                let p = self.proxies.get(proxy as usize).ok_or("listed proxy out of range")?;
                let back = self.prevs.get(proxy as usize).copied();
                if p.home != index || back != Some(prev) {
                    return Err(format!(
                        "cell {index}: proxy {proxy} (home {}) has prev {back:?}, expected {prev}",
                        p.home
                    ));
                }
                count += 1;
                if count > self.proxies.len() {
                    return Err(format!("cell {index}: list loops"));
                }
                prev = proxy;
                proxy = p.next;
            }
            listed += count;
            if self.occupied.contains(index) != (count >= 1) {
                return Err(format!("cell {index}: occupancy bit disagrees with {count} listed"));
            }
        }
        if self.occupied.len() != self.heads.iter().filter(|&&head| head != NULL_INDEX).count() {
            return Err("occupancy bitmap holds cells beyond the grid".into());
        }
        // Oversize list: positions stored in the records agree.
        for (pos, &proxy) in self.oversize.iter().enumerate() {
            let p = self.proxies.get(proxy as usize).ok_or("oversize proxy out of range")?;
            let back = self.prevs.get(proxy as usize).copied();
            if p.home != OVERSIZE || back != Some(pos as u32) {
                return Err(format!("oversize proxy {proxy} at {pos} has home {} position {back:?}", p.home));
            }
        }
        self.validate_oversize_cells()?;
        // Proxies: each sits where its box says.
        let (mut live, mut in_cells) = (0u32, 0usize);
        for (proxy, p) in self.proxies.iter().enumerate() {
            if p.home == NULL_INDEX {
                continue;
            }
            live += 1;
            let expected = self.home_of(&p.aabb);
            if p.home != expected {
                return Err(format!("proxy {proxy}: home {} but its box belongs in {expected}", p.home));
            }
            if p.home != OVERSIZE {
                in_cells += 1;
            }
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

impl LooseGrid {
    /// The oversize list as filed for rays, unless a change left it to be
    /// filed again: every oversize proxy once, in the coarse cell of its
    /// centre (sorted by cell) or among the giants, and the occupancy bits
    /// matching.
    fn validate_oversize_cells(&self) -> Result<(), String> {
        let cells = &self.oversize_cells;
        if cells.stale {
            return Ok(());
        }
        let mut proxies: Vec<u32> =
            cells.filed.iter().map(|&(_, p)| p).chain(cells.giants.iter().copied()).collect();
        crate::small_sort::sort(&mut proxies);
        let mut expected = self.oversize.clone();
        crate::small_sort::sort(&mut expected);
        if proxies != expected {
            return Err(format!("rays' oversize filing holds {proxies:?}, the list {expected:?}"));
        }
        if self.oversize.is_empty() {
            return Ok(());
        }
        if cells.geometry
            != CellGeometry::new(&self.world, self.geometry.cell_size * super::oversize_cells::COARSE)
        {
            return Err("rays' coarse cells do not match the cell size".into());
        }
        let limit = small_limit(&cells.geometry);
        if !cells.filed.windows(2).all(|w| w[0] <= w[1]) {
            return Err("rays' coarse cells are not sorted".into());
        }
        for &(cell, proxy) in &cells.filed {
            let b = &self.proxies[proxy as usize].aabb;
            let (x, y) = cells.geometry.centre_cell(b);
            if b.width() > limit || b.height() > limit || cells.geometry.index(x, y) != cell {
                return Err(format!("oversize proxy {proxy} filed for rays in coarse cell {cell}"));
            }
            if !cells.occupied.contains(cell) {
                return Err(format!("coarse cell {cell} lists proxy {proxy} but is marked empty"));
            }
        }
        for &proxy in &cells.giants {
            let b = &self.proxies[proxy as usize].aabb;
            if b.width() <= limit && b.height() <= limit {
                return Err(format!("oversize proxy {proxy} fits a coarse cell but is among the giants"));
            }
        }
        if cells.occupied.len() != cells.filed.chunk_by(|a, b| a.0 == b.0).count()
        // distinct cells: `filed` is sorted
        {
            return Err("rays' coarse occupancy marks cells that list nothing".into());
        }
        Ok(())
    }
}
