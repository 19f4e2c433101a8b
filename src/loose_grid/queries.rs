//! All-pairs over five cells per cell, and box queries. Every object in a
//! cell is listed nowhere else, so nothing needs de-duplicating.

use super::storage::{LooseGrid, Slot, FORWARD, NULL};
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::grid::sweep_pairs;

impl LooseGrid {
    /// For each occupied cell: its objects against each other and against
    /// the objects of its four forward neighbours; then each oversize proxy
    /// searches the cells around those it reaches; then the oversize proxies
    /// meet each other in a sort-and-sweep.
    pub(super) fn pairs_all(&mut self, out: &mut Vec<(u32, u32)>) -> Stats {
        if self.needs_compaction() {
            self.compact_slots();
        }
        self.refresh_slots();
        let mut stats = Stats::default();
        let mut own = std::mem::take(&mut self.own);
        self.occupied.for_each(self.geometry.cols, |cell, x, y| {
            self.pairs_from_cell(cell, x, y, &mut own, &mut stats, out);
        });
        self.own = own;

        let mut items = std::mem::take(&mut self.oversize_items);
        items.clear();
        for &slot in &self.oversize {
            let Slot { aabb, proxy, .. } = self.slots[slot as usize];
            self.search(&aabb, &mut stats, |hit| out.push((proxy, hit)));
            items.push((proxy, aabb));
        }
        stats.candidate_tests += sweep_pairs(&mut items, out);
        self.oversize_items = items;
        stats
    }

    /// The cell's objects against each other and against the objects of its
    /// four forward neighbours.
    #[inline]
    fn pairs_from_cell(
        &self,
        cell: u32,
        x: u32,
        y: u32,
        own: &mut Vec<(u32, Aabb)>,
        stats: &mut Stats,
        out: &mut Vec<(u32, u32)>,
    ) {
        stats.nodes_visited += 1;
        self.gather(self.cells[cell as usize].head, own);
        let k = own.len() as u64;
        stats.candidate_tests += k * (k - 1) / 2;
        for (i, &(a, aabb_a)) in own.iter().enumerate() {
            for &(b, aabb_b) in &own[i + 1..] {
                if aabb_a.overlaps(&aabb_b) {
                    out.push((a, b));
                }
            }
        }
        for &(dx, dy) in &FORWARD {
            let Some(neighbour) = self.neighbour(x, y, dx, dy) else { continue };
            stats.nodes_visited += 1;
            let mut slot = self.cells[neighbour as usize].head;
            while slot != NULL {
                let s = &self.slots[slot as usize];
                stats.candidate_tests += k;
                for &(a, aabb_a) in own.iter() {
                    if aabb_a.overlaps(&s.aabb) {
                        out.push((a, s.proxy));
                    }
                }
                slot = s.next;
            }
        }
    }

    /// The cells around those the area reaches, then every oversize proxy.
    pub(super) fn query_area(&mut self, area: &Aabb, out: &mut Vec<u32>) -> Stats {
        let mut stats = Stats::default();
        self.search(area, &mut stats, |hit| out.push(hit));
        for &slot in &self.oversize {
            let proxy = self.slots[slot as usize].proxy;
            stats.candidate_tests += 1;
            if self.refs[proxy as usize].aabb.overlaps(area) {
                out.push(proxy);
            }
        }
        stats
    }

    /// Calls `hit` for every proxy listed in a cell that overlaps `probe`.
    /// Such a proxy's centre lies within its own extent (under one cell) of
    /// the overlap's min corner, so its home is within one cell of the cells
    /// the probe reaches: those, grown by one, are searched (their non-empty
    /// cells, found in the occupancy bitmap).
    fn search(&self, probe: &Aabb, stats: &mut Stats, mut hit: impl FnMut(u32)) {
        let range = self.geometry.range_of(probe).grown_by_one(&self.geometry);
        for y in range.y0..=range.y1 {
            let row = self.geometry.index(0, y);
            self.occupied.for_each_in(row + range.x0, row + range.x1, |cell| {
                stats.nodes_visited += 1;
                let mut slot = self.cells[cell as usize].head;
                while slot != NULL {
                    let s = &self.slots[slot as usize];
                    stats.candidate_tests += 1;
                    if self.refs[s.proxy as usize].aabb.overlaps(probe) {
                        hit(s.proxy);
                    }
                    slot = s.next;
                }
            });
        }
    }

    /// Copies every box from its proxy's record into its slot, so `pairs`
    /// reads slots alone, in order. The reads are scattered but independent,
    /// and a loop this small keeps many of them in flight.
    fn refresh_slots(&mut self) {
        for s in &mut self.slots {
            if s.proxy != NULL {
                s.aabb = self.refs[s.proxy as usize].aabb;
            }
        }
    }

    /// Copies a cell's proxies with their boxes into `items`, so the inner
    /// loops read memory in order.
    fn gather(&self, head: u32, items: &mut Vec<(u32, Aabb)>) {
        items.clear();
        self.gather_more(head, items);
    }

    fn gather_more(&self, head: u32, items: &mut Vec<(u32, Aabb)>) {
        let mut slot = head;
        while slot != NULL {
            let s = &self.slots[slot as usize];
            items.push((s.proxy, s.aabb));
            slot = s.next;
        }
    }
}
