//! The loose grid's cells along a segment, front to back, with their loose
//! bounds: an object filed in a cell (its centre's) sticks out of it by
//! under half a cell, so the bands of the walk (`grid/ray_walk.rs`) reach
//! half a cell further each way. The oversize list is walked the same way
//! in its coarser cells (`oversize_cells.rs`) once the grid's walk has
//! clipped the ray; the few boxes too big even for those come first.

use super::oversize_cells::COARSE;
use super::storage::{small_limit, LooseGrid};
use crate::broad_phase::{offer_to_ray, RayControl, Stats};
use crate::geometry::Aabb;
use crate::grid::{Bands, CellGeometry};
use crate::segment::RayPath;

impl LooseGrid {
    /// The giant oversize proxies, then the cells band by band until the
    /// visitor's clip lies before the next band, then the other oversize
    /// proxies' coarse cells the same way. The rays' filing of the oversize
    /// list must be fresh ([`LooseGrid::refresh_oversize_cells`]).
    pub(super) fn walk_ray_cells(
        &self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        debug_assert!(!self.oversize_cells.stale, "the oversize list filed for rays is stale");
        let mut stats = Stats::default();
        let mut clip = max_t;
        for &proxy in &self.oversize_cells.giants {
            let aabb = &self.proxies[proxy as usize].aabb;
            if !offer_to_ray(ray, proxy, aabb, &mut clip, &mut stats, visit) {
                return stats;
            }
        }
        // A small object's box lies within half a cell of its home cell
        // (`small_limit` keeps it narrower than a cell by a margin that
        // covers the rounding of its centre).
        let reach = 0.5 * self.geometry.cell_size;
        for band in Bands::new(&self.geometry, ray, reach) {
            for k in band.first..=band.last {
                let cell = band.cell(&self.geometry, k);
                if !self.occupied.contains(cell) {
                    continue;
                }
                stats.nodes_visited += 1;
                for (proxy, p) in self.listed(cell) {
                    if !offer_to_ray(ray, proxy, &p.aabb, &mut clip, &mut stats, visit) {
                        return stats;
                    }
                }
            }
            if band.beyond > clip {
                break;
            }
        }
        if !self.oversize_cells.filed.is_empty() {
            self.walk_ray_coarse_cells(ray, clip, &mut stats, visit);
        }
        stats
    }

    /// The oversize proxies filed in coarse cells, band by band as the
    /// grid's own walk, from the clip that walk reached: a box filed in a
    /// coarse cell lies within half a coarse cell of it.
    #[inline(never)]
    fn walk_ray_coarse_cells(
        &self,
        ray: &RayPath,
        mut clip: f64,
        stats: &mut Stats,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) {
        let coarse = &self.oversize_cells;
        let reach = 0.5 * coarse.geometry.cell_size;
        for band in Bands::new(&coarse.geometry, ray, reach) {
            for k in band.first..=band.last {
                let cell = band.cell(&coarse.geometry, k);
                if !coarse.occupied.contains(cell) {
                    continue;
                }
                stats.nodes_visited += 1;
                for proxy in coarse.listed(cell) {
                    if !offer_to_ray(ray, proxy, &self.proxies[proxy as usize].aabb, &mut clip, stats, visit)
                    {
                        return;
                    }
                }
            }
            if band.beyond > clip {
                break;
            }
        }
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
        crate::small_sort::sort(&mut cells.filed);
    }
}
