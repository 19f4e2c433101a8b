//! The `World`'s pair keys sorted on the `parallel` feature's pool: the
//! counting passes of `radix_sort::sort_pair_keys` (the same packing, the
//! same digits), each pass cut into blocks of keys. Every block counts its
//! own digits on its own thread; one prefix sum over (digit, block) gives
//! every block, for every digit, where its keys of that digit go; every
//! block then writes its keys there, in its order. That is the serial
//! pass's placement key for key (a key goes after every key of a smaller
//! digit, and after the keys of its digit in earlier blocks or earlier in
//! its block), so the sorted keys are the serial sort's. And the buckets
//! of `radix_sort::sort_u64` (the renumbering's keys), sorted each on its
//! own, by groups of buckets on the pool.

use rayon::prelude::*;

use crate::radix_sort::Packing;

/// Counts a block keeps: one per digit of the widest pass.
const DIGITS: usize = 1 << crate::radix_sort::MAX_DIGIT_BITS;

/// Blocks a thread's share of the keys is cut into: an idle thread takes
/// the next block, so one slow thread does not hold the pass up.
const BLOCKS_PER_THREAD: usize = 4;

/// Fewer keys than this are sorted by the serial sort: below it, the
/// pool's start-up and the blocks' counts cost about what they save.
pub(crate) const PARALLEL_FROM: usize = 1 << 13;

/// Keys a task packs or unpacks at least.
const MIN_TASK: usize = 1 << 12;

/// Sorts pair keys (`a << 32 | b`) ascending, as
/// `radix_sort::sort_pair_keys` does, on the pool. `scratch` and `counts`
/// are reused: once grown, no call allocates.
pub(crate) fn sort_pair_keys(keys: &mut Vec<u64>, scratch: &mut Vec<u64>, counts: &mut Vec<u32>) {
    let threads = crate::parallel::threads();
    if keys.len() < PARALLEL_FROM || threads < 2 {
        crate::radix_sort::sort_pair_keys(keys, scratch);
        return;
    }
    let (high, low) = keys
        .par_iter()
        .with_min_len(MIN_TASK)
        .fold(|| (0u64, 0u64), |(h, l), &k| (h | k >> 32, l | (k & 0xFFFF_FFFF)))
        .reduce(|| (0, 0), |(h1, l1), (h2, l2)| (h1 | h2, l1 | l2));
    let Some(Packing { low_bits, passes, digit_bits, mask, low_mask }) = Packing::of(high, low) else {
        return; // every key is 0
    };
    let digits = 1usize << digit_bits;
    keys.par_iter_mut()
        .with_min_len(MIN_TASK)
        .for_each(|key| *key = (*key >> 32) << low_bits | (*key & low_mask));
    let len = keys.len();
    let blocks = (threads * BLOCKS_PER_THREAD).min(len);
    let block_len = len.div_ceil(blocks);
    let blocks = len.div_ceil(block_len);
    // Every entry is written before it is read: only new room is zeroed.
    scratch.resize(len, 0);
    counts.resize(blocks * DIGITS, 0);
    for pass in 0..passes {
        let shift = pass * digit_bits;
        let digit = |key: u64| ((key >> shift) & mask) as usize;
        counts[..blocks * DIGITS].par_chunks_mut(DIGITS).zip(keys.par_chunks(block_len)).for_each(
            |(count, block)| {
                let count = &mut count[..digits];
                count.fill(0);
                for &key in block {
                    count[digit(key)] += 1;
                }
            },
        );
        // Block b's keys of digit d go after every key of a smaller digit
        // and after the earlier blocks' keys of digit d.
        let mut start = 0u32;
        for d in 0..digits {
            for b in 0..blocks {
                let n = counts[b * DIGITS + d];
                counts[b * DIGITS + d] = start;
                start += n;
            }
        }
        let out = Scatter { at: scratch.as_mut_ptr(), len, _keys: std::marker::PhantomData };
        counts[..blocks * DIGITS].par_chunks_mut(DIGITS).zip(keys.par_chunks(block_len)).for_each(
            |(next, block)| {
                for &key in block {
                    let d = digit(key);
                    // SAFETY: the prefix sum gave this block, for digit
                    // `d`, its own run of places, as long as its count of
                    // `d`; each key takes the next, so no two keys (of
                    // any block) are written to one place, and the places
                    // of all blocks together are `0..len` (the counts sum
                    // to `len`).
                    unsafe { out.write(next[d] as usize, key) };
                    next[d] += 1;
                }
            },
        );
        std::mem::swap(keys, scratch);
    }
    keys.par_iter_mut()
        .with_min_len(MIN_TASK)
        .for_each(|key| *key = (*key >> low_bits) << 32 | (*key & low_mask));
}

/// Buckets (at least) that one task sorts, and keys below which a group of
/// buckets is sorted on the calling thread.
const MIN_BUCKETS: usize = 16;

/// `radix_sort::sort_u64` with its buckets sorted on the pool: each task a
/// run of whole buckets (a bucket is sorted by one thread, and no two
/// tasks share a key), split in halves by bucket, as long as a half holds
/// more than a few buckets and there is more than one thread.
pub(crate) fn sort_u64(keys: &mut Vec<u64>, scratch: &mut Vec<u64>) {
    crate::radix_sort::sort_u64_with(keys, scratch, |keys, starts| {
        let split = crate::parallel::threads() > 1 && keys.len() >= MIN_TASK;
        sort_bucket_runs(keys, starts, split);
    });
}

/// `keys` holds buckets `starts[0]..starts[last]` (`keys[0]` is at
/// `starts[0]`).
fn sort_bucket_runs(keys: &mut [u64], starts: &[usize], split: bool) {
    let buckets = starts.len() - 1;
    if !split || buckets < 2 * MIN_BUCKETS || keys.len() < MIN_TASK {
        let first = starts[0];
        for bucket in starts.windows(2) {
            keys[bucket[0] - first..bucket[1] - first].sort_unstable();
        }
        return;
    }
    let mid = buckets / 2;
    let (low, high) = keys.split_at_mut(starts[mid] - starts[0]);
    rayon::join(
        || sort_bucket_runs(low, &starts[..=mid], true),
        || sort_bucket_runs(high, &starts[mid..], true),
    );
}

/// The second buffer of a pass, written by every block at once, each at
/// its own places.
struct Scatter<'a> {
    at: *mut u64,
    len: usize,
    _keys: std::marker::PhantomData<&'a mut [u64]>,
}

// SAFETY: written only through `Scatter::write`, at places no two writers
// share (the prefix sum's runs, see the scatter loop), and read by nothing
// while the pass's blocks run (the buffer is borrowed mutably for `'a`).
unsafe impl Send for Scatter<'_> {}
// SAFETY: as above.
unsafe impl Sync for Scatter<'_> {}

impl Scatter<'_> {
    /// Writes `key` at `at`.
    ///
    /// # Safety
    /// No other thread reads or writes place `at` while the pass runs.
    #[inline]
    unsafe fn write(&self, at: usize, key: u64) {
        assert!(at < self.len, "a place in the buffer");
        // SAFETY: in bounds (checked); no other thread touches `at` (the
        // caller's promise).
        unsafe { self.at.add(at).write(key) };
    }
}

#[cfg(test)]
mod tests {
    use super::{sort_pair_keys, PARALLEL_FROM};
    use crate::scene::Rng;

    /// Keys of every width, with repeats and extremes, sorted in pools of
    /// 2, 3 and 4 threads exactly as `sort_unstable` sorts them. A block
    /// given a wrong run of places leaves a key missing, twice, or out of
    /// order, which this sees.
    #[test]
    fn sorts_pair_keys_like_sort_unstable_on_the_pool() {
        let (mut scratch, mut counts) = (Vec::new(), Vec::new());
        for threads in [2, 3, 4] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            for seed in 0..24u64 {
                let len = [PARALLEL_FROM - 1, PARALLEL_FROM, PARALLEL_FROM + 7, 100_003][seed as usize % 4];
                let mut keys = crate::radix_sort::tests::pair_keys(seed, len);
                let mut expected = keys.clone();
                expected.sort_unstable();
                pool.install(|| sort_pair_keys(&mut keys, &mut scratch, &mut counts));
                assert!(keys == expected, "{threads} threads, seed {seed}: not sort_unstable's order");
            }
        }
    }

    /// The renumbering's sort (`sort_u64`: buckets, then each bucket on
    /// the pool) in pools of 2 and 4 threads: `sort_unstable`'s order.
    #[test]
    fn sorts_buckets_like_sort_unstable_on_the_pool() {
        let mut scratch = Vec::new();
        for threads in [2, 4] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            for seed in 0..12u64 {
                let mut rng = Rng::new(seed);
                let len = [4095, 4096, 5_000, 70_001][seed as usize % 4];
                let bits = 1 + rng.below(64);
                let mut keys: Vec<u64> = (0..len)
                    .map(|_| match rng.below(3) {
                        0 => rng.next_u64() >> (64 - bits),
                        1 => u64::from(rng.below(1 << 20)) << 32 | u64::from(rng.below(1 << 20)),
                        _ => 7,
                    })
                    .collect();
                let mut expected = keys.clone();
                expected.sort_unstable();
                pool.install(|| super::sort_u64(&mut keys, &mut scratch));
                assert!(keys == expected, "{threads} threads, seed {seed}: not sort_unstable's order");
            }
        }
    }
}
