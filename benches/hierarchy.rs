//! Benchmark of the hierarchy queue: the incremental segment
//! repair against a full topological re-sort of the same parent links, on a
//! seeded 100k-node random forest re-parented a little every frame; and a
//! 100k-deep chain built and re-parented. Prints markdown tables.
//!
//! Run with `cargo bench --bench hierarchy`.

use std::time::{Duration, Instant};

use broadphase::hierarchy::{BatchStrategy, Hierarchy, TopoSort};
use broadphase::scene::Rng;

const NODES: u32 = 100_000;
const FRAMES: usize = 30;
const SEED: u64 = 0x5EED_0003;

/// Ids 1..=NODES, each under the root (one in sixteen) or under a random
/// earlier id, so `add` alone builds it.
fn random_forest(rng: &mut Rng) -> Hierarchy {
    let mut h = Hierarchy::new();
    h.add(1, 0).unwrap();
    for id in 2..=NODES {
        let parent = if rng.below(16) == 0 { 0 } else { 1 + rng.below(id - 1) };
        h.add(id, parent).unwrap();
    }
    h
}

/// `count` random valid re-parentings (one in ten to the root), applied to
/// `shadow` to learn which are valid; refused ones (cycles) are skipped.
/// Returns the events and the total length of the segments they repaired.
fn frame_events(shadow: &mut Hierarchy, rng: &mut Rng, count: usize, events: &mut Vec<(u32, u32)>) -> u64 {
    events.clear();
    let mut repaired = 0u64;
    while events.len() < count {
        let child = 1 + rng.below(NODES);
        let parent = if rng.below(10) == 0 { 0 } else { 1 + rng.below(NODES) };
        let (p, q) = (shadow.position_of(child).unwrap(), parent_position(shadow, parent));
        if shadow.set_parent(child, parent).is_ok() {
            events.push((child, parent));
            if q > p {
                repaired += u64::from(q - p + 1);
            }
        }
    }
    repaired
}

fn parent_position(h: &Hierarchy, parent: u32) -> u32 {
    if parent == 0 {
        0
    } else {
        h.position_of(parent).unwrap()
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

struct FrameRow {
    events: usize,
    incremental: Duration,
    resort: Duration,
    /// `set_parents` on the whole frame's events, and what it chose.
    batch: Duration,
    strategy: BatchStrategy,
    mean_segment: f64,
}

fn forest_frames(events_per_frame: usize) -> FrameRow {
    let mut rng = Rng::new(SEED);
    let mut h = random_forest(&mut rng);
    let mut shadow = h.clone();
    let mut batched = h.clone();
    let mut batch_times = Vec::new();
    let mut strategy = BatchStrategy::Repaired;
    let mut sort = TopoSort::new();
    let mut resorted = Vec::new();
    let mut events = Vec::new();
    let (mut incremental, mut resort) = (Vec::new(), Vec::new());
    let mut segment_total = 0u64;
    // One warm-up frame so buffers have grown before timing.
    for frame in 0..=FRAMES {
        segment_total += frame_events(&mut shadow, &mut rng, events_per_frame, &mut events);
        let start = Instant::now();
        for &(child, parent) in &events {
            h.set_parent(child, parent).unwrap();
        }
        let t_incremental = start.elapsed();
        let start = Instant::now();
        h.full_resort(&mut sort, &mut resorted).unwrap();
        let t_resort = start.elapsed();
        assert_eq!(h.order(), shadow.order(), "same events, same queue");
        let start = Instant::now();
        strategy = batched.set_parents(&events).unwrap();
        let t_batch = start.elapsed();
        assert_eq!(resorted.len(), h.len());
        if frame > 0 {
            incremental.push(t_incremental);
            resort.push(t_resort);
            batch_times.push(t_batch);
        }
    }
    h.validate().unwrap();
    batched.validate().unwrap();
    assert!(h.iter_order().all(|id| batched.parent_of(id) == h.parent_of(id)), "batch: same parents");
    FrameRow {
        batch: median(&mut batch_times),
        strategy,
        events: events_per_frame,
        incremental: median(&mut incremental),
        resort: median(&mut resort),
        mean_segment: segment_total as f64 / ((FRAMES + 1) * events_per_frame) as f64,
    }
}

/// Median of `runs` timings of `f` on a fresh state made by `setup`.
fn time_median<S>(runs: usize, mut setup: impl FnMut() -> S, mut f: impl FnMut(&mut S)) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let mut state = setup();
            let start = Instant::now();
            f(&mut state);
            start.elapsed()
        })
        .collect();
    median(&mut times)
}

fn chain() -> Hierarchy {
    let mut h = Hierarchy::new();
    h.add(1, 0).unwrap();
    for id in 2..=NODES {
        h.add(id, id - 1).unwrap();
    }
    h
}

fn main() {
    println!("## Hierarchy queue: incremental repair vs full re-sort\n");
    println!(
        "{NODES} nodes in a seeded random forest; per frame, random valid `set_parent` calls \
         (cycles skipped); median of {FRAMES} frames.\n"
    );
    println!(
        "| events / frame | incremental (ms) | full re-sort (ms) | re-sort / incremental | \
         segment walked per event | `set_parents` batch (ms) | batch chose |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---|");
    let mut break_even = 0.0;
    for events in [10, 100, 1_000] {
        let row = forest_frames(events);
        break_even = ms(row.resort) / (ms(row.incremental) / events as f64);
        println!(
            "| {} ({:.2}%) | {:.3} | {:.3} | {:.2}× | {:.0} | {:.3} | {:?} |",
            row.events,
            row.events as f64 * 100.0 / NODES as f64,
            ms(row.incremental),
            ms(row.resort),
            ms(row.resort) / ms(row.incremental),
            row.mean_segment,
            ms(row.batch),
            row.strategy,
        );
    }
    println!(
        "\nThe repair walks its whole segment, so its cost grows with the distance between \
         child and new parent, not with the size of the subtree moved. At the per-event cost \
         of the last row, incremental and re-sort break even at about {break_even:.0} events \
         per frame."
    );

    println!("\n## A {NODES}-deep chain (median of 5 runs)\n");
    println!("| operation | time (ms) |");
    println!("|---|---:|");
    let build_add = time_median(5, || (), |_| drop(chain()));
    println!("| build top-down with `add` | {:.3} |", ms(build_add));
    let build_reparent = time_median(
        5,
        || {
            let mut h = Hierarchy::new();
            for id in 1..=NODES {
                h.add(id, 0).unwrap();
            }
            h
        },
        |h| {
            for id in 2..=NODES {
                h.set_parent(id, id - 1).unwrap();
            }
        },
    );
    println!("| chain roots with `set_parent` (parent earlier: no moves) | {:.3} |", ms(build_reparent));
    let carry = time_median(
        5,
        || {
            let mut h = chain();
            h.add(NODES + 1, 0).unwrap();
            h
        },
        |h| h.set_parent(1, NODES + 1).unwrap(),
    );
    println!("| carry the whole chain under a node after it (one {NODES}-long repair) | {:.3} |", ms(carry));
    let refuse = time_median(5, chain, |h| assert!(h.set_parent(1, NODES).is_err()));
    println!("| refuse the deepest cycle (walks {NODES} links) | {:.3} |", ms(refuse));
    let mut sort = TopoSort::new();
    let mut out = Vec::new();
    let resort = time_median(5, chain, |h| h.full_resort(&mut sort, &mut out).unwrap());
    println!("| full re-sort of the chain | {:.3} |", ms(resort));
    let mut removed = Vec::new();
    let remove = time_median(5, chain, |h| h.remove(1, &mut removed).unwrap());
    println!("| remove the head (cascades to all {NODES}) | {:.3} |", ms(remove));

    removal_rows();
}

/// `n` objects under the root.
fn flat(n: u32) -> Hierarchy {
    let mut h = Hierarchy::new();
    for id in 1..=n {
        h.add(id, 0).unwrap();
    }
    h
}

/// Removal in the orders that used to be quadratic: every id of a flat
/// hierarchy oldest first, newest first, and one old id among 10⁶.
fn removal_rows() {
    println!("\n## Removal (median of 5 runs)\n");
    println!("| operation | time (ms) |");
    println!("|---|---:|");
    let mut removed = Vec::new();
    let oldest = time_median(
        5,
        || flat(NODES),
        |h| {
            for id in 1..=NODES {
                h.remove(id, &mut removed).unwrap();
            }
        },
    );
    println!("| remove all {NODES} oldest first | {:.3} |", ms(oldest));
    let newest = time_median(
        5,
        || flat(NODES),
        |h| {
            for id in (1..=NODES).rev() {
                h.remove(id, &mut removed).unwrap();
            }
        },
    );
    println!("| remove all {NODES} newest first | {:.3} |", ms(newest));
    let mut big = flat(1_000_000);
    let start = Instant::now();
    big.remove(1, &mut removed).unwrap();
    let one = start.elapsed();
    println!("| remove(1) among 1,000,000 | {:.4} |", ms(one));
    let start = Instant::now();
    for id in 2..=1_000_000 {
        big.remove(id, &mut removed).unwrap();
    }
    println!("| then remove the other 999,999 oldest first | {:.3} |", ms(start.elapsed()));
}
