//! The quadtree as a [`BroadPhase`].

use super::tree::{Placement, Quadtree};
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::pair_sink::PairSink;
use crate::segment::RayPath;
use crate::trace::{NoTrace, Step, Tracer};

impl BroadPhase for Quadtree {
    fn name(&self) -> &'static str {
        self.placement.name()
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        self.insert_proxy(proxy, aabb, &mut NoTrace);
    }

    // Always inlined, as the grids' is: the World's loops then test the
    // stay intervals (leaves) or the node (straddle) themselves and call
    // out only to re-file.
    #[inline(always)]
    fn update(&mut self, proxy: u32, aabb: Aabb) {
        match self.placement {
            Placement::StraddleInParent => self.update_straddle(proxy, aabb, &mut NoTrace),
            Placement::AllOverlappedLeaves => self.update_leaves(proxy, aabb, &mut NoTrace),
        }
    }

    fn remove(&mut self, proxy: u32) {
        self.remove_proxy(proxy, &mut NoTrace);
    }

    fn pairs_into(&mut self, out: &mut PairSink<'_>) -> Stats {
        match self.placement {
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            Placement::StraddleInParent if crate::parallel::pays(self.proxy_count) => {
                self.pairs_straddle_parallel(out)
            }
            Placement::StraddleInParent => self.pairs_straddle(out),
            #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
            Placement::AllOverlappedLeaves if crate::parallel::pays(self.proxy_count) => {
                self.pairs_leaves_parallel(out)
            }
            Placement::AllOverlappedLeaves => self.pairs_leaves(out),
        }
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

/// The operations of [`BroadPhase`] that a trace can follow, telling a
/// [`Tracer`] each step they take (see `crate::trace`); the trait's
/// methods are these with [`NoTrace`].
impl Quadtree {
    /// [`BroadPhase::insert`], step by step: the path down the tree (each
    /// quadrant test), where the box is stored and why, every split check
    /// and split it causes.
    pub fn insert_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        self.insert_proxy(proxy, aabb, t);
    }

    /// [`BroadPhase::update`], step by step: whether the box stays filed,
    /// else its way to its new node(s), the splits and collapses.
    pub fn update_traced<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        match self.placement {
            Placement::StraddleInParent => self.update_straddle(proxy, aabb, t),
            Placement::AllOverlappedLeaves => self.update_leaves(proxy, aabb, t),
        }
    }

    /// [`BroadPhase::remove`], step by step: the nodes it leaves, the
    /// collapses and the split nodes that stay.
    pub fn remove_traced<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        self.remove_proxy(proxy, t);
    }

    /// [`BroadPhase::query`], step by step: the nodes visited and skipped
    /// in order, the candidates each hands back and whether each overlaps.
    pub fn query_traced<T: Tracer<Step>>(&mut self, area: Aabb, out: &mut Vec<u32>, t: &mut T) -> Stats {
        match self.placement {
            Placement::StraddleInParent => self.query_straddle(&area, out, t),
            Placement::AllOverlappedLeaves => self.query_leaves(&area, out, t),
        }
    }
}
