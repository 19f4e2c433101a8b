//! Point and box against each tile shape: known answers, sampling, and the
//! push-out's two promises (it separates; nothing shorter does).

use super::shape;
use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::tile_grid::narrow_phase::{contains_point, exits, overlaps, penetration, push_out};
use crate::tile_grid::{Corner, Side, TileShape};

/// The tile of these tests: `[10, 20] × [30, 40]`.
const TILE: Aabb = Aabb { min_x: 10.0, min_y: 30.0, max_x: 20.0, max_y: 40.0 };

/// A `br`-orientation local point mirrored into `corner`, in world units.
fn world(corner: Corner, (u, v): (f64, f64)) -> (f64, f64) {
    let u = if corner.is_right() { u } else { 1.0 - u };
    let v = if corner.is_bottom() { v } else { 1.0 - v };
    (TILE.min_x + 10.0 * u, TILE.min_y + 10.0 * v)
}

/// Per family, local points of the `br` orientation and whether they are
/// solid; every orientation is tested with the mirrored points.
type SolidPoints = &'static [((f64, f64), bool)];

const POINTS: [(&str, SolidPoints); 7] = [
    (
        "slope45",
        &[
            ((0.9, 0.9), true),
            ((0.6, 0.6), true),
            ((0.4, 0.4), false),
            ((0.1, 0.1), false),
            ((0.55, 0.5), true),
            ((0.45, 0.5), false),
        ],
    ),
    (
        "concave",
        &[
            ((0.9, 0.9), true),
            ((0.5, 0.5), false),
            ((0.05, 0.99), false),
            ((0.2, 0.99), true),
            ((0.99, 0.05), false),
            ((0.01, 0.01), false),
        ],
    ),
    (
        "convex",
        &[
            ((0.9, 0.9), true),
            ((0.5, 0.5), true),
            ((0.1, 0.1), false),
            ((0.05, 0.9), true),
            ((0.05, 0.6), false),
            ((0.99, 0.01), true),
        ],
    ),
    (
        "shallow-small",
        &[
            ((0.9, 0.9), true),
            ((0.5, 0.8), true),
            ((0.5, 0.7), false),
            ((0.1, 0.5), false),
            ((0.95, 0.6), true),
        ],
    ),
    (
        "shallow-large",
        &[
            ((0.9, 0.1), true),
            ((0.5, 0.3), true),
            ((0.5, 0.2), false),
            ((0.1, 0.6), true),
            ((0.1, 0.4), false),
        ],
    ),
    ("steep-small", &[((0.9, 0.9), true), ((0.8, 0.5), true), ((0.7, 0.5), false), ((0.6, 0.1), false)]),
    (
        "steep-large",
        &[
            ((0.1, 0.9), true),
            ((0.3, 0.5), true),
            ((0.2, 0.5), false),
            ((0.6, 0.1), true),
            ((0.4, 0.1), false),
        ],
    ),
];

#[test]
fn points_inside_and_outside_every_shape() {
    for (family, points) in POINTS {
        for corner in Corner::ALL {
            let s = shape(&format!("{family}-{}", corner.suffix()));
            for &(local, solid) in points {
                let (x, y) = world(corner, local);
                assert_eq!(
                    contains_point(s, &TILE, x, y),
                    solid,
                    "{} at local {local:?} → ({x}, {y})",
                    s.name()
                );
            }
        }
    }
    for (x, y) in [(10.0, 30.0), (15.0, 35.0), (20.0, 40.0)] {
        assert!(contains_point(TileShape::Full, &TILE, x, y));
        assert!(!contains_point(TileShape::Empty, &TILE, x, y));
    }
    assert!(!contains_point(TileShape::Full, &TILE, 20.5, 35.0));
    // Outside the tile square the circle shapes are not solid.
    assert!(!contains_point(shape("concave-br"), &TILE, 25.0, 45.0));
    assert!(!contains_point(shape("convex-br"), &TILE, 20.5, 39.9));
}

/// A few boxes whose answers are known exactly.
#[test]
fn known_push_outs() {
    let b = |x, y, w, h| Aabb::from_xywh(x, y, w, h);
    // Full tile: the shortest of the four exits.
    assert_eq!(push_out(TileShape::Full, &TILE, &b(12.0, 28.0, 4.0, 3.0)), (0.0, -1.0));
    assert_eq!(push_out(TileShape::Full, &TILE, &b(19.5, 32.0, 4.0, 3.0)), (0.5, 0.0));
    // Touching is not overlapping.
    assert_eq!(push_out(TileShape::Full, &TILE, &b(20.0, 32.0, 4.0, 3.0)), (0.0, 0.0));
    assert!(!overlaps(TileShape::Full, &TILE, &b(12.0, 27.0, 4.0, 3.0)));
    // slope45-br: its surface runs from (10, 40) to (20, 30). A box whose
    // bottom-right corner is at (16, 36) is 2 / √2 = √2 deep along (-1, -1)/√2.
    let (dx, dy) = push_out(shape("slope45-br"), &TILE, &b(13.0, 33.0, 3.0, 3.0));
    assert!((dx + 1.0).abs() < 1e-12 && (dy + 1.0).abs() < 1e-12, "({dx}, {dy})");
    // A box resting exactly on the slope (corner on the surface) does not overlap.
    assert!(!overlaps(shape("slope45-br"), &TILE, &b(12.0, 32.0, 3.0, 3.0)));
    assert!(overlaps(shape("slope45-br"), &TILE, &b(12.0, 32.001, 3.0, 3.0)));
    // shallow-small-br: surface from (10, 40) to (20, 35); normal (-1, -2)/√5.
    let p = penetration(shape("shallow-small-br"), &TILE, &b(16.0, 36.0, 1.0, 1.0), [false; 4]).unwrap();
    let n = (-1.0 / 5f64.sqrt(), -2.0 / 5f64.sqrt());
    assert!((p.dx / p.depth - n.0).abs() < 1e-12 && (p.dy / p.depth - n.1).abs() < 1e-12, "{p:?}");
    // convex-br (disc around (20, 40), radius 10): a small box whose
    // bottom-right corner is 8 from the centre on the diagonal is 2 deep.
    let d = 8.0 / 2f64.sqrt();
    let (dx, dy) = push_out(shape("convex-br"), &TILE, &b(20.0 - d - 1.0, 40.0 - d - 1.0, 1.0, 1.0));
    assert!((dx.hypot(dy) - 2.0).abs() < 1e-12 && dx < 0.0 && (dx - dy).abs() < 1e-12, "({dx}, {dy})");
    // concave-br (hollow around (10, 30)): a small box in the hollow whose
    // far corner is 11 from the centre on the diagonal is pulled back 1.
    let d = 11.0 / 2f64.sqrt();
    let (dx, dy) = push_out(shape("concave-br"), &TILE, &b(10.0 + d - 1.0, 30.0 + d - 1.0, 1.0, 1.0));
    assert!((dx.hypot(dy) - 1.0).abs() < 1e-12 && dx < 0.0 && (dx - dy).abs() < 1e-12, "({dx}, {dy})");
    // A box inside the hollow, clear of the solid, does not overlap.
    assert!(!overlaps(shape("concave-br"), &TILE, &b(10.0, 30.0, 5.0, 5.0)));
    // A box covering the whole concave tile leaves by the shortest exit.
    // (left, right and down all take 11; the radial pull would take 11.95).
    let (dx, dy) = push_out(shape("concave-br"), &TILE, &b(9.0, 29.0, 12.0, 20.0));
    assert!(dx.hypot(dy) == 11.0 && dx * dy == 0.0, "({dx}, {dy})");
    // A box larger than the hollow still fits into it when the part inside
    // the tile does: pulled 5.2 toward the centre instead of 10.5 left.
    let (dx, dy) = push_out(shape("concave-br"), &TILE, &b(8.0, 29.0, 12.5, 12.0));
    assert!(
        (dx.hypot(dy) - (10.5f64.hypot(11.0) - 10.0)).abs() < 1e-12 && dx < 0.0 && dy < 0.0,
        "({dx}, {dy})"
    );
}

#[test]
fn blocked_sides_redirect_the_push() {
    let b = Aabb::from_xywh(12.0, 28.0, 3.0, 3.0); // 1 deep from the top, 2 from the left
    let mut blocked = [false; 4];
    let p = penetration(TileShape::Full, &TILE, &b, blocked).unwrap();
    assert_eq!((p.dx, p.dy), (0.0, -1.0));
    blocked[Side::Top as usize] = true;
    let p = penetration(TileShape::Full, &TILE, &b, blocked).unwrap();
    assert_eq!((p.dx, p.dy), (-5.0, 0.0)); // out through the left side
                                           // All exits blocked: the shortest of all, rather than none.
    let p = penetration(TileShape::Full, &TILE, &b, [true; 4]).unwrap();
    assert_eq!((p.dx, p.dy), (0.0, -1.0));
    // A slope's surface normal is never blocked.
    let b = Aabb::from_xywh(13.0, 33.0, 3.0, 3.0);
    let p = penetration(shape("slope45-br"), &TILE, &b, [true; 4]).unwrap();
    assert!(p.dx < 0.0 && p.dy < 0.0);
}

fn translated(b: &Aabb, dx: f64, dy: f64) -> Aabb {
    Aabb { min_x: b.min_x + dx, min_y: b.min_y + dy, max_x: b.max_x + dx, max_y: b.max_y + dy }
}

/// Remaining overlap depth after a push (0 when separated).
fn depth(s: TileShape, b: &Aabb) -> f64 {
    penetration(s, &TILE, b, [false; 4]).map_or(0.0, |p| p.depth)
}

#[test]
fn random_boxes_against_every_shape() {
    for s in TileShape::ALL {
        for seed in 0..80u64 {
            let mut rng = Rng::new(seed ^ (u64::from(s.index()) << 32));
            let (w, h) = if rng.below(4) == 0 {
                (rng.range(0.1, 25.0), rng.range(0.1, 25.0))
            } else {
                (rng.range(0.1, 6.0), rng.range(0.1, 6.0))
            };
            let b = Aabb::from_xywh(rng.range(10.0 - w, 20.0), rng.range(30.0 - h, 40.0), w, h);
            let context = format!("{} seed {seed} box {b:?}", s.name());
            let hit = overlaps(s, &TILE, &b);
            let (dx, dy) = push_out(s, &TILE, &b);
            assert_eq!(hit, (dx, dy) != (0.0, 0.0), "{context}: overlap vs push");
            // No overlap: no point inside the box is solid.
            if !hit {
                for _ in 0..300 {
                    let (x, y) = (rng.range(b.min_x, b.max_x), rng.range(b.min_y, b.max_y));
                    let strictly_inside = b.min_x < x && x < b.max_x && b.min_y < y && y < b.max_y;
                    assert!(
                        !(strictly_inside && contains_point(s, &TILE, x, y)),
                        "{context}: solid point ({x}, {y}) in a box said not to overlap"
                    );
                }
                continue;
            }
            // Every listed way out separates, shortest first, the first
            // being the push-out.
            let ways = exits(s, &TILE, &b, [false; 4]).unwrap();
            assert_eq!((ways.best().dx, ways.best().dy), (dx, dy), "{context}");
            assert_eq!(ways.depth(), ways.best().depth, "{context}");
            for pair in ways.all().windows(2) {
                assert!(pair[0].depth <= pair[1].depth, "{context}: exits out of order");
            }
            for p in ways.all() {
                assert!((p.dx.hypot(p.dy) - p.depth).abs() <= 1e-9 * p.depth.max(1.0), "{context}: {p:?}");
                assert!(
                    depth(s, &translated(&b, p.dx, p.dy)) <= 1e-9,
                    "{context}: exit {p:?} does not separate"
                );
            }
            // The push separates...
            let len = dx.hypot(dy);
            assert!(
                depth(s, &translated(&b, dx, dy)) <= 1e-9,
                "{context}: push ({dx}, {dy}) leaves {}",
                depth(s, &translated(&b, dx, dy))
            );
            // ...and no shorter translation in any of 90 directions does.
            for i in 0..90 {
                let a = std::f64::consts::TAU * f64::from(i) / 90.0;
                for j in 1..=12 {
                    let t = len * 0.999 * f64::from(j) / 12.0;
                    let moved = translated(&b, t * a.cos(), t * a.sin());
                    assert!(
                        overlaps(s, &TILE, &moved),
                        "{context}: moving {t} (< {len}) at {a} rad separates"
                    );
                }
            }
        }
    }
}

#[test]
fn every_shaped_tile_holds_its_named_corner() {
    for s in TileShape::ALL {
        let Some(c) = s.corner() else { continue };
        let (x, y) = world(c, (0.97, 0.97));
        assert!(contains_point(s, &TILE, x, y), "{} misses its corner", s.name());
        let (x, y) = world(c, (0.03, 0.03));
        assert!(!contains_point(s, &TILE, x, y), "{} holds the opposite corner", s.name());
    }
}
