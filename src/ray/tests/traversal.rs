//! The traversal: the cells a segment visits, against the reference of
//! its definition, and its documented edge cases.

use super::*;

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
