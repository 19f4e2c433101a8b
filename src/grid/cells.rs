//! Cell arithmetic shared by the normal and the loose grid: which cell a
//! coordinate falls in, which cells a box reaches, the cell-size heuristic,
//! and a sweep for the few objects that live outside the cell lists.
//!
//! Column `i` is the half-open `[edge_x(i), edge_x(i + 1))` with
//! `edge_x(i) = x0 + i·cs` computed by one formula, the border columns
//! extended to infinity (coordinates are clamped to the grid).
//! [`CellGeometry::col_of`] returns exactly that column, so it is monotone:
//! `col_of(max(p, q)) == max(col_of(p), col_of(q))`. The normal grid's
//! one-report-per-pair rule rests on that identity alone.

use crate::geometry::{midpoint, next_down, Aabb, CellRange};

/// Cell arrays never exceed this many cells (8 bytes of heads per cell, so
/// 16 MB); a cell size that would need more is raised until the world fits.
pub const MAX_CELLS: usize = 1 << 21;

/// The grid's placement in the plane: origin, cell size, dimensions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellGeometry {
    /// x of the grid's min corner (cell column 0 starts here).
    pub origin_x: f64,
    /// y of the grid's min corner (cell row 0 starts here).
    pub origin_y: f64,
    /// Side of a cell, world units.
    pub cell_size: f64,
    /// `1 / cell_size`, so a cell lookup is a multiply, not a divide.
    pub inv_cell_size: f64,
    /// Columns covering the world.
    pub cols: u32,
    /// Rows covering the world.
    pub rows: u32,
}

impl CellGeometry {
    /// Cells of (about) `cell_size` anchored at `world`'s min corner and
    /// covering it. A cell size that is not a positive finite number is
    /// replaced by the world's larger side; one so small that the world would
    /// need more than [`MAX_CELLS`] cells is raised until it fits.
    #[must_use]
    pub fn new(world: &Aabb, cell_size: f64) -> CellGeometry {
        let width = world.width().max(0.0);
        let height = world.height().max(0.0);
        let largest_side = width.max(height);
        let mut cs = if cell_size > 0.0 && cell_size.is_finite() {
            cell_size
        } else if largest_side > 0.0 && largest_side.is_finite() {
            largest_side
        } else {
            1.0
        };
        // Below this, 1/cs overflows; no world needs it.
        cs = cs.max(1e-280);
        let fits = |cs: f64| cells_along(width, cs) * cells_along(height, cs) <= MAX_CELLS as f64;
        if !fits(cs) {
            // `sqrt(width × height / MAX_CELLS)`, without the product (it
            // overflows to infinity in a world wider than 1e154 both ways).
            cs = cs
                .max((width / MAX_CELLS as f64).sqrt() * height.sqrt())
                .max(width / MAX_CELLS as f64)
                .max(height / MAX_CELLS as f64);
            while !fits(cs) {
                cs *= 1.0 + 1.0 / 64.0;
            }
        }
        CellGeometry {
            origin_x: world.min_x,
            origin_y: world.min_y,
            cell_size: cs,
            inv_cell_size: 1.0 / cs,
            cols: cells_along(width, cs) as u32,
            rows: cells_along(height, cs) as u32,
        }
    }

    #[must_use]
    #[inline]
    /// `cols × rows`.
    pub fn cell_count(&self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// The column holding `x`: the last `i` in `0..cols` whose left edge
    /// [`CellGeometry::edge_x`] is `<= x` (0 left of the grid). The estimate
    /// from one multiply can be off by one next to an edge, so it is settled
    /// against the float edges themselves: the cells stored are exactly the
    /// cells drawn, and a box ending on a cell line never leaks past it.
    #[must_use]
    #[inline]
    pub fn col_of(&self, x: f64) -> u32 {
        locate(x, self.origin_x, self.cell_size, self.inv_cell_size, self.cols - 1)
    }

    /// The row holding `y`; see [`CellGeometry::col_of`].
    #[must_use]
    #[inline]
    pub fn row_of(&self, y: f64) -> u32 {
        locate(y, self.origin_y, self.cell_size, self.inv_cell_size, self.rows - 1)
    }

    /// Left edge of column `i`, always computed by this one formula.
    #[must_use]
    #[inline]
    pub fn edge_x(&self, i: u32) -> f64 {
        self.origin_x + f64::from(i) * self.cell_size
    }

    /// Top edge of row `i`.
    #[must_use]
    #[inline]
    pub fn edge_y(&self, i: u32) -> f64 {
        self.origin_y + f64::from(i) * self.cell_size
    }

    /// A bound on how far any float edge lies from its exact position
    /// `origin + i·cell_size`: rounding of the product and of the sum, each
    /// under half an ulp of values no larger than the grid's extent.
    #[must_use]
    pub fn edge_error(&self) -> f64 {
        let extent = f64::from(self.cols.max(self.rows)) * self.cell_size;
        let largest = self.origin_x.abs().max(self.origin_y.abs()) + extent;
        (extent + largest) * f64::EPSILON
    }

    /// Flat index of cell `(x, y)`, row-major.
    #[must_use]
    #[inline]
    pub fn index(&self, x: u32, y: u32) -> u32 {
        y * self.cols + x
    }

    /// Column and row of a flat cell index.
    #[must_use]
    #[inline]
    pub fn coords(&self, cell: u32) -> (u32, u32) {
        (cell % self.cols, cell / self.cols)
    }

    /// The cells whose half-open ranges contain a point of the box's
    /// `[min, max)`, or its min corner when the box is too thin for that
    /// interval to hold a float (`x + w == x`). The min corner of any
    /// overlap with another box lies in that set, so storing a box in these
    /// cells puts every overlap's corner cell in both boxes' lists.
    #[must_use]
    #[inline(always)]
    pub fn range_of(&self, aabb: &Aabb) -> CellRange {
        CellRange {
            col_start: self.col_of(aabb.min_x),
            col_end: self.col_of(last_below(aabb.min_x, aabb.max_x)) + 1,
            row_start: self.row_of(aabb.min_y),
            row_end: self.row_of(last_below(aabb.min_y, aabb.max_y)) + 1,
        }
    }

    /// Whether [`CellGeometry::range_of`] of `aabb` is `range`, the range the
    /// box had before it moved: two edge comparisons for each bound, where
    /// locating it afresh settles a multiply's estimate against the same
    /// two edges.
    #[must_use]
    #[inline(always)]
    pub fn keeps_range(&self, aabb: &Aabb, range: &CellRange) -> bool {
        let (x0, y0, cs) = (self.origin_x, self.origin_y, self.cell_size);
        let (last_col, last_row) = (self.cols - 1, self.rows - 1);
        in_cell(aabb.min_x, range.col_start, x0, cs, last_col)
            && in_cell(last_below(aabb.min_x, aabb.max_x), range.col_end.wrapping_sub(1), x0, cs, last_col)
            && in_cell(aabb.min_y, range.row_start, y0, cs, last_row)
            && in_cell(last_below(aabb.min_y, aabb.max_y), range.row_end.wrapping_sub(1), y0, cs, last_row)
    }

    /// The cell holding the box's centre (the loose grid's home cell).
    #[must_use]
    #[inline(always)]
    pub fn centre_cell(&self, aabb: &Aabb) -> (u32, u32) {
        (self.col_of(midpoint(aabb.min_x, aabb.max_x)), self.row_of(midpoint(aabb.min_y, aabb.max_y)))
    }

    /// The half-open cell `(x, y)`: exactly the points [`CellGeometry::col_of`]
    /// and [`CellGeometry::row_of`] put in it (inside the grid; border cells
    /// also hold everything beyond). Edges past the largest float (the far
    /// border of a world near `f64::MAX` wide) are shown at `f64::MAX`.
    #[must_use]
    pub fn cell_bounds(&self, x: u32, y: u32) -> Aabb {
        let shown = |edge: f64| edge.clamp(f64::MIN, f64::MAX);
        Aabb {
            min_x: shown(self.edge_x(x)),
            min_y: shown(self.edge_y(y)),
            max_x: shown(self.edge_x(x + 1)),
            max_y: shown(self.edge_y(y + 1)),
        }
    }
}

/// The last `i <= last` with `origin + i·cs <= v`, or 0. The multiply's
/// estimate is right or off by one; anything further (a world far from the
/// origin with cells near the float spacing) takes the slow walk.
/// The clamp is written as comparisons, not `f64::max` and `min` (which
/// wasm spells as NaN checks and selects), and the edges are passed by
/// value: a closure over them made every call keep a stack frame in wasm.
#[inline(always)]
fn locate(v: f64, origin: f64, cs: f64, inv_cs: f64, last: u32) -> u32 {
    let estimate = (v - origin) * inv_cs;
    let top = f64::from(last);
    // `as u32` truncates, which is `floor` once negatives are clamped;
    // NaN goes to 0, as `max(0.0)` sends it.
    let clamped = if estimate > 0.0 { estimate } else { 0.0 };
    let i = (if clamped < top { clamped } else { top }) as u32;
    if i > 0 && v < edge(origin, cs, i) {
        if i > 1 && v < edge(origin, cs, i - 1) {
            return walk(v, i - 1, origin, cs, last);
        }
        i - 1
    } else if i < last && edge(origin, cs, i + 1) <= v {
        if i + 1 < last && edge(origin, cs, i + 2) <= v {
            return walk(v, i + 1, origin, cs, last);
        }
        i + 1
    } else {
        i
    }
}

/// Whether [`locate`] would answer `cell`: `v` lies in its half-open
/// cell (the border cells reaching to infinity), and the edges never
/// decrease, so no later edge is at or below `v`. A cell out of range, or
/// NaN, answers no.
#[inline(always)]
fn in_cell(v: f64, cell: u32, origin: f64, cs: f64, last: u32) -> bool {
    cell <= last
        && (cell == 0 || edge(origin, cs, cell) <= v)
        && (cell == last || v < edge(origin, cs, cell + 1))
}

/// Edge `i` of a grid axis, by the one formula every edge is computed with.
#[inline(always)]
fn edge(origin: f64, cs: f64, i: u32) -> f64 {
    origin + f64::from(i) * cs
}

#[cold]
#[inline(never)]
fn walk(v: f64, mut i: u32, origin: f64, cs: f64, last: u32) -> u32 {
    while i > 0 && v < edge(origin, cs, i) {
        i -= 1;
    }
    while i < last && edge(origin, cs, i + 1) <= v {
        i += 1;
    }
    i
}

fn cells_along(length: f64, cell_size: f64) -> f64 {
    (length / cell_size).ceil().max(1.0)
}

/// The largest float of `[min, max)`, or `min` when that interval is empty
/// (a box so thin that `min + w == min`).
#[inline]
fn last_below(min: f64, max: f64) -> f64 {
    if max > min {
        next_down(max)
    } else {
        min
    }
}

/// A default cell size for the normal grid: twice the median of the boxes'
/// larger sides, in the middle of the band where the frame time is flat
/// (`cargo bench --bench grids -- cell-sizes`): smaller cells file each box
/// in more cells, larger ones put more boxes in each cell. `1.0` for no
/// boxes.
#[must_use]
pub fn suggested_cell_size(aabbs: impl Iterator<Item = Aabb>) -> f64 {
    2.0 * median_extent(aabbs).unwrap_or(0.5)
}

/// The median of the boxes' larger sides, ignoring non-finite ones.
pub(crate) fn median_extent(aabbs: impl Iterator<Item = Aabb>) -> Option<f64> {
    extent_quantile(aabbs, 0.5)
}

/// The `q`-quantile (`0..=1`) of the boxes' larger sides, ignoring
/// non-finite and empty ones; `None` when no box is left.
pub(crate) fn extent_quantile(aabbs: impl Iterator<Item = Aabb>, q: f64) -> Option<f64> {
    let mut extents: Vec<f64> =
        aabbs.map(|b| b.width().max(b.height())).filter(|e| e.is_finite() && *e > 0.0).collect();
    if extents.is_empty() {
        return None;
    }
    let rank = ((extents.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
    Some(*crate::small_sort::select_nth_by(&mut extents, rank, |a, b| a.total_cmp(b).is_lt()))
}
