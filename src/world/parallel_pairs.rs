//! The full pass's bookkeeping of the pairs on the `parallel` feature's
//! pool (native only): the structure's pairs turned into id keys in
//! slices, the per-slot overlap counts counted by slot range (each task
//! reads every pair and counts the slots of its own range, so no two
//! threads write one count), and the keys sorted by the pool's radix sort
//! (`src/parallel_radix.rs`). The keys, their order and the counts are
//! one thread's, so the events and views that follow are too. Without the
//! feature, with one thread or few pairs, `pairs` does it on one thread.

use super::World;

impl World {
    /// Turns the full pass's pairs into sorted keys and counts each slot's
    /// pairs, on the pool, and returns true; false (nothing done) where one
    /// thread does it. Everything it writes was reserved by the caller.
    #[cfg(not(all(feature = "parallel", not(target_arch = "wasm32"))))]
    #[inline]
    pub(super) fn keys_and_counts_in_parallel(&mut self) -> bool {
        false
    }

    /// See the serial build's note on this method.
    #[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
    pub(super) fn keys_and_counts_in_parallel(&mut self) -> bool {
        use rayon::prelude::*;

        let threads = crate::parallel::threads();
        let pairs = &self.workspace.pair_slots;
        if threads < 2 || pairs.len() < crate::parallel_radix::PARALLEL_FROM {
            return false;
        }
        let slot_ids = &self.objects.slot_ids;
        let slots = slot_ids.len();
        let keys = &mut self.pairs.keys;
        keys.clear();
        // Written in place, in the pairs' order (the room is reserved).
        keys.par_extend(pairs.par_iter().with_min_len(MIN_TASK).map(|&(a, b)| {
            let (id_a, id_b) = (u64::from(slot_ids[a as usize]), u64::from(slot_ids[b as usize]));
            id_a.min(id_b) << 32 | id_a.max(id_b)
        }));
        let counts = &mut self.pairs.overlap_counts;
        let overlapping = &mut self.pairs.overlapping;
        counts.resize(slots, 0);
        overlapping.resize(slots, 0);
        let range = slots.div_ceil(threads).max(1);
        counts.par_chunks_mut(range).zip(overlapping.par_chunks_mut(range)).enumerate().for_each(
            |(r, (counts, overlapping))| {
                counts.fill(0);
                let first = (r * range) as u32;
                let len = counts.len() as u32;
                for &(a, b) in pairs {
                    for s in [a, b] {
                        let at = s.wrapping_sub(first);
                        if at < len {
                            counts[at as usize] += 1;
                        }
                    }
                }
                for (o, &c) in overlapping.iter_mut().zip(counts.iter()) {
                    *o = u8::from(c > 0);
                }
            },
        );
        crate::parallel_radix::sort_pair_keys(
            &mut self.pairs.keys,
            &mut self.workspace.key_scratch,
            &mut self.workspace.radix_counts,
        );
        true
    }
}

/// Pairs a task turns into keys at least.
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
const MIN_TASK: usize = 1 << 12;
