//! The World's N-style tile grid (N tutorial B §2–3): shapes, edge states,
//! doors, touched cells and push-out, per the contract's "Tile grid".

use super::World;
use crate::error::Result;
use crate::geometry::Aabb;
use crate::tile_grid::{Door, Side, TileGrid, MAX_CELLS_PER_AXIS};

/// Tile size of the grid a new World starts with.
pub const DEFAULT_TILE_SIZE: f64 = 32.0;

/// Most cells per axis of the grid a new World starts with: 16 × 16 empty
/// cells are about 1.4 KB, so a big World costs nothing it was not asked
/// for (4096² cells would be ~80 MB), and worlds dropped without `free()`
/// wait for the garbage collector cheaply. `setTileGrid` sets any size;
/// the default only makes rays and tile queries answer on a fresh World.
pub const DEFAULT_GRID_CELLS: u32 = 16;

/// The grid a new world starts with: empty tiles covering the world, of
/// [`DEFAULT_TILE_SIZE`], doubled until the grid is at most
/// [`DEFAULT_GRID_CELLS`] cells a side (powers of two keep cell lines exact).
pub(super) fn default_tile_grid(width: f64, height: f64) -> TileGrid {
    let extent = width.max(height);
    let mut size = DEFAULT_TILE_SIZE;
    while extent / size > f64::from(DEFAULT_GRID_CELLS) && size < 1e300 {
        size *= 2.0;
    }
    // In a world near the largest float wide, 16 tiles of the size that
    // covers it reach past it: fewer then, so the map's extent is finite.
    let most = (f64::MAX / size).floor().min(f64::from(MAX_CELLS_PER_AXIS.min(DEFAULT_GRID_CELLS))) as u32;
    let cells = |extent: f64| ((extent / size).ceil() as u32).clamp(1, most.max(1));
    TileGrid::new(cells(width), cells(height), size).expect("valid by construction")
}

impl World {
    /// Replaces the tile grid by a `cols × rows` grid of empty square tiles
    /// of side `tile_size` from the origin.
    pub fn set_tile_grid(&mut self, cols: u32, rows: u32, tile_size: f64) -> Result<()> {
        self.tiles.replace(TileGrid::new(cols, rows, tile_size)?);
        Ok(())
    }

    /// Replaces the tile grid by a named preset map (see
    /// [`crate::tile_grid::PRESET_NAMES`]).
    pub fn load_tile_preset(&mut self, name: &str) -> Result<()> {
        self.tiles.replace(TileGrid::preset(name)?);
        Ok(())
    }

    /// Sets one tile by shape name (see [`TileShape::ALL`](crate::tile_grid::TileShape::ALL)); an
    /// error names the first bad argument of `col`, `row`, `shape`.
    pub fn set_tile(&mut self, col: u32, row: u32, shape: &str) -> Result<()> {
        self.tiles.set_tile_named(col, row, shape)
    }

    /// The shape name of one tile.
    pub fn tile(&self, col: u32, row: u32) -> Result<&'static str> {
        Ok(self.tiles.tile(col, row)?.name())
    }

    /// The state of one side of a cell after simplification: `"empty"`,
    /// `"solid"` or `"interesting"`.
    pub fn edge(&self, col: u32, row: u32, side: &str) -> Result<&'static str> {
        Ok(self.tiles.edge_named(col, row, side)?.name())
    }

    /// Opens (`"open"`) or closes (`"closed"`) a door on one cell side, or
    /// hands the side back to its tiles (`"none"`).
    pub fn set_door(&mut self, col: u32, row: u32, side: &str, door: &str) -> Result<()> {
        self.tiles.check_cell(col, row)?;
        let side = Side::from_name(side)?;
        let door = Door::setting_from_name(door)?;
        self.tiles.set_door(col, row, side, door)
    }

    /// The door on a cell side: `"open"`, `"closed"`, or `"none"`.
    pub fn door(&self, col: u32, row: u32, side: &str) -> Result<&'static str> {
        self.tiles.check_cell(col, row)?;
        let side = Side::from_name(side)?;
        Ok(self.tiles.door(col, row, side)?.map_or("none", Door::name))
    }

    /// The tile map as ASCII, two characters per cell, then a line per door
    /// (see [`TileGrid::from_ascii`]).
    #[must_use]
    pub fn tile_ascii(&self) -> String {
        self.tiles.to_ascii()
    }

    /// Replaces the tile grid by one read from an ASCII map (doors included).
    pub fn load_tile_ascii(&mut self, map: &str, tile_size: f64) -> Result<()> {
        self.tiles.replace(TileGrid::read_ascii(map, tile_size)?);
        Ok(())
    }

    /// `[col, row, …]` of the tiles whose interior the box's interior
    /// overlaps, row-major, clipped to the grid.
    pub fn touched_cells(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<&[u32]> {
        let area = super::checked_box(x, y, w, h)?;
        // The cells straight from their range (TileGrid::touched_cells'
        // own rule), into room reserved first: a box over a map of millions
        // of tiles is an error when memory is short, not a trap.
        let range = self.tiles.touched_range(&area);
        let out = &mut self.workspace.cells_out;
        out.clear();
        let count = range.cell_count();
        out.try_reserve(2 * count).map_err(|_| crate::Error::NoMemoryFor {
            arg: "touched_cells",
            count,
            what: "cells",
        })?;
        for row in range.row_start..range.row_end {
            for col in range.col_start..range.col_end {
                out.extend_from_slice(&[col, row]);
            }
        }
        Ok(out)
    }

    /// A move `(dx, dy)` that takes the box out of every tile it overlaps
    /// (zero when it overlaps none): see [`TileGrid::push_out`] for the
    /// method and its limits.
    pub fn push_out(&self, x: f64, y: f64, w: f64, h: f64) -> Result<(f64, f64)> {
        let area: Aabb = super::checked_box(x, y, w, h)?;
        Ok(self.tiles.push_out(&area))
    }

    /// The tile grid: shapes, edges, doors, rays, the change journal.
    #[must_use]
    pub fn tiles(&self) -> &TileGrid {
        &self.tiles
    }

    /// The tile grid, to edit (see [`TileGrid::set_tile`], [`TileGrid::set_door`],
    /// [`TileGrid::replace`]).
    pub fn tiles_mut(&mut self) -> &mut TileGrid {
        &mut self.tiles
    }
}
