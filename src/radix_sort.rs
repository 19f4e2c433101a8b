//! Sorting the `World`'s pair keys (`min id << 32 | max id`). A comparison
//! sort of a big frame's pairs streams the whole array through memory once
//! per level; one bucketing pass first leaves small buckets that are sorted
//! in cache (`cargo bench --bench radix_sort` compares the two).

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
    for b in 0..1 << bucket_bits {
        scratch[starts[b]..starts[b + 1]].sort_unstable();
    }
    std::mem::swap(keys, scratch);
}

#[cfg(test)]
mod tests {
    use super::sort_u64;
    use crate::scene::Rng;

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
