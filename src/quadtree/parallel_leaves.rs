//! The leaves policy's part in the parallel `World::step`: the threads
//! that move the boxes store each box that keeps to its stay intervals
//! (the test `update_leaves` makes) in every item of its object, keeping
//! the box it replaced; one thread then files the other moves in slot
//! order, as `update` on one thread would.
//!
//! What it must take care of: on one thread, a box that stays is stored
//! at its turn, so a move before it that reads other objects' boxes reads
//! its old box. A move reads them in three places only, each about the
//! items of one node or subtree: a leaf whose count passes `max_objects`
//! (its items get new stay intervals, computed from their boxes), a leaf
//! tested for a split (which items fit one quadrant, and where the copies
//! go) and a subtree collapsed (its items get new stay intervals). Just
//! before each, the boxes stored early there, of slots after the moving
//! one, get their old boxes back (`give_back_early_stores`) and are filed
//! at their turn by `update`, as on one thread. The stay intervals of an
//! object change only at those three places, so an object stored early
//! and never given back would have passed the same test at its turn: the
//! tree ends as one thread leaves it, item for item, interval for interval.

use std::cmp::Reverse;

use super::parallel_item_boxes::ItemBoxes;
use super::stay_interval::Stay;
use super::tree::Quadtree;
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::parallel::{MovesInOrder, StayInPlace, Stayed};
use crate::trace::NoTrace;

/// The part of the tree the leaves stay test reads, and where it stores a
/// box that stays: shared by the threads of the step.
pub(crate) struct LeavesStayCheck<'a> {
    stay: &'a [Stay],
    first_item: &'a [u32],
    next_of_proxy: &'a [u32],
    boxes: ItemBoxes<'a>,
}

impl StayInPlace for LeavesStayCheck<'_> {
    type Record = ();

    #[inline]
    fn store_if_staying(&self, slot: u32, _record: &mut (), aabb: Aabb, was: Aabb) -> Stayed {
        let first = self.first_item[slot as usize];
        if first == NULL_INDEX || !self.stay[slot as usize].holds(&aabb) {
            return Stayed::No;
        }
        let mut item = first;
        while item != NULL_INDEX {
            // SAFETY: every item of this chain is this proxy's (an item
            // belongs to one proxy), and this thread alone moves this proxy
            // (see `ItemBoxes`).
            unsafe { self.boxes.store(item, aabb, was) };
            item = self.next_of_proxy[item as usize];
        }
        Stayed::Over(was)
    }
}

impl Quadtree {
    /// The leaves policy's stay check for the parallel step.
    pub(super) fn leaves_stay_check(&mut self) -> LeavesStayCheck<'_> {
        LeavesStayCheck {
            stay: &self.stay,
            first_item: &self.first_item,
            next_of_proxy: &self.items.next_of_proxy,
            boxes: ItemBoxes::of(&mut self.items.boxes),
        }
    }

    /// Files the moves the step's threads left, in slot order, after they
    /// stored the boxes that stay (see the file's note); `box_of` gives a
    /// slot's new box.
    pub(super) fn refile_leaves_after_stays(
        &mut self,
        moves: &mut impl MovesInOrder,
        box_of: impl Fn(u32) -> Aabb,
    ) {
        let ranges = moves.ranges();
        let early = &mut self.early;
        if early.lists.len() < ranges {
            early.lists.resize_with(ranges, Vec::new);
        }
        for r in 0..ranges {
            std::mem::swap(&mut early.lists[r], moves.stayed_mut(r));
        }
        early.range_len = moves.range_len() as u32;
        early.due.clear();
        let mut last = None;
        for r in 0..ranges {
            for &slot in moves.refiled(r) {
                while let Some(&Reverse(next)) = self.early.due.peek() {
                    if next > slot {
                        break;
                    }
                    self.early.due.pop();
                    self.file_at_turn(next, &box_of, &mut last);
                }
                self.file_at_turn(slot, &box_of, &mut last);
            }
        }
        while let Some(Reverse(next)) = self.early.due.pop() {
            self.file_at_turn(next, &box_of, &mut last);
        }
        let early = &mut self.early;
        for r in 0..ranges {
            std::mem::swap(&mut early.lists[r], moves.stayed_mut(r));
        }
        early.range_len = 0;
    }

    /// `update` of `slot` at its turn; once only, though a slot may be
    /// queued twice.
    fn file_at_turn(&mut self, slot: u32, box_of: &impl Fn(u32) -> Aabb, last: &mut Option<u32>) {
        if *last == Some(slot) {
            return; // given back twice
        }
        *last = Some(slot);
        self.early.current = slot;
        self.update_leaves(slot, box_of(slot), &mut NoTrace);
    }

    /// Gives every box stored early in `node` (with `subtree`, in every
    /// node below it too), of a slot after the one being filed, its old
    /// box back in all its items, and queues that slot for its own update
    /// at its turn: called just before the items there are read.
    pub(super) fn give_back_early_stores(&mut self, node: u32, subtree: bool) {
        if self.early.range_len == 0 {
            return; // no parallel step under way
        }
        let mut nodes = std::mem::take(&mut self.early.nodes);
        nodes.clear();
        if subtree {
            self.walk_depth_first(node, |node, _| {
                nodes.push(node);
                true
            });
        } else {
            nodes.push(node);
        }
        for &node in &nodes {
            for item in self.nodes[node as usize].items() {
                let proxy = self.items.proxy[item];
                if proxy <= self.early.current {
                    continue;
                }
                let list = &self.early.lists[(proxy / self.early.range_len) as usize];
                let Ok(at) = list.binary_search_by_key(&proxy, |&(s, _)| s) else { continue };
                let old = list[at].1;
                let mut i = self.first_item[proxy as usize];
                while i != NULL_INDEX {
                    self.items.boxes[i as usize] = old;
                    i = self.items.next_of_proxy[i as usize];
                }
                self.early.due.push(Reverse(proxy));
            }
        }
        self.early.nodes = nodes;
    }
}

#[cfg(test)]
mod tests {
    use super::Quadtree;
    use crate::index::NULL_INDEX;
    use crate::scene::{scene_side, Layout};
    use crate::World;

    /// Every item (proxy, node, box, in item order) and every proxy's stay
    /// intervals: what the tree keeps beyond its nodes, which the public
    /// comparison in `tests/parallel.rs` cannot see (an interval computed
    /// from an early box holds the same leaves, so only later frames could
    /// tell).
    fn inside(tree: &Quadtree) -> (Vec<(u32, u32, crate::geometry::Aabb)>, Vec<super::Stay>) {
        let items = (0..tree.items.len())
            .filter(|&i| tree.items.proxy[i] != NULL_INDEX)
            .map(|i| (tree.items.proxy[i], tree.items.node[i], tree.items.boxes[i]))
            .collect();
        (items, tree.stay[..tree.proxy_count as usize].to_vec())
    }

    /// Crowded scenes at tight limits (leaves passing the limit, splitting
    /// and collapsing every frame, big steps): the parallel step leaves the
    /// tree's items and stay intervals exactly as one thread does. Without
    /// any giving back it fails at once (and so does `tests/parallel.rs`).
    #[test]
    fn early_stores_leave_one_threads_items_and_intervals() {
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let four = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
        for seed in 1..=3u64 {
            for (count, limits) in [(3_000u32, (2, 12)), (6_000, (4, 6)), (12_000, (16, 8))] {
                let layout = Layout::ALL[seed as usize % 3];
                let side = scene_side(count as usize) / 2.0;
                let make = || {
                    let mut w = World::new(side, side).unwrap();
                    w.set_structure("quadtree-leaves").unwrap();
                    w.set_quadtree_limits(limits.0, limits.1).unwrap();
                    w.populate(count, seed, layout).unwrap();
                    w
                };
                let (mut serial, mut parallel) = (make(), make());
                for frame in 0..12 {
                    let dt = if frame % 3 == 2 { 0.5 } else { 1.0 / 60.0 };
                    one.install(|| serial.step(dt).unwrap());
                    four.install(|| parallel.step(dt).unwrap());
                    let (a, b) = (serial.quadtree().unwrap(), parallel.quadtree().unwrap());
                    assert!(
                        inside(a) == inside(b),
                        "seed {seed}, {count} boxes, limits {limits:?}, frame {frame}: items or intervals differ"
                    );
                }
            }
        }
    }
}
