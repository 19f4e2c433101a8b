//! Box queries and all-pairs, with explicit stacks instead of recursion.

use super::tree::{Quadtree, FREE, NULL, OUTSIDE, ROOT};
use crate::broad_phase::Stats;
use crate::geometry::{overlap_min_corner, Aabb};

impl Quadtree {
    /// Straddle policy: every node whose bounds the area overlaps holds
    /// candidates (objects lie inside their node's closed bounds, so a node
    /// the area misses cannot hold a hit). The root is always visited: it
    /// also holds the boxes that are not inside the world.
    pub(super) fn query_straddle(&mut self, area: &Aabb, out: &mut Vec<u32>) -> Stats {
        let mut stats = Stats::default();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(ROOT);
        while let Some(node) = stack.pop() {
            stats.nodes_visited += 1;
            let n = &self.nodes[node as usize];
            let mut link = n.head;
            while link != NULL {
                let l = &self.links[link as usize];
                stats.candidate_tests += 1;
                if self.aabbs[l.proxy as usize].overlaps(area) {
                    out.push(l.proxy);
                }
                link = l.next;
            }
            if !n.is_leaf() {
                for child in n.first_child..n.first_child + 4 {
                    if self.nodes[child as usize].bounds.overlaps(area) {
                        stack.push(child);
                    }
                }
            }
        }
        self.stack = stack;
        stats
    }

    /// Leaves policy: the outside list, then every leaf the area reaches; a
    /// hit is reported only by the leaf holding its overlap's min corner.
    pub(super) fn query_leaves(&mut self, area: &Aabb, out: &mut Vec<u32>) -> Stats {
        let mut stats = Stats::default();
        for &proxy in &self.outside {
            stats.candidate_tests += 1;
            if self.aabbs[proxy as usize].overlaps(area) {
                out.push(proxy);
            }
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(ROOT);
        while let Some(node) = stack.pop() {
            let n = &self.nodes[node as usize];
            if !area.reaches(&n.bounds) {
                continue;
            }
            stats.nodes_visited += 1;
            if !n.is_leaf() {
                stack.extend(n.first_child..n.first_child + 4);
                continue;
            }
            let mut link = n.head;
            while link != NULL {
                let l = &self.links[link as usize];
                let aabb = &self.aabbs[l.proxy as usize];
                stats.candidate_tests += 1;
                if aabb.overlaps(area) {
                    let (x, y) = overlap_min_corner(aabb, area);
                    if n.bounds.contains_point_half_open(x, y) {
                        out.push(l.proxy);
                    }
                }
                link = l.next;
            }
        }
        self.stack = stack;
        stats
    }

    /// Straddle policy: each object is tested against the later objects of
    /// its own node and against the subtrees below it, so every pair is met
    /// exactly once (at the shallower object's node).
    pub(super) fn pairs_straddle(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
        let mut stats = Stats::default();
        let mut stack = std::mem::take(&mut self.stack);
        let mut below = std::mem::take(&mut self.inner_stack);
        let mut items = std::mem::take(&mut self.items);
        stack.clear();
        stack.push(ROOT);
        while let Some(node) = stack.pop() {
            stats.nodes_visited += 1;
            let n = self.nodes[node as usize];
            self.gather_items(n.head, &mut items);
            for (i, &(a, aabb_a)) in items.iter().enumerate() {
                for &(b, aabb_b) in &items[i + 1..] {
                    stats.candidate_tests += 1;
                    if aabb_a.overlaps(&aabb_b) {
                        out.push((a, b));
                    }
                }
            }
            if n.is_leaf() {
                continue;
            }
            stack.extend(n.first_child..n.first_child + 4);
            for &(a, aabb_a) in &items {
                below.clear();
                below.push(n.first_child);
                while let Some(first) = below.pop() {
                    for child in first..first + 4 {
                        let c = &self.nodes[child as usize];
                        if !c.bounds.overlaps(&aabb_a) {
                            continue;
                        }
                        stats.nodes_visited += 1;
                        let mut link = c.head;
                        while link != NULL {
                            let l = &self.links[link as usize];
                            stats.candidate_tests += 1;
                            if aabb_a.overlaps(&self.aabbs[l.proxy as usize]) {
                                out.push((a, l.proxy));
                            }
                            link = l.next;
                        }
                        if !c.is_leaf() {
                            below.push(c.first_child);
                        }
                    }
                }
            }
        }
        self.stack = stack;
        self.inner_stack = below;
        self.items = items;
        stats
    }

    /// Leaves policy: pairs within each leaf, reported only by the leaf that
    /// holds the overlap's min corner; then the outside list against all.
    pub(super) fn pairs_leaves(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
        let mut stats = Stats::default();
        let mut items = std::mem::take(&mut self.items);
        for n in &self.nodes {
            if n.depth == FREE || !n.is_leaf() {
                continue;
            }
            stats.nodes_visited += 1;
            if n.count < 2 {
                continue;
            }
            self.gather_items(n.head, &mut items);
            for (i, &(a, aabb_a)) in items.iter().enumerate() {
                for &(b, aabb_b) in &items[i + 1..] {
                    stats.candidate_tests += 1;
                    if aabb_a.overlaps(&aabb_b) {
                        let (x, y) = overlap_min_corner(&aabb_a, &aabb_b);
                        if n.bounds.contains_point_half_open(x, y) {
                            out.push((a, b));
                        }
                    }
                }
            }
        }
        self.items = items;
        for (i, &a) in self.outside.iter().enumerate() {
            let aabb_a = self.aabbs[a as usize];
            for (b, &first) in self.first_link.iter().enumerate() {
                let is_earlier_outsider = first == OUTSIDE && self.outside_pos[b] as usize <= i;
                if first == super::tree::ABSENT || is_earlier_outsider {
                    continue;
                }
                stats.candidate_tests += 1;
                if aabb_a.overlaps(&self.aabbs[b]) {
                    out.push((a, b as u32));
                }
            }
        }
        stats
    }

    /// Copies a node's items with their boxes into a contiguous scratch list,
    /// so the inner loops read memory in order.
    fn gather_items(&self, head: u32, items: &mut Vec<(u32, Aabb)>) {
        items.clear();
        let mut link = head;
        while link != NULL {
            let l = &self.links[link as usize];
            items.push((l.proxy, self.aabbs[l.proxy as usize]));
            link = l.next;
        }
    }
}
