//! All-pairs and box queries. A pair (or a query hit) is reported only in the
//! cell holding the min corner of the overlap, which is the cell
//! `(max(x0_a, x0_b), max(y0_a, y0_b))` of the two first columns and rows
//! (cells are monotone in the coordinate, see `cells.rs`): an integer test,
//! no hash set.

use super::storage::{corner_bits, Grid, Item};
use super::CROWDED_CELL;
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::index::NULL_INDEX;
use crate::pair_sink::PairSink;
use crate::sort_and_sweep::{sweep, sweep_pairs};

impl Grid {
    /// Pairs within each cell listing two objects or more, then the oversize
    /// proxies, each searching the cells it reaches, then the oversize proxies
    /// among themselves.
    pub(super) fn find_pairs(&mut self, out: &mut PairSink<'_>) -> Stats {
        if self.needs_compaction() {
            self.compact_entries();
        }
        let mut stats = Stats::default();
        let mut items = std::mem::take(&mut self.items);
        // No check for a full sink per cell: a cell of up to CROWDED_CELL
        // objects adds a bounded number of pairs, and a crowded one
        // checks as it sweeps.
        self.multi.for_each(self.geometry.cols, |cell, x, y| {
            if self.cells[cell as usize].count as usize > CROWDED_CELL {
                self.sweep_crowded_cell(cell, x, y, &mut items, &mut stats, out);
            } else {
                self.pairs_in_cell(cell, x, y, &mut items, &mut stats, out);
            }
        });
        self.items = items;

        let mut oversize_items = std::mem::take(&mut self.oversize_items);
        oversize_items.clear();
        for &proxy in &self.oversize {
            if out.is_full() {
                break;
            }
            let p = self.proxies[proxy as usize];
            self.search(&p.aabb, p.range, &mut stats, |hit| out.push((proxy, hit)));
            oversize_items.push((proxy, p.aabb));
        }
        stats.candidate_tests += sweep_pairs(&mut oversize_items, out);
        self.oversize_items = oversize_items;
        stats
    }

    /// The pairs of cell `(cx, cy)` whose overlap's min corner lies in it.
    #[inline]
    fn pairs_in_cell(
        &self,
        cell: u32,
        cx: u32,
        cy: u32,
        items: &mut Vec<Item>,
        stats: &mut Stats,
        out: &mut PairSink<'_>,
    ) {
        self.cell_items(cell, cx, cy, items, stats);
        let k = items.len() as u64;
        stats.candidate_tests += k * (k - 1) / 2;
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                if a.corner_bits | b.corner_bits == 3 && a.aabb.overlaps(&b.aabb) {
                    out.push((a.proxy, b.proxy));
                }
            }
        }
    }

    /// A crowded cell's pairs (more objects than [`CROWDED_CELL`], as when
    /// the cell size is far larger than the objects), by sort and sweep.
    #[cold]
    #[inline(never)]
    fn sweep_crowded_cell(
        &self,
        cell: u32,
        cx: u32,
        cy: u32,
        items: &mut Vec<Item>,
        stats: &mut Stats,
        out: &mut PairSink<'_>,
    ) {
        self.cell_items(cell, cx, cy, items, stats);
        let wanted = |a: &Item, b: &Item| (a.corner_bits | b.corner_bits == 3).then_some((a.proxy, b.proxy));
        stats.candidate_tests += sweep(items, |item| item.aabb, wanted, out);
    }

    /// Copies cell `(cx, cy)`'s objects into `items` (cleared first), so
    /// the tests read memory in order.
    #[inline(always)]
    fn cell_items(&self, cell: u32, cx: u32, cy: u32, items: &mut Vec<Item>, stats: &mut Stats) {
        stats.nodes_visited += 1;
        items.clear();
        let mut entry = self.cells[cell as usize].head;
        while entry != NULL_INDEX {
            let e = &self.entries[entry as usize];
            let p = &self.proxies[e.proxy as usize];
            items.push(Item { aabb: p.aabb, proxy: e.proxy, corner_bits: corner_bits(p.range, cx, cy) });
            entry = e.next;
        }
    }

    /// The cells the area reaches (each hit reported in its corner cell),
    /// then every oversize proxy.
    pub(super) fn query(&mut self, area: Aabb, out: &mut Vec<u32>) -> Stats {
        let area = &area;
        let mut stats = Stats::default();
        let range = self.geometry.range_of(area);
        self.search(area, range, &mut stats, |hit| out.push(hit));
        for &proxy in &self.oversize {
            stats.candidate_tests += 1;
            if self.proxies[proxy as usize].aabb.overlaps(area) {
                out.push(proxy);
            }
        }
        stats
    }

    /// Calls `hit` once for every proxy listed in cells that overlaps
    /// `probe`, whose reached cells are `range`. Only the non-empty cells of
    /// each row are visited, found in the occupancy bitmap, so a probe
    /// bigger than the world costs a bitmap scan, not a walk of every cell.
    fn search(&self, probe: &Aabb, range: CellRange, stats: &mut Stats, mut hit: impl FnMut(u32)) {
        for y in range.row_start..range.row_end {
            let row = self.geometry.index(0, y);
            self.occupied.for_each_in(row + range.col_start, row + range.col_end - 1, |cell| {
                stats.nodes_visited += 1;
                let x = cell - row;
                let mut entry = self.cells[cell as usize].head;
                while entry != NULL_INDEX {
                    let e = &self.entries[entry as usize];
                    let p = &self.proxies[e.proxy as usize];
                    stats.candidate_tests += 1;
                    if p.range.col_start.max(range.col_start) == x
                        && p.range.row_start.max(range.row_start) == y
                        && p.aabb.overlaps(probe)
                    {
                        hit(e.proxy);
                    }
                    entry = e.next;
                }
            });
        }
    }
}
