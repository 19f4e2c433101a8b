//! Many re-parentings at once (a frame's worth of events): refused all or
//! nothing, then applied by the incremental segment repair or, when those
//! repairs would walk more of the queue than a full re-sort costs, by one
//! re-sort. A repair walks the whole segment between a child and its new
//! parent, so many random re-parentings walk the queue many times over
//! where a re-sort visits each node once (`benches/hierarchy.rs` measures
//! both).

use super::forest::Forest;
use super::reference::UNUSED;
use crate::error::{Error, Result};
use crate::index::NULL_INDEX;

/// A re-sort does a few passes with more work per node than a repair step:
/// it costs about as much as repairs walking this many entries per live
/// node (`cargo bench --bench hierarchy`; docs/BENCHMARKS.md).
const RESORT_COST_PER_NODE: usize = 4;

/// How `set_parents` kept the queue in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchStrategy {
    /// Each event repaired its segment as `set_parent` would: everything not
    /// carried keeps its relative order.
    Repaired,
    /// One full parent-first re-sort: cheaper for this batch, but the
    /// relative order of unrelated nodes may change.
    Resorted,
}

impl Forest {
    /// Applies `(child, parent)` events in order, as `set_parent` would one
    /// by one. `events` gives each as slots (parent [`NULL_INDEX`]: the
    /// root), or the error of an event naming an object that is not there.
    /// All or nothing: such an event, or one that would make a cycle (given
    /// the events before it), refuses the whole batch and changes nothing.
    /// The error names the first bad event in order (`pairs[3]: parent 9 is
    /// not a live object id`); `ids` names the slots.
    pub(crate) fn set_parents(
        &mut self,
        events: impl Iterator<Item = Result<(u32, u32)>>,
        ids: &[u32],
    ) -> Result<BatchStrategy> {
        self.trace_valid = false;
        debug_assert!(!self.implicit, "the owner makes an implicit queue explicit first");
        let mut batch = std::mem::take(&mut self.scratch.batch);
        let result = self.apply_batch(events, &mut batch, ids);
        self.scratch.batch = batch;
        result
    }

    fn apply_batch(
        &mut self,
        events: impl Iterator<Item = Result<(u32, u32)>>,
        batch: &mut Vec<(u32, u32, u32)>,
        ids: &[u32],
    ) -> Result<BatchStrategy> {
        batch.clear();
        // A missing object ends the batch there: the events before it are
        // still checked for a cycle below, so the first bad event is the one
        // named.
        let mut dead = None;
        for (k, event) in events.enumerate() {
            match event {
                Ok((child, parent)) => batch.push((child, parent, NULL_INDEX)),
                Err(e) => {
                    dead = Some(Error::in_entry("pairs", k, e));
                    break;
                }
            }
        }
        // Set the links in order, checking each against the links so far.
        // While every link (the forest's and the batch's so far) points to
        // an earlier queue position, ancestors sit earlier than their
        // descendants, so a parent earlier than the child cannot be its
        // descendant: no walk needed. That covers chains built in order,
        // stars and most batches in O(1) an event. Once a link points
        // later, positions say nothing more and the test walks parent links
        // (bounded by `len`).
        let mut ordered = true;
        for i in 0..batch.len() {
            let (child, parent, _) = batch[i];
            let earlier =
                parent == NULL_INDEX || self.nodes[parent as usize].pos < self.nodes[child as usize].pos;
            if !(ordered && earlier) && self.links_up_to(parent, child) {
                self.undo_links(&batch[..i]);
                let id = |slot: u32| ids[slot as usize];
                return Err(Error::in_entry(
                    "pairs",
                    i,
                    Error::Cycle { child: id(child), parent: id(parent) },
                ));
            }
            ordered &= earlier;
            batch[i].2 = self.nodes[child as usize].parent;
            self.nodes[child as usize].parent = parent;
        }
        if let Some(error) = dead {
            self.undo_links(batch);
            return Err(error);
        }
        let walk: usize = batch
            .iter()
            .filter(|&&(_, parent, _)| parent != NULL_INDEX)
            .map(|&(child, parent, _)| {
                let (c, p) = (self.nodes[child as usize].pos, self.nodes[parent as usize].pos);
                p.saturating_sub(c) as usize
            })
            .sum();
        // The links above were written bare, for the cycle tests; the
        // children lists follow them through `set_link`, so restore first.
        self.undo_links(batch);
        if walk > RESORT_COST_PER_NODE * self.len() {
            for &(child, parent, _) in batch.iter() {
                self.set_link(child, parent);
            }
            self.resort_queue();
            return Ok(BatchStrategy::Resorted);
        }
        // Replay through the incremental repair, which needs the old links.
        // The estimate above reads positions from before the batch; a repair
        // moves whole subtrees, so a batch can cost far more as it goes (a
        // chain attached from its far end moves the growing chain every
        // time). Past the same budget, the rest is linked and re-sorted.
        let budget = RESORT_COST_PER_NODE * self.len();
        let mut spent = 0usize;
        for (k, &(child, parent, _)) in batch.iter().enumerate() {
            if parent != NULL_INDEX {
                let (c, p) = (self.nodes[child as usize].pos, self.nodes[parent as usize].pos);
                spent += p.saturating_sub(c) as usize;
            }
            if spent > budget {
                for &(child, parent, _) in &batch[k..] {
                    self.set_link(child, parent);
                }
                self.resort_queue();
                return Ok(BatchStrategy::Resorted);
            }
            self.reparent(child, parent, ids)?;
        }
        Ok(BatchStrategy::Repaired)
    }

    /// Whether walking parent links up from `node` reaches `target`.
    fn links_up_to(&self, mut node: u32, target: u32) -> bool {
        for _ in 0..=self.len() {
            if node == target {
                return true;
            }
            if node == NULL_INDEX {
                return false;
            }
            node = self.nodes[node as usize].parent;
        }
        true // a loop: the links are corrupt, refuse rather than spin
    }

    fn undo_links(&mut self, applied: &[(u32, u32, u32)]) {
        for &(child, _, old) in applied.iter().rev() {
            self.nodes[child as usize].parent = old;
        }
    }

    /// Rebuilds the queue parents-first from the parent links alone; dead
    /// entries go with it.
    fn resort_queue(&mut self) {
        let mut sorted = std::mem::take(&mut self.scratch.sorted);
        sorted.clear();
        let nodes = &self.nodes;
        let parent = |i: usize| if nodes[i].pos == NULL_INDEX { UNUSED } else { nodes[i].parent };
        match self.scratch.sorter.sort(nodes.len(), parent) {
            Ok(order) => sorted.extend_from_slice(order),
            // Unreachable: every link was checked for cycles above.
            Err(_) => debug_assert!(false, "cycle after validation"),
        }
        if sorted.len() == self.len() {
            self.in_id_order = false;
            for (pos, &slot) in sorted.iter().enumerate() {
                self.place(slot, pos);
            }
            self.queue.truncate(sorted.len());
            self.dead = 0;
        }
        self.scratch.sorted = sorted;
    }
}
