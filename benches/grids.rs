//! Benchmark: frame times of both grids on the benchmark scenes, every box
//! moved by its velocity (elastic walls), `update` for each, then `pairs`;
//! the measurements behind the grids' choices (cell size, oversize
//! threshold, clamping; docs/BENCHMARKS.md, "The normal grid").
//!
//! `cargo bench --bench grids` runs all four; an argument picks some
//! (`frames`, `cell-sizes`, `oversize`, `outside`). `BROADPHASE_QUICK=1`
//! runs the same code on 1,000 boxes, 2 frames, once.

use std::time::Instant;

use broadphase::broad_phase::{BroadPhase, Stats};
use broadphase::geometry::Aabb;
use broadphase::grid::{self, Grid};
use broadphase::loose_grid::{self, LooseGrid};
use broadphase::scene::{generate, scene_side, Layout, SceneObject};

const DT: f64 = 1.0 / 60.0;

fn quick() -> bool {
    std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1")
}

/// Microseconds per frame for update-all and for pairs: the median over
/// `frames` frames after two warm-up frames (the median, because the
/// machine is shared and an unlucky frame waits for the CPU), with the last
/// frame's stats.
struct FrameTime {
    update_us: f64,
    pairs_us: f64,
    pairs: usize,
    stats: Stats,
}

fn time_frames(
    structure: &mut dyn BroadPhase,
    objects: &mut [SceneObject],
    side: f64,
    frames: usize,
) -> FrameTime {
    for (proxy, o) in objects.iter().enumerate() {
        structure.insert(proxy as u32, Aabb::from_xywh(o.x, o.y, o.w, o.h));
    }
    let mut out = Vec::new();
    let (mut update_s, mut pairs_s) = (Vec::new(), Vec::new());
    let mut stats = Stats::default();
    for frame in 0..frames + 2 {
        let start = Instant::now();
        for (proxy, o) in objects.iter_mut().enumerate() {
            o.x += o.vx * DT;
            o.y += o.vy * DT;
            reflect(&mut o.x, &mut o.vx, o.w, side);
            reflect(&mut o.y, &mut o.vy, o.h, side);
            structure.update(proxy as u32, Aabb::from_xywh(o.x, o.y, o.w, o.h));
        }
        let moved = Instant::now();
        out.clear();
        stats = structure.pairs(&mut out);
        let paired = Instant::now();
        if frame >= 2 {
            update_s.push((moved - start).as_secs_f64());
            pairs_s.push((paired - moved).as_secs_f64());
        }
    }
    FrameTime {
        update_us: median(&mut update_s) * 1e6,
        pairs_us: median(&mut pairs_s) * 1e6,
        pairs: out.len(),
        stats,
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_unstable_by(f64::total_cmp);
    values[values.len() / 2]
}

fn reflect(position: &mut f64, velocity: &mut f64, size: f64, limit: f64) {
    if *position < 0.0 {
        *position = -*position;
        *velocity = velocity.abs();
    }
    if *position > limit - size {
        *position = 2.0 * (limit - size) - *position;
        *velocity = -velocity.abs();
    }
    *position = position.clamp(0.0, (limit - size).max(0.0));
}

/// The scene of `count` boxes, its side, and the median of the boxes'
/// larger sides (what the cell sizes below are multiples of).
fn scene(count: usize, layout: Layout) -> (Vec<SceneObject>, f64, f64) {
    let count = if quick() { count.min(1_000) } else { count };
    let side = scene_side(count);
    let objects = generate(count, side, layout, 42);
    let mut extents: Vec<f64> = objects.iter().map(|o| o.w.max(o.h)).collect();
    let median = median(&mut extents);
    (objects, side, median)
}

fn box_of(o: &SceneObject) -> Aabb {
    Aabb::from_xywh(o.x, o.y, o.w, o.h)
}

/// The best of `reps` runs (fresh structure each), since the machine is
/// shared: update and pairs minimised separately.
fn best_of(
    reps: usize,
    make: &dyn Fn() -> Box<dyn BroadPhase>,
    objects: &[SceneObject],
    side: f64,
    frames: usize,
) -> FrameTime {
    let (reps, frames) = if quick() { (1, frames.min(2)) } else { (reps, frames) };
    let mut best: Option<FrameTime> = None;
    for _ in 0..reps {
        let t = time_frames(make().as_mut(), &mut objects.to_vec(), side, frames);
        best = Some(match best {
            None => t,
            Some(b) => FrameTime {
                update_us: b.update_us.min(t.update_us),
                pairs_us: b.pairs_us.min(t.pairs_us),
                ..t
            },
        });
    }
    best.expect("at least one run")
}

fn report(label: &str, t: &FrameTime) {
    println!(
        "{label:<36} update {:>8.1} µs  pairs {:>8.1} µs  total {:>8.1} µs  ({} pairs, {} tests, {} cells)",
        t.update_us,
        t.pairs_us,
        t.update_us + t.pairs_us,
        t.pairs,
        t.stats.candidate_tests,
        t.stats.nodes_visited
    );
}

/// The headline numbers: both grids at their suggested cell sizes, 10k and
/// 100k boxes, every layout.
fn frames() {
    for count in [10_000, 100_000] {
        for layout in Layout::ALL {
            let (objects, side, _) = scene(count, layout);
            let world = Aabb::from_xywh(0.0, 0.0, side, side);
            let frames = if count > 50_000 { 30 } else { 200 };
            let cs = grid::suggested_cell_size(objects.iter().map(box_of));
            let t = best_of(3, &|| Box::new(Grid::new(world, cs)), &objects, side, frames);
            report(&format!("grid {count} {}", layout.name()), &t);
            let cs = loose_grid::suggested_cell_size(objects.iter().map(box_of));
            let t = best_of(3, &|| Box::new(LooseGrid::new(world, cs)), &objects, side, frames);
            report(&format!("loose-grid {count} {}", layout.name()), &t);
        }
    }
}

/// Cell size as a multiple of the median extent, both grids.
fn cell_sizes() {
    for layout in Layout::ALL {
        let (objects, side, median) = scene(10_000, layout);
        let world = Aabb::from_xywh(0.0, 0.0, side, side);
        for factor in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0] {
            let t = best_of(3, &|| Box::new(Grid::new(world, factor * median)), &objects, side, 100);
            report(&format!("grid {} cs {factor}×median", layout.name()), &t);
        }
        for factor in [1.0, 1.25, 1.3, 1.5, 2.0, 3.0] {
            let t = best_of(3, &|| Box::new(LooseGrid::new(world, factor * median)), &objects, side, 100);
            report(&format!("loose {} cs {factor}×median", layout.name()), &t);
        }
        let cs = loose_grid::suggested_cell_size(objects.iter().map(box_of));
        let t = best_of(3, &|| Box::new(LooseGrid::new(world, cs)), &objects, side, 100);
        report(&format!("loose {} cs {:.2}×median (suggested)", layout.name(), cs / median), &t);
    }
}

/// The normal grid's oversize threshold, on the mixed scene and on the
/// uniform one with ten boxes a quarter of the world wide.
fn oversize() {
    let (mixed, side, median) = scene(10_000, Layout::MixedSizes);
    let (mut giants, _, _) = scene(10_000, Layout::Uniform);
    for o in giants.iter_mut().take(10) {
        (o.w, o.h) = (side / 4.0, side / 4.0);
        (o.x, o.y) = (o.x.min(side - o.w), o.y.min(side - o.h));
    }
    let world = Aabb::from_xywh(0.0, 0.0, side, side);
    for (name, objects) in [("mixed", &mixed), ("giants", &giants)] {
        for k in [1, 4, 16, 64, 256, 1024, u32::MAX] {
            let make = || -> Box<dyn BroadPhase> {
                let mut grid = Grid::new(world, 2.0 * median);
                grid.set_max_cells_per_object(k);
                Box::new(grid)
            };
            let t = best_of(3, &make, objects, side, 100);
            report(&format!("grid {name} K={k}"), &t);
        }
    }
}

/// Clamping: the same uniform scene filed in a world covering less and less
/// of it, so more and more boxes share the border cells.
fn outside() {
    let (objects, side, _) = scene(10_000, Layout::Uniform);
    for fraction in [1.0, 0.9, 0.7, 0.5] {
        let world = Aabb::from_xywh(0.0, 0.0, side * fraction, side * fraction);
        let cs = grid::suggested_cell_size(objects.iter().map(box_of));
        let t = best_of(3, &|| Box::new(Grid::new(world, cs)), &objects, side, 100);
        report(&format!("grid world {fraction}×side"), &t);
        let cs = loose_grid::suggested_cell_size(objects.iter().map(box_of));
        let t = best_of(3, &|| Box::new(LooseGrid::new(world, cs)), &objects, side, 100);
        report(&format!("loose world {fraction}×side"), &t);
    }
}

fn main() {
    let picked: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let runs: [(&str, fn()); 4] =
        [("frames", frames), ("cell-sizes", cell_sizes), ("oversize", oversize), ("outside", outside)];
    for (name, run) in runs {
        if picked.is_empty() || picked.iter().any(|p| p == name) {
            println!("## {name}");
            run();
        }
    }
}
