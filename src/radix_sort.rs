//! Sorting the `World`'s keys without comparing them. The pair keys
//! (`min id << 32 | max id`, [`sort_pair_keys`]) have few significant bits
//! (ids are small), so a few counting passes over the packed key beat a
//! comparison sort, which streams the whole array once per level. Other
//! keys (the renumbering's `cell << 32 | slot`, [`sort_u64`]) get one
//! bucketing pass that leaves small buckets sorted in cache. `cargo bench
//! --bench radix_sort` compares them with `sort_unstable`.

/// At most 2^11 buckets in the one distribution pass (about a cache's
/// worth of write streams), and about 32 keys to a bucket.
const MAX_BUCKET_BITS: u32 = 11;
const KEYS_PER_BUCKET_BITS: u32 = 5;

/// Below this length `sort_unstable` alone wins.
const SMALL: usize = 4096;

/// Sorts `keys` ascending: one counting pass distributes them by their top
/// significant bits into up to 2048 buckets, then each bucket (a few dozen
/// keys, in cache) is sorted on its own. `scratch` is reused: once both have
/// grown, no call allocates.
pub fn sort_u64(keys: &mut Vec<u64>, scratch: &mut Vec<u64>) {
    sort_u64_with(keys, scratch, sort_buckets);
}

/// [`sort_u64`] with its buckets sorted by `sort_buckets(keys, starts)`,
/// which sorts each `keys[starts[b]..starts[b + 1]]` on its own.
#[inline]
pub(crate) fn sort_u64_with(
    keys: &mut Vec<u64>,
    scratch: &mut Vec<u64>,
    sort_buckets: impl FnOnce(&mut [u64], &[usize]),
) {
    if keys.len() < SMALL {
        keys.sort_unstable();
        return;
    }
    let any = keys.iter().fold(0, |any, &key| any | key);
    let bucket_bits = (keys.len().ilog2() - KEYS_PER_BUCKET_BITS).min(MAX_BUCKET_BITS);
    let shift = (64 - any.leading_zeros()).saturating_sub(bucket_bits);
    let mut starts = [0usize; (1 << MAX_BUCKET_BITS) + 1];
    for &key in keys.iter() {
        starts[(key >> shift) as usize + 1] += 1;
    }
    for b in 1..starts.len() {
        starts[b] += starts[b - 1];
    }
    scratch.clear();
    scratch.resize(keys.len(), 0);
    let mut next = starts;
    for &key in keys.iter() {
        let b = (key >> shift) as usize;
        scratch[next[b]] = key;
        next[b] += 1;
    }
    sort_buckets(scratch, &starts[..=1 << bucket_bits]);
    std::mem::swap(keys, scratch);
}

/// Sorts each bucket `keys[starts[b]..starts[b + 1]]` on its own, in turn.
#[inline]
fn sort_buckets(keys: &mut [u64], starts: &[usize]) {
    for bucket in starts.windows(2) {
        keys[bucket[0]..bucket[1]].sort_unstable();
    }
}

/// Most bits one pass of [`sort_pair_keys`] sorts on: 2048 counts, a
/// cache's worth of write streams.
pub(crate) const MAX_DIGIT_BITS: u32 = 11;

/// Below this many keys `sort_unstable` sorts them: each pass clears and
/// sums up to 2048 counts, far more work than a few dozen keys.
const SMALL_PAIRS: usize = 64;

/// How [`sort_pair_keys`] packs and cuts the keys, from the OR of their
/// high halves and of their low halves: a key packs to
/// `a << low_bits | b`, sorted in `passes` passes of `digit_bits` bits
/// (`mask`); `low_mask` takes `b` back out. `None` when every key is 0.
pub(crate) struct Packing {
    pub(crate) low_bits: u32,
    pub(crate) passes: u32,
    pub(crate) digit_bits: u32,
    pub(crate) mask: u64,
    pub(crate) low_mask: u64,
}

impl Packing {
    #[inline]
    pub(crate) fn of(high: u64, low: u64) -> Option<Packing> {
        let low_bits = 64 - low.leading_zeros();
        let bits = 64 - high.leading_zeros() + low_bits;
        if bits == 0 {
            return None;
        }
        let passes = bits.div_ceil(MAX_DIGIT_BITS);
        let digit_bits = bits.div_ceil(passes);
        let mask = (1u64 << digit_bits) - 1;
        Some(Packing { low_bits, passes, digit_bits, mask, low_mask: (1u64 << low_bits) - 1 })
    }
}

/// Sorts pair keys (`a << 32 | b`, both halves below 2³²) ascending, as
/// [`sort_u64`] does, in a few counting passes: the keys are first packed
/// to `a << bits(b) | b`, where `bits` counts the significant bits of the
/// largest half (ids are small: 14 bits at 10k objects, so a key has 28
/// bits, not 46), sorted least significant digit first, at most 11 bits a
/// pass, and unpacked. The packing keeps the order: `b < 2^bits(b)`.
/// `scratch` is reused: once both have grown, no call allocates.
pub fn sort_pair_keys(keys: &mut Vec<u64>, scratch: &mut Vec<u64>) {
    if keys.len() < SMALL_PAIRS {
        keys.sort_unstable();
        return;
    }
    let (high, low) = keys.iter().fold((0u64, 0u64), |(h, l), &k| (h | k >> 32, l | (k & 0xFFFF_FFFF)));
    let Some(Packing { low_bits, passes, digit_bits, mask, low_mask }) = Packing::of(high, low) else {
        return; // every key is 0
    };
    for key in keys.iter_mut() {
        *key = (*key >> 32) << low_bits | (*key & low_mask);
    }
    // Every entry is written before it is read: only new room is zeroed.
    scratch.resize(keys.len(), 0);
    let mut count = [0u32; 1 << MAX_DIGIT_BITS];
    let count = &mut count[..=mask as usize];
    for pass in 0..passes {
        let shift = pass * digit_bits;
        count.fill(0);
        for &key in keys.iter() {
            count[((key >> shift) & mask) as usize] += 1;
        }
        let mut start = 0;
        for c in count.iter_mut() {
            let n = *c;
            *c = start;
            start += n;
        }
        for &key in keys.iter() {
            let d = ((key >> shift) & mask) as usize;
            scratch[count[d] as usize] = key;
            count[d] += 1;
        }
        std::mem::swap(keys, scratch);
    }
    for key in keys.iter_mut() {
        *key = (*key >> low_bits) << 32 | (*key & low_mask);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{sort_pair_keys, sort_u64};
    use crate::scene::Rng;

    /// `len` pair keys of seeded widths (each half up to 32 bits), a
    /// quarter of them one repeated key, and every fifth seed the extremes.
    pub(crate) fn pair_keys(seed: u64, len: usize) -> Vec<u64> {
        let mut rng = Rng::new(seed);
        let (a_bits, b_bits) = (rng.below(33), rng.below(33));
        let half = |rng: &mut Rng, bits: u32| if bits == 0 { 0 } else { rng.next_u64() >> (64 - bits) };
        let mut keys: Vec<u64> = (0..len)
            .map(|_| match rng.below(4) {
                0 => 7, // repeated keys
                _ => half(&mut rng, a_bits) << 32 | half(&mut rng, b_bits),
            })
            .collect();
        if seed % 5 == 0 {
            keys.extend([u64::MAX, 0, 0xFFFF_FFFF, 0xFFFF_FFFF << 32]);
        }
        keys
    }

    #[test]
    fn pair_keys_sort_like_sort_unstable() {
        let mut scratch = Vec::new();
        for seed in 0..80u64 {
            let mut keys = pair_keys(seed, [0, 1, 63, 64, 65, 3500, 4097, 50_000][seed as usize % 8]);
            let mut expected = keys.clone();
            expected.sort_unstable();
            sort_pair_keys(&mut keys, &mut scratch);
            assert_eq!(keys, expected, "seed {seed}");
        }
    }

    #[test]
    fn sorts_like_sort_unstable() {
        let mut scratch = Vec::new();
        for seed in 0..60u64 {
            let mut rng = Rng::new(seed);
            let len = [0, 1, 4095, 4096, 4097, 50_000][seed as usize % 6];
            let bits = 1 + rng.below(64);
            let mut keys: Vec<u64> = (0..len)
                .map(|_| match rng.below(3) {
                    0 => rng.next_u64() >> (64 - bits),
                    1 => u64::from(rng.below(1 << 20)) << 32 | u64::from(rng.below(1 << 20)),
                    _ => rng.next_u64(),
                })
                .collect();
            let mut expected = keys.clone();
            expected.sort_unstable();
            sort_u64(&mut keys, &mut scratch);
            assert_eq!(keys, expected, "seed {seed}");
        }
    }

    #[test]
    fn equal_keys_and_extremes() {
        let mut scratch = Vec::new();
        let mut keys = vec![7u64; 5000];
        keys.extend([u64::MAX, 0, u64::MAX, 1 << 63]);
        let mut expected = keys.clone();
        expected.sort_unstable();
        sort_u64(&mut keys, &mut scratch);
        assert_eq!(keys, expected);
    }
}
