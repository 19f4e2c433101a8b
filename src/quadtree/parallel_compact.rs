//! The tree's rewrite in space order (`compact`, at a renumbering of the
//! slots) on the `parallel` feature's pool: one thread lays out the nodes
//! as the serial rewrite does (a depth-first walk, each group of four
//! children placed when its parent is met) and notes where each node's
//! items go (the sum of the capacities of the nodes met before it); the
//! items are then copied by runs of nodes on the pool, each run into its
//! own slice of the new arrays, each item's new index noted (every item is
//! in one node, so one task writes it); the chains' links and the proxies'
//! first items are renamed in slices. The arrays are the serial rewrite's,
//! entry for entry.

use std::sync::atomic::{AtomicU32, Ordering};

use super::layout::lay_out_nodes;
use super::tree::{Items, Node, Quadtree};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

/// Items a task copies at least.
const MIN_TASK: usize = 1 << 12;

impl Quadtree {
    /// Rewrites nodes and items into `nodes` and `items` (empty) as
    /// `compact` does, on the pool, and returns true; false (nothing done)
    /// where one thread does it: one thread, or few items.
    pub(super) fn rewrite_on_the_pool(&mut self, nodes: &mut Vec<Node>, items: &mut Items) -> bool {
        use rayon::prelude::*;

        if crate::parallel::threads() < 2 || self.items.len() < 2 * MIN_TASK {
            return false;
        }
        let mut scratch = std::mem::take(&mut self.rewrite);
        scratch.plan.clear();
        let plan = &mut scratch.plan;
        let total = lay_out_nodes(&self.nodes, nodes, &mut self.stack, |n, new, start| {
            plan.push([n.start, n.count, new, start]);
        });
        // Every entry starts as a hole, as `Items::grow` leaves the slack.
        items.boxes.par_extend(rayon::iter::repeat_n(Aabb::default(), total));
        for array in [&mut items.proxy, &mut items.node, &mut items.next_of_proxy] {
            array.par_extend(rayon::iter::repeat_n(NULL_INDEX, total));
        }
        let old = self.items.len();
        if scratch.remap.len() < old {
            scratch.remap.resize_with(old, || AtomicU32::new(NULL_INDEX));
        }
        let slices = Slices {
            boxes: &mut items.boxes,
            proxy: &mut items.proxy,
            node: &mut items.node,
            next: &mut items.next_of_proxy,
            first: 0,
        };
        let copy = Copy { from: &self.items, remap: &scratch.remap };
        copy.runs(&scratch.plan, total, slices);
        let remap = &scratch.remap;
        let renamed = |link: &mut u32| {
            if *link != NULL_INDEX {
                *link = remap[*link as usize].load(Ordering::Relaxed);
            }
        };
        items.next_of_proxy.par_iter_mut().with_min_len(MIN_TASK).for_each(renamed);
        self.first_item.par_iter_mut().with_min_len(MIN_TASK).for_each(renamed);
        // Straddle policy: each proxy's node is its one item's (the leaves
        // policy keeps none: the array is empty).
        let node_of = &items.node;
        self.proxy_node.par_iter_mut().zip(self.first_item.par_iter()).with_min_len(MIN_TASK).for_each(
            |(held_by, &first)| {
                if first != NULL_INDEX {
                    *held_by = node_of[first as usize];
                }
            },
        );
        self.rewrite = scratch;
        true
    }
}

/// The new item arrays from item `first` on, as one run of nodes writes
/// them.
struct Slices<'a> {
    boxes: &'a mut [Aabb],
    proxy: &'a mut [u32],
    node: &'a mut [u32],
    next: &'a mut [u32],
    first: usize,
}

impl<'a> Slices<'a> {
    /// The entries before item `at` and those from it.
    fn split_at(self, at: usize) -> (Slices<'a>, Slices<'a>) {
        let k = at - self.first;
        let (boxes, boxes_high) = self.boxes.split_at_mut(k);
        let (proxy, proxy_high) = self.proxy.split_at_mut(k);
        let (node, node_high) = self.node.split_at_mut(k);
        let (next, next_high) = self.next.split_at_mut(k);
        (
            Slices { boxes, proxy, node, next, first: self.first },
            Slices { boxes: boxes_high, proxy: proxy_high, node: node_high, next: next_high, first: at },
        )
    }
}

/// What every run reads: the old items, and where each old item goes.
struct Copy<'a> {
    from: &'a Items,
    remap: &'a [AtomicU32],
}

impl Copy<'_> {
    /// Copies the items of the nodes of `plan` (whose items end at item
    /// `end`) into `out`, halving the run on the pool while both halves
    /// hold more than a task's items.
    fn runs(&self, plan: &[[u32; 4]], end: usize, out: Slices<'_>) {
        let first = out.first;
        if end - first < 2 * MIN_TASK || plan.len() < 2 {
            self.run(plan, out);
            return;
        }
        let middle = (first + end) / 2;
        let mid = plan.partition_point(|p| (p[3] as usize) < middle).clamp(1, plan.len() - 1);
        let at = plan[mid][3] as usize;
        let (low, high) = out.split_at(at);
        rayon::join(|| self.runs(&plan[..mid], at, low), || self.runs(&plan[mid..], end, high));
    }

    /// One run's copy, node by node, as the serial rewrite copies.
    fn run(&self, plan: &[[u32; 4]], out: Slices<'_>) {
        for &[first, count, new, start] in plan {
            let to = start as usize - out.first;
            for k in 0..count as usize {
                let from = first as usize + k;
                out.boxes[to + k] = self.from.boxes[from];
                out.proxy[to + k] = self.from.proxy[from];
                out.node[to + k] = new;
                out.next[to + k] = self.from.next_of_proxy[from];
                self.remap[from].store((start as usize + k) as u32, Ordering::Relaxed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Quadtree;
    use crate::geometry::Aabb;
    use crate::scene::{scene_side, Layout};
    use crate::World;

    /// Every array the rewrite writes, entry for entry (holes included).
    #[allow(clippy::type_complexity)]
    fn arrays(tree: &Quadtree) -> (Vec<Aabb>, Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>, Vec<[u32; 6]>) {
        let nodes = tree
            .nodes
            .iter()
            .map(|n| [n.parent, n.first_child, n.start, n.count, n.capacity, n.subtree_count])
            .collect();
        let items = &tree.items;
        (
            items.boxes.clone(),
            items.proxy.clone(),
            items.node.clone(),
            items.next_of_proxy.clone(),
            tree.first_item[..tree.proxy_count as usize].iter().chain(&tree.proxy_node).copied().collect(),
            nodes,
        )
    }

    /// Both policies, scenes big enough to be rewritten on the pool,
    /// renumbered (so rewritten) after frames of moves: the nodes, the
    /// items with their holes and links, and every proxy's first item are
    /// one thread's. A run given a wrong slice, an item's new index left
    /// unwritten or a link left unrenamed shows here.
    #[test]
    fn the_rewrite_on_the_pool_is_one_threads_entry_for_entry() {
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let four = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
        for structure in ["quadtree", "quadtree-leaves"] {
            for (seed, count) in [(1u64, 20_000u32), (2, 40_000)] {
                let layout = Layout::ALL[seed as usize % 3];
                let make = || {
                    let side = scene_side(count as usize);
                    let mut w = World::new(side, side).unwrap();
                    w.set_structure(structure).unwrap();
                    w.populate(count, seed, layout).unwrap();
                    w
                };
                let (mut serial, mut parallel) = (make(), make());
                for frame in 0..3 {
                    for _ in 0..4 {
                        one.install(|| serial.step(0.25).unwrap());
                        four.install(|| parallel.step(0.25).unwrap());
                    }
                    one.install(|| serial.renumber_slots());
                    four.install(|| parallel.renumber_slots());
                    let (a, b) = (serial.quadtree().unwrap(), parallel.quadtree().unwrap());
                    assert!(
                        a.items.len() >= 2 * super::MIN_TASK,
                        "{structure}: too few items to rewrite on the pool"
                    );
                    assert!(
                        arrays(a) == arrays(b),
                        "{structure}, seed {seed}, {count} boxes, renumbering {frame}: the arrays differ"
                    );
                    parallel.validate().unwrap();
                }
            }
        }
    }
}
