//! The step-through record of one segment repair (`repair.rs`), kept by
//! the forest when tracing is on, for the playground to animate: the
//! segment before and after, and each step of the walk as the walk took it
//! (`RepairStep`, see `crate::trace`).

use crate::trace::{Record, TraceKind, TraceReason, Truncation};

/// What one repair did, for the playground to animate. Positions are queue
/// indices; every list holds ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepairTrace {
    /// The re-parented object.
    pub child: u32,
    /// Its new parent.
    pub parent: u32,
    /// P: where the child sat (start of the segment).
    pub p: u32,
    /// Q: where the new parent sat (end of the segment).
    pub q: u32,
    /// The segment `P..=Q` before the repair.
    pub before: Vec<u32>,
    /// The temporary queue T at the end of the walk: the new parent, the
    /// child, then each node of the segment whose parent was already in T,
    /// in the order the walk met them.
    pub temp: Vec<u32>,
    /// Per entry of `before`: whether it went to T (true for the first and
    /// last entries, the child and the new parent) or was pushed forward.
    pub to_temp: Vec<bool>,
    /// The segment `P..=Q` after the repair: the nodes that stayed, in their
    /// old relative order, then T.
    pub after: Vec<u32>,
    /// The walk, step by step as it went: T's start, one step per entry
    /// between P and Q, the splice (at most
    /// [`MAX_TRACE_STEPS`](crate::trace::MAX_TRACE_STEPS), see there).
    pub steps: Vec<RepairStep>,
}

/// One step of the repair's walk (layout `crate::wire::REPAIR_STEP_FIELDS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepairStep {
    /// `repair-start` (T = [Q, P]), `to-temp`, `forward` or `splice`.
    pub kind: TraceKind,
    /// For an entry: whether its parent was in T.
    pub reason: TraceReason,
    /// The queue position the step is at (P for the start and the splice).
    pub position: u32,
    /// The entry (the child for the start and the splice).
    pub id: u32,
    /// Its parent, 0 at the root (the new parent for the start and the splice).
    pub parent: u32,
    /// Entries pushed forward so far.
    pub forward: u32,
    /// Entries in T so far.
    pub temp: u32,
}

impl Truncation for RepairStep {
    fn truncated(dropped: usize) -> RepairStep {
        let step = RepairStep {
            kind: TraceKind::Truncated,
            reason: TraceReason::None,
            position: 0,
            id: 0,
            parent: 0,
            forward: 0,
            temp: 0,
        };
        RepairStep { position: dropped as u32, ..step }
    }
}

impl Record for RepairStep {
    const FIELDS: &'static [&'static str] = crate::wire::REPAIR_STEP_FIELDS;

    fn write(&self, out: &mut Vec<f64>) {
        out.extend([
            self.kind.code(),
            self.reason.code(),
            f64::from(self.position),
            f64::from(self.id),
            f64::from(self.parent),
            f64::from(self.forward),
            f64::from(self.temp),
        ]);
    }
}
