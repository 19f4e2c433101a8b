//! The `parallel` feature's shared pieces (native only): how many threads
//! the pool has, how a grid's rows are cut into bands, and the search of
//! every band on the pool, each into its own pair buffer, merged in band
//! order, so the pairs come out in the order one thread finds them.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::broad_phase::Stats;
use crate::geometry::Aabb;
use crate::pair_sink::{Overflow, PairSink};

/// Threads of the pool the caller runs in (rayon's global pool unless the
/// caller installed another): with one, every caller takes its serial path.
#[must_use]
pub(crate) fn threads() -> usize {
    rayon::current_num_threads()
}

/// Fewer objects than this are searched for pairs on the calling thread:
/// below it, handing bands to the pool costs about what it saves.
const PARALLEL_FROM: u32 = 1024;

/// Whether a structure of `objects` objects searches its pairs in bands:
/// on a pool of more than one thread, past [`PARALLEL_FROM`] objects.
#[must_use]
pub(crate) fn pays(objects: u32) -> bool {
    objects >= PARALLEL_FROM && threads() > 1
}

/// Bands a thread's share of the rows is cut into: more than one, so a band
/// of crowded rows does not hold the others up (an idle thread takes the
/// next band).
const BANDS_PER_THREAD: usize = 4;

/// How many bands `rows` rows are cut into on this pool: none empty.
#[must_use]
pub(crate) fn band_count(rows: u32) -> usize {
    (threads() * BANDS_PER_THREAD).min(rows as usize).max(1)
}

/// Rows `start..end` of band `band` of `bands` over `rows` rows: the bands
/// cover the rows in order, each once.
#[must_use]
pub(crate) fn band_rows(band: usize, bands: usize, rows: u32) -> (u32, u32) {
    let at = |b: usize| (u64::from(rows) * b as u64 / bands as u64) as u32;
    (at(band), at(band + 1))
}

/// One band's findings and its own scratch `S`: kept by the structure
/// between calls, so a warm call allocates nothing.
#[derive(Debug, Default)]
pub(crate) struct Band<S> {
    pairs: Vec<(u32, u32)>,
    stats: Stats,
    overflow: Option<Overflow>,
    /// The band's own scratch (the search's copies of a cell, its lists).
    pub(crate) scratch: S,
}

/// A structure's part in the parallel `World::step`: whether a moved box
/// keeps its place (so storing its new box is all `update` would do),
/// checked and stored by the thread that moved it. The moves that change
/// place are left for one thread to file in slot order.
pub(crate) trait StayInPlace: Sync {
    /// The structure's per-proxy record.
    type Record: Send;
    /// Stores `aabb` for proxy `slot` (in `record`, or where the structure
    /// keeps it) if the proxy keeps its place; otherwise changes nothing
    /// and says [`Stayed::No`]. `was` is its box before the move, the one
    /// the structure holds (the World gives its structure every box it
    /// keeps): a structure that needs the replaced box takes it from here
    /// rather than reading it back from its own scattered records, a load
    /// that would wait on memory where a store does not.
    fn store_if_staying(&self, slot: u32, record: &mut Self::Record, aabb: Aabb, was: Aabb) -> Stayed;
}

/// What [`StayInPlace::store_if_staying`] did.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stayed {
    /// Nothing: the move is left for `update`.
    No,
    /// Stored.
    Yes,
    /// Stored over this box, which the structure's refiling may need
    /// back (see `Quadtree::refile_after_stays`).
    Over(Aabb),
}

/// The moves of a parallel `World::step`, by slot range (`CHUNK` slots a
/// range), for a structure to file in slot order.
pub(crate) trait MovesInOrder {
    /// How many slot ranges.
    fn ranges(&self) -> usize;
    /// The slots of range `r` left for `update`, in slot order.
    fn refiled(&self, r: usize) -> &[u32];
    /// The slots of range `r` stored in place with the box each replaced
    /// ([`Stayed::Over`]), in slot order.
    fn stayed(&self, r: usize) -> &[(u32, Aabb)];
    /// The range holding `slot`.
    fn range_of(&self, slot: u32) -> usize;
    /// [`stayed`](MovesInOrder::stayed) to lend out (swapped with a
    /// list of the structure's, and back).
    fn stayed_mut(&mut self, r: usize) -> &mut Vec<(u32, Aabb)>;
    /// Slots a range: range `r` holds slots `r * range_len..`.
    fn range_len(&self) -> usize;
}

/// Pairs every band has room for from its first call.
const MIN_BAND_ROOM: usize = 512;

/// A band's own scratch: buffers that grow to the largest cell or leaf the
/// band met. Every band is given the room of the roomiest, so the bands
/// together grow as one thread's scratch would (to the largest cell met
/// anywhere), and a cell that moves to another band allocates nothing.
pub(crate) trait Scratch: Default + Send {
    /// The room of its roomiest buffer, in items.
    fn room(&self) -> usize;
    /// Makes room for `room` items in each buffer.
    fn reserve(&mut self, room: usize);
}

impl Scratch for () {
    fn room(&self) -> usize {
        0
    }
    fn reserve(&mut self, _room: usize) {}
}

impl<T: Send> Scratch for Vec<T> {
    fn room(&self) -> usize {
        self.capacity()
    }
    fn reserve(&mut self, room: usize) {
        // Failing here only leaves the buffer to grow as it goes.
        let _ = reserve_exactly(self, room);
    }
}

/// Room for `total` items in all, and no more: the bands are given the
/// room of the roomiest, and a band grown past it (as `Vec` grows, up to
/// twice what it needs) would make it the roomiest, and the others grow
/// again next call, and so on each call.
pub(crate) fn reserve_exactly<T>(
    v: &mut Vec<T>,
    total: usize,
) -> Result<(), std::collections::TryReserveError> {
    let more = total.saturating_sub(v.len());
    crate::fallible::try_reserve_exact(v, more)
}

/// The bands' running count of the pairs they found, so each band stops
/// soon after all of them together pass the limit, as one thread stops
/// soon after its sink is full: a refused search costs about the limit's
/// worth of work and memory, not that much per band.
pub(crate) struct Tally<'a> {
    total: &'a AtomicUsize,
    limit: usize,
    told: usize,
}

/// Pairs a band finds between two reports to the shared count: the count
/// is touched rarely, and all the bands together find at most this many
/// each past the limit before they stop.
const REPORT_EVERY: usize = 4096;

impl Tally<'_> {
    /// Whether the band should stop now: its sink is full, or the bands
    /// together found more than the limit. Checked once a row or node.
    #[inline]
    pub(crate) fn stop(&mut self, sink: &PairSink<'_>) -> bool {
        if sink.is_full() {
            return true;
        }
        let new = sink.len() - self.told;
        if new < REPORT_EVERY {
            return false;
        }
        self.told += new;
        self.total.fetch_add(new, Ordering::Relaxed) + new > self.limit
    }
}

/// Runs `search(band, sink, scratch, tally)` for bands `0..bands` on the
/// pool, each into its own sink with what is left of `out`'s limit, then
/// appends their pairs to `out` in band order and returns the sum of their
/// counters: one thread walking the bands in order finds the same pairs in
/// the same order and counts the same. A band that overflows makes `out`
/// overflow as a serial search would (past the limit, or out of memory);
/// each band checks `tally` to stop soon after the bands together pass it.
pub(crate) fn pairs_by_bands<S, F>(
    pool: &mut Vec<Band<S>>,
    bands: usize,
    out: &mut PairSink<'_>,
    search: F,
) -> Stats
where
    S: Scratch,
    F: Fn(usize, &mut PairSink<'_>, &mut S, &mut Tally<'_>) -> Stats + Sync,
{
    if pool.len() < bands {
        pool.resize_with(bands, Band::default);
    }
    // Every band gets the room of the roomiest (at least a few hundred
    // pairs): the pairs shift between bands as the objects move, and a
    // warm call allocates nothing unless a band finds more than any band
    // has held before.
    // Rounded up to a power of two, as `Vec` grows: a band that passes
    // the roomiest by a little raises every band's room once, to twice.
    let room = pool.iter().map(|band| band.pairs.capacity()).max().unwrap_or(0).max(MIN_BAND_ROOM);
    let room = room.checked_next_power_of_two().unwrap_or(room);
    let scratch_room = pool.iter().map(|band| band.scratch.room()).max().unwrap_or(0);
    let scratch_room = scratch_room.checked_next_power_of_two().unwrap_or(scratch_room);
    let limit = out.room();
    let total = AtomicUsize::new(0);
    pool[..bands].par_iter_mut().enumerate().for_each(|(i, band)| {
        band.pairs.clear();
        // Failing here only leaves the sink to grow (or refuse) as it goes.
        let _ = reserve_exactly(&mut band.pairs, room.min(limit));
        band.scratch.reserve(scratch_room);
        let mut sink = PairSink::new(&mut band.pairs, limit);
        let mut tally = Tally { total: &total, limit, told: 0 };
        band.stats = search(i, &mut sink, &mut band.scratch, &mut tally);
        band.overflow = sink.overflow();
    });
    let mut stats = Stats::default();
    for band in &pool[..bands] {
        stats.candidate_tests += band.stats.candidate_tests;
        stats.nodes_visited += band.stats.nodes_visited;
        match band.overflow {
            Some(Overflow::Memory(count)) => out.refuse(Overflow::Memory(out.len() + count)),
            Some(Overflow::Limit) => out.refuse(Overflow::Limit),
            None => out.extend_from_slice(&band.pairs),
        }
        if out.is_full() {
            break;
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::band_rows;

    #[test]
    fn bands_cover_the_rows_in_order_each_once() {
        for rows in [1u32, 2, 7, 64, 1000] {
            for bands in 1..=9usize.min(rows as usize) {
                let mut next = 0;
                for b in 0..bands {
                    let (start, end) = band_rows(b, bands, rows);
                    assert_eq!(start, next, "{rows} rows, {bands} bands");
                    assert!(end > start, "{rows} rows, {bands} bands: band {b} empty");
                    next = end;
                }
                assert_eq!(next, rows);
            }
        }
    }
}
