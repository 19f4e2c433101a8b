//! The loose grid of N tutorial B §4: each object listed only in the cell
//! holding its centre (clamped to the grid), so a move re-files at most one
//! list link. All-pairs visits each non-empty cell once and tests its
//! objects against each other and against the objects of four fixed
//! neighbours (east, south-west, south, south-east; with their opposites
//! they make all eight), so every pair of adjacent cells is scanned once and
//! every pair of objects met once.
//!
//! - **Any size.** The five-cell scan is sound only for objects narrower
//!   than a cell: two overlapping ones then have centres under a cell apart,
//!   so their cells are neighbours. An object wider or taller than
//!   `cell_size × (1 − 2⁻³⁰) − 4 × edge_error` (the slack covers rounding,
//!   see `storage.rs`) goes to an **oversize list** instead. During `pairs`
//!   each oversize object searches the cells its box reaches, grown by one
//!   (a small object overlapping it has its centre within one cell of the
//!   overlap), and oversize objects meet each other in a sort-and-sweep.
//!   Queries search the same way, which also catches small objects whose
//!   centre cell lies outside the query area. Rays walk the oversize
//!   objects in cells four times as wide (`oversize_cells.rs`), so boxes
//!   grown past the cells by `update` cost a ray only where it passes.
//! - **Cache order.** Each proxy's record is its list node, so `update`
//!   and `pairs` read one array. The `World` numbers proxies in space
//!   order (`world/slot_order.rs`) and restores that order as objects
//!   drift, so a cell's list and its neighbours' lie close together in
//!   memory; cells store only their list's head, so at 100k objects (five
//!   cells per object) the cell array stays small. Visited cells come from
//!   an occupancy bitmap.
//!
//! # Why these choices
//! `cargo bench --bench grids` and `benches/peers` measure them (the
//! numbers are in docs/BENCHMARKS.md, "Measurements behind the code's
//! choices"):
//!
//! - **Oversize handling.** Searching the grid from each oversize object
//!   beats testing it against every object (far more box tests) and
//!   widening every search to the largest object (slower even where
//!   nothing is oversize).
//! - **Cell size** ([`suggested_cell_size`]: 1.05 × the 95th percentile of
//!   the larger sides): the best sizes sit just above the largest ordinary
//!   box; twice that puts more objects in each neighbourhood, smaller
//!   sends boxes to the oversize list.
//! - **Cache order.** With proxies numbered in insertion order a big
//!   frame's list walks miss the cache at every step, and a second array
//!   renumbered in cell order only halves that; with the `World` keeping
//!   proxies in space order, proxies as list nodes need neither.
//! - **Finding the occupied neighbours** as one mask from the bitmap, not
//!   four list heads in turn. Slower: a software prefetch two rows ahead
//!   (the misses are not what bounds it) and gathering each row's records
//!   into a scratch row (the copy costs more than the branches it saves).
//! - **A row's pairs by direction** (`row_walk.rs`): untraced, each
//!   direction's cell pairs are the bits of two occupancy words ANDed, and
//!   a pair of lone objects is one test with no list walked, so no loop
//!   ends once a cell at a place the processor cannot predict. A traced
//!   call walks cell by cell (`queries.rs`), in the order its steps show.

mod api;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod band_scratch;
mod home_test;
mod oversize_cells;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel;
mod queries;
mod ray_walk;
mod row_bits;
mod row_walk;
mod storage;
mod update;
mod validate;

#[cfg(test)]
mod tests;

pub(crate) use home_test::HomeTest;
pub use storage::{suggested_cell_size, LooseGrid};
