//! The oversize proxies as the ray walk reads them: filed by their centre
//! in a coarser loose grid (cells [`COARSE`] times the grid's), with those
//! too big even for a coarse cell in a flat list. Boxes that outgrew the
//! cells after the cell size was picked (moved and resized by `update`)
//! sit in the oversize list; a ray that tested the whole list paid for
//! every one of them, wherever the ray went. Built from the oversize list
//! when a ray needs it after the list or one of its boxes changed, so
//! updates pay nothing but a flag.

use super::storage::{small_limit, LooseGrid};
use crate::bit_set::BitSet;
use crate::grid::CellGeometry;

/// How many grid cells a coarse cell is wide: a box up to about this many
/// cells wide still lives in one, and a ray's walk over the coarse cells
/// visits about this many times fewer bands than the grid's walk.
pub(super) const COARSE: f64 = 4.0;

/// The oversize proxies filed for rays. See the module docs.
pub(super) struct OversizeCells {
    /// Set when the oversize list or one of its boxes changed since the
    /// last build.
    pub stale: bool,
    pub geometry: CellGeometry,
    /// Coarse cells listing at least one proxy.
    pub occupied: BitSet,
    /// `(coarse cell, proxy)` of each proxy that fits a coarse cell, sorted.
    pub filed: Vec<(u32, u32)>,
    /// Proxies too big for a coarse cell.
    pub giants: Vec<u32>,
}

impl OversizeCells {
    pub fn new(geometry: CellGeometry) -> OversizeCells {
        OversizeCells {
            stale: true,
            geometry,
            occupied: BitSet::new(0),
            filed: Vec::new(),
            giants: Vec::new(),
        }
    }

    /// The proxies filed in coarse cell `cell`.
    pub fn listed(&self, cell: u32) -> impl Iterator<Item = u32> + '_ {
        let from = self.filed.partition_point(|&(c, _)| c < cell);
        self.filed[from..].iter().take_while(move |&&(c, _)| c == cell).map(|&(_, proxy)| proxy)
    }
}

impl LooseGrid {
    /// Files the oversize list for rays again if it changed since the last
    /// time. Reuses its buffers: once they are big enough, allocates nothing.
    pub(super) fn refresh_oversize_cells(&mut self) {
        if !self.oversize_cells.stale {
            return;
        }
        let cells = &mut self.oversize_cells;
        cells.stale = false;
        cells.filed.clear();
        cells.giants.clear();
        if self.oversize.is_empty() {
            return;
        }
        cells.geometry = CellGeometry::new(&self.world, self.geometry.cell_size * COARSE);
        let limit = small_limit(&cells.geometry);
        cells.occupied.reset(cells.geometry.cell_count());
        for &proxy in &self.oversize {
            let aabb = &self.proxies[proxy as usize].aabb;
            if aabb.width() <= limit && aabb.height() <= limit {
                let (x, y) = cells.geometry.centre_cell(aabb);
                let cell = cells.geometry.index(x, y);
                cells.occupied.insert(cell);
                cells.filed.push((cell, proxy));
            } else {
                cells.giants.push(proxy);
            }
        }
        cells.filed.sort_unstable();
    }
}
