//! Region quadtree over the world rectangle (the quadtree articles this project started from), with both
//! placement policies of the articles:
//!
//! - [`Placement::StraddleInParent`]: an object lives in the deepest node whose
//!   closed bounds contain it; one that straddles a midline stays in the node.
//! - [`Placement::AllOverlappedLeaves`]: an object lives in every leaf it
//!   reaches; a pair or query hit is reported only in the leaf holding the min
//!   corner of the overlap, so nothing is reported twice.
//!
//! Nodes and item links live in flat `Vec`s addressed by `u32` with free
//! lists; the tree is updated in place (split on overflow, collapse on
//! underflow) and never rebuilt object by object on the heap.

mod api;
mod insert;
mod queries;
mod ray_walk;
mod remove;
mod tree;
mod validate;

#[cfg(test)]
mod tests;

pub use tree::{NodeView, Placement, Quadtree, QuadtreeLimits};
