//! The straddle policy's all-pairs on the `parallel` feature's thread pool:
//! the serial walk (`pairs_straddle`) cut into tasks by subtrees. Every
//! node's run is first put in order on the calling thread (the sort is a
//! pass of about one comparison an item, where the walk tests every pair),
//! so the walk itself only reads the tree. The top levels are then walked
//! on the calling thread, depth first as the serial walk goes, building
//! each node's candidate list (its ancestors' items that overlap it); each
//! node above the cut depth becomes a task of its own items against its
//! list, each node at the cut a task of its whole subtree, walked as the
//! serial walk walks it from that list. The tasks, in the order the walk
//! meets them, run on the pool into their own pair buffers
//! (`crate::parallel`) and are merged in that order: the pairs and counters
//! are the serial walk's, in its order.
//!
//! A refused call (more pairs than the limit) has sorted every run, where
//! the serial walk stops sorting where it stops: the pairs are refused
//! alike, and a later walk finds the same pairs (only the order of boxes
//! whose sort keys tie may differ).

use super::node_pairs::{
    candidate_filter, gather_candidates, keeps_run_sorted, run_union, small_node_pairs, sorted_node_pairs,
    Chain,
};
use super::parallel_scratch::{StraddleTasks, Task, TaskFrame, WalkScratch};
use super::tree::{Quadtree, ROOT};
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::parallel::{pairs_by_bands, threads, Band, Tally};

/// Subtrees a thread's share is cut into, at least: more than one, so a
/// crowded subtree does not hold the others up (an idle thread takes the
/// next task).
const SUBTREES_PER_THREAD: usize = 16;

/// Frames a task's walk holds at most: three waiting siblings a level.
const WALK_ROOM: usize = 4 * super::tree::QuadtreeLimits::MAX_LEVELS as usize + 8;

/// The depth at which the walk is cut into subtrees: the shallowest with
/// room for [`SUBTREES_PER_THREAD`] subtrees a thread.
fn cut_depth() -> u32 {
    let wanted = SUBTREES_PER_THREAD * threads();
    let mut depth = 1;
    while 4usize.saturating_pow(depth) < wanted {
        depth += 1;
    }
    depth
}

impl Quadtree {
    /// [`BroadPhase::pairs`](crate::BroadPhase::pairs) of the straddle policy with the
    /// walk cut into tasks by subtrees on the pool.
    pub(super) fn pairs_straddle_parallel(&mut self, out: &mut PairSink<'_>) -> Stats {
        // Every run the serial walk sorts (every live inner node holding
        // more than a few items), in place before anything reads it.
        for node in 0..self.nodes.len() as u32 {
            if keeps_run_sorted(&self.nodes[node as usize]) && !self.is_free(node) {
                self.sort_run(node);
            }
        }
        let mut work = std::mem::take(&mut self.straddle_tasks);
        let cut = cut_depth();
        // A band for every node down to the cut: as many as there can be
        // tasks.
        let most = (4usize.saturating_pow(cut + 1) - 1) / 3;
        if work.bands.len() < most {
            work.bands.resize_with(most, Band::default);
        }
        self.plan_tasks(&mut work, cut);
        let StraddleTasks { tasks, lists, bands, .. } = &mut work;
        let (tasks, lists) = (&*tasks, &*lists);
        let this = &*self;
        // Every band runs, those past the tasks doing nothing, so each
        // keeps the room of the roomiest and none allocates when the tree's
        // top levels fill in.
        let count = bands.len();
        let stats = pairs_by_bands(bands, count, out, |t, sink, scratch, tally| {
            // Failing here only leaves the stack to grow as it goes.
            let _ = crate::parallel::reserve_exactly(&mut scratch.walk, WALK_ROOM);
            let Some(&task) = tasks.get(t) else { return Stats::default() };
            let candidates = &lists[task.list_start as usize..task.list_end as usize];
            this.walk_task(task, candidates, scratch, sink, tally)
        });
        self.straddle_tasks = work;
        stats
    }

    /// The serial walk's first levels, depth first in its order, down to
    /// `cut`: each node's candidate list built as the serial walk builds it,
    /// each node a task, those at `cut` (or leaves) of their whole subtree.
    fn plan_tasks(&self, work: &mut StraddleTasks, cut: u32) {
        let StraddleTasks { tasks, lists, frames, .. } = work;
        tasks.clear();
        lists.clear();
        frames.clear();
        // Room for every object's box once, as the serial walk's list has:
        // a list seldom holds more, and a warm call allocates nothing.
        let _ = crate::parallel::reserve_exactly(lists, self.proxy_count as usize);
        let most = (4usize.saturating_pow(cut + 1) - 1) / 3;
        let _ = crate::parallel::reserve_exactly(tasks, most);
        let _ = crate::parallel::reserve_exactly(frames, WALK_ROOM);
        frames.push(TaskFrame { node: ROOT, parent: NULL_INDEX, list_start: 0, list_end: 0 });
        while let Some(frame) = frames.pop() {
            let n = &self.nodes[frame.node as usize];
            let start = lists.len();
            if frame.parent != NULL_INDEX {
                let filter = candidate_filter(n, &run_union(&self.items.boxes[n.items()]));
                for k in frame.list_start as usize..frame.list_end as usize {
                    let candidate = lists[k];
                    if candidate.0.overlaps_without_branches(&filter) {
                        lists.push(candidate);
                    }
                }
                let p = &self.nodes[frame.parent as usize];
                for i in p.items() {
                    let b = self.items.boxes[i];
                    if b.overlaps_without_branches(&filter) {
                        lists.push((b, self.items.proxy[i]));
                    }
                }
            }
            let (list_start, list_end) = (start as u32, lists.len() as u32);
            let whole_subtree = n.is_leaf() || n.depth >= cut;
            tasks.push(Task { node: frame.node, list_start, list_end, whole_subtree });
            if !whole_subtree {
                for child in (n.first_child..n.first_child + 4).rev() {
                    if self.nodes[child as usize].subtree_count > 0 {
                        frames.push(TaskFrame { node: child, parent: frame.node, list_start, list_end });
                    }
                }
            }
        }
    }

    /// One task: the serial walk's steps from `task.node`, whose candidate
    /// list is `candidates`, over its subtree if the task holds it.
    fn walk_task(
        &self,
        task: Task,
        candidates: &[(Aabb, u32)],
        scratch: &mut WalkScratch,
        out: &mut PairSink<'_>,
        tally: &mut Tally<'_>,
    ) -> Stats {
        let mut stats = Stats::default();
        let mut found = KeepBuffer::new();
        let WalkScratch { walk, list } = scratch;
        // `list[..first]` is the task's own node's list; the lists of the
        // nodes below follow it, stacked as in the serial walk.
        let first = candidates.len();
        if list.len() < first {
            list.resize(first, (Aabb::default(), NULL_INDEX));
        }
        list[..first].copy_from_slice(candidates);
        walk.clear();
        walk.push(TaskFrame { node: task.node, parent: NULL_INDEX, list_start: 0, list_end: 0 });
        let (boxes, proxies) = (&self.items.boxes, &self.items.proxy);
        while let Some(frame) = walk.pop() {
            if tally.stop(out) {
                break;
            }
            stats.nodes_visited += 1;
            let n = &self.nodes[frame.node as usize];
            let start = frame.list_end as usize;
            let range = n.items();
            let own = Chain { boxes: &boxes[range.clone()], proxies: &proxies[range] };
            let own_union = run_union(own.boxes);
            let top = if frame.parent == NULL_INDEX {
                first
            } else {
                let parent_list = frame.list_start as usize..frame.list_end as usize;
                let p = &self.nodes[frame.parent as usize];
                let filter = candidate_filter(n, &own_union);
                gather_candidates(list, parent_list, start, p, &filter, (boxes, proxies))
            };
            let candidates = &list[start..top];
            if keeps_run_sorted(n) {
                let crossing = self.crossing_count(frame.node);
                sorted_node_pairs(&own, crossing, candidates, &mut found, out, &mut stats);
            } else {
                small_node_pairs(&own, &own_union, candidates, &mut found, out, &mut stats);
            }
            if task.whole_subtree && !n.is_leaf() {
                for child in (n.first_child..n.first_child + 4).rev() {
                    if self.nodes[child as usize].subtree_count > 0 {
                        let (list_start, list_end) = (start as u32, top as u32);
                        walk.push(TaskFrame { node: child, parent: frame.node, list_start, list_end });
                    }
                }
            }
        }
        found.flush(out);
        stats
    }
}
