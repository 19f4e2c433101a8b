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

    /// Appends the kept items to `out`, in the order they were offered.
    pub(crate) fn flush(&mut self, out: &mut impl Append<T>) {
        out.append(&self.items[..self.len]);
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::KeepBuffer;

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
}
