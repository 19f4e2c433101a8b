//! The tile-aware step natively, in the scene of issue 34: 1,000 colliders
//! of 2 × 2 in a 64 × 64 maze of 8-unit tiles, 35 % full (seeded), at
//! speeds from 10 to 1e308 units a second, bouncing or sliding (and
//! sliding with the velocity set again before every step: a character
//! pushing on, where a slider left alone soon rests in a corner). Prints a
//! markdown table of ms per `step(1/60)` (median of rounds) and the mean
//! contacts a collider met per step — `benches/tile_step.mjs` times the
//! same scene in wasm.
//!
//! Run with `cargo bench --bench tile_maze`; arguments pick rows by speed
//! or response (`cargo bench --bench tile_maze -- 1e5 bounce`).
//! `BROADPHASE_QUICK=1` runs the same code on fewer steps.

use std::time::Instant;

use broadphase::scene::Rng;
use broadphase::tile_grid::TileShape;
use broadphase::world::TileResponse;
use broadphase::World;

const COLS: u32 = 64;
const TILE: f64 = 8.0;
const COLLIDERS: usize = 1000;
const SPEEDS: [f64; 6] = [10.0, 1e3, 1e5, 1e8, 1e100, 1e308];

/// The maze and its colliders, every one clear of the tiles, with their
/// velocities.
fn maze(speed: f64, response: TileResponse) -> (World, Vec<(u32, f64, f64)>) {
    let side = f64::from(COLS) * TILE;
    let mut w = World::new(side, side).expect("a valid size");
    w.set_structure("loose-grid").expect("a known structure");
    w.tiles_mut().reset(COLS, COLS, TILE).expect("a valid map");
    let mut rng = Rng::new(34);
    let mut full = vec![false; (COLS * COLS) as usize];
    for row in 0..COLS {
        for col in 0..COLS {
            if rng.range(0.0, 1.0) < 0.35 {
                w.tiles_mut().set_tile(col, row, TileShape::Full).expect("in the map");
                full[(row * COLS + col) as usize] = true;
            }
        }
    }
    let mut pushes = Vec::new();
    while pushes.len() < COLLIDERS {
        let (x, y) = (rng.range(0.0, side - 2.0), rng.range(0.0, side - 2.0));
        let clear = [x, x + 2.0].iter().all(|&cx| {
            [y, y + 2.0].iter().all(|&cy| !full[((cy / TILE) as u32 * COLS + (cx / TILE) as u32) as usize])
        });
        if !clear {
            continue;
        }
        let id = w.insert(x, y, 2.0, 2.0).expect("a valid box");
        let angle = rng.range(0.0, std::f64::consts::TAU);
        w.set_velocity(id, speed * angle.cos(), speed * angle.sin()).expect("a live id");
        w.set_tile_response(id, response).expect("a live id");
        pushes.push((id, speed * angle.cos(), speed * angle.sin()));
    }
    (w, pushes)
}

fn main() {
    let quick = std::env::var("BROADPHASE_QUICK").is_ok_and(|v| v == "1");
    let (rounds, steps) = if quick { (1, 2) } else { (7, 20) };
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let picked = |what: &str| only.is_empty() || only.iter().any(|o| o == what);
    println!("| speed (units/s) | response | ms per step | contacts per collider |");
    println!("|---:|---|---:|---:|");
    for speed in SPEEDS {
        for (response, pushed) in
            [(TileResponse::Bounce, false), (TileResponse::Slide, false), (TileResponse::Slide, true)]
        {
            let speed_name = format!("{speed:e}");
            if !(picked(&speed_name) || picked(response.name())) {
                continue;
            }
            let (mut w, pushes) = maze(speed, response);
            let mut times = Vec::new();
            let before = w.tile_contacts();
            for _ in 0..rounds {
                let start = Instant::now();
                for _ in 0..steps {
                    if pushed {
                        for &(id, vx, vy) in &pushes {
                            w.set_velocity(id, vx, vy).expect("a live id");
                        }
                    }
                    w.step(1.0 / 60.0).expect("a valid dt");
                }
                times.push(start.elapsed().as_secs_f64() * 1e3 / f64::from(steps));
            }
            let contacts =
                (w.tile_contacts() - before) as f64 / (COLLIDERS as f64 * f64::from(rounds * steps));
            times.sort_by(f64::total_cmp);
            let what = if pushed { "slide, pushed each step" } else { response.name() };
            println!("| {speed_name} | {what} | {:.3} | {contacts:.2} |", times[times.len() / 2]);
        }
    }
}
