//! Native benchmark against the Rust peers on the shared scene (see
//! `scene.rs`): each contender runs the whole scene alone (35 frames of
//! warm-up, then the measured frames), in alternating rounds; times are
//! reported only after every contender's pair count agrees with the others
//! on every frame (and, for the all-moving scene, with the known count
//! after 35 frames).
//!
//! `cargo run --release --manifest-path benches/peers/Cargo.toml [-- N…]`
//! prints a Markdown table of medians and ratios (pasted into the README).
//! `BROADPHASE_QUICK=1` runs the same code at 1,000 boxes, one round of 3
//! measured frames (a check that the command works, not a measurement).

mod contenders;
mod scene;

use std::time::Instant;

use contenders::*;
use scene::{known_pairs, Motion, Scene, FRAMES_TO_KNOWN};

const COUNTS: [usize; 3] = [1_000, 10_000, 100_000];

fn quick() -> bool {
    std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1")
}

fn measured_frames(n: usize) -> usize {
    match n {
        _ if quick() => 3,
        100_000 => 40,
        10_000 => 100,
        _ => 300,
    }
}

/// Builds a contender for the scene at its start.
type Make = fn(&Scene) -> Box<dyn Contender>;

/// Every contender, with a short key for `PEERS_ONLY` (the comma-separated
/// keys to run, e.g. `PEERS_ONLY=world-loose,trait,parry64`; parry2d-f64 is
/// the yardstick of the ratios, so it always runs).
const CONTENDERS: [(&str, Make); 7] = [
    ("world-loose", |scene| Box::new(WorldUpdateMany::new(scene, "loose-grid"))),
    ("world-grid", |scene| Box::new(WorldUpdateMany::new(scene, "grid"))),
    ("trait", |scene| {
        // The World's own cell size, so the trait path runs the same grid.
        let cell = WorldUpdateMany::new(scene, "loose-grid").cell_size();
        Box::new(TraitLooseGrid::new(scene, cell))
    }),
    ("parry64", |scene| Box::new(ParryRefit64::new(scene))),
    ("parry32", |scene| Box::new(ParryRefit32::new(scene))),
    ("rapier", |scene| Box::new(RapierIncremental::new(scene))),
    ("broccoli", |_| Box::new(Broccoli::new())),
];

/// The contenders `PEERS_ONLY` asks for (all when unset).
fn chosen() -> Vec<Make> {
    let only = std::env::var("PEERS_ONLY").unwrap_or_default();
    let keys: Vec<&str> = only.split(',').filter(|k| !k.is_empty()).collect();
    CONTENDERS
        .iter()
        .filter(|(key, _)| keys.is_empty() || *key == "parry64" || keys.contains(key))
        .map(|&(_, make)| make)
        .collect()
}

/// Rounds of whole runs, contenders alternating, so a slow spell of the
/// shared machine hits all of them.
const ROUNDS: usize = 3;

struct Run {
    name: String,
    /// Pair count per frame, to check that every contender saw the same.
    counts: Vec<usize>,
    /// µs per measured frame.
    samples: Vec<f64>,
}

/// One contender alone through the whole scene: `FRAMES_TO_KNOWN` frames of
/// warm-up, then the measured ones.
fn run(make: Make, n: usize, motion: Motion) -> Run {
    let mut scene = Scene::new(n, motion);
    let mut contender = make(&scene);
    let frames = FRAMES_TO_KNOWN + measured_frames(n);
    let (mut counts, mut samples) = (Vec::with_capacity(frames), Vec::with_capacity(frames));
    for frame in 1..=frames {
        scene.step();
        let start = Instant::now();
        counts.push(contender.frame(&scene));
        let us = start.elapsed().as_secs_f64() * 1e6;
        if frame > FRAMES_TO_KNOWN {
            samples.push(us);
        }
    }
    if motion == Motion::All {
        if let Some(known) = known_pairs(n) {
            assert_eq!(counts[FRAMES_TO_KNOWN - 1], known, "N={n}: the scene is not the shared one");
        }
    }
    Run { name: contender.name(), counts, samples }
}

/// Every contender, `ROUNDS` times; the median and the mean µs per frame
/// of each (the mean counts the rare costly frames a median leaves out,
/// such as the World renumbering its slots).
fn compare(contenders: &[Make], n: usize, motion: Motion) -> Vec<(String, f64, f64)> {
    let mut runs: Vec<Option<Run>> = (0..contenders.len()).map(|_| None).collect();
    for round in 0..if quick() { 1 } else { ROUNDS } {
        for k in 0..contenders.len() {
            let c = (k + round) % contenders.len();
            let run = run(contenders[c], n, motion);
            match &mut runs[c] {
                Some(all) => all.samples.extend(run.samples),
                none => *none = Some(run),
            }
        }
    }
    let runs: Vec<Run> = runs.into_iter().map(Option::unwrap).collect();
    for r in &runs[1..] {
        if let Some(frame) = (0..r.counts.len()).find(|&f| r.counts[f] != runs[0].counts[f]) {
            panic!(
                "N={n} {}, frame {}: {} found {} pairs, {} found {}",
                motion.name(),
                frame + 1,
                runs[0].name,
                runs[0].counts[frame],
                r.name,
                r.counts[frame]
            );
        }
    }
    runs.into_iter()
        .map(|mut r| {
            r.samples.sort_by(f64::total_cmp);
            let mean = r.samples.iter().sum::<f64>() / r.samples.len() as f64;
            (r.name, r.samples[r.samples.len() / 2], mean)
        })
        .collect()
}

fn main() {
    let wanted: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let counts: Vec<usize> = COUNTS
        .into_iter()
        .filter(|&n| if wanted.is_empty() { !quick() || n == COUNTS[0] } else { wanted.contains(&n) })
        .collect();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let contenders = chosen();
    println!("{cpu}, {cores} cores; median µs per frame over {ROUNDS} rounds, single-threaded.\n");
    println!("| N | contender | all moving µs (median) | vs parry2d-f64 | all moving µs (mean) | 90 % at rest µs | rest / moving |");
    println!("|---:|---|---:|---:|---:|---:|---:|");
    for n in counts {
        let moving = compare(&contenders, n, Motion::All);
        let resting = compare(&contenders, n, Motion::TenthMoving);
        let parry = moving.iter().find(|r| r.0.starts_with("parry2d-f64")).unwrap().1;
        for ((name, m, mean), (_, r, _)) in moving.iter().zip(&resting) {
            println!("| {n} | {name} | {m:.0} | {:.2}× | {mean:.0} | {r:.0} | {:.2} |", parry / m, r / m);
        }
    }
}
