//! Cell-edge states (seed 004, section 3): computed from the two cells that
//! share an edge, recomputed locally when a tile changes, and overridden by
//! doors.
//!
//! The seed's authors found their edge code "very complex and error-prone"
//! because it enumerated every pair of neighbouring tiles. Here an edge is a
//! pure function of two one-cell views ([`TileShape::side_view`]) combined
//! by one small table ([`EdgeState::combine`]), then the door override; the
//! same function serves the local update and `validate`'s full recompute.

use super::grid::{Axis, EdgeSlot, TileGrid};
use super::side::{Door, EdgeState, Side};
use crate::error::Result;

impl TileGrid {
    /// The state of one side of a cell, after simplification and doors.
    /// Cell A's right and cell B's left (likewise bottom and top) are one
    /// stored edge, so they always agree. An error names `col` or `row`.
    pub fn edge(&self, col: u32, row: u32, side: Side) -> Result<EdgeState> {
        self.check_cell(col, row)?;
        Ok(self.stored(self.slot(col, row, side)))
    }

    /// [`edge`](TileGrid::edge) by side name; an error names `side`.
    pub fn edge_named(&self, col: u32, row: u32, side: &str) -> Result<EdgeState> {
        let side = Side::from_name(side)?;
        self.edge(col, row, side)
    }

    /// Overrides one edge: `Some(Door::Closed)` makes it `Solid`,
    /// `Some(Door::Open)` makes it `Empty`, `None` gives it back to the tiles.
    /// The override belongs to the edge, so editing the tiles on either side
    /// keeps it.
    pub fn set_door(&mut self, col: u32, row: u32, side: Side, door: Option<Door>) -> Result<()> {
        self.check_cell(col, row)?;
        let slot = self.slot(col, row, side);
        match slot.axis {
            Axis::Vertical => self.vertical_doors[slot.index] = door,
            Axis::Horizontal => self.horizontal_doors[slot.index] = door,
        }
        self.refresh_edge(col, row, side);
        Ok(())
    }

    /// The door override on one side of a cell, if any.
    pub fn door(&self, col: u32, row: u32, side: Side) -> Result<Option<Door>> {
        self.check_cell(col, row)?;
        Ok(self.door_at(self.slot(col, row, side)))
    }

    /// Vertical edges, `(cols + 1) × rows`: the edge on line `x = k·ts` in
    /// row `r` is at `r * (cols + 1) + k`. For typed-array views and rays.
    #[must_use]
    pub fn vertical_edges(&self) -> &[EdgeState] {
        &self.vertical
    }

    /// Horizontal edges, `cols × (rows + 1)`: the edge on line `y = k·ts` in
    /// column `c` is at `k * cols + c`.
    #[must_use]
    pub fn horizontal_edges(&self) -> &[EdgeState] {
        &self.horizontal
    }

    /// What an edge should be from its two cells and its door, from scratch.
    pub(super) fn compute_edge(&self, col: u32, row: u32, side: Side) -> EdgeState {
        let slot = self.slot(col, row, side);
        if let Some(door) = self.door_at(slot) {
            return EdgeState::of_door(door);
        }
        let mine = self.tiles[self.cell_index(col, row)].side_view(side);
        let theirs = self.neighbour_tile(col, row, side).side_view(side.opposite());
        EdgeState::combine(mine, theirs)
    }

    /// Recomputes and stores one edge.
    pub(super) fn refresh_edge(&mut self, col: u32, row: u32, side: Side) {
        let state = self.compute_edge(col, row, side);
        let slot = self.slot(col, row, side);
        match slot.axis {
            Axis::Vertical => self.vertical[slot.index] = state,
            Axis::Horizontal => self.horizontal[slot.index] = state,
        }
    }

    pub(super) fn stored(&self, slot: EdgeSlot) -> EdgeState {
        match slot.axis {
            Axis::Vertical => self.vertical[slot.index],
            Axis::Horizontal => self.horizontal[slot.index],
        }
    }

    pub(super) fn door_at(&self, slot: EdgeSlot) -> Option<Door> {
        match slot.axis {
            Axis::Vertical => self.vertical_doors[slot.index],
            Axis::Horizontal => self.horizontal_doors[slot.index],
        }
    }
}
