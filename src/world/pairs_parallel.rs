//! The full pass's bookkeeping on the `parallel` feature's pool (native
//! only): the structure's pairs turned into id keys in slices, one task a
//! slice; the per-slot overlap counts cleared and counted by slot range,
//! one task a range (each reads every pair and counts only its own slots,
//! so no two tasks write one count); the keys sorted by rayon's parallel
//! sort. Each result is what the serial pass writes: the keys are sorted
//! whole, so any sort gives the same order, and a count is a sum. Without
//! the feature, or with one thread or few pairs, the serial pass does it.

use super::World;

impl World {
    /// Writes the full pass's sorted keys and overlap counts from
    /// `workspace.pair_slots` on the pool and returns true; false (nothing
    /// done) on one thread or for few pairs. Everything it writes is
    /// reserved already.
    #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
    #[inline]
    pub(super) fn keys_in_parallel(&mut self) -> bool {
        false
    }
}

#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
mod pool {
    use rayon::prelude::*;

    use super::World;

    /// Fewer pairs than this are keyed on the calling thread: below it,
    /// handing tasks to the pool costs about what it saves.
    const PARALLEL_FROM: usize = 4096;

    /// Pairs one task turns into keys.
    const KEY_CHUNK: usize = 8192;

    impl World {
        /// See the serial build's note on this method.
        pub(in crate::world) fn keys_in_parallel(&mut self) -> bool {
            let threads = crate::parallel::threads();
            let pairs = &self.workspace.pair_slots;
            if threads < 2 || pairs.len() < PARALLEL_FROM {
                return false;
            }
            let ids = &self.objects.slot_ids;
            let keys = &mut self.pairs.keys;
            keys.clear();
            keys.par_extend(pairs.par_iter().with_min_len(KEY_CHUNK).map(|&(a, b)| {
                let (a, b) = (u64::from(ids[a as usize]), u64::from(ids[b as usize]));
                a.min(b) << 32 | a.max(b)
            }));
            let slots = ids.len();
            let (counts, overlapping) = (&mut self.pairs.overlap_counts, &mut self.pairs.overlapping);
            // Zeroed by the tasks, each its own range.
            counts.resize(slots, 0);
            overlapping.resize(slots, 0);
            let range = slots.div_ceil(threads).max(1);
            counts[..slots]
                .par_chunks_mut(range)
                .zip(overlapping[..slots].par_chunks_mut(range))
                .enumerate()
                .for_each(|(k, (counts, overlapping))| {
                    counts.fill(0);
                    overlapping.fill(0);
                    let first = k * range;
                    for &(a, b) in pairs {
                        for s in [a as usize, b as usize] {
                            if let Some(count) = s.checked_sub(first).and_then(|i| counts.get_mut(i)) {
                                *count += 1;
                                overlapping[s - first] = 1;
                            }
                        }
                    }
                });
            counts.truncate(slots);
            overlapping.truncate(slots);
            keys.par_sort_unstable();
            true
        }
    }
}
