//! Casting against the tile grid: against brute force on seeded random maps
//! and the preset levels, doors, solids and the edge cases.

use super::tile_shapes::near_solid;
use super::*;

/// A random map: each family in each orientation, solid blocks (whose
/// inner faces are simplified away), and doors, open and closed.
fn random_grid(rng: &mut Rng) -> TileGrid {
    let cell = CELL_SIZES[rng.below(CELL_SIZES.len() as u32) as usize];
    let (cols, rows) = (1 + rng.below(10), 1 + rng.below(10));
    let mut grid = TileGrid::new(cols, rows, cell).unwrap();
    let density = rng.range(0.05, 0.6);
    for r in 0..rows {
        for c in 0..cols {
            if rng.next_f64() < density {
                let shape = TileShape::ALL[1 + rng.below(29) as usize];
                grid.set_tile(c, r, shape).unwrap();
            }
        }
    }
    for _ in 0..rng.below(3) {
        let (c0, r0) = (rng.below(cols), rng.below(rows));
        for r in r0..(r0 + 1 + rng.below(3)).min(rows) {
            for c in c0..(c0 + 1 + rng.below(3)).min(cols) {
                grid.set_tile(c, r, TileShape::Full).unwrap();
            }
        }
    }
    for _ in 0..rng.below(5) {
        let door = if rng.below(2) == 0 { Door::Open } else { Door::Closed };
        let side = Side::ALL[rng.below(4) as usize];
        grid.set_door(rng.below(cols), rng.below(rows), side, Some(door)).unwrap();
    }
    grid
}

/// The brute force: the first hit over every non-empty tile's exact shape
/// and every closed door as a thin closed box; nothing for a segment that
/// passes through no cell (it only touches the grid from outside).
pub(super) fn brute_cast(grid: &TileGrid, r: Ray) -> Option<(f64, (u32, u32))> {
    if reference_cells(GridDims::of(grid), r).is_empty() {
        return None;
    }
    let mut best: Option<(f64, (u32, u32))> = None;
    let mut offer = |t: f64, cell| {
        if best.is_none_or(|b| t < b.0) {
            best = Some((t, cell));
        }
    };
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let b = grid.tile_bounds(col, row).unwrap();
            let shape = grid.tile(col, row).unwrap();
            let float = segment_tile(shape, &b, r.0, r.1, r.2, r.3).map(|h| h.t);
            let t = match shape.geometry() {
                // Polygons and doors: touching decided in exact rationals.
                TileGeometry::Polygon(p) => {
                    let corners: Vec<(f64, f64)> = p.vertices().iter().map(|&v| to_world(&b, v)).collect();
                    exact_touch(r, &corners, float)
                }
                // Quarter circles too; where the floating test rounds the
                // contact away, the reference's first point.
                TileGeometry::QuarterCircle(_) => arc_touch(r, &b, shape, float),
                TileGeometry::Empty => None,
            };
            if let Some(t) = t {
                offer(t, (col, row));
            }
            for side in Side::ALL {
                if grid.door(col, row, side).unwrap() == Some(Door::Closed) {
                    let w = door_wall(&b, side);
                    let corners =
                        [(w.min_x, w.min_y), (w.max_x, w.min_y), (w.max_x, w.max_y), (w.min_x, w.max_y)];
                    let float = segment_aabb(&w, r.0, r.1, r.2, r.3).map(|h| h.t);
                    if let Some(t) = exact_touch(r, &corners, float) {
                        offer(t, (col, row));
                    }
                }
            }
        }
    }
    best
}

/// Whether the segment touches the closed convex polygon, in exact
/// rationals, and at which `t`: the floating test's, or for a graze it
/// rounds away, the `t` of the first vertex on the exact line.
fn exact_touch(r: Ray, corners: &[(f64, f64)], float: Option<f64>) -> Option<f64> {
    let (a, b) = ((r.0, r.1), (r.2, r.3));
    if !exact_reference::touches_polygon((a, b), corners) {
        return None;
    }
    // Rounded away: the real segment starts in it, or passes within
    // rounding of a vertex (through it, or cutting a sliver off the
    // corner), or ends in it; the first of these.
    float.or_else(|| {
        let inside = |p: (f64, f64)| exact_reference::touches_polygon((p, p), corners);
        if inside(a) {
            return Some(0.0);
        }
        let scale = (r.2 - r.0).abs().max((r.3 - r.1).abs()).max(1e-300);
        let near = |v: &(f64, f64)| {
            ((r.2 - r.0) * (v.1 - r.1) - (r.3 - r.1) * (v.0 - r.0)).abs() / scale
                <= 1e-9 * (1.0 + v.0.abs() + v.1.abs())
        };
        if !corners.iter().any(near) && inside(b) {
            return Some(1.0);
        }
        let t_of = |v: &(f64, f64)| {
            if r.2 != r.0 {
                (v.0 - r.0) / (r.2 - r.0)
            } else if r.3 != r.1 {
                (v.1 - r.1) / (r.3 - r.1)
            } else {
                0.0 // a point
            }
        };
        corners
            .iter()
            .filter(|v| near(v) && (-1e-9..=1.0 + 1e-9).contains(&t_of(v)))
            .map(|v| t_of(v).clamp(0.0, 1.0))
            .min_by(f64::total_cmp)
            // A huge segment whose floating test cannot resolve the tile: a
            // touch all the same (its `t` is not compared).
            .or(Some(1.0))
    })
}

/// Whether the segment touches a quarter-circle tile, in exact rationals,
/// and at which `t`: the floating test's, or for a contact it rounds away,
/// the reference's first point.
fn arc_touch(r: Ray, b: &Aabb, shape: TileShape, float: Option<f64>) -> Option<f64> {
    let q = shape.quarter_circle()?;
    let (seg, centre, radius) = (((r.0, r.1), (r.2, r.3)), to_world(b, q.centre), b.max_x - b.min_x);
    if !exact_reference::touches_quarter_circle(seg, b, centre, radius, q.solid_inside) {
        return None;
    }
    float.or_else(|| exact_reference::first_in_quarter_circle(seg, b, centre, radius, q.solid_inside))
}

fn door_wall(b: &Aabb, side: Side) -> Aabb {
    match side {
        Side::Left => Aabb { max_x: b.min_x, ..*b },
        Side::Right => Aabb { min_x: b.max_x, ..*b },
        Side::Top => Aabb { max_y: b.min_y, ..*b },
        Side::Bottom => Aabb { min_y: b.max_y, ..*b },
    }
}

/// The reported cell follows the documented rule: it is one of the cells
/// `trace_cells` gives for the same segment; the hit point is on its closed
/// square; and it is the cell whose tile (or closed door on one of its
/// sides) was hit whenever the segment passes through that cell at the hit
/// — else (a mere touch from a neighbouring traced cell) the last traced
/// cell entered at or before the hit.
pub(super) fn hit_cell_follows_the_rule(grid: &TileGrid, r: Ray, h: &TileHit) -> Result<(), String> {
    let d = GridDims::of(grid);
    let visits: Vec<CellVisit> = Traversal::new(d, r.0, r.1, r.2, r.3).collect();
    let Some(at) = visits.iter().position(|v| (v.col, v.row) == (h.col, h.row)) else {
        return Err(format!("cell ({}, {}) is not among the traced cells", h.col, h.row));
    };
    let b = grid.tile_bounds(h.col, h.row).unwrap();
    let eps = 1e-9 * (d.cell_size + h.x.abs() + h.y.abs());
    if !(b.min_x - eps <= h.x && h.x <= b.max_x + eps && b.min_y - eps <= h.y && h.y <= b.max_y + eps) {
        return Err(format!("the hit point is off the square of cell ({}, {})", h.col, h.row));
    }
    let v = visits[at];
    let own = hit_owner_agrees(grid, r, h);
    let last_entered = visits.iter().rposition(|w| w.t <= h.t).unwrap_or(0) == at;
    if own && v.t <= h.t + 1e-12 || last_entered {
        Ok(())
    } else {
        Err(format!("cell ({}, {}) neither holds the hit nor is the traced cell at it", h.col, h.row))
    }
}

/// The reported cell really holds what was hit: its tile's own exact test
/// finds the same `t`, or the hit point is on its tile's closed solid (to
/// rounding: a solid edge crossed exactly at the tile's corner), or on a
/// closed door on one of its sides.
fn hit_owner_agrees(grid: &TileGrid, r: Ray, h: &TileHit) -> bool {
    let b = grid.tile_bounds(h.col, h.row).unwrap();
    let shape = grid.tile(h.col, h.row).unwrap();
    let eps = 1e-12 * (1.0 + h.x.abs() + h.y.abs());
    segment_tile(shape, &b, r.0, r.1, r.2, r.3).is_some_and(|o| (o.t - h.t).abs() <= 1e-12)
        || (!shape.is_empty() && near_solid(shape, &b, (h.x, h.y), eps))
        || Side::ALL.into_iter().any(|side| {
            let w = door_wall(&b, side);
            grid.door(h.col, h.row, side).unwrap() == Some(Door::Closed)
                && w.min_x - eps <= h.x
                && h.x <= w.max_x + eps
                && w.min_y - eps <= h.y
                && h.y <= w.max_y + eps
        })
}

#[test]
fn cast_tiles_matches_brute_force_on_seeded_random_maps() {
    let (mut hits, mut at_zero, mut doors) = (0, 0, 0);
    let mut coverage = Coverage::default();
    for seed in 0..2000u64 {
        let mut rng = Rng::new(seed);
        let grid = random_grid(&mut rng);
        let d = GridDims::of(&grid);
        for i in 0..50 {
            let r = random_ray(&mut rng, d);
            coverage.add(d, r);
            let ctx = || format!("seed {seed} ray {i}: {r:?}\n{}", grid.to_ascii());
            let got = cast_tiles(&grid, r.0, r.1, r.2, r.3);
            let want = brute_cast(&grid, r);
            assert_eq!(line_of_sight(&grid, r.0, r.1, r.2, r.3), want.is_none(), "{}", ctx());
            match (got, want) {
                (None, None) => {}
                (Some(g), Some((t, _))) => {
                    assert!((g.t - t).abs() <= 1e-12, "{}: cast {g:?}, brute force t = {t}", ctx());
                    check_normal(g.normal, r, g.t).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                    hit_cell_follows_the_rule(&grid, r, &g)
                        .unwrap_or_else(|e| panic!("{}: {g:?}: {e}", ctx()));
                    let scale = d.cell_size + (r.2 - r.0).abs() + (r.3 - r.1).abs();
                    let (px, py) = (r.0 + g.t * (r.2 - r.0), r.1 + g.t * (r.3 - r.1));
                    assert!(
                        (px - g.x).abs() + (py - g.y).abs() <= 1e-12 * scale,
                        "{}: {g:?} off its t",
                        ctx()
                    );
                    hits += 1;
                    at_zero += u32::from(g.t == 0.0);
                    doors += u32::from(grid.tile(g.col, g.row).unwrap().is_empty());
                }
                (g, w) => panic!("{}: cast {g:?}, brute force {w:?}", ctx()),
            }
        }
    }
    assert_eq!(coverage.rays, 100_000);
    coverage.check(1_500);
    assert!(hits > 20_000, "only {hits} hits: the maps are too empty to test much");
    assert!(at_zero > 1_000 && doors > 200, "{at_zero} hits at t = 0, {doors} on doors");
}

#[test]
fn cast_tiles_matches_brute_force_on_the_preset_levels() {
    for (p, name) in crate::tile_grid::PRESET_NAMES.into_iter().enumerate() {
        let grid = TileGrid::preset(name).unwrap();
        let d = GridDims::of(&grid);
        let seed = 0xA11 + p as u64;
        let mut rng = Rng::new(seed);
        for i in 0..1500 {
            let r = random_ray(&mut rng, d);
            let hit = cast_tiles(&grid, r.0, r.1, r.2, r.3);
            if let Some(h) = &hit {
                hit_cell_follows_the_rule(&grid, r, h)
                    .unwrap_or_else(|e| panic!("{name} seed {seed} ray {i}: {r:?}: {h:?}: {e}"));
            }
            let got = hit.map(|h| h.t);
            let want = brute_cast(&grid, r).map(|(t, _)| t);
            let agree = match (got, want) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-12,
                (a, b) => a == b,
            };
            assert!(agree, "{name} seed {seed} ray {i}: {r:?}: cast {got:?}, brute force {want:?}");
        }
    }
}

#[test]
fn a_ray_starting_inside_solid_hits_at_zero_despite_simplified_faces() {
    let mut grid = TileGrid::new(5, 5, 10.0).unwrap();
    for r in 1..4 {
        for c in 1..4 {
            grid.set_tile(c, r, TileShape::Full).unwrap();
        }
    }
    assert_eq!(grid.edge(2, 2, Side::Left).unwrap(), crate::tile_grid::EdgeState::Empty);
    let h = cast_tiles(&grid, 25.0, 25.0, 45.0, 25.0).unwrap();
    // Strictly inside: no surface at the start, so no normal.
    assert_eq!((h.t, h.normal, h.col, h.row), (0.0, (0.0, 0.0), 2, 2));
    // Starting on an interior face, or on the outer face, still t = 0.
    assert_eq!(cast_tiles(&grid, 20.0, 25.0, 20.0, 45.0).unwrap().t, 0.0);
    assert_eq!(cast_tiles(&grid, 10.0, 25.0, 0.0, 25.0).unwrap().t, 0.0);
    // From outside the mass: stops at the solid edge, normal back at the ray.
    let h = cast_tiles(&grid, 25.0, 2.0, 25.0, 48.0).unwrap();
    assert_eq!((h.x, h.y, h.normal, h.col, h.row), (25.0, 10.0, (0.0, -1.0), 2, 1));
}

#[test]
fn closed_doors_block_and_open_doors_let_rays_through() {
    let mut grid = TileGrid::new(4, 1, 10.0).unwrap();
    grid.set_door(1, 0, Side::Right, Some(Door::Closed)).unwrap();
    let h = cast_tiles(&grid, 5.0, 5.0, 35.0, 5.0).unwrap();
    assert_eq!((h.x, h.normal, h.col, h.row), (20.0, (-1.0, 0.0), 2, 0));
    let h = cast_tiles(&grid, 35.0, 5.0, 5.0, 5.0).unwrap();
    assert_eq!((h.x, h.normal, h.col, h.row), (20.0, (1.0, 0.0), 1, 0));
    assert!(!line_of_sight(&grid, 5.0, 5.0, 35.0, 5.0));
    // Ending on the door, or running along it, touches it.
    assert_eq!(cast_tiles(&grid, 5.0, 5.0, 20.0, 5.0).unwrap().t, 1.0);
    assert_eq!(cast_tiles(&grid, 20.0, 2.0, 20.0, 8.0).unwrap().t, 0.0);
    grid.set_door(1, 0, Side::Right, Some(Door::Open)).unwrap();
    assert!(line_of_sight(&grid, 5.0, 5.0, 35.0, 5.0));
    // An open door over a tile's face removes the door, not the tile.
    grid.set_tile(2, 0, TileShape::Full).unwrap();
    assert_eq!(grid.edge(1, 0, Side::Right).unwrap(), crate::tile_grid::EdgeState::Empty);
    assert_eq!(cast_tiles(&grid, 5.0, 5.0, 35.0, 5.0).unwrap().x, 20.0);
    // A closed door on the grid's border blocks a ray entering from outside.
    grid.set_door(0, 0, Side::Left, Some(Door::Closed)).unwrap();
    let h = cast_tiles(&grid, -5.0, 5.0, 5.0, 5.0).unwrap();
    assert_eq!((h.t, h.x, h.normal), (0.5, 0.0, (-1.0, 0.0)));
}

#[test]
fn touching_blocks_sight() {
    let mut grid = TileGrid::new(4, 4, 1.0).unwrap();
    // Two full tiles meeting at the lattice point (2, 2).
    grid.set_tile(2, 1, TileShape::Full).unwrap();
    grid.set_tile(1, 2, TileShape::Full).unwrap();
    let h = cast_tiles(&grid, 0.5, 0.5, 3.5, 3.5).unwrap();
    assert_eq!((h.t, h.x, h.y), (0.5, 2.0, 2.0));
    assert!(!line_of_sight(&grid, 0.5, 0.5, 3.5, 3.5));
    // Along the top face of a floor: stopped where the face begins.
    let mut grid = TileGrid::new(6, 3, 1.0).unwrap();
    grid.set_tile(3, 2, TileShape::Full).unwrap();
    grid.set_tile(4, 2, TileShape::Full).unwrap();
    let h = cast_tiles(&grid, 0.5, 2.0, 5.5, 2.0).unwrap();
    assert_eq!((h.x, h.y, h.normal, h.col, h.row), (3.0, 2.0, (-1.0, 0.0), 3, 2));
    // Grazing a slope's vertex.
    let mut grid = TileGrid::new(4, 4, 1.0).unwrap();
    grid.set_tile(1, 1, TileShape::from_name("slope45-br").unwrap()).unwrap();
    let h = cast_tiles(&grid, 1.5, 0.5, 2.5, 1.5).unwrap(); // through (2, 1)
                                                            // The tile's cell (1, 1) is only touched: the hit names the traced cell
                                                            // the segment enters there, (2, 1).
    assert_eq!((h.x, h.y, h.col, h.row), (2.0, 1.0, 2, 1));
    // A clear view misses by a hair.
    assert!(line_of_sight(&grid, 1.5, 0.5, 2.5, 1.5 - 1e-9));
}

#[test]
fn rays_find_each_shape_through_its_interesting_edges() {
    for shape in TileShape::ALL.into_iter().skip(2) {
        let mut grid = TileGrid::new(3, 3, 10.0).unwrap();
        grid.set_tile(1, 1, shape).unwrap();
        // From every direction towards the centre: the first hit equals the
        // shape's own exact test, and the full square's if the side is solid.
        let b = grid.tile_bounds(1, 1).unwrap();
        for (x0, y0) in
            [(15.0, 1.0), (15.0, 29.0), (1.0, 15.0), (29.0, 15.0), (1.0, 1.0), (29.0, 29.0), (29.0, 1.0)]
        {
            let got = cast_tiles(&grid, x0, y0, 15.0, 15.0);
            let want = segment_tile(shape, &b, x0, y0, 15.0, 15.0);
            assert_eq!(got.map(|h| h.t), want.map(|h| h.t), "{} from {:?}", shape.name(), (x0, y0));
        }
    }
}

#[test]
fn a_ray_ending_on_a_face_or_from_outside_the_grid() {
    let mut grid = TileGrid::new(4, 4, 1.0).unwrap();
    grid.set_tile(2, 1, TileShape::Full).unwrap();
    // Ends exactly on the face: t = 1.
    let h = cast_tiles(&grid, 0.5, 1.5, 2.0, 1.5).unwrap();
    assert_eq!((h.t, h.x, h.normal), (1.0, 2.0, (-1.0, 0.0)));
    // Ends just before it: nothing.
    assert_eq!(cast_tiles(&grid, 0.5, 1.5, 1.999, 1.5), None);
    // Starts far outside, crosses the grid.
    let h = cast_tiles(&grid, -1e12, 1.5, 1e12, 1.5).unwrap();
    assert_eq!((h.x, h.y, h.col, h.row), (2.0, 1.5, 2, 1));
    // Only touching the grid's outline from outside, with a tile in the
    // corner cell: the segment passes through no cell, so it hits nothing.
    grid.set_tile(0, 0, TileShape::Full).unwrap();
    assert_eq!(cast_tiles(&grid, -1.0, 1.0, 1.0, -1.0), None);
    assert!(line_of_sight(&grid, -1.0, 1.0, 1.0, -1.0));
    assert_eq!(cast_tiles(&grid, -1.0, 1.0, -0.5, 0.5), None);
    // A point in a tile, on its face, and in empty space.
    assert_eq!(cast_tiles(&grid, 2.5, 1.5, 2.5, 1.5).unwrap().normal, (0.0, 0.0));
    assert_eq!(cast_tiles(&grid, 3.0, 1.0, 3.0, 1.0).unwrap().t, 0.0);
    assert_eq!(cast_tiles(&grid, 3.5, 3.5, 3.5, 3.5), None);
    // Huge coordinates neither panic nor loop.
    let m = f64::MAX;
    assert!(cast_tiles(&grid, -m, -m, m, m).is_none_or(|h| h.t.is_finite()));
    assert!(cast_tiles(&grid, -m, 1.5, m, 1.5).is_none_or(|h| h.t.is_finite()));
}
