//! Flat data for drawing layers: edge lines (the map outline traced by the
//! non-empty edges, N tutorial B's figure 2: solid red, interesting grey, with
//! doors), tile indices, and each tile's exact outline. Nothing here draws;
//! JavaScript reads the numbers through typed-array views.

use super::grid::TileGrid;
use super::side::{EdgeState, Side};
use crate::error::Result;
use crate::geometry::CellRange;

/// The fields of one record of [`TileGrid::edge_lines`], in order (the wire
/// format owns them, with every other view's layout).
pub use crate::wire::EDGE_LINE_FIELDS;

impl TileGrid {
    /// Every edge bordering a cell of `range` (clipped to the grid) that is
    /// not empty or carries a door, as `x0, y0, x1, y1, state, door` in world
    /// units (see [`EDGE_LINE_FIELDS`]; `state` is `EdgeState as u8`, `door`
    /// a [`Door::code`](super::Door::code)): vertical edges first, row by
    /// row, then horizontal ones. `out` is cleared first and reused.
    pub fn edge_lines(&self, range: CellRange, out: &mut Vec<f64>) {
        out.clear();
        self.for_each_drawn_edge(range, |id| self.push_edge_line(id, out));
    }

    /// How many lines [`TileGrid::edge_lines`] gives for `range` (numbers:
    /// [`EDGE_LINE_FIELDS`] per line), counted without writing them, so a
    /// caller can reserve room first.
    #[must_use]
    pub fn edge_line_count(&self, range: CellRange) -> usize {
        let mut count = 0;
        self.for_each_drawn_edge(range, |_| count += 1);
        count
    }

    /// Calls `visit` with the id of every edge bordering a cell of `range`
    /// (clipped to the grid) that is not empty or carries a door, in the
    /// order of [`TileGrid::edge_lines`].
    fn for_each_drawn_edge(&self, range: CellRange, mut visit: impl FnMut(usize)) {
        let r = CellRange {
            col_start: range.col_start.min(self.cols),
            col_end: range.col_end.min(self.cols),
            row_start: range.row_start.min(self.rows),
            row_end: range.row_end.min(self.rows),
        };
        if r.is_empty() {
            return;
        }
        let mut offer = |id: usize| {
            if self.edges[id] != EdgeState::Empty || self.doors[id] != 0 {
                visit(id);
            }
        };
        for row in r.row_start..r.row_end {
            for k in r.col_start..=r.col_end {
                offer(self.vertical_slot(k, row));
            }
        }
        for k in r.row_start..=r.row_end {
            for col in r.col_start..r.col_end {
                offer(self.horizontal_slot(col, k));
            }
        }
    }

    /// The whole grid as a cell range.
    #[must_use]
    pub fn all_cells(&self) -> CellRange {
        CellRange { col_start: 0, col_end: self.cols, row_start: 0, row_end: self.rows }
    }

    fn push_edge_line(&self, id: usize, out: &mut Vec<f64>) {
        let (state, door) = (self.edges[id], self.doors[id]);
        let (x0, y0, x1, y1) = self.edge_segment(id);
        out.extend_from_slice(&[x0, y0, x1, y1, f64::from(state as u8), f64::from(door)]);
    }

    /// The world-space segment `(x0, y0, x1, y1)` of edge `id` (see
    /// [`TileGrid`] for the id layout), top-to-bottom or left-to-right.
    #[must_use]
    pub fn edge_segment(&self, id: usize) -> (f64, f64, f64, f64) {
        let vertical = self.vertical_edge_count();
        let cols = self.cols as usize;
        if id < vertical {
            let (row, k) = ((id / (cols + 1)) as u32, (id % (cols + 1)) as u32);
            (self.line(k), self.line(row), self.line(k), self.line(row + 1))
        } else {
            let (k, col) = (((id - vertical) / cols) as u32, ((id - vertical) % cols) as u32);
            (self.line(col), self.line(k), self.line(col + 1), self.line(k))
        }
    }

    /// One cell side that names edge `id`: the cell to its right or below,
    /// or, on the grid's right and bottom border, the cell to its left or
    /// above.
    #[must_use]
    pub fn edge_cell_side(&self, id: usize) -> (u32, u32, Side) {
        let vertical = self.vertical_edge_count();
        let cols = self.cols as usize;
        if id < vertical {
            let (row, k) = ((id / (cols + 1)) as u32, (id % (cols + 1)) as u32);
            if k < self.cols {
                (k, row, Side::Left)
            } else {
                (k - 1, row, Side::Right)
            }
        } else {
            let (k, col) = (((id - vertical) / cols) as u32, ((id - vertical) % cols) as u32);
            if k < self.rows {
                (col, k, Side::Top)
            } else {
                (col, k - 1, Side::Bottom)
            }
        }
    }

    /// Every cell's [`TileShape::index`](super::TileShape::index), row-major,
    /// so JS can draw the whole map from one `Uint8Array`. `out` is cleared
    /// first and reused.
    pub fn tile_indices(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(self.tiles.iter().map(|t| t.index()));
    }

    /// The world-space segment of one side of a cell, `(x0, y0, x1, y1)`.
    pub fn side_segment(&self, col: u32, row: u32, side: Side) -> Result<(f64, f64, f64, f64)> {
        self.check_cell(col, row)?;
        Ok(self.edge_segment(self.slot(col, row, side).index))
    }

    /// A cell's tile outline in world units (see
    /// [`TileShape::outline`](super::TileShape::outline)); empty for an
    /// empty cell.
    pub fn tile_outline(&self, col: u32, row: u32, segments: u32) -> Result<Vec<(f64, f64)>> {
        let shape = self.tile(col, row)?;
        Ok(shape.outline(&self.cell_bounds(col, row), segments))
    }
}
