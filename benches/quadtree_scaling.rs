//! Benchmark: the shared scene (as `www/bench/scene.ts` builds it:
//! mulberry32(42), side √N·12, boxes 2–8 units, ±30 units/s) natively, the
//! World's own `step(1/60)` + `pairs()`, for the quadtrees and the grids at
//! 10k, 100k and 1M objects: how each one's frame grows with N. The sizes
//! take turns round by round, so a slow spell of a shared machine hits all.
//!
//! `cargo bench --bench quadtree_scaling` runs everything; arguments
//! filter: `cargo bench --bench quadtree_scaling -- quadtree 100000` runs
//! the rows naming a listed structure and size (a size alone or a
//! structure alone keeps the other's defaults). Under a profiler:
//! `perf record -g target/release/deps/quadtree_scaling-* quadtree 100000`.

use std::time::Instant;

use broadphase::World;

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];
const STRUCTURES: [&str; 4] = ["loose-grid", "grid", "quadtree", "quadtree-leaves"];
const WARM_FRAMES: usize = 35;
const ROUNDS: usize = 5;

/// mulberry32, the shared scene's generator: numbers in [0, 1).
struct Mulberry32(u32);

impl Mulberry32 {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }
}

/// A World holding the shared scene's `n` boxes with their velocities, past its warm-up frames.
fn shared_scene(structure: &str, n: usize) -> World {
    let side = (n as f64).sqrt() * 12.0;
    let mut world = World::new(side, side).expect("a positive side");
    world.set_structure(structure).expect("a structure name");
    let mut r = Mulberry32(42);
    for _ in 0..n {
        let (x, y) = (r.next() * side, r.next() * side);
        let (w, h) = (2.0 + 6.0 * r.next(), 2.0 + 6.0 * r.next());
        let (vx, vy) = ((r.next() - 0.5) * 60.0, (r.next() - 0.5) * 60.0);
        let id = world.insert(x, y, w, h).expect("a finite box");
        world.set_velocity(id, vx, vy).expect("a finite velocity");
    }
    for _ in 0..WARM_FRAMES {
        world.step(1.0 / 60.0).expect("a valid dt");
        world.pairs();
    }
    world
}

fn frames_per_round(n: usize) -> usize {
    if n >= 1_000_000 {
        3
    } else {
        10
    }
}

fn median(samples: &mut [f64]) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let asked_sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let asked_structures: Vec<&str> =
        STRUCTURES.iter().copied().filter(|s| args.iter().any(|a| a == s)).collect();
    let sizes = if asked_sizes.is_empty() { SIZES.to_vec() } else { asked_sizes };
    let structures = if asked_structures.is_empty() { STRUCTURES.to_vec() } else { asked_structures };
    println!("The shared scene natively, step(1/60) + pairs(); median ms of {ROUNDS} alternating rounds.\n");
    let header: Vec<String> = sizes.iter().map(|n| format!("{n} ms")).collect();
    println!("| structure | {} | growth per step in N | pairs at the largest |", header.join(" | "));
    println!("|---|{}---:|---:|", "---:|".repeat(sizes.len()));
    for structure in structures {
        let mut worlds: Vec<World> = sizes.iter().map(|&n| shared_scene(structure, n)).collect();
        let mut samples: Vec<Vec<f64>> = vec![Vec::new(); sizes.len()];
        let mut pairs = 0;
        for _ in 0..ROUNDS {
            for (k, world) in worlds.iter_mut().enumerate() {
                for _ in 0..frames_per_round(sizes[k]) {
                    let start = Instant::now();
                    world.step(1.0 / 60.0).expect("a valid dt");
                    pairs = world.pairs().len() / 2;
                    samples[k].push(start.elapsed().as_secs_f64() * 1e3);
                }
            }
        }
        let ms: Vec<f64> = samples.iter_mut().map(|s| median(s)).collect();
        let cells: Vec<String> = ms.iter().map(|m| format!("{m:.2}")).collect();
        let growth: Vec<String> = ms.windows(2).map(|w| format!("{:.1}×", w[1] / w[0])).collect();
        println!("| {structure} | {} | {} | {pairs} |", cells.join(" | "), growth.join(", "));
    }
}
