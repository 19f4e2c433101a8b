//! Walking a grid's cells along a segment, front to back, in bands: the
//! rows it crosses in order (or the columns, when it crosses more of
//! them), and in each band the run of cells the segment can reach from it.
//! Shared by both grids; the normal grid's [`BroadPhase::walk_ray`] is here
//! too. Each candidate passes the cheap [`RayPath::may_touch_by`] before
//! the visitor sees it.
//!
//! Cells are the half-open ones of [`CellGeometry`], the border rows and
//! columns extended to infinity (objects outside the world are filed
//! there), so the bands cover the whole plane and a segment anywhere is
//! walked. After each band the walk knows a parameter below which nothing
//! unvisited can be touched ([`Band::beyond`]); once the visitor's clip is
//! below it, the walk stops. Every bound is the conservative one of
//! [`RayPath`], so no box the exact segment touches is skipped.
//!
//! [`BroadPhase::walk_ray`]: crate::broad_phase::BroadPhase::walk_ray

use super::cells::CellGeometry;
use super::storage::Grid;
use crate::broad_phase::{offer_to_ray, RayControl, Stats};
use crate::geometry::Aabb;
use crate::index::NULL_INDEX;
use crate::segment::{Axis, RayPath};

/// One band of the walk: cells `first..=last` across it (columns of row
/// `along` for [`Axis::Y`] bands, rows of column `along` for [`Axis::X`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Band {
    pub axis: Axis,
    pub along: u32,
    pub first: u32,
    pub last: u32,
    /// Every object not filed in this band or an earlier one is touched (if
    /// at all) at a parameter of at least this.
    pub beyond: f64,
}

impl Band {
    /// The flat index of the `k`-th cell across the band (`first..=last`).
    #[inline]
    pub fn cell(&self, geometry: &CellGeometry, k: u32) -> u32 {
        match self.axis {
            Axis::Y => geometry.index(k, self.along),
            Axis::X => geometry.index(self.along, k),
        }
    }
}

/// The bands of cells along a segment, front to back. `reach` is how far
/// an object may stick out of the cell it is filed in (the loose grid's
/// half cell; 0 for the normal grid, which files an object in every cell
/// it reaches).
pub(crate) struct Bands<'a> {
    geometry: &'a CellGeometry,
    ray: &'a RayPath,
    axis: Axis,
    /// `reach` plus a margin over the rounding of the cell edges.
    pad: f64,
    next: u32,
    last: u32,
    forward: bool,
    done: bool,
}

impl<'a> Bands<'a> {
    pub fn new(geometry: &'a CellGeometry, ray: &'a RayPath, reach: f64) -> Bands<'a> {
        let (start, end) = (ray.start(), ray.end());
        let crossed = |axis: Axis| {
            let (a, b) = (
                index_of(geometry, axis, coordinate(start, axis)),
                index_of(geometry, axis, coordinate(end, axis)),
            );
            a.abs_diff(b)
        };
        // Bands across the axis the segment crosses more cells of, so each
        // band's run is short.
        let axis = if crossed(Axis::Y) >= crossed(Axis::X) { Axis::Y } else { Axis::X };
        let pad = reach + geometry.cell_size / (1u64 << 30) as f64 + geometry.edge_error();
        let bounds = ray.bounds();
        let (lo, hi) = match axis {
            Axis::X => (bounds.min_x, bounds.max_x),
            Axis::Y => (bounds.min_y, bounds.max_y),
        };
        let (first, last) =
            (index_of(geometry, axis, widen(lo, -pad)), index_of(geometry, axis, widen(hi, pad)));
        let forward = ray.direction(axis) >= 0.0;
        let (next, last) = if forward { (first, last) } else { (last, first) };
        Bands { geometry, ray, axis, pad, next, last, forward, done: false }
    }

    /// The far side of band `k` in the walk's direction, moved back by the
    /// pad: where the objects of later bands can start.
    fn beyond(&self, k: u32) -> f64 {
        if self.ray.direction(self.axis) == 0.0 {
            return 0.0;
        }
        let count = cells_on(self.geometry, self.axis);
        let at = if self.forward {
            if k + 1 >= count {
                return f64::INFINITY;
            }
            widen(edge(self.geometry, self.axis, k + 1), -self.pad)
        } else {
            if k == 0 {
                return f64::INFINITY;
            }
            widen(edge(self.geometry, self.axis, k), self.pad)
        };
        self.ray.t_lower_at(self.axis, at)
    }
}

impl Iterator for Bands<'_> {
    type Item = Band;

    fn next(&mut self) -> Option<Band> {
        while !self.done {
            let k = self.next;
            if k == self.last {
                self.done = true;
            } else if self.forward {
                self.next += 1;
            } else {
                self.next -= 1;
            }
            let g = self.geometry;
            let count = cells_on(g, self.axis);
            let lo = if k == 0 { f64::NEG_INFINITY } else { widen(edge(g, self.axis, k), -self.pad) };
            let hi = if k + 1 >= count { f64::INFINITY } else { widen(edge(g, self.axis, k + 1), self.pad) };
            let across = self.axis.other();
            let Some((from, to)) = self.ray.cross_range(self.axis, lo, hi, g.cell_size) else { continue };
            let first = index_of(g, across, widen(from, -self.pad));
            let last = index_of(g, across, widen(to, self.pad));
            return Some(Band { axis: self.axis, along: k, first, last, beyond: self.beyond(k) });
        }
        None
    }
}

/// `v` moved by `by` and by a few ulps more the same way.
fn widen(v: f64, by: f64) -> f64 {
    let moved = v + by;
    if !moved.is_finite() {
        return moved;
    }
    moved + moved.abs() * by.signum() / (1u64 << 40) as f64
}

fn coordinate(p: (f64, f64), axis: Axis) -> f64 {
    match axis {
        Axis::X => p.0,
        Axis::Y => p.1,
    }
}

fn index_of(g: &CellGeometry, axis: Axis, v: f64) -> u32 {
    match axis {
        Axis::X => g.col_of(v),
        Axis::Y => g.row_of(v),
    }
}

fn edge(g: &CellGeometry, axis: Axis, k: u32) -> f64 {
    match axis {
        Axis::X => g.edge_x(k),
        Axis::Y => g.edge_y(k),
    }
}

fn cells_on(g: &CellGeometry, axis: Axis) -> u32 {
    match axis {
        Axis::X => g.cols,
        Axis::Y => g.rows,
    }
}

impl Grid {
    /// The oversize proxies first, then the cells band by band. A proxy filed in
    /// several cells of one band is visited only in the first of them (its
    /// first column or row there); one spanning bands, once per band.
    pub(super) fn walk_ray_cells(
        &self,
        ray: &RayPath,
        max_t: f64,
        visit: &mut dyn FnMut(u32, &Aabb) -> RayControl,
    ) -> Stats {
        let mut stats = Stats::default();
        let mut clip = max_t;
        for &proxy in &self.oversize {
            let aabb = &self.proxies[proxy as usize].aabb;
            if !offer_to_ray(ray, proxy, aabb, &mut clip, &mut stats, visit) {
                return stats;
            }
        }
        for band in Bands::new(&self.geometry, ray, 0.0) {
            for k in band.first..=band.last {
                let cell = band.cell(&self.geometry, k);
                if !self.occupied.contains(cell) {
                    continue;
                }
                stats.nodes_visited += 1;
                let mut entry = self.cells[cell as usize].head;
                while entry != NULL_INDEX {
                    let e = &self.entries[entry as usize];
                    entry = e.next;
                    let p = &self.proxies[e.proxy as usize];
                    let start = match band.axis {
                        Axis::Y => p.range.col_start,
                        Axis::X => p.range.row_start,
                    };
                    if start.max(band.first) != k {
                        continue;
                    }
                    if !offer_to_ray(ray, e.proxy, &p.aabb, &mut clip, &mut stats, visit) {
                        return stats;
                    }
                }
            }
            if band.beyond > clip {
                break;
            }
        }
        stats
    }
}
