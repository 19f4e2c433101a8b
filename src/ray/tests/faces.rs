//! Rays along faces and cell lines, and rays whose ends lie far beyond the
//! grid: the hit names a traced cell with the face's outward normal.

use super::tile_cast::hit_cell_follows_the_rule;
use super::*;

/// A segment lying along a face of a tile's solid, starting on it, hits at
/// `t = 0` with that face's outward normal, in both directions: every
/// straight face of every shape (the square's sides where they bound the
/// solid, and each slope), and the tangent at the middle of each arc.
#[test]
fn rays_along_every_face_report_the_face_normal_both_ways() {
    let tile = Aabb { min_x: 10.0, min_y: 10.0, max_x: 20.0, max_y: 20.0 };
    let mut faces = 0;
    for shape in TileShape::ALL {
        // (a point on the face, the face's direction, its outward normal)
        let mut along: Vec<[(f64, f64); 3]> = Vec::new();
        // The square's sides: a face where the solid is just inside the
        // middle of the side and not just outside.
        for (mid, normal) in [
            ((10.0, 15.0), (-1.0, 0.0)),
            ((20.0, 15.0), (1.0, 0.0)),
            ((15.0, 10.0), (0.0, -1.0)),
            ((15.0, 20.0), (0.0, 1.0)),
        ] {
            let inside = (mid.0 - 0.01 * normal.0, mid.1 - 0.01 * normal.1);
            if contains_point(shape, &tile, inside.0, inside.1) {
                along.push([mid, (normal.1, -normal.0), normal]);
            }
        }
        match shape.geometry() {
            TileGeometry::Polygon(p) => {
                let n = p.vertices().len();
                for i in 0..n {
                    let (nx, ny) = p.edge_normal(i);
                    if nx == 0.0 || ny == 0.0 {
                        continue; // a side of the square, done above
                    }
                    let a = to_world(&tile, p.vertices()[i]);
                    let b = to_world(&tile, p.vertices()[(i + 1) % n]);
                    let len = nx.hypot(ny);
                    along.push([
                        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0),
                        (b.0 - a.0, b.1 - a.1),
                        (nx / len, ny / len),
                    ]);
                }
            }
            TileGeometry::QuarterCircle(q) => {
                // The middle of the arc, on the diagonal from the centre.
                let (cx, cy) = to_world(&tile, q.centre);
                let (ux, uy) = (
                    (15.0 - cx).signum() * std::f64::consts::FRAC_1_SQRT_2,
                    (15.0 - cy).signum() * std::f64::consts::FRAC_1_SQRT_2,
                );
                // A hair into the solid, so rounding cannot put it outside.
                let r = if q.solid_inside { 10.0 * (1.0 - 1e-14) } else { 10.0 * (1.0 + 1e-14) };
                let point = (cx + r * ux, cy + r * uy);
                let normal = if q.solid_inside { (ux, uy) } else { (-ux, -uy) };
                along.push([point, (-uy, ux), normal]);
            }
            TileGeometry::Empty => {}
        }
        for [start, dir, normal] in along {
            for sign in [1.0, -1.0] {
                let end = (start.0 + sign * 0.3 * dir.0, start.1 + sign * 0.3 * dir.1);
                let h = segment_tile(shape, &tile, start.0, start.1, end.0, end.1).unwrap_or_else(|| {
                    panic!("{}: a segment along the face from {start:?} missed", shape.name())
                });
                assert_eq!(h.t, 0.0, "{}: along the face from {start:?}", shape.name());
                assert!(
                    (h.normal.0 - normal.0).abs() < 1e-9 && (h.normal.1 - normal.1).abs() < 1e-9,
                    "{}: along the face from {start:?} towards {end:?}: normal {:?}, the face's is {normal:?}",
                    shape.name(),
                    h.normal
                );
                faces += 1;
            }
        }
    }
    assert!(faces > 60, "expected the faces of every shape, tested {faces}");
}

/// The two rays the page showed wrong: along a platform's top (a face on a
/// cell line) and along a ceiling's underside. Both start on the face: a
/// hit at `t = 0` with the face's normal, never the reversed direction;
/// and a ray along a cell line beside a face but starting off the tile
/// touches it only where it reaches the tile's corner.
#[test]
fn rays_along_cell_lines_on_faces_report_the_face() {
    let mut grid = TileGrid::new(10, 10, 24.0).unwrap();
    for c in 3..7 {
        grid.set_tile(c, 6, TileShape::Full).unwrap(); // a platform, top at y = 144
        grid.set_tile(c, 0, TileShape::Full).unwrap(); // a ceiling, underside at y = 24
    }
    for (x0, x1) in [(80.0, 150.0), (150.0, 80.0)] {
        let h = cast_tiles(&grid, x0, 144.0, x1, 144.0).unwrap();
        assert_eq!((h.t, h.normal), (0.0, (0.0, -1.0)), "along the platform's top from x = {x0}");
        let h = cast_tiles(&grid, x0, 24.0, x1, 24.0).unwrap();
        assert_eq!((h.t, h.normal), (0.0, (0.0, 1.0)), "along the ceiling's underside from x = {x0}");
    }
    // From open space along the platform's top line: the tile's corner.
    let h = cast_tiles(&grid, 10.0, 144.0, 120.0, 144.0).unwrap();
    assert_eq!((h.x, h.y, h.normal, h.col, h.row), (72.0, 144.0, (-1.0, 0.0), 3, 6));
    let h = cast_tiles(&grid, 230.0, 144.0, 120.0, 144.0).unwrap();
    assert_eq!((h.x, h.y, h.normal, h.col, h.row), (168.0, 144.0, (1.0, 0.0), 6, 6));
    // Along an empty cell line: nothing.
    assert!(cast_tiles(&grid, 10.0, 96.0, 230.0, 96.0).is_none());
    assert!(cast_tiles(&grid, 120.0, 30.0, 120.0, 140.0).is_none());
    // Line of sight is blocked by touching, along a face as at a corner.
    assert!(!line_of_sight(&grid, 80.0, 144.0, 150.0, 144.0));
}

/// Rays with ends far beyond the grid (±1e308, and 1e-300 next to it): the
/// grid lies within one rounding step of such a ray's parameter, so the walk
/// works on the piece inside the grid, its ends snapped onto the grid's
/// faces. Axis-aligned and 45° rays are then exact.
#[test]
fn rays_with_ends_at_any_magnitude_walk_the_grid_exactly() {
    let mut grid = TileGrid::new(10, 10, 24.0).unwrap();
    grid.set_tile(5, 5, TileShape::Full).unwrap();
    let dims = GridDims::of(&grid);
    let row5: Vec<(u32, u32)> = (0..10).map(|c| (c, 5)).collect();
    for (x0, x1) in [(-1e308, 1e308), (-f64::MAX, f64::MAX), (1e-300, 1e308), (-1e308, 239.0)] {
        let mut cells = Vec::new();
        trace_cells(dims, x0, 130.0, x1, 130.0, &mut cells);
        let want: Vec<(u32, u32)> = row5
            .iter()
            .copied()
            .filter(|&(c, _)| f64::from(c) * 24.0 <= x1.min(240.0) && f64::from(c + 1) * 24.0 > x0.max(0.0))
            .collect();
        assert_eq!(cells, want, "from x = {x0:e} to {x1:e}");
        let hit = cast_tiles(&grid, x0, 130.0, x1, 130.0)
            .unwrap_or_else(|| panic!("from x = {x0:e}: missed the full tile"));
        assert_eq!(
            (hit.x, hit.y, hit.normal, hit.col, hit.row),
            (120.0, 130.0, (-1.0, 0.0), 5, 5),
            "from x = {x0:e}"
        );
        assert!(hit.t > 0.0 && hit.t <= 1.0);
        assert!(!line_of_sight(&grid, x0, 130.0, x1, 130.0));
        // Back the other way, from the far end.
        let back = cast_tiles(&grid, x1.min(1e308), 130.0, x0, 130.0);
        if x1 > 240.0 {
            assert_eq!(back.map(|h| (h.x, h.normal)), Some((144.0, (1.0, 0.0))), "back from x = {x1:e}");
        }
    }
    // Vertical, and along the diagonal through the lattice (touching the tile's corner).
    let hit = cast_tiles(&grid, 130.0, -1e308, 130.0, 1e308).unwrap();
    assert_eq!((hit.x, hit.y, hit.normal), (130.0, 120.0, (0.0, -1.0)));
    let mut cells = Vec::new();
    trace_cells(dims, -1e308, -1e308, 1e308, 1e308, &mut cells);
    assert_eq!(cells, (0..10).map(|k| (k, k)).collect::<Vec<_>>());
    assert!(!line_of_sight(&grid, -1e308, -1e308, 1e308, 1e308), "the diagonal touches the tile's corner");
    // Missing the grid entirely stays a miss.
    assert!(cast_tiles(&grid, -1e308, 300.0, 1e308, 300.0).is_none());
    trace_cells(dims, -1e308, 300.0, 1e308, 300.0, &mut cells);
    assert!(cells.is_empty());
}

/// Rays lying on cell lines — along every straight face of every shape
/// (the full square's sides, the slopes' and the curves' axis faces), along
/// runs of tiles, and along the grid's borders — in both directions,
/// horizontal and vertical, from every start and end on the line: the hit
/// names a cell of `trace_cells` of the same segment (the tile's own cell
/// when the segment passes through it, else the traced cell it touches
/// from), the hit point lies on that cell's square, the normal is the
/// surface's outward unit normal (the face it starts on and runs along at
/// `t = 0`, never the reversed direction), and `line_of_sight` is blocked
/// exactly when `cast_tiles` hits.
#[test]
fn rays_along_faces_and_cell_lines_hit_a_traced_cell_with_the_outward_normal() {
    let cell = 10.0;
    let mut layouts: Vec<(String, TileGrid)> = Vec::new();
    for shape in TileShape::ALL.into_iter().skip(1) {
        let mut g = TileGrid::new(5, 5, cell).unwrap();
        g.set_tile(2, 2, shape).unwrap();
        layouts.push((shape.name().to_owned(), g.clone()));
        // The same shape against the grid's corner and borders.
        let mut g = TileGrid::new(3, 3, cell).unwrap();
        g.set_tile(2, 2, shape).unwrap();
        g.set_tile(0, 0, shape).unwrap();
        layouts.push((format!("{} in the corners", shape.name()), g));
    }
    // A platform and a ceiling: runs whose inner faces are simplified away.
    let mut g = TileGrid::new(7, 5, cell).unwrap();
    for c in 2..5 {
        g.set_tile(c, 3, TileShape::Full).unwrap();
        g.set_tile(c, 0, TileShape::Full).unwrap();
    }
    g.set_tile(1, 3, TileShape::from_name("slope45-br").unwrap()).unwrap();
    g.set_tile(5, 0, TileShape::from_name("convex-tl").unwrap()).unwrap();
    layouts.push(("platform and ceiling".to_owned(), g));
    let (mut hits, mut along_at_zero, mut touched_from_beside) = (0, 0, 0);
    for (name, grid) in &layouts {
        let d = GridDims::of(grid);
        let stops = |n: u32| -> Vec<f64> {
            let mut v: Vec<f64> = (0..=2 * n + 2).map(|k| (f64::from(k) - 1.0) * cell / 2.0).collect();
            v.push(cell * 0.3);
            v
        };
        for vertical in [true, false] {
            let (lines, along_n) = if vertical { (d.cols, d.rows) } else { (d.rows, d.cols) };
            for k in 0..=lines {
                let line = d.line(k);
                for &a in &stops(along_n) {
                    for &b in &stops(along_n) {
                        if a == b {
                            continue;
                        }
                        let r = if vertical { Ray(line, a, line, b) } else { Ray(a, line, b, line) };
                        let ctx = || format!("{name}: {r:?}\n{}", grid.to_ascii());
                        let hit = cast_tiles(grid, r.0, r.1, r.2, r.3);
                        assert_eq!(line_of_sight(grid, r.0, r.1, r.2, r.3), hit.is_none(), "{}", ctx());
                        let Some(h) = hit else { continue };
                        hits += 1;
                        hit_cell_follows_the_rule(grid, r, &h)
                            .unwrap_or_else(|e| panic!("{}: {h:?}: {e}", ctx()));
                        let n = h.normal;
                        let solid_around = |(px, py): (f64, f64)| {
                            let e = 1e-7 * cell;
                            [-e, 0.0, e].iter().all(|&ox| {
                                [-e, 0.0, e].iter().all(|&oy| {
                                    (0..d.rows).any(|row| {
                                        (0..d.cols).any(|col| {
                                            let b = grid.tile_bounds(col, row).unwrap();
                                            contains_point(grid.tile(col, row).unwrap(), &b, px + ox, py + oy)
                                        })
                                    })
                                })
                            })
                        };
                        if n == (0.0, 0.0) {
                            // Starting inside the union (on a face between
                            // two solid tiles).
                            assert!(h.t == 0.0 && solid_around((h.x, h.y)), "{}: {h:?}: no normal", ctx());
                            continue;
                        }
                        assert!((n.0.hypot(n.1) - 1.0).abs() < 1e-12, "{}: {h:?}: normal not unit", ctx());
                        // Outward: just beyond the hit point along the
                        // normal there is no solid.
                        let beyond = (h.x + 1e-6 * cell * n.0, h.y + 1e-6 * cell * n.1);
                        assert!(!solid_around(beyond), "{}: {h:?}: the normal points into solid", ctx());
                        let sign = |v: f64| if v == 0.0 { 0.0 } else { v.signum() };
                        let dir = (sign(r.2 - r.0), sign(r.3 - r.1));
                        if h.t == 0.0 && n.0 * dir.0 + n.1 * dir.1 == 0.0 {
                            along_at_zero += 1;
                        } else if h.t == 0.0 {
                            // Starting on a surface: not running along a
                            // face, so not a normal perpendicular to the
                            // ray unless it leaves a corner (the diagonal).
                            let diagonal = n.0 != 0.0 && n.1 != 0.0;
                            assert!(n.0 * dir.1 - n.1 * dir.0 == 0.0 || diagonal, "{}: {h:?}", ctx());
                        } else {
                            assert!(
                                n.0 * dir.0 + n.1 * dir.1 <= 0.0,
                                "{}: {h:?}: faces along the ray",
                                ctx()
                            );
                        }
                        let b = grid.tile_bounds(h.col, h.row).unwrap();
                        touched_from_beside += u32::from(
                            grid.tile(h.col, h.row).unwrap().is_empty() && {
                                let inside = |x: f64, y: f64| {
                                    b.min_x <= x && x <= b.max_x && b.min_y <= y && y <= b.max_y
                                };
                                inside(h.x, h.y)
                            },
                        );
                    }
                }
            }
        }
    }
    assert!(hits > 5_000 && along_at_zero > 500 && touched_from_beside > 500, "{hits} hits, {along_at_zero} along a face at t = 0, {touched_from_beside} touched from a neighbouring cell");
}

/// The page's two repros, on the preset it shows (`n-level`, 24-unit
/// tiles) and on a grid built for them: a ray along a ceiling's underside
/// hits at `t = 0` with the face's normal `(0, 1)` and names the traced
/// (empty) cell below the ceiling; a ray along a platform's top hits with
/// `(0, −1)` in the platform's own (traced) cell.
#[test]
fn the_ceiling_and_platform_repros_name_traced_cells() {
    let mut grid = TileGrid::new(20, 16, 24.0).unwrap();
    for c in 0..20 {
        grid.set_tile(c, 0, TileShape::Full).unwrap();
    }
    for c in 10..15 {
        grid.set_tile(c, 15, TileShape::Full).unwrap();
    }
    let d = GridDims::of(&grid);
    for r in [Ray(100.0, 24.0, 300.0, 24.0), Ray(300.0, 24.0, 100.0, 24.0)] {
        let h = cast_tiles(&grid, r.0, r.1, r.2, r.3).unwrap();
        assert_eq!((h.t, h.normal), (0.0, (0.0, 1.0)), "{r:?}");
        assert_eq!((h.col, h.row), trace(d, r)[0], "{r:?}");
        assert_eq!(h.row, 1);
    }
    for r in [Ray(250.0, 360.0, 350.0, 360.0), Ray(350.0, 360.0, 250.0, 360.0)] {
        let h = cast_tiles(&grid, r.0, r.1, r.2, r.3).unwrap();
        assert_eq!((h.t, h.normal, h.row), (0.0, (0.0, -1.0), 15), "{r:?}");
        assert_eq!((h.col, h.row), trace(d, r)[0], "{r:?}");
    }
    for name in crate::tile_grid::PRESET_NAMES {
        let grid = TileGrid::preset(name).unwrap();
        let d = GridDims::of(&grid);
        for r in
            [Ray(100.0, 24.0, 300.0, 24.0), Ray(250.0, 360.0, 350.0, 360.0), Ray(300.0, 24.0, 100.0, 24.0)]
        {
            if let Some(h) = cast_tiles(&grid, r.0, r.1, r.2, r.3) {
                assert!(trace(d, r).contains(&(h.col, h.row)), "{name}: {r:?}: {h:?}");
                hit_cell_follows_the_rule(&grid, r, &h)
                    .unwrap_or_else(|e| panic!("{name}: {r:?}: {h:?}: {e}"));
            }
        }
    }
}
