//! Flat data for the playground's drawing layer: the map outline traced by
//! the non-empty edges (the seed's figure 2: solid red, interesting grey)
//! and each tile's exact outline. Nothing here draws; JS reads the numbers.

use super::grid::TileGrid;
use super::side::{EdgeState, Side};
use crate::error::Result;

/// Numbers per edge in [`TileGrid::edges_flat`].
pub const EDGE_STRIDE: usize = 5;

impl TileGrid {
    /// Every non-empty edge as `x0, y0, x1, y1, state` in world units, state
    /// `1` solid or `2` interesting (`EdgeState as u8`): vertical edges first
    /// (row by row, left to right), then horizontal ones. `out` is cleared
    /// first and reused.
    pub fn edges_flat(&self, out: &mut Vec<f64>) {
        out.clear();
        for row in 0..self.rows {
            for k in 0..=self.cols {
                let state = self.vertical[self.vertical_slot(k, row)];
                push_edge(out, (self.line(k), self.line(row)), (self.line(k), self.line(row + 1)), state);
            }
        }
        for k in 0..=self.rows {
            for col in 0..self.cols {
                let state = self.horizontal[self.horizontal_slot(col, k)];
                push_edge(out, (self.line(col), self.line(k)), (self.line(col + 1), self.line(k)), state);
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
        let b = self.tile_bounds(col, row)?;
        Ok(match side {
            Side::Left => (b.min_x, b.min_y, b.min_x, b.max_y),
            Side::Right => (b.max_x, b.min_y, b.max_x, b.max_y),
            Side::Top => (b.min_x, b.min_y, b.max_x, b.min_y),
            Side::Bottom => (b.min_x, b.max_y, b.max_x, b.max_y),
        })
    }

    /// A cell's tile outline in world units (see
    /// [`TileShape::outline`](super::TileShape::outline)); empty for an
    /// empty cell.
    pub fn tile_outline(&self, col: u32, row: u32, segments: u32) -> Result<Vec<(f64, f64)>> {
        let shape = self.tile(col, row)?;
        Ok(shape.outline(&self.cell_bounds(col, row), segments))
    }
}

fn push_edge(out: &mut Vec<f64>, a: (f64, f64), b: (f64, f64), state: EdgeState) {
    if state != EdgeState::Empty {
        out.extend_from_slice(&[a.0, a.1, b.0, b.1, f64::from(state as u8)]);
    }
}
