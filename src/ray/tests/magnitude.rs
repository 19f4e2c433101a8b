//! Rays at any magnitude, ±1e308 included, against the exact references:
//! the traversal, the tile cast, the quarter circles, box hits, the order
//! of contacts and orientation.

use super::tile_cast::brute_cast;
use super::*;

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
            let arc = super::exact::ArcTile::new(&b, q);
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
                let seg = crate::segment::Segment::new(r.0, r.1, r.2, r.3).unwrap();
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

/// The exact order of contacts (`exact/order.rs`) against the rationals'
/// (`exact_reference::RefT`, compared by squaring out square roots) on
/// seeded segments of any magnitude, many through lattice points where
/// tiles, lines and boxes meet (exact ties): boxes (some flat, like doors),
/// tile polygons and quarter circles the segment touches, and grid lines it
/// crosses, on grids of cells from 0.1 to 5·2^600. The floating enclosure
/// must hold the exact parameter, and the filtered order must equal the
/// rationals' for every pair.
#[test]
fn contacts_are_ordered_exactly_at_any_magnitude() {
    use super::exact::{Contact, Ranked};
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
                    let arc = super::exact::ArcTile::new(&b, q);
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
        assert_eq!(crate::segment::orient(a.0, a.1, b.0, b.1, c.0, c.1), want, "{a:?} {b:?} {c:?}");
        zero += u32::from(want == std::cmp::Ordering::Equal);
        tested += 1;
    }
    assert!(tested > 15_000 && zero > 500, "{tested} tested, {zero} collinear");
}
