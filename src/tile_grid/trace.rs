//! The tile grid's traces (see `crate::trace`): how one edge's state
//! follows from the two cells that share it ([`TileGrid::trace_edge`]),
//! and how a box is pushed out of the tiles ([`TileGrid::trace_push_out`]),
//! each recorded by the code that computes it.

use super::grid::TileGrid;
use super::shape::TileShape;
use super::side::{EdgeState, Side};
use crate::error::Result;
use crate::geometry::Aabb;
use crate::trace::{Maybe, Record, TraceKind, TraceLog, TraceReason, Truncation};

/// One step of an edge's explanation (layout `crate::wire::EDGE_TRACE_FIELDS`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeStep {
    /// `side-view`, `combine`, `door` or `edge-state`.
    pub kind: TraceKind,
    /// Why.
    pub reason: TraceReason,
    /// The cell the step is about (off the map: -1, or `cols` / `rows`).
    pub col: i64,
    /// Its row.
    pub row: i64,
    /// The side, as seen from that cell.
    pub side: Side,
    /// A side view's tile.
    pub shape: TileShape,
    /// The state this step gives: a cell's view, the combined one, the
    /// door's, or the edge's.
    pub state: EdgeState,
    /// A side view: how much of the side the tile's solid lies along (0 to 1).
    pub covered: f64,
    /// The door code (`TileGrid.doorStates()`).
    pub door: u8,
}

impl EdgeStep {
    /// A step of `kind` about side `side` of cell `(col, row)`.
    #[must_use]
    pub fn new(kind: TraceKind, col: i64, row: i64, side: Side, state: EdgeState) -> EdgeStep {
        EdgeStep {
            kind,
            reason: TraceReason::None,
            col,
            row,
            side,
            shape: TileShape::Empty,
            state,
            covered: 0.0,
            door: 0,
        }
    }

    /// What one cell alone says about its side `side`: its tile, how the
    /// tile meets the side, and the view ([`TileShape::side_view`]).
    pub(super) fn side_view(col: i64, row: i64, side: Side, shape: TileShape, on_map: bool) -> EdgeStep {
        let state = shape.side_view(side);
        let reason = match state {
            _ if !on_map => TraceReason::OffMap,
            EdgeState::Empty => TraceReason::NoTile,
            EdgeState::Solid => TraceReason::CoversWholeSide,
            EdgeState::Interesting => TraceReason::DoesNotCoverSide,
        };
        let step = EdgeStep::new(TraceKind::SideView, col, row, side, state);
        EdgeStep { reason, shape, covered: shape.side_coverage(side), ..step }
    }

    /// With this reason.
    #[must_use]
    pub fn because(self, reason: TraceReason) -> EdgeStep {
        EdgeStep { reason, ..self }
    }
}

impl Truncation for EdgeStep {
    fn truncated(dropped: usize) -> EdgeStep {
        let step = EdgeStep::new(TraceKind::Truncated, -1, -1, Side::Left, EdgeState::Empty);
        EdgeStep { covered: dropped as f64, ..step }
    }
}

impl Record for EdgeStep {
    const FIELDS: &'static [&'static str] = crate::wire::EDGE_TRACE_FIELDS;

    fn write(&self, out: &mut Vec<f64>) {
        out.extend([
            self.kind.code(),
            self.reason.code(),
            self.col as f64,
            self.row as f64,
            f64::from(self.side as u8),
            f64::from(self.shape.index()),
            f64::from(self.state as u8),
            self.covered,
            f64::from(self.door),
        ]);
    }
}

/// One step of a push-out (layout `crate::wire::PUSH_OUT_TRACE_FIELDS`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PushOutStep {
    /// What the step is.
    pub kind: TraceKind,
    /// Why.
    pub reason: TraceReason,
    /// The round (from 0).
    pub round: u32,
    /// A cell (or for a door, the line `col` of a vertical door, the row
    /// of a horizontal one, with the other coordinate its cell).
    pub cell: Option<(u32, u32)>,
    /// A touched cell's tile.
    pub shape: Option<TileShape>,
    /// The rectangle: the box, a cell, a door (zero wide or high).
    pub rect: Option<Aabb>,
    /// A move, or an axis's direction.
    pub dx: f64,
    /// Its y part.
    pub dy: f64,
    /// A depth: a contact's penetration, an axis's overlap (at most 0:
    /// separated), a move's length, the tolerance.
    pub depth: f64,
    /// The overlap a tried way out leaves.
    pub left: f64,
    /// Whether a way out leaves through a blocked side (tried last).
    pub blocked: bool,
}

impl PushOutStep {
    /// A step of `kind` in round `round`, with nothing else filled in.
    #[must_use]
    pub fn new(kind: TraceKind, round: u32) -> PushOutStep {
        PushOutStep {
            kind,
            reason: TraceReason::None,
            round,
            cell: None,
            shape: None,
            rect: None,
            dx: 0.0,
            dy: 0.0,
            depth: 0.0,
            left: 0.0,
            blocked: false,
        }
    }

    /// With this reason.
    #[must_use]
    pub fn because(self, reason: TraceReason) -> PushOutStep {
        PushOutStep { reason, ..self }
    }

    /// A move (or direction) `(dx, dy)` of length (or depth) `depth`.
    #[must_use]
    pub fn moving(self, dx: f64, dy: f64, depth: f64) -> PushOutStep {
        PushOutStep { dx, dy, depth, ..self }
    }

    /// At a cell.
    #[must_use]
    pub fn cell(self, col: u32, row: u32) -> PushOutStep {
        PushOutStep { cell: Some((col, row)), ..self }
    }

    /// At a rectangle.
    #[must_use]
    pub fn at(self, rect: Aabb) -> PushOutStep {
        PushOutStep { rect: Some(rect), ..self }
    }
}

impl Truncation for PushOutStep {
    fn truncated(dropped: usize) -> PushOutStep {
        PushOutStep { depth: dropped as f64, ..PushOutStep::new(TraceKind::Truncated, 0) }
    }
}

impl Record for PushOutStep {
    const FIELDS: &'static [&'static str] = crate::wire::PUSH_OUT_TRACE_FIELDS;

    fn write(&self, out: &mut Vec<f64>) {
        let (col, row) = match self.cell {
            Some((c, r)) => (f64::from(c), f64::from(r)),
            None => (-1.0, -1.0),
        };
        let r =
            self.rect.unwrap_or(Aabb { min_x: f64::NAN, min_y: f64::NAN, max_x: f64::NAN, max_y: f64::NAN });
        out.extend([
            self.kind.code(),
            self.reason.code(),
            f64::from(self.round),
            col,
            row,
            self.shape.map_or(-1.0, |s| f64::from(s.index())),
            r.min_x,
            r.min_y,
            r.max_x - r.min_x,
            r.max_y - r.min_y,
            self.dx,
            self.dy,
            self.depth,
            self.left,
            f64::from(u8::from(self.blocked)),
        ]);
    }
}

impl TileGrid {
    /// How the state of side `side` of cell `(col, row)` follows from the
    /// two cells that share it, as [`edge`](TileGrid::edge)'s state was
    /// computed: each cell's view of the side (its tile, how much of the
    /// side the tile's solid lies along, the view: no tile `empty`, a face
    /// along the whole side `solid`, else `interesting`), the two combined
    /// and simplified, a door overriding them, and the state stored. An
    /// error names `col` or `row` off the map.
    pub fn trace_edge(&self, col: u32, row: u32, side: Side) -> Result<Vec<EdgeStep>> {
        self.check_cell(col, row)?;
        let mut log = TraceLog::new();
        self.compute_edge_traced(col, row, side, &mut Maybe::to(&mut log));
        let stored = self.edge(col, row, side)?;
        log.push(EdgeStep::new(TraceKind::EdgeState, col.into(), row.into(), side, stored));
        Ok(log.finish())
    }

    /// [`push_out`](TileGrid::push_out), step by step: for each round, the
    /// box, every touched cell with its tile (the separating-axis tests, the
    /// ways out with their depths and whether a neighbour's face blocks
    /// them, the contact's depth), the closed doors crossed, the deepest
    /// contact, each way out tried and the overlap it leaves, the move
    /// made; then the total move and why it stopped. The last `done` step's
    /// move is what `push_out` returns.
    #[must_use]
    pub fn trace_push_out(&self, b: &Aabb) -> Vec<PushOutStep> {
        let everywhere = Aabb { min_x: f64::MIN, min_y: f64::MIN, max_x: f64::MAX, max_y: f64::MAX };
        let mut log = TraceLog::new();
        self.push_out_within_traced(b, &everywhere, &mut Maybe::to(&mut log));
        let mut steps = log.finish();
        // Each step of a round carries the round's number (the narrow
        // phase, which reports them, knows nothing of rounds).
        let mut round = 0;
        for step in &mut steps {
            match step.kind {
                TraceKind::Round => round = step.round,
                TraceKind::Done | TraceKind::PushOut | TraceKind::Truncated => {}
                _ => step.round = round,
            }
        }
        steps
    }
}
