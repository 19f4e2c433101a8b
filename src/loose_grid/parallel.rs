//! All-pairs on the `parallel` feature's thread pool: the rows are cut into
//! bands (`crate::parallel`), each band runs the serial pass's own steps
//! over its rows (each row's cells by direction, `row_walk.rs`, then
//! the oversize searches reaching the row) into its own pair buffer, and
//! the bands are merged in row order, so the pairs and counters are those
//! of `pairs_traced` without a tracer, in its order. The oversize objects'
//! sweep, after the rows as in the serial pass, stays on one thread.

use super::band_scratch::BandScratch;
use super::storage::{LooseGrid, Proxy};
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::parallel::{band_count, band_rows, pairs_by_bands};
use crate::sort_and_sweep::sweep_pairs;
use crate::trace::NoTrace;

impl LooseGrid {
    /// [`BroadPhase::pairs`](crate::BroadPhase::pairs) with the rows in bands on the pool.
    pub(super) fn pairs_parallel(&mut self, out: &mut PairSink<'_>) -> Stats {
        let mut reach = std::mem::take(&mut self.oversize_reach);
        reach.clear();
        for &proxy in &self.oversize {
            let aabb = self.proxies[proxy as usize].aabb;
            reach.push((
                self.geometry.range_of(&aabb).grown_by_one(self.geometry.cols, self.geometry.rows),
                proxy,
                aabb,
            ));
        }
        // The serial pass's sort of the same list: the same order.
        crate::small_sort::sort_by_key(&mut reach, |r| r.0.row_start);
        let mut bands = std::mem::take(&mut self.bands);
        let rows = self.geometry.rows;
        let count = band_count(rows);
        let this = &*self;
        let reach_ref = &reach;
        let mut stats = pairs_by_bands(&mut bands, count, out, |band, sink, scratch, tally| {
            let (start, end) = band_rows(band, count, rows);
            let mut stats = Stats::default();
            let mut found = KeepBuffer::new();
            let BandScratch { own, active, crowded, row_bits } = scratch;
            active.clear();
            let mut joining = 0;
            for y in start..end {
                if tally.stop(sink) {
                    break;
                }
                let row = this.geometry.index(0, y);
                this.pairs_in_row(y, y == start, row_bits, own, crowded, &mut stats, &mut found, sink);
                found.flush(sink);
                // The searches reaching row `y`, in the order the serial
                // pass keeps them: by their place in `reach`.
                while joining < reach_ref.len() && reach_ref[joining].0.row_start <= y {
                    active.push(joining as u32);
                    joining += 1;
                }
                active.retain(|&i| reach_ref[i as usize].0.row_end > y);
                for &i in active.iter() {
                    let (range, proxy, aabb) = reach_ref[i as usize];
                    let (first, last) = (row + range.col_start, row + range.col_end - 1);
                    this.search_row(
                        proxy,
                        first,
                        last,
                        &aabb,
                        &mut stats,
                        |hit| sink.push((proxy, hit)),
                        &mut NoTrace,
                    );
                }
            }
            stats
        });
        self.bands = bands;

        let mut items = std::mem::take(&mut self.oversize_items);
        items.clear();
        items.extend(reach.iter().map(|&(_, proxy, aabb)| (proxy, aabb)));
        stats.candidate_tests += sweep_pairs(&mut items, out, &mut NoTrace);
        self.oversize_items = items;
        self.oversize_reach = reach;
        stats
    }
}

/// What a thread of the parallel `World::step` needs to store a moved box
/// whose centre stays in its cell, as `update` does (the box written, no
/// list touched), without the rest of the grid: the moves that change cell
/// are left for one thread to make in slot order, as `update` would.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StayCheck {
    check: LooseGridHome,
}

/// The part of the grid `LooseGrid::home_of` reads.
#[derive(Clone, Copy, Debug)]
struct LooseGridHome {
    geometry: crate::grid::CellGeometry,
    small_limit: f64,
}

impl crate::parallel::StayInPlace for StayCheck {
    type Record = Proxy;

    /// Stores `aabb` in `proxy` and returns true if its home (cell or the
    /// oversize list) stays the same; otherwise leaves it for `update`.
    #[inline]
    fn store_if_staying(
        &self,
        _slot: u32,
        proxy: &mut Proxy,
        aabb: Aabb,
        _was: Aabb,
    ) -> crate::parallel::Stayed {
        let home = &self.check;
        let new = if aabb.width() <= home.small_limit && aabb.height() <= home.small_limit {
            let (x, y) = home.geometry.centre_cell(&aabb);
            home.geometry.index(x, y)
        } else {
            super::storage::OVERSIZE
        };
        if new != proxy.home {
            return crate::parallel::Stayed::No;
        }
        proxy.aabb = aabb;
        crate::parallel::Stayed::Yes
    }
}

impl LooseGrid {
    /// The stay check and the proxies' records, indexed by proxy, for the
    /// parallel step to split among its threads.
    pub(crate) fn records_for_moves(&mut self) -> (StayCheck, &mut [Proxy]) {
        let check = LooseGridHome { geometry: self.geometry, small_limit: self.small_limit };
        (StayCheck { check }, &mut self.proxies)
    }
}
