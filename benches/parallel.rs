//! Benchmark of the `parallel` feature: one frame = `step(1/60)` +
//! `pairs()` on the shared uniform scene, in two Worlds built alike, one
//! run in a rayon pool of one thread (the serial code) and one in a pool of
//! every thread, frame by frame in turn (which goes first alternates), so
//! both see the same machine. Each frame's pairs and events are compared
//! between the two, outside the timed part. Prints medians as a markdown
//! table (docs/BENCHMARKS.md, "Every core: the parallel feature").
//!
//! `cargo bench --features parallel --bench parallel` runs every structure
//! at 100k and 1M objects; arguments filter (`-- loose-grid 100000`).
//! `RAYON_NUM_THREADS` sets the larger pool. `--pool N` runs one World in
//! a pool of N threads alone (a whole process to time against another,
//! e.g. `--pool 1` against `--pool 2`); `--pool 0` calls the World from the
//! main thread, which then only waits while rayon's global pool works (so
//! callgrind counting only that thread inside `World::step` and
//! `World::pairs` counts the serial part: docs/BENCHMARKS.md). `BROADPHASE_QUICK=1` runs 3 frames
//! at 10k (a check that the command works, not a measurement).

use std::time::Instant;

use broadphase::scene::{scene_side, Layout};
use broadphase::World;

const STRUCTURES: [&str; 4] = ["loose-grid", "grid", "quadtree", "quadtree-leaves"];
const COUNTS: [usize; 2] = [100_000, 1_000_000];

fn quick() -> bool {
    std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1")
}

/// Medians in ms of step, pairs and the frame.
struct Timing {
    step: Vec<f64>,
    pairs: Vec<f64>,
    frame: Vec<f64>,
}

impl Timing {
    fn new() -> Timing {
        Timing { step: Vec::new(), pairs: Vec::new(), frame: Vec::new() }
    }
    fn median(v: &[f64]) -> f64 {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }
}

/// One frame in `pool`, or with none from this thread (not a pool's), on
/// rayon's global pool. Never inlined: callgrind's `--toggle-collect` can
/// name it (`*parallel::frame*`), whatever the World's calls were inlined into.
#[inline(never)]
fn frame(pool: Option<&rayon::ThreadPool>, world: &mut World, timing: &mut Timing) {
    let mut run = || {
        let start = Instant::now();
        world.step(1.0 / 60.0).unwrap();
        let stepped = Instant::now();
        std::hint::black_box(world.pairs());
        let end = Instant::now();
        timing.step.push((stepped - start).as_secs_f64() * 1e3);
        timing.pairs.push((end - stepped).as_secs_f64() * 1e3);
        timing.frame.push((end - start).as_secs_f64() * 1e3);
    };
    match pool {
        Some(pool) => pool.install(run),
        None => run(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pool_at = args.iter().position(|a| a == "--pool");
    let filters: Vec<String> = (0..args.len())
        .filter(|&i| !args[i].starts_with("--") && pool_at.map(|at| at + 1) != Some(i))
        .map(|i| args[i].clone())
        .collect();
    if let Some(at) = pool_at {
        let threads: usize =
            args.get(at + 1).and_then(|n| n.parse().ok()).expect("--pool takes a thread count");
        if threads == 0 {
            return alone(None, &filters);
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        return alone(Some(&pool), &filters);
    }
    let wanted = |name: &str, count: usize| {
        filters.iter().all(|f| f == name || f.parse::<usize>().ok() == Some(count))
    };
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let all = rayon::ThreadPoolBuilder::new().build().unwrap();
    let threads = all.current_num_threads();
    println!("| structure | objects | 1 thread: step / pairs / frame ms | {threads} threads: step / pairs / frame ms | frame speed-up |");
    println!("|---|---:|---:|---:|---:|");
    let counts: &[usize] = if quick() { &[10_000] } else { &COUNTS };
    for name in STRUCTURES {
        for &count in counts {
            if !wanted(name, count) {
                continue;
            }
            let side = scene_side(count);
            let make = || {
                let mut world = World::new(side, side).unwrap();
                world.set_structure(name).unwrap();
                world.populate(count as u32, 42, Layout::Uniform).unwrap();
                world
            };
            let (mut serial, mut parallel) = (make(), make());
            let frames = if quick() {
                3
            } else if count >= 1_000_000 {
                15
            } else {
                41
            };
            let (mut a, mut b) = (Timing::new(), Timing::new());
            for f in 0..frames + 2 {
                if f % 2 == 0 {
                    frame(Some(&one), &mut serial, &mut a);
                    frame(Some(&all), &mut parallel, &mut b);
                } else {
                    frame(Some(&all), &mut parallel, &mut b);
                    frame(Some(&one), &mut serial, &mut a);
                }
                assert_eq!(
                    serial.pairs_began(),
                    parallel.pairs_began(),
                    "{name} {count}: frame {f}'s events"
                );
                assert_eq!(
                    serial.pairs_ended(),
                    parallel.pairs_ended(),
                    "{name} {count}: frame {f}'s events"
                );
                assert_eq!(serial.pair_stats(), parallel.pair_stats(), "{name} {count}: frame {f}'s stats");
            }
            assert_eq!(serial.pairs().to_vec(), parallel.pairs().to_vec(), "{name} {count}: pairs");
            // The first two frames warm the scratch up.
            for t in [&mut a, &mut b] {
                for v in [&mut t.step, &mut t.pairs, &mut t.frame] {
                    v.drain(..2);
                }
            }
            let m = |v: &[f64]| Timing::median(v);
            println!(
                "| {name} | {count} | {:.2} / {:.2} / {:.2} | {:.2} / {:.2} / {:.2} | {:.2}× |",
                m(&a.step),
                m(&a.pairs),
                m(&a.frame),
                m(&b.step),
                m(&b.pairs),
                m(&b.frame),
                m(&a.frame) / m(&b.frame)
            );
        }
    }
}

/// `--pool N`: each wanted structure and size in one World in `pool`
/// alone, its medians printed; `--pool 0`: from this thread, on rayon's
/// global pool, which this thread only waits for.
fn alone(pool: Option<&rayon::ThreadPool>, filters: &[String]) {
    let counts: &[usize] = if quick() { &[10_000] } else { &COUNTS };
    let threads = pool.map_or_else(rayon::current_num_threads, rayon::ThreadPool::current_num_threads);
    let plural = if threads == 1 { "" } else { "s" };
    println!("| structure | objects | {threads} thread{plural}: step / pairs / frame ms |");
    println!("|---|---:|---:|");
    for name in STRUCTURES {
        for &count in counts {
            if !filters.iter().all(|f| f == name || f.parse::<usize>().ok() == Some(count)) {
                continue;
            }
            let side = scene_side(count);
            let mut world = World::new(side, side).unwrap();
            world.set_structure(name).unwrap();
            world.populate(count as u32, 42, Layout::Uniform).unwrap();
            let frames = if quick() {
                3
            } else if count >= 1_000_000 {
                15
            } else {
                41
            };
            let mut t = Timing::new();
            for _ in 0..frames + 2 {
                frame(pool, &mut world, &mut t);
            }
            let m = |v: &mut Vec<f64>| {
                v.drain(..2);
                Timing::median(v)
            };
            println!(
                "| {name} | {count} | {:.2} / {:.2} / {:.2} |",
                m(&mut t.step),
                m(&mut t.pairs),
                m(&mut t.frame)
            );
        }
    }
}
