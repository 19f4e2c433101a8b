//! A segment against one tile's exact shape: dense sampling and known
//! answers.

use super::*;

/// Whether `(x, y)` is in the closed solid grown by `eps`: every
/// constraint of the shape relaxed by `eps` (the polygon's edges, the
/// square, the circle). Not the exact `eps`-neighbourhood near vertices,
/// but it does reach into a steep slope's tip or a concave tile's cusp,
/// where a hit within rounding of the solid can lie.
pub(super) fn near_solid(shape: TileShape, tile: &Aabb, (x, y): (f64, f64), eps: f64) -> bool {
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
