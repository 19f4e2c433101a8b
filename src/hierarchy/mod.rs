//! A flat scene hierarchy kept in parents-first order (the flat scene hierarchy).
//!
//! Objects store their parent (0 is the root) and a list of their
//! children; a queue holds every live id with each parent ahead of its
//! children, so world transforms can be computed in one forward pass. The queue is maintained incrementally
//! from `(object, new_parent)` events instead of re-sorted:
//!
//! - `store.rs`: the type, its flat slot storage and read-only queries;
//! - `insert.rs`: new objects and the seed's three event cases;
//! - `reparent.rs`: re-parenting, with the bounded cycle test;
//! - `repair.rs`: the P/Q/temporary-queue segment repair and its trace;
//! - `remove.rs`: cascading deletion in O(subtree), through the children
//!   lists, leaving dead entries in the queue (compacted in bulk);
//! - `validate.rs`: every invariant, checked from scratch;
//! - `reference.rs`: a full topological re-sort, the tests' reference and
//!   the benchmark's baseline.

mod batch;
mod insert;
mod reference;
mod remove;
mod repair;
mod reparent;
mod store;
mod validate;

#[cfg(test)]
mod tests;

pub use batch::BatchStrategy;
pub use insert::EventCase;
pub use reference::{reference_order, TopoSort, ROOT, UNUSED};
pub use repair::RepairTrace;
pub use store::Hierarchy;
