//! All-pairs and box queries. A pair (or a query hit) is reported only in the
//! cell holding the min corner of the overlap, which is the cell
//! `(max(x0_a, x0_b), max(y0_a, y0_b))` of the two first columns and rows
//! (cells are monotone in the coordinate, see `cells.rs`): an integer test,
//! no hash set. Each tells a [`Tracer`] its steps (see `crate::trace`).

use super::storage::{corner_bits, Grid, Item};
use super::CROWDED_CELL;
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::geometry::CellRange;
use crate::index::NULL_INDEX;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::sort_and_sweep::{sweep, sweep_pairs};
use crate::trace::{Step, TraceKind, TraceReason, Tracer, NONE};

impl Grid {
    /// [`BroadPhase::pairs`](crate::BroadPhase::pairs), telling `t` each step: each cell
    /// listing two objects or more and each pair in it (tested only in the
    /// pair's overlap-corner cell), each oversize object's search, the
    /// oversize objects' sweep.
    pub fn pairs_traced<T: Tracer<Step>>(&mut self, out: &mut PairSink<'_>, t: &mut T) -> Stats {
        if self.needs_compaction() {
            self.compact_entries();
        }
        let mut stats = Stats::default();
        let mut items = std::mem::take(&mut self.items);
        let mut found = KeepBuffer::new();
        // No check for a full sink per cell: a cell of up to CROWDED_CELL
        // objects adds a bounded number of pairs, and a crowded one
        // checks as it sweeps.
        self.multi.for_each(self.geometry.cols, |cell, x, y| {
            if self.cells[cell as usize].count as usize > CROWDED_CELL {
                found.flush(out);
                self.sweep_crowded_cell(cell, x, y, &mut items, &mut stats, out, t);
            } else {
                self.pairs_in_cell(cell, x, y, &mut items, &mut stats, &mut found, out, t);
            }
        });
        found.flush(out);
        self.items = items;

        let mut oversize_items = std::mem::take(&mut self.oversize_items);
        oversize_items.clear();
        for &proxy in &self.oversize {
            if out.is_full() {
                break;
            }
            let p = self.proxies[proxy as usize];
            self.search(proxy, &p.aabb, p.range, &mut stats, |hit| out.push((proxy, hit)), t);
            oversize_items.push((proxy, p.aabb));
        }
        stats.candidate_tests += sweep_pairs(&mut oversize_items, out, t);
        self.oversize_items = oversize_items;
        stats
    }

    /// The pairs of cell `(cx, cy)` whose overlap's min corner lies in it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn pairs_in_cell<T: Tracer<Step>>(
        &self,
        cell: u32,
        cx: u32,
        cy: u32,
        items: &mut Vec<Item>,
        stats: &mut Stats,
        found: &mut KeepBuffer<(u32, u32)>,
        out: &mut PairSink<'_>,
        t: &mut T,
    ) {
        self.cell_items(cell, cx, cy, items, stats);
        t.note(|| self.cell_step(TraceKind::Cell, NONE, cx, cy).because(TraceReason::SharedCell));
        let k = items.len() as u64;
        stats.candidate_tests += k * (k - 1) / 2;
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                // Both answers without a branch (see `KeepBuffer`): which
                // cell holds the overlap's corner and whether the boxes
                // overlap are as irregular as each other.
                let corner = a.corner_bits | b.corner_bits == 3;
                let hit = corner & a.aabb.overlaps_without_branches(&b.aabb);
                found.offer((a.proxy, b.proxy), hit, out);
                t.note(|| self.candidate_step(a.proxy, b.proxy, &a.aabb, &b.aabb, corner, hit));
            }
        }
    }

    /// A pair met in a cell: tested there when the cell holds the min corner
    /// of their overlap (`corner`), else passed over, naming that cell.
    fn candidate_step(&self, a: u32, b: u32, box_a: &Aabb, box_b: &Aabb, corner: bool, hit: bool) -> Step {
        let step = Step::new(TraceKind::Candidate).of(a).with(b).at(*box_b);
        if corner {
            step.because(if hit { TraceReason::Overlaps } else { TraceReason::Misses })
        } else {
            // Columns are monotone: the cell of the larger min is the
            // larger of the two first cells (see `cells.rs`).
            let col = self.geometry.col_of(if box_a.min_x > box_b.min_x { box_a.min_x } else { box_b.min_x });
            let row = self.geometry.row_of(if box_a.min_y > box_b.min_y { box_a.min_y } else { box_b.min_y });
            step.because(TraceReason::NotCornerCell).cell(col, row)
        }
    }

    /// A crowded cell's pairs (more objects than [`CROWDED_CELL`], as when
    /// the cell size is far larger than the objects), by sort and sweep.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    #[inline(never)]
    pub(super) fn sweep_crowded_cell<T: Tracer<Step>>(
        &self,
        cell: u32,
        cx: u32,
        cy: u32,
        items: &mut Vec<Item>,
        stats: &mut Stats,
        out: &mut PairSink<'_>,
        t: &mut T,
    ) {
        self.cell_items(cell, cx, cy, items, stats);
        t.note(|| self.cell_step(TraceKind::Cell, NONE, cx, cy).because(TraceReason::SharedCell));
        let wanted = |a: &Item, b: &Item| (a.corner_bits | b.corner_bits == 3).then_some((a.proxy, b.proxy));
        stats.candidate_tests += sweep(
            items,
            |item| item.aabb,
            wanted,
            out,
            |a, b, hit| {
                let corner = a.corner_bits | b.corner_bits == 3;
                t.note(|| self.candidate_step(a.proxy, b.proxy, &a.aabb, &b.aabb, corner, corner && hit));
            },
        );
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

    /// [`BroadPhase::query`](crate::BroadPhase::query), telling `t` each step: the cells
    /// searched, each candidate (tested only in its overlap-corner cell), the
    /// oversize list.
    pub fn query_traced<T: Tracer<Step>>(&mut self, area: Aabb, out: &mut Vec<u32>, t: &mut T) -> Stats {
        let area = &area;
        let mut stats = Stats::default();
        let range = self.geometry.range_of(area);
        self.search(NONE, area, range, &mut stats, |hit| out.push(hit), t);
        t.note(|| Step::new(TraceKind::OutsideList).count(self.oversize.len() as u32));
        for &proxy in &self.oversize {
            stats.candidate_tests += 1;
            let aabb = &self.proxies[proxy as usize].aabb;
            let hit = aabb.overlaps(area);
            if hit {
                out.push(proxy);
            }
            t.note(|| {
                let step = Step::new(TraceKind::Candidate).with(proxy).at(*aabb);
                step.because(if hit { TraceReason::Overlaps } else { TraceReason::Misses })
            });
        }
        stats
    }

    /// Calls `hit` once for every proxy listed in cells that overlaps
    /// `probe`, whose reached cells are `range`. Only the non-empty cells of
    /// each row are visited, found in the occupancy bitmap, so a probe
    /// bigger than the world costs a bitmap scan, not a walk of every cell.
    /// `searcher` is the oversize proxy searching, for the trace (`NONE`
    /// for a query).
    pub(super) fn search<T: Tracer<Step>>(
        &self,
        searcher: u32,
        probe: &Aabb,
        range: CellRange,
        stats: &mut Stats,
        mut hit: impl FnMut(u32),
        t: &mut T,
    ) {
        for y in range.row_start..range.row_end {
            let row = self.geometry.index(0, y);
            self.occupied.for_each_in(row + range.col_start, row + range.col_end - 1, |cell| {
                stats.nodes_visited += 1;
                let x = cell - row;
                t.note(|| {
                    let reason =
                        if searcher == NONE { TraceReason::QueryRange } else { TraceReason::OversizeSearch };
                    self.cell_step(TraceKind::Cell, searcher, x, y).because(reason)
                });
                let mut entry = self.cells[cell as usize].head;
                while entry != NULL_INDEX {
                    let e = &self.entries[entry as usize];
                    let p = &self.proxies[e.proxy as usize];
                    stats.candidate_tests += 1;
                    let corner = p.range.col_start.max(range.col_start) == x
                        && p.range.row_start.max(range.row_start) == y;
                    let found = corner && p.aabb.overlaps(probe);
                    if found {
                        hit(e.proxy);
                    }
                    t.note(|| self.candidate_step(searcher, e.proxy, probe, &p.aabb, corner, found));
                    entry = e.next;
                }
            });
        }
    }
}
