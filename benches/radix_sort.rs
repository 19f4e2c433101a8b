//! Benchmark: the World's pair-key sort (`radix_sort::sort_pair_keys`, a
//! public item of a `#[doc(hidden)]` module for this benchmark) against
//! the bucket pass it replaced (`radix_sort::sort_u64`) and
//! `sort_unstable`, on keys shaped like a frame's pairs (`min id << 32 |
//! max id`): 120,000 keys of ids below 100,000 and 3,500 of ids below
//! 10,000 (the shared scene's 100k and 10k frames), three times each.
//!
//! `cargo bench --bench radix_sort`; `BROADPHASE_QUICK=1` sorts 10,000 keys once.

use std::time::Instant;

use broadphase::radix_sort::{sort_pair_keys, sort_u64};
use broadphase::scene::Rng;

fn main() {
    let quick = std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1");
    let shapes: &[(usize, u32)] =
        if quick { &[(10_000, 100_000)] } else { &[(120_000, 100_000), (3_500, 10_000)] };
    let runs = if quick { 1 } else { 3 };
    for &(count, ids) in shapes {
        let mut rng = Rng::new(1);
        let keys: Vec<u64> = (0..count)
            .map(|_| {
                let (a, b) = (rng.below(ids), rng.below(ids));
                u64::from(a.min(b)) << 32 | u64::from(a.max(b))
            })
            .collect();
        // Small inputs sorted many times over, so the clock sees them.
        let repeats = (1_000_000 / count).max(1);
        let mut scratch = Vec::new();
        for _ in 0..runs {
            let time = |sort: &mut dyn FnMut(&mut Vec<u64>, &mut Vec<u64>), scratch: &mut Vec<u64>| {
                let mut total = 0;
                let mut last = Vec::new();
                for _ in 0..repeats {
                    let mut a = keys.clone();
                    let t = Instant::now();
                    sort(&mut a, scratch);
                    total += t.elapsed().as_nanos();
                    last = a;
                }
                (total / repeats as u128 / 1000, last)
            };
            let (std_us, a) = time(&mut |k, _| k.sort_unstable(), &mut scratch);
            let (bucket_us, b) = time(&mut |k, s| sort_u64(k, s), &mut scratch);
            let (radix_us, c) = time(&mut |k, s| sort_pair_keys(k, s), &mut scratch);
            println!("{count} keys: sort_unstable {std_us} µs, bucket pass {bucket_us} µs, sort_pair_keys {radix_us} µs");
            assert_eq!(a, b);
            assert_eq!(a, c);
        }
    }
}
