//! Benchmark: the World's pair-key sort (`radix_sort::sort_u64`, a
//! `#[doc(hidden)]` public item for this benchmark) against
//! `sort_unstable`, on 120,000 keys shaped like a frame's pairs
//! (`min id << 32 | max id`), three times each.
//!
//! `cargo bench --bench radix_sort`; `BROADPHASE_QUICK=1` sorts 10,000 keys once.

use std::time::Instant;

use broadphase::radix_sort::sort_u64;
use broadphase::scene::Rng;

fn main() {
    let quick = std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1");
    let (count, runs) = if quick { (10_000, 1) } else { (120_000, 3) };
    let mut rng = Rng::new(1);
    let keys: Vec<u64> =
        (0..count).map(|_| u64::from(rng.below(100_000)) << 32 | u64::from(rng.below(100_000))).collect();
    let mut scratch = Vec::new();
    for _ in 0..runs {
        let mut a = keys.clone();
        let t = Instant::now();
        a.sort_unstable();
        let std_us = t.elapsed().as_micros();
        let mut b = keys.clone();
        let t = Instant::now();
        sort_u64(&mut b, &mut scratch);
        println!("sort_unstable {std_us} µs, radix {} µs", t.elapsed().as_micros());
        assert_eq!(a, b);
    }
}
