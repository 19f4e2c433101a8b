//! The loose grid as a [`BroadPhase`]. Each method is the inherent method of
//! the same name, written in the file of its verb (`update.rs`,
//! `queries.rs`, …).

use super::storage::LooseGrid;
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::pair_sink::PairSink;
use crate::segment::RayPath;

impl LooseGrid {
    /// The name `World::set_structure` takes for it.
    pub const NAME: &'static str = "loose-grid";
}

impl BroadPhase for LooseGrid {
    fn name(&self) -> &'static str {
        LooseGrid::NAME
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        LooseGrid::insert(self, proxy, aabb)
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        LooseGrid::update(self, proxy, aabb)
    }

    fn remove(&mut self, proxy: u32) {
        LooseGrid::remove(self, proxy)
    }

    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats {
        LooseGrid::find_pairs(self, out)
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        LooseGrid::query(self, area, out)
    }

    fn query_partners(&mut self, proxy: u32, out: &mut Vec<u32>) -> Stats {
        LooseGrid::query_partners(self, proxy, out)
    }

    fn space_order(&self, out: &mut Vec<u32>) -> bool {
        LooseGrid::space_order(self, out)
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
        LooseGrid::relabel(self, new_of_old, old_of_new)
    }

    fn stored_aabb(&self, proxy: u32) -> Option<Aabb> {
        let p = self.proxies.get(proxy as usize)?;
        (p.home != NULL_INDEX).then_some(p.aabb)
    }

    fn validate(&self) -> Result<(), String> {
        LooseGrid::validate(self)
    }
}
