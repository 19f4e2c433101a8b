//! broadphase: 2D broad-phase collision detection for games.
//!
//! One [`World`] of moving boxes with interchangeable structures (brute
//! force, two quadtrees, a grid and a loose grid), an N-style tile grid,
//! rays and a flat scene hierarchy, usable natively or from JavaScript
//! through the wasm façade in `src/wasm/` (built for `wasm32` only).
//!
//! ```
//! use broadphase::World;
//! let mut world = World::new(100.0, 100.0).unwrap();
//! let a = world.insert(10.0, 10.0, 5.0, 5.0).unwrap();
//! let b = world.insert(12.0, 12.0, 5.0, 5.0).unwrap();
//! world.set_structure("quadtree").unwrap();
//! assert_eq!(world.pairs(), &[a, b]);
//! ```

pub mod broad_phase;
pub mod brute_force;
pub mod error;
pub mod geometry;
pub mod grid;
pub mod hierarchy;
pub mod loose_grid;
pub mod quadtree;
mod radix_sort;
pub mod ray;
pub mod scene;
pub mod tile_grid;
pub mod wire;
pub mod world;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use broad_phase::{BroadPhase, Stats};
pub use error::{Error, Result};
pub use geometry::Aabb;
pub use world::World;
