//! All-pairs on the `parallel` feature's thread pool: the rows are cut into
//! bands (`crate::parallel`), each band runs the serial pass's own step
//! over its rows (each cell listing two objects or more, its pairs tested
//! in their overlap-corner cell) into its own pair buffer, and the bands
//! are merged in row order, so the pairs and counters are those of
//! `pairs_traced` without a tracer, in its order. What comes after the
//! cells in the serial pass (the oversize searches and sweep) stays on one
//! thread, after the merge. Also the grid's part in the parallel
//! `World::step` ([`StayCheck`]).

use super::storage::{Grid, ProxyBox};
use super::{CellGeometry, CROWDED_CELL};
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::parallel::{band_count, band_rows, pairs_by_bands, StayInPlace, Stayed};
use crate::sort_and_sweep::sweep_pairs;
use crate::trace::NoTrace;

impl Grid {
    /// [`BroadPhase::pairs`](crate::BroadPhase::pairs) with the rows in bands on the pool.
    pub(super) fn pairs_parallel(&mut self, out: &mut PairSink<'_>) -> Stats {
        if self.needs_compaction() {
            self.compact_entries_parallel();
        }
        let mut bands = std::mem::take(&mut self.bands);
        let (cols, rows) = (self.geometry.cols, self.geometry.rows);
        let count = band_count(rows);
        let this = &*self;
        let mut stats = pairs_by_bands(&mut bands, count, out, |band, sink, items, tally| {
            let (start, end) = band_rows(band, count, rows);
            let mut stats = Stats::default();
            let mut found = KeepBuffer::new();
            for y in start..end {
                found.flush(sink);
                if tally.stop(sink) {
                    break;
                }
                let row = this.geometry.index(0, y);
                this.multi.for_each_in(row, row + cols - 1, |cell| {
                    let x = cell - row;
                    if this.cells[cell as usize].count as usize > CROWDED_CELL {
                        found.flush(sink);
                        this.sweep_crowded_cell(cell, x, y, items, &mut stats, sink, &mut NoTrace);
                    } else {
                        this.pairs_in_cell(cell, x, y, items, &mut stats, &mut found, sink, &mut NoTrace);
                    }
                });
            }
            found.flush(sink);
            stats
        });
        self.bands = bands;

        let mut oversize_items = std::mem::take(&mut self.oversize_items);
        oversize_items.clear();
        for &proxy in &self.oversize {
            if out.is_full() {
                break;
            }
            let p = self.proxies[proxy as usize];
            self.search(proxy, &p.aabb, p.range, &mut stats, |hit| out.push((proxy, hit)), &mut NoTrace);
            oversize_items.push((proxy, p.aabb));
        }
        stats.candidate_tests += sweep_pairs(&mut oversize_items, out, &mut NoTrace);
        self.oversize_items = oversize_items;
        stats
    }
}

/// The grid's part in the parallel `World::step`: a moved box that reaches
/// the same cells is stored in its record, as `update` does, without the
/// rest of the grid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StayCheck {
    geometry: CellGeometry,
}

impl StayInPlace for StayCheck {
    type Record = ProxyBox;

    #[inline]
    fn store_if_staying(&self, _slot: u32, record: &mut ProxyBox, aabb: Aabb, _was: Aabb) -> Stayed {
        // The old range's edges tested, as `update` does: the same answer
        // as comparing `range_of`, without locating four bounds afresh.
        if !self.geometry.keeps_range(&aabb, &record.range) {
            return Stayed::No;
        }
        record.aabb = aabb;
        Stayed::Yes
    }
}

impl Grid {
    /// The stay check and the proxies' records, indexed by proxy, for the
    /// parallel step to split among its threads.
    pub(crate) fn records_for_moves(&mut self) -> (StayCheck, &mut [ProxyBox]) {
        (StayCheck { geometry: self.geometry }, &mut self.proxies)
    }
}
