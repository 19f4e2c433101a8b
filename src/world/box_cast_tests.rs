//! `World::cast_box` against the big-rational reference taken over every
//! object, tile and closed door of seeded worlds, in every structure, at
//! every magnitude; and where it leaves the box.

use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::sweep::tests::{first_overlap, Solid};
use crate::tile_grid::{Door, Side, TileShape};
use crate::world::{StructureKind, World};

/// A world of `side` with a 6 × 6 map of tiles of `side / 6` (a third
/// filled, some doors closed) and 40 seeded objects, some outside it.
fn world(rng: &mut Rng, side: f64) -> World {
    let mut w = World::new(side, side).unwrap();
    let ts = side / 6.0;
    w.tiles_mut().reset(6, 6, ts).unwrap();
    for row in 0..6 {
        for col in 0..6 {
            if rng.below(3) == 0 {
                let shape = TileShape::ALL[1 + rng.below(29) as usize];
                w.tiles_mut().set_tile(col, row, shape).unwrap();
            }
            if rng.below(10) == 0 {
                w.tiles_mut().set_door(col, row, Side::Right, Some(Door::Closed)).unwrap();
            }
        }
    }
    for _ in 0..40 {
        let (x, y) = (rng.range(-0.2, 1.1) * side, rng.range(-0.2, 1.1) * side);
        let (bw, bh) = (ts * rng.range(0.05, 1.5), ts * rng.range(0.05, 1.5));
        w.insert(x, y, bw, bh).unwrap();
    }
    w
}

/// Every solid of the world, with the id of an object (0 for a tile or a
/// door).
fn solids(w: &World) -> Vec<(Solid, u32)> {
    let grid = w.tiles();
    let mut out = Vec::new();
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let shape = grid.tile(col, row).unwrap();
            if !shape.is_empty() {
                out.push((Solid::Tile(shape, grid.tile_bounds(col, row).unwrap()), 0));
            }
            if grid.door(col, row, Side::Right).unwrap() == Some(Door::Closed) {
                let b = grid.tile_bounds(col, row).unwrap();
                out.push((Solid::Box(Aabb { min_x: b.max_x, ..b }), 0));
            }
        }
    }
    for id in w.ids() {
        let [x, y, bw, bh] = w.box_of(id).unwrap();
        out.push((Solid::Box(Aabb::from_xywh(x, y, bw, bh)), id));
    }
    out
}

#[test]
fn cast_box_meets_what_the_reference_meets_first_in_every_structure() {
    let mut failures = Vec::new();
    for seed in 0..40u64 {
        let mut rng = Rng::new(0xCA57 ^ seed);
        let side = [100.0, 4000.0, 1e-250, 1e250][rng.below(4) as usize];
        let mut w = world(&mut rng, side);
        let all = solids(&w);
        for _ in 0..10 {
            let (x, y) = (rng.range(-0.1, 1.0) * side, rng.range(-0.1, 1.0) * side);
            let (bw, bh) = (side * rng.range(0.002, 0.2), side * rng.range(0.002, 0.2));
            let (dx, dy) = match rng.below(4) {
                0 => (side * rng.range(-1.5, 1.5), 0.0),
                1 => {
                    let angle = rng.range(0.0, std::f64::consts::TAU);
                    (f64::MAX * angle.cos(), f64::MAX * angle.sin())
                }
                _ => (side * rng.range(-1.5, 1.5), side * rng.range(-1.5, 1.5)),
            };
            let b = Aabb::from_xywh(x, y, bw, bh);
            let (lo, hi, d) = ([b.min_x, b.min_y], [b.max_x, b.max_y], [dx, dy]);
            // The reference: the exact first time lies between the
            // smallest bounds; the solids that may be first.
            let hits: Vec<_> = all
                .iter()
                .filter_map(|(s, id)| first_overlap(s, lo, hi, d).map(|r| (r.bounds(), *id)))
                .collect();
            let first = hits.iter().map(|h| h.0).fold(None, |f: Option<(f64, f64)>, (l, h)| {
                Some(f.map_or((l, h), |(a, b)| (a.min(l), b.min(h))))
            });
            let mut answers = Vec::new();
            for kind in StructureKind::ALL {
                w.set_structure(kind.name()).unwrap();
                let got = w.cast_box(x, y, bw, bh, dx, dy, 0).unwrap();
                answers.push(got);
                let what = format!("seed {seed}, {}: box {b:?} by ({dx}, {dy})", kind.name());
                match (got, first) {
                    (None, None) => {}
                    (Some(h), Some((l, u))) => {
                        let tol = 1e-12 * u + 1e-9 * bw.max(bh) / dx.abs().max(dy.abs()) + 1e-300;
                        if !(l - tol <= h.t && h.t <= u + tol) {
                            failures.push(format!("{what}: t = {}, the reference {:?}", h.t, (l, u)));
                        }
                        // What was met may be first.
                        let could = hits.iter().any(|((hl, _), id)| *id == h.object_id && *hl <= u + tol);
                        if !could {
                            failures.push(format!(
                                "{what}: met {} at {}, which cannot be first",
                                h.object_id, h.t
                            ));
                        }
                        // Left clear of the tiles and of the object met.
                        let at = Aabb::from_xywh(h.x, h.y, bw, bh);
                        let met = (h.object_id != 0).then(|| w.box_of(h.object_id).unwrap());
                        let overlaps_met =
                            met.is_some_and(|[ox, oy, ow, oh]| Aabb::from_xywh(ox, oy, ow, oh).overlaps(&at));
                        let inside = (h.normal_x, h.normal_y) == (0.0, 0.0);
                        if !inside && (crate::sweep::box_overlaps(w.tiles(), &at) || overlaps_met) {
                            failures.push(format!("{what}: left at ({}, {}) overlapping", h.x, h.y));
                        }
                    }
                    (g, f) => failures.push(format!("{what}: got {g:?}, the reference {f:?}")),
                }
            }
            if answers.windows(2).any(|p| p[0] != p[1]) {
                failures.push(format!("seed {seed}: the structures differ: {answers:?}"));
            }
        }
        w.validate().unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn cast_box_refuses_bad_numbers_naming_them_and_skips_the_caster() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let me = w.insert(10.0, 10.0, 5.0, 5.0).unwrap();
    let wall = w.insert(50.0, 0.0, 5.0, 100.0).unwrap();
    for (args, name) in [
        ((f64::NAN, 0.0, 1.0, 1.0, 1.0, 1.0), "x"),
        ((0.0, f64::INFINITY, 1.0, 1.0, 1.0, 1.0), "y"),
        ((0.0, 0.0, 0.0, 1.0, 1.0, 1.0), "w"),
        ((0.0, 0.0, 1.0, -1.0, 1.0, 1.0), "h"),
        ((0.0, 0.0, 1.0, 1.0, f64::NAN, 1.0), "dx"),
        ((0.0, 0.0, 1.0, 1.0, 1.0, f64::NEG_INFINITY), "dy"),
        ((f64::MAX, 0.0, f64::MAX, 1.0, 1.0, 1.0), "w"),
    ] {
        let (x, y, bw, bh, dx, dy) = args;
        assert_eq!(w.cast_box(x, y, bw, bh, dx, dy, 0).unwrap_err().arg(), name);
    }
    assert_eq!(w.cast_box(10.0, 10.0, 5.0, 5.0, 100.0, 0.0, 99).unwrap_err().arg(), "skip");
    // From its own box: met at once, unless skipped.
    let own = w.cast_box(10.0, 10.0, 5.0, 5.0, 100.0, 0.0, 0).unwrap().unwrap();
    assert_eq!((own.t, own.object_id, own.normal_x, own.normal_y), (0.0, me, 0.0, 0.0));
    let hit = w.cast_box(10.0, 10.0, 5.0, 5.0, 100.0, 0.0, me).unwrap().unwrap();
    assert_eq!((hit.object_id, hit.x, hit.normal_x, hit.col), (wall, 45.0, -1.0, -1));
    assert_eq!(hit.t, 35.0 / 100.0);
}
