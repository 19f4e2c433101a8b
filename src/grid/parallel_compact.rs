//! The entry compaction (`compact.rs`) on the `parallel` feature's pool:
//! the rows are cut into bands, each band counts the entries of its cells,
//! one prefix sum gives each band its range of the new array, and each
//! band then copies its cells' lists into its own range, in the serial
//! pass's order (row-major cells, list order within a cell), so the new
//! array is the serial pass's entry for entry. The old-to-new index of
//! each entry is written by the band that moves it (each entry is in one
//! cell, so one band), and the links are then renamed in slices.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::storage::{Cell, Entry, Grid, OVERSIZE};
use crate::index::NULL_INDEX;
use crate::parallel::{band_count, band_rows};

/// What each band reads, shared by them all.
struct Shared<'a> {
    grid_entries: &'a [Entry],
    occupied: &'a crate::bit_set::BitSet,
    remap: &'a [AtomicU32],
    /// Each band's first row, and one past the last band's last row.
    first_row: &'a [u32],
    /// Each band's first new entry, and one past the last band's last.
    first_entry: &'a [u32],
    cols: u32,
}

impl Grid {
    /// [`compact_entries`](Grid::compact_entries) with the rows in bands on
    /// the pool: the same new array, links and cell heads.
    pub(super) fn compact_entries_parallel(&mut self) {
        let (cols, rows) = (self.geometry.cols, self.geometry.rows);
        let bands = band_count(rows);
        let mut scratch = std::mem::take(&mut self.compact_bands);
        let (first_row, first_entry) = (&mut scratch.first_row, &mut scratch.first_entry);
        first_row.clear();
        first_row.extend((0..bands).map(|b| band_rows(b, bands, rows).0));
        first_row.push(rows);
        first_entry.clear();
        first_entry.resize(bands + 1, 0);
        let (occupied, cells) = (&self.occupied, &self.cells);
        first_entry[..bands].par_iter_mut().enumerate().for_each(|(b, n)| {
            let (start, end) = (first_row[b] * cols, first_row[b + 1] * cols);
            let mut count = 0;
            if end > start {
                occupied.for_each_in(start, end - 1, |cell| count += cells[cell as usize].count);
            }
            *n = count;
        });
        // Into each band's first entry.
        let mut total = 0;
        for n in first_entry.iter_mut() {
            let count = *n;
            *n = total;
            total += count;
        }
        if self.remap_shared.len() < self.entries.len() {
            self.remap_shared.resize_with(self.entries.len(), || AtomicU32::new(NULL_INDEX));
        }
        let mut fresh = std::mem::take(&mut self.spare_entries);
        fresh.clear();
        let blank = Entry {
            proxy: NULL_INDEX,
            cell: NULL_INDEX,
            prev: NULL_INDEX,
            next: NULL_INDEX,
            next_of_proxy: NULL_INDEX,
        };
        fresh.par_extend(rayon::iter::repeat_n(blank, total as usize));
        let shared = Shared {
            grid_entries: &self.entries,
            occupied: &self.occupied,
            remap: &self.remap_shared,
            first_row,
            first_entry,
            cols,
        };
        copy_bands(&shared, 0..bands, &mut fresh, &mut self.cells);
        let remap = &self.remap_shared;
        let renamed = |link: &mut u32| *link = remap[*link as usize].load(Ordering::Relaxed);
        fresh.par_iter_mut().for_each(|e| {
            if e.next_of_proxy != NULL_INDEX {
                renamed(&mut e.next_of_proxy);
            }
        });
        self.first_entry.par_iter_mut().for_each(|first| {
            if *first != NULL_INDEX && *first != OVERSIZE {
                renamed(first);
            }
        });
        self.spare_entries = std::mem::replace(&mut self.entries, fresh);
        self.compact_bands = scratch;
        self.free_entry = NULL_INDEX;
        self.links_since_compaction = 0;
    }
}

/// Copies the lists of bands `bands` into `fresh` (their new entries) and
/// points their cells (`cells`, from the first band's first cell on) at
/// them: halves on two threads until one band is left.
fn copy_bands(s: &Shared<'_>, bands: std::ops::Range<usize>, fresh: &mut [Entry], cells: &mut [Cell]) {
    if bands.len() > 1 {
        let mid = bands.start + bands.len() / 2;
        let entries_left = (s.first_entry[mid] - s.first_entry[bands.start]) as usize;
        let cells_left = ((s.first_row[mid] - s.first_row[bands.start]) * s.cols) as usize;
        let (fresh_left, fresh_right) = fresh.split_at_mut(entries_left);
        let (cells_left, cells_right) = cells.split_at_mut(cells_left);
        rayon::join(
            || copy_bands(s, bands.start..mid, fresh_left, cells_left),
            || copy_bands(s, mid..bands.end, fresh_right, cells_right),
        );
        return;
    }
    let b = bands.start;
    let (first_cell, end_cell) = (s.first_row[b] * s.cols, s.first_row[b + 1] * s.cols);
    let base = s.first_entry[b];
    if end_cell == first_cell {
        return;
    }
    let mut next = 0u32; // this band's entries so far
    s.occupied.for_each_in(first_cell, end_cell - 1, |cell| {
        let mut entry = cells[(cell - first_cell) as usize].head;
        cells[(cell - first_cell) as usize].head = base + next;
        let mut prev = NULL_INDEX;
        while entry != NULL_INDEX {
            let e = s.grid_entries[entry as usize];
            let index = base + next;
            s.remap[entry as usize].store(index, Ordering::Relaxed);
            if prev != NULL_INDEX {
                fresh[(prev - base) as usize].next = index;
            }
            fresh[next as usize] = Entry { prev, next: NULL_INDEX, ..e };
            prev = index;
            next += 1;
            entry = e.next;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::Grid;
    use crate::broad_phase::BroadPhase;
    use crate::geometry::Aabb;
    use crate::scene::Rng;

    /// Each entry's fields, each cell's head and count, each proxy's first
    /// entry.
    type Written = (Vec<[u32; 5]>, Vec<(u32, u32)>, Vec<u32>);

    /// Everything the compaction writes.
    fn written(grid: &Grid) -> Written {
        let entries =
            grid.entries.iter().map(|e| [e.proxy, e.cell, e.prev, e.next, e.next_of_proxy]).collect();
        let cells = grid.cells.iter().map(|c| (c.head, c.count)).collect();
        (entries, cells, grid.first_entry.clone())
    }

    /// The same grid, moved about alike (boxes over several cells, some too
    /// big to list, entries freed and reused all over), compacted by the
    /// serial pass and by the bands on a pool of four: the same arrays,
    /// entry for entry; valid after.
    #[test]
    fn the_bands_compact_as_the_serial_pass_does() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
        let world = Aabb::from_xywh(0.0, 0.0, 1000.0, 700.0);
        for seed in 1..=4u64 {
            let make = || {
                let mut rng = Rng::new(seed);
                let mut grid = Grid::new(world, 10.0);
                let place = |rng: &mut Rng| {
                    let (x, y) = (rng.next_f64() * 990.0, rng.next_f64() * 690.0);
                    let side = if rng.next_f64() < 0.01 { 150.0 } else { 1.0 + rng.next_f64() * 25.0 };
                    Aabb::from_xywh(x, y, side, side)
                };
                for proxy in 0..3000 {
                    grid.insert(proxy, place(&mut rng));
                }
                for round in 0..4000u32 {
                    let proxy = round * 7919 % 3000;
                    grid.update(proxy, place(&mut rng));
                }
                grid
            };
            let (mut serial, mut parallel) = (make(), make());
            assert_eq!(written(&serial), written(&parallel), "seed {seed}: built alike");
            serial.compact_entries();
            pool.install(|| parallel.compact_entries_parallel());
            assert!(written(&serial) == written(&parallel), "seed {seed}: compacted alike");
            parallel.validate().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
}
