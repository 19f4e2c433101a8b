//! Runs frames (`step(1/60)` + `pairs()`) of a seeded scene in a loop, for a
//! profiler: `cargo build --release --example profile_frames` then
//! `perf record -g target/release/examples/profile_frames 100000 uniform 300`
//! (set `debug = "line-tables-only"` under `[profile.release]` for lines).
//!
//! Arguments: object count, layout (`uniform`, `clustered`, `mixed`),
//! frames, and optionally the structure (default `loose-grid`).

use broadphase::scene::{scene_side, Layout};
use broadphase::World;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: profile_frames <count> <uniform|clustered|mixed> <frames> [structure]";
    let count: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let layout = args.get(1).and_then(|a| Layout::from_name(a)).expect(usage);
    let frames: usize = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    let structure = args.get(3).map_or("loose-grid", String::as_str);
    let side = scene_side(count);
    let mut world = World::new(side, side).expect("a positive side");
    world.set_structure(structure).expect(usage);
    world.populate(count as u32, 42, layout).expect("a seeded scene");
    let start = std::time::Instant::now();
    for _ in 0..frames {
        world.step(1.0 / 60.0).expect("a valid dt");
        std::hint::black_box(world.pairs());
    }
    println!("{:.0} µs per frame", start.elapsed().as_secs_f64() * 1e6 / frames as f64);
}
