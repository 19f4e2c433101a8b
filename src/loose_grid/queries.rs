//! All-pairs over five cells per cell, and box queries. Every object in a
//! cell is listed nowhere else, so nothing needs de-duplicating. Both tell
//! a [`Tracer`] their steps (see `crate::trace`).

use super::storage::{LooseGrid, Proxy, FORWARD, OVERSIZE};
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::grid::CROWDED_CELL;
use crate::index::NULL_INDEX;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::sort_and_sweep::{sweep, sweep_pairs};
use crate::trace::{Step, TraceKind, TraceReason, Tracer, NONE};

impl LooseGrid {
    /// [`BroadPhase::pairs`](crate::BroadPhase::pairs), telling `t` each step: each occupied
    /// cell, row by row, its objects against each other and against those of
    /// its four forward neighbours (the empty ones passed over), each
    /// oversize object's search of the rows it reaches, the oversize
    /// objects' sweep.
    ///
    /// Searching row by row, while the row is in cache from the cell pass,
    /// instead of one oversize proxy after another (each touching a patch of
    /// rows scattered over memory) about halved `pairs` on the mixed scene at
    /// 100k objects; same results.
    pub fn pairs_traced<T: Tracer<Step>>(&mut self, out: &mut PairSink<'_>, t: &mut T) -> Stats {
        let mut stats = Stats::default();
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
        crate::small_sort::sort_by_key(&mut reach, |r| r.0.row_start);
        let mut active = std::mem::take(&mut self.active_oversize);
        active.clear();
        let mut own = std::mem::take(&mut self.own);
        let mut crowded = std::mem::take(&mut self.crowded_cells);
        let mut row_bits = std::mem::take(&mut self.row_bits);
        let mut found = KeepBuffer::new();
        let (cols, mut joining) = (self.geometry.cols, 0);
        for y in 0..self.geometry.rows {
            if out.is_full() {
                break;
            }
            let row = self.geometry.index(0, y);
            // A full sink is checked once a row: a cell of up to
            // CROWDED_CELL objects adds a bounded number of pairs, and a
            // crowded one checks as it sweeps.
            if t.on() {
                self.occupied.for_each_in(row, row + cols - 1, |cell| {
                    self.pairs_from_cell(cell, cell - row, y, &mut own, &mut stats, &mut found, out, t);
                });
            } else {
                // The same pairs and counters, by direction (`row_walk.rs`).
                self.pairs_in_row(
                    y,
                    y == 0,
                    &mut row_bits,
                    &mut own,
                    &mut crowded,
                    &mut stats,
                    &mut found,
                    out,
                );
            }
            found.flush(out);
            while joining < reach.len() && reach[joining].0.row_start <= y {
                active.push(joining as u32);
                joining += 1;
            }
            active.retain(|&i| reach[i as usize].0.row_end > y);
            for &i in &active {
                let (range, proxy, aabb) = reach[i as usize];
                let (first, last) = (row + range.col_start, row + range.col_end - 1);
                self.search_row(proxy, first, last, &aabb, &mut stats, |hit| out.push((proxy, hit)), t);
            }
        }
        self.own = own;
        self.crowded_cells = crowded;
        self.row_bits = row_bits;
        self.active_oversize = active;

        let mut items = std::mem::take(&mut self.oversize_items);
        items.clear();
        items.extend(reach.iter().map(|&(_, proxy, aabb)| (proxy, aabb)));
        stats.candidate_tests += sweep_pairs(&mut items, out, t);
        self.oversize_items = items;
        self.oversize_reach = reach;
        stats
    }

    /// The cell's objects against each other and against the objects of its
    /// four forward neighbours, told to the tracer step by step: the traced
    /// walk (untraced calls walk a row by direction, `row_walk.rs`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn pairs_from_cell<T: Tracer<Step>>(
        &self,
        cell: u32,
        x: u32,
        y: u32,
        own: &mut Vec<(u32, Aabb)>,
        stats: &mut Stats,
        found: &mut KeepBuffer<(u32, u32)>,
        out: &mut PairSink<'_>,
        t: &mut T,
    ) {
        stats.nodes_visited += 1;
        let neighbours = self.forward_neighbours(cell, x, y);
        t.note(|| self.cell_step(TraceKind::Cell, x, y));
        t.note(|| self.cell_step(TraceKind::Scan, x, y).because(TraceReason::OwnCell));
        let head = self.heads[cell as usize];
        let first = &self.proxies[head as usize];
        if first.next == NULL_INDEX {
            // One object, the common case (about one object per occupied
            // cell at the suggested size): no copy, no pairs within the cell.
            let aabb_a = first.aabb;
            if t.on() {
                self.note_unscanned_neighbours(x, y, t);
            }
            neighbours.for_each(|neighbour| {
                stats.nodes_visited += 1;
                t.note(|| self.scan_step(x, y, neighbour));
                for (b, p) in self.listed(neighbour) {
                    stats.candidate_tests += 1;
                    let hit = aabb_a.overlaps_without_branches(&p.aabb);
                    found.offer((head, b), hit, out);
                    t.note(|| candidate_step(head, b, &p.aabb, hit));
                }
            });
            return;
        }
        self.copy_listed(cell, own);
        if own.len() > CROWDED_CELL {
            found.flush(out);
            self.sweep_crowded_cell(x, y, neighbours, own, stats, out, t);
            return;
        }
        let k = own.len() as u64;
        stats.candidate_tests += k * (k - 1) / 2;
        for (i, &(a, aabb_a)) in own.iter().enumerate() {
            for &(b, aabb_b) in &own[i + 1..] {
                let hit = aabb_a.overlaps_without_branches(&aabb_b);
                found.offer((a, b), hit, out);
                t.note(|| candidate_step(a, b, &aabb_b, hit));
            }
        }
        if t.on() {
            self.note_unscanned_neighbours(x, y, t);
        }
        neighbours.for_each(|neighbour| {
            stats.nodes_visited += 1;
            t.note(|| self.scan_step(x, y, neighbour));
            for (b, &Proxy { aabb: aabb_b, .. }) in self.listed(neighbour) {
                stats.candidate_tests += k;
                for &(a, aabb_a) in own.iter() {
                    let hit = aabb_a.overlaps_without_branches(&aabb_b);
                    found.offer((a, b), hit, out);
                    t.note(|| candidate_step(a, b, &aabb_b, hit));
                }
            }
        });
    }

    /// Cell `cell`'s objects copied into `own`, so the inner loops over
    /// them read memory in order.
    pub(super) fn copy_listed(&self, cell: u32, own: &mut Vec<(u32, Aabb)>) {
        own.clear();
        for (proxy, p) in self.listed(cell) {
            own.push((proxy, p.aabb));
        }
    }

    /// Cell `(x, y)`: its bounds and how many objects it lists.
    fn cell_step(&self, kind: TraceKind, x: u32, y: u32) -> Step {
        let count = self.listed(self.geometry.index(x, y)).count() as u32;
        Step::new(kind).cell(x, y).at(self.geometry.cell_bounds(x, y)).count(count)
    }

    /// Cell `neighbour`, scanned from cell `(x, y)`: which neighbour it is.
    fn scan_step(&self, x: u32, y: u32, neighbour: u32) -> Step {
        let (nx, ny) = self.geometry.coords(neighbour);
        let step = self.cell_step(TraceKind::Scan, nx, ny);
        step.because(forward_reason(nx as i64 - x as i64, ny as i64 - y as i64))
    }

    /// The forward neighbours of cell `(x, y)` that `pairs` does not scan:
    /// empty (in the occupancy bitmap `forward_neighbours` reads) or off
    /// the grid. The reason says which neighbour; an off-grid one has no cell.
    fn note_unscanned_neighbours<T: Tracer<Step>>(&self, x: u32, y: u32, t: &mut T) {
        for &(dx, dy) in &FORWARD {
            match self.neighbour(x, y, dx, dy) {
                None => t.note(|| Step::new(TraceKind::Skip).because(forward_reason(dx.into(), dy.into()))),
                Some(cell) if !self.occupied.contains(cell) => {
                    t.note(|| self.scan_step(x, y, cell).with_kind(TraceKind::Skip));
                }
                Some(_) => {}
            }
        }
    }

    /// A crowded cell's pairs (more objects than [`CROWDED_CELL`], as when
    /// the cell size is far larger than the objects): its objects and its
    /// forward neighbours' in one sort and sweep, keeping the pairs with
    /// an object of this cell (two neighbours' objects meet in their own
    /// cells). `own` holds this cell's objects; it is reused as scratch.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    #[inline(never)]
    pub(super) fn sweep_crowded_cell<T: Tracer<Step>>(
        &self,
        x: u32,
        y: u32,
        neighbours: OccupiedNeighbours,
        own: &mut Vec<(u32, Aabb)>,
        stats: &mut Stats,
        out: &mut PairSink<'_>,
        t: &mut T,
    ) {
        // The proxy's top bit marks a neighbour's object: proxies are
        // slots, far below 2³¹ (a World holds at most a few million).
        const NEIGHBOUR: u32 = 1 << 31;
        if t.on() {
            self.note_unscanned_neighbours(x, y, t);
        }
        neighbours.for_each(|neighbour| {
            stats.nodes_visited += 1;
            t.note(|| self.scan_step(x, y, neighbour));
            for (b, p) in self.listed(neighbour) {
                own.push((b | NEIGHBOUR, p.aabb));
            }
        });
        let wanted = |a: &(u32, Aabb), b: &(u32, Aabb)| {
            (a.0 & b.0 & NEIGHBOUR == 0).then_some((a.0 & !NEIGHBOUR, b.0 & !NEIGHBOUR))
        };
        stats.candidate_tests += sweep(
            own,
            |item| item.1,
            wanted,
            out,
            |&(a, _), &(b, aabb_b), hit| {
                if a & b & NEIGHBOUR == 0 {
                    t.note(|| candidate_step(a & !NEIGHBOUR, b & !NEIGHBOUR, &aabb_b, hit));
                }
            },
        );
    }

    /// The occupied ones among the four forward neighbours of cell `(x, y)`
    /// (flat index `cell`), read from the occupancy bitmap as one mask —
    /// east, then the three below — instead of four list heads tested in
    /// turn, each test a branch the processor cannot predict (a cell at
    /// the suggested size is empty about two times in three).
    #[inline]
    pub(super) fn forward_neighbours(&self, cell: u32, x: u32, y: u32) -> OccupiedNeighbours {
        let (cols, rows) = (self.geometry.cols, self.geometry.rows);
        let east = x + 1 < cols && self.occupied.contains(cell + 1);
        let (x0, x1) = (x.saturating_sub(1), (x + 1).min(cols - 1));
        let below_first = cell + cols - (x - x0);
        let below = if y + 1 < rows { self.occupied.window(below_first, x1 - x0 + 1) } else { 0 };
        // East is bit 0, cell `below_first + k` bit `k + 1`.
        OccupiedNeighbours { east: cell + 1, below_first, mask: below << 1 | u64::from(east) }
    }

    /// [`BroadPhase::query`](crate::BroadPhase::query), telling `t` each step: the cells
    /// searched (those the box reaches, grown by one), each candidate, the
    /// oversize list.
    pub fn query_traced<T: Tracer<Step>>(&mut self, area: Aabb, out: &mut Vec<u32>, t: &mut T) -> Stats {
        let area = &area;
        let mut stats = Stats::default();
        self.search(area, &mut stats, |hit| out.push(hit), t);
        t.note(|| Step::new(TraceKind::OutsideList).count(self.oversize.len() as u32));
        for &proxy in &self.oversize {
            stats.candidate_tests += 1;
            let aabb = &self.proxies[proxy as usize].aabb;
            let hit = aabb.overlaps(area);
            if hit {
                out.push(proxy);
            }
            t.note(|| candidate_step(NONE, proxy, aabb, hit));
        }
        stats
    }

    /// The proxies overlapping a present proxy's box. One listed in a cell
    /// has a partner listed in a cell only within one cell of its own (two
    /// boxes under a cell wide overlap only if their centres are under a
    /// cell apart, and clamping centres into the border cells only brings
    /// them closer): 3 × 3 cells, where a query of its box searches the
    /// cells the box reaches grown by one, up to 4 × 4. Then the oversize
    /// list, as for any query.
    pub(super) fn query_partners(&mut self, proxy: u32, out: &mut Vec<u32>) -> Stats {
        let Proxy { aabb, home, .. } = self.proxies[proxy as usize];
        if home == OVERSIZE {
            return self.query_traced(aabb, out, &mut crate::trace::NoTrace);
        }
        let mut stats = Stats::default();
        let (x, y) = self.geometry.coords(home);
        let (cols, rows) = (self.geometry.cols, self.geometry.rows);
        let (x0, x1) = (x.saturating_sub(1), (x + 1).min(cols - 1));
        // Nine cells at most, the occupied ones of each row of three taken
        // from the occupancy bitmap as one mask: most cells are empty, and
        // testing each list head for that is a branch the processor cannot
        // predict.
        let mut found = KeepBuffer::new();
        for row in y.saturating_sub(1)..=(y + 1).min(rows - 1) {
            let first = self.geometry.index(x0, row);
            let mut occupied = self.occupied.window(first, x1 - x0 + 1);
            while occupied != 0 {
                let cell = first + occupied.trailing_zeros();
                occupied &= occupied - 1;
                stats.nodes_visited += 1;
                for (other, p) in self.listed(cell) {
                    stats.candidate_tests += 1;
                    found.offer(other, p.aabb.overlaps_without_branches(&aabb), out);
                }
            }
        }
        found.flush(out);
        for &other in &self.oversize {
            stats.candidate_tests += 1;
            if self.proxies[other as usize].aabb.overlaps(&aabb) {
                out.push(other);
            }
        }
        stats
    }

    /// Calls `hit` for every proxy listed in a cell that overlaps `probe`.
    /// Such a proxy's centre lies within its own extent (under one cell) of
    /// the overlap's min corner, so its home is within one cell of the cells
    /// the probe reaches: those, grown by one, are searched (their non-empty
    /// cells, found in the occupancy bitmap).
    fn search<T: Tracer<Step>>(&self, probe: &Aabb, stats: &mut Stats, mut hit: impl FnMut(u32), t: &mut T) {
        let range = self.geometry.range_of(probe).grown_by_one(self.geometry.cols, self.geometry.rows);
        for y in range.row_start..range.row_end {
            let row = self.geometry.index(0, y);
            self.search_row(NONE, row + range.col_start, row + range.col_end - 1, probe, stats, &mut hit, t);
        }
    }

    /// Calls `hit` for every proxy listed in an occupied cell of
    /// `first..=last` (one row) that overlaps `probe`. `searcher` is the
    /// oversize proxy searching, for the trace (`NONE` for a query).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn search_row<T: Tracer<Step>>(
        &self,
        searcher: u32,
        first: u32,
        last: u32,
        probe: &Aabb,
        stats: &mut Stats,
        mut hit: impl FnMut(u32),
        t: &mut T,
    ) {
        self.occupied.for_each_in(first, last, |cell| {
            stats.nodes_visited += 1;
            t.note(|| {
                let (x, y) = self.geometry.coords(cell);
                let reason =
                    if searcher == NONE { TraceReason::QueryRange } else { TraceReason::OversizeSearch };
                self.cell_step(TraceKind::Cell, x, y).because(reason).of(searcher)
            });
            for (proxy, p) in self.listed(cell) {
                stats.candidate_tests += 1;
                let found = p.aabb.overlaps(probe);
                if found {
                    hit(proxy);
                }
                t.note(|| candidate_step(searcher, proxy, &p.aabb, found));
            }
        });
    }
}

/// The occupied forward neighbours of a cell: bit 0 of `mask` the east
/// one (cell `east`), bit `k + 1` cell `below_first + k`. One loop over
/// one mask, so the east neighbour costs no branch of its own.
pub(super) struct OccupiedNeighbours {
    east: u32,
    below_first: u32,
    mask: u64,
}

impl OccupiedNeighbours {
    #[inline]
    fn for_each(&self, mut visit: impl FnMut(u32)) {
        let mut bits = self.mask;
        while bits != 0 {
            let k = bits.trailing_zeros();
            // Bit 0 is east; `k >= 1` is `below_first + k - 1`, chosen
            // without a branch.
            let below = self.below_first.wrapping_add(k).wrapping_sub(1);
            visit(if k == 0 { self.east } else { below });
            bits &= bits - 1;
        }
    }
}

/// A candidate `b` (its box `aabb_b`) tested against `a`.
fn candidate_step(a: u32, b: u32, aabb_b: &Aabb, hit: bool) -> Step {
    let step = Step::new(TraceKind::Candidate).of(a).with(b).at(*aabb_b);
    step.because(if hit { TraceReason::Overlaps } else { TraceReason::Misses })
}

/// Which forward neighbour lies at `(dx, dy)` from a cell (see [`FORWARD`]).
fn forward_reason(dx: i64, dy: i64) -> TraceReason {
    match (dx, dy) {
        (1, 0) => TraceReason::East,
        (-1, 1) => TraceReason::SouthWest,
        (0, 1) => TraceReason::South,
        (1, 1) => TraceReason::SouthEast,
        _ => TraceReason::OwnCell,
    }
}
