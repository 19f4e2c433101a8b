//! Filing objects, and splitting leaves that overflow.

use super::items::capacity_for;
use super::stay_interval::Stay;
use super::tree::{
    midpoint, quadrant_bounds, quadrant_of, spreads_in, straddle_reason, Placement, Quadtree, QuadtreeLimits,
    ROOT,
};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

impl Quadtree {
    /// Stores a proxy that is not present yet, telling `t` each step.
    pub(super) fn insert_proxy<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        let index = proxy as usize;
        if self.first_item.len() <= index {
            self.first_item.resize(index + 1, NULL_INDEX);
            self.outside_pos.resize(index + 1, NULL_INDEX);
            if self.placement == Placement::AllOverlappedLeaves {
                self.stay.resize(index + 1, Stay::NEVER);
            } else {
                self.proxy_node.resize(index + 1, NULL_INDEX);
            }
        }
        debug_assert!(!self.is_present(proxy), "proxy {proxy} inserted twice");
        self.proxy_count += 1;
        t.note(|| Step::new(TraceKind::Insert).of(proxy).at(aabb).count(self.proxy_count));
        self.file(proxy, aabb, ROOT, t);
        self.dirty.push(proxy);
        self.refresh_dirty_stays();
        self.reserve_scratch();
        self.compact_if_wasteful();
    }

    /// Files a proxy that is in no node (and not outside) where its
    /// placement says, searching from `near` (any node; the search climbs
    /// to one containing the box first), and splits what overflows.
    pub(super) fn file<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, near: u32, t: &mut T) {
        match self.placement {
            Placement::StraddleInParent => {
                let node = self.deepest_container(near, &aabb, t);
                self.push_item(node, proxy, aabb);
                t.note(|| self.filed_step(proxy, node, &aabb));
                self.split_overflowing(node, t);
            }
            Placement::AllOverlappedLeaves => {
                if !self.holds_inside(&aabb) {
                    self.outside_pos[proxy as usize] = self.outside.len() as u32;
                    self.outside.push(proxy);
                    self.outside_boxes.push(aabb);
                    t.note(|| {
                        let world = self.nodes[ROOT as usize].bounds;
                        let reason = if world.contains(&aabb) {
                            TraceReason::MinCornerOnFarEdge
                        } else {
                            TraceReason::NotInsideWorld
                        };
                        Step::new(TraceKind::OutsideList)
                            .because(reason)
                            .of(proxy)
                            .at(aabb)
                            .count(self.outside.len() as u32)
                    });
                    return;
                }
                let mut leaves = std::mem::take(&mut self.leaves);
                leaves.clear();
                let from = self.reach_container(near, &aabb);
                self.collect_reached_leaves(from, &aabb, &mut leaves, t);
                for &leaf in &leaves {
                    self.push_item(leaf, proxy, aabb);
                    t.note(|| self.filed_step(proxy, leaf, &aabb));
                }
                for &leaf in &leaves {
                    self.split_overflowing(leaf, t);
                }
                self.leaves = leaves;
            }
        }
    }

    /// The step of `proxy` (box `aabb`) just stored in `node`: why there,
    /// the node's count now, the limit it is held to.
    pub(super) fn filed_step(&self, proxy: u32, node: u32, aabb: &Aabb) -> Step {
        let n = &self.nodes[node as usize];
        let reason = if n.is_leaf() {
            TraceReason::ReachedLeaf
        } else if n.bounds.contains(aabb) {
            TraceReason::StraddlesMidline
        } else {
            TraceReason::OutsideWorld
        };
        let step = self.node_step(TraceKind::File, node).because(reason).of(proxy);
        step.count(n.count).limit(self.limits.max_objects)
    }

    /// The deepest node whose closed bounds contain `aabb` (the root for
    /// boxes not wholly inside the world), found from `near`: up to the
    /// first node containing the box, then down.
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    pub(super) fn deepest_container<T: Tracer<Step>>(&self, near: u32, aabb: &Aabb, t: &mut T) -> u32 {
        let mut node = near;
        while node != ROOT && !self.nodes[node as usize].bounds.contains(aabb) {
            t.note(|| self.node_step(TraceKind::Climb, node));
            node = self.nodes[node as usize].parent;
        }
        loop {
            let n = &self.nodes[node as usize];
            if n.is_leaf() {
                return node;
            }
            match quadrant_of(&n.bounds, aabb) {
                Some(q) => {
                    t.note(|| self.node_step(TraceKind::Descend, node).cell(q % 2, q / 2));
                    node = n.first_child + q;
                }
                None => {
                    t.note(|| {
                        self.node_step(TraceKind::Straddle, node).because(straddle_reason(&n.bounds, aabb))
                    });
                    return node;
                }
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
    pub(super) fn collect_reached_leaves<T: Tracer<Step>>(
        &self,
        from: u32,
        aabb: &Aabb,
        out: &mut Vec<u32>,
        t: &mut T,
    ) {
        if !t.on() {
            self.collect_reached_leaves_quietly(from, aabb, out);
            return;
        }
        self.walk_depth_first(from, |index, n| {
            let reached = aabb.reaches(&n.bounds);
            t.note(|| {
                let reason = if reached { TraceReason::Reached } else { TraceReason::NotReached };
                Step::new(TraceKind::Visit).node(n.bounds, n.depth).because(reason).count(n.count)
            });
            if reached && n.is_leaf() {
                out.push(index);
            }
            reached
        });
    }

    /// The everyday walk of [`Quadtree::collect_reached_leaves`], in the
    /// same order, visiting only nodes the box reaches: a child's edges are
    /// its parent's and the parent's midlines, so of the tests
    /// [`Aabb::reaches`] makes on a child of a reached node, those against
    /// the parent's edges hold already, and what is left is one comparison
    /// with each midline; the children not reached are never read. Each
    /// child is written on the stack and kept or not by its test, without a
    /// branch (which quadrants a moving box reaches is irregular).
    fn collect_reached_leaves_quietly(&self, from: u32, aabb: &Aabb, out: &mut Vec<u32>) {
        // Three waiting siblings a level at most, as in `walk_depth_first`,
        // and room for the one write past the top a rejected child makes.
        let mut stack = [0u32; 3 * QuadtreeLimits::MAX_LEVELS as usize + 5];
        stack[0] = from;
        let mut top = usize::from(aabb.reaches(&self.nodes[from as usize].bounds));
        while top > 0 {
            top -= 1;
            let index = stack[top];
            let n = &self.nodes[index as usize];
            if n.is_leaf() {
                out.push(index);
                continue;
            }
            let (mid_x, mid_y) = midpoint(&n.bounds);
            let left = aabb.min_x < mid_x;
            let right = mid_x < aabb.max_x || mid_x <= aabb.min_x;
            let upper = aabb.min_y < mid_y;
            let lower = mid_y < aabb.max_y || mid_y <= aabb.min_y;
            // Children in reverse Z order, so the first is taken first.
            for (k, reached) in [(3, lower & right), (2, lower & left), (1, upper & right), (0, upper & left)]
            {
                stack[top] = n.first_child + k;
                top += usize::from(reached);
            }
        }
    }

    /// Splits `node` if it is a leaf holding too many items, then any child
    /// that overflows in turn (all items may land in one quadrant).
    pub(super) fn split_overflowing<T: Tracer<Step>>(&mut self, node: u32, t: &mut T) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(node);
        while let Some(node) = stack.pop() {
            let n = self.nodes[node as usize];
            if n.is_leaf() && n.count > self.limits.max_objects {
                // Its items' boxes are read next.
                self.give_back_early_stores(node, false);
            }
            // `count` first: it bounds `splitting_items`, which tests every item.
            if !n.is_leaf()
                || n.depth >= self.limits.max_levels
                || n.count <= self.limits.max_objects
                || self.splitting_items(node) <= self.limits.max_objects
            {
                t.note(|| self.no_split_step(node));
                continue;
            }
            let first = self.allocate_children(node);
            match self.placement {
                Placement::StraddleInParent => self.split_straddle(node, first, t),
                Placement::AllOverlappedLeaves => self.split_leaves(node, first, t),
            }
            stack.extend(first..first + 4);
        }
        self.stack = stack;
    }

    /// Why `split_overflowing` leaves `node` as it is, in the order it asks.
    fn no_split_step(&self, node: u32) -> Step {
        let n = &self.nodes[node as usize];
        let (max_objects, max_levels) = (self.limits.max_objects, self.limits.max_levels);
        let step = self.node_step(TraceKind::NoSplit, node).count(n.count);
        if !n.is_leaf() {
            step.because(TraceReason::AlreadySplit).limit(max_objects)
        } else if n.depth >= max_levels {
            step.because(TraceReason::MaxDepth).limit(max_levels)
        } else if n.count <= max_objects {
            step.because(TraceReason::WithinLimit).counted(n.count).limit(max_objects)
        } else {
            step.because(TraceReason::StraddlersNotCounted)
                .counted(self.splitting_items(node))
                .limit(max_objects)
        }
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
    fn split_straddle<T: Tracer<Step>>(&mut self, node: u32, first: u32, t: &mut T) {
        let n = self.nodes[node as usize];
        self.dirty.extend_from_slice(&self.items.proxy[n.items()]);
        let mut counts = [0u32; 4];
        for i in n.items() {
            if let Some(q) = quadrant_of(&n.bounds, &self.items.boxes[i]) {
                counts[q as usize] += 1;
            }
        }
        t.note(|| {
            let moved: u32 = counts.iter().sum();
            self.node_step(TraceKind::Split, node)
                .because(TraceReason::OverLimit)
                .count(n.count)
                .counted(n.count)
                .limit(self.limits.max_objects)
                .moved(moved, n.count - moved)
        });
        self.allocate_child_ranges(first, counts);
        let mut kept = n.start;
        for index in n.start..n.start + n.count {
            let aabb = self.items.boxes[index as usize];
            let proxy = self.items.proxy[index as usize];
            match quadrant_of(&n.bounds, &aabb) {
                Some(q) => {
                    t.note(|| self.node_step(TraceKind::MoveDown, first + q).of(proxy).cell(q % 2, q / 2));
                    let child = &mut self.nodes[(first + q) as usize];
                    let to = child.start + child.count;
                    child.count += 1;
                    self.move_item(index, to);
                    self.items.node[to as usize] = first + q;
                    self.proxy_node[proxy as usize] = first + q;
                }
                None => {
                    t.note(|| {
                        Step::new(TraceKind::Stay)
                            .node(n.bounds, n.depth)
                            .of(proxy)
                            .because(straddle_reason(&n.bounds, &aabb))
                    });
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
    fn split_leaves<T: Tracer<Step>>(&mut self, node: u32, first: u32, t: &mut T) {
        let n = self.nodes[node as usize];
        self.dirty.extend_from_slice(&self.items.proxy[n.items()]);
        let quadrants = quadrant_bounds(&n.bounds);
        let mut counts = [0u32; 4];
        for i in n.items() {
            for (k, q) in quadrants.iter().enumerate() {
                counts[k] += u32::from(self.items.boxes[i].reaches(q));
            }
        }
        t.note(|| {
            let copies: u32 = counts.iter().sum();
            self.node_step(TraceKind::Split, node)
                .because(TraceReason::FittingOverLimit)
                .count(n.count)
                .counted(self.splitting_items(node))
                .limit(self.limits.max_objects)
                .moved(copies, 0)
        });
        self.allocate_child_ranges(first, counts);
        for index in n.start..n.start + n.count {
            let (proxy, aabb) = (self.items.proxy[index as usize], self.items.boxes[index as usize]);
            self.unchain(index);
            self.items.make_hole(index as usize);
            for (k, q) in quadrants.iter().enumerate() {
                if aabb.reaches(q) {
                    self.append_unchecked(first + k as u32, proxy, aabb);
                    t.note(|| {
                        self.node_step(TraceKind::Copy, first + k as u32)
                            .of(proxy)
                            .cell(k as u32 % 2, k as u32 / 2)
                    });
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
