//! The loose grid of seed 004 §4: each object listed only in the cell
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
//! - **Cache order.** The cell lists link slots, not proxies. `update`
//!   writes only the proxy's own record (proxy order); `pairs` renumbers
//!   the slots in cell order once an eighth of them were relinked
//!   (`compact.rs`), copies the boxes into them, then reads slots front to
//!   back. Visited cells come from an occupancy bitmap.
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
//! - **Cache order**, 100 000 uniform boxes: 15.7 ms a frame with proxies
//!   as list nodes; 7–10 ms with slots in cell order (the spread is the
//!   shared machine).

mod api;
mod compact;
mod queries;
mod storage;
mod update;
mod validate;

#[cfg(test)]
mod tests;

pub use storage::{suggested_cell_size, LooseGrid};
