//! A flat scene hierarchy kept in parents-first order.
//!
//! Objects store their parent and a list of their children; a queue holds
//! every object with each parent ahead of its children, so world transforms
//! can be computed in one forward pass. The queue is maintained
//! incrementally from `(object, new_parent)` events instead of re-sorted.
//!
//! - `forest.rs`: `Forest`, the hierarchy over slots its
//!   owner hands out (the World keys it by its object slots), its storage
//!   and read-only queries;
//! - `ids.rs`: [`Hierarchy`], the same over ids the caller chooses, with
//!   its own slots, for use without a World;
//! - `insert.rs`: new objects and the event interface's three cases;
//! - `reparent.rs`: re-parenting, with the bounded cycle test;
//! - `repair.rs`: the P/Q/temporary-queue segment repair;
//! - `trace.rs`: [`RepairTrace`], what one repair did, and its
//!   [`RepairStep`]s, the walk step by step;
//! - `batch.rs`: many re-parentings at once, repaired or re-sorted;
//! - `remove.rs`: cascading deletion in O(subtree), through the children
//!   lists, leaving dead entries in the queue (compacted in bulk);
//! - `relabel.rs`: following the World's renumbering of its slots;
//! - `implicit.rs`: the World's queue while nothing is attached, stored
//!   nowhere;
//! - `validate.rs`: every invariant, checked from scratch;
//! - `reference.rs`: a full topological re-sort, the tests' reference and
//!   the benchmark's baseline.

mod batch;
pub(crate) mod forest;
mod ids;
mod implicit;
mod insert;
mod reference;
mod relabel;
mod remove;
mod repair;
mod reparent;
mod trace;
mod validate;

#[cfg(test)]
mod tests;

pub use batch::BatchStrategy;
pub use ids::Hierarchy;
pub use insert::EventCase;
pub use reference::{reference_order, TopoSort, ROOT, UNUSED};
pub use trace::{RepairStep, RepairTrace};
