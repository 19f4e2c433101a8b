//! A node's items as a range of the flat item arrays: filing an item into a
//! node, taking one out, and the chains that link a proxy's items.
//!
//! A range keeps some room to grow; a node whose range is full moves it to
//! the end of the arrays with more room, leaving holes behind. Holes are
//! counted, and once they are half the arrays everything is rewritten in
//! tree order (`order.rs`), so the arrays stay within about twice the items
//! and a walk over the tree reads them front to back. Big arrays are
//! rewritten sooner, at a sixteenth: once they no longer fit in cache, the
//! runs that moved to the end scatter every walk, and the frames between
//! rewrites cost more than the rewrites (docs/BENCHMARKS.md, "Straddle
//! quadtree growth").

use super::tree::{Placement, Quadtree};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

/// Room for `count` items, with slack for a few more to arrive, so an
/// object moving in does not move the range every time.
pub(super) fn capacity_for(count: u32) -> u32 {
    count + count / 2 + 2
}

/// Below this many entries holes are left alone (a rewrite would cost more
/// than it saves). The unit tests lower it so their small trees rewrite too.
const COMPACT_FLOOR: usize = if cfg!(test) { 64 } else { 1024 };

/// From this many entries on, the arrays no longer fit in cache and holes
/// are rewritten away sooner (see the module docs).
const BIG_ARRAYS: usize = 1 << 16;

impl Quadtree {
    /// `capacity` new holes at the end of the item arrays; returns the first.
    pub(super) fn allocate_range(&mut self, capacity: u32) -> u32 {
        let start = self.items.len() as u32;
        self.items.grow(capacity as usize);
        start
    }

    /// Gives up `node`'s range (its items already moved or gone: every
    /// entry is a hole) and leaves it with none.
    pub(super) fn release_range(&mut self, node: u32) {
        let n = &mut self.nodes[node as usize];
        debug_assert_eq!(n.count, 0, "releasing a range that still holds items");
        self.holes += n.capacity;
        n.start = 0;
        n.capacity = 0;
    }

    /// Points what refers to item `from` (its proxy's first item, or the
    /// previous item of its chain) at `to`.
    fn repoint(&mut self, proxy: u32, from: u32, to: u32) {
        let first = &mut self.first_item[proxy as usize];
        if *first == from {
            *first = to;
            return;
        }
        let mut cursor = *first;
        while cursor != NULL_INDEX {
            let next = self.items.next_of_proxy[cursor as usize];
            if next == from {
                self.items.next_of_proxy[cursor as usize] = to;
                return;
            }
            cursor = next;
        }
        debug_assert!(false, "item {from} not in the chain of proxy {proxy}");
    }

    /// Moves item `from` into the hole `to`; `from` becomes a hole. Its node
    /// field is left as it was (a caller moving it to another node sets it).
    pub(super) fn move_item(&mut self, from: u32, to: u32) {
        let proxy = self.items.proxy[from as usize];
        self.items.copy(from as usize, to as usize);
        self.repoint(proxy, from, to);
        self.items.make_hole(from as usize);
    }

    /// Takes item `index` out of its proxy's chain.
    pub(super) fn unchain(&mut self, index: u32) {
        let proxy = self.items.proxy[index as usize];
        let after = self.items.next_of_proxy[index as usize];
        self.repoint(proxy, index, after);
    }

    /// Makes room for one more item in `node`'s range: grows it in place
    /// when it ends the arrays, else moves it to the end with more room.
    fn make_room(&mut self, node: u32) {
        let n = self.nodes[node as usize];
        if n.count < n.capacity {
            return;
        }
        let grown = capacity_for(n.count + 1).max(2 * n.count);
        if (n.start + n.capacity) as usize == self.items.len() {
            self.items.grow((grown - n.capacity) as usize);
            self.nodes[node as usize].capacity = grown;
            return;
        }
        let start = self.allocate_range(grown);
        for k in 0..n.count {
            self.move_item(n.start + k, start + k);
        }
        self.holes += n.capacity;
        let n = &mut self.nodes[node as usize];
        n.start = start;
        n.capacity = grown;
    }

    /// Files an item of `proxy` with `aabb` in `node`, first in the proxy's
    /// chain, and counts it in the subtree counts. Returns its index. Under
    /// the leaves policy, a leaf whose count this takes past `max_objects`
    /// may split from now on: its items' stay intervals get its midlines.
    pub(super) fn push_item(&mut self, node: u32, proxy: u32, aabb: Aabb) -> u32 {
        self.make_room(node);
        let index = self.append_unchecked(node, proxy, aabb);
        self.add_to_subtree_counts(node, 1);
        let n = &self.nodes[node as usize];
        if self.placement == Placement::AllOverlappedLeaves && n.count == self.limits.max_objects + 1 {
            let items = n.items();
            self.give_back_early_stores(node, false);
            self.dirty.extend_from_slice(&self.items.proxy[items]);
        }
        index
    }

    /// Without the `parallel` feature no box is stored early: nothing to
    /// give back (see `parallel_leaves.rs`).
    #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
    #[inline(always)]
    pub(super) fn give_back_early_stores(&mut self, _node: u32, _subtree: bool) {}

    /// Files an item in `node`, whose range has room, without touching the
    /// subtree counts (a split or a collapse sets them once).
    pub(super) fn append_unchecked(&mut self, node: u32, proxy: u32, aabb: Aabb) -> u32 {
        let n = &mut self.nodes[node as usize];
        debug_assert!(n.count < n.capacity, "no room in node {node}");
        let index = n.start + n.count;
        n.count += 1;
        let i = index as usize;
        self.items.boxes[i] = aabb;
        self.items.proxy[i] = proxy;
        self.items.node[i] = node;
        if let Some(held_by) = self.proxy_node.get_mut(proxy as usize) {
            *held_by = node;
        }
        self.items.next_of_proxy[i] = self.first_item[proxy as usize];
        self.first_item[proxy as usize] = index;
        index
    }

    /// Takes item `index` out of its node (the node's last item moves into
    /// its place) and out of its proxy's chain, and uncounts it.
    pub(super) fn remove_item(&mut self, index: u32) {
        let node = self.items.node[index as usize];
        self.unchain(index);
        let n = &mut self.nodes[node as usize];
        n.count -= 1;
        let last = n.start + n.count;
        if index == last {
            self.items.make_hole(index as usize);
        } else {
            self.move_item(last, index);
        }
        self.add_to_subtree_counts(node, -1);
    }

    /// Rewrites the item arrays in tree order once holes are half of them
    /// (a sixteenth from `BIG_ARRAYS` entries on)
    /// (see the module docs). Item indices change: called only at the end
    /// of an operation.
    pub(super) fn compact_if_wasteful(&mut self) {
        let len = self.items.len();
        let share = if len >= BIG_ARRAYS { 16 } else { 2 };
        if len >= COMPACT_FLOOR && self.holes as usize * share > len {
            self.compact();
        }
    }
}
