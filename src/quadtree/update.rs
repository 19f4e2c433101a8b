//! Moving an object: in place while it stays in its node (a store of the
//! new box, the common case every frame), else re-filed from where it was.

use super::tree::{spreads_in, Quadtree, ROOT};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

impl Quadtree {
    /// Straddle policy: stays while its node still is the deepest one
    /// containing the box; else moves to the new deepest container, found
    /// from the old node rather than the root. Always inlined:
    /// `BroadPhase::update` inlines it into the World's loops, where the
    /// common case is left the stay test and the store; the re-filing is
    /// one call out of them.
    #[inline(always)]
    pub(super) fn update_straddle<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        t.note(|| Step::new(TraceKind::Update).of(proxy).at(aabb));
        let item = self.first_item[proxy as usize];
        let node = self.proxy_node[proxy as usize];
        let n = &self.nodes[node as usize];
        if stays_in(&n.bounds, node == ROOT, n.is_leaf(), &aabb) {
            t.note(|| self.node_step(TraceKind::Stays, node).because(TraceReason::SameNode).of(proxy));
            self.items.boxes[item as usize] = aabb;
            return;
        }
        self.refile_straddle(proxy, item, node, aabb, t);
    }

    /// The rest of [`Quadtree::update_straddle`] for a box that no longer
    /// belongs in `node`, where its `item` is: out of line, so the common
    /// case stays small enough to inline into the World's loops.
    #[inline(never)]
    fn refile_straddle<T: Tracer<Step>>(&mut self, proxy: u32, item: u32, node: u32, aabb: Aabb, t: &mut T) {
        let target = self.deepest_container(node, &aabb, t);
        self.remove_item(item);
        t.note(|| {
            let n = &self.nodes[node as usize];
            self.node_step(TraceKind::TakeOut, node).of(proxy).count(n.count).limit(self.limits.max_objects)
        });
        self.push_item(target, proxy, aabb);
        t.note(|| self.filed_step(proxy, target, &aabb));
        self.split_overflowing(target, t);
        self.collapse_sparse_ancestors(node, t);
        self.dirty.clear();
        self.compact_if_wasteful();
    }

    /// Leaves policy: stays while its box keeps to its stay intervals (a
    /// store of the new box in each of its items); else it is re-filed by
    /// the difference between the leaves it is in and those it reaches now.
    /// Always inlined: `BroadPhase::update` inlines it into the World's
    /// loops, where the common case is left the test and the stores; the
    /// traced calls keep one copy of it.
    #[inline(always)]
    pub(super) fn update_leaves<T: Tracer<Step>>(&mut self, proxy: u32, aabb: Aabb, t: &mut T) {
        t.note(|| Step::new(TraceKind::Update).of(proxy).at(aabb));
        let first = self.first_item[proxy as usize];
        // A proxy outside the tree has no items, and intervals that hold
        // no box (`Stay::NEVER`).
        if self.stay[proxy as usize].holds(&aabb) && first != NULL_INDEX {
            t.note(|| Step::new(TraceKind::Stays).because(TraceReason::StayIntervals).of(proxy));
            // Most objects have one item or two: both are stored without a
            // branch on how many (the second is the first again when there
            // is one). A branch there is too irregular to predict for
            // moving boxes, and would wait on the read of the chain.
            let second = self.items.next_of_proxy[first as usize];
            let last = if second == NULL_INDEX { first } else { second };
            self.store_item_box(first, &aabb);
            self.store_item_box(last, &aabb);
            let rest = self.items.next_of_proxy[last as usize];
            if rest != NULL_INDEX {
                self.store_rest_of_chain(rest, aabb.min_x, aabb.min_y, aabb.max_x, aabb.max_y);
            }
            return;
        }
        // The box as four numbers, not a reference to a copy in memory:
        // the test and the stores above then read it from registers.
        self.refile_leaves(proxy, first, aabb.min_x, aabb.min_y, aabb.max_x, aabb.max_y, t);
    }

    /// Stores `aabb` as item `item`'s box, side by side rather than as one
    /// copy: in wasm a copy goes through a copy of the box in memory, each
    /// read of it waiting on the writes just made.
    #[inline(always)]
    fn store_item_box(&mut self, item: u32, aabb: &Aabb) {
        let b = &mut self.items.boxes[item as usize];
        (b.min_x, b.min_y, b.max_x, b.max_y) = (aabb.min_x, aabb.min_y, aabb.max_x, aabb.max_y);
    }

    /// The stores of a staying box past its first two items (a box across
    /// a corner of leaves): out of line, as few objects have them. The box
    /// as four numbers, as for `refile_leaves`.
    #[inline(never)]
    fn store_rest_of_chain(&mut self, from: u32, min_x: f64, min_y: f64, max_x: f64, max_y: f64) {
        let aabb = Aabb { min_x, min_y, max_x, max_y };
        let mut item = from;
        while item != NULL_INDEX {
            self.store_item_box(item, &aabb);
            item = self.items.next_of_proxy[item as usize];
        }
    }

    /// The rest of [`Quadtree::update_leaves`] for a box that left its stay
    /// intervals: kept out of line, so the common case stays small enough
    /// to inline into the World's loops.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn refile_leaves<T: Tracer<Step>>(
        &mut self,
        proxy: u32,
        first: u32,
        min_x: f64,
        min_y: f64,
        max_x: f64,
        max_y: f64,
        t: &mut T,
    ) {
        let aabb = Aabb { min_x, min_y, max_x, max_y };
        let inside = self.holds_inside(&aabb);
        if first != NULL_INDEX && inside {
            self.move_between_leaves(proxy, first, aabb, t);
        } else if first == NULL_INDEX && !inside {
            // Stays in the outside list.
            t.note(|| Step::new(TraceKind::Stays).because(TraceReason::StillOutside).of(proxy));
            self.outside_boxes[self.outside_pos[proxy as usize] as usize] = aabb;
            return;
        } else {
            // Into the outside list or out of it.
            self.unfile(proxy, t);
            self.file(proxy, aabb, ROOT, t);
        }
        self.dirty.push(proxy);
        self.refresh_dirty_stays();
        self.compact_if_wasteful();
    }

    /// Leaves policy, a box that stays in the tree: in the leaves it still
    /// reaches its items take the new box (and such a leaf, where it now
    /// fits one quadrant, may split); it joins the leaves it newly reaches
    /// (which may split); it leaves the others (whose ancestors may
    /// collapse). Splits come before collapses, so neither frees a leaf
    /// still to be visited: a node that just split holds more than
    /// `max_objects` below it, and so does every node above it.
    fn move_between_leaves<T: Tracer<Step>>(&mut self, proxy: u32, first: u32, aabb: Aabb, t: &mut T) {
        let old = self.items.boxes[first as usize];
        let mut held = std::mem::take(&mut self.held_items);
        let mut reached = std::mem::take(&mut self.leaves);
        let mut due = std::mem::take(&mut self.held);
        held.clear();
        reached.clear();
        due.clear();
        let mut item = first;
        while item != NULL_INDEX {
            held.push((self.items.node[item as usize], item));
            item = self.items.next_of_proxy[item as usize];
        }
        if self.reaches_the_same_leaves(first, held.len(), &aabb) {
            reached.extend(held.iter().map(|&(leaf, _)| leaf));
        } else {
            let from = self.reach_container(held[0].0, &aabb);
            self.collect_reached_leaves(from, &aabb, &mut reached, t);
        }
        crate::small_sort::sort(&mut held);
        crate::small_sort::sort(&mut reached);
        for &(leaf, item) in &held {
            if reached.binary_search(&leaf).is_ok() {
                t.note(|| self.node_step(TraceKind::Stays, leaf).because(TraceReason::Reached).of(proxy));
                self.items.boxes[item as usize] = aabb;
                let bounds = &self.nodes[leaf as usize].bounds;
                if !spreads_in(bounds, &old) && spreads_in(bounds, &aabb) {
                    due.push(leaf);
                }
            }
        }
        for &leaf in &reached {
            if held.binary_search_by_key(&leaf, |&(held_leaf, _)| held_leaf).is_err() {
                self.push_item(leaf, proxy, aabb);
                t.note(|| self.filed_step(proxy, leaf, &aabb));
                due.push(leaf);
            }
        }
        for &leaf in &due {
            self.split_overflowing(leaf, t);
        }
        due.clear();
        for &(leaf, item) in &held {
            if reached.binary_search(&leaf).is_err() {
                self.remove_item(item);
                t.note(|| {
                    let n = &self.nodes[leaf as usize];
                    let step = self.node_step(TraceKind::TakeOut, leaf).because(TraceReason::NotReached);
                    step.of(proxy).count(n.count).limit(self.limits.max_objects)
                });
                due.push(leaf);
            }
        }
        for &leaf in &due {
            self.collapse_sparse_ancestors(leaf, t);
        }
        self.held_items = held;
        self.leaves = reached;
        self.held = due;
    }

    /// Whether a box reaches exactly the `held` leaves holding the items
    /// from `first` on, when that is quick to tell: a box inside one leaf
    /// with its min corner off the far edges (a box so thin that
    /// `x + w == x` on the edge reaches the next leaf) reaches that leaf and
    /// no other; and see `reaches_the_same_block`. False when unsure.
    // Inlined, as when the everyday code was its only caller (the traced
    // copy calls it too).
    #[inline(always)]
    fn reaches_the_same_leaves(&self, first: u32, held: usize, aabb: &Aabb) -> bool {
        if held == 1 {
            let leaf = &self.nodes[self.items.node[first as usize] as usize].bounds;
            leaf.contains(aabb) && leaf.contains_point_half_open(aabb.min_x, aabb.min_y)
        } else {
            self.reaches_the_same_block(first, aabb) == Some(true)
        }
    }

    /// The other common case: a box held in a few leaves that tile their
    /// bounding rectangle (two side by side, four around a corner, a big
    /// one beside two small ones). The new box reaches the same leaves if
    /// it reaches each of them and lies in the rectangle with its min corner
    /// off the far edges (no leaf outside is reached then, as in
    /// `reach_container`). `None` when the leaves are not such a block.
    // Inlined, as when the everyday code was its only caller.
    #[inline(always)]
    fn reaches_the_same_block(&self, first: u32, aabb: &Aabb) -> Option<bool> {
        let union = self.tiled_rectangle(first)?;
        let mut reaches_all = true;
        let mut item = first;
        while item != NULL_INDEX {
            reaches_all &= aabb.reaches(&self.nodes[self.items.node[item as usize] as usize].bounds);
            item = self.items.next_of_proxy[item as usize];
        }
        Some(reaches_all && union.contains(aabb) && union.contains_point_half_open(aabb.min_x, aabb.min_y))
    }

    /// The most common block, told without the general count below: two
    /// leaves of one depth that share a whole edge (siblings and cousins
    /// take an edge from the same midline, so shared edges are equal
    /// exactly). `None` when the items are not such a pair, or the leaves
    /// are too small against their coordinates for the general count to be
    /// sure of them too (it says the same of every pair this accepts).
    #[inline]
    pub(super) fn tiled_pair(&self, first: u32) -> Option<Aabb> {
        let second = self.items.next_of_proxy[first as usize];
        if second == NULL_INDEX || self.items.next_of_proxy[second as usize] != NULL_INDEX {
            return None;
        }
        let a = &self.nodes[self.items.node[first as usize] as usize];
        let b = &self.nodes[self.items.node[second as usize] as usize];
        if a.depth != b.depth {
            return None;
        }
        let (a, b) = (&a.bounds, &b.bounds);
        let side_by_side =
            a.min_y == b.min_y && a.max_y == b.max_y && (a.max_x == b.min_x || b.max_x == a.min_x);
        let stacked = a.min_x == b.min_x && a.max_x == b.max_x && (a.max_y == b.min_y || b.max_y == a.min_y);
        let union = a.union(b);
        let clear = a.width() > 1e-6 * (union.min_x.abs() + union.max_x.abs())
            && a.height() > 1e-6 * (union.min_y.abs() + union.max_y.abs());
        ((side_by_side | stacked) & clear).then_some(union)
    }

    /// The bounding rectangle of the leaves holding the items from `first`
    /// on, if they tile it exactly (up to eight leaves; `None` otherwise, or
    /// when the leaves are too small against their coordinates to tell).
    pub(super) fn tiled_rectangle(&self, first: u32) -> Option<Aabb> {
        self.tiled_pair(first).or_else(|| self.tiled_block(first))
    }

    /// [`Quadtree::tiled_rectangle`] by the general count: the leaves'
    /// areas against their bounding rectangle's, in units of the deepest.
    pub(super) fn tiled_block(&self, first: u32) -> Option<Aabb> {
        const MOST: usize = 8;
        let mut block = [(Aabb::default(), 0u32); MOST];
        let mut held = 0;
        let mut item = first;
        while item != NULL_INDEX {
            let leaf = &self.nodes[self.items.node[item as usize] as usize];
            *block.get_mut(held)? = (leaf.bounds, leaf.depth);
            held += 1;
            item = self.items.next_of_proxy[item as usize];
        }
        let block = &block[..held];
        let (mut union, mut deepest) = block[0];
        let mut shallowest = deepest;
        for (b, depth) in &block[1..] {
            union = union.union(b);
            deepest = deepest.max(*depth);
            shallowest = shallowest.min(*depth);
        }
        if held == 1 {
            return Some(union);
        }
        if deepest - shallowest > 20 {
            return None; // areas past a u64: a box across leaves this unlike is rare
        }
        // In units of the deepest leaf, every leaf lies on one grid: the
        // leaves (disjoint, inside the rectangle) tile it exactly when
        // their areas add up to its area.
        let unit = block.iter().find(|(_, depth)| *depth == deepest)?.0;
        let units = |length: f64, unit: f64, lo: f64, hi: f64| {
            let ratio = length / unit;
            // `floor` of `+ 0.5`, not `round`: a library call in wasm.
            let whole = (ratio + 0.5).floor();
            let clear = unit > 1e-9 * (lo.abs() + hi.abs()) && (ratio - whole).abs() < 1e-6;
            clear.then_some(whole as u64)
        };
        let cols = units(union.width(), unit.width(), union.min_x, union.max_x)?;
        let rows = units(union.height(), unit.height(), union.min_y, union.max_y)?;
        let area: u64 = block.iter().map(|(_, depth)| 1u64 << (2 * (deepest - depth))).sum();
        (area == cols * rows).then_some(union)
    }
}

/// Straddle policy: whether a box filed in a node (`bounds`) still belongs
/// there: the node contains it (the root holds what sticks out of the
/// world too) and it is a leaf or no quadrant wholly contains the box.
#[inline]
pub(super) fn stays_in(bounds: &Aabb, is_root: bool, is_leaf: bool, aabb: &Aabb) -> bool {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{f64x2, f64x2_le, f64x2_lt, i64x2_all_true, v128_and, v128_any_true};
        // Both axes at once. Inside the node, no quadrant holds the box
        // exactly when it crosses a midline, strictly (quadrant_of's
        // closed comparisons, negated); a box sticking out of the root
        // fits no quadrant either.
        let (mid_x, mid_y) = super::tree::midpoint(bounds);
        let mid = f64x2(mid_x, mid_y);
        let (min, max) = (f64x2(aabb.min_x, aabb.min_y), f64x2(aabb.max_x, aabb.max_y));
        let (node_min, node_max) = (f64x2(bounds.min_x, bounds.min_y), f64x2(bounds.max_x, bounds.max_y));
        let inside = i64x2_all_true(v128_and(f64x2_le(node_min, min), f64x2_le(max, node_max)));
        let crosses = v128_any_true(v128_and(f64x2_lt(min, mid), f64x2_lt(mid, max)));
        if is_root {
            is_leaf | !inside | crosses
        } else {
            inside & (is_leaf | crosses)
        }
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        (is_root || bounds.contains(aabb)) && (is_leaf || super::tree::quadrant_of(bounds, aabb).is_none())
    }
}
