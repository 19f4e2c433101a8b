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
//! **Exact at any magnitude.** The definition is applied to the real
//! segment between the given `f64` ends, whatever their size (5e-324 …
//! 1.8e308, mixed): which cell comes next, and whether the segment passes
//! exactly through a lattice point, is the sign of an exact orientation
//! (`exact/predicates.rs`): a floating filter, and exact integer sums
//! when it cannot decide. So `0.1 + 0.2`-style decimals that pass a hair
//! beside a lattice point visit the side cell, and a ray from −1e308 to a
//! lattice point passes through that point. The cells are checked against
//! a brute-force reference in big rationals on random rays of every
//! magnitude.
//!
//! The parameters `t` reported with each cell (and the entry points) stay
//! floating point: each comes straight from its line's formula, never
//! accumulated, so very long rays (1e12) lose nothing, and they never
//! decrease; for a cell the segment crosses within rounding of a lattice
//! point, or for a segment so long that `t` (53 bits) cannot tell the
//! grid's lines apart (ends beyond ~1e15 cells away), neighbouring cells
//! can share one `t` (an interval of one value). Such huge segments report
//! their `t`s along their piece inside the grid (`framed_walk`).
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

use std::cmp::Ordering;

use crate::error::{positive, Result};
use crate::geometry::Aabb;
use crate::segment::orient;
use crate::segment::{frame, AxisParam, Framed, Segment};
use crate::tile_grid::{Side, TileGrid};

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
    /// Errors name `cols` or `rows` outside `1..=`[`MAX_CELLS_PER_AXIS`](crate::tile_grid::MAX_CELLS_PER_AXIS),
    /// or a `cell_size` that is not finite and above zero.
    pub fn new(cols: u32, rows: u32, cell_size: f64) -> Result<GridDims> {
        TileGrid::check_cell_count("cols", cols.into())?;
        TileGrid::check_cell_count("rows", rows.into())?;
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
#[inline(always)]
pub(crate) fn estimate_cell(p: f64, n: u32, cell_size: f64) -> u32 {
    crate::float::clamp(p / cell_size, 0.0, f64::from(n - 1)) as u32
}

/// The `k` in `0..n` with `line(k) <= p < line(k + 1)` (the rule of
/// `TileGrid::cell_at`, duplicated because that helper is private).
#[inline(always)]
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

/// The segment as the walk decides it: its exact ends and directions. Every
/// decision of the walk — which cell it starts in, which line it crosses
/// next, whether it crosses a lattice point exactly, where it stops — is a
/// comparison of coordinates or the sign of an exact orientation
/// ([`orient`]), so the cells are those of the real segment whatever the
/// magnitude of its ends.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Exact {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    /// Direction per axis: `Greater` forward, `Less` backward, `Equal` fixed.
    sx: Ordering,
    sy: Ordering,
}

impl Exact {
    pub(crate) fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Exact {
        Exact { x0, y0, x1, y1, sx: direction(x0, x1), sy: direction(y0, y1) }
    }

    /// The two ends, as given.
    pub(crate) fn ends(&self) -> ((f64, f64), (f64, f64)) {
        ((self.x0, self.y0), (self.x1, self.y1))
    }

    /// Which vertical line `x = px` or horizontal line `y = py` the
    /// segment's line reaches first (both moving): `Less` the vertical,
    /// `Greater` the horizontal, `Equal` both at once (it passes through
    /// the point `(px, py)` exactly).
    #[inline]
    fn first_of(&self, px: f64, py: f64) -> Ordering {
        let o = orient(self.x0, self.y0, self.x1, self.y1, px, py);
        // t_x < t_y ⟺ sx·sy·orient > 0.
        if self.sx == self.sy {
            o.reverse()
        } else {
            o
        }
    }

    /// The coordinate on the other axis where the segment's line crosses
    /// vertical line `x = px`, compared with `py`.
    fn y_at_x_vs(&self, px: f64, py: f64) -> Ordering {
        // orient = dx·(py − y_c): sign(py − y_c) = sign(orient)·sx.
        let o = orient(self.x0, self.y0, self.x1, self.y1, px, py);
        let py_vs_yc = if self.sx == Ordering::Greater { o } else { o.reverse() };
        py_vs_yc.reverse()
    }

    fn x_at_y_vs(&self, py: f64, px: f64) -> Ordering {
        // orient = −dy·(px − x_c): sign(px − x_c) = −sign(orient)·sy.
        let o = orient(self.x0, self.y0, self.x1, self.y1, px, py);
        let px_vs_xc = if self.sy == Ordering::Greater { o.reverse() } else { o };
        px_vs_xc.reverse()
    }

    /// Whether the segment passes through the open cell `(col, row)` by
    /// the traversal's definition (module docs), decided exactly: the one
    /// per-cell test the walk agrees with.
    pub(crate) fn passes_through(&self, dims: &GridDims, col: u32, row: u32) -> bool {
        if col >= dims.cols || row >= dims.rows {
            return false;
        }
        let span = |k: u32| (dims.line(k), dims.line(k + 1));
        let axis = |s: Ordering, p0: f64, p1: f64, n: u32, k: u32| -> bool {
            let (lo, hi) = span(k);
            if s == Ordering::Equal {
                half_open_index(p0, n, dims.cell_size) == Some(k)
            } else {
                lo < p0.max(p1) && hi > p0.min(p1)
            }
        };
        if !(axis(self.sx, self.x0, self.x1, dims.cols, col)
            && axis(self.sy, self.y0, self.y1, dims.rows, row))
        {
            return false;
        }
        if self.sx == Ordering::Equal || self.sy == Ordering::Equal {
            return true;
        }
        // Both moving: the line must pass through the open square, i.e.
        // have corners strictly on both sides (the projections above then
        // put part of the open segment inside: the line is monotone). The
        // orientation is `n·(c − a)` with `n = (−dy, dx)`: the two corners
        // extreme along `n` decide.
        let ((x_lo, x_hi), (y_lo, y_hi)) = (span(col), span(row));
        let (up, right) = (self.sy == Ordering::Greater, self.sx == Ordering::Greater);
        let top = (if up { x_lo } else { x_hi }, if right { y_hi } else { y_lo });
        let bottom = (if up { x_hi } else { x_lo }, if right { y_lo } else { y_hi });
        let side = |(px, py): (f64, f64)| orient(self.x0, self.y0, self.x1, self.y1, px, py);
        side(top) == Ordering::Greater && side(bottom) == Ordering::Less
    }
}

/// `Greater` when `p1 > p0`, `Less` when below, `Equal` when equal (`−0` too).
#[inline]
fn direction(p0: f64, p1: f64) -> Ordering {
    if p1 > p0 {
        Ordering::Greater
    } else if p1 < p0 {
        Ordering::Less
    } else {
        Ordering::Equal
    }
}

/// The cell of an axis of `n` cells that a segment starting at `p0` and
/// moving in direction `s` runs into (`L(k) ≤ p0 < L(k+1)` forward,
/// `L(k) < p0 ≤ L(k+1)` backward), if it starts inside the grid on this axis.
#[inline(always)]
fn runs_into(p0: f64, s: Ordering, n: u32, cell_size: f64) -> Option<u32> {
    let line = |k: u32| f64::from(k) * cell_size;
    if s == Ordering::Less {
        if !(line(0) < p0 && p0 <= line(n)) {
            return None;
        }
        let k = half_open_index(p0, n, cell_size).unwrap_or(n - 1);
        Some(if line(k) == p0 { k - 1 } else { k })
    } else {
        half_open_index(p0, n, cell_size)
    }
}

/// The relative rounding bound of a line's parameter `(p − p0) / d`
/// computed from the exact segment (a subtraction and a division of
/// rounded operands: 3 ulps), doubled for margin.
const T_ROUNDING: f64 = 6.0 * f64::EPSILON;

/// The next cell of the walk and how it is entered.
type Next = ((u32, u32), Entry);

/// How the walk stands on one axis before the first cell.
#[derive(Clone, Copy, Debug)]
enum AxisStart {
    /// Starts inside the grid on this axis, running into this cell.
    Inside(u32),
    /// Starts outside and enters through this line (0 or `n`).
    Enters(u32),
    /// Never inside the grid on this axis.
    Never,
}

#[inline(always)]
fn axis_start(p0: f64, p1: f64, s: Ordering, n: u32, cell_size: f64) -> AxisStart {
    let line = |k: u32| f64::from(k) * cell_size;
    if let Some(k) = runs_into(p0, s, n, cell_size) {
        return AxisStart::Inside(k);
    }
    match s {
        Ordering::Greater if p0 < line(0) && p1 > line(0) => AxisStart::Enters(0),
        Ordering::Less if p0 > line(n) && p1 < line(n) => AxisStart::Enters(n),
        _ => AxisStart::Never,
    }
}

/// The cells a segment passes through, in order: an iterator of
/// [`CellVisit`]s. Stop early by dropping it (or `break`).
///
/// Which cells, in which order, is decided exactly (the private `Exact` state): the walk
/// steps to the next column, the next row, or both at once when the
/// segment passes exactly through the lattice point between them, by the
/// sign of an exact orientation, so it takes at most `cols + rows + 2`
/// steps whatever the input; non-finite coordinates visit nothing. The
/// parameters `t` and entry points reported with each cell are floating
/// point, each computed from its line with the shared formula (never
/// accumulated), and kept non-decreasing.
#[derive(Clone, Debug)]
pub struct Traversal {
    exact: Exact,
    dims: GridDims,
    /// The parameterisation the reported `t`s and points come from: the
    /// segment itself, or its piece inside the grid for a huge one.
    x: AxisWalk,
    y: AxisWalk,
    /// The current cell and how it was entered; `None` when done.
    cell: Option<(u32, u32)>,
    entry: Entry,
    t_enter: f64,
    /// The current column's and row's exits (`∞` on a non-moving axis).
    exit_x: f64,
    exit_y: f64,
    /// Whether the reported parameterisation is the exact segment itself
    /// (not a piece), so its `t`s may decide the clear steps.
    param_exact: bool,
    /// The entries of a step along x, along y, and through a corner.
    entry_x: Entry,
    entry_y: Entry,
    entry_corner: Entry,
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
            exact: Exact::new(0.0, 0.0, 0.0, 0.0),
            dims,
            x: axis,
            y: axis,
            cell: None,
            entry: Entry::Start,
            t_enter: 0.0,
            exit_x: f64::INFINITY,
            exit_y: f64::INFINITY,
            param_exact: false,
            entry_x: Entry::Start,
            entry_y: Entry::Start,
            entry_corner: Entry::Start,
            t_delta_x: f64::INFINITY,
            t_delta_y: f64::INFINITY,
            budget: 0,
        }
    }

    pub(crate) fn of_segment(dims: GridDims, seg: &Segment) -> Traversal {
        Traversal::decided_by(dims, Exact::new(seg.x.p0, seg.y.p0, seg.x.p1, seg.y.p1), seg)
    }

    /// The cells of the segment `exact`, with `t`s and points reported along
    /// `param`: the same segment, or (for a segment far larger than the
    /// grid) its piece inside the grid, whose parameter resolves the cells.
    pub(crate) fn decided_by(dims: GridDims, exact: Exact, param: &Segment) -> Traversal {
        let (x, y) = (
            AxisWalk::new(param.x, dims.cols, dims.cell_size),
            AxisWalk::new(param.y, dims.rows, dims.cell_size),
        );
        let delta = |a: &AxisWalk| if a.moving() { a.param.t_span(a.cell_size) } else { f64::INFINITY };
        let side_x = if exact.sx == Ordering::Greater { Side::Left } else { Side::Right };
        let side_y = if exact.sy == Ordering::Greater { Side::Top } else { Side::Bottom };
        let mut walk = Traversal {
            exact,
            dims,
            x,
            y,
            cell: None,
            entry: Entry::Start,
            t_enter: 0.0,
            exit_x: f64::INFINITY,
            exit_y: f64::INFINITY,
            param_exact: (param.x.p0, param.y.p0, param.x.p1, param.y.p1)
                == (exact.x0, exact.y0, exact.x1, exact.y1),
            entry_x: Entry::Side(side_x),
            entry_y: Entry::Side(side_y),
            entry_corner: Entry::Corner { vertical: side_x, horizontal: side_y },
            t_delta_x: delta(&x),
            t_delta_y: delta(&y),
            budget: dims.cols.saturating_add(dims.rows).saturating_add(2),
        };
        if let Some((cell, entry, t)) = walk.first_cell() {
            walk.cell = Some(cell);
            walk.entry = entry;
            walk.t_enter = t;
            walk.exit_x = walk.x.exit(cell.0);
            walk.exit_y = walk.y.exit(cell.1);
        }
        walk
    }

    /// The `t` (along the reported parameterisation) of vertical line `k`.
    fn t_x(&self, k: u32) -> f64 {
        if self.x.moving() {
            self.x.param.t_at(self.x.line(k))
        } else {
            self.t_enter
        }
    }

    fn t_y(&self, k: u32) -> f64 {
        if self.y.moving() {
            self.y.param.t_at(self.y.line(k))
        } else {
            self.t_enter
        }
    }

    /// The first cell, how it is entered and at which `t`.
    fn first_cell(&self) -> Option<((u32, u32), Entry, f64)> {
        let (e, d) = (self.exact, self.dims);
        let (sx, sy) = (e.sx, e.sy);
        let side_x = if sx == Ordering::Greater { Side::Left } else { Side::Right };
        let side_y = if sy == Ordering::Greater { Side::Top } else { Side::Bottom };
        let ax = axis_start(e.x0, e.x1, sx, d.cols, d.cell_size);
        let ay = axis_start(e.y0, e.y1, sy, d.rows, d.cell_size);
        // A non-moving axis is inside its one half-open cell or never.
        let (ax, ay) = (
            if sx == Ordering::Equal { fixed_start(e.x0, d.cols, d.cell_size) } else { ax },
            if sy == Ordering::Equal { fixed_start(e.y0, d.rows, d.cell_size) } else { ay },
        );
        match (ax, ay) {
            (AxisStart::Never, _) | (_, AxisStart::Never) => None,
            (AxisStart::Inside(c), AxisStart::Inside(r)) => Some(((c, r), Entry::Start, 0.0)),
            (AxisStart::Enters(kx), AxisStart::Inside(_)) => {
                self.enter_x(kx).map(|(c, r)| ((c, r), Entry::Side(side_x), self.t_x(kx)))
            }
            (AxisStart::Inside(_), AxisStart::Enters(ky)) => {
                self.enter_y(ky).map(|(c, r)| ((c, r), Entry::Side(side_y), self.t_y(ky)))
            }
            (AxisStart::Enters(kx), AxisStart::Enters(ky)) => {
                match e.first_of(d.line(kx), d.line(ky)) {
                    // Reaches the vertical first: enters through the horizontal.
                    Ordering::Less => {
                        self.enter_y(ky).map(|(c, r)| ((c, r), Entry::Side(side_y), self.t_y(ky)))
                    }
                    Ordering::Greater => {
                        self.enter_x(kx).map(|(c, r)| ((c, r), Entry::Side(side_x), self.t_x(kx)))
                    }
                    Ordering::Equal => {
                        let c = if sx == Ordering::Greater { 0 } else { d.cols - 1 };
                        let r = if sy == Ordering::Greater { 0 } else { d.rows - 1 };
                        let t = self.t_x(kx).max(self.t_y(ky));
                        Some(((c, r), Entry::Corner { vertical: side_x, horizontal: side_y }, t))
                    }
                }
            }
        }
    }

    /// The cell entered through the grid's vertical border line `kx`
    /// (the y axis already inside, or fixed), if the segment is still
    /// inside the grid on the y axis when it gets there.
    fn enter_x(&self, kx: u32) -> Option<(u32, u32)> {
        let (e, d) = (self.exact, self.dims);
        let px = d.line(kx);
        let col = if kx == 0 { 0 } else { d.cols - 1 };
        if e.sy == Ordering::Equal {
            return half_open_index(e.y0, d.rows, d.cell_size).map(|r| (col, r));
        }
        // The row the line runs into at x = px: the crossing y against the
        // horizontal lines, by exact orientation (a binary search).
        let row = self.crossing_cell(|k| e.y_at_x_vs(px, d.line(k)), e.sy, d.rows)?;
        Some((col, row))
    }

    fn enter_y(&self, ky: u32) -> Option<(u32, u32)> {
        let (e, d) = (self.exact, self.dims);
        let py = d.line(ky);
        let row = if ky == 0 { 0 } else { d.rows - 1 };
        if e.sx == Ordering::Equal {
            return half_open_index(e.x0, d.cols, d.cell_size).map(|c| (c, row));
        }
        let col = self.crossing_cell(|k| e.x_at_y_vs(py, d.line(k)), e.sx, d.cols)?;
        Some((col, row))
    }

    /// The cell of an axis of `n` cells holding a crossing coordinate `c`
    /// that `vs(k)` compares with line `k` (monotone in `k`), by the
    /// runs-into rule for direction `s`; `None` when `c` is outside the
    /// grid on that axis (or on its border, running out).
    fn crossing_cell(&self, vs: impl Fn(u32) -> Ordering, s: Ordering, n: u32) -> Option<u32> {
        // The number of lines k in 0..=n with line(k) <= c (forward) or
        // line(k) < c (backward): binary search on the monotone predicate.
        let below = |k: u32| match vs(k) {
            Ordering::Greater => true,
            Ordering::Equal => s == Ordering::Greater,
            Ordering::Less => false,
        };
        let (mut lo, mut hi) = (0u32, n + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if below(mid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // `lo` lines are at or below c: the cell is lo − 1, if inside.
        (1..=n).contains(&lo).then(|| lo - 1)
    }

    /// The step out of `(col, row)`: the next cell (or `None` at the end)
    /// and the `t` at which the current cell is left.
    #[inline(always)]
    fn step(&self, col: u32, row: u32) -> (Option<Next>, f64) {
        let (sx, sy) = (self.exact.sx, self.exact.sy);
        // Whether the next line comes strictly before the end (an exact
        // comparison of coordinates).
        let ahead = |s: Ordering, line: f64, p1: f64| match s {
            Ordering::Greater => line < p1,
            Ordering::Less => line > p1,
            Ordering::Equal => false,
        };
        let line_x = self.dims.line(if sx == Ordering::Greater { col + 1 } else { col });
        let line_y = self.dims.line(if sy == Ordering::Greater { row + 1 } else { row });
        let cross_x = ahead(sx, line_x, self.exact.x1);
        let cross_y = ahead(sy, line_y, self.exact.y1);
        let (ex, ey) = (self.exit_x, self.exit_y);
        let which = match (cross_x, cross_y) {
            (false, false) => return (None, 1.0),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (true, true) => {
                // The floating parameters of the two lines decide when they
                // are apart by more than their rounding (each is within 3
                // ulps of the real one when computed from the exact
                // segment); else the exact orientation does. (An infinite
                // or NaN exit fails the test and goes exact.)
                let big = ex.abs().max(ey.abs());
                if self.param_exact && (ex - ey).abs() > T_ROUNDING * big && big > 1e-290 {
                    if ex < ey {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    }
                } else {
                    self.first_at_corner(col, row)
                }
            }
        };
        // The parameters of the lines crossed, or the entry when the
        // reported parameterisation cannot place them.
        let known = |t: f64| if t.is_finite() { t } else { self.t_enter };
        let d = self.dims;
        match which {
            Ordering::Less => (self.next_col(col).map(|c| ((c, row), self.entry_x)), known(ex)),
            Ordering::Greater => (self.next_row(row).map(|r| ((col, r), self.entry_y)), known(ey)),
            Ordering::Equal => {
                let _ = d;
                let cell = self.next_col(col).zip(self.next_row(row));
                (cell.map(|c| (c, self.entry_corner)), known(ex).max(known(ey)))
            }
        }
    }

    /// The exact decision at the lattice point ahead of `(col, row)`.
    #[cold]
    #[inline(never)]
    fn first_at_corner(&self, col: u32, row: u32) -> Ordering {
        let forward = |s: Ordering, k: u32| if s == Ordering::Greater { k + 1 } else { k };
        let (kx, ky) = (forward(self.exact.sx, col), forward(self.exact.sy, row));
        self.exact.first_of(self.dims.line(kx), self.dims.line(ky))
    }

    #[inline]
    fn next_col(&self, c: u32) -> Option<u32> {
        if self.exact.sx == Ordering::Greater {
            (c + 1 < self.dims.cols).then_some(c + 1)
        } else {
            c.checked_sub(1)
        }
    }

    #[inline]
    fn next_row(&self, r: u32) -> Option<u32> {
        if self.exact.sy == Ordering::Greater {
            (r + 1 < self.dims.rows).then_some(r + 1)
        } else {
            r.checked_sub(1)
        }
    }

    /// The visit of the current cell, entered at `lo`, left at `hi`.
    #[inline(always)]
    fn visit(&self, col: u32, row: u32, lo: f64, hi: f64) -> CellVisit {
        let (on_x, on_y) = match self.entry {
            Entry::Start => (false, false),
            Entry::Side(s) => (s.is_vertical(), !s.is_vertical()),
            Entry::Corner { .. } => (true, true),
        };
        // The entry point, exactly on the line(s) crossed; the other
        // coordinate from `t`, kept on the cell's square when `t` comes
        // from a piece of a huge segment (it can round off it).
        let other = |a: &AxisWalk, k: u32| {
            let p = a.param.at(lo);
            if self.param_exact {
                p
            } else {
                crate::float::clamp(p, a.line(k), a.line(k + 1))
            }
        };
        let x = if on_x {
            self.x.line(self.x.entry_line(col))
        } else if self.entry == Entry::Start {
            self.x.param.p0
        } else {
            other(&self.x, col)
        };
        let y = if on_y {
            self.y.line(self.y.entry_line(row))
        } else if self.entry == Entry::Start {
            self.y.param.p0
        } else {
            other(&self.y, row)
        };
        CellVisit {
            col,
            row,
            t: lo,
            t_exit: hi,
            x,
            y,
            entry: self.entry,
            dda: DdaState {
                t_max_x: self.exit_x,
                t_max_y: self.exit_y,
                t_delta_x: self.t_delta_x,
                t_delta_y: self.t_delta_y,
            },
        }
    }

    /// The traced cell the segment is in at parameter `t` of a hit: `cell`
    /// when the walk passes through it and `t` lies in its (closed) visit
    /// interval, else the last visited cell entered at or before `t` (the
    /// first, if rounding put `t` before it); `None` when the walk visits no
    /// cell. This is how a tile hit names a cell of `traceCells` (see
    /// `cast_tiles`). Walks only when `cell` is not the answer.
    pub(crate) fn cell_at_hit(
        dims: GridDims,
        exact: Exact,
        param: &Segment,
        t: f64,
        (col, row): (u32, u32),
    ) -> Option<(u32, u32)> {
        if exact.passes_through(&dims, col, row) {
            let (x, y) = (
                AxisWalk::new(param.x, dims.cols, dims.cell_size),
                AxisWalk::new(param.y, dims.rows, dims.cell_size),
            );
            let span = |a: &AxisWalk, k: u32| {
                let (p, q) = (a.enter(k), a.exit(k));
                (p.min(q), q.max(p))
            };
            let ((ex, xx), (ey, xy)) = (span(&x, col), span(&y, row));
            if ex.max(ey).max(0.0) <= t && t <= xx.min(xy).min(1.0) {
                return Some((col, row));
            }
        }
        let mut found = None;
        for v in Traversal::decided_by(dims, exact, param) {
            if found.is_some() && v.t > t {
                break;
            }
            found = Some((v.col, v.row));
        }
        found
    }
}

/// The start of a non-moving axis: its one half-open cell, or never.
#[inline]
fn fixed_start(p0: f64, n: u32, cell_size: f64) -> AxisStart {
    half_open_index(p0, n, cell_size).map_or(AxisStart::Never, AxisStart::Inside)
}

impl Iterator for Traversal {
    type Item = CellVisit;

    #[inline(always)]
    fn next(&mut self) -> Option<CellVisit> {
        let (col, row) = self.cell?;
        if self.budget == 0 {
            self.cell = None;
            return None;
        }
        self.budget -= 1;
        let (next, t_exit) = self.step(col, row);
        let lo = self.t_enter;
        let hi = t_exit.max(lo).min(1.0).max(lo);
        let visit = self.visit(col, row, lo, hi);
        match next {
            Some(((c, r), entry)) => {
                if c != col {
                    self.exit_x = self.x.exit(c);
                }
                if r != row {
                    self.exit_y = self.y.exit(r);
                }
                self.cell = Some((c, r));
                self.entry = entry;
                self.t_enter = hi;
            }
            None => self.cell = None,
        }
        Some(visit)
    }
}

/// The cells `(col, row)` the segment passes through, in order from the
/// start, clipped to the grid (the contract's `traceCells`). `out` is
/// cleared first and reused.
pub fn trace_cells(dims: GridDims, x0: f64, y0: f64, x1: f64, y1: f64, out: &mut Vec<(u32, u32)>) {
    out.clear();
    out.extend(Traversal::new(dims, x0, y0, x1, y1).map(|v| (v.col, v.row)));
}

/// The exact walk of `(x0, y0) → (x1, y1)`, reporting `t`s and points
/// along its piece inside the grid when it is far larger than the grid
/// (the [`Framed`] says how to map those `t`s back); `None` for
/// non-finite input.
pub(crate) fn framed_walk(dims: GridDims, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<(Framed, Traversal)> {
    let seg = Segment::new(x0, y0, x1, y1)?;
    let exact = Exact::new(x0, y0, x1, y1);
    let framed = frame(x0, y0, x1, y1, &dims.bounds());
    let (framed, param) = match framed {
        Framed::Piece { x0, y0, x1, y1, .. } => (framed, Segment::new(x0, y0, x1, y1)?),
        // Whether it meets the grid is the exact walk's to say, not the
        // rounded clip's.
        _ => (Framed::AsGiven, seg),
    };
    Some((framed, Traversal::decided_by(dims, exact, &param)))
}

/// The traversal as flat records, [`TRACE_STEP_FIELDS`](crate::wire::TRACE_STEP_FIELDS)
/// each (`col, row, t, x, y, tMaxX, tMaxY, tDeltaX, tDeltaY`: the cell,
/// where the segment enters it, the DDA state on arrival), written to `out`
/// (cleared first): one walk gives both the cells and the step-through data.
pub fn trace_steps(dims: GridDims, x0: f64, y0: f64, x1: f64, y1: f64, out: &mut Vec<f64>) {
    out.clear();
    let Some((framed, walk)) = framed_walk(dims, x0, y0, x1, y1) else { return };
    for v in walk {
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
