//! One solid at a time: every tile shape, boxes and doors, against the
//! reference.

use super::{first_overlap, Solid};
use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::sweep::solids::tile_contact;
use crate::sweep::{box_contact, BoxMotion, Contact};
use crate::tile_grid::TileShape;

/// A scale for a case: ordinary sizes most of the time, else anything from
/// 1e-300 to 1e300.
pub(crate) fn scale(rng: &mut Rng) -> f64 {
    match rng.below(4) {
        0 => [1.0, 8.0, 24.0, 32.0][rng.below(4) as usize],
        1 => 10f64.powf(rng.range(-300.0, 300.0)),
        _ => 10f64.powf(rng.range(-3.0, 3.0)),
    }
}

/// A moving box near the cell `tile` (of side `ts`): sometimes exactly on
/// its lines, moving at it, along it, parallel to a slope, or by anything
/// up to the largest float.
pub(crate) fn motion_near(rng: &mut Rng, tile: &Aabb, ts: f64) -> BoxMotion {
    let size = |rng: &mut Rng| ts * 10f64.powf(rng.range(-3.0, 0.4));
    let (w, h) = (size(rng), size(rng));
    let coordinate = |rng: &mut Rng, min: f64, max: f64, extent: f64| match rng.below(6) {
        // On a line of the tile, either side.
        0 => [min, max, min - extent, max - extent][rng.below(4) as usize],
        _ => min + (max - min) * rng.range(-2.5, 3.5),
    };
    let x = coordinate(rng, tile.min_x, tile.max_x, w);
    let y = coordinate(rng, tile.min_y, tile.max_y, h);
    let b = Aabb::from_xywh(x, y, w, h);
    let centre = (0.5 * (tile.min_x + tile.max_x), 0.5 * (tile.min_y + tile.max_y));
    let towards = (centre.0 - x, centre.1 - y);
    let d = match rng.below(8) {
        0 => [towards.0 * rng.range(0.0, 3.0), 0.0],
        1 => [0.0, towards.1 * rng.range(0.0, 3.0)],
        2 => {
            // Parallel to a slope: 1:1, 1:2 or 2:1, either way.
            let (a, c) = [(1.0, 1.0), (1.0, 2.0), (2.0, 1.0)][rng.below(3) as usize];
            let k = ts * rng.range(-3.0, 3.0);
            [a * k, if rng.below(2) == 0 { c * k } else { -c * k }]
        }
        3 => {
            let huge = f64::MAX * rng.range(0.0, 1.0);
            let angle = rng.range(0.0, std::f64::consts::TAU);
            [huge * angle.cos(), huge * angle.sin()]
        }
        4 => [0.0, 0.0],
        _ => {
            let k = rng.range(0.0, 3.0) * 10f64.powf(rng.range(-4.0, 4.0)).min(1e300);
            [towards.0 * k + ts * rng.range(-0.5, 0.5), towards.1 * k + ts * rng.range(-0.5, 0.5)]
        }
    };
    BoxMotion { lo: [b.min_x, b.min_y], hi: [b.max_x, b.max_y], d }
}

/// The box's larger side.
pub(crate) fn size_of(m: &BoxMotion) -> f64 {
    (m.hi[0] - m.lo[0]).max(m.hi[1] - m.lo[1])
}

/// Checks one contact against the reference; `Err` says how they differ.
pub(crate) fn agrees(mine: Option<Contact>, solid: &Solid, m: &BoxMotion) -> Result<(), String> {
    let want = first_overlap(solid, m.lo, m.hi, m.d);
    match (mine, want) {
        (None, None) => Ok(()),
        (Some(c), None) => {
            Err(format!("met at t = {} ({:?}), the reference meets nothing", c.time.t, c.normal))
        }
        (None, Some(r)) => Err(format!("met nothing, the reference meets at {:?}", r.bounds())),
        (Some(c), Some(r)) => {
            let (lo, hi) = r.bounds();
            if c.inside() != r.inside {
                return Err(format!(
                    "inside {} but the reference says {} (t {:?})",
                    c.inside(),
                    r.inside,
                    (lo, hi)
                ));
            }
            // The interval must hold the exact time.
            if !(c.time.lo <= hi && lo <= c.time.hi) {
                return Err(format!(
                    "the bounds {:?} miss the exact time {:?}",
                    (c.time.lo, c.time.hi),
                    (lo, hi)
                ));
            }
            // Within rounding: of t, or of the motion's length (near a
            // tangent a root's rounding, as for the rays, a billionth of
            // the box's travel).
            let t = c.time.value();
            let tol = 1e-12 * hi.abs()
                + 1e-9 / m.d[0].abs().max(m.d[1].abs()).max(f64::MIN_POSITIVE) * size_of(m)
                + 1e-300;
            if !(lo - tol <= t && t <= hi + tol) {
                return Err(format!("t = {t}, the reference {:?}", (lo, hi)));
            }
            let n = c.normal;
            let length = n.0.hypot(n.1);
            if !c.inside() && (length - 1.0).abs() > 1e-9 {
                return Err(format!("normal {n:?} is not unit"));
            }
            Ok(())
        }
    }
}

#[test]
fn every_tile_shape_agrees_with_the_reference_at_every_magnitude() {
    let mut failures = Vec::new();
    for seed in 0..6000u64 {
        let mut rng = Rng::new(0x5EE9 ^ seed);
        let ts = scale(&mut rng);
        let k = f64::from(rng.below(4));
        let tile =
            Aabb { min_x: k * ts, min_y: (k + 1.0) * ts, max_x: (k + 1.0) * ts, max_y: (k + 2.0) * ts };
        let shape = TileShape::ALL[1 + rng.below(29) as usize];
        let m = motion_near(&mut rng, &tile, ts);
        let mine = tile_contact(&m, shape, &tile);
        if let Err(e) = agrees(mine, &Solid::Tile(shape, tile), &m) {
            failures.push(format!("seed {seed}: {} {tile:?} {m:?}: {e}", shape.name()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 6000 differ:\n{}",
        failures.len(),
        failures[..failures.len().min(12)].join("\n")
    );
}

#[test]
fn boxes_and_doors_agree_with_the_reference_at_every_magnitude() {
    let mut failures = Vec::new();
    for seed in 0..4000u64 {
        let mut rng = Rng::new(0xB0C5 ^ seed);
        let ts = scale(&mut rng);
        let (x, y) = (ts * rng.range(-3.0, 3.0), ts * rng.range(-3.0, 3.0));
        let other = match rng.below(3) {
            0 => Aabb { min_x: x, min_y: y, max_x: x, max_y: y + ts },
            1 => Aabb { min_x: x, min_y: y, max_x: x + ts, max_y: y },
            _ => Aabb::from_xywh(x, y, ts * rng.range(0.01, 3.0), ts * rng.range(0.01, 3.0)),
        };
        let m = motion_near(
            &mut rng,
            &Aabb { max_x: other.max_x.max(x + ts), max_y: other.max_y.max(y + ts), ..other },
            ts,
        );
        let mine = box_contact(&m, &other);
        if let Err(e) = agrees(mine, &Solid::Box(other), &m) {
            failures.push(format!("seed {seed}: {other:?} {m:?}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 4000 differ:\n{}",
        failures.len(),
        failures[..failures.len().min(12)].join("\n")
    );
}
