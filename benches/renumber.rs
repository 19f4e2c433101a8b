//! Benchmark: what one renumbering of the slots in space order costs
//! (`World::renumber_slots`, which `pairs()` runs by itself once the
//! objects have drifted about a cell on average), per structure, at 10k
//! and 100k moving objects. Between two timed renumberings the scene runs
//! ten frames, so each starts from the drifted order it meets in a game.
//!
//! `cargo bench --bench renumber` (arguments filter rows, e.g. `100000`);
//! `BROADPHASE_QUICK=1` runs the same code at 1k objects, 3 renumberings.

use std::time::Instant;

use broadphase::scene::{scene_side, Layout};
use broadphase::world::StructureKind;
use broadphase::World;

fn main() {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let quick = std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1");
    let (counts, timed) = if quick { (&[1_000usize][..], 3) } else { (&[10_000usize, 100_000][..], 15) };
    println!("| N | structure | renumbering µs (median of {timed}) |");
    println!("|---:|---|---:|");
    for &count in counts {
        for kind in [StructureKind::LooseGrid, StructureKind::Grid, StructureKind::Quadtree] {
            let row = format!("{count} {}", kind.name());
            if !filters.iter().all(|f| row.contains(f.as_str())) {
                continue;
            }
            let side = scene_side(count);
            let mut world = World::new(side, side).unwrap();
            world.set_structure(kind.name()).unwrap();
            world.populate(count as u32, 42, Layout::Uniform).unwrap();
            let mut samples = Vec::new();
            for _ in 0..=timed {
                for _ in 0..10 {
                    world.step(1.0 / 60.0).unwrap();
                    std::hint::black_box(world.pairs());
                }
                let start = Instant::now();
                world.renumber_slots();
                samples.push(start.elapsed().as_secs_f64() * 1e6);
            }
            // The first is the warm-up: its scratch is allocated then.
            samples.remove(0);
            samples.sort_by(f64::total_cmp);
            println!("| {count} | {} | {:.0} |", kind.name(), samples[samples.len() / 2]);
        }
    }
}
