//! One record of the traced tile-aware step (`tile_step_trace.rs`): what a
//! move, a contact, a response or the step's end was, as the motion code
//! (`tile_motion.rs`) tells it. Apart from both, so the motion code names
//! its records without depending on the trace that runs it.

use crate::trace::{Record, TraceKind, TraceReason, Truncation};

/// One step of a collider's tile-aware step (layout
/// `crate::wire::TILE_STEP_TRACE_FIELDS`; see there for the fields).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactStep {
    /// What the step is.
    pub kind: TraceKind,
    /// Why.
    pub reason: TraceReason,
    /// The move's number in the step (from 0).
    pub move_index: u32,
    /// The box: where the step or the move starts.
    pub x: f64,
    /// Its y.
    pub y: f64,
    /// Its width.
    pub w: f64,
    /// Its height.
    pub h: f64,
    /// A move's displacement.
    pub dx: f64,
    /// Its y part.
    pub dy: f64,
    /// The seconds a move spans (on `tile-step`: `dt`).
    pub time: f64,
    /// The time of impact, as a fraction of the move (1: nothing met).
    pub toi: f64,
    /// The cell met: the tile's, or for a closed door the cell beyond it.
    pub cell: Option<(u32, u32)>,
    /// The tile code met (`TileGrid.shapes()`), if a tile.
    pub shape: Option<u8>,
    /// The contact's unit outward normal.
    pub nx: f64,
    /// Its y part.
    pub ny: f64,
    /// Where the box is left.
    pub end_x: f64,
    /// Its y.
    pub end_y: f64,
    /// The velocity: during a move, else after the step.
    pub vx: f64,
    /// Its y part.
    pub vy: f64,
    /// The step's time left after this step.
    pub left: f64,
    /// The contacts met so far.
    pub contacts: u32,
}

impl ContactStep {
    /// A step of `kind` for a motion as it stands, `[x, y, w, h, vx, vy]`:
    /// its box and velocity, left where it is.
    pub(super) fn of(kind: TraceKind, reason: TraceReason, m: [f64; 6]) -> ContactStep {
        let [x, y, w, h, vx, vy] = m;
        ContactStep {
            kind,
            reason,
            move_index: 0,
            x,
            y,
            w,
            h,
            dx: 0.0,
            dy: 0.0,
            time: 0.0,
            toi: 0.0,
            cell: None,
            shape: None,
            nx: 0.0,
            ny: 0.0,
            end_x: x,
            end_y: y,
            vx,
            vy,
            left: 0.0,
            contacts: 0,
        }
    }

    /// Move number `index`, `left` seconds of the step to go, `contacts` met.
    pub(super) fn counting(self, index: u32, left: f64, contacts: u32) -> ContactStep {
        ContactStep { move_index: index, left, contacts, ..self }
    }
}

impl Truncation for ContactStep {
    fn truncated(dropped: usize) -> ContactStep {
        ContactStep {
            time: dropped as f64,
            ..ContactStep::of(TraceKind::Truncated, TraceReason::None, [0.0; 6])
        }
    }
}

impl Record for ContactStep {
    const FIELDS: &'static [&'static str] = crate::wire::TILE_STEP_TRACE_FIELDS;

    fn write(&self, out: &mut Vec<f64>) {
        let (col, row) = self.cell.map_or((-1.0, -1.0), |(c, r)| (f64::from(c), f64::from(r)));
        out.extend([
            self.kind.code(),
            self.reason.code(),
            f64::from(self.move_index),
            self.x,
            self.y,
            self.w,
            self.h,
            self.dx,
            self.dy,
            self.time,
            self.toi,
            col,
            row,
            self.shape.map_or(-1.0, f64::from),
            self.nx,
            self.ny,
            self.end_x,
            self.end_y,
            self.vx,
            self.vy,
            self.left,
            f64::from(self.contacts),
        ]);
    }
}
