//! Keeping memory in space order: nodes and items rewritten in the order a
//! depth-first walk meets them (children in Z order), and the proxies
//! renamed in that same order when the World renumbers its slots.
//!
//! After a rewrite the pair walk reads the node array and the item arrays
//! front to back, and once the World has renumbered its slots in the order
//! [`space_order_into`](Quadtree::space_order_into) gives, the per-proxy
//! records and the World's own per-slot arrays run in that order too. Once
//! a frame's data no longer fits in cache, reading it in order is what
//! keeps the cost per object flat as the count grows.

use super::items::capacity_for;
use super::layout::lay_out_nodes;
use super::node_pairs::keeps_run_sorted;
use super::tree::{reserve_total, Items, Node, Placement, Quadtree, ROOT};
use crate::broad_phase::relabel_records;
use crate::index::NULL_INDEX;

impl Quadtree {
    /// Appends every present proxy once in the order a depth-first walk of
    /// the tree meets its items (under the leaves policy, at the leaf that
    /// holds its min corner; under the straddle policy, each run in the
    /// order the pair walk sorts it), then the outside list.
    pub(super) fn space_order_into(&self, out: &mut Vec<u32>) {
        let leaves = self.placement == Placement::AllOverlappedLeaves;
        self.walk_depth_first(ROOT, |node, n| {
            let first = out.len();
            for i in n.items() {
                let aabb = &self.items.boxes[i];
                if !leaves || n.bounds.contains_point_half_open(aabb.min_x, aabb.min_y) {
                    out.push(self.items.proxy[i]);
                }
            }
            if !leaves && keeps_run_sorted(n) {
                self.order_as_sorted_run(node, &mut out[first..]);
            }
            true
        });
        out.extend_from_slice(&self.outside);
    }

    /// Rewrites nodes and items in depth-first order: each group of four
    /// children is placed when its parent is met, each node's items follow
    /// the items of the nodes met before it, each range with the slack of
    /// [`capacity_for`]. Drops every hole and freed group.
    pub(super) fn compact(&mut self) {
        let mut nodes = std::mem::take(&mut self.spare_nodes);
        let mut items = std::mem::take(&mut self.spare_items);
        let mut new_of_old = std::mem::take(&mut self.new_item_of_old);
        nodes.clear();
        items.clear();
        new_of_old.clear();
        new_of_old.resize(self.items.len(), NULL_INDEX);
        let live = self.items.len() - self.holes as usize;
        items.reserve_total(live + live / 2 + 2 * self.nodes.len());
        if !self.rewrite_on_the_pool(&mut nodes, &mut items) {
            self.rewrite_in_turn(&mut nodes, &mut items, &mut new_of_old);
        }
        // The arrays may double again before the next rewrite (holes up to
        // half of them, nodes split): room for that now, so warm frames
        // allocate nothing.
        items.reserve_total(2 * items.len() + 64);
        let node_room = 2 * nodes.len();
        reserve_total(&mut nodes, node_room);
        self.spare_nodes = std::mem::replace(&mut self.nodes, nodes);
        self.spare_items = std::mem::replace(&mut self.items, items);
        self.new_item_of_old = new_of_old;
        // The next rewrite copies into the spare arrays (the ones just
        // replaced, sized for an older tree): the same room there.
        self.spare_items.reserve_total(2 * self.items.len() + 64);
        reserve_total(&mut self.spare_nodes, 2 * self.nodes.len());
        reserve_total(&mut self.new_item_of_old, 2 * self.items.len() + 64);
        self.free_groups.clear();
        self.holes = 0;
    }

    /// Without the `parallel` feature the rewrite is always
    /// [`rewrite_in_turn`](Quadtree::rewrite_in_turn) (see
    /// `parallel_compact.rs`).
    #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
    #[inline(always)]
    fn rewrite_on_the_pool(&mut self, _nodes: &mut Vec<Node>, _items: &mut Items) -> bool {
        false
    }

    /// [`compact`](Quadtree::compact)'s copy on one thread: nodes and
    /// items into `nodes` and `items` (empty), the chains' links and the
    /// proxies' first items renamed through `new_of_old`.
    fn rewrite_in_turn(&mut self, nodes: &mut Vec<Node>, items: &mut Items, new_of_old: &mut [u32]) {
        let mut stack = std::mem::take(&mut self.stack);
        let from = &self.items;
        let proxy_node = &mut self.proxy_node;
        lay_out_nodes(&self.nodes, nodes, &mut stack, |n, new, start| {
            for k in 0..n.count {
                let from_at = (n.start + k) as usize;
                new_of_old[from_at] = start + k;
                items.boxes.push(from.boxes[from_at]);
                let proxy = from.proxy[from_at];
                items.proxy.push(proxy);
                items.node.push(new);
                if let Some(held_by) = proxy_node.get_mut(proxy as usize) {
                    *held_by = new;
                }
                items.next_of_proxy.push(from.next_of_proxy[from_at]);
            }
            let capacity = if n.count == 0 { 0 } else { capacity_for(n.count) };
            items.grow((capacity - n.count) as usize);
        });
        self.stack = stack;
        for next in &mut items.next_of_proxy {
            if *next != NULL_INDEX {
                *next = new_of_old[*next as usize];
            }
        }
        for first in &mut self.first_item {
            if *first != NULL_INDEX {
                *first = new_of_old[*first as usize];
            }
        }
    }

    /// Renames the proxies (see [`crate::broad_phase::BroadPhase::relabel`]): every item
    /// and the outside list name the new numbers, the per-proxy records are
    /// gathered in the new order, and the tree is rewritten in space order,
    /// which the World's new numbering follows.
    pub(super) fn relabel_proxies(&mut self, new_of_old: &[u32], old_of_new: &[u32]) {
        for proxy in &mut self.items.proxy {
            if *proxy != NULL_INDEX {
                *proxy = new_of_old[*proxy as usize];
            }
        }
        for proxy in &mut self.outside {
            *proxy = new_of_old[*proxy as usize];
        }
        debug_assert_eq!(old_of_new.len(), self.proxy_count as usize, "a renaming of every present proxy");
        relabel_records(&mut self.first_item, &mut self.spare_u32, old_of_new);
        relabel_records(&mut self.outside_pos, &mut self.spare_u32, old_of_new);
        if self.placement == Placement::AllOverlappedLeaves {
            relabel_records(&mut self.stay, &mut self.spare_stay, old_of_new);
        } else {
            // The rewrite below sets every present proxy's node.
            self.proxy_node.clear();
            self.proxy_node.resize(self.first_item.len(), NULL_INDEX);
        }
        // Marks are stamps older than any future one: zero is as good.
        self.marks.fill(0);
        self.compact();
    }
}
