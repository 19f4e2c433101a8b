//! Amanatides–Woo traversal (Metanet's N tutorial B, section 5): the cells of a uniform
//! grid a segment passes through, in order, with where and through which
//! side it enters each, and the DDA state at every step.
//!
//! # What "passes through" means
//! Per axis the segment has a parameter interval for each column (row):
//! - on an axis where it moves, the **open** interval between the `t` of the
//!   cell's two lines, each computed as `(line − p0) / (p1 − p0)`
//!   ([`AxisParam::t_at`], the one formula the whole module uses);
//! - on an axis where it does not move (`p1 − p0` is `0` or `−0`), all of
//!   `t` for the one cell whose **half-open** span `[line(k), line(k+1))`
//!   holds the coordinate (the rule of [`TileGrid::cell_at`]), nothing for
//!   the others.
//!
//! A cell is visited when its column's and row's intervals and `[0, 1]`
//! share more than a point. Consequences, all tested against a brute-force
//! reference that applies this definition cell by cell:
//! - **Corner crossings**: a segment through a lattice point goes straight
//!   to the diagonal cell; neither side cell is visited (it only touches
//!   them at a point).
//! - **Along a grid line**: a segment lying on `x = line(k)` visits the
//!   cells of column `k` (to the right; below for a horizontal line), and
//!   nothing when that line is the grid's right (bottom) border.
//! - **A point** (zero-length segment) visits the one cell holding it by
//!   the half-open rule, if any.
//! - Starting or ending exactly on a line visits only the cell the segment
//!   then runs into; a segment that only touches the grid visits nothing.
//! - The segment is clipped to the grid first: the first cell is where it
//!   enters.
//!
//! "Exact" is in floating point: a lattice point is crossed when the `t`
//! of its two lines compare equal. For coordinates exact in binary
//! (integers, halves, multiples of a power-of-two cell) both are correctly
//! rounded values of the same fraction, so that is exactly when the real
//! segment passes through the point; for decimals like `0.1` the
//! comparison, not the real line, decides — the same way everywhere in the
//! module.
//!
//! Entry parameters come straight from the formula, never accumulated, so
//! very long rays (1e12) lose nothing. With coordinates beyond about 1e15
//! in a grid of unit cells, `t` (53 bits) can no longer tell neighbouring
//! lines apart: such columns get empty intervals and are skipped, exactly
//! as the definition says, so the result stays consistent, finite and
//! bounded, though coarser than the real line.
//!
//! # Example
//! ```
//! use broadphase::ray::{trace_cells, GridDims};
//! let dims = GridDims::new(4, 4, 1.0).unwrap();
//! let mut cells = Vec::new();
//! // Through the lattice points (1,1), (2,2), (3,3): straight down the diagonal.
//! trace_cells(dims, 0.5, 0.5, 3.5, 3.5, &mut cells);
//! assert_eq!(cells, [(0, 0), (1, 1), (2, 2), (3, 3)]);
//! ```
//!
//! [`TileGrid::cell_at`]: crate::tile_grid::TileGrid::cell_at

use super::segment::{frame, AxisParam, Framed, Segment};
use crate::error::{positive, Error, Result};
use crate::geometry::Aabb;
use crate::tile_grid::{Side, TileGrid, MAX_CELLS_PER_AXIS};

/// A `cols × rows` grid of square cells of side `cell_size` from the origin;
/// line `k` is at `k as f64 * cell_size`, the same expression as
/// [`TileGrid::line`], so the two agree bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridDims {
    /// Columns of the grid.
    pub cols: u32,
    /// Rows of the grid.
    pub rows: u32,
    /// Side of a cell, world units.
    pub cell_size: f64,
}

impl GridDims {
    /// Errors name `cols` or `rows` outside `1..=`[`MAX_CELLS_PER_AXIS`],
    /// or a `cell_size` that is not finite and above zero.
    pub fn new(cols: u32, rows: u32, cell_size: f64) -> Result<GridDims> {
        for (arg, n) in [("cols", cols), ("rows", rows)] {
            if !(1..=MAX_CELLS_PER_AXIS).contains(&n) {
                return Err(Error::OutOfRange {
                    arg,
                    value: n.into(),
                    min: 1,
                    max: MAX_CELLS_PER_AXIS.into(),
                });
            }
        }
        positive("cell_size", cell_size)?;
        Ok(GridDims { cols, rows, cell_size })
    }

    /// The dimensions of a tile grid.
    #[must_use]
    pub fn of(grid: &TileGrid) -> GridDims {
        GridDims { cols: grid.cols(), rows: grid.rows(), cell_size: grid.tile_size() }
    }

    /// The coordinate of line `k`.
    #[must_use]
    #[inline]
    pub fn line(&self, k: u32) -> f64 {
        f64::from(k) * self.cell_size
    }

    /// The grid's rectangle, from the origin.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        Aabb { min_x: 0.0, min_y: 0.0, max_x: self.line(self.cols), max_y: self.line(self.rows) }
    }
}

/// How the segment got into a visited cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The segment starts in (or on the boundary of) this cell: `t = 0`.
    Start,
    /// It crossed this side of the cell (a grid border side for the first
    /// cell of a segment that starts outside).
    Side(Side),
    /// It crossed this cell's corner where `vertical` and `horizontal` meet,
    /// coming from the diagonal neighbour (or from outside the grid).
    Corner {
        /// The vertical side (left or right) the corner is on.
        vertical: Side,
        /// The horizontal side (top or bottom) the corner is on.
        horizontal: Side,
    },
}

/// Amanatides and Woo's state at a visited cell, for the playground's step
/// mode. `t_max_*` is the parameter at which the segment reaches the next
/// vertical (horizontal) line, `t_delta_*` the parameter length of one cell
/// along that axis; both `∞` on an axis the segment does not move along.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DdaState {
    /// `t` at which the walk next crosses a vertical line.
    pub t_max_x: f64,
    /// `t` at which the walk next crosses a horizontal line.
    pub t_max_y: f64,
    /// `t` between two vertical lines.
    pub t_delta_x: f64,
    /// `t` between two horizontal lines.
    pub t_delta_y: f64,
}

/// One visited cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellVisit {
    /// Column of the cell.
    pub col: u32,
    /// Row of the cell.
    pub row: u32,
    /// Where the segment enters the cell (`0` when it starts in it).
    pub t: f64,
    /// Where it leaves the cell or ends (`≤ 1`).
    pub t_exit: f64,
    /// The entry point; exactly on the crossed line(s).
    pub x: f64,
    /// y of the entry point (`x` above is its x).
    pub y: f64,
    /// How the walk entered the cell.
    pub entry: Entry,
    /// The DDA's state on entering it.
    pub dda: DdaState,
}

/// One axis of the walk: the columns (or rows) in the order the segment
/// meets them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisWalk {
    pub param: AxisParam,
    /// Cells on this axis.
    pub n: u32,
    cell_size: f64,
    /// For a non-moving axis: the half-open cell holding the coordinate.
    fixed: Option<u32>,
}

impl AxisWalk {
    pub fn new(param: AxisParam, n: u32, cell_size: f64) -> AxisWalk {
        let fixed = if param.d == 0.0 { half_open_index(param.p0, n, cell_size) } else { None };
        AxisWalk { param, n, cell_size, fixed }
    }

    #[inline]
    pub fn line(&self, k: u32) -> f64 {
        f64::from(k) * self.cell_size
    }

    #[inline]
    fn boundary_t(&self, k: u32) -> f64 {
        self.param.t_at(self.line(k))
    }

    #[inline]
    fn moving(&self) -> bool {
        self.param.d != 0.0
    }

    #[inline]
    fn forward(&self) -> bool {
        self.param.d > 0.0
    }

    /// The line through which the segment enters `cell`.
    #[inline]
    pub fn entry_line(&self, cell: u32) -> u32 {
        if self.forward() {
            cell
        } else {
            cell + 1
        }
    }

    /// Parameter at which the segment enters `cell` on this axis.
    #[inline]
    pub fn enter(&self, cell: u32) -> f64 {
        if !self.moving() {
            f64::NEG_INFINITY
        } else {
            self.boundary_t(self.entry_line(cell))
        }
    }

    /// Parameter at which the segment leaves `cell` on this axis.
    #[inline]
    pub fn exit(&self, cell: u32) -> f64 {
        if !self.moving() {
            f64::INFINITY
        } else if self.forward() {
            self.boundary_t(cell + 1)
        } else {
            self.boundary_t(cell)
        }
    }

    /// The grid's parameter interval on this axis (open for a moving axis),
    /// or `None` when the segment never is inside the grid on this axis.
    fn range(&self) -> Option<(f64, f64)> {
        if self.n == 0 {
            None
        } else if !self.moving() {
            self.fixed.map(|_| (f64::NEG_INFINITY, f64::INFINITY))
        } else if self.forward() {
            Some((self.boundary_t(0), self.boundary_t(self.n)))
        } else {
            Some((self.boundary_t(self.n), self.boundary_t(0)))
        }
    }

    /// Whether [`range`](AxisWalk::range) is not `None`, without computing it.
    fn reaches_grid(&self) -> bool {
        self.n > 0 && (self.moving() || self.fixed.is_some())
    }

    /// The next cell in travel order, if any.
    #[inline]
    pub fn next(&self, cell: u32) -> Option<u32> {
        if self.forward() {
            (cell + 1 < self.n).then_some(cell + 1)
        } else if self.moving() {
            cell.checked_sub(1)
        } else {
            None
        }
    }

    fn previous(&self, cell: u32) -> Option<u32> {
        if self.forward() {
            cell.checked_sub(1)
        } else if self.moving() {
            (cell + 1 < self.n).then_some(cell + 1)
        } else {
            None
        }
    }

    /// The first cell in travel order that the segment is still in after
    /// `t`: the one with `exit > t` whose predecessor has `exit <= t`.
    /// Estimated with a floor, then stepped to the exact answer with the
    /// very `exit` the walk compares (each loop is bounded by `n`).
    pub fn first(&self, t: f64) -> u32 {
        self.first_with_exit(t).0
    }

    /// [`first`](AxisWalk::first) and that cell's `exit`.
    fn first_with_exit(&self, t: f64) -> (u32, f64) {
        if let Some(cell) = self.fixed {
            return (cell, f64::INFINITY);
        }
        let mut cell = estimate_cell(self.param.at(t), self.n, self.cell_size);
        while let Some(p) = self.previous(cell) {
            if self.exit(p) > t {
                cell = p;
            } else {
                break;
            }
        }
        let mut exit = self.exit(cell);
        while exit <= t {
            match self.next(cell) {
                Some(n) => {
                    cell = n;
                    exit = self.exit(cell);
                }
                None => break,
            }
        }
        (cell, exit)
    }
}

/// `floor(p / cell_size)` clamped to `0..n` (`n > 0`): a first guess that
/// callers then step to the exact cell. Clamping before the conversion
/// makes truncation a floor (and NaN 0) without a call to libm's `floor`.
#[inline]
pub(crate) fn estimate_cell(p: f64, n: u32, cell_size: f64) -> u32 {
    (p / cell_size).clamp(0.0, f64::from(n - 1)) as u32
}

/// The `k` in `0..n` with `line(k) <= p < line(k + 1)` (the rule of
/// `TileGrid::cell_at`, duplicated because that helper is private).
pub(crate) fn half_open_index(p: f64, n: u32, cell_size: f64) -> Option<u32> {
    let line = |k: u32| f64::from(k) * cell_size;
    if n == 0 || !(line(0) <= p && p < line(n)) {
        return None;
    }
    let mut k = estimate_cell(p, n, cell_size);
    while k > 0 && p < line(k) {
        k -= 1;
    }
    while k + 1 < n && line(k + 1) <= p {
        k += 1;
    }
    Some(k)
}

/// The cells a segment passes through, in order: an iterator of
/// [`CellVisit`]s. Stop early by dropping it (or `break`).
///
/// The main loop advances the column, the row, or both (at an exact corner)
/// once per iteration, so it runs at most `cols + rows + 2` times whatever
/// the input; non-finite coordinates visit nothing. Each advance computes
/// one new line parameter with the shared formula (the entry of the next
/// cell *is* the exit of the last, the same number), never `t += tDelta`,
/// so no error accumulates.
#[derive(Clone, Debug)]
pub struct Traversal {
    x: AxisWalk,
    y: AxisWalk,
    t_lo: f64,
    t_hi: f64,
    col: u32,
    row: u32,
    /// Entry and exit parameters of the current column and row.
    enter_x: f64,
    exit_x: f64,
    enter_y: f64,
    exit_y: f64,
    t_delta_x: f64,
    t_delta_y: f64,
    budget: u32,
}

impl Traversal {
    /// The traversal of `(x0, y0) → (x1, y1)` over `dims`.
    #[must_use]
    pub fn new(dims: GridDims, x0: f64, y0: f64, x1: f64, y1: f64) -> Traversal {
        match Segment::new(x0, y0, x1, y1) {
            Some(seg) => Traversal::of_segment(dims, &seg),
            None => Traversal::empty(dims),
        }
    }

    fn empty(dims: GridDims) -> Traversal {
        let axis = AxisWalk::new(Segment::new(0.0, 0.0, 0.0, 0.0).expect("finite").x, 0, dims.cell_size);
        Traversal {
            x: axis,
            y: axis,
            t_lo: 0.0,
            t_hi: 0.0,
            col: 0,
            row: 0,
            enter_x: 0.0,
            exit_x: 0.0,
            enter_y: 0.0,
            exit_y: 0.0,
            t_delta_x: f64::INFINITY,
            t_delta_y: f64::INFINITY,
            budget: 0,
        }
    }

    pub(crate) fn of_segment(dims: GridDims, seg: &Segment) -> Traversal {
        let x = AxisWalk::new(seg.x, dims.cols, dims.cell_size);
        let y = AxisWalk::new(seg.y, dims.rows, dims.cell_size);
        let (Some((gx0, gx1)), Some((gy0, gy1))) = (x.range(), y.range()) else {
            return Traversal::empty(dims);
        };
        // The clip: where the segment is inside the grid on both axes.
        let t_lo = gx0.max(gy0).max(0.0);
        let t_hi = gx1.min(gy1).min(1.0);
        Traversal::clipped(dims, x, y, t_lo, t_hi)
    }

    /// The traversal of a segment whose clip to the grid is already known:
    /// `(t_lo, t_hi)` as [`Segment::clip_box`] gives it for the grid's
    /// bounds, which is the traversal's own clip whenever no coordinate that
    /// stays fixed lies on a grid line (the caster handles those apart).
    pub(crate) fn of_clip(dims: GridDims, seg: &Segment, t_lo: f64, t_hi: f64) -> Traversal {
        let x = AxisWalk::new(seg.x, dims.cols, dims.cell_size);
        let y = AxisWalk::new(seg.y, dims.rows, dims.cell_size);
        if !(x.reaches_grid() && y.reaches_grid()) {
            return Traversal::empty(dims);
        }
        Traversal::clipped(dims, x, y, t_lo, t_hi)
    }

    fn clipped(dims: GridDims, x: AxisWalk, y: AxisWalk, t_lo: f64, t_hi: f64) -> Traversal {
        if t_lo >= t_hi {
            return Traversal::empty(dims);
        }
        let ((col, exit_x), (row, exit_y)) = (x.first_with_exit(t_lo), y.first_with_exit(t_lo));
        // The first cell's entry is at or before t_lo; its exact value only
        // matters (to name the side entered) when the segment starts outside.
        let enter = |a: &AxisWalk, cell| if t_lo > 0.0 { a.enter(cell) } else { f64::NEG_INFINITY };
        let delta = |a: &AxisWalk| if a.moving() { a.param.t_span(a.cell_size) } else { f64::INFINITY };
        Traversal {
            col,
            row,
            enter_x: enter(&x, col),
            exit_x,
            enter_y: enter(&y, row),
            exit_y,
            t_delta_x: delta(&x),
            t_delta_y: delta(&y),
            x,
            y,
            t_lo,
            t_hi,
            budget: dims.cols.saturating_add(dims.rows).saturating_add(2),
        }
    }

    /// The traced cell the segment is in at parameter `t` of a hit: `cell`
    /// when the walk passes through it and `t` lies in its (closed) visit
    /// interval, else the last visited cell entered at or before `t` (the
    /// first, if rounding put `t` before it); `None` when the walk visits no
    /// cell. This is how a tile hit names a cell of `traceCells` (see
    /// `cast_tiles`).
    pub(crate) fn cell_at_hit(mut self, t: f64, (col, row): (u32, u32)) -> Option<(u32, u32)> {
        if self.t_lo >= self.t_hi {
            return None;
        }
        if let Some((lo, hi)) = self.span(col, row) {
            if lo < hi && lo <= t && t <= hi {
                return Some((col, row));
            }
        }
        let first = self.next()?;
        let mut found = (first.col, first.row);
        for v in self {
            if v.t > t {
                break;
            }
            found = (v.col, v.row);
        }
        Some(found)
    }

    /// The visit interval `(lo, hi)` of any cell by the definition (visited
    /// when `lo < hi`), without walking; `None` off a non-moving axis's cell.
    fn span(&self, col: u32, row: u32) -> Option<(f64, f64)> {
        let axis = |a: &AxisWalk, k: u32| -> Option<(f64, f64)> {
            if k >= a.n {
                None
            } else if a.moving() {
                Some((a.enter(k), a.exit(k)))
            } else {
                (a.fixed == Some(k)).then_some((f64::NEG_INFINITY, f64::INFINITY))
            }
        };
        let ((ex, xx), (ey, xy)) = (axis(&self.x, col)?, axis(&self.y, row)?);
        Some((ex.max(ey).max(self.t_lo), xx.min(xy).min(self.t_hi)))
    }

    /// The clipped parameter interval `(t_lo, t_hi)` the cells cover;
    /// `None` when the segment passes through no cell.
    #[must_use]
    pub fn clip(&self) -> Option<(f64, f64)> {
        (self.t_lo < self.t_hi).then_some((self.t_lo, self.t_hi))
    }

    /// The visit of the current cell, entered at `lo`, left at `hi`.
    fn visit(&self, lo: f64, hi: f64) -> CellVisit {
        let (col, row) = (self.col, self.row);
        let (on_x, on_y) = (lo > 0.0 && self.enter_x == lo, lo > 0.0 && self.enter_y == lo);
        let (side_x, side_y) = (
            if self.x.forward() { Side::Left } else { Side::Right },
            if self.y.forward() { Side::Top } else { Side::Bottom },
        );
        let entry = match (on_x, on_y) {
            (true, true) => Entry::Corner { vertical: side_x, horizontal: side_y },
            (true, false) => Entry::Side(side_x),
            (false, true) => Entry::Side(side_y),
            // lo == 0 (or, unreachably, lo > 0 matching neither axis).
            (false, false) => Entry::Start,
        };
        // The entry point, exactly on the line(s) crossed.
        let x = if on_x { self.x.line(self.x.entry_line(col)) } else { self.x.param.at(lo) };
        let y = if on_y { self.y.line(self.y.entry_line(row)) } else { self.y.param.at(lo) };
        CellVisit {
            col,
            row,
            t: lo,
            t_exit: hi,
            x,
            y,
            entry,
            dda: DdaState {
                t_max_x: self.exit_x,
                t_max_y: self.exit_y,
                t_delta_x: self.t_delta_x,
                t_delta_y: self.t_delta_y,
            },
        }
    }

    /// Moves to the next column (row): its entry is the last one's exit.
    fn step_x(&mut self) -> bool {
        let Some(c) = self.x.next(self.col) else { return false };
        self.col = c;
        self.enter_x = self.exit_x;
        self.exit_x = self.x.exit(c);
        true
    }

    fn step_y(&mut self) -> bool {
        let Some(r) = self.y.next(self.row) else { return false };
        self.row = r;
        self.enter_y = self.exit_y;
        self.exit_y = self.y.exit(r);
        true
    }
}

impl Iterator for Traversal {
    type Item = CellVisit;

    fn next(&mut self) -> Option<CellVisit> {
        while self.budget > 0 {
            self.budget -= 1;
            let (xc, yr) = (self.exit_x, self.exit_y);
            let lo = self.enter_x.max(self.enter_y).max(self.t_lo);
            let hi = xc.min(yr).min(self.t_hi);
            // Cells whose interval is a single point (or empty, for lines
            // closer than t can resolve) are not passed through.
            let visit = (lo < hi).then(|| self.visit(lo, hi));
            // Advance: whichever line comes first, both at an exact corner
            // (that is what skips the two side cells).
            let advanced = if xc >= self.t_hi && yr >= self.t_hi {
                false
            } else if xc < yr {
                self.step_x()
            } else if yr < xc {
                self.step_y()
            } else {
                // Both exist: neither exit reached t_hi, so neither is last.
                self.step_x() && self.step_y()
            };
            if !advanced {
                self.budget = 0;
            }
            if visit.is_some() {
                return visit;
            }
        }
        None
    }
}

/// The cells `(col, row)` the segment passes through, in order from the
/// start, clipped to the grid (the contract's `traceCells`). `out` is
/// cleared first and reused.
pub fn trace_cells(dims: GridDims, x0: f64, y0: f64, x1: f64, y1: f64, out: &mut Vec<(u32, u32)>) {
    out.clear();
    let (x0, y0, x1, y1) = match frame(x0, y0, x1, y1, &dims.bounds()) {
        Framed::AsGiven => (x0, y0, x1, y1),
        Framed::Outside => return,
        Framed::Piece { x0, y0, x1, y1, .. } => (x0, y0, x1, y1),
    };
    out.extend(Traversal::new(dims, x0, y0, x1, y1).map(|v| (v.col, v.row)));
}

/// The traversal as flat records, [`TRACE_STEP_FIELDS`](crate::wire::TRACE_STEP_FIELDS)
/// each (`col, row, t, x, y, tMaxX, tMaxY, tDeltaX, tDeltaY`: the cell,
/// where the segment enters it, the DDA state on arrival), written to `out`
/// (cleared first): one walk gives both the cells and the step-through data.
pub fn trace_steps(dims: GridDims, x0: f64, y0: f64, x1: f64, y1: f64, out: &mut Vec<f64>) {
    out.clear();
    let framed = frame(x0, y0, x1, y1, &dims.bounds());
    let (x0, y0, x1, y1) = match framed {
        Framed::AsGiven => (x0, y0, x1, y1),
        Framed::Outside => return,
        Framed::Piece { x0, y0, x1, y1, .. } => (x0, y0, x1, y1),
    };
    for v in Traversal::new(dims, x0, y0, x1, y1) {
        let d = v.dda;
        out.extend([
            f64::from(v.col),
            f64::from(v.row),
            framed.t_of(v.t),
            v.x,
            v.y,
            d.t_max_x,
            d.t_max_y,
            d.t_delta_x,
            d.t_delta_y,
        ]);
    }
}
