//! The tile grid's change journal: which cells look different since a given
//! revision, so a drawing layer repaints only those instead of re-reading
//! and diffing the whole map after every edit.
//!
//! Every change notes the cells whose picture it changed (a tile's own cell;
//! both cells beside an edge whose state or door changed) and moves the
//! revision on by one per note. A reader remembers the revision it drew and
//! asks what changed since; readers never mutate the journal, so any number
//! of them can follow one grid. The journal keeps at most [`KEPT`] notes: a
//! reader that fell further behind, or one from before the map was
//! replaced, is told to redraw everything.

use crate::error::Error;

/// Most notes kept; older ones are forgotten half at a time.
pub const KEPT: usize = 1 << 16;

/// The journal (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct Changes {
    /// Row-major cell indices, one per note, oldest first.
    notes: Vec<u32>,
    /// The revision before `notes[0]`: notes cover `(base, base + len]`.
    base: u64,
}

impl Changes {
    /// The current revision: goes up by one per note, and jumps when the
    /// whole map is replaced.
    pub fn revision(&self) -> u64 {
        self.base + self.notes.len() as u64
    }

    /// Notes that a cell's picture changed.
    pub fn note_cell(&mut self, cell: usize) {
        if self.notes.len() == KEPT {
            self.notes.drain(..KEPT / 2);
            self.base += (KEPT / 2) as u64;
        }
        self.notes.push(cell as u32);
    }

    /// Notes the cells on both sides of an edge whose state or door changed.
    pub fn note_edge(&mut self, cell: (u32, u32), neighbour: Option<(u32, u32)>, cols: u32) {
        let index = |(c, r): (u32, u32)| r as usize * cols as usize + c as usize;
        self.note_cell(index(cell));
        if let Some(n) = neighbour {
            self.note_cell(index(n));
        }
    }

    /// Everything changed (a new map): readers from before redraw it all.
    pub fn note_everything(&mut self) {
        // One past every revision handed out so far, with nothing listed.
        self.base = self.revision() + 1;
        self.notes.clear();
    }

    /// The cells (row-major indices, in the order noted, repeats possible)
    /// changed after `revision`, or `None` when the journal no longer
    /// reaches back that far (redraw everything).
    pub fn since(&self, revision: u64) -> Option<&[u32]> {
        if revision < self.base || revision > self.revision() {
            return None;
        }
        Some(&self.notes[(revision - self.base) as usize..])
    }

    pub fn validate(&self, cells: usize) -> Result<(), String> {
        if self.notes.len() > KEPT {
            return Err(format!("change journal holds {} notes, more than {KEPT}", self.notes.len()));
        }
        match self.notes.iter().find(|&&c| c as usize >= cells) {
            Some(c) => Err(format!("change journal notes cell {c} of {cells}")),
            None => Ok(()),
        }
    }
}

impl super::TileGrid {
    /// The map's revision: it goes up with every change of a tile, an edge
    /// state or a door, and jumps when the whole map is replaced.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.changes.revision()
    }

    /// A revision as JavaScript gives one to `changedCellsSince`: a whole
    /// number from 0 to 2^53 (the last a JS number counts exactly), else
    /// an error naming `revision`. (`-1`, `NaN` or `1.5` answered
    /// "redraw everything", as if they were revisions too old.)
    pub fn check_revision(value: f64) -> crate::error::Result<u64> {
        const MAX: i64 = 1 << 53;
        if !value.is_finite() {
            return Err(Error::NotFinite { arg: "revision", value });
        }
        if value.fract() != 0.0 {
            return Err(Error::NotWhole { arg: "revision", value });
        }
        if !(0.0..=MAX as f64).contains(&value) {
            return Err(Error::OutOfRange { arg: "revision", value, min: 0, max: MAX });
        }
        Ok(value as u64)
    }

    /// The cells whose picture changed after `revision` (a tile set, or an
    /// edge beside them changed state or door), as `(col, row)` pairs in
    /// row-major order, each once, written to `out` (cleared first). Returns
    /// false, with `out` empty, when the journal does not reach back that
    /// far or the map was replaced since: redraw everything then.
    pub fn changed_cells_since(&self, revision: u64, out: &mut Vec<(u32, u32)>) -> bool {
        out.clear();
        let Some(notes) = self.changes.since(revision) else {
            return false;
        };
        let cols = self.cols;
        out.extend(notes.iter().map(|&i| (i % cols, i / cols)));
        crate::small_sort::sort_by_key(out, |&(c, r)| (r, c));
        out.dedup();
        true
    }

    /// Replaces the map by `cols × rows` empty square tiles of side
    /// `tile_size` from the origin (JS `tiles.reset`). The map's extent
    /// must be finite: a `tile_size` whose `cols × tile_size` or
    /// `rows × tile_size` overflows is an error naming `tileSize`.
    pub fn reset(&mut self, cols: u32, rows: u32, tile_size: f64) -> crate::error::Result<()> {
        self.replace(super::TileGrid::new(cols, rows, tile_size)?);
        Ok(())
    }

    /// Replaces the map by a named preset (see [`super::PRESET_NAMES`]; JS
    /// `tiles.loadPreset`).
    pub fn load_preset(&mut self, name: &str) -> crate::error::Result<()> {
        self.replace(super::TileGrid::preset(name)?);
        Ok(())
    }

    /// Replaces the map by one read from an ASCII map, doors included (see
    /// [`read_ascii`](super::TileGrid::read_ascii); JS `tiles.loadAscii`).
    pub fn load_ascii(&mut self, map: &str, tile_size: f64) -> crate::error::Result<()> {
        self.replace(super::TileGrid::read_ascii(map, tile_size)?);
        Ok(())
    }

    /// Replaces the whole map by `next` (a preset, a map read from ASCII, a
    /// new size), keeping this grid's revision history. A map of the same
    /// size notes just the cells that look different (tiles, edge states or
    /// doors that changed); another size is one "everything changed".
    pub fn replace(&mut self, next: super::TileGrid) {
        let changes = std::mem::take(&mut self.changes);
        let old = std::mem::replace(self, next);
        self.changes = changes;
        if (old.cols, old.rows, old.tile_size) != (self.cols, self.rows, self.tile_size) {
            self.changes.note_everything();
            return;
        }
        for (cell, (a, b)) in old.tiles.iter().zip(&self.tiles).enumerate() {
            if a != b {
                self.changes.note_cell(cell);
            }
        }
        for id in 0..self.edges.len() {
            if old.edges[id] != self.edges[id] || old.doors[id] != self.doors[id] {
                let (col, row, side) = self.edge_cell_side(id);
                let neighbour = self.slot(col, row, side).neighbour;
                self.changes.note_edge((col, row), neighbour, self.cols);
            }
        }
    }
}
