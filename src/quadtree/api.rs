//! The quadtree as a [`BroadPhase`].

use super::tree::{Placement, Quadtree};
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::pair_sink::PairSink;
use crate::segment::RayPath;

impl BroadPhase for Quadtree {
    fn name(&self) -> &'static str {
        self.placement.name()
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        self.insert_proxy(proxy, aabb);
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        match self.placement {
            Placement::StraddleInParent => self.update_straddle(proxy, aabb),
            Placement::AllOverlappedLeaves => self.update_leaves(proxy, aabb),
        }
    }

    fn remove(&mut self, proxy: u32) {
        self.remove_proxy(proxy);
    }

    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats {
        match self.placement {
            Placement::StraddleInParent => self.pairs_straddle(out),
            Placement::AllOverlappedLeaves => self.pairs_leaves(out),
        }
    }

    fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        match self.placement {
            Placement::StraddleInParent => self.query_straddle(&area, out),
            Placement::AllOverlappedLeaves => self.query_leaves(&area, out),
        }
    }

    fn walk_ray(
        &mut self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        self.walk_ray_nodes(ray, max_t, visit)
    }

    fn space_order(&self, out: &mut Vec<u32>) -> bool {
        self.space_order_into(out);
        true
    }

    fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        self.relabel_proxies(new_of_old, old_of_new);
    }

    fn stored_aabb(&self, proxy: u32) -> Option<Aabb> {
        self.stored_box(proxy)
    }

    fn validate(&self) -> Result<(), String> {
        self.validate_tree()
    }
}
