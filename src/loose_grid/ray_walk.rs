//! The loose grid's cells along a segment, front to back, with their loose
//! bounds: an object filed in a cell (its centre's) sticks out of it by
//! under half a cell, so the bands of the walk (`grid/ray_walk.rs`) reach
//! half a cell further each way. The oversize list comes first.

use super::storage::LooseGrid;
use crate::broad_phase::{offer_to_ray, RayControl, Stats};
use crate::geometry::Aabb;
use crate::grid::Bands;
use crate::segment::RayPath;

impl LooseGrid {
    /// Every oversize proxy, then the cells band by band until the
    /// visitor's clip lies before the next band.
    pub(super) fn walk_ray_cells(
        &self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        let mut stats = Stats::default();
        let mut clip = max_t;
        for &proxy in &self.oversize {
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
        stats
    }
}
