//! The segment repair, run when an object is re-parented under a node that
//! sits later in the queue, recording its step-through when tracing is on.

use crate::index::NULL_INDEX;

use super::forest::Forest;

impl Forest {
    /// Repairs the queue after slot `child` got parent slot `parent`, which
    /// sits later. Only positions `P..=Q` change; `ids` names the slots in
    /// the trace.
    ///
    /// The walk: T starts as [Q, P]; each node between them whose parent is
    /// in T joins T, every other node is pushed forward in the segment;
    /// finally T fills the end of the segment. Parents precede children, so
    /// a node's parent has been classified before the node is met and one
    /// pass suffices. Only the carried subtree is marked: Q's own children
    /// all sit after Q, so none can be met in the segment.
    ///
    /// Dead entries met in the segment are dropped and the segment's end is
    /// refilled with them, so nothing outside `P..=Q` moves. A traced repair
    /// compacts the queue first, so the record's positions are those of
    /// [`Forest::order`].
    pub(super) fn repair_segment(&mut self, child: u32, parent: u32, ids: &[u32]) {
        if self.tracing {
            self.compact();
        }
        let p = self.nodes[child as usize].pos as usize;
        let q = self.nodes[parent as usize].pos as usize;
        debug_assert!(p < q);
        if self.tracing {
            self.scratch.segment.clear();
            self.scratch.segment.extend_from_slice(&self.queue[p..=q]);
        }
        let stamp = self.next_stamp();
        self.nodes[child as usize].mark = stamp;
        self.in_id_order = false;
        let mut temp = std::mem::take(&mut self.scratch.temp);
        temp.clear();
        temp.push(parent);
        temp.push(child);
        let mut write = p;
        for read in p + 1..q {
            let slot = self.queue[read];
            if slot == NULL_INDEX {
                continue;
            }
            let up = self.nodes[slot as usize].parent;
            if up != NULL_INDEX && self.nodes[up as usize].mark == stamp {
                self.nodes[slot as usize].mark = stamp;
                temp.push(slot);
            } else {
                // `write < read`, so this never overwrites an unread entry.
                self.place(slot, write);
                write += 1;
            }
        }
        for &slot in &temp {
            self.place(slot, write);
            write += 1;
        }
        for pos in write..=q {
            self.bury(pos);
        }
        if write <= q {
            // If Q was the last entry, the tombstones now end the queue.
            self.trim_dead_tail();
        }
        if self.tracing {
            let id = |slot: u32| ids[slot as usize];
            let segment = &self.scratch.segment;
            let t = &mut self.trace;
            t.child = id(child);
            t.parent = id(parent);
            t.p = p as u32;
            t.q = q as u32;
            t.before.clear();
            t.before.extend(segment.iter().map(|&s| id(s)));
            t.temp.clear();
            t.temp.extend(temp.iter().map(|&s| id(s)));
            t.after.clear();
            t.after.extend(self.queue[p..=q].iter().map(|&s| id(s)));
            // The marks still say who was carried; reading them here keeps
            // the walk itself free of tracing work.
            t.to_temp.clear();
            t.to_temp.extend(
                segment.iter().enumerate().map(|(step, &slot)| {
                    step + 1 == segment.len() || self.nodes[slot as usize].mark == stamp
                }),
            );
            self.trace_valid = true;
        }
        self.scratch.temp = temp;
    }
}
