//! The World's N-style tile grid (N tutorial B §2–3): the grid a new World
//! starts with, and the handle to it. Every tile operation is the grid's own
//! ([`TileGrid`]: `world.tiles()` / `world.tiles_mut()`, as JS has them on
//! `world.tiles`), so each has one name.

use super::World;
use crate::tile_grid::{TileGrid, MAX_CELLS_PER_AXIS};

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
