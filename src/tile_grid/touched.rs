//! The cells a box touches (Metanet's N tutorial B, section 2), exact in floating point.
//!
//! The definition is the brute-force test, for every cell `(c, r)`:
//! `b.min_x < line(c+1) && line(c) < b.max_x && b.min_y < line(r+1) && line(r) < b.max_y`
//! (interiors overlap, so a box lying exactly on cell lines does not touch
//! the cells it only borders). Both halves are monotone in `c`, so the
//! touched columns are one range: a floor/ceil estimate, clamped to the grid
//! (which tames ±1e300 and NaN), then stepped to the exact boundary with the
//! very comparisons of the definition.

use super::grid::TileGrid;
use crate::geometry::{Aabb, CellRange};

impl TileGrid {
    /// The range of cells whose interior `b`'s interior overlaps, clipped to
    /// the grid.
    #[must_use]
    pub fn touched_range(&self, b: &Aabb) -> CellRange {
        let (col_start, col_end) = self.axis_range(b.min_x, b.max_x, self.cols);
        let (row_start, row_end) = self.axis_range(b.min_y, b.max_y, self.rows);
        CellRange { col_start, col_end, row_start, row_end }
    }

    /// The cells whose interior `b`'s interior overlaps, row-major, clipped
    /// to the grid. `out` is cleared first and reused (no allocation once
    /// it has grown).
    pub fn touched_cells(&self, b: &Aabb, out: &mut Vec<(u32, u32)>) {
        out.clear();
        out.extend(self.touched_range(b).cells());
    }

    /// `[start, end)` of the cells `k` in `0..n` with
    /// `min < line(k+1) && line(k) < max`.
    pub(super) fn axis_range(&self, min: f64, max: f64, n: u32) -> (u32, u32) {
        let estimate = |p: f64| crate::float::clamp(p / self.tile_size, 0.0, f64::from(n));
        // A cell `k` is touched when both of these hold (the definition).
        let ends_after_min = |k: u32| min < self.line(k + 1);
        let starts_before_max = |k: u32| self.line(k) < max;
        // start: the first k with `ends_after_min(k)`, or n.
        let mut start = estimate(min).floor() as u32;
        while start > 0 && ends_after_min(start - 1) {
            start -= 1;
        }
        while start < n && !ends_after_min(start) {
            start += 1;
        }
        // end: the first k without `starts_before_max(k)`, or n.
        let mut end = estimate(max).ceil() as u32;
        while end > 0 && !starts_before_max(end - 1) {
            end -= 1;
        }
        while end < n && starts_before_max(end) {
            end += 1;
        }
        (start, end.max(start))
    }
}
