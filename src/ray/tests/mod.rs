//! Tests of the ray module: the traversal against a cell-by-cell reference
//! of its definition, the exact shape tests against dense sampling, and the
//! grid cast and the box search against brute force, all on seeded random
//! rays (a failure prints its seed), plus the documented edge cases. One
//! file per topic; this one holds what they share: seeded rays and the
//! traversal's reference.
//!
//! - `traversal.rs`: the cells a segment visits, against the reference;
//! - `tile_shapes.rs`: a segment against one tile's exact shape;
//! - `tile_cast.rs`: casting against the grid, against brute force;
//! - `boxes.rs`: segments against boxes and circles;
//! - `faces.rs`: rays along faces and cell lines, and ends far beyond the grid;
//! - `magnitude.rs`: every kind of ray at any magnitude, against the exact
//!   references;
//! - `walk.rs`: every structure's ray walk against brute force.

mod boxes;
mod faces;
mod magnitude;
mod tile_cast;
mod tile_shapes;
mod traversal;
mod walk;

use super::*;
use crate::geometry::Aabb;
use crate::ray::exact::reference as exact_reference;
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
// Checks shared by the topics.

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
