//! The segment repair, run when an object is re-parented under a node that
//! sits later in the queue, recording its step-through when tracing is on:
//! each step of the walk as the walk takes it (`trace.rs`).

use crate::index::NULL_INDEX;
use crate::trace::{Maybe, NoTrace, TraceKind, TraceLog, TraceReason, Tracer};

use super::forest::Forest;
use super::trace::RepairStep;

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
            let mut log = TraceLog::new();
            self.walk_segment(child, parent, ids, &mut Maybe::to(&mut log));
            self.trace.steps = log.finish();
        } else {
            self.walk_segment(child, parent, ids, &mut NoTrace);
        }
    }

    /// The repair itself, telling `t` each step of the walk; with a
    /// recording tracer it also fills the record's segments.
    fn walk_segment<T: Tracer<RepairStep>>(&mut self, child: u32, parent: u32, ids: &[u32], t: &mut T) {
        if t.on() {
            self.compact();
        }
        let p = self.nodes[child as usize].pos as usize;
        let q = self.nodes[parent as usize].pos as usize;
        debug_assert!(p < q);
        if t.on() {
            self.scratch.segment.clear();
            self.scratch.segment.extend_from_slice(&self.queue[p..=q]);
        }
        let id = |slot: u32| if slot == NULL_INDEX { 0 } else { ids[slot as usize] };
        let step = |kind, position: usize, entry: u32, up: u32, forward: usize, temp: usize| RepairStep {
            kind,
            reason: TraceReason::None,
            position: position as u32,
            id: id(entry),
            parent: id(up),
            forward: forward as u32,
            temp: temp as u32,
        };
        let stamp = self.next_stamp();
        self.nodes[child as usize].mark = stamp;
        self.in_id_order = false;
        let mut temp = std::mem::take(&mut self.scratch.temp);
        temp.clear();
        temp.push(parent);
        temp.push(child);
        t.note(|| step(TraceKind::RepairStart, p, child, parent, 0, 2));
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
                t.note(|| {
                    let s = step(TraceKind::ToTemp, read, slot, up, write - p, temp.len());
                    RepairStep { reason: TraceReason::ParentInTemp, ..s }
                });
            } else {
                // `write < read`, so this never overwrites an unread entry.
                self.place(slot, write);
                write += 1;
                t.note(|| {
                    let s = step(TraceKind::Forward, read, slot, up, write - p, temp.len());
                    RepairStep { reason: TraceReason::ParentNotInTemp, ..s }
                });
            }
        }
        t.note(|| step(TraceKind::Splice, p, child, parent, write - p, temp.len()));
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
        if t.on() {
            let segment = &self.scratch.segment;
            let tr = &mut self.trace;
            tr.child = id(child);
            tr.parent = id(parent);
            tr.p = p as u32;
            tr.q = q as u32;
            tr.before.clear();
            tr.before.extend(segment.iter().map(|&s| id(s)));
            tr.temp.clear();
            tr.temp.extend(temp.iter().map(|&s| id(s)));
            tr.after.clear();
            tr.after.extend(self.queue[p..=q].iter().map(|&s| id(s)));
            // The marks still say who was carried.
            tr.to_temp.clear();
            tr.to_temp.extend(
                segment.iter().enumerate().map(|(step, &slot)| {
                    step + 1 == segment.len() || self.nodes[slot as usize].mark == stamp
                }),
            );
            self.trace_valid = true;
        }
        self.scratch.temp = temp;
    }
}
