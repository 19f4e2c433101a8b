//! Every invariant of the tile grid, checked from scratch.

use super::grid::{EdgeSlot, TileGrid, MAX_CELLS_PER_AXIS};
use super::side::{EdgeState, Side};

impl TileGrid {
    /// Checks sizes, that each shared side is one slot seen the same way from
    /// both cells, that every stored edge equals a recomputation from the
    /// tiles (doors applied), and that every slot belongs to some cell side.
    pub fn validate(&self) -> Result<(), String> {
        let (cols, rows) = (self.cols as usize, self.rows as usize);
        if !(1..=MAX_CELLS_PER_AXIS).contains(&self.cols) || !(1..=MAX_CELLS_PER_AXIS).contains(&self.rows) {
            return Err(format!("grid size {}×{} out of range", self.cols, self.rows));
        }
        if !(self.tile_size.is_finite() && self.tile_size > 0.0) {
            return Err(format!(
                "tile size {} is not finite and positive",
                crate::error::DebugNum(self.tile_size)
            ));
        }
        let edge_count = (cols + 1) * rows + cols * (rows + 1);
        let sizes = [
            ("tiles", self.tiles.len(), cols * rows),
            ("edges", self.edges.len(), edge_count),
            ("doors", self.doors.len(), edge_count),
        ];
        for (what, len, want) in sizes {
            if len != want {
                return Err(format!("{what}: {len} entries, expected {want}"));
            }
        }
        // Recompute every edge from every cell side; a slot reached from two
        // cells must get the same answer from both, and match what is stored.
        let mut seen_states: Vec<Option<EdgeState>> = vec![None; self.edges.len()];
        for row in 0..self.rows {
            for col in 0..self.cols {
                for side in Side::ALL {
                    let slot = self.slot(col, row, side);
                    if (slot.index < self.vertical_edge_count()) != side.is_vertical() {
                        return Err(format!("({col}, {row}) {}: stored on the wrong axis", side.name()));
                    }
                    if let Some((c, r)) = slot.neighbour {
                        if self.slot(c, r, side.opposite())
                            != (EdgeSlot { neighbour: Some((col, row)), ..slot })
                        {
                            return Err(format!(
                                "({col}, {row}) {}: the neighbour's name of this side is another slot",
                                side.name()
                            ));
                        }
                    }
                    let fresh = self.compute_edge(col, row, side);
                    let seen = &mut seen_states[slot.index];
                    if seen.is_some_and(|s| s != fresh) {
                        return Err(format!(
                            "({col}, {row}) {}: the two cells compute different states",
                            side.name()
                        ));
                    }
                    *seen = Some(fresh);
                    let stored = self.stored(slot);
                    if stored != fresh {
                        return Err(format!(
                            "({col}, {row}) {}: stored {} but recomputed {}",
                            side.name(),
                            stored.name(),
                            fresh.name()
                        ));
                    }
                    if let Some(door) = self.door_at(slot) {
                        if stored != EdgeState::of_door(door) {
                            return Err(format!(
                                "({col}, {row}) {}: {} door not applied",
                                side.name(),
                                door.name()
                            ));
                        }
                    }
                }
            }
        }
        if let Some(i) = seen_states.iter().position(Option::is_none) {
            return Err(format!("edge {i} belongs to no cell side"));
        }
        let closed =
            self.doors.iter().filter(|&&d| d == super::Door::code(Some(super::Door::Closed))).count();
        if closed != self.closed_doors {
            return Err(format!("{closed} doors are closed, but the count says {}", self.closed_doors));
        }
        if let Some(i) = self.doors.iter().position(|&d| d > 2) {
            return Err(format!("edge {i} has door code {}", self.doors[i]));
        }
        self.changes.validate(self.tiles.len())
    }
}
