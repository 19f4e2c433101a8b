//! The tile grid's storage and cell addressing: one tile per cell, every
//! shared cell edge stored once, and the one helper that maps a cell side to
//! its edge slot and neighbour.
//!
//! Cell `(c, r)` spans `[c·ts, (c+1)·ts] × [r·ts, (r+1)·ts]`, where `k·ts`
//! is always computed as [`TileGrid::line`] does (`k as f64 * ts`): touched
//! cells, point lookup and tile bounds all use that one expression, so they
//! agree bit for bit on cell lines.

use super::shape::TileShape;
use super::side::{EdgeState, Side};
use crate::error::{positive, whole_in, Error, Result};
use crate::geometry::Aabb;

/// Largest number of columns or rows: 4096 × 4096 tiles is 16 M cells,
/// already far more than a playground or an N level needs.
pub const MAX_CELLS_PER_AXIS: u32 = 4096;

/// A `cols × rows` grid of square tiles from the origin (Metanet's N tutorial B).
///
/// Every cell edge is stored once, in one flat array indexed by *edge id*,
/// so that the two names of a shared side (cell A's right and cell B's
/// left) are one slot and always agree:
/// - vertical edges first, `(cols + 1) × rows` of them: the edge on line
///   `x = k·ts` in row `r` has id `r * (cols + 1) + k`;
/// - then horizontal edges, `cols × (rows + 1)`: the edge on line `y = k·ts`
///   in column `c` has id `(cols + 1) * rows + k * cols + c`.
///
/// Each stored state already has the door override applied. Doors are a
/// second array of the same layout holding [`Door::code`](super::Door::code)s (0: none), so
/// both can be handed to JavaScript as byte views.
#[derive(Clone, Debug)]
pub struct TileGrid {
    pub(super) cols: u32,
    pub(super) rows: u32,
    pub(super) tile_size: f64,
    /// Row-major, `rows * cols`.
    pub(super) tiles: Vec<TileShape>,
    /// Per edge id, its [`EdgeState`].
    pub(super) edges: Vec<EdgeState>,
    /// Per edge id, [`Door::code`](super::Door::code) of its door, 0 for none.
    pub(super) doors: Vec<u8>,
    /// How many doors are closed: with none, a moving box's sweep looks
    /// at no door.
    pub(super) closed_doors: usize,
    /// What changed since the page last redrew (see `changes.rs`).
    pub(super) changes: super::changes::Changes,
}

/// Two grids are equal when their maps are (size, tiles, edges and doors);
/// the change journal is bookkeeping, not part of the map.
impl PartialEq for TileGrid {
    fn eq(&self, other: &TileGrid) -> bool {
        (self.cols, self.rows, self.tile_size) == (other.cols, other.rows, other.tile_size)
            && self.tiles == other.tiles
            && self.edges == other.edges
            && self.doors == other.doors
    }
}

/// Where one cell side is stored, and the cell on its other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EdgeSlot {
    /// The edge id (index into `edges` and `doors`).
    pub index: usize,
    /// `None` on the grid's outer border, which counts as an empty cell.
    pub neighbour: Option<(u32, u32)>,
}

impl TileGrid {
    /// An all-`empty` grid. `cols` and `rows` must be in
    /// `1..=`[`MAX_CELLS_PER_AXIS`], `tile_size` finite and above zero, and
    /// the map's extent (`cols × tile_size`, `rows × tile_size`) finite,
    /// as a World's size must be: an error names `tile_size` otherwise.
    pub fn new(cols: u32, rows: u32, tile_size: f64) -> Result<TileGrid> {
        TileGrid::check_cell_count("cols", cols.into())?;
        TileGrid::check_cell_count("rows", rows.into())?;
        positive("tile_size", tile_size)?;
        TileGrid::check_extent(cols.max(rows), tile_size)?;
        let (c, r) = (cols as usize, rows as usize);
        let edges = (c + 1) * r + c * (r + 1);
        Ok(TileGrid {
            cols,
            rows,
            tile_size,
            tiles: vec![TileShape::Empty; c * r],
            edges: vec![EdgeState::Empty; edges],
            doors: vec![0; edges],
            closed_doors: 0,
            changes: super::changes::Changes::default(),
        })
    }

    /// How many doors are closed (a moving box's sweep looks at no door
    /// when none is).
    #[must_use]
    pub fn closed_door_count(&self) -> usize {
        self.closed_doors
    }

    #[must_use]
    /// Columns of tiles.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    #[must_use]
    /// Rows of tiles.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    #[must_use]
    /// Side of a tile, world units.
    pub fn tile_size(&self) -> f64 {
        self.tile_size
    }

    /// The grid's extent in world units: `[0, line(cols)] × [0, line(rows)]`.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        Aabb { min_x: 0.0, min_y: 0.0, max_x: self.line(self.cols), max_y: self.line(self.rows) }
    }

    /// The coordinate of grid line `k` (column or row boundary). The one
    /// place `k·ts` is computed.
    #[must_use]
    #[inline]
    pub fn line(&self, k: u32) -> f64 {
        f64::from(k) * self.tile_size
    }

    /// The tile in a cell; an error names `col` or `row` if it is outside.
    pub fn tile(&self, col: u32, row: u32) -> Result<TileShape> {
        self.check_cell(col, row)?;
        Ok(self.tiles[self.cell_index(col, row)])
    }

    /// Every tile, row-major (`row * cols + col`).
    #[must_use]
    pub fn tiles(&self) -> &[TileShape] {
        &self.tiles
    }

    /// Puts `shape` in a cell and recomputes that cell's four edges (and no
    /// others: only they can change). A refused call changes nothing.
    pub fn set_tile(&mut self, col: u32, row: u32, shape: TileShape) -> Result<()> {
        self.check_cell(col, row)?;
        let index = self.cell_index(col, row);
        if self.tiles[index] == shape {
            return Ok(());
        }
        self.tiles[index] = shape;
        self.changes.note_cell(index);
        for side in Side::ALL {
            self.refresh_edge(col, row, side);
        }
        Ok(())
    }

    /// [`set_tile`](TileGrid::set_tile) by shape name; an error names the
    /// first bad argument of `col`, `row`, `shape`.
    pub fn set_tile_named(&mut self, col: u32, row: u32, shape: &str) -> Result<()> {
        self.check_cell(col, row)?;
        self.set_tile(col, row, TileShape::from_name(shape)?)
    }

    /// The world bounds of a cell.
    pub fn tile_bounds(&self, col: u32, row: u32) -> Result<Aabb> {
        self.check_cell(col, row)?;
        Ok(self.cell_bounds(col, row))
    }

    /// The cell holding a point, cells being half-open `[c·ts, (c+1)·ts)`
    /// (N tutorial B's `floor(p / cell_size)`, made exact on cell lines); `None`
    /// outside the grid or for a non-finite point.
    #[must_use]
    pub fn cell_at(&self, x: f64, y: f64) -> Option<(u32, u32)> {
        Some((self.half_open_index(x, self.cols)?, self.half_open_index(y, self.rows)?))
    }

    /// The `k` in `0..n` with `line(k) <= p < line(k + 1)`.
    fn half_open_index(&self, p: f64, n: u32) -> Option<u32> {
        if !(self.line(0) <= p && p < self.line(n)) {
            return None;
        }
        // The floor is right up to rounding; step to the exact answer.
        let mut k = crate::float::clamp((p / self.tile_size).floor(), 0.0, f64::from(n - 1)) as u32;
        while k > 0 && p < self.line(k) {
            k -= 1;
        }
        while k + 1 < n && self.line(k + 1) <= p {
            k += 1;
        }
        Some(k)
    }

    pub(crate) fn cell_bounds(&self, col: u32, row: u32) -> Aabb {
        Aabb {
            min_x: self.line(col),
            min_y: self.line(row),
            max_x: self.line(col + 1),
            max_y: self.line(row + 1),
        }
    }

    #[inline]
    pub(crate) fn cell_index(&self, col: u32, row: u32) -> usize {
        row as usize * self.cols as usize + col as usize
    }

    /// Errors name `col` or `row` (in that order) if the cell is outside.
    pub fn check_cell(&self, col: u32, row: u32) -> Result<()> {
        self.check_col(col.into())?;
        self.check_row(row.into())?;
        Ok(())
    }

    /// A column of this grid as given (a JavaScript number; a `u32` widens
    /// exactly): a whole number in `0..cols`, else an error naming `col`.
    /// The one rule for a `col` argument, so the façade can check it before
    /// the arguments after it.
    pub fn check_col(&self, value: f64) -> Result<u32> {
        whole_in("col", value, 0, self.cols - 1)
    }

    /// A row of this grid as given: a whole number in `0..rows`, else an
    /// error naming `row`.
    pub fn check_row(&self, value: f64) -> Result<u32> {
        whole_in("row", value, 0, self.rows - 1)
    }

    /// The largest tile size whose map of `cells` tiles a side has a finite
    /// extent (`cells × size`, computed as [`TileGrid::line`] does).
    #[must_use]
    pub fn largest_tile_size(cells: u32) -> f64 {
        let n = f64::from(cells.max(1));
        let mut size = f64::MAX / n;
        while !(n * size).is_finite() {
            size = crate::geometry::next_down(size);
        }
        size
    }

    /// `Ok` when a map `cells` tiles a side of `tile_size` has a finite
    /// extent; else an error naming `tile_size` with the largest allowed.
    pub fn check_extent(cells: u32, tile_size: f64) -> Result<()> {
        if (f64::from(cells) * tile_size).is_finite() {
            return Ok(());
        }
        Err(Error::TooLarge {
            arg: "tile_size",
            value: tile_size,
            max: TileGrid::largest_tile_size(cells),
            why: "the map's extent, cols or rows × tileSize, must be a finite number",
        })
    }

    /// The columns or rows (`arg`) of a grid as given: a whole number in
    /// `1..=`[`MAX_CELLS_PER_AXIS`], else an error naming `arg`.
    pub fn check_cell_count(arg: &'static str, value: f64) -> Result<u32> {
        whole_in(arg, value, 1, MAX_CELLS_PER_AXIS)
    }

    /// Where side `side` of cell `(col, row)` is stored and which cell is on
    /// its other side. All neighbour arithmetic of the module is here and in
    /// the two slot functions below.
    #[inline]
    pub(super) fn slot(&self, col: u32, row: u32, side: Side) -> EdgeSlot {
        match side {
            Side::Left => EdgeSlot {
                index: self.vertical_slot(col, row),
                neighbour: col.checked_sub(1).map(|c| (c, row)),
            },
            Side::Right => EdgeSlot {
                index: self.vertical_slot(col + 1, row),
                neighbour: (col + 1 < self.cols).then_some((col + 1, row)),
            },
            Side::Top => EdgeSlot {
                index: self.horizontal_slot(col, row),
                neighbour: row.checked_sub(1).map(|r| (col, r)),
            },
            Side::Bottom => EdgeSlot {
                index: self.horizontal_slot(col, row + 1),
                neighbour: (row + 1 < self.rows).then_some((col, row + 1)),
            },
        }
    }

    /// Id of the vertical edge on line `x = line(k)` (`k` in `0..=cols`) in
    /// row `row`.
    #[inline]
    #[must_use]
    pub fn vertical_slot(&self, k: u32, row: u32) -> usize {
        row as usize * (self.cols as usize + 1) + k as usize
    }

    /// Id of the horizontal edge on line `y = line(k)` (`k` in `0..=rows`)
    /// in column `col`.
    #[inline]
    #[must_use]
    pub fn horizontal_slot(&self, col: u32, k: u32) -> usize {
        self.vertical_edge_count() + k as usize * self.cols as usize + col as usize
    }

    /// How many vertical edges there are: the horizontal ones' ids start here.
    #[inline]
    #[must_use]
    pub fn vertical_edge_count(&self) -> usize {
        (self.cols as usize + 1) * self.rows as usize
    }

    /// The tile beyond `side` of a cell; `Empty` past the outer border.
    #[inline]
    pub(super) fn neighbour_tile(&self, col: u32, row: u32, side: Side) -> TileShape {
        match self.slot(col, row, side).neighbour {
            Some((c, r)) => self.tiles[self.cell_index(c, r)],
            None => TileShape::Empty,
        }
    }
}
