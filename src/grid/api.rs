//! The normal grid as a [`BroadPhase`]. Each method is the inherent method of
//! the same name, written in the file of its verb (`update.rs`,
//! `queries.rs`, …).

use super::storage::Grid;
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::pair_sink::PairSink;
use crate::segment::RayPath;

impl Grid {
    /// The name `World::set_structure` takes for it.
    pub const NAME: &'static str = "grid";
}

impl BroadPhase for Grid {
    fn name(&self) -> &'static str {
        Grid::NAME
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        Grid::insert(self, proxy, aabb)
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        Grid::update(self, proxy, aabb)
    }

    fn remove(&mut self, proxy: u32) {
        Grid::remove(self, proxy)
    }

    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats {
        Grid::find_pairs(self, out)
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        Grid::query(self, area, out)
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
