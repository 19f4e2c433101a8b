//! N-style tile grid (Metanet's N tutorial B, sections 2 and 3):
//! a uniform grid of square cells from the origin, one tile per cell, with
//! N's tile shapes, cell-edge states kept up to date locally, doors, the
//! cells a box touches, and the narrow phase against the exact tile shapes.
//!
//! | file | job |
//! |---|---|
//! | `shape.rs` | [`TileShape`]: the families and orientations, stable names, ASCII codes |
//! | `shape_geometry.rs` | each shape's exact solid region, normals, side coverage, outline |
//! | `side.rs` | [`Side`], [`EdgeState`] and the rule combining two cells' views, [`Door`] |
//! | `grid.rs` | [`TileGrid`] storage, cell addressing, the one cell-side → edge-slot helper |
//! | `edges.rs` | edge states: computation, local refresh, doors |
//! | `changes.rs` | the change journal: which cells to redraw since a revision |
//! | `touched.rs` | the cells a box touches, exact on cell lines |
//! | `narrow_phase.rs` | point and box against one tile: overlap, minimal push-out, every way out |
//! | `resolve.rs` | [`TileGrid::push_out`]: a box against all the tiles it touches |
//! | `draw.rs` | flat edge, tile and outline data for the playground |
//! | `trace.rs` | the traces: an edge's state from its two cells, a push-out step by step |
//! | `presets.rs` | ASCII maps and the preset levels |
//! | `validate.rs` | every invariant, checked from scratch |
//!
//! # Example
//! ```
//! use broadphase::tile_grid::{EdgeState, Side, TileGrid, TileShape};
//! use broadphase::Aabb;
//!
//! let mut grid = TileGrid::new(4, 3, 10.0).unwrap();
//! grid.set_tile(1, 1, TileShape::Full).unwrap();
//! grid.set_tile(2, 1, TileShape::from_name("slope45-bl").unwrap()).unwrap();
//! // A full face against a slope's full face: interior, simplified away.
//! assert_eq!(grid.edge(1, 1, Side::Right).unwrap(), EdgeState::Empty);
//! assert_eq!(grid.edge(2, 1, Side::Left).unwrap(), EdgeState::Empty);
//! // The slope's open side is interesting, the full tile's top is solid.
//! assert_eq!(grid.edge(2, 1, Side::Top).unwrap(), EdgeState::Interesting);
//! assert_eq!(grid.edge(1, 1, Side::Top).unwrap(), EdgeState::Solid);
//!
//! let mut cells = Vec::new();
//! grid.touched_cells(&Aabb::from_xywh(5.0, 5.0, 10.0, 5.0), &mut cells);
//! assert_eq!(cells, [(0, 0), (1, 0)]); // touches row 1 only along its top line
//!
//! // A box sunk 2 units into the full tile's top is pushed straight up.
//! let (dx, dy) = grid.push_out(&Aabb::from_xywh(12.0, 7.0, 4.0, 5.0));
//! assert_eq!((dx, dy), (0.0, -2.0));
//! grid.validate().unwrap();
//! ```

mod changes;
mod draw;
mod edges;
mod grid;
pub mod narrow_phase;
mod presets;
mod resolve;
mod shape;
mod shape_geometry;
mod side;
mod touched;
mod trace;
mod validate;

#[cfg(test)]
mod tests;

pub use draw::EDGE_LINE_FIELDS;
pub use grid::{TileGrid, MAX_CELLS_PER_AXIS};
pub use narrow_phase::{BlockedSides, Exits, Push};
pub use presets::{PRESET_NAMES, PRESET_TILE_SIZE};
pub use resolve::MAX_ROUNDS;
pub use shape::{Corner, TileShape};
pub use shape_geometry::{to_world, QuarterCircle, TileGeometry, TilePolygon};
pub use side::{Door, EdgeState, Side};
pub use trace::{EdgeStep, PushOutStep};
