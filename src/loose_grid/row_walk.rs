//! The untraced all-pairs walk of one row of cells, by direction: first
//! each occupied cell's own pairs, then, for each forward direction (east,
//! south-west, south, south-east), every occupied cell whose neighbour that
//! way is occupied too, found as the bits of two occupancy masks ANDed.
//! The same pairs and counters as the walk cell by cell (`pairs_from_cell`),
//! in another order within the row.
//!
//! Why: walking cell by cell, each occupied cell loops over its occupied
//! neighbours, a loop of zero to four turns whose end the processor cannot
//! predict (each neighbour is occupied about one time in three). Here a
//! loop runs over the set bits of a 64-cell word per direction, so its end
//! comes once a word, not once a cell.

use super::row_bits::RowBits;
use super::storage::LooseGrid;
use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::grid::CROWDED_CELL;
use crate::index::NULL_INDEX;
use crate::keep_buffer::KeepBuffer;
use crate::pair_sink::PairSink;
use crate::trace::NoTrace;

impl LooseGrid {
    /// Row `y`'s pairs, without a tracer: each occupied cell's objects
    /// against each other, then against those of its four forward
    /// neighbours. A crowded cell (more than [`CROWDED_CELL`] objects) is
    /// swept with its neighbours at once, as `pairs_from_cell` does, and
    /// listed in `crowded` so the directions pass it over. `bits` holds
    /// row `y`'s occupancy and lone-object masks ([`RowBits`]) on the way
    /// in (filled here for the walk's `first_row`) and row `y + 1`'s on the
    /// way out.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pairs_in_row(
        &self,
        y: u32,
        first_row: bool,
        bits: &mut RowBits,
        own: &mut Vec<(u32, Aabb)>,
        crowded: &mut Vec<u32>,
        stats: &mut Stats,
        found: &mut KeepBuffer<(u32, u32)>,
        out: &mut PairSink<'_>,
    ) {
        let (cols, rows) = (self.geometry.cols, self.geometry.rows);
        let chunks = cols.div_ceil(64) as usize;
        if first_row {
            bits.resize(chunks);
            self.fill_row_bits(y, &mut bits.next);
        }
        std::mem::swap(&mut bits.here, &mut bits.next);
        if y + 1 < rows {
            self.fill_row_bits(y + 1, &mut bits.next);
        } else {
            bits.next.fill((0, 0));
        }
        let row = self.geometry.index(0, y);
        crowded.clear();
        // Cells of two objects or more: their pairs within.
        for (k, &(occupied, lone)) in bits.here.iter().enumerate() {
            let start = row + 64 * k as u32;
            let mut many = occupied & !lone;
            while many != 0 {
                let cell = start + many.trailing_zeros();
                many &= many - 1;
                self.pairs_within_cell(cell, cell - row, y, own, crowded, stats, found, out);
            }
        }
        // The lone objects' cells were visited too, with nothing to test.
        let lone_cells: u32 = bits.here.iter().map(|&(o, l)| (o & l).count_ones()).sum();
        stats.nodes_visited += u64::from(lone_cells);
        let (mut visited, mut tested) = (0u32, 0u32);
        let (here, next) = (&bits.here, &bits.next);
        for k in 0..chunks {
            let start = row + 64 * k as u32;
            let (occupied, lone) = here[k];
            // Bit `i` of each: cell `start + i`'s neighbour that way is
            // occupied (lone); the words on either side give the bits at
            // the chunk's ends (zero past the row's ends).
            let after = |words: &[(u64, u64)]| words.get(k + 1).map_or((0, 0), |&(o, l)| (o & 1, l & 1));
            let before = |words: &[(u64, u64)]| {
                if k > 0 {
                    (words[k - 1].0 >> 63, words[k - 1].1 >> 63)
                } else {
                    (0, 0)
                }
            };
            let (east_after, south_after, south_before) = (after(here), after(next), before(next));
            let (south, south_lone) = next[k];
            let ways = [
                (1, occupied >> 1 | east_after.0 << 63, lone >> 1 | east_after.1 << 63),
                (cols - 1, south << 1 | south_before.0, south_lone << 1 | south_before.1),
                (cols, south, south_lone),
                (cols + 1, south >> 1 | south_after.0 << 63, south_lone >> 1 | south_after.1 << 63),
            ];
            let skip = if crowded.is_empty() { 0 } else { crowded_bits(crowded, start, 64) };
            for (offset, neighbour, neighbour_lone) in ways {
                let both = occupied & neighbour & !skip;
                // One object on each side, most of them: one test, no lists.
                let mut ones = both & lone & neighbour_lone;
                let mut rest = both & !ones;
                visited += both.count_ones();
                tested += ones.count_ones();
                while ones != 0 {
                    let cell = start + ones.trailing_zeros();
                    ones &= ones - 1;
                    let (a, b) = (self.heads[cell as usize], self.heads[(cell + offset) as usize]);
                    let hit = self.proxies[a as usize]
                        .aabb
                        .overlaps_without_branches(&self.proxies[b as usize].aabb);
                    found.offer((a, b), hit, out);
                }
                while rest != 0 {
                    let cell = start + rest.trailing_zeros();
                    rest &= rest - 1;
                    for (a, p) in self.listed(cell) {
                        for (b, q) in self.listed(cell + offset) {
                            tested += 1;
                            found.offer((a, b), p.aabb.overlaps_without_branches(&q.aabb), out);
                        }
                    }
                }
            }
        }
        stats.nodes_visited += u64::from(visited);
        stats.candidate_tests += u64::from(tested);
    }

    /// Row `y`'s occupancy and lone-object masks, 64 cells a word.
    fn fill_row_bits(&self, y: u32, words: &mut [(u64, u64)]) {
        let row = self.geometry.index(0, y);
        let cols = self.geometry.cols;
        for (k, word) in words.iter_mut().enumerate() {
            let start = row + 64 * k as u32;
            let occupied = self.occupied_bits(start, (cols - 64 * k as u32).min(64));
            let (mut rest, mut lone) = (occupied, 0u64);
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                let head = self.heads[(start + i) as usize];
                lone |= u64::from(self.proxies[head as usize].next == NULL_INDEX) << i;
            }
            *word = (occupied, lone);
        }
    }

    /// Cell `(x, y)`'s objects against each other (a crowded cell: also
    /// against its forward neighbours', in one sweep, and listed in
    /// `crowded`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn pairs_within_cell(
        &self,
        cell: u32,
        x: u32,
        y: u32,
        own: &mut Vec<(u32, Aabb)>,
        crowded: &mut Vec<u32>,
        stats: &mut Stats,
        found: &mut KeepBuffer<(u32, u32)>,
        out: &mut PairSink<'_>,
    ) {
        stats.nodes_visited += 1;
        let head = self.heads[cell as usize];
        let second = self.proxies[head as usize].next;
        let first = &self.proxies[head as usize];
        let record = &self.proxies[second as usize];
        if record.next == NULL_INDEX {
            stats.candidate_tests += 1;
            found.offer((head, second), first.aabb.overlaps_without_branches(&record.aabb), out);
            return;
        }
        self.copy_listed(cell, own);
        if own.len() > CROWDED_CELL {
            found.flush(out);
            crowded.push(cell);
            let neighbours = self.forward_neighbours(cell, x, y);
            self.sweep_crowded_cell(x, y, neighbours, own, stats, out, &mut NoTrace);
            return;
        }
        let k = own.len() as u64;
        stats.candidate_tests += k * (k - 1) / 2;
        for (i, &(a, aabb_a)) in own.iter().enumerate() {
            for &(b, aabb_b) in &own[i + 1..] {
                found.offer((a, b), aabb_a.overlaps_without_branches(&aabb_b), out);
            }
        }
    }

    /// The occupancy of cells `start..start + len` (`1 <= len <= 64`, all
    /// inside the grid), cell `start` in bit 0.
    #[inline]
    fn occupied_bits(&self, start: u32, len: u32) -> u64 {
        let low = self.occupied.window(start, len.min(32));
        if len > 32 {
            low | self.occupied.window(start + 32, len - 32) << 32
        } else {
            low
        }
    }
}

/// The cells of `crowded` within `start..start + len` as bits, cell `start`
/// in bit 0.
#[inline]
fn crowded_bits(crowded: &[u32], start: u32, len: u32) -> u64 {
    let mut bits = 0;
    for &cell in crowded {
        if (start..start + len).contains(&cell) {
            bits |= 1 << (cell - start);
        }
    }
    bits
}
