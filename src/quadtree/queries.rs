//! Box queries and all-pairs, with explicit stacks instead of recursion,
//! reading each node's items as one contiguous run.

use super::node_pairs::{
    candidate_filter, gather_candidates, keeps_run_sorted, run_union, small_node_pairs, sorted_node_pairs,
    Chain,
};
use super::tree::{Quadtree, WalkFrame, ROOT};
use crate::broad_phase::Stats;
use crate::geometry::{overlap_min_corner, Aabb};
use crate::index::NULL_INDEX;
use crate::keep_buffer::{KeepBuffer, KEEP_ROOM};
use crate::pair_sink::PairSink;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

impl Quadtree {
    /// Straddle policy: every node whose bounds the area overlaps holds
    /// candidates (objects lie inside their node's closed bounds, so a node
    /// the area misses cannot hold a hit). The root is always visited: it
    /// also holds the boxes that are not inside the world.
    pub(super) fn query_straddle<T: Tracer<Step>>(
        &mut self,
        area: &Aabb,
        out: &mut Vec<u32>,
        t: &mut T,
    ) -> Stats {
        let mut stats = Stats::default();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(ROOT);
        while let Some(node) = stack.pop() {
            stats.nodes_visited += 1;
            let n = &self.nodes[node as usize];
            let range = n.items();
            t.note(|| self.node_step(TraceKind::Visit, node).because(TraceReason::Reached).count(n.count));
            stats.candidate_tests += range.len() as u64;
            for (aabb, &proxy) in self.items.boxes[range.clone()].iter().zip(&self.items.proxy[range]) {
                let hit = aabb.overlaps(area);
                t.note(|| candidate_step(proxy, aabb, hit));
                if hit {
                    out.push(proxy);
                }
            }
            if !n.is_leaf() {
                for child in n.first_child..n.first_child + 4 {
                    let c = &self.nodes[child as usize];
                    if c.subtree_count > 0 && c.bounds.overlaps(area) {
                        stack.push(child);
                    } else {
                        t.note(|| {
                            let reason = if c.subtree_count == 0 {
                                TraceReason::EmptySubtree
                            } else {
                                TraceReason::MissesArea
                            };
                            self.node_step(TraceKind::Skip, child).because(reason)
                        });
                    }
                }
            }
        }
        self.stack = stack;
        stats
    }

    /// Leaves policy: the outside list, then every leaf the area reaches; a
    /// hit is reported only by the leaf holding its overlap's min corner.
    pub(super) fn query_leaves<T: Tracer<Step>>(
        &mut self,
        area: &Aabb,
        out: &mut Vec<u32>,
        t: &mut T,
    ) -> Stats {
        let mut stats = Stats::default();
        t.note(|| Step::new(TraceKind::OutsideList).count(self.outside.len() as u32));
        for (&proxy, aabb) in self.outside.iter().zip(&self.outside_boxes) {
            stats.candidate_tests += 1;
            let hit = aabb.overlaps(area);
            t.note(|| candidate_step(proxy, aabb, hit));
            if hit {
                out.push(proxy);
            }
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(ROOT);
        while let Some(node) = stack.pop() {
            let n = &self.nodes[node as usize];
            if !area.reaches(&n.bounds) {
                t.note(|| self.node_step(TraceKind::Skip, node).because(TraceReason::NotReached));
                continue;
            }
            stats.nodes_visited += 1;
            t.note(|| self.node_step(TraceKind::Visit, node).because(TraceReason::Reached).count(n.count));
            if !n.is_leaf() {
                stack.extend(n.first_child..n.first_child + 4);
                continue;
            }
            let range = n.items();
            stats.candidate_tests += range.len() as u64;
            for (aabb, &proxy) in self.items.boxes[range.clone()].iter().zip(&self.items.proxy[range]) {
                if aabb.overlaps(area) {
                    let (x, y) = overlap_min_corner(aabb, area);
                    let here = n.bounds.contains_point_half_open(x, y);
                    t.note(|| {
                        let step = candidate_step(proxy, aabb, true);
                        if here {
                            step
                        } else {
                            step.because(TraceReason::ReportedElsewhere)
                        }
                    });
                    if here {
                        out.push(proxy);
                    }
                } else {
                    t.note(|| candidate_step(proxy, aabb, false));
                }
            }
        }
        self.stack = stack;
        stats
    }

    /// Straddle policy: one depth-first walk. Each node's items are paired
    /// among themselves and with its candidate list: the items of its
    /// ancestors whose boxes overlap its bounds (only those can overlap an
    /// item inside it), built from the parent's list and the parent's own
    /// items as the walk enters the node. The lists of the nodes on the
    /// current path are stacked in one scratch buffer, so every test reads
    /// contiguous runs, and every pair is met once (at the deeper item's
    /// node, or at their common node). A crowded inner node pairs its own
    /// items by sweeps over its sorted run, a small one or a leaf all
    /// against all (`node_pairs.rs`); the list filters and the all-against-
    /// all tests never branch on their outcome (see [`KeepBuffer`]).
    pub(super) fn pairs_straddle(&mut self, out: &mut PairSink<'_>) -> Stats {
        let mut stats = Stats::default();
        let mut walk = std::mem::take(&mut self.walk);
        // `list[..top]` holds the lists of the path; entries past `top` are
        // stale (the buffer's length only grows, so writes need no check).
        let mut list = std::mem::take(&mut self.active);
        let mut found = KeepBuffer::new();
        walk.clear();
        walk.push(WalkFrame { node: ROOT, parent: NULL_INDEX, list_start: 0, list_end: 0 });
        while let Some(frame) = walk.pop() {
            if out.is_full() {
                break;
            }
            stats.nodes_visited += 1;
            // Sorting moves items, so it comes before the walk reads the run.
            let crossing =
                keeps_run_sorted(&self.nodes[frame.node as usize]).then(|| self.sort_run(frame.node));
            let (boxes, proxies) = (&self.items.boxes, &self.items.proxy);
            let n = &self.nodes[frame.node as usize];
            let start = frame.list_end as usize;
            let range = n.items();
            let own = Chain { boxes: &boxes[range.clone()], proxies: &proxies[range] };
            let own_union = run_union(own.boxes);
            let top = if frame.parent == NULL_INDEX {
                start
            } else {
                let parent_list = frame.list_start as usize..frame.list_end as usize;
                let p = &self.nodes[frame.parent as usize];
                let filter = candidate_filter(n, &own_union);
                gather_candidates(&mut list, parent_list, start, p, &filter, (boxes, proxies))
            };
            let candidates = &list[start..top];
            match crossing {
                Some(crossing) => sorted_node_pairs(&own, crossing, candidates, &mut found, out, &mut stats),
                None => small_node_pairs(&own, &own_union, candidates, &mut found, out, &mut stats),
            }
            if !n.is_leaf() {
                for child in (n.first_child..n.first_child + 4).rev() {
                    if self.nodes[child as usize].subtree_count > 0 {
                        let (list_start, list_end) = (start as u32, top as u32);
                        walk.push(WalkFrame { node: child, parent: frame.node, list_start, list_end });
                    }
                }
            }
        }
        found.flush(out);
        self.walk = walk;
        self.active = list;
        stats
    }

    /// Leaves policy: pairs within each leaf, reported only by the leaf that
    /// holds the overlap's min corner; then the outside list against all.
    pub(super) fn pairs_leaves(&mut self, out: &mut PairSink<'_>) -> Stats {
        let mut stats = Stats::default();
        let mut found = KeepBuffer::new();
        let (boxes, proxies) = (&self.items.boxes, &self.items.proxy);
        for (index, n) in self.nodes.iter().enumerate() {
            if !n.is_leaf() || self.is_free(index as u32) {
                continue;
            }
            if out.is_full() {
                break;
            }
            stats.nodes_visited += 1;
            let range = n.items();
            let (own_boxes, own_proxies) = (&boxes[range.clone()], &proxies[range]);
            stats.candidate_tests += (own_boxes.len() * own_boxes.len().saturating_sub(1) / 2) as u64;
            if own_boxes.len() > CROWDED_LEAF {
                crowded_leaf_pairs(&n.bounds, own_boxes, own_proxies, &mut found, out);
            } else {
                leaf_pairs(&n.bounds, own_boxes, own_proxies, &mut found, out, false);
            }
        }
        found.flush(out);
        self.outside_pairs(out, &mut stats);
        stats
    }

    /// The outside list against every object in the tree (each once, by its
    /// first item) and against the outsiders after it: the end of every
    /// pair pass, serial or in bands.
    pub(super) fn outside_pairs(&self, out: &mut PairSink<'_>, stats: &mut Stats) {
        for (i, (&a, aabb_a)) in self.outside.iter().zip(&self.outside_boxes).enumerate() {
            if out.is_full() {
                break;
            }
            for (b, &first) in self.first_item.iter().enumerate() {
                if first != NULL_INDEX {
                    stats.candidate_tests += 1;
                    if aabb_a.overlaps(&self.items.boxes[first as usize]) {
                        out.push((a, b as u32));
                    }
                }
            }
            for (&b, aabb_b) in self.outside[i + 1..].iter().zip(&self.outside_boxes[i + 1..]) {
                stats.candidate_tests += 1;
                if aabb_a.overlaps(aabb_b) {
                    out.push((a, b));
                }
            }
        }
    }
}

/// A candidate box of `proxy` tested against the searched area.
fn candidate_step(proxy: u32, aabb: &Aabb, overlaps: bool) -> Step {
    let reason = if overlaps { TraceReason::Overlaps } else { TraceReason::Misses };
    Step::new(TraceKind::Candidate).with(proxy).at(*aabb).because(reason)
}

/// Objects in a leaf past which its pair search checks for a full sink as
/// it goes (a leaf holds at most `max_objects` but at the deepest level).
/// At most the room one [`KeepBuffer::make_room`] admits: a small leaf
/// makes room for a box's tests at once.
pub(super) const CROWDED_LEAF: usize = KEEP_ROOM;

/// The pairs of a leaf's objects whose overlap's min corner lies in the
/// leaf; with `check`, stopping soon after the sink is full (without it,
/// the leaf holds at most [`CROWDED_LEAF`] boxes).
#[inline(always)]
pub(super) fn leaf_pairs(
    leaf: &Aabb,
    own_boxes: &[Aabb],
    own_proxies: &[u32],
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
    check: bool,
) {
    // The overlap's min corner is (max of the min x, max of the min y); it
    // lies before the leaf's far edges, as both boxes reach the leaf, so it
    // is in the leaf when, on each axis, one box starts at or after the
    // leaf's near edge: two bits a box.
    let starts = |b: &Aabb| u8::from(b.min_x >= leaf.min_x) | u8::from(b.min_y >= leaf.min_y) << 1;
    for (i, (a, &pa)) in own_boxes.iter().zip(own_proxies).enumerate() {
        if check && out.is_full() {
            return;
        }
        let starts_a = starts(a);
        if check {
            for (b, &pb) in own_boxes[i + 1..].iter().zip(&own_proxies[i + 1..]) {
                let here = starts_a | starts(b) == 3;
                found.offer((pa, pb), a.overlaps_without_branches(b) & here, out);
            }
        } else {
            // At most CROWDED_LEAF boxes: room for a box's tests is made
            // before them, so each test is a store and an add.
            found.make_room(own_boxes.len() - i - 1, out);
            for (b, &pb) in own_boxes[i + 1..].iter().zip(&own_proxies[i + 1..]) {
                let here = starts_a | starts(b) == 3;
                found.offer_within((pa, pb), a.overlaps_without_branches(b) & here);
            }
        }
    }
}

/// [`leaf_pairs`] of a crowded leaf (boxes piled up at the deepest level).
#[cold]
#[inline(never)]
pub(super) fn crowded_leaf_pairs(
    leaf: &Aabb,
    own_boxes: &[Aabb],
    own_proxies: &[u32],
    found: &mut KeepBuffer<(u32, u32)>,
    out: &mut PairSink<'_>,
) {
    leaf_pairs(leaf, own_boxes, own_proxies, found, out, true);
}
