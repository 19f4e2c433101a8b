//! Benchmark: one frame = `step(1/60)` + `pairs()` on seeded scenes of moving
//! boxes, for every structure, at 1k, 10k and 100k objects. Prints medians
//! and ratios as a markdown table (pasted into the README).
//!
//! `cargo bench --bench step_pairs` runs everything; arguments filter:
//! `cargo bench --bench step_pairs -- 10000 uniform` runs only matching rows,
//! and `--skip-brute-force` leaves out the slow reference (for A/B runs of
//! the other structures; the pair counts are still compared among them).
//! Plain `main` instead of criterion: the table needs ratios across
//! structures, and brute force at 100k takes seconds per frame.
//! `BROADPHASE_QUICK=1` runs the same code at 1k objects for 3 frames (a
//! check that the command works, not a measurement).

use std::time::Instant;

use broadphase::scene::{scene_side, Layout};
use broadphase::world::StructureKind;
use broadphase::World;

const COUNTS: [usize; 3] = [1_000, 10_000, 100_000];

fn quick() -> bool {
    std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1")
}

struct Row {
    layout: &'static str,
    count: usize,
    structure: &'static str,
    median_us: f64,
    /// Overlapping pairs after the common warm-up.
    pairs: usize,
}

/// Frames to measure: fewer when a frame is slow.
fn frames_for(kind: StructureKind, count: usize) -> usize {
    match (kind, count) {
        _ if quick() => 3,
        (StructureKind::BruteForce, 100_000) => 1,
        (StructureKind::BruteForce, 10_000) => 10,
        (_, 100_000) => 20,
        _ => 60,
    }
}

fn measure(kind: StructureKind, layout: Layout, count: usize) -> Row {
    let side = scene_side(count);
    let mut world = World::new(side, side).unwrap();
    world.set_structure(kind.name()).unwrap();
    world.populate(count as u32, 42, layout).unwrap();
    // The same warm-up for every structure, so their pair sets can be
    // compared before the measured frames (whose number differs).
    for _ in 0..3 {
        world.step(1.0 / 60.0).unwrap();
    }
    let pairs = world.pairs().len() / 2;
    let frames = frames_for(kind, count);
    let mut samples = Vec::with_capacity(frames);
    for _ in 0..frames {
        let start = Instant::now();
        world.step(1.0 / 60.0).unwrap();
        std::hint::black_box(world.pairs());
        samples.push(start.elapsed().as_secs_f64() * 1e6);
    }
    samples.sort_by(f64::total_cmp);
    Row { layout: layout.name(), count, structure: kind.name(), median_us: samples[samples.len() / 2], pairs }
}

fn main() {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let skip_brute_force = std::env::args().any(|a| a == "--skip-brute-force");
    let wanted = |layout: Layout, count: usize| {
        filters.iter().all(|f| f == layout.name() || f.parse::<usize>().ok() == Some(count))
    };
    println!("| scene | objects | structure | median µs / frame | pairs | vs brute force | vs best |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    for layout in Layout::ALL {
        for count in COUNTS {
            if !wanted(layout, count) || (quick() && count > COUNTS[0]) {
                continue;
            }
            let rows: Vec<Row> = StructureKind::ALL
                .iter()
                .filter(|&&kind| !(skip_brute_force && kind == StructureKind::BruteForce))
                .map(|&kind| measure(kind, layout, count))
                .collect();
            let brute = rows.iter().find(|r| r.structure == "brute-force").map_or(f64::NAN, |r| r.median_us);
            let best = rows.iter().map(|r| r.median_us).fold(f64::INFINITY, f64::min);
            let agreed = rows.windows(2).all(|w| w[0].pairs == w[1].pairs);
            assert!(
                agreed,
                "structures disagree on {} {}: {:?}",
                layout.name(),
                count,
                rows.iter().map(|r| r.pairs).collect::<Vec<_>>()
            );
            for r in &rows {
                println!(
                    "| {} | {} | {} | {:.0} | {} | {} | {:.2}× |",
                    r.layout,
                    r.count,
                    r.structure,
                    r.median_us,
                    r.pairs,
                    if brute.is_nan() {
                        "—".to_string()
                    } else {
                        format!("{:.1}× faster", brute / r.median_us)
                    },
                    r.median_us / best
                );
            }
        }
    }
}
