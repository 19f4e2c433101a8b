//! The walk of the tile map: the first tile or closed door a moving box
//! meets, against the reference taken over every tile and door of small
//! seeded maps, at every magnitude; and the exact overlap test of a
//! resting box.

use super::solids::{scale, size_of};
use super::{first_overlap, Solid};
use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::sweep::BoxMotion;
use crate::tile_grid::{Door, Side, TileGrid, TileShape};

/// A small seeded map: a third of the cells hold a tile (full half the
/// time), and some sides are closed doors.
fn map(rng: &mut Rng, ts: f64) -> TileGrid {
    let (cols, rows) = (2 + rng.below(5), 2 + rng.below(5));
    let mut grid = TileGrid::new(cols, rows, 1.0).unwrap();
    grid = TileGrid::new(cols, rows, ts).unwrap_or(grid);
    for row in 0..rows {
        for col in 0..cols {
            if rng.below(3) == 0 {
                let shape = if rng.below(2) == 0 {
                    TileShape::Full
                } else {
                    TileShape::ALL[2 + rng.below(28) as usize]
                };
                grid.set_tile(col, row, shape).unwrap();
            }
            for side in [Side::Left, Side::Top, Side::Right, Side::Bottom] {
                if rng.below(12) == 0 {
                    grid.set_door(col, row, side, Some(Door::Closed)).unwrap();
                }
            }
        }
    }
    grid
}

/// Every solid of the map: tiles and closed doors.
fn solids(grid: &TileGrid) -> Vec<Solid> {
    let mut out = Vec::new();
    let line = |k: u32| grid.line(k);
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let shape = grid.tile(col, row).unwrap();
            if !shape.is_empty() {
                out.push(Solid::Tile(shape, grid.tile_bounds(col, row).unwrap()));
            }
        }
    }
    for row in 0..grid.rows() {
        for k in 0..=grid.cols() {
            let door = if k < grid.cols() {
                grid.door(k, row, Side::Left)
            } else {
                grid.door(k - 1, row, Side::Right)
            };
            if door.unwrap() == Some(Door::Closed) {
                out.push(Solid::Box(Aabb {
                    min_x: line(k),
                    min_y: line(row),
                    max_x: line(k),
                    max_y: line(row + 1),
                }));
            }
        }
    }
    for k in 0..=grid.rows() {
        for col in 0..grid.cols() {
            let door = if k < grid.rows() {
                grid.door(col, k, Side::Top)
            } else {
                grid.door(col, k - 1, Side::Bottom)
            };
            if door.unwrap() == Some(Door::Closed) {
                out.push(Solid::Box(Aabb {
                    min_x: line(col),
                    min_y: line(k),
                    max_x: line(col + 1),
                    max_y: line(k),
                }));
            }
        }
    }
    out
}

/// A box somewhere over the map, moving anywhere, by anything.
fn motion(rng: &mut Rng, grid: &TileGrid, ts: f64) -> BoxMotion {
    let b = grid.bounds();
    let on_line = |rng: &mut Rng, n: u32| ts * f64::from(rng.below(n + 1));
    let (w, h) = (ts * 10f64.powf(rng.range(-2.0, 0.5)), ts * 10f64.powf(rng.range(-2.0, 0.5)));
    let x = if rng.below(4) == 0 { on_line(rng, grid.cols()) } else { rng.range(-ts, b.max_x + ts) };
    let y = if rng.below(4) == 0 { on_line(rng, grid.rows()) } else { rng.range(-ts, b.max_y + ts) };
    let a = Aabb::from_xywh(x, y, w, h);
    let d = match rng.below(5) {
        0 => [ts * rng.range(-6.0, 6.0), 0.0],
        1 => [0.0, ts * rng.range(-6.0, 6.0)],
        2 => {
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let k = f64::MAX * rng.range(0.0, 1.0);
            [k * angle.cos(), k * angle.sin()]
        }
        _ => [ts * rng.range(-6.0, 6.0), ts * rng.range(-6.0, 6.0)],
    };
    BoxMotion { lo: [a.min_x, a.min_y], hi: [a.max_x, a.max_y], d }
}

#[test]
fn the_walk_meets_what_the_reference_meets_first() {
    let mut failures = Vec::new();
    for seed in 0..600u64 {
        let mut rng = Rng::new(0x7A1E ^ seed);
        let ts = scale(&mut rng);
        let grid = map(&mut rng, ts);
        let all = solids(&grid);
        for _ in 0..4 {
            let m = motion(&mut rng, &grid, ts);
            let mine = crate::sweep::sweep_tiles(&grid, &m);
            // The reference's first contact over every solid: the exact
            // first time lies between the smallest lower and upper bounds.
            let mut first: Option<(f64, f64, bool)> = None;
            for s in &all {
                if let Some(r) = first_overlap(s, m.lo, m.hi, m.d) {
                    let (lo, hi) = r.bounds();
                    first = Some(match first {
                        None => (lo, hi, r.inside),
                        Some((a, b, inside)) => (a.min(lo), b.min(hi), inside || r.inside),
                    });
                }
            }
            let ok = match (mine, first) {
                (None, None) => true,
                (Some(c), Some((lo, hi, inside))) => {
                    let t = c.contact.time.value();
                    let tol = 1e-12 * hi
                        + 1e-9 * size_of(&m) / m.d[0].abs().max(m.d[1].abs()).max(f64::MIN_POSITIVE)
                        + 1e-300;
                    c.contact.inside() == inside && lo - tol <= t && t <= hi + tol && c.contact.time.lo <= hi
                }
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "seed {seed}: {}x{} map of {ts}: {m:?}: mine {:?}, the reference {first:?}",
                    grid.cols(),
                    grid.rows(),
                    mine.map(|c| (c.contact.time.t, c.contact.normal, c.col, c.row))
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 2400 differ:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn a_resting_box_overlaps_exactly_what_the_reference_says() {
    let mut failures = Vec::new();
    for seed in 0..600u64 {
        let mut rng = Rng::new(0x0BE7 ^ seed);
        let ts = scale(&mut rng);
        let grid = map(&mut rng, ts);
        let all = solids(&grid);
        for _ in 0..4 {
            let mut m = motion(&mut rng, &grid, ts);
            m.d = [0.0, 0.0];
            let b = Aabb { min_x: m.lo[0], min_y: m.lo[1], max_x: m.hi[0], max_y: m.hi[1] };
            let want = all.iter().any(|s| first_overlap(s, m.lo, m.hi, m.d).is_some());
            if crate::sweep::box_overlaps(&grid, &b) != want
                || crate::sweep::sweep_tiles(&grid, &m).is_some() != want
            {
                failures.push(format!("seed {seed}: {b:?}: the reference says {want}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}
