//! Collecting test results without branching on them. A broad phase's
//! inner loops test a box against its neighbours, and whether neighbouring
//! boxes overlap is too irregular for the processor to predict (a minority
//! of tests succeed, in no pattern), so
//! `if overlaps { out.push(..) }` mispredicts at random. [`KeepBuffer`]
//! writes every candidate to its next free place and advances its count by
//! the test's outcome instead: a store in place of a misprediction
//! (docs/BENCHMARKS.md has what it saves the loose grid's `pairs` and
//! `query_partners`).

/// What a [`KeepBuffer`] flushes into: a `Vec`, or a
/// [`PairSink`](crate::pair_sink::PairSink) for pairs.
pub(crate) trait Append<T> {
    /// Appends `items` in order.
    fn append(&mut self, items: &[T]);
}

impl<T: Copy> Append<T> for Vec<T> {
    #[inline]
    fn append(&mut self, items: &[T]) {
        self.extend_from_slice(items);
    }
}

impl Append<(u32, u32)> for crate::pair_sink::PairSink<'_> {
    // Out of line: a flush comes once per 64 kept pairs, and inlined into
    // every `offer` it made the search loops too big to inline in turn.
    #[inline(never)]
    fn append(&mut self, items: &[(u32, u32)]) {
        self.extend_from_slice(items);
    }
}

/// Up to `CAPACITY` kept items, flushed into a `Vec` (or another
/// [`Append`]) when full, and by the caller when it is done (see
/// [`KeepBuffer::flush`]).
pub(crate) struct KeepBuffer<T: Copy + Default> {
    items: [T; KEEP_CAPACITY],
    len: usize,
}

/// Items held before a flush: enough that flushing is rare, small enough
/// to stay in the first-level cache.
const KEEP_CAPACITY: usize = 64;

/// The most offers one [`KeepBuffer::make_room`] admits.
pub(crate) const KEEP_ROOM: usize = KEEP_CAPACITY - 1;

impl<T: Copy + Default> KeepBuffer<T> {
    pub(crate) fn new() -> KeepBuffer<T> {
        KeepBuffer { items: [T::default(); KEEP_CAPACITY], len: 0 }
    }

    /// Keeps `item` if `keep`, without a branch on `keep`.
    #[inline]
    pub(crate) fn offer(&mut self, item: T, keep: bool, out: &mut impl Append<T>) {
        self.items[self.len] = item;
        self.len += usize::from(keep);
        if self.len == KEEP_CAPACITY {
            self.flush(out);
        }
    }

    /// Flushes unless `n` (at most [`KEEP_ROOM`]) more items fit with a
    /// place to spare, so that the next `n` offers can be
    /// [`offer_within`](Self::offer_within)s: an inner loop of known length
    /// then checks nothing per item. The spare place keeps what
    /// [`offer`](Self::offer) relies on: the buffer is never left full.
    #[inline]
    pub(crate) fn make_room(&mut self, n: usize, out: &mut impl Append<T>) {
        debug_assert!(n <= KEEP_ROOM, "room for {n} items asked of a buffer of {KEEP_CAPACITY}");
        if self.len + n >= KEEP_CAPACITY {
            self.flush(out);
        }
    }

    /// [`offer`](Self::offer) within room made by [`make_room`](Self::make_room):
    /// no check for a full buffer. The index is masked, so an offer past
    /// the room made overwrites kept items (a wrong result the debug
    /// assertion catches in tests) and never reads or writes out of bounds.
    #[inline]
    pub(crate) fn offer_within(&mut self, item: T, keep: bool) {
        debug_assert!(self.len < KEEP_ROOM, "an offer past the room made");
        self.items[self.len % KEEP_CAPACITY] = item;
        self.len += usize::from(keep);
    }

    /// Appends the kept items to `out`, in the order they were offered.
    pub(crate) fn flush(&mut self, out: &mut impl Append<T>) {
        out.append(&self.items[..self.len]);
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::{KeepBuffer, KEEP_ROOM};

    #[test]
    fn keeps_what_passed_in_order_across_flushes() {
        let mut buffer = KeepBuffer::new();
        let mut out = Vec::new();
        for i in 0..1000u32 {
            buffer.offer(i, i % 3 == 0, &mut out);
        }
        buffer.flush(&mut out);
        buffer.flush(&mut out); // a second flush adds nothing
        assert_eq!(out, (0..1000).filter(|i| i % 3 == 0).collect::<Vec<u32>>());
    }

    #[test]
    fn offers_within_made_room_keep_the_same_items() {
        let mut buffer = KeepBuffer::new();
        let mut out = Vec::new();
        for run in 0..100u32 {
            let n = (run * 7 % 64) as usize;
            let n = n.min(KEEP_ROOM);
            buffer.make_room(n, &mut out);
            for i in 0..n as u32 {
                let item = run * 100 + i;
                buffer.offer_within(item, item % 3 != 1);
            }
        }
        buffer.flush(&mut out);
        let expected: Vec<u32> = (0..100u32)
            .flat_map(|run| (0..run * 7 % 64).map(move |i| run * 100 + i))
            .filter(|x| x % 3 != 1)
            .collect();
        assert_eq!(out, expected);
    }

    #[test]
    fn an_offer_after_offers_within_the_most_room() {
        let mut buffer = KeepBuffer::new();
        let mut out = Vec::new();
        buffer.offer(0, true, &mut out);
        buffer.make_room(KEEP_ROOM, &mut out);
        for i in 1..=KEEP_ROOM as u32 {
            buffer.offer_within(i, true);
        }
        buffer.offer(64, true, &mut out);
        buffer.offer(65, true, &mut out);
        buffer.make_room(1, &mut out);
        buffer.offer_within(66, true);
        buffer.flush(&mut out);
        assert_eq!(out, (0..67).collect::<Vec<u32>>());
    }

    #[test]
    #[should_panic(expected = "past the room made")]
    #[cfg(debug_assertions)]
    fn an_offer_past_the_room_made_is_caught() {
        let mut buffer = KeepBuffer::new();
        let mut out = Vec::new();
        buffer.make_room(KEEP_ROOM, &mut out);
        for i in 0..64u32 {
            buffer.offer_within(i, true);
        }
    }
}
