//! The World step's test of a moved box against its home cell: the grid's
//! numbers copied out once per step ([`LooseGrid::home_test`]), and a
//! quick test that the box surely keeps its cell ([`HomeTest::surely_keeps`])
//! before the exact one that locates its centre.

use super::storage::{LooseGrid, OVERSIZE};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;

impl LooseGrid {
    /// What [`LooseGrid::home_of`] reads, copied for a loop of updates
    /// ([`LooseGrid::update_with`]): the World's step, where each box
    /// stored would otherwise make the compiler read these again.
    pub(crate) fn home_test(&self) -> HomeTest {
        HomeTest::new(&self.geometry, self.small_limit)
    }

    /// [`BroadPhase::update`](crate::BroadPhase::update) with the home
    /// test's numbers from `home` (see [`LooseGrid::home_test`]): the same
    /// answer, as nothing between the two changes the cells.
    #[inline(always)]
    pub(crate) fn update_with(&mut self, home: &HomeTest, proxy: u32, aabb: Aabb) {
        debug_assert!(home.geometry == self.geometry && home.small_limit == self.small_limit);
        let p = &mut self.proxies[proxy as usize];
        debug_assert_ne!(p.home, NULL_INDEX, "proxy {proxy} is not present");
        p.aabb = aabb;
        let old = p.home;
        // In wasm the quick test costs less than locating the centre; a
        // native build has no one-instruction `floor` to build it on.
        if cfg!(target_arch = "wasm32") && home.surely_keeps(&aabb, old) {
            return;
        }
        let new = home.home_of(&aabb);
        if new == old && old != OVERSIZE {
            return;
        }
        self.refile(proxy, &aabb, old, new, &mut crate::trace::NoTrace);
    }
}

/// The numbers [`LooseGrid::home_of`] reads, as a value: see
/// [`LooseGrid::home_test`]; and a quick test that a box surely keeps its
/// home cell ([`HomeTest::surely_keeps`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HomeTest {
    geometry: crate::grid::CellGeometry,
    small_limit: f64,
    /// How far from a whole number (in cells) the centre's estimate must
    /// be for its floor to be the cell [`LooseGrid::home_of`] finds.
    margin: f64,
    /// The last column and row, and the column count, as floats.
    last_col: f64,
    last_row: f64,
    cols: f64,
}

impl HomeTest {
    pub(crate) fn new(geometry: &crate::grid::CellGeometry, small_limit: f64) -> HomeTest {
        let g = geometry;
        let largest = f64::from(g.cols.max(g.rows)) + 2.0;
        // The estimate `(c − origin) × (1 / cell_size)` is within three
        // roundings (2ε relative, up to `largest` cells) of the exact
        // `(c − origin) / cell_size`, and each float edge within
        // `edge_error` of its exact place: twice their sum keeps the floor
        // on the right side of every edge. Far from the origin or with
        // cells near the float spacing the margin passes one half, and the
        // quick test never answers yes.
        let error = 2.0 * f64::EPSILON * largest + g.edge_error() * g.inv_cell_size;
        HomeTest {
            geometry: *g,
            small_limit,
            margin: 2.0 * error,
            last_col: f64::from(g.cols - 1),
            last_row: f64::from(g.rows - 1),
            cols: f64::from(g.cols),
        }
    }

    /// Whether the box surely has `home` as its home cell: small, and its
    /// centre's estimate in cells is clear of the cell lines by the margin,
    /// inside the grid, and in cell `home`. No is not an answer: the box
    /// may still keep `home` ([`HomeTest::home_of`] says). Built of
    /// floating-point steps (a floor, no conversion to an integer and no
    /// settling against edges), fewer than locating the centre.
    #[inline(always)]
    pub(crate) fn surely_keeps(&self, aabb: &Aabb, home: u32) -> bool {
        let g = &self.geometry;
        let (cx, cy) = (0.5 * (aabb.min_x + aabb.max_x), 0.5 * (aabb.min_y + aabb.max_y));
        let (ex, ey) = ((cx - g.origin_x) * g.inv_cell_size, (cy - g.origin_y) * g.inv_cell_size);
        let (fx, fy) = (ex.floor(), ey.floor());
        let (rx, ry) = (ex - fx, ey - fy);
        let (low, high) = (self.margin, 1.0 - self.margin);
        // `&`, not `&&`: one branch, on the answer. NaN and infinite
        // centres fail the comparisons.
        (aabb.width() <= self.small_limit)
            & (aabb.height() <= self.small_limit)
            & (rx > low)
            & (rx < high)
            & (ry > low)
            & (ry < high)
            & (fx >= 0.0)
            & (fx <= self.last_col)
            & (fy >= 0.0)
            & (fy <= self.last_row)
            & (fx + fy * self.cols == f64::from(home))
    }

    /// [`LooseGrid::home_of`].
    #[inline(always)]
    fn home_of(&self, aabb: &Aabb) -> u32 {
        super::storage::home_in(&self.geometry, self.small_limit, aabb)
    }
}
