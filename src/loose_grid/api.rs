//! The loose grid as a [`BroadPhase`].

use super::storage::{LooseGrid, ABSENT};
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::ray::RayPath;

impl BroadPhase for LooseGrid {
    fn name(&self) -> &'static str {
        "loose-grid"
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        self.insert_proxy(proxy, aabb);
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        self.update_proxy(proxy, aabb);
    }

    fn remove(&mut self, proxy: u32) {
        self.remove_proxy(proxy);
    }

    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
        self.pairs_all(out)
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        self.query_area(&area, out)
    }

    fn query_partners(&mut self, proxy: u32, out: &mut Vec<u32>) -> Stats {
        self.partners_of(proxy, out)
    }

    fn space_order(&self, out: &mut Vec<u32>) -> bool {
        self.walk_order(out);
        true
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
        self.relabel_proxies(new_of_old, old_of_new);
    }

    fn stored_aabb(&self, proxy: u32) -> Option<Aabb> {
        let p = self.proxies.get(proxy as usize)?;
        (p.home != ABSENT).then_some(p.aabb)
    }

    fn validate(&self) -> Result<(), String> {
        self.validate_grid()
    }
}
