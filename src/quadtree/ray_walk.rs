//! The quadtree's nodes along a segment, nearest first (Box2D's
//! `b2DynamicTree_RayCast`, parry's best-first BVH cast): a node whose
//! closed square the segment misses, or enters only after the visitor's
//! clip, is skipped with everything below it. A node's items are read as
//! its run of the item arrays, box and proxy side by side. Under the
//! straddle policy the root also holds the boxes that are not inside the
//! world, so its own items are always visited; under the leaves policy
//! those are in the outside list, visited first, and a box filed in several
//! leaves is visited once.

use super::tree::{Placement, Quadtree, ROOT};
use crate::broad_phase::{offer_to_ray, RayControl, Stats};
use crate::geometry::Aabb;
use crate::segment::RayPath;

impl Quadtree {
    pub(super) fn walk_ray_nodes(
        &mut self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        let mut stats = Stats::default();
        let mut clip = max_t;
        let leaves = self.placement == Placement::AllOverlappedLeaves;
        let mark = if leaves { self.next_mark() } else { 0 };
        if leaves {
            for (&proxy, aabb) in self.outside.iter().zip(&self.outside_boxes) {
                if !offer_to_ray(ray, proxy, aabb, &mut clip, &mut stats, visit) {
                    return stats;
                }
            }
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(ROOT);
        'walk: while let Some(node) = stack.pop() {
            let n = self.nodes[node as usize];
            // The root's square bounds only what is inside the world.
            let holds_outsiders = node == ROOT && !leaves;
            if !holds_outsiders && ray.entry_lower_bound(&n.bounds).is_none_or(|t| t > clip) {
                continue;
            }
            stats.nodes_visited += 1;
            for i in n.items() {
                let proxy = self.items.proxy[i];
                if leaves {
                    let seen = &mut self.marks[proxy as usize];
                    if *seen == mark {
                        continue;
                    }
                    *seen = mark;
                }
                if !offer_to_ray(ray, proxy, &self.items.boxes[i], &mut clip, &mut stats, visit) {
                    break 'walk;
                }
            }
            if n.is_leaf() {
                continue;
            }
            // The children the segment reaches before the clip, pushed
            // farthest first so the nearest is walked next.
            let mut near = [(0u32, 0.0f64); 4];
            let mut count = 0;
            for child in n.first_child..n.first_child + 4 {
                let c = &self.nodes[child as usize];
                if c.subtree_count == 0 {
                    continue; // nothing below to visit
                }
                if let Some(t) = ray.entry_lower_bound(&c.bounds) {
                    if t <= clip {
                        near[count] = (child, t);
                        count += 1;
                    }
                }
            }
            let near = &mut near[..count];
            crate::small_sort::sort_by(near, |a, b| b.1.total_cmp(&a.1).is_lt());
            stack.extend(near.iter().map(|&(child, _)| child));
        }
        self.stack = stack;
        stats
    }
}
