//! Region quadtree over the world rectangle, after the quadtree tutorials
//! this project started from (Steven Lambert's "Quick Tip: Use Quadtrees to
//! Detect Likely Collisions in 2D Space" on Envato Tuts+, STDIO's
//! Vietnamese tutorial on quadtree collision detection, and a Chinese blog
//! post, the sequel to 《你被追尾了》), with both placement policies they
//! describe:
//!
//! - [`Placement::StraddleInParent`]: an object lives in the deepest node whose
//!   closed bounds contain it; one that straddles a midline stays in the node.
//! - [`Placement::AllOverlappedLeaves`]: an object lives in every leaf it
//!   reaches; a pair or query hit is reported only in the leaf holding the min
//!   corner of the overlap, so nothing is reported twice.
//!
//! Nodes live in one `Vec` addressed by `u32` (children four in a row,
//! freed groups reused); each node's items are one contiguous run of flat
//! item arrays (`items.rs`), holding a copy of each box, so a walk reads
//! memory in order rather than chasing links. The tree is updated in place
//! (an object stays put while it stays in its node; split on overflow,
//! collapse on underflow), and nodes and items are rewritten in space order
//! when the World renumbers its slots (`order.rs`).

mod api;
mod insert;
mod items;
mod layout;
mod node_pairs;
mod order;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_compact;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_item_boxes;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_leaves;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_scratch;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_step;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_straddle;
mod queries;
mod ray_walk;
mod remove;
mod stay;
mod stay_interval;
mod tree;
mod update;
mod validate;

#[cfg(test)]
mod tests;

pub use tree::{NodeView, Placement, Quadtree, QuadtreeLimits};
