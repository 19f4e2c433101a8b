//! Insertion and splitting.

use super::tree::{quadrant_bounds, quadrant_of, Placement, Quadtree, ABSENT, NULL, OUTSIDE, ROOT};
use crate::geometry::Aabb;

impl Quadtree {
    /// Stores a proxy that is not present yet.
    pub(super) fn insert_proxy(&mut self, proxy: u32, aabb: Aabb) {
        let index = proxy as usize;
        if self.aabbs.len() <= index {
            self.aabbs.resize(index + 1, Aabb::default());
            self.first_link.resize(index + 1, ABSENT);
            self.outside_pos.resize(index + 1, NULL);
        }
        debug_assert_eq!(self.first_link[index], ABSENT, "proxy {proxy} inserted twice");
        self.aabbs[index] = aabb;
        self.proxy_count += 1;
        match self.placement {
            Placement::StraddleInParent => {
                let node = self.deepest_container(&aabb);
                self.link(proxy, node);
                self.split_overflowing(node);
                self.reserve_scratch();
            }
            Placement::AllOverlappedLeaves => {
                if !self.holds_inside(&aabb) {
                    self.first_link[index] = OUTSIDE;
                    self.outside_pos[index] = self.outside.len() as u32;
                    self.outside.push(proxy);
                    self.reserve_scratch();
                    return;
                }
                let mut leaves = std::mem::take(&mut self.inner_stack);
                leaves.clear();
                self.collect_reached_leaves(&aabb, &mut leaves);
                for &leaf in &leaves {
                    self.link(proxy, leaf);
                }
                for &leaf in &leaves {
                    self.split_overflowing(leaf);
                }
                self.inner_stack = leaves;
                self.reserve_scratch();
            }
        }
    }

    /// The deepest existing node whose closed bounds contain `aabb`; the root
    /// for boxes not wholly inside the world.
    pub(super) fn deepest_container(&self, aabb: &Aabb) -> u32 {
        let mut node = ROOT;
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

    /// Appends the leaves `aabb` reaches (see [`Aabb::reaches`]).
    pub(super) fn collect_reached_leaves(&mut self, aabb: &Aabb, out: &mut Vec<u32>) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(ROOT);
        while let Some(node) = stack.pop() {
            let n = &self.nodes[node as usize];
            if !aabb.reaches(&n.bounds) {
                continue;
            }
            if n.is_leaf() {
                out.push(node);
            } else {
                stack.extend((0..4).map(|k| n.first_child + k));
            }
        }
        self.stack = stack;
    }

    /// Splits `node` if it is a leaf holding too many items, then any child
    /// that overflows in turn (all items may land in one quadrant).
    pub(super) fn split_overflowing(&mut self, node: u32) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(node);
        while let Some(node) = stack.pop() {
            let n = self.nodes[node as usize];
            if !n.is_leaf()
                || n.depth >= self.limits.max_levels
                || self.splitting_items(node) <= self.limits.max_objects
            {
                continue;
            }
            let first = self.allocate_children(node);
            let mut link = n.head;
            while link != NULL {
                let next = self.links[link as usize].next;
                let proxy = self.links[link as usize].proxy;
                let aabb = self.aabbs[proxy as usize];
                match self.placement {
                    Placement::StraddleInParent => {
                        if let Some(q) = quadrant_of(&n.bounds, &aabb) {
                            self.unlink_from_node(link);
                            self.relink(link, first + q);
                        }
                    }
                    Placement::AllOverlappedLeaves => {
                        self.unlink_from_node(link);
                        self.unchain(proxy, link);
                        self.free_links.push(link);
                        for k in 0..4 {
                            if aabb.reaches(&self.nodes[(first + k) as usize].bounds) {
                                self.link(proxy, first + k);
                            }
                        }
                    }
                }
                link = next;
            }
            stack.extend(first..first + 4);
        }
        self.stack = stack;
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
        let quadrants = quadrant_bounds(&n.bounds);
        let mut spread = 0;
        let mut link = n.head;
        while link != NULL {
            let l = &self.links[link as usize];
            let aabb = &self.aabbs[l.proxy as usize];
            if quadrants.iter().filter(|q| aabb.reaches(q)).count() == 1 {
                spread += 1;
            }
            link = l.next;
        }
        spread
    }

    /// Puts an existing link (already out of its node's list) at the head of
    /// `node`'s list; the proxy chain is unchanged.
    pub(super) fn relink(&mut self, link: u32, node: u32) {
        let head = self.nodes[node as usize].head;
        {
            let l = &mut self.links[link as usize];
            l.node = node;
            l.prev = NULL;
            l.next = head;
        }
        if head != NULL {
            self.links[head as usize].prev = link;
        }
        let n = &mut self.nodes[node as usize];
        n.head = link;
        n.count += 1;
        self.add_to_subtree_counts(node, 1);
    }

    /// Removes `link` from its proxy's chain of links.
    pub(super) fn unchain(&mut self, proxy: u32, link: u32) {
        let after = self.links[link as usize].next_of_proxy;
        let first = self.first_link[proxy as usize];
        if first == link {
            self.first_link[proxy as usize] = if after == NULL { ABSENT } else { after };
            return;
        }
        let mut cursor = first;
        while cursor != NULL {
            let next = self.links[cursor as usize].next_of_proxy;
            if next == link {
                self.links[cursor as usize].next_of_proxy = after;
                return;
            }
            cursor = next;
        }
        debug_assert!(false, "link {link} not in the chain of proxy {proxy}");
    }
}
