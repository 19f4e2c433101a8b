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
//!   centre cell lies outside the query area.
//! - **Cache order.** Each proxy's record is its list node, so `update`
//!   and `pairs` read one array. The `World` numbers proxies in space
//!   order (`world/slot_order.rs`) and restores that order as objects
//!   drift, so a cell's list and its neighbours' lie close together in
//!   memory; cells store only their list's head, so at 100k objects (five
//!   cells per object) the cell array stays small. Visited cells come from
//!   an occupancy bitmap.
//!
//! # Measurements
//! `grid/bench.rs` (`cargo test --release --lib grid::bench -- --ignored
//! --nocapture`), 10 000 boxes, update-all + pairs per frame, best of three,
//! on a shared 2-vCPU VM (brute force ≈ 2 ns per box test):
//!
//! - **Oversize handling**, on the mixed scene (one box in a hundred 10–40
//!   times larger, so about 100 oversize): searching the grid as above,
//!   658 µs of pairs and 14 200 box tests; each oversize object against every
//!   object, 5.6 ms and 1.1 million tests; no oversize list but a search
//!   radius widened to the largest object (the per-cell "largest
//!   half-extent" idea taken globally), 126 ms and 4.5 million tests, and
//!   even on the uniform scene, where nothing is oversize, 856 µs against
//!   337 µs (radius 2 instead of 1). Kept: the search.
//! - **Cell size** ([`suggested_cell_size`]: 1.05 × the 95th percentile of
//!   the larger sides, 1.32 × the median on these scenes): the best sizes
//!   are 1.3–1.5 × the median, just above the largest ordinary box (uniform
//!   593–618 µs, clustered 0.94–1.02 ms, mixed 633–696 µs); 2 × costs
//!   3–48 % more (more objects per neighbourhood), 1.25 × already sends a
//!   few boxes to the oversize list and 1 × doubles the time.
//!   At 100k objects the same holds: 1.25, 1.5 and 2 × the suggested
//!   size cost 0–19 % more on all three scenes (fewer cells do not buy
//!   enough cache).
//! - **Cache order**, 100 000 boxes: with proxies numbered in insertion
//!   order, proxies as list nodes cost 15.7 ms a frame (uniform); a second
//!   array of slots renumbered in cell order every few frames, 7–10 ms but
//!   still 13–19 × the 10k frame, as the refresh and the renumbering
//!   streamed the boxes through memory twice more. With the `World`
//!   keeping proxies in space order, proxies as list nodes need neither:
//!   10–12 × the 10k frame in wasm (see the README).
//! - **Finding the occupied neighbours**, 100 000 boxes of the shared scene
//!   (`benches/peers`), `pairs` alone: reading the four forward
//!   neighbours' occupancy as one mask from the bitmap instead of testing
//!   four list heads in turn, 3.61 → 3.44 ms with proxies in the caller's
//!   (random) order, 2.64 → 2.54 ms in space order. Tried and dropped:
//!   a software prefetch of the records two rows ahead (3.62 ms: the
//!   misses are not what bounds it); gathering each row's records into a
//!   scratch row so that a cell's neighbours are two contiguous runs
//!   (3.67 ms in caller order, 3.28 ms in space order: the copy costs
//!   more than the branches it saves). In space order `pairs` costs about
//!   12 ns per box test; in the caller's order a third more, memory
//!   traffic the `World`'s renumbering saves.

mod api;
mod queries;
mod ray_walk;
mod storage;
mod update;
mod validate;

#[cfg(test)]
mod tests;

pub use storage::{suggested_cell_size, LooseGrid};
