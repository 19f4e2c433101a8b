//! Where a structure's all-pairs search puts what it finds: a `Vec` that
//! grows without a trap, up to a limit. A scene can have far more pairs
//! than memory holds (n boxes in one place make n(n−1)/2), so the World
//! searches with a limit: past it, or when memory runs out, the sink is
//! *full*, takes nothing more, and each structure stops at its next check
//! of [`PairSink::is_full`], so a refused search costs about the limit's
//! worth of work, not the scene's.

/// Why a [`PairSink`] stopped taking pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overflow {
    /// More pairs than its limit.
    Limit,
    /// No memory for this many pairs.
    Memory(usize),
}

/// A pair list with a limit and fallible growth (see the module docs).
#[derive(Debug)]
pub struct PairSink<'a> {
    out: &'a mut Vec<(u32, u32)>,
    limit: usize,
    overflow: Option<Overflow>,
}

impl<'a> PairSink<'a> {
    /// A sink appending to `out` until it holds `limit` pairs.
    pub fn new(out: &'a mut Vec<(u32, u32)>, limit: usize) -> PairSink<'a> {
        // Room past the limit would let pushes through unchecked: the sink
        // checks only when the room runs out.
        if out.capacity() > limit {
            out.shrink_to(limit.max(out.len()));
        }
        PairSink { out, limit, overflow: None }
    }

    /// Appends a pair; nothing once full.
    #[inline]
    pub fn push(&mut self, pair: (u32, u32)) {
        if self.out.len() == self.out.capacity() && !self.grow(1) {
            return;
        }
        self.out.push(pair);
    }

    /// Appends the pairs; nothing once full (or if they would overfill it).
    #[inline]
    pub fn extend_from_slice(&mut self, pairs: &[(u32, u32)]) {
        if self.out.capacity() - self.out.len() < pairs.len() && !self.grow(pairs.len()) {
            return;
        }
        self.out.extend_from_slice(pairs);
    }

    /// Whether it stopped taking pairs: a search checks this now and then
    /// and stops, since what it would find is no longer kept.
    #[inline]
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.overflow.is_some()
    }

    /// Why it stopped taking pairs, if it did.
    #[must_use]
    pub fn overflow(&self) -> Option<Overflow> {
        self.overflow
    }

    /// Pairs taken so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// Whether none were taken.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// Pairs it may still take before its limit.
    #[cfg_attr(not(all(feature = "parallel", not(target_arch = "wasm32"))), allow(dead_code))]
    #[must_use]
    pub(crate) fn room(&self) -> usize {
        self.limit.saturating_sub(self.out.len())
    }

    /// Stops taking pairs for `why`, as a search that overflowed a sink of
    /// its own reports it into this one (the `parallel` feature's bands).
    #[cfg_attr(not(all(feature = "parallel", not(target_arch = "wasm32"))), allow(dead_code))]
    pub(crate) fn refuse(&mut self, why: Overflow) {
        if self.overflow.is_none() {
            self.overflow = Some(why);
        }
    }

    /// Room for `more` pairs, doubling as a `Vec` does but never past the
    /// limit; false (and full) past the limit or when memory runs out.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, more: usize) -> bool {
        if self.overflow.is_some() {
            return false;
        }
        let len = self.out.len();
        if more > self.limit.saturating_sub(len) {
            self.overflow = Some(Overflow::Limit);
            return false;
        }
        let doubled = len.max(64).min(self.limit - len).max(more);
        // Exact: an amortised reservation could give room past the limit.
        if crate::fallible::try_reserve_exact(self.out, doubled).is_err()
            && crate::fallible::try_reserve_exact(self.out, more).is_err()
        {
            self.overflow = Some(Overflow::Memory(len + more));
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{Overflow, PairSink};

    #[test]
    fn takes_pairs_up_to_its_limit_then_nothing() {
        let mut out = Vec::new();
        let mut sink = PairSink::new(&mut out, 100);
        for i in 0..100 {
            sink.push((i, i + 1));
        }
        assert!(!sink.is_full());
        sink.push((7, 8));
        assert_eq!(sink.overflow(), Some(Overflow::Limit));
        sink.extend_from_slice(&[(1, 2)]);
        assert_eq!(sink.len(), 100);
        assert_eq!(out.len(), 100);
    }

    #[test]
    fn a_slice_that_would_overfill_it_is_refused_whole() {
        let mut out = Vec::new();
        let mut sink = PairSink::new(&mut out, 3);
        sink.extend_from_slice(&[(1, 2), (3, 4)]);
        sink.extend_from_slice(&[(5, 6), (7, 8)]);
        assert!(sink.is_full());
        assert_eq!(out, [(1, 2), (3, 4)]);
    }
}
