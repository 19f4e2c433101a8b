//! Cell-edge states (Metanet's N tutorial B, section 3): computed from the two cells that
//! share an edge, recomputed locally when a tile changes, and overridden by
//! doors.
//!
//! N's authors found their edge code "very complex and error-prone"
//! because it enumerated every pair of neighbouring tiles. Here an edge is a
//! pure function of two one-cell views ([`TileShape::side_view`]) combined
//! by one small table ([`EdgeState::combine`]), then the door override; the
//! same function serves the local update and `validate`'s full recompute.

use super::grid::{EdgeSlot, TileGrid};
use super::shape::TileShape;
use super::side::{Door, EdgeState, Side};
use super::trace::EdgeStep;
use crate::error::Result;
use crate::trace::{NoTrace, TraceKind, TraceReason, Tracer};

impl TileGrid {
    /// The state of one side of a cell, after simplification and doors.
    /// Cell A's right and cell B's left (likewise bottom and top) are one
    /// stored edge, so they always agree. An error names `col` or `row`.
    pub fn edge(&self, col: u32, row: u32, side: Side) -> Result<EdgeState> {
        self.check_cell(col, row)?;
        Ok(self.stored(self.slot(col, row, side)))
    }

    /// [`edge`](TileGrid::edge) by side name; an error names the first bad
    /// argument of `col`, `row`, `side`.
    pub fn edge_named(&self, col: u32, row: u32, side: &str) -> Result<EdgeState> {
        self.check_cell(col, row)?;
        self.edge(col, row, Side::from_name(side)?)
    }

    /// Overrides one edge: `Some(Door::Closed)` makes it `Solid`,
    /// `Some(Door::Open)` makes it `Empty`, `None` gives it back to the tiles.
    /// The override belongs to the edge, so editing the tiles on either side
    /// keeps it.
    pub fn set_door(&mut self, col: u32, row: u32, side: Side, door: Option<Door>) -> Result<()> {
        self.check_cell(col, row)?;
        let slot = self.slot(col, row, side);
        let code = Door::code(door);
        if self.doors[slot.index] != code {
            let closed = Door::code(Some(Door::Closed));
            self.closed_doors += usize::from(code == closed);
            self.closed_doors -= usize::from(self.doors[slot.index] == closed);
            self.doors[slot.index] = code;
            self.changes.note_edge((col, row), slot.neighbour, self.cols);
        }
        self.refresh_edge(col, row, side);
        Ok(())
    }

    /// The door override on one side of a cell, if any.
    pub fn door(&self, col: u32, row: u32, side: Side) -> Result<Option<Door>> {
        self.check_cell(col, row)?;
        Ok(self.door_at(self.slot(col, row, side)))
    }

    /// Every edge's state by edge id (see [`TileGrid`] for the layout).
    #[must_use]
    pub fn edges(&self) -> &[EdgeState] {
        &self.edges
    }

    /// Every edge's door by edge id, as [`Door::code`]: 0 none, 1 open,
    /// 2 closed. Same layout as [`edges`](TileGrid::edges).
    #[must_use]
    pub fn doors(&self) -> &[u8] {
        &self.doors
    }

    /// Vertical edges, `(cols + 1) × rows`: the edge on line `x = k·ts` in
    /// row `r` is at `r * (cols + 1) + k`. For rays.
    #[must_use]
    pub fn vertical_edges(&self) -> &[EdgeState] {
        &self.edges[..self.vertical_edge_count()]
    }

    /// Horizontal edges, `cols × (rows + 1)`: the edge on line `y = k·ts` in
    /// column `c` is at `k * cols + c`.
    #[must_use]
    pub fn horizontal_edges(&self) -> &[EdgeState] {
        &self.edges[self.vertical_edge_count()..]
    }

    /// What an edge should be from its two cells and its door, from scratch.
    #[inline]
    pub(super) fn compute_edge(&self, col: u32, row: u32, side: Side) -> EdgeState {
        self.compute_edge_traced(col, row, side, &mut NoTrace)
    }

    /// [`compute_edge`](TileGrid::compute_edge), telling `t` each step:
    /// the two cells' views of the side, their combination, the door.
    #[inline]
    pub(super) fn compute_edge_traced<T: Tracer<EdgeStep>>(
        &self,
        col: u32,
        row: u32,
        side: Side,
        t: &mut T,
    ) -> EdgeState {
        let slot = self.slot(col, row, side);
        let mine_tile = self.tiles[self.cell_index(col, row)];
        let theirs_tile = self.neighbour_tile(col, row, side);
        let mine = mine_tile.side_view(side);
        let theirs = theirs_tile.side_view(side.opposite());
        t.note(|| EdgeStep::side_view(col.into(), row.into(), side, mine_tile, true));
        t.note(|| {
            let (dc, dr) = side.outward();
            let (c, r) = (i64::from(col) + dc as i64, i64::from(row) + dr as i64);
            EdgeStep::side_view(c, r, side.opposite(), theirs_tile, slot.neighbour.is_some())
        });
        let tiles = EdgeState::combine(mine, theirs);
        t.note(|| {
            use EdgeState::{Empty, Interesting, Solid};
            let reason = match (mine, theirs) {
                (Solid, Solid) => TraceReason::SolidBothSides,
                (Solid, _) | (_, Solid) => TraceReason::SolidOneSide,
                (Interesting, _) | (_, Interesting) => TraceReason::InterestingOneSide,
                (Empty, Empty) => TraceReason::EmptyBothSides,
            };
            EdgeStep::new(TraceKind::Combine, col.into(), row.into(), side, tiles).because(reason)
        });
        let door = self.door_at(slot);
        t.note(|| {
            let (state, reason) = match door {
                None => (tiles, TraceReason::NoDoor),
                Some(Door::Open) => (EdgeState::of_door(Door::Open), TraceReason::DoorOpen),
                Some(Door::Closed) => (EdgeState::of_door(Door::Closed), TraceReason::DoorClosed),
            };
            let step = EdgeStep::new(TraceKind::Door, col.into(), row.into(), side, state).because(reason);
            EdgeStep { door: Door::code(door), ..step }
        });
        match door {
            Some(door) => EdgeState::of_door(door),
            None => tiles,
        }
    }

    /// Recomputes and stores one edge, noting it in the change journal when
    /// its state changed.
    #[inline]
    pub(super) fn refresh_edge(&mut self, col: u32, row: u32, side: Side) {
        let state = self.compute_edge(col, row, side);
        let slot = self.slot(col, row, side);
        if self.edges[slot.index] != state {
            self.edges[slot.index] = state;
            self.changes.note_edge((col, row), slot.neighbour, self.cols);
        }
    }

    /// Recomputes every edge from the tiles and doors (after a whole map is
    /// read in: one pass instead of four edges per tile). Walks the edge
    /// arrays in storage order with each shape's view of its four sides
    /// looked up once, rather than [`TileGrid::compute_edge`] per edge: a
    /// 4096² map has 33.6M edges.
    pub(super) fn recompute_all_edges(&mut self) {
        let mut views = [[EdgeState::Empty; 4]; TileShape::ALL.len()];
        for shape in TileShape::ALL {
            for side in Side::ALL {
                views[usize::from(shape.index())][side as usize] = shape.side_view(side);
            }
        }
        let view = |tile: Option<&TileShape>, side: Side| match tile {
            Some(t) => views[usize::from(t.index())][side as usize],
            None => EdgeState::Empty,
        };
        let edge = |door: u8, a: EdgeState, b: EdgeState| match Door::from_code(door) {
            Some(door) => EdgeState::of_door(door),
            None => EdgeState::combine(a, b),
        };
        let (cols, rows) = (self.cols as usize, self.rows as usize);
        let (tiles, doors, edges) = (&self.tiles, &self.doors, &mut self.edges);
        // Vertical edges, row by row: line k has column k - 1 on its left.
        for (row, cells) in tiles.chunks_exact(cols).enumerate() {
            let base = row * (cols + 1);
            for k in 0..=cols {
                let left = view(k.checked_sub(1).map(|c| &cells[c]), Side::Right);
                let right = view(cells.get(k), Side::Left);
                edges[base + k] = edge(doors[base + k], right, left);
            }
        }
        // Horizontal edges, line by line: line k has row k - 1 above it.
        let base = (cols + 1) * rows;
        for k in 0..=rows {
            for col in 0..cols {
                let above = view(k.checked_sub(1).map(|r| &tiles[r * cols + col]), Side::Bottom);
                let below = view(tiles.get(k * cols + col).filter(|_| k < rows), Side::Top);
                let slot = base + k * cols + col;
                edges[slot] = edge(doors[slot], below, above);
            }
        }
    }

    pub(super) fn stored(&self, slot: EdgeSlot) -> EdgeState {
        self.edges[slot.index]
    }

    pub(super) fn door_at(&self, slot: EdgeSlot) -> Option<Door> {
        Door::from_code(self.doors[slot.index])
    }
}
