//! Taking objects out, and collapsing subtrees that no longer need a split.

use super::items::capacity_for;
use super::tree::{Placement, Quadtree};
use crate::index::NULL_INDEX;
use crate::trace::{Step, TraceKind, TraceReason, Tracer};

impl Quadtree {
    /// Removes a present proxy and collapses what became too sparse,
    /// telling `t` each step.
    pub(super) fn remove_proxy<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        debug_assert!(self.is_present(proxy), "proxy {proxy} is not present");
        t.note(|| {
            let aabb = self.stored_box(proxy).expect("a present proxy has a box");
            Step::new(TraceKind::Remove).of(proxy).at(aabb).count(self.proxy_count - 1)
        });
        self.unfile(proxy, t);
        self.proxy_count -= 1;
        self.refresh_dirty_stays();
        self.compact_if_wasteful();
    }

    /// Takes every item of `proxy` out of the tree (or it out of the outside
    /// list) and collapses what became too sparse.
    pub(super) fn unfile<T: Tracer<Step>>(&mut self, proxy: u32, t: &mut T) {
        let index = proxy as usize;
        let position = self.outside_pos[index];
        if position != NULL_INDEX {
            t.note(|| {
                Step::new(TraceKind::TakeOut)
                    .because(TraceReason::StillOutside)
                    .of(proxy)
                    .count(self.outside.len() as u32 - 1)
            });
            self.outside.swap_remove(position as usize);
            self.outside_boxes.swap_remove(position as usize);
            if let Some(&moved) = self.outside.get(position as usize) {
                self.outside_pos[moved as usize] = position;
            }
            self.outside_pos[index] = NULL_INDEX;
            return;
        }
        let mut touched = std::mem::take(&mut self.held);
        touched.clear();
        loop {
            let item = self.first_item[index];
            if item == NULL_INDEX {
                break;
            }
            let node = self.items.node[item as usize];
            touched.push(node);
            self.remove_item(item);
            t.note(|| {
                let n = &self.nodes[node as usize];
                self.node_step(TraceKind::TakeOut, node)
                    .of(proxy)
                    .count(n.count)
                    .limit(self.limits.max_objects)
            });
        }
        for &node in &touched {
            self.collapse_sparse_ancestors(node, t);
        }
        self.held = touched;
    }

    /// Collapses the highest split ancestor of `node` (itself included) whose
    /// subtree holds no more than `max_objects` items, until none is left.
    /// Keeps the invariant "a split node has more than `max_objects` items
    /// below it", so the tree shrinks back as objects leave a region.
    pub(super) fn collapse_sparse_ancestors<T: Tracer<Step>>(&mut self, mut node: u32, t: &mut T) {
        if self.is_free(node) {
            return; // collapsed already, along with an ancestor
        }
        loop {
            // Subtree counts only grow towards the root: past the first
            // node holding more than `max_objects` below, none is sparse.
            let mut highest = NULL_INDEX;
            let mut cursor = node;
            while cursor != NULL_INDEX {
                let n = &self.nodes[cursor as usize];
                if n.subtree_count > self.limits.max_objects {
                    if !n.is_leaf() && highest == NULL_INDEX {
                        t.note(|| self.keep_split_step(cursor));
                    }
                    break;
                }
                if !n.is_leaf() {
                    highest = cursor;
                }
                cursor = n.parent;
            }
            if highest == NULL_INDEX {
                return;
            }
            self.collapse(highest, t);
            // De-duplication may have thinned the ancestors too: look again
            // from the node that just became a leaf.
            node = highest;
        }
    }

    /// Moves every item below `node` into `node` (a new range for them all)
    /// and frees its descendants. Under the leaves policy an object seen in
    /// several leaves is kept once.
    /// Why a split node stays split: it holds more than `max_objects` below.
    fn keep_split_step(&self, node: u32) -> Step {
        let n = &self.nodes[node as usize];
        let step = self.node_step(TraceKind::KeepSplit, node).because(TraceReason::OverLimit);
        step.count(n.subtree_count).limit(self.limits.max_objects)
    }

    fn collapse<T: Tracer<Step>>(&mut self, node: u32, t: &mut T) {
        // Its items get new stay intervals, computed from their boxes.
        self.give_back_early_stores(node, true);
        let subtree = self.nodes[node as usize].subtree_count;
        let mark = self.next_mark();
        let dedupe = self.placement == Placement::AllOverlappedLeaves;
        let n = self.nodes[node as usize];
        let own = n.count;
        let capacity = capacity_for(n.subtree_count);
        let start = self.allocate_range(capacity);
        let mut count = 0;
        for index in n.start..n.start + n.count {
            let proxy = self.items.proxy[index as usize];
            self.marks[proxy as usize] = mark;
            self.dirty.push(proxy);
            self.move_item(index, start + count);
            count += 1;
        }
        self.nodes[node as usize].count = 0;
        self.release_range(node);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(n.first_child);
        while let Some(first) = stack.pop() {
            for child in first..first + 4 {
                let c = self.nodes[child as usize];
                if !c.is_leaf() {
                    stack.push(c.first_child);
                    self.nodes[child as usize].first_child = NULL_INDEX;
                }
                for index in c.start..c.start + c.count {
                    let proxy = self.items.proxy[index as usize];
                    if dedupe && self.marks[proxy as usize] == mark {
                        self.unchain(index);
                        self.items.make_hole(index as usize);
                    } else {
                        self.marks[proxy as usize] = mark;
                        self.dirty.push(proxy);
                        let to = start + count;
                        self.move_item(index, to);
                        self.items.node[to as usize] = node;
                        if let Some(held_by) = self.proxy_node.get_mut(proxy as usize) {
                            *held_by = node;
                        }
                        count += 1;
                    }
                }
                self.nodes[child as usize].count = 0;
                self.release_range(child);
            }
            self.free_children(first);
        }
        self.stack = stack;
        let n = &mut self.nodes[node as usize];
        n.first_child = NULL_INDEX;
        n.start = start;
        n.capacity = capacity;
        n.count = count;
        let removed = n.subtree_count - count;
        n.subtree_count = count;
        let parent = n.parent;
        if removed > 0 && parent != NULL_INDEX {
            self.add_to_subtree_counts(parent, -(removed as i32));
        }
        t.note(|| {
            let step = self.node_step(TraceKind::Collapse, node).because(TraceReason::WithinLimit);
            step.count(subtree).counted(count).limit(self.limits.max_objects).moved(count - own, own)
        });
    }
}
