//! Filing objects, and splitting leaves that overflow.

use super::items::capacity_for;
use super::stay_interval::Stay;
use super::tree::{quadrant_bounds, quadrant_of, spreads_in, Placement, Quadtree, ROOT};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

impl Quadtree {
    /// Stores a proxy that is not present yet.
    pub(super) fn insert_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let index = proxy as usize;
        if self.first_item.len() <= index {
            self.first_item.resize(index + 1, NULL_INDEX);
            self.outside_pos.resize(index + 1, NULL_INDEX);
            if self.placement == Placement::AllOverlappedLeaves {
                self.stay.resize(index + 1, Stay::NEVER);
            }
        }
        debug_assert!(!self.is_present(proxy), "proxy {proxy} inserted twice");
        self.proxy_count += 1;
        self.file(proxy, aabb, ROOT);
        self.dirty.push(proxy);
        self.refresh_dirty_stays();
        self.reserve_scratch();
        self.compact_if_wasteful();
    }

    /// Files a proxy that is in no node (and not outside) where its
    /// placement says, searching from `near` (any node; the search climbs
    /// to one containing the box first), and splits what overflows.
    pub(super) fn file(&mut self, proxy: u32, aabb: Aabb, near: u32) {
        match self.placement {
            Placement::StraddleInParent => {
                let node = self.deepest_container(near, &aabb);
                self.push_item(node, proxy, aabb);
                self.split_overflowing(node);
            }
            Placement::AllOverlappedLeaves => {
                if !self.holds_inside(&aabb) {
                    self.outside_pos[proxy as usize] = self.outside.len() as u32;
                    self.outside.push(proxy);
                    self.outside_boxes.push(aabb);
                    return;
                }
                let mut leaves = std::mem::take(&mut self.leaves);
                leaves.clear();
                let from = self.reach_container(near, &aabb);
                self.collect_reached_leaves(from, &aabb, &mut leaves);
                for &leaf in &leaves {
                    self.push_item(leaf, proxy, aabb);
                }
                for &leaf in &leaves {
                    self.split_overflowing(leaf);
                }
                self.leaves = leaves;
            }
        }
    }

    /// The deepest node whose closed bounds contain `aabb` (the root for
    /// boxes not wholly inside the world), found from `near`: up to the
    /// first node containing the box, then down.
    pub(super) fn deepest_container(&self, near: u32, aabb: &Aabb) -> u32 {
        let mut node = near;
        while node != ROOT && !self.nodes[node as usize].bounds.contains(aabb) {
            node = self.nodes[node as usize].parent;
        }
        loop {
            let n = &self.nodes[node as usize];
            if n.is_leaf() {
                return node;
            }
            match quadrant_of(&n.bounds, aabb) {
                Some(q) => node = n.first_child + q,
                None => return node,
            }
        }
    }

    /// Leaves policy: whether a box goes in the tree rather than the outside
    /// list. Its min corner must be in the half-open world, so the overlap
    /// corner of any pair of such boxes falls in exactly one leaf.
    pub(super) fn holds_inside(&self, aabb: &Aabb) -> bool {
        let world = self.nodes[ROOT as usize].bounds;
        world.contains(aabb) && world.contains_point_half_open(aabb.min_x, aabb.min_y)
    }

    /// Leaves policy: the first node from `near` up (the root at the
    /// latest) that holds every leaf `aabb` reaches: one containing the box
    /// with its min corner in the node's half-open bounds. A leaf outside it
    /// would lie wholly left of (or above) the min corner, or at or beyond
    /// the box's far edge while the min corner is before it: reached by
    /// neither (see [`Aabb::reaches`]).
    pub(super) fn reach_container(&self, near: u32, aabb: &Aabb) -> u32 {
        let mut node = near;
        while node != ROOT {
            let b = &self.nodes[node as usize].bounds;
            if b.contains(aabb) && b.contains_point_half_open(aabb.min_x, aabb.min_y) {
                break;
            }
            node = self.nodes[node as usize].parent;
        }
        node
    }

    /// Appends the leaves `aabb` reaches (see [`Aabb::reaches`]) at or
    /// below `from`, which must hold them all (see `reach_container`).
    pub(super) fn collect_reached_leaves(&self, from: u32, aabb: &Aabb, out: &mut Vec<u32>) {
        self.walk_depth_first(from, |index, n| {
            let reached = aabb.reaches(&n.bounds);
            if reached && n.is_leaf() {
                out.push(index);
            }
            reached
        });
    }

    /// Splits `node` if it is a leaf holding too many items, then any child
    /// that overflows in turn (all items may land in one quadrant).
    pub(super) fn split_overflowing(&mut self, node: u32) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(node);
        while let Some(node) = stack.pop() {
            let n = self.nodes[node as usize];
            // `count` first: it bounds `splitting_items`, which tests every item.
            if !n.is_leaf()
                || n.depth >= self.limits.max_levels
                || n.count <= self.limits.max_objects
                || self.splitting_items(node) <= self.limits.max_objects
            {
                continue;
            }
            let first = self.allocate_children(node);
            match self.placement {
                Placement::StraddleInParent => self.split_straddle(node, first),
                Placement::AllOverlappedLeaves => self.split_leaves(node, first),
            }
            stack.extend(first..first + 4);
        }
        self.stack = stack;
    }

    /// Gives the four new children of `node` ranges for `counts` items.
    fn allocate_child_ranges(&mut self, first: u32, counts: [u32; 4]) {
        for (k, &count) in counts.iter().enumerate() {
            if count > 0 {
                let capacity = capacity_for(count);
                let start = self.allocate_range(capacity);
                let child = &mut self.nodes[first as usize + k];
                child.start = start;
                child.capacity = capacity;
                child.subtree_count = count;
            }
        }
    }

    /// Straddle policy: the items that fit in a quadrant move to that child;
    /// the rest close up at the front of the node's range.
    fn split_straddle(&mut self, node: u32, first: u32) {
        let n = self.nodes[node as usize];
        self.dirty.extend_from_slice(&self.items.proxy[n.items()]);
        let mut counts = [0u32; 4];
        for i in n.items() {
            if let Some(q) = quadrant_of(&n.bounds, &self.items.boxes[i]) {
                counts[q as usize] += 1;
            }
        }
        self.allocate_child_ranges(first, counts);
        let mut kept = n.start;
        for index in n.start..n.start + n.count {
            match quadrant_of(&n.bounds, &self.items.boxes[index as usize]) {
                Some(q) => {
                    let child = &mut self.nodes[(first + q) as usize];
                    let to = child.start + child.count;
                    child.count += 1;
                    self.move_item(index, to);
                    self.items.node[to as usize] = first + q;
                }
                None => {
                    if index != kept {
                        self.move_item(index, kept);
                    }
                    kept += 1;
                }
            }
        }
        self.nodes[node as usize].count = kept - n.start;
    }

    /// Leaves policy: every item is copied into each child it reaches, and
    /// the node's range is given up (inner nodes hold nothing).
    fn split_leaves(&mut self, node: u32, first: u32) {
        let n = self.nodes[node as usize];
        self.dirty.extend_from_slice(&self.items.proxy[n.items()]);
        let quadrants = quadrant_bounds(&n.bounds);
        let mut counts = [0u32; 4];
        for i in n.items() {
            for (k, q) in quadrants.iter().enumerate() {
                counts[k] += u32::from(self.items.boxes[i].reaches(q));
            }
        }
        self.allocate_child_ranges(first, counts);
        for index in n.start..n.start + n.count {
            let (proxy, aabb) = (self.items.proxy[index as usize], self.items.boxes[index as usize]);
            self.unchain(index);
            self.items.make_hole(index as usize);
            for (k, q) in quadrants.iter().enumerate() {
                if aabb.reaches(q) {
                    self.append_unchecked(first + k as u32, proxy, aabb);
                }
            }
        }
        let copies: u32 = counts.iter().sum();
        self.nodes[node as usize].count = 0;
        self.release_range(node);
        self.add_to_subtree_counts(node, copies as i32 - n.count as i32);
    }

    /// How many of a leaf's items a split would spread out: under the
    /// leaves policy only items that fit in one quadrant count.
    ///
    /// An item reaching two or more quadrants (straddling a midline) is
    /// copied into each of them, so the split does not separate it from the
    /// others there; counting it split the tree to full depth with ever more
    /// leaves wherever items share a line across a leaf: two boxes
    /// overlapping in a sliver from edge to edge doubled the leaves along it
    /// at every level (`max_objects = 1`, 48 levels: 134M nodes, then an
    /// out-of-memory trap), and every overlap of small boxes had its edges
    /// split to full depth. A box covering the whole leaf reaches all four.
    /// Items that do fit in one quadrant are separated by their corners, a
    /// few per box, so splitting for them stays bounded: even identical
    /// boxes, all in one quadrant, descend only until they straddle a
    /// midline (or reach `max_levels`), and a tight cluster in one quadrant
    /// is refined as it should be.
    pub(super) fn splitting_items(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        if self.placement == Placement::StraddleInParent {
            return n.count;
        }
        n.items().filter(|&i| spreads_in(&n.bounds, &self.items.boxes[i])).count() as u32
    }
}
