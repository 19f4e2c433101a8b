//! Benchmark of tile-grid rays (N tutorial B, §5): the DDA cast
//! ([`cast_tiles`]: walk the cells, stop at the first solid edge, test a
//! shape only behind an interesting edge) against the naive approach the
//! tutorial starts from (test the ray against every non-empty tile in its
//! bounding box), on a seeded 256 × 256 N-like map, for short (5 cells),
//! medium (50) and long (300) rays. Prints a markdown table.
//!
//! Run with `cargo bench --bench rays`; arguments filter the rows
//! (`cargo bench --bench rays -- short`). Plain `main`: the table wants the
//! ratio of the two methods on the very same rays.

use std::hint::black_box;
use std::time::{Duration, Instant};

use broadphase::ray::{cast_tiles, segment_tile, GridDims, Traversal};
use broadphase::scene::Rng;
use broadphase::tile_grid::{Corner, TileGrid, TileShape, PRESET_TILE_SIZE};

const SIZE: u32 = 256;
const SEED: u64 = 0x5EED_0004;
const RAYS_PER_CLASS: usize = 20_000;
/// Each method runs on the same rays, in order, until this much time has
/// passed (but at least `MIN_RAYS`), so the slow naive long rays finish.
const BUDGET: Duration = Duration::from_millis(800);
const MIN_RAYS: usize = 200;

/// A shaped end for a platform or pillar: slopes and curves of any family.
fn random_end(rng: &mut Rng) -> TileShape {
    let shaped = &TileShape::ALL[2..];
    shaped[rng.below(shaped.len() as u32) as usize]
}

/// A seeded N-like map: a solid border, floating platforms with sloped and
/// curved ends, pillars, a rolling floor of slopes and curves, and scattered
/// single shapes; about a tenth of the cells are non-empty.
fn n_like_map(rng: &mut Rng) -> TileGrid {
    let mut grid = TileGrid::new(SIZE, SIZE, PRESET_TILE_SIZE).expect("valid size");
    let set = |grid: &mut TileGrid, c: u32, r: u32, s: TileShape| {
        if c < SIZE && r < SIZE {
            grid.set_tile(c, r, s).expect("in the grid");
        }
    };
    for k in 0..SIZE {
        for (c, r) in [(k, 0), (k, SIZE - 1), (0, k), (SIZE - 1, k)] {
            set(&mut grid, c, r, TileShape::Full);
        }
    }
    // Rolling floor: a band of full tiles capped with slopes and curves.
    for c in 1..SIZE - 1 {
        let height = 2 + rng.below(3);
        for r in SIZE - 1 - height..SIZE - 1 {
            set(&mut grid, c, r, TileShape::Full);
        }
        set(&mut grid, c, SIZE - 2 - height, random_end(rng));
    }
    for _ in 0..450 {
        let (c, r, len) = (1 + rng.below(SIZE - 2), 1 + rng.below(SIZE - 8), 3 + rng.below(12));
        let (left, right) = (random_end(rng), random_end(rng));
        set(&mut grid, c, r, left);
        for k in 1..len {
            set(&mut grid, c + k, r, TileShape::Full);
        }
        set(&mut grid, c + len, r, right);
    }
    for _ in 0..120 {
        let (c, r, len) = (1 + rng.below(SIZE - 2), 1 + rng.below(SIZE - 12), 2 + rng.below(8));
        set(&mut grid, c, r, TileShape::Convex(Corner::TopLeft));
        for k in 1..len {
            set(&mut grid, c, r + k, TileShape::Full);
        }
    }
    for _ in 0..600 {
        let (c, r) = (1 + rng.below(SIZE - 2), 1 + rng.below(SIZE - 2));
        set(&mut grid, c, r, random_end(rng));
    }
    grid
}

/// Rays of `cells` cells in random directions from random points of empty
/// cells (where a game casts from: an enemy's eye, a gun).
fn random_rays(grid: &TileGrid, rng: &mut Rng, cells: f64) -> Vec<(f64, f64, f64, f64)> {
    let ts = grid.tile_size();
    let side = f64::from(SIZE) * ts;
    let mut rays = Vec::with_capacity(RAYS_PER_CLASS);
    while rays.len() < RAYS_PER_CLASS {
        let (x, y) = (rng.range(0.0, side), rng.range(0.0, side));
        let Some((c, r)) = grid.cell_at(x, y) else { continue };
        if !grid.tile(c, r).expect("in the grid").is_empty() {
            continue;
        }
        let a = rng.range(0.0, std::f64::consts::TAU);
        let len = cells * ts;
        rays.push((x, y, x + len * a.cos(), y + len * a.sin()));
    }
    rays
}

/// The tutorial's starting point: every non-empty tile in the ray's bounding
/// box (closed, so tiles that only touch it count), exact test on each.
fn naive_cast(grid: &TileGrid, (x0, y0, x1, y1): (f64, f64, f64, f64)) -> Option<f64> {
    let ts = grid.tile_size();
    let range = |lo: f64, hi: f64, n: u32| {
        let first = ((lo / ts).ceil() - 1.0).clamp(0.0, f64::from(n - 1)) as u32;
        let last = (hi / ts).floor().clamp(0.0, f64::from(n - 1)) as u32;
        first..=last
    };
    let tiles = grid.tiles();
    let mut best: Option<f64> = None;
    for r in range(y0.min(y1), y0.max(y1), grid.rows()) {
        for c in range(x0.min(x1), x0.max(x1), grid.cols()) {
            let shape = tiles[(r * grid.cols() + c) as usize];
            if shape.is_empty() {
                continue;
            }
            let bounds = grid.tile_bounds(c, r).expect("in the grid");
            if let Some(h) = segment_tile(shape, &bounds, x0, y0, x1, y1) {
                if best.is_none_or(|b| h.t < b) {
                    best = Some(h.t);
                }
            }
        }
    }
    best
}

/// Runs `cast` over `rays` within the budget; (rays done, rays per second,
/// results).
fn measure(
    rays: &[(f64, f64, f64, f64)],
    cast: impl Fn((f64, f64, f64, f64)) -> Option<f64>,
) -> (usize, f64, Vec<Option<f64>>) {
    let mut results = Vec::with_capacity(rays.len());
    let start = Instant::now();
    for &ray in rays {
        results.push(black_box(cast(black_box(ray))));
        if results.len() >= MIN_RAYS && results.len() % 64 == 0 && start.elapsed() >= BUDGET {
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    (results.len(), results.len() as f64 / secs, results)
}

fn main() {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let mut rng = Rng::new(SEED);
    let grid = n_like_map(&mut rng);
    let filled = grid.tiles().iter().filter(|t| !t.is_empty()).count();
    println!(
        "Map: {SIZE} × {SIZE} tiles of {PRESET_TILE_SIZE}, {:.1}% non-empty, seed {SEED:#x}.\n",
        100.0 * filled as f64 / f64::from(SIZE * SIZE)
    );
    println!(
        "| rays | DDA cast rays/s | naive (bounding box) rays/s | DDA ÷ naive | hit a tile | DDA = naive | walk to the end, no tiles, rays/s |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, cells) in [("short (5 cells)", 5.0), ("medium (50 cells)", 50.0), ("long (300 cells)", 300.0)]
    {
        // Generate every class's rays whatever the filter, so a row's rays
        // do not depend on which rows run.
        let rays = random_rays(&grid, &mut rng, cells);
        if !filters.iter().all(|f| name.contains(f.as_str())) {
            continue;
        }
        let (dda_n, dda_rate, dda) =
            measure(&rays, |(x0, y0, x1, y1)| cast_tiles(&grid, x0, y0, x1, y1).map(|h| h.t));
        let (naive_n, naive_rate, naive) = measure(&rays, |ray| naive_cast(&grid, ray));
        // The traversal alone, to the end of the ray, ignoring tiles (the
        // cast stops at its first hit, so it can be faster than this).
        let dims = GridDims::of(&grid);
        let (_, walk_rate, _) =
            measure(&rays, |(x0, y0, x1, y1)| Traversal::new(dims, x0, y0, x1, y1).last().map(|v| v.t));
        let compared = dda_n.min(naive_n);
        let agree = (0..compared)
            .filter(|&i| match (dda[i], naive[i]) {
                (None, None) => true,
                (Some(a), Some(b)) => (a - b).abs() <= 1e-9,
                _ => false,
            })
            .count();
        let hits = dda.iter().filter(|h| h.is_some()).count();
        println!(
            "| {name} | {:.0} | {:.0} | {:.1}× | {:.0}% | {agree}/{compared} | {:.0} |",
            dda_rate,
            naive_rate,
            dda_rate / naive_rate,
            100.0 * hits as f64 / dda_n as f64,
            walk_rate
        );
    }
}
