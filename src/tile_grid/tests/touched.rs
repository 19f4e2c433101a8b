//! `touched_cells` against the brute-force definition, and point lookup.

use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::tile_grid::TileGrid;

/// The definition: every cell whose interior the box's interior overlaps.
fn brute(g: &TileGrid, b: &Aabb) -> Vec<(u32, u32)> {
    let ts = g.tile_size();
    let line = |k: u32| f64::from(k) * ts;
    let mut out = Vec::new();
    for r in 0..g.rows() {
        for c in 0..g.cols() {
            if b.min_x < line(c + 1) && line(c) < b.max_x && b.min_y < line(r + 1) && line(r) < b.max_y {
                out.push((c, r));
            }
        }
    }
    out
}

/// A coordinate that is often exactly on a grid line, inside or outside the
/// grid, sometimes huge, sometimes just off a line.
fn coordinate(rng: &mut Rng, ts: f64, n: u32) -> f64 {
    let k = rng.below(n + 5) as f64 - 2.0;
    match rng.below(8) {
        0 | 1 => k * ts,
        2 => f64::from_bits((k * ts).to_bits().wrapping_add(u64::from(rng.below(3))).wrapping_sub(1)),
        3 => [-1e300, 1e300, -1e20, 1e20, f64::MIN, f64::MAX][rng.below(6) as usize],
        4 => k * ts + ts * 1e-12,
        _ => rng.range(-2.0 * ts, (f64::from(n) + 2.0) * ts),
    }
}

#[test]
fn touched_cells_equal_brute_force_on_random_boxes() {
    let sizes = [1.0, 0.1, 0.3, 7.0, 1e-3, 3.0e10, 1e-300, 1e300];
    let mut out = Vec::new();
    for seed in 0..400u64 {
        let mut rng = Rng::new(seed);
        let ts = sizes[rng.below(sizes.len() as u32) as usize];
        let (cols, rows) = (1 + rng.below(9), 1 + rng.below(9));
        let g = TileGrid::new(cols, rows, ts).unwrap();
        for case in 0..100 {
            let (x0, x1) = (coordinate(&mut rng, ts, cols), coordinate(&mut rng, ts, cols));
            let (y0, y1) = (coordinate(&mut rng, ts, rows), coordinate(&mut rng, ts, rows));
            let b = Aabb { min_x: x0.min(x1), max_x: x0.max(x1), min_y: y0.min(y1), max_y: y0.max(y1) };
            g.touched_cells(&b, &mut out);
            assert_eq!(out, brute(&g, &b), "seed {seed} case {case}: ts {ts}, {cols}×{rows}, box {b:?}");
            assert_eq!(g.touched_range(&b).len(), out.len() as u64);
        }
    }
}

#[test]
fn a_box_on_cell_lines_touches_only_the_cells_inside_it() {
    let g = TileGrid::new(5, 5, 0.1).unwrap();
    let mut out = Vec::new();
    // Exactly cells 1..3 × 2..3, its sides on the lines 1·ts, 3·ts, 2·ts, 3·ts.
    let b = Aabb { min_x: g.line(1), max_x: g.line(3), min_y: g.line(2), max_y: g.line(3) };
    g.touched_cells(&b, &mut out);
    assert_eq!(out, [(1, 2), (2, 2)]);
    // A box of zero width on a line touches nothing.
    let thin = Aabb { max_x: b.min_x, ..b };
    g.touched_cells(&thin, &mut out);
    assert!(out.is_empty());
}

#[test]
fn a_box_smaller_than_a_cell_touches_at_most_four() {
    let g = TileGrid::new(8, 8, 0.7).unwrap();
    let mut rng = Rng::new(3);
    let mut out = Vec::new();
    for _ in 0..5000 {
        let (w, h) = (rng.range(0.0, 0.7), rng.range(0.0, 0.7));
        let b = Aabb::from_xywh(rng.range(-1.0, 6.0), rng.range(-1.0, 6.0), w, h);
        g.touched_cells(&b, &mut out);
        assert!(out.len() <= 4, "{b:?} touches {out:?}");
        assert_eq!(out, brute(&g, &b));
    }
}

#[test]
fn boxes_outside_the_grid_touch_only_grid_cells() {
    let g = TileGrid::new(4, 3, 2.0).unwrap();
    let mut out = Vec::new();
    let cases = [
        (Aabb::from_xywh(-10.0, -10.0, 5.0, 5.0), vec![]),
        (Aabb::from_xywh(8.0, 0.0, 5.0, 5.0), vec![]), // starts on the right border
        (Aabb::from_xywh(-1.0, -1.0, 2.0, 2.0), vec![(0, 0)]),
        (Aabb::from_xywh(7.0, 5.0, 10.0, 10.0), vec![(3, 2)]),
        (
            Aabb { min_x: -1e300, min_y: -1e300, max_x: 1e300, max_y: 1e300 },
            (0..3).flat_map(|r| (0..4).map(move |c| (c, r))).collect(),
        ),
        (Aabb { min_x: f64::NAN, min_y: 0.0, max_x: 1.0, max_y: 1.0 }, vec![]),
    ];
    for (b, want) in cases {
        g.touched_cells(&b, &mut out);
        assert_eq!(out, want, "{b:?}");
        assert_eq!(out, brute(&g, &b));
    }
}

#[test]
fn cell_at_is_the_half_open_cell_holding_the_point() {
    for ts in [1.0, 0.1, 0.3, 1e-3, 7.0] {
        let g = TileGrid::new(6, 4, ts).unwrap();
        let mut rng = Rng::new(ts.to_bits());
        for _ in 0..2000 {
            let x = if rng.below(2) == 0 { g.line(rng.below(8)) } else { rng.range(-ts, 7.0 * ts) };
            let y = if rng.below(2) == 0 { g.line(rng.below(6)) } else { rng.range(-ts, 5.0 * ts) };
            let want = (0..4u32)
                .flat_map(|r| (0..6u32).map(move |c| (c, r)))
                .find(|&(c, r)| g.line(c) <= x && x < g.line(c + 1) && g.line(r) <= y && y < g.line(r + 1));
            assert_eq!(g.cell_at(x, y), want, "ts {ts} point ({x}, {y})");
        }
    }
    let g = TileGrid::new(2, 2, 1.0).unwrap();
    assert_eq!(g.cell_at(f64::NAN, 0.5), None);
    assert_eq!(g.cell_at(2.0, 0.5), None);
    assert_eq!(g.cell_at(1.0, 1.0), Some((1, 1)));
}
