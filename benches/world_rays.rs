//! `World::cast_ray` natively, per structure: 10,000 seeded boxes in a
//! 4000 × 4000 world (the scenes' density), rays from the top edge to the
//! bottom edge at seeded x's, without and with a tile map (125 × 125 tiles
//! of 32, 2 % full) — the scene of `benches/cast_ray.mjs`, which times the
//! same in wasm — fresh, and "after churn": after the first frame, 50,000
//! seeded `update` calls move boxes to new random places with new sizes of
//! 4 to 18 units a side (the scene's are 4 to 16: some outgrow the loose
//! grid's automatic cell), and the rays follow before any further `step`.
//! Prints a markdown table of ns per cast (best of 5 runs).
//!
//! Run with `cargo bench --bench world_rays`; arguments pick structures
//! (`cargo bench --bench world_rays -- loose-grid`). `BROADPHASE_QUICK=1`
//! runs the same code on 200 rays, once. `--churn` runs only the churned
//! scene, `--fresh` only the fresh one (for one scene under callgrind).

use std::hint::black_box;
use std::time::Instant;

use broadphase::scene::{Layout, Rng};
use broadphase::world::StructureKind;
use broadphase::World;

const SIDE: f64 = 4000.0;
const RAYS: usize = 4000;
const OBJECTS: u32 = 10_000;
/// `update` calls of the churned scene.
const CHURN: usize = 50_000;
/// The churned boxes' largest side: the scene's 4 to 16 units, some grown
/// past the loose grid's automatic cell (1.05 × the 95th percentile).
const GROWN: f64 = 18.0;

fn world(kind: StructureKind, tiles: bool, churn: bool) -> World {
    let mut w = World::new(SIDE, SIDE).expect("a valid size");
    let first = w.populate(OBJECTS, 42, Layout::Uniform).expect("room for the scene");
    w.set_structure(kind.name()).expect("a known structure");
    if tiles {
        w.tiles_mut().reset(125, 125, 32.0).expect("a valid map");
        let mut rng = Rng::new(7);
        for _ in 0..(125 * 125 / 50) {
            w.tiles_mut().set_tile_named(rng.below(125), rng.below(125), "full").expect("in the map");
        }
    }
    w.step(1.0 / 60.0).expect("a valid dt");
    w.pairs();
    if churn {
        // Boxes moved to new random places, one `update` at a time, with
        // new sizes of 4 to GROWN units a side; the rays come before the
        // next `step` and `pairs`.
        let mut rng = Rng::new(5);
        for _ in 0..CHURN {
            let id = first + rng.below(OBJECTS);
            let (bw, bh) = (rng.range(4.0, GROWN), rng.range(4.0, GROWN));
            let (x, y) = (rng.range(0.0, SIDE - bw), rng.range(0.0, SIDE - bh));
            w.update(id, x, y, bw, bh).expect("a finite box");
        }
    }
    w
}

fn main() {
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let mut rng = Rng::new(11);
    let quick = std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1");
    let (count, runs) = if quick { (200, 1) } else { (RAYS, 5) };
    let rays: Vec<(f64, f64)> = (0..count).map(|_| (rng.range(0.0, SIDE), rng.range(0.0, SIDE))).collect();
    let flags: Vec<String> = std::env::args().filter(|a| a.starts_with("--")).collect();
    let scenes: Vec<bool> = [false, true]
        .into_iter()
        .filter(|&churn| !flags.iter().any(|f| f == if churn { "--fresh" } else { "--churn" }))
        .collect();
    println!("| scene | structure | tile map | ns per cast |");
    println!("|---|---|---|---:|");
    for churn in scenes {
        for tiles in [false, true] {
            for kind in StructureKind::ALL {
                if !only.is_empty() && !only.iter().any(|o| o == kind.name()) {
                    continue;
                }
                let mut w = world(kind, tiles, churn);
                let mut best = f64::INFINITY;
                for _ in 0..runs {
                    let start = Instant::now();
                    for &(x0, x1) in &rays {
                        black_box(w.cast_ray(x0, 0.0, x1, SIDE).expect("finite ends"));
                    }
                    best = best.min(start.elapsed().as_secs_f64() * 1e9 / RAYS as f64);
                }
                let scene = if churn { "after churn" } else { "fresh" };
                println!(
                    "| {scene} | {} | {} | {best:.0} |",
                    kind.name(),
                    if tiles { "2 % full" } else { "none" }
                );
            }
        }
    }
}
