//! The quadtree as a [`BroadPhase`]: in-place updates that re-file an object
//! only when the node it belongs in changes.

use super::tree::{quadrant_of, Placement, Quadtree, ABSENT, NULL, OUTSIDE, ROOT};
use crate::broad_phase::{BroadPhase, RayControl, Stats};
use crate::geometry::Aabb;
use crate::ray::RayPath;

impl Quadtree {
    /// Whether a moved box still belongs exactly where it is stored, so the
    /// update is a store of the new box and nothing else.
    fn stays_put(&mut self, proxy: u32, aabb: &Aabb) -> bool {
        let first = self.first_link[proxy as usize];
        match self.placement {
            Placement::StraddleInParent => {
                let n = &self.nodes[self.links[first as usize].node as usize];
                let fits_here = self.links[first as usize].node == ROOT || n.bounds.contains(aabb);
                fits_here && (n.is_leaf() || quadrant_of(&n.bounds, aabb).is_none())
            }
            Placement::AllOverlappedLeaves => {
                let inside = self.holds_inside(aabb);
                if first == OUTSIDE || !inside {
                    return first == OUTSIDE && !inside;
                }
                // Common case: held in one leaf that contains the new box with
                // its min corner off the far edges (a box so thin that
                // x + w == x on the edge reaches the next leaf): then it
                // reaches that leaf and no other.
                let only = self.links[first as usize];
                let leaf = &self.nodes[only.node as usize].bounds;
                if only.next_of_proxy == NULL
                    && leaf.contains(aabb)
                    && leaf.contains_point_half_open(aabb.min_x, aabb.min_y)
                {
                    return true;
                }
                // Same set of leaves as the links held? Compare sorted lists.
                let mut reached = std::mem::take(&mut self.inner_stack);
                let mut held = std::mem::take(&mut self.held_scratch);
                reached.clear();
                held.clear();
                self.collect_reached_leaves(aabb, &mut reached);
                let mut link = first;
                while link != NULL {
                    held.push(self.links[link as usize].node);
                    link = self.links[link as usize].next_of_proxy;
                }
                let same = held.len() == reached.len() && {
                    held.sort_unstable();
                    reached.sort_unstable();
                    held == reached
                };
                self.inner_stack = reached;
                self.held_scratch = held;
                same
            }
        }
    }
}

impl Quadtree {
    /// Leaves policy: a box that straddled a leaf's midlines did not count
    /// towards its split; a box that moved within its leaves may now fit in
    /// one quadrant, so each of its leaves is checked again.
    fn split_leaves_of(&mut self, proxy: u32) {
        let mut due = std::mem::take(&mut self.held_scratch);
        due.clear();
        let mut link = self.first_link[proxy as usize];
        while link != NULL && link != OUTSIDE {
            due.push(self.links[link as usize].node);
            link = self.links[link as usize].next_of_proxy;
        }
        for &leaf in &due {
            self.split_overflowing(leaf);
        }
        self.held_scratch = due;
    }
}

impl BroadPhase for Quadtree {
    fn name(&self) -> &'static str {
        match self.placement {
            Placement::StraddleInParent => "quadtree",
            Placement::AllOverlappedLeaves => "quadtree-leaves",
        }
    }

    fn insert(&mut self, proxy: u32, aabb: Aabb) {
        self.insert_proxy(proxy, aabb);
    }

    fn update(&mut self, proxy: u32, aabb: Aabb) {
        if self.stays_put(proxy, &aabb) {
            self.aabbs[proxy as usize] = aabb;
            if self.placement == Placement::AllOverlappedLeaves {
                self.split_leaves_of(proxy);
            }
        } else {
            self.remove_proxy(proxy);
            self.insert_proxy(proxy, aabb);
        }
    }

    fn remove(&mut self, proxy: u32) {
        self.remove_proxy(proxy);
    }

    fn pairs(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
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

    fn relabel(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        self.relabel_proxies(new_of_old, old_of_new);
    }

    fn stored_aabb(&self, proxy: u32) -> Option<Aabb> {
        let first = *self.first_link.get(proxy as usize)?;
        (first != ABSENT).then(|| self.aabbs[proxy as usize])
    }

    fn validate(&self) -> Result<(), String> {
        self.validate_tree()
    }
}
