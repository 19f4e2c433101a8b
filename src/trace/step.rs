//! One step of a structure's trace (quadtree, grids, brute force): a
//! record of fixed fields, each kind filling those it needs (docs/API.md,
//! "Traces", has the table), built in the code that takes the step.

use super::codes::{TraceKind, TraceReason};
use super::{coordinate, Record, Truncation};
use crate::geometry::Aabb;

/// No object: a step's `id` or `other` when it is about none. (On the
/// wire, where the World has written ids over the slots, it is 0.)
pub const NONE: u32 = u32::MAX;

/// One step of a structure's trace. A structure records its proxies in
/// `id` and `other`; the World writes object ids over them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// What the step is.
    pub kind: TraceKind,
    /// Why it went that way.
    pub reason: TraceReason,
    /// The object the step is about, or [`NONE`].
    pub id: u32,
    /// A second object (the candidate tested, the partner), or [`NONE`].
    pub other: u32,
    /// The rectangle the step is at: a node's or a cell's bounds, or a box.
    pub rect: Option<Aabb>,
    /// A quadtree node's level (the root is 0).
    pub depth: Option<u32>,
    /// A cell `(col, row)`, or a quadrant of a node (`(0 | 1, 0 | 1)`: its
    /// column and row in the node).
    pub cell: Option<(u32, u32)>,
    /// The number the step's rule looks at (objects in a node or cell,
    /// cells reached, candidates tested…).
    pub count: f64,
    /// The number the rule counted, where it counts only some of `count`
    /// (the leaves policy's split), or a second total (hits).
    pub counted: f64,
    /// What `count` is compared with (`maxObjects`, `maxLevels`, …).
    pub limit: f64,
    /// Objects that moved (down at a split, up at a collapse).
    pub moved: u32,
    /// Objects that stayed (in the node at a split).
    pub stayed: u32,
}

impl Step {
    /// A step of this kind, with nothing else filled in.
    #[must_use]
    pub fn new(kind: TraceKind) -> Step {
        Step {
            kind,
            reason: TraceReason::None,
            id: NONE,
            other: NONE,
            rect: None,
            depth: None,
            cell: None,
            count: 0.0,
            counted: 0.0,
            limit: 0.0,
            moved: 0,
            stayed: 0,
        }
    }

    /// The same step as another kind.
    #[must_use]
    pub fn with_kind(self, kind: TraceKind) -> Step {
        Step { kind, ..self }
    }

    /// With this reason.
    #[must_use]
    pub fn because(self, reason: TraceReason) -> Step {
        Step { reason, ..self }
    }

    /// About this object.
    #[must_use]
    pub fn of(self, id: u32) -> Step {
        Step { id, ..self }
    }

    /// With this second object.
    #[must_use]
    pub fn with(self, other: u32) -> Step {
        Step { other, ..self }
    }

    /// At this rectangle.
    #[must_use]
    pub fn at(self, rect: Aabb) -> Step {
        Step { rect: Some(rect), ..self }
    }

    /// At a quadtree node.
    #[must_use]
    pub fn node(self, bounds: Aabb, depth: u32) -> Step {
        Step { rect: Some(bounds), depth: Some(depth), ..self }
    }

    /// At a cell (or a quadrant: column and row in the node).
    #[must_use]
    pub fn cell(self, col: u32, row: u32) -> Step {
        Step { cell: Some((col, row)), ..self }
    }

    /// With the number the rule looks at.
    #[must_use]
    pub fn count(self, count: impl Into<f64>) -> Step {
        Step { count: count.into(), ..self }
    }

    /// With the number the rule counted.
    #[must_use]
    pub fn counted(self, counted: impl Into<f64>) -> Step {
        Step { counted: counted.into(), ..self }
    }

    /// With what the count is compared with.
    #[must_use]
    pub fn limit(self, limit: impl Into<f64>) -> Step {
        Step { limit: limit.into(), ..self }
    }

    /// With the objects that moved and stayed.
    #[must_use]
    pub fn moved(self, moved: u32, stayed: u32) -> Step {
        Step { moved, stayed, ..self }
    }

    /// Writes `id_of(slot)` over `id` and `other`: a structure records
    /// proxies, the World shows object ids (0 for [`NONE`]).
    pub(crate) fn name_objects(&mut self, id_of: impl Fn(u32) -> u32) {
        let name = |p: u32| if p == NONE { NONE } else { id_of(p) };
        self.id = name(self.id);
        self.other = name(self.other);
    }
}

impl Truncation for Step {
    fn truncated(dropped: usize) -> Step {
        Step::new(TraceKind::Truncated).count(dropped as f64)
    }
}

impl Record for Step {
    const FIELDS: &'static [&'static str] = crate::wire::STRUCTURE_TRACE_FIELDS;

    fn write(&self, out: &mut Vec<f64>) {
        let object = |p: u32| if p == NONE { 0.0 } else { f64::from(p) };
        let r =
            self.rect.unwrap_or(Aabb { min_x: f64::NAN, min_y: f64::NAN, max_x: f64::NAN, max_y: f64::NAN });
        let (col, row) = match self.cell {
            Some((c, r)) => (Some(c), Some(r)),
            None => (None, None),
        };
        out.extend([
            self.kind.code(),
            self.reason.code(),
            object(self.id),
            object(self.other),
            r.min_x,
            r.min_y,
            r.max_x - r.min_x,
            r.max_y - r.min_y,
            coordinate(self.depth),
            coordinate(col),
            coordinate(row),
            self.count,
            self.counted,
            self.limit,
            f64::from(self.moved),
            f64::from(self.stayed),
        ]);
    }
}

#[cfg(test)]
mod tests {
    use super::{Record, Step};
    use crate::trace::TraceKind;

    #[test]
    fn a_record_has_one_number_per_field() {
        let mut out = Vec::new();
        Step::new(TraceKind::Split).write(&mut out);
        assert_eq!(out.len(), Step::FIELDS.len());
    }
}
