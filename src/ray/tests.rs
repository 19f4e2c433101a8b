//! Tests of the ray module: the traversal against a cell-by-cell reference
//! of its definition, the exact shape tests against dense sampling, and the
//! grid cast and the box search against brute force, all on seeded random
//! rays (a failure prints its seed), plus the documented edge cases.

use super::*;
use crate::geometry::Aabb;
use crate::ray::exact_reference;
use crate::scene::Rng;
use crate::tile_grid::narrow_phase::contains_point;
use crate::tile_grid::{to_world, Door, Side, TileGeometry, TileGrid, TileShape};

const INF: f64 = f64::INFINITY;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Ray(f64, f64, f64, f64);

fn dims(cols: u32, rows: u32, cell: f64) -> GridDims {
    GridDims::new(cols, rows, cell).unwrap()
}

fn trace(d: GridDims, r: Ray) -> Vec<(u32, u32)> {
    let mut out = vec![(99, 99)]; // trace_cells must clear it
    trace_cells(d, r.0, r.1, r.2, r.3, &mut out);
    out
}

// ---------------------------------------------------------------------------
// The reference for the traversal: the definition, applied to every cell.

/// For each cell, the parameter interval in which the segment is inside it
/// (open on a moving axis, half-open membership on a non-moving one),
/// intersected with `[0, 1]`; cells with a non-empty interval, by entry `t`.
/// In exact rationals ([`exact_reference`]): the real segment decides,
/// never a rounded parameter.
fn reference_cells(d: GridDims, r: Ray) -> Vec<(u32, u32)> {
    exact_reference::cells(d, (r.0, r.1, r.2, r.3))
}

/// What every walk must satisfy beyond its cell list: entry parameters
/// non-decreasing and contiguous (floating point: a cell the real segment
/// crosses within rounding of a lattice point can get an interval of one
/// rounded value), each entry consistent with the step from the previous
/// cell, entry points exactly on the crossed lines, the bound.
fn check_visits(d: GridDims, r: Ray) -> Result<(), String> {
    let visits: Vec<CellVisit> = Traversal::new(d, r.0, r.1, r.2, r.3).collect();
    if visits.len() as u32 > d.cols + d.rows {
        return Err(format!("{} visits on a {}x{} grid", visits.len(), d.cols, d.rows));
    }
    for (i, v) in visits.iter().enumerate() {
        if !(v.t <= v.t_exit && (0.0..=1.0).contains(&v.t) && v.t_exit <= 1.0) {
            return Err(format!("visit {i}: bad interval {} .. {}", v.t, v.t_exit));
        }
        if !(v.x.is_finite() && v.y.is_finite()) {
            return Err(format!("visit {i}: entry point not finite"));
        }
        let on_x = |k: u32| v.x == d.line(k);
        let on_y = |k: u32| v.y == d.line(k);
        match v.entry {
            Entry::Start => {
                if i != 0 || v.t != 0.0 || (v.x, v.y) != (r.0, r.1) {
                    return Err(format!("visit {i}: Start must be the first visit, at t = 0, at the start"));
                }
            }
            Entry::Side(side) => {
                let ok = match side {
                    Side::Left => on_x(v.col),
                    Side::Right => on_x(v.col + 1),
                    Side::Top => on_y(v.row),
                    Side::Bottom => on_y(v.row + 1),
                };
                if !ok {
                    return Err(format!("visit {i}: entry point {:?} not on its {side:?} side", (v.x, v.y)));
                }
            }
            Entry::Corner { vertical, horizontal } => {
                let kx = if vertical == Side::Left { v.col } else { v.col + 1 };
                let ky = if horizontal == Side::Top { v.row } else { v.row + 1 };
                if !(on_x(kx) && on_y(ky)) {
                    return Err(format!("visit {i}: corner entry point {:?} not on its corner", (v.x, v.y)));
                }
            }
        }
        if i == 0 {
            continue;
        }
        let p = visits[i - 1];
        if p.t_exit != v.t || p.t > v.t {
            return Err(format!("visit {i}: not contiguous with the previous ({} vs {})", p.t_exit, v.t));
        }
        let step = (i64::from(v.col) - i64::from(p.col), i64::from(v.row) - i64::from(p.row));
        let expected = match v.entry {
            Entry::Side(Side::Left) => (1, 0),
            Entry::Side(Side::Right) => (-1, 0),
            Entry::Side(Side::Top) => (0, 1),
            Entry::Side(Side::Bottom) => (0, -1),
            Entry::Corner { vertical, horizontal } => {
                (if vertical == Side::Left { 1 } else { -1 }, if horizontal == Side::Top { 1 } else { -1 })
            }
            Entry::Start => (0, 0),
        };
        if step != expected {
            return Err(format!("visit {i}: step {step:?} but entry {:?}", v.entry));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Seeded rays of every kind.

/// A coordinate on an axis of `n` cells: on a line, on a half line (where
/// the shallow and steep slopes have vertices), or anywhere in or near it.
fn coord(rng: &mut Rng, n: u32, cell: f64) -> f64 {
    match rng.below(6) {
        0 => (f64::from(rng.below(n + 5)) - 2.0) * cell,
        1 => (f64::from(rng.below(n + 4)) - 1.5) * cell,
        2 => rng.range(-2.0, f64::from(n) + 2.0) * cell,
        _ => rng.range(0.0, f64::from(n)) * cell,
    }
}

fn random_ray(rng: &mut Rng, d: GridDims) -> Ray {
    let (cols, rows, cell) = (d.cols, d.rows, d.cell_size);
    let (x0, y0) = (coord(rng, cols, cell), coord(rng, rows, cell));
    match rng.below(12) {
        // A point.
        0 => Ray(x0, y0, x0, y0),
        // Axis-parallel, often on a line.
        1 => Ray(x0, y0, x0, coord(rng, rows, cell)),
        2 => Ray(x0, y0, coord(rng, cols, cell), y0),
        // Very long, any direction.
        3 => {
            let a = rng.range(0.0, std::f64::consts::TAU);
            let len = 10f64.powf(rng.range(3.0, 12.0)) * cell;
            Ray(x0, y0, x0 + len * a.cos(), y0 + len * a.sin())
        }
        // Tiny.
        4 => Ray(x0, y0, x0 + rng.range(-1e-9, 1e-9) * cell, y0 + rng.range(-1e-9, 1e-9) * cell),
        // Lattice point to lattice point (through every lattice point on
        // the way, exactly): small integer steps.
        5 | 6 => {
            let (x0, y0) = (
                (f64::from(rng.below(cols + 3)) - 1.0) * cell,
                (f64::from(rng.below(rows + 3)) - 1.0) * cell,
            );
            let (sx, sy) = (f64::from(rng.below(7)) - 3.0, f64::from(rng.below(7)) - 3.0);
            let k = f64::from(1 + rng.below(4));
            Ray(x0, y0, x0 + k * sx * cell, y0 + k * sy * cell)
        }
        // Diagonal through lattice points from a random start on a diagonal.
        7 => {
            let (x0, y0) = (f64::from(rng.below(cols + 1)) * cell, f64::from(rng.below(rows + 1)) * cell);
            let len = f64::from(1 + rng.below(cols.max(rows) + 2)) * cell;
            let (sx, sy) =
                (if rng.below(2) == 0 { 1.0 } else { -1.0 }, if rng.below(2) == 0 { 1.0 } else { -1.0 });
            let f = rng.range(-0.5, 0.5) * cell;
            Ray(x0 - sx * f, y0 - sy * f, x0 + sx * len, y0 + sy * len)
        }
        _ => Ray(x0, y0, coord(rng, cols, cell), coord(rng, rows, cell)),
    }
}

const CELL_SIZES: [f64; 6] = [1.0, 0.5, 3.0, 24.0, 0.1, 0.7];

fn random_dims(rng: &mut Rng) -> GridDims {
    let cell = CELL_SIZES[rng.below(CELL_SIZES.len() as u32) as usize];
    dims(1 + rng.below(12), 1 + rng.below(12), cell)
}

// ---------------------------------------------------------------------------
// The traversal.

/// How many of the seeded rays exercise each documented edge case, so the
/// differential tests are known to cover them.
#[derive(Debug, Default)]
struct Coverage {
    rays: u32,
    points: u32,
    along_lines: u32,
    start_on_line: u32,
    end_on_line: u32,
    from_outside: u32,
    corner_crossings: u32,
    long: u32,
}

impl Coverage {
    fn add(&mut self, d: GridDims, r: Ray) {
        let on_line = |p: f64, n: u32| (0..=n).any(|k| d.line(k) == p);
        let (inside_x, inside_y) =
            (|p: f64| (0.0..=d.line(d.cols)).contains(&p), |p: f64| (0.0..=d.line(d.rows)).contains(&p));
        self.rays += 1;
        self.points += u32::from(r.0 == r.2 && r.1 == r.3);
        self.along_lines +=
            u32::from((r.0 == r.2 && on_line(r.0, d.cols)) || (r.1 == r.3 && on_line(r.1, d.rows)));
        self.start_on_line += u32::from(on_line(r.0, d.cols) || on_line(r.1, d.rows));
        self.end_on_line += u32::from(on_line(r.2, d.cols) || on_line(r.3, d.rows));
        self.from_outside += u32::from(!(inside_x(r.0) && inside_y(r.1)));
        self.long += u32::from((r.2 - r.0).abs().max((r.3 - r.1).abs()) > 1e6 * d.cell_size);
        let corners = Traversal::new(d, r.0, r.1, r.2, r.3).any(|v| matches!(v.entry, Entry::Corner { .. }));
        self.corner_crossings += u32::from(corners);
    }

    /// Every case at least `min` times.
    fn check(&self, min: u32) {
        let Coverage {
            points,
            along_lines,
            start_on_line,
            end_on_line,
            from_outside,
            corner_crossings,
            long,
            ..
        } = *self;
        for (name, n) in [
            ("points", points),
            ("along lines", along_lines),
            ("start on a line", start_on_line),
            ("end on a line", end_on_line),
            ("from outside", from_outside),
            ("corner crossings", corner_crossings),
            ("long", long),
        ] {
            assert!(n >= min, "only {n} rays of kind {name:?}: {self:?}");
        }
    }
}

#[test]
fn trace_matches_the_reference_on_seeded_random_rays() {
    let mut coverage = Coverage::default();
    for seed in 0..2000u64 {
        let mut rng = Rng::new(seed);
        let d = random_dims(&mut rng);
        for i in 0..60 {
            let r = random_ray(&mut rng, d);
            let got = trace(d, r);
            let want = reference_cells(d, r);
            assert_eq!(got, want, "seed {seed} ray {i}: {r:?} on {d:?}");
            if let Err(e) = check_visits(d, r) {
                panic!("seed {seed} ray {i}: {r:?} on {d:?}: {e}");
            }
            coverage.add(d, r);
        }
    }
    assert_eq!(coverage.rays, 120_000);
    coverage.check(2_000);
}

#[test]
fn a_diagonal_through_lattice_points_skips_both_side_cells() {
    let d = dims(4, 4, 1.0);
    assert_eq!(trace(d, Ray(0.5, 0.5, 3.5, 3.5)), [(0, 0), (1, 1), (2, 2), (3, 3)]);
    assert_eq!(trace(d, Ray(0.5, 3.5, 3.5, 0.5)), [(0, 3), (1, 2), (2, 1), (3, 0)]);
    assert_eq!(trace(d, Ray(3.5, 3.5, 0.5, 0.5)), [(3, 3), (2, 2), (1, 1), (0, 0)]);
    // Slope 2 through (1,1) and (2,3) with cells of 0.5 on a scaled grid.
    let d = dims(8, 8, 0.5);
    let v: Vec<_> = Traversal::new(d, 0.5, 0.5, 1.0, 1.5).collect();
    assert_eq!(v.iter().map(|v| (v.col, v.row)).collect::<Vec<_>>(), [(1, 1), (1, 2)]);
    assert_eq!(v[0].entry, Entry::Start);
    assert_eq!(v[1].entry, Entry::Side(Side::Top));
    let v: Vec<_> = Traversal::new(dims(4, 4, 1.0), 0.5, 0.5, 2.5, 2.5).collect();
    assert_eq!(v[1].entry, Entry::Corner { vertical: Side::Left, horizontal: Side::Top });
    assert_eq!((v[1].x, v[1].y, v[1].t), (1.0, 1.0, 0.25));
}

#[test]
fn a_segment_along_a_grid_line_counts_for_the_cells_right_of_or_below_it() {
    let d = dims(4, 3, 1.0);
    assert_eq!(trace(d, Ray(2.0, 0.5, 2.0, 2.5)), [(2, 0), (2, 1), (2, 2)]);
    assert_eq!(trace(d, Ray(2.0, 2.5, 2.0, 0.5)), [(2, 2), (2, 1), (2, 0)]);
    assert_eq!(trace(d, Ray(0.5, 1.0, 3.5, 1.0)), [(0, 1), (1, 1), (2, 1), (3, 1)]);
    // The left and top borders are lines of column 0 / row 0 ...
    assert_eq!(trace(d, Ray(0.0, -1.0, 0.0, 9.0)), [(0, 0), (0, 1), (0, 2)]);
    assert_eq!(trace(d, Ray(-1.0, 0.0, 1.5, 0.0)), [(0, 0), (1, 0)]);
    // ... the right and bottom borders belong to no cell.
    assert_eq!(trace(d, Ray(4.0, -1.0, 4.0, 9.0)), []);
    assert_eq!(trace(d, Ray(-1.0, 3.0, 9.0, 3.0)), []);
}

#[test]
fn negative_zero_directions_are_not_moving() {
    let d = dims(4, 3, 1.0);
    // x1 - x0 = -0.0 - 0.0 = -0.0: along the left border, column 0.
    assert_eq!(trace(d, Ray(0.0, 0.5, -0.0, 2.5)), [(0, 0), (0, 1), (0, 2)]);
    assert_eq!(trace(d, Ray(-0.0, 0.5, -0.0, 2.5)), [(0, 0), (0, 1), (0, 2)]);
    assert_eq!(trace(d, Ray(0.5, 0.0, 2.5, -0.0)), [(0, 0), (1, 0), (2, 0)]);
    assert_eq!(trace(d, Ray(1.5, 1.5, 1.5, 1.5)), [(1, 1)]);
    assert_eq!(trace(d, Ray(-0.0, -0.0, -0.0, -0.0)), [(0, 0)]);
}

#[test]
fn a_point_visits_the_one_cell_holding_it() {
    let d = dims(4, 3, 1.0);
    assert_eq!(trace(d, Ray(1.5, 2.5, 1.5, 2.5)), [(1, 2)]);
    assert_eq!(trace(d, Ray(1.0, 2.0, 1.0, 2.0)), [(1, 2)]); // a lattice point: the cell below right
    assert_eq!(trace(d, Ray(4.0, 1.5, 4.0, 1.5)), []); // the right border
    assert_eq!(trace(d, Ray(-0.5, 1.5, -0.5, 1.5)), []);
    let v: Vec<_> = Traversal::new(d, 1.5, 2.5, 1.5, 2.5).collect();
    assert_eq!((v[0].t, v[0].t_exit, v[0].entry), (0.0, 1.0, Entry::Start));
}

#[test]
fn a_segment_from_outside_starts_where_it_enters() {
    let d = dims(4, 4, 1.0);
    let v: Vec<_> = Traversal::new(d, -5.0, 1.5, 10.0, 1.5).collect();
    assert_eq!(v.len(), 4);
    assert_eq!((v[0].col, v[0].row, v[0].entry), (0, 1, Entry::Side(Side::Left)));
    assert_eq!((v[0].t, v[0].x, v[0].y), (5.0 / 15.0, 0.0, 1.5));
    assert_eq!(v[3].t_exit, 9.0 / 15.0);
    // Entering through the grid's corner.
    let v: Vec<_> = Traversal::new(d, -1.0, -1.0, 1.5, 1.5).collect();
    assert_eq!(v[0].entry, Entry::Corner { vertical: Side::Left, horizontal: Side::Top });
    assert_eq!((v[0].x, v[0].y), (0.0, 0.0));
    // Touching the grid at one corner only, or along the outside: nothing.
    assert_eq!(trace(d, Ray(-1.0, 1.0, 1.0, -1.0)), []);
    assert_eq!(trace(d, Ray(-1.0, -1.0, 0.0, 0.0)), []);
    assert_eq!(trace(d, Ray(-3.0, 1.0, -1.0, 1.0)), []);
}

#[test]
fn start_on_a_corner_and_end_inside_a_cell() {
    let d = dims(4, 4, 1.0);
    let v: Vec<_> = Traversal::new(d, 1.0, 1.0, 2.25, 1.5).collect();
    assert_eq!(v.iter().map(|v| (v.col, v.row)).collect::<Vec<_>>(), [(1, 1), (2, 1)]);
    assert_eq!(v[0].entry, Entry::Start);
    assert_eq!(v[1].t_exit, 1.0);
    // Start on a corner going up-left: the cell above-left.
    assert_eq!(trace(d, Ray(2.0, 2.0, 1.5, 1.25)), [(1, 1)]);
    // Start on a vertical line going left: the cell to the left.
    assert_eq!(trace(d, Ray(2.0, 2.5, 0.5, 2.5)), [(1, 2), (0, 2)]);
}

#[test]
fn dda_state_matches_amanatides_woo() {
    let d = dims(8, 8, 2.0);
    let v: Vec<_> = Traversal::new(d, 1.0, 1.0, 9.0, 5.0).collect();
    // tDelta = cell / |d|: 2/8 and 2/4; tMax = the next line.
    assert_eq!((v[0].dda.t_delta_x, v[0].dda.t_delta_y), (0.25, 0.5));
    assert_eq!((v[0].dda.t_max_x, v[0].dda.t_max_y), (0.125, 0.25));
    for w in v.windows(2) {
        assert_eq!(w[1].t, w[0].dda.t_max_x.min(w[0].dda.t_max_y));
    }
    let v: Vec<_> = Traversal::new(d, 1.0, 1.0, 1.0, 5.0).collect();
    assert_eq!((v[0].dda.t_delta_x, v[0].dda.t_max_x), (INF, INF));
}

#[test]
fn very_long_rays_are_exact_and_huge_ones_stay_bounded() {
    let d = dims(16, 16, 1.0);
    let cells = trace(d, Ray(-1e12, 2.5, 1e12, 2.5));
    assert_eq!(cells, (0..16).map(|c| (c, 2)).collect::<Vec<_>>());
    for r in
        [Ray(-1e12, -1e12 + 0.5, 1e12, 1e12 + 0.5), Ray(3.3, 4.4, 1e12, -7e11), Ray(8.0, 8.0, -1e12, -1e12)]
    {
        assert_eq!(trace(d, r), reference_cells(d, r), "{r:?}");
        check_visits(d, r).unwrap_or_else(|e| panic!("{r:?}: {e}"));
    }
    let m = f64::MAX;
    for r in [
        Ray(-m, -m, m, m),
        Ray(-m, 2.5, m, 2.5),
        Ray(m, 3.0, -m, 3.5),
        Ray(1e300, 1e300, -1e300, -1e300),
        Ray(-1e200, 7.5, 1e-300, 7.5),
        Ray(2.5, 2.5, 2.5 + 1e-300, 2.5 - 1e-310),
        Ray(5e-324, 3.0, -5e-324, 3.0),
    ] {
        let visits: Vec<_> = Traversal::new(d, r.0, r.1, r.2, r.3).collect();
        assert!(visits.len() <= 32, "{r:?}");
        for v in &visits {
            assert!(
                v.col < 16 && v.row < 16 && v.t.is_finite() && v.x.is_finite() && v.y.is_finite(),
                "{r:?}"
            );
            assert!(!v.dda.t_max_x.is_nan() && !v.dda.t_delta_y.is_nan(), "{r:?}");
        }
    }
    // Overflowing differences keep the parameter right.
    let v: Vec<_> = Traversal::new(d, -m, 2.5, m, 2.5).collect();
    assert!(v.iter().all(|v| (v.t - 0.5).abs() < 1e-300 || v.t == 0.5));
}

#[test]
fn non_finite_input_visits_nothing() {
    let d = dims(4, 4, 1.0);
    for r in [Ray(f64::NAN, 1.0, 2.0, 2.0), Ray(1.0, 1.0, INF, 2.0), Ray(1.0, -INF, 2.0, 2.0)] {
        assert_eq!(trace(d, r), []);
        let g = TileGrid::new(4, 4, 1.0).unwrap();
        assert_eq!(cast_tiles(&g, r.0, r.1, r.2, r.3), None);
        assert!(!line_of_sight(&g, r.0, r.1, r.2, r.3));
        assert_eq!(first_box_hit(r.0, r.1, r.2, r.3, [(1, Aabb::from_xywh(0.0, 0.0, 9.0, 9.0))]), None);
    }
}

#[test]
fn grid_dims_are_checked() {
    assert!(GridDims::new(0, 3, 1.0).is_err());
    assert!(GridDims::new(3, 5000, 1.0).is_err());
    assert!(GridDims::new(3, 3, 0.0).is_err());
    assert!(GridDims::new(3, 3, f64::NAN).is_err());
    let g = TileGrid::new(5, 6, 24.0).unwrap();
    assert_eq!(GridDims::of(&g), dims(5, 6, 24.0));
}

// ---------------------------------------------------------------------------
// Exact segment against one tile.

/// Whether `(x, y)` is in the closed solid grown by `eps`: every
/// constraint of the shape relaxed by `eps` (the polygon's edges, the
/// square, the circle). Not the exact `eps`-neighbourhood near vertices,
/// but it does reach into a steep slope's tip or a concave tile's cusp,
/// where a hit within rounding of the solid can lie.
fn near_solid(shape: TileShape, tile: &Aabb, (x, y): (f64, f64), eps: f64) -> bool {
    let in_square =
        tile.min_x - eps <= x && x <= tile.max_x + eps && tile.min_y - eps <= y && y <= tile.max_y + eps;
    match shape.geometry() {
        TileGeometry::Empty => false,
        TileGeometry::Polygon(p) => (0..p.vertices().len()).all(|i| {
            let (vx, vy) = to_world(tile, p.vertices()[i]);
            let (nx, ny) = p.edge_normal(i);
            (x - vx) * nx + (y - vy) * ny <= eps * nx.hypot(ny)
        }),
        TileGeometry::QuarterCircle(q) => {
            let (cx, cy) = to_world(tile, q.centre);
            let d = (x - cx).hypot(y - cy);
            let r = tile.max_x - tile.min_x;
            in_square && if q.solid_inside { d <= r + eps } else { d >= r - eps }
        }
    }
}

/// Whether every point within `eps` of `(x, y)` is in the closed solid:
/// inside beyond rounding, so a test that misses it is wrong.
fn deep_inside(shape: TileShape, tile: &Aabb, (x, y): (f64, f64), eps: f64) -> bool {
    [-eps, 0.0, eps]
        .iter()
        .all(|&ox| [-eps, 0.0, eps].iter().all(|&oy| contains_point(shape, tile, x + ox, y + oy)))
}

fn check_normal(n: (f64, f64), r: Ray, t: f64) -> Result<(), String> {
    let (dx, dy) = (r.2 - r.0, r.3 - r.1);
    let len = dx.hypot(dy);
    if len == 0.0 {
        // A point: on a surface, that surface's normal; inside, none.
        return if n == (0.0, 0.0) || ((n.0.hypot(n.1)) - 1.0).abs() <= 1e-12 {
            Ok(())
        } else {
            Err(format!("point segment, normal {n:?}"))
        };
    }
    if t == 0.0 {
        // The surface the start lies on (it may face away from a segment
        // that starts by leaving it), or (0, 0) strictly inside.
        return if n == (0.0, 0.0) || ((n.0.hypot(n.1)) - 1.0).abs() <= 1e-12 {
            Ok(())
        } else {
            Err(format!("t = 0 normal {n:?}"))
        };
    }
    if ((n.0.hypot(n.1)) - 1.0).abs() > 1e-12 {
        return Err(format!("normal {n:?} is not unit"));
    }
    if (n.0 * dx + n.1 * dy) / len > 1e-9 {
        return Err(format!("normal {n:?} faces along the ray"));
    }
    Ok(())
}

#[test]
fn segment_tile_agrees_with_dense_sampling_for_every_shape() {
    let mut tested = 0;
    for seed in 0..300u64 {
        let mut rng = Rng::new(seed);
        let cell = CELL_SIZES[rng.below(CELL_SIZES.len() as u32) as usize];
        let d = dims(3, 3, cell);
        let tile = Aabb { min_x: d.line(1), min_y: d.line(1), max_x: d.line(2), max_y: d.line(2) };
        for shape in TileShape::ALL {
            for i in 0..4 {
                let r = random_ray(&mut rng, d);
                let ctx = || format!("seed {seed} ray {i}: {} {r:?} in {tile:?}", shape.name());
                let hit = segment_tile(shape, &tile, r.0, r.1, r.2, r.3);
                let at = |t: f64| (r.0 + t * (r.2 - r.0), r.1 + t * (r.3 - r.1));
                let len = (r.2 - r.0).hypot(r.3 - r.1).max(1e-300);
                let eps = 1e-9 * cell + 1e-15 * len;
                // Sampled points clearly inside (a point on the boundary
                // within rounding may go either way).
                let first_sample = (0..=2000)
                    .map(|k| f64::from(k) / 2000.0)
                    .find(|&t| deep_inside(shape, &tile, at(t), eps));
                match (hit, first_sample) {
                    (None, Some(t)) => panic!("{}: missed a solid point at t = {t}", ctx()),
                    (Some(h), s) => {
                        if let Some(s) = s {
                            assert!(h.t <= s + 1e-12, "{}: hit at {} after solid sample {s}", ctx(), h.t);
                        }
                        assert!(
                            near_solid(shape, &tile, (h.x, h.y), eps),
                            "{}: hit point {h:?} not on the solid",
                            ctx()
                        );
                        let p = at(h.t);
                        assert!(
                            (p.0 - h.x).abs() + (p.1 - h.y).abs() <= eps,
                            "{}: {h:?} is not at its t",
                            ctx()
                        );
                        check_normal(h.normal, r, h.t).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                        // Nothing solid strictly before the hit (sampled).
                        for k in 0..200 {
                            let t = h.t * f64::from(k) / 200.0;
                            if h.t - t > 1e-9 {
                                let inside = deep_inside(shape, &tile, at(t), eps);
                                assert!(!inside, "{}: solid at t = {t} before the hit {h:?}", ctx());
                            }
                        }
                    }
                    (None, None) => {}
                }
                tested += 1;
            }
        }
    }
    assert_eq!(tested, 300 * 30 * 4);
}

#[test]
fn segment_tile_known_answers() {
    let tile = Aabb { min_x: 10.0, min_y: 10.0, max_x: 20.0, max_y: 20.0 };
    let hit =
        |name: &str, r: Ray| segment_tile(TileShape::from_name(name).unwrap(), &tile, r.0, r.1, r.2, r.3);
    // slope45-br: solid below the diagonal x + y = 30 (world).
    let h = hit("slope45-br", Ray(0.0, 17.5, 20.0, 17.5)).unwrap();
    assert_eq!((h.x, h.y), (12.5, 17.5));
    let s = std::f64::consts::FRAC_1_SQRT_2;
    assert!((h.normal.0 + s).abs() < 1e-15 && (h.normal.1 + s).abs() < 1e-15);
    // Along its top-left empty half, parallel to the slope: no hit.
    assert_eq!(hit("slope45-br", Ray(10.0, 19.0, 19.0, 10.0)), None);
    // Touching its vertex (20, 10) counts.
    let h = hit("slope45-br", Ray(15.0, 5.0, 25.0, 15.0)).unwrap();
    assert_eq!((h.t, h.x, h.y), (0.5, 20.0, 10.0));
    // convex-br: quarter disc of radius 10 at (20, 20): a ray down x = 14
    // meets it at y = 20 - 8.
    let h = hit("convex-br", Ray(14.0, 0.0, 14.0, 30.0)).unwrap();
    assert!(
        (h.y - 12.0).abs() < 1e-12 && (h.normal.0 + 0.6).abs() < 1e-12 && (h.normal.1 + 0.8).abs() < 1e-12
    );
    // Tangent to the arc (at the tile corner (20, 10)): touching counts.
    let h = hit("convex-br", Ray(0.0, 10.0, 30.0, 10.0)).unwrap();
    assert_eq!((h.x, h.y, h.normal), (20.0, 10.0, (0.0, -1.0)));
    // concave-br: the tile minus the disc of radius 10 at (10, 10): a ray
    // from inside the hollow reaches the arc, normal towards the centre.
    let h = hit("concave-br", Ray(11.0, 11.0, 19.0, 19.0)).unwrap();
    assert!((h.x - (10.0 + 10.0 * s)).abs() < 1e-12 && (h.normal.0 + s).abs() < 1e-12);
    // A ray along its open top side touches the solid only at (20, 10).
    let h = hit("concave-br", Ray(5.0, 10.0, 25.0, 10.0)).unwrap();
    assert!((h.x - 20.0).abs() < 1e-9, "{h:?}");
    // Starting inside: t = 0, no surface at the start, no normal.
    let h = hit("full", Ray(15.0, 15.0, 30.0, 15.0)).unwrap();
    assert_eq!((h.t, h.x, h.y, h.normal), (0.0, 15.0, 15.0, (0.0, 0.0)));
    let h = hit("full", Ray(15.0, 15.0, 15.0, 15.0)).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (0.0, 0.0)));
    // Through a box corner exactly: the diagonal normal.
    let h = hit("full", Ray(5.0, 5.0, 15.0, 15.0)).unwrap();
    assert_eq!((h.t, h.normal), (0.5, (-s, -s)));
    assert_eq!(hit("empty", Ray(0.0, 0.0, 30.0, 30.0)), None);
}

// ---------------------------------------------------------------------------
// Casting against the grid.

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
fn brute_cast(grid: &TileGrid, r: Ray) -> Option<(f64, (u32, u32))> {
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
fn hit_cell_follows_the_rule(grid: &TileGrid, r: Ray, h: &TileHit) -> Result<(), String> {
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

// ---------------------------------------------------------------------------
// Boxes and circles.

#[test]
fn segment_aabb_and_circle_known_answers() {
    let b = Aabb::from_xywh(10.0, 10.0, 10.0, 10.0);
    let h = segment_aabb(&b, 0.0, 15.0, 30.0, 15.0).unwrap();
    assert_eq!((h.t, h.x, h.y, h.normal), (1.0 / 3.0, 10.0, 15.0, (-1.0, 0.0)));
    let h = segment_aabb(&b, 15.0, 30.0, 15.0, 0.0).unwrap();
    assert_eq!((h.y, h.normal), (20.0, (0.0, 1.0)));
    // Inside: t = 0, and no surface at the start, so no normal.
    let h = segment_aabb(&b, 15.0, 15.0, 15.0, 0.0).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (0.0, 0.0)));
    // Grazing the top face counts; passing beside it does not.
    assert_eq!(segment_aabb(&b, 0.0, 10.0, 30.0, 10.0).unwrap().x, 10.0);
    assert_eq!(segment_aabb(&b, 0.0, 9.999, 30.0, 9.999), None);
    assert_eq!(segment_aabb(&b, 0.0, 15.0, 9.0, 15.0), None);

    let h = segment_circle(10.0, 10.0, 5.0, 0.0, 10.0, 30.0, 10.0).unwrap();
    assert_eq!((h.x, h.y, h.normal), (5.0, 10.0, (-1.0, 0.0)));
    // From the centre: inside, no normal; from the circle: the radial normal.
    let h = segment_circle(10.0, 10.0, 5.0, 10.0, 10.0, 30.0, 10.0).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (0.0, 0.0)));
    let h = segment_circle(10.0, 10.0, 5.0, 15.0, 10.0, 30.0, 10.0).unwrap();
    assert_eq!((h.t, h.normal), (0.0, (1.0, 0.0)));
    // Tangent: touching counts.
    let h = segment_circle(10.0, 10.0, 5.0, 0.0, 5.0, 30.0, 5.0).unwrap();
    assert_eq!((h.x, h.y, h.normal), (10.0, 5.0, (0.0, -1.0)));
    assert_eq!(segment_circle(10.0, 10.0, 5.0, 0.0, 4.99, 30.0, 4.99), None);
    assert_eq!(segment_circle(10.0, 10.0, 0.0, 0.0, 10.0, 30.0, 10.0), None);
    // Long rays keep their precision.
    let h = segment_circle(10.0, 10.0, 5.0, -1e12, 13.0, 1e12, 13.0).unwrap();
    assert!((h.x - 6.0).abs() < 1e-3, "{h:?}");
}

#[test]
fn segment_circle_agrees_with_dense_sampling() {
    for seed in 0..2000u64 {
        let mut rng = Rng::new(seed);
        let (cx, cy, rad) = (rng.range(0.0, 10.0), rng.range(0.0, 10.0), rng.range(0.1, 4.0));
        let r = random_ray(&mut rng, dims(10, 10, 1.0));
        let at = |t: f64| (r.0 + t * (r.2 - r.0), r.1 + t * (r.3 - r.1));
        let inside = |(x, y): (f64, f64)| (x - cx).hypot(y - cy) <= rad;
        let first = (0..=2000).map(|k| f64::from(k) / 2000.0).find(|&t| inside(at(t)));
        match (segment_circle(cx, cy, rad, r.0, r.1, r.2, r.3), first) {
            (None, Some(t)) => panic!("seed {seed}: missed at t = {t}"),
            (Some(h), s) => {
                assert!(s.is_none_or(|s| h.t <= s + 1e-12), "seed {seed}: late {h:?} vs {s:?}");
                let dist = (h.x - cx).hypot(h.y - cy);
                assert!(dist <= rad * (1.0 + 1e-9) + 1e-9, "seed {seed}: {h:?} off the disc");
                check_normal(h.normal, r, h.t).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            (None, None) => {}
        }
    }
}

#[test]
fn first_box_hit_matches_brute_force_with_ties_to_the_smaller_id() {
    let mut hits = 0;
    for seed in 0..3000u64 {
        let mut rng = Rng::new(seed);
        let d = dims(10, 10, 1.0);
        let mut boxes: Vec<(u32, Aabb)> = (0..rng.below(20))
            .map(|i| {
                let (x, y) = (coord(&mut rng, 10, 1.0), coord(&mut rng, 10, 1.0));
                (i + 1, Aabb::from_xywh(x, y, 0.5 + f64::from(rng.below(4)), 0.5 + f64::from(rng.below(4))))
            })
            .collect();
        // Duplicates with other ids force exact ties.
        for k in 0..boxes.len().min(3) {
            let (_, b) = boxes[k];
            boxes.push((100 + k as u32, b));
        }
        // The order of candidates must not matter.
        let n = boxes.len();
        for i in (1..n).rev() {
            boxes.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let r = random_ray(&mut rng, d);
        let got = first_box_hit(r.0, r.1, r.2, r.3, boxes.iter().copied());
        let want = boxes
            .iter()
            .filter_map(|&(id, b)| segment_aabb(&b, r.0, r.1, r.2, r.3).map(|h| (h.t, id)))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        assert_eq!(got.map(|h| (h.t, h.id)), want, "seed {seed}: {r:?}");
        if let Some(h) = got {
            check_normal(h.normal, r, h.t).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // Independent check: the hit box really contains the hit point
            // and no sampled point before it is in any box.
            let at = |t: f64| (r.0 + t * (r.2 - r.0), r.1 + t * (r.3 - r.1));
            for k in 0..100 {
                let t = h.t * f64::from(k) / 100.0;
                if h.t - t > 1e-9 {
                    let (x, y) = at(t);
                    let in_any = boxes
                        .iter()
                        .any(|(_, b)| b.min_x <= x && x <= b.max_x && b.min_y <= y && y <= b.max_y);
                    assert!(!in_any, "seed {seed}: a box holds t = {t} before the hit {h:?}");
                }
            }
            hits += 1;
        }
    }
    assert!(hits > 500, "{hits}");
    assert_eq!(first_box_hit(0.0, 0.0, 1.0, 1.0, []), None);
}

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

// ---------------------------------------------------------------------------
// Any magnitude.

/// A coordinate of any magnitude: `±10^e` for `e` in −300 … 308, the grid's
/// scale, a lattice line, or a lattice line nudged by an ulp.
fn any_magnitude(rng: &mut Rng, n: u32, cell: f64) -> f64 {
    let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
    match rng.below(8) {
        0..=2 => sign * 10f64.powf(rng.range(-300.0, 308.0)) * rng.range(1.0, 1.79),
        3 => sign * 10f64.powf(rng.range(-300.0, -1.0)),
        4 => f64::from(rng.below(n + 1)) * cell,
        5 => {
            let p = f64::from(rng.below(n + 1)) * cell;
            if rng.below(2) == 0 {
                p.next_up()
            } else {
                p.next_down()
            }
        }
        _ => rng.range(-0.5, f64::from(n) + 0.5) * cell,
    }
}

/// A ray with ends of any magnitude: independent ends; one end huge and
/// the other a lattice point (the ray passes exactly through it); or the
/// mirror image of a huge end through a lattice point (within rounding of
/// it: the hardest near-corner cases).
fn any_magnitude_ray(rng: &mut Rng, d: GridDims) -> Ray {
    let (n, m, cell) = (d.cols, d.rows, d.cell_size);
    let (x0, y0) = (any_magnitude(rng, n, cell), any_magnitude(rng, m, cell));
    let lattice = (f64::from(rng.below(n + 1)) * cell, f64::from(rng.below(m + 1)) * cell);
    match rng.below(4) {
        0 => Ray(x0, y0, lattice.0, lattice.1),
        1 => {
            let (x1, y1) = (2.0 * lattice.0 - x0 / 2.0 * 2.0, 2.0 * lattice.1 - y0);
            if x1.is_finite() && y1.is_finite() {
                Ray(x0, y0, x1, y1)
            } else {
                Ray(x0, y0, lattice.0, lattice.1)
            }
        }
        _ => Ray(x0, y0, any_magnitude(rng, n, cell), any_magnitude(rng, m, cell)),
    }
}

/// A map of every shape, every orientation (half of the tiles quarter
/// circles, convex and concave), and doors: all decided exactly.
fn any_shape_grid(rng: &mut Rng) -> TileGrid {
    let cell = [1.0, 0.5, 24.0, 0.1, 3.0][rng.below(5) as usize];
    let (cols, rows) = (1 + rng.below(8), 1 + rng.below(8));
    let mut grid = TileGrid::new(cols, rows, cell).unwrap();
    let (arcs, polygons): (Vec<TileShape>, Vec<TileShape>) = TileShape::ALL
        .into_iter()
        .filter(|s| !s.is_empty())
        .partition(|s| matches!(s.geometry(), TileGeometry::QuarterCircle(_)));
    let density = rng.range(0.05, 0.5);
    for r in 0..rows {
        for c in 0..cols {
            if rng.next_f64() < density {
                let family = if rng.below(2) == 0 { &arcs } else { &polygons };
                grid.set_tile(c, r, family[rng.below(family.len() as u32) as usize]).unwrap();
            }
        }
    }
    for _ in 0..rng.below(4) {
        let door = if rng.below(2) == 0 { Door::Open } else { Door::Closed };
        grid.set_door(rng.below(cols), rng.below(rows), Side::ALL[rng.below(4) as usize], Some(door))
            .unwrap();
    }
    grid
}

/// `trace_cells`, `cast_tiles` and `line_of_sight` against the exact
/// references on rays whose ends range over 1e-300 … 1e308 (both signs,
/// mixed, and through or within an ulp of lattice points): the same cells
/// in the same order; a hit exactly when the real segment touches a tile
/// or a closed door (polygons and quarter circles: decided in rationals);
/// the hit cell a traced one; for rays of ordinary size, the same `t` as
/// brute force. Prints the seed on failure.
#[test]
fn rays_at_any_magnitude_agree_with_the_exact_references() {
    let (mut hits, mut misses, mut huge, mut cells_total, mut arc_hits) = (0, 0, 0, 0, 0);
    for seed in 0..300u64 {
        let mut rng = Rng::new(0xABCD_0000 + seed);
        let grid = any_shape_grid(&mut rng);
        let d = GridDims::of(&grid);
        for i in 0..40 {
            let r = any_magnitude_ray(&mut rng, d);
            let ctx = || format!("seed {seed} ray {i}: {r:?} on {d:?}\n{}", grid.to_ascii());
            let want_cells = reference_cells(d, r);
            assert_eq!(trace(d, r), want_cells, "{}", ctx());
            cells_total += want_cells.len();
            let big = [r.0, r.1, r.2, r.3].iter().any(|v| v.abs() > 1e12);
            huge += u32::from(big);
            let got = cast_tiles(&grid, r.0, r.1, r.2, r.3);
            let want = brute_cast(&grid, r);
            assert_eq!(line_of_sight(&grid, r.0, r.1, r.2, r.3), want.is_none(), "{}: {got:?}", ctx());
            match (got, want) {
                (None, None) => misses += 1,
                (Some(g), Some((t, (c, r)))) => {
                    hits += 1;
                    arc_hits += u32::from(grid.tile(c, r).unwrap().quarter_circle().is_some());
                    assert!(want_cells.contains(&(g.col, g.row)), "{}: {g:?} not a traced cell", ctx());
                    assert!(g.t.is_finite() && (0.0..=1.0).contains(&g.t), "{}: {g:?}", ctx());
                    assert!(g.x.is_finite() && g.y.is_finite(), "{}: {g:?}", ctx());
                    if !big {
                        assert!((g.t - t).abs() <= 1e-9, "{}: cast {g:?}, brute force t = {t}", ctx());
                    }
                }
                (g, w) => panic!("{}: cast {g:?}, brute force {w:?}", ctx()),
            }
        }
    }
    eprintln!(
        "{hits} hits ({arc_hits} on quarter circles), {misses} misses, {huge} huge rays, {cells_total} cells"
    );
    assert!(hits > 1_000 && misses > 1_000 && huge > 4_000, "{hits} hits, {misses} misses, {huge} huge rays");
    assert!(arc_hits > 300, "only {arc_hits} hits on quarter circles");
    assert!(cells_total > 10_000, "only {cells_total} cells traced");
}

/// Quarter circles where floating point cannot decide, on a 3 × 3 grid of
/// cells `5·2^k` (k = −40, 0, 40, 900) with one quarter circle in the
/// middle, each of the eight: lines through the origin exactly tangent to
/// the circles centred at `(5, 10)` and `(10, 5)` (in cells of 5: at
/// `(8, 6)` and `(6, 8)`, Pythagorean points), from up to `2^1000` away to
/// the tangent point, beyond it, or out from it, and with the near end an
/// ulp to each side; rays from anywhere (1e-300 … 1e308) ending at an arc's
/// end or a concave tile's cusp, or an ulp beside it; axis lines along the
/// arcs' ends and an ulp off, from ±1e300. `cast_tiles` and
/// `line_of_sight` must agree with the rationals on each, and the floating
/// test alone must get some of them wrong (else this tests nothing).
#[test]
fn quarter_circles_are_exact_on_tangents_cusps_and_grazes_at_any_magnitude() {
    let arcs: Vec<TileShape> = TileShape::ALL.into_iter().filter(|s| s.quarter_circle().is_some()).collect();
    let (mut touches, mut misses, mut uncertain, mut float_wrong) = (0, 0, 0, 0);
    let mut rng = Rng::new(0xA4C5);
    let nudges = |(x, y): (f64, f64)| {
        [(x, y), (x.next_up(), y), (x.next_down(), y), (x, y.next_up()), (x, y.next_down())]
    };
    for k in [-40, 0, 40, 900] {
        let unit = 2f64.powi(k);
        let cell = 5.0 * unit;
        for &shape in &arcs {
            let mut grid = TileGrid::new(3, 3, cell).unwrap();
            grid.set_tile(1, 1, shape).unwrap();
            let b = grid.tile_bounds(1, 1).unwrap();
            let q = shape.quarter_circle().unwrap();
            let centre = to_world(&b, q.centre);
            let d = GridDims::of(&grid);
            let mut rays = Vec::new();
            // Tangent lines through the origin, of direction (4, 3) and (3, 4).
            for (v, p) in [((4.0, 3.0), (8.0, 6.0)), ((3.0, 4.0), (6.0, 8.0))] {
                let (v, p) = ((v.0 * unit, v.1 * unit), (p.0 * unit, p.1 * unit));
                for far in [0.25, 1.0, 2f64.powi(20), 2f64.powi(1000 - k.max(0))] {
                    let a = (-far * v.0, -far * v.1);
                    if !(a.0.is_finite() && a.1.is_finite()) {
                        continue;
                    }
                    for near in [p, (2.0 * p.0, 2.0 * p.1)] {
                        for near in nudges(near) {
                            rays.push(Ray(a.0, a.1, near.0, near.1));
                            rays.push(Ray(near.0, near.1, a.0, a.1));
                        }
                    }
                    rays.push(Ray(p.0, p.1, -a.0, -a.1));
                }
            }
            // Through the arc's ends (a concave tile's cusps), from anywhere.
            let r = b.max_x - b.min_x;
            let sx = if centre.0 == b.min_x { 1.0 } else { -1.0 };
            let sy = if centre.1 == b.min_y { 1.0 } else { -1.0 };
            for end in [(centre.0 + sx * r, centre.1), (centre.0, centre.1 + sy * r)] {
                for _ in 0..4 {
                    let a = (any_magnitude(&mut rng, 3, cell), any_magnitude(&mut rng, 3, cell));
                    for near in nudges(end) {
                        rays.push(Ray(a.0, a.1, near.0, near.1));
                        rays.push(Ray(near.0, near.1, a.0, a.1));
                    }
                }
                // Axis lines along the ends, and an ulp off.
                for (x, y) in nudges(end) {
                    rays.push(Ray(x, -1e300, x, 1e300));
                    rays.push(Ray(-1e300, y, 1e300, y));
                }
            }
            let arc = super::exact_arc::ArcTile::new(&b, q);
            for r in rays {
                let ctx = || format!("k {k} {}: {r:?}", shape.name());
                let got = cast_tiles(&grid, r.0, r.1, r.2, r.3);
                let want = brute_cast(&grid, r);
                assert_eq!(got.is_some(), want.is_some(), "{}: cast {got:?}, reference {want:?}", ctx());
                assert_eq!(line_of_sight(&grid, r.0, r.1, r.2, r.3), want.is_none(), "{}", ctx());
                if let Some(g) = got {
                    touches += 1;
                    assert!(reference_cells(d, r).contains(&(g.col, g.row)), "{}: {g:?} not traced", ctx());
                    assert!(
                        (0.0..=1.0).contains(&g.t) && g.x.is_finite() && g.y.is_finite(),
                        "{}: {g:?}",
                        ctx()
                    );
                    check_normal(g.normal, r, g.t).unwrap_or_else(|e| panic!("{}: {g:?}: {e}", ctx()));
                } else {
                    misses += 1;
                }
                // The floating test alone on the same segment, against the
                // rationals' verdict on the tile.
                let seg = super::segment::Segment::new(r.0, r.1, r.2, r.3).unwrap();
                let float = super::segment_arc::hit_arc(&seg, &arc, true);
                let exact = exact_reference::touches_quarter_circle(
                    ((r.0, r.1), (r.2, r.3)),
                    &b,
                    centre,
                    b.max_x - b.min_x,
                    q.solid_inside,
                );
                uncertain += u32::from(!float.certain);
                float_wrong += u32::from(float.hit.is_some() != exact);
                assert!(!float.certain || float.hit.is_some() == exact, "{}: certain but wrong", ctx());
            }
        }
    }
    eprintln!(
        "{touches} touches, {misses} misses; floating test uncertain on {uncertain}, wrong on {float_wrong}"
    );
    assert!(touches > 500 && misses > 500, "{touches} touches, {misses} misses");
    assert!(float_wrong > 20 && uncertain > float_wrong, "{uncertain} uncertain, {float_wrong} wrong");
}

/// Boxes at any magnitude: `first_box_hit` touches a box exactly when the
/// real segment does (rationals), at any magnitude of ends or boxes.
#[test]
fn box_hits_at_any_magnitude_agree_with_the_exact_reference() {
    let (mut hits, mut misses) = (0, 0);
    for seed in 0..100u64 {
        let mut rng = Rng::new(0xB0B0_0000 + seed);
        let d = dims(8, 8, [1.0, 24.0, 1e-200, 1e200][rng.below(4) as usize]);
        let boxes: Vec<(u32, Aabb)> = (1..=6)
            .map(|id| {
                let (x, y) =
                    (any_magnitude(&mut rng, 8, d.cell_size), any_magnitude(&mut rng, 8, d.cell_size));
                let (w, h) = (rng.range(0.0, 3.0) * d.cell_size, rng.range(0.0, 3.0) * d.cell_size);
                (id, Aabb { min_x: x, min_y: y, max_x: x + w, max_y: y + h })
            })
            .filter(|(_, b)| b.max_x.is_finite() && b.max_y.is_finite())
            .collect();
        for i in 0..60 {
            let r = if i % 3 == 0 {
                // Aimed at a box's corner from afar.
                let (_, b) = boxes[rng.below(boxes.len() as u32) as usize];
                Ray(
                    any_magnitude(&mut rng, 8, d.cell_size),
                    any_magnitude(&mut rng, 8, d.cell_size),
                    b.max_x,
                    b.min_y,
                )
            } else {
                any_magnitude_ray(&mut rng, d)
            };
            let touched: Vec<u32> = boxes
                .iter()
                .filter(|(_, b)| {
                    let corners =
                        [(b.min_x, b.min_y), (b.max_x, b.min_y), (b.max_x, b.max_y), (b.min_x, b.max_y)];
                    exact_reference::touches_polygon(((r.0, r.1), (r.2, r.3)), &corners)
                })
                .map(|&(id, _)| id)
                .collect();
            for &(id, b) in &boxes {
                let got = segment_aabb(&b, r.0, r.1, r.2, r.3);
                assert_eq!(
                    got.is_some(),
                    touched.contains(&id),
                    "seed {seed} ray {i}: {r:?} box {id} {b:?}: {got:?}"
                );
                if let Some(h) = got {
                    assert!(
                        (0.0..=1.0).contains(&h.t) && h.x.is_finite() && h.y.is_finite(),
                        "seed {seed}: {h:?}"
                    );
                }
            }
            let first = first_box_hit(r.0, r.1, r.2, r.3, boxes.iter().copied());
            assert_eq!(first.is_some(), !touched.is_empty(), "seed {seed} ray {i}: {r:?}");
            if first.is_some() {
                hits += 1;
            } else {
                misses += 1;
            }
        }
    }
    eprintln!("{hits} hits, {misses} misses");
    assert!(hits > 500 && misses > 500, "{hits} hits, {misses} misses");
}

/// A solid's first contact with a segment, by the rationals.
type ReferenceContact = Box<dyn Fn(Ray) -> Option<exact_reference::RefT>>;

/// The exact order of contacts (`exact_order.rs`) against the rationals'
/// (`exact_reference::RefT`, compared by squaring out square roots) on
/// seeded segments of any magnitude, many through lattice points where
/// tiles, lines and boxes meet (exact ties): boxes (some flat, like doors),
/// tile polygons and quarter circles the segment touches, and grid lines it
/// crosses, on grids of cells from 0.1 to 5·2^600. The floating enclosure
/// must hold the exact parameter, and the filtered order must equal the
/// rationals' for every pair.
#[test]
fn contacts_are_ordered_exactly_at_any_magnitude() {
    use super::exact_order::{Contact, Ranked};
    use exact_reference::RefT;
    let (mut compared, mut ties, mut unbounded) = (0, 0, 0);
    for seed in 0..100u64 {
        let mut rng = Rng::new(0x0D3E_0000 + seed);
        let d = dims(4, 4, [1.0, 24.0, 0.1, 5.0 * 2f64.powi(600)][rng.below(4) as usize]);
        let cell = d.cell_size;
        // Solids on and around the grid: every tile shape in a random cell,
        // boxes (some flat, like doors) of any magnitude, grid lines.
        let mut solids: Vec<(Contact, ReferenceContact)> = Vec::new();
        for _ in 0..6 {
            let (c, r) = (rng.below(4), rng.below(4));
            let b = Aabb { min_x: d.line(c), min_y: d.line(r), max_x: d.line(c + 1), max_y: d.line(r + 1) };
            let shape = TileShape::ALL[1 + rng.below(29) as usize];
            let reference: ReferenceContact = match shape.geometry() {
                TileGeometry::Polygon(p) => {
                    let corners: Vec<(f64, f64)> = p.vertices().iter().map(|&v| to_world(&b, v)).collect();
                    Box::new(move |r: Ray| {
                        exact_reference::polygon_contact(((r.0, r.1), (r.2, r.3)), &corners)
                    })
                }
                TileGeometry::QuarterCircle(q) => {
                    let arc = super::exact_arc::ArcTile::new(&b, q);
                    Box::new(move |r: Ray| {
                        exact_reference::quarter_circle_contact(
                            ((r.0, r.1), (r.2, r.3)),
                            &arc.tile,
                            arc.centre,
                            arc.radius,
                            arc.convex,
                        )
                    })
                }
                TileGeometry::Empty => continue,
            };
            solids.push((Contact::Tile { bounds: b, shape }, reference));
        }
        for _ in 0..4 {
            let (x, y) = (any_magnitude(&mut rng, 4, cell), any_magnitude(&mut rng, 4, cell));
            let (w, h) = (
                rng.range(0.0, 2.0) * cell,
                if rng.below(3) == 0 { 0.0 } else { rng.range(0.0, 2.0) * cell },
            );
            let b = Aabb { min_x: x, min_y: y, max_x: x + w, max_y: y + h };
            if b.max_x.is_finite() && b.max_y.is_finite() {
                solids.push((
                    Contact::Box(b),
                    Box::new(move |r: Ray| exact_reference::box_contact(((r.0, r.1), (r.2, r.3)), &b)),
                ));
            }
        }
        for i in 0..25 {
            let r = any_magnitude_ray(&mut rng, d);
            let ends = ((r.0, r.1), (r.2, r.3));
            // Grid lines it crosses, as the solid-face hits name them.
            let mut touched: Vec<(Ranked, RefT)> = Vec::new();
            for k in 0..=4 {
                for (vertical, p0, p1) in [(true, r.0, r.2), (false, r.1, r.3)] {
                    let at = d.line(k);
                    if (p0 < at) != (p1 < at) && p0 != at && p1 != at {
                        let t = (exact_reference::q(at) - exact_reference::q(p0))
                            / (exact_reference::q(p1) - exact_reference::q(p0));
                        touched.push((Ranked::new(ends, Contact::Line { vertical, at }), RefT::Q(t)));
                    }
                }
            }
            for (contact, reference) in &solids {
                if let Some(t) = reference(r) {
                    touched.push((Ranked::new(ends, *contact), t));
                }
            }
            let ctx = |a: &Ranked| format!("seed {seed} ray {i}: {r:?} on {d:?}: {a:?}");
            for (a, ta) in &touched {
                match a.bound {
                    Some(b) => {
                        let (lo, hi) = (RefT::Q(exact_reference::q(b.lo)), RefT::Q(exact_reference::q(b.hi)));
                        assert!(lo.cmp(ta).is_le() && ta.cmp(&hi).is_le(), "{}: {ta:?} outside", ctx(a));
                    }
                    None => unbounded += 1,
                }
                if let Some(c) = a.contact.coarse(ends) {
                    let (lo, hi) = (RefT::Q(exact_reference::q(c.lo)), RefT::Q(exact_reference::q(c.hi)));
                    assert!(lo.cmp(ta).is_le() && ta.cmp(&hi).is_le(), "{}: {ta:?} outside {c:?}", ctx(a));
                }
                for (b, tb) in &touched {
                    let want = ta.cmp(tb);
                    assert_eq!(a.cmp(b, ends), want, "{} against {b:?}", ctx(a));
                    let loose = b.contact.coarse(ends);
                    assert_eq!(
                        a.cmp_unranked(b.contact, None, loose, ends),
                        want,
                        "{} against {b:?}",
                        ctx(a)
                    );
                    assert_eq!(a.cmp_exact(b, ends), want, "{} against {b:?}", ctx(a));
                    compared += 1;
                    ties += u32::from(want.is_eq() && !std::ptr::eq(a, b));
                }
            }
        }
    }
    eprintln!("{compared} pairs compared, {ties} ties, {unbounded} contacts without a floating bound");
    assert!(
        compared > 20_000 && ties > 500 && unbounded > 200,
        "{compared} compared, {ties} ties, {unbounded} unbounded"
    );
}

/// The exact orientation against rationals on points at any magnitude,
/// most of them collinear or within an ulp of it (a lattice point on, or
/// beside, the line through two far points).
#[test]
fn orientation_is_exact_at_any_magnitude() {
    let mut rng = Rng::new(0x0E1E);
    let (mut zero, mut tested) = (0, 0);
    for _ in 0..20_000 {
        let a = (any_magnitude(&mut rng, 8, 1.0), any_magnitude(&mut rng, 8, 1.0));
        let c = (f64::from(rng.below(9)), f64::from(rng.below(9)));
        // b on the far side of c from a (c nearly or exactly on a → b).
        let b = match rng.below(3) {
            0 => (2.0 * c.0 - a.0, 2.0 * c.1 - a.1),
            1 => (c.0 + (c.0 - a.0) * 0.5, c.1 + (c.1 - a.1) * 0.5),
            _ => (any_magnitude(&mut rng, 8, 1.0), any_magnitude(&mut rng, 8, 1.0)),
        };
        if !(b.0.is_finite() && b.1.is_finite()) {
            continue;
        }
        let c = if rng.below(3) == 0 { (c.0.next_up(), c.1) } else { c };
        let want = exact_reference::orient(a, b, c);
        assert_eq!(super::exact::orient(a.0, a.1, b.0, b.1, c.0, c.1), want, "{a:?} {b:?} {c:?}");
        zero += u32::from(want == std::cmp::Ordering::Equal);
        tested += 1;
    }
    assert!(tested > 15_000 && zero > 500, "{tested} tested, {zero} collinear");
}
