//! The normal uniform grid of N tutorial B §4: square cells anchored at the
//! world's min corner, each object listed in every cell it reaches.
//!
//! - **One report per pair, no hash set.** Two objects may share several
//!   cells; the pair is reported only in the cell holding the min corner of
//!   their overlap. Cells are half-open and defined by one monotone function
//!   ([`CellGeometry::col_of`]), so that cell is `(max(x0_a, x0_b),
//!   max(y0_a, y0_b))` of the objects' first columns and rows: two integer
//!   compares. An object is stored in every cell holding a point of its
//!   `[min, max)` (its min corner when it is thinner than an ulp), which
//!   always includes that corner cell.
//! - **Bounded memory.** The cell array covers the world only; coordinates
//!   are clamped to it. Clamping is monotone, so the corner-cell argument
//!   holds unchanged for objects outside the world: they simply share the
//!   border cells. At most [`MAX_CELLS`] cells; a smaller cell size is
//!   raised until the world fits.
//! - **O(1) moves.** Each cell is a doubly linked list of entries in one
//!   flat `Vec` with a free list; an update that keeps its cell range only
//!   stores the box, one that changes it unlinks only the cells it left and
//!   links only those it entered. `pairs` renumbers the entries in cell
//!   order once an eighth of them were relinked (`compact.rs`), so its list
//!   walks read memory front to back, and it visits only the cells listing
//!   two objects or more, found in a bitmap ([`BitSet`](crate::bit_set::BitSet)).
//! - **Oversize objects.** An object reaching more than
//!   [`Grid::max_cells_per_object`] cells (default
//!   [`DEFAULT_MAX_CELLS_PER_OBJECT`]) is not listed in cells: during
//!   `pairs` it searches the cells it reaches, and oversize objects meet each
//!   other in a sort-and-sweep.
//!
//! # Why these choices
//! `cargo bench --bench grids` measures them on the benchmark scenes (the
//! numbers are in docs/BENCHMARKS.md, "The normal grid"):
//!
//! - **Cell size** ([`suggested_cell_size`], 2 × the median larger side):
//!   the frame time is flat over a wide band around it; smaller cells file
//!   each box in more cells, larger ones put more boxes in each cell.
//! - **Oversize threshold** ([`DEFAULT_MAX_CELLS_PER_OBJECT`] cells): a
//!   wide range of thresholds does as well; none at all re-files a giant
//!   in thousands of cells as it moves, and 1 makes every box search
//!   instead of being listed.
//! - **Clamping.** Objects far outside the world crowd the border cells,
//!   and the frame grows with the share outside; an outside list tested
//!   against everything would cost `outside × n` tests, far worse. The
//!   `World` keeps objects inside its walls, so clamping's bad case needs
//!   objects parked far outside.
//!
//! Files: `cells.rs` cell arithmetic shared with the loose grid, `storage.rs` the arrays and list operations,
//! `update.rs` insert / update / remove, `compact.rs` renumbering in cell
//! order, `queries.rs` pairs and queries, `ray_walk.rs` the
//! cells along a segment front to back (both grids), `validate.rs` the invariants,
//! `api.rs` the [`BroadPhase`](crate::broad_phase::BroadPhase) impl,
//! `tests.rs` unit tests and the differential harness both grids share.

mod api;
mod cells;
mod compact;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod parallel_compact;
mod queries;
mod ray_walk;
mod storage;
mod update;
mod validate;

#[cfg(test)]
pub(crate) mod tests;

pub(crate) use cells::extent_quantile;

/// Objects in one cell past which the grids' `pairs` sort and sweep the
/// cell instead of testing its objects all against all: a cell size far
/// too large for the objects (one cell holding them all) then costs the
/// sort plus the pairs that overlap along one axis, not the square of the
/// crowd. At the suggested cell size a cell holds a few objects, far fewer.
pub(crate) const CROWDED_CELL: usize = 64;
pub use cells::{suggested_cell_size, CellGeometry, MAX_CELLS};
pub(crate) use ray_walk::Bands;
pub use storage::{Grid, DEFAULT_MAX_CELLS_PER_OBJECT};
