//! The normal grid as a [`BroadPhase`]. Each method is the inherent
//! `<verb>_traced` method with no tracer ([`NoTrace`]), written in the file
//! of its verb (`update.rs`, `queries.rs`, …).

use super::storage::Grid;
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::pair_sink::PairSink;
use crate::segment::RayPath;
use crate::trace::NoTrace;

impl Grid {
    /// The name `World::set_structure` takes for it.
    pub const NAME: &'static str = "grid";
}

impl BroadPhase for Grid {
    fn name(&self) -> &'static str {
        Grid::NAME
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        self.insert_traced(proxy, aabb, &mut NoTrace)
    }

    // Inlined into the World's step: what is left of it is a box store and
    // a comparison of cell ranges (the re-filing is out of line).
    #[inline(always)]
    fn update(&mut self, proxy: u32, aabb: Aabb) {
        self.update_inline(proxy, aabb, &mut NoTrace)
    }

    fn remove(&mut self, proxy: u32) {
        self.remove_traced(proxy, &mut NoTrace)
    }

    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats {
        #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
        if crate::parallel::pays(self.proxy_count) {
            return self.pairs_parallel(out);
        }
        self.pairs_traced(out, &mut NoTrace)
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        self.query_traced(area, out, &mut NoTrace)
    }

    fn walk_ray(
        &mut self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        self.walk_ray_cells(ray, max_t, visit)
    }

    fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        Grid::relabel(self, new_of_old, old_of_new)
    }

    fn stored_aabb(&self, proxy: u32) -> Option<Aabb> {
        let first = *self.first_entry.get(proxy as usize)?;
        (first != NULL_INDEX).then(|| self.proxies[proxy as usize].aabb)
    }

    fn validate(&self) -> Result<(), String> {
        Grid::validate(self)
    }
}
