//! The straddle policy's part in the parallel `World::step`: the threads
//! that move the boxes store each box that stays in its node (the same
//! test as `update_straddle`), and one thread then files the other moves
//! in slot order, as `update` on one thread would. What it must take care
//! of: on one thread, a box that stays is stored at its turn, so a split
//! or a collapse made by an earlier move sees its old box, and may move it
//! to another node, where its own update then decides afresh. So before
//! each move that may split or collapse (its target leaf is full, or an
//! ancestor of the node it leaves holds few items: told from the counts
//! alone, before the move), the boxes stored early in the nodes it may
//! reshape, of slots after it, get their old boxes back and are filed at
//! their turn by `update`, as on one thread. A box stored early outside
//! every such node is one that nothing reads before its turn and whose
//! node stays as it was, so the tree ends as one thread leaves it, item
//! for item.

use std::cmp::Reverse;

use super::parallel_item_boxes::ItemBoxes;
use super::parallel_leaves::LeavesStayCheck;
use super::tree::{Placement, Quadtree, ROOT};
use super::update::stays_in;
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::parallel::{MovesInOrder, StayInPlace, Stayed};
use crate::trace::NoTrace;

/// The part of the tree the straddle stay test reads, and where it stores
/// a box that stays: shared by the threads of the step.
pub(crate) struct StayCheck<'a> {
    nodes: &'a [super::tree::Node],
    first_item: &'a [u32],
    item_node: &'a [u32],
    boxes: ItemBoxes<'a>,
}

impl StayInPlace for StayCheck<'_> {
    type Record = ();

    #[inline]
    fn store_if_staying(&self, slot: u32, _record: &mut (), aabb: Aabb, was: Aabb) -> Stayed {
        let item = self.first_item[slot as usize];
        if item == NULL_INDEX {
            return Stayed::No;
        }
        let node = self.item_node[item as usize];
        let n = &self.nodes[node as usize];
        if !stays_in(&n.bounds, node == ROOT, n.is_leaf(), &aabb) {
            return Stayed::No;
        }
        // SAFETY: this thread alone moves this proxy, whose one item this
        // is (see `ItemBoxes`).
        unsafe { self.boxes.store(item, aabb, was) };
        Stayed::Over(was)
    }
}

/// Either policy's stay check.
pub(crate) enum TreeStayCheck<'a> {
    Straddle(StayCheck<'a>),
    Leaves(LeavesStayCheck<'a>),
}

impl StayInPlace for TreeStayCheck<'_> {
    type Record = ();

    #[inline]
    fn store_if_staying(&self, slot: u32, record: &mut (), aabb: Aabb, was: Aabb) -> Stayed {
        match self {
            TreeStayCheck::Straddle(check) => check.store_if_staying(slot, record, aabb, was),
            TreeStayCheck::Leaves(check) => check.store_if_staying(slot, record, aabb, was),
        }
    }
}

impl Quadtree {
    /// The stay check of the tree's policy for the parallel step.
    pub(crate) fn stay_check(&mut self) -> Option<TreeStayCheck<'_>> {
        if self.placement == Placement::AllOverlappedLeaves {
            return Some(TreeStayCheck::Leaves(self.leaves_stay_check()));
        }
        Some(TreeStayCheck::Straddle(StayCheck {
            nodes: &self.nodes,
            first_item: &self.first_item,
            item_node: &self.items.node,
            boxes: ItemBoxes::of(&mut self.items.boxes),
        }))
    }

    /// Files the moves the step's threads left, in slot order, after they
    /// stored the boxes that stay (see the file's note; the leaves policy:
    /// `parallel_leaves.rs`); `box_of` gives a slot's new box.
    pub(crate) fn refile_after_stays(&mut self, moves: &mut impl MovesInOrder, box_of: impl Fn(u32) -> Aabb) {
        if self.placement == Placement::AllOverlappedLeaves {
            self.refile_leaves_after_stays(moves, box_of);
            return;
        }
        let mut due = std::mem::take(&mut self.straddle_tasks.due);
        due.clear();
        let mut last = None;
        let mut file =
            |tree: &mut Quadtree, slot: u32, due: &mut std::collections::BinaryHeap<Reverse<u32>>| {
                if last == Some(slot) {
                    return; // taken back twice
                }
                last = Some(slot);
                let aabb = box_of(slot);
                tree.take_back_stays_it_may_reshape(slot, &aabb, moves, due);
                tree.update_straddle(slot, aabb, &mut NoTrace);
            };
        for r in 0..moves.ranges() {
            for &slot in moves.refiled(r) {
                while let Some(&Reverse(next)) = due.peek() {
                    if next > slot {
                        break;
                    }
                    due.pop();
                    file(self, next, &mut due);
                }
                file(self, slot, &mut due);
            }
        }
        while let Some(Reverse(next)) = due.pop() {
            file(self, next, &mut due);
        }
        self.straddle_tasks.due = due;
    }

    /// Before `slot`'s update to `aabb`: if it may split its target leaf or
    /// collapse an ancestor of the node it leaves, every box stored early
    /// in the nodes that may change, of a slot after it, gets its old box
    /// back and is queued in `due` for its own update at its turn.
    fn take_back_stays_it_may_reshape(
        &mut self,
        slot: u32,
        aabb: &Aabb,
        moves: &impl MovesInOrder,
        due: &mut std::collections::BinaryHeap<Reverse<u32>>,
    ) {
        let item = self.first_item[slot as usize];
        let node = self.items.node[item as usize];
        let n = &self.nodes[node as usize];
        if stays_in(&n.bounds, node == ROOT, n.is_leaf(), aabb) {
            return; // a store: nothing else changes
        }
        let target = self.deepest_container(node, aabb, &mut NoTrace);
        let t = &self.nodes[target as usize];
        let max_objects = self.limits.max_objects;
        if t.is_leaf() && t.depth < self.limits.max_levels && t.count + 1 > max_objects {
            self.take_back_in(target, slot, moves, due);
        }
        // The highest node a collapse after the removal may reach: counts
        // only grow towards the root.
        let mut highest = NULL_INDEX;
        let mut cursor = node;
        while cursor != NULL_INDEX {
            let c = &self.nodes[cursor as usize];
            if c.subtree_count > max_objects + 1 {
                break;
            }
            if !c.is_leaf() {
                highest = cursor;
            }
            cursor = c.parent;
        }
        if highest != NULL_INDEX {
            self.take_back_in(highest, slot, moves, due);
        }
    }

    /// [`take_back_stays_it_may_reshape`](Quadtree::take_back_stays_it_may_reshape)
    /// for the items of `from`'s subtree.
    fn take_back_in(
        &mut self,
        from: u32,
        slot: u32,
        moves: &impl MovesInOrder,
        due: &mut std::collections::BinaryHeap<Reverse<u32>>,
    ) {
        let mut nodes = std::mem::take(&mut self.stack);
        nodes.clear();
        self.walk_depth_first(from, |node, _| {
            nodes.push(node);
            true
        });
        for &node in &nodes {
            for item in self.nodes[node as usize].items() {
                let proxy = self.items.proxy[item];
                if proxy <= slot {
                    continue;
                }
                let stayed = moves.stayed(moves.range_of(proxy));
                if let Ok(at) = stayed.binary_search_by_key(&proxy, |&(s, _)| s) {
                    self.items.boxes[item] = stayed[at].1;
                    due.push(Reverse(proxy));
                }
            }
        }
        self.stack = nodes;
    }
}
