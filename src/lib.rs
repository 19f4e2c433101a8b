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
//!
//! Each structure also stands alone behind the [`broad_phase::BroadPhase`]
//! trait, on slots (dense indices) rather than ids; all five give the same
//! pairs:
//!
//! ```
//! use broadphase::broad_phase::BroadPhase;
//! use broadphase::brute_force::BruteForce;
//! use broadphase::geometry::Aabb;
//! use broadphase::grid::Grid;
//! use broadphase::loose_grid::LooseGrid;
//! use broadphase::quadtree::{Placement, Quadtree, QuadtreeLimits};
//! let world = Aabb::from_xywh(0.0, 0.0, 100.0, 100.0);
//! let mut structures: Vec<Box<dyn BroadPhase>> = vec![
//!     Box::new(BruteForce::new()),
//!     Box::new(Quadtree::new(world, Placement::StraddleInParent, QuadtreeLimits::default())),
//!     Box::new(Quadtree::new(world, Placement::AllOverlappedLeaves, QuadtreeLimits::default())),
//!     Box::new(Grid::new(world, 10.0)),
//!     Box::new(LooseGrid::new(world, 10.0)),
//! ];
//! for s in &mut structures {
//!     s.insert(0, Aabb::from_xywh(10.0, 10.0, 5.0, 5.0));
//!     s.insert(1, Aabb::from_xywh(12.0, 12.0, 5.0, 5.0));
//!     s.insert(2, Aabb::from_xywh(50.0, 50.0, 5.0, 5.0));
//!     let mut pairs = Vec::new();
//!     s.pairs(&mut pairs);
//!     assert_eq!(pairs.len(), 1);
//! }
//! ```
//!
//! The tile map, rays and the hierarchy, through the World:
//!
//! ```
//! use broadphase::World;
//! let mut world = World::new(240.0, 240.0).unwrap();
//! world.tiles_mut().reset(10, 10, 24.0).unwrap();
//! world.tiles_mut().set_tile_named(5, 5, "slope45-br").unwrap();
//! // Which tiles a box touches, and how a ray meets the slope.
//! let mut touched = Vec::new();
//! let area = broadphase::geometry::Aabb::from_xywh(118.0, 118.0, 4.0, 4.0);
//! world.tiles().touched_cells(&area, &mut touched);
//! assert_eq!(touched, [(4, 4), (5, 4), (4, 5), (5, 5)]);
//! let hit = world.cast_ray(10.0, 130.0, 230.0, 130.0).unwrap().unwrap();
//! assert_eq!((hit.col, hit.row), (5, 5));
//! // A child keeps its offset and follows its parent.
//! let parent = world.insert(20.0, 20.0, 10.0, 10.0).unwrap();
//! let child = world.insert(35.0, 20.0, 5.0, 5.0).unwrap();
//! world.set_parent(child, parent).unwrap();
//! world.update(parent, 50.0, 50.0, 10.0, 10.0).unwrap();
//! assert_eq!(world.box_of(child).unwrap(), [65.0, 50.0, 5.0, 5.0]);
//! ```

#![warn(missing_docs)]

pub mod bit_set;
pub mod broad_phase;
pub mod brute_force;
pub mod error;
mod fallible;
mod float;
pub mod geometry;
pub mod grid;
pub mod hierarchy;
pub mod index;
mod keep_buffer;
pub mod loose_grid;
pub mod pair_sink;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_radix;
mod publish;
pub mod quadtree;
#[doc(hidden)]
pub mod radix_sort; // public for benches/radix_sort.rs alone
pub mod ray;
pub mod scene;
pub mod segment;
mod small_sort;
mod sort_and_sweep;
pub mod sweep;
pub mod tile_grid;
pub mod trace;
pub mod wire;
pub mod world;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use broad_phase::{BroadPhase, Stats};
pub use error::{Error, Result};
pub use geometry::Aabb;
pub use pair_sink::PairSink;
pub use world::World;
