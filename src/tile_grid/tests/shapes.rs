//! Tile shapes: names, codes, indices and geometry.

use super::{reference_covers, shape};
use crate::geometry::Aabb;
use crate::tile_grid::shape::{constructor_of, name_from_parts};
use crate::tile_grid::{Corner, Side, TileGeometry, TileShape};

#[test]
fn names_indices_and_codes_round_trip() {
    assert_eq!(TileShape::ALL.len(), 30);
    for (i, s) in TileShape::ALL.into_iter().enumerate() {
        assert_eq!(s.index() as usize, i);
        assert_eq!(TileShape::from_index(i as u32), Ok(s));
        assert_eq!(TileShape::from_name(s.name()), Ok(s));
        assert_eq!(s.name(), name_from_parts(s));
        assert_eq!(TileShape::from_code(s.code()), Some(s));
        if let (Some(c), Some(make)) = (s.corner(), constructor_of(s)) {
            assert_eq!(make(c), s);
        }
    }
    let mut names: Vec<&str> = TileShape::ALL.iter().map(|s| s.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 30);
    assert!(TileShape::from_index(30).is_err());
}

#[test]
fn polygons_are_convex_clockwise_and_of_the_right_area() {
    let areas = [
        ("full", 1.0),
        ("slope45", 0.5),
        ("shallow-small", 0.25),
        ("shallow-large", 0.75),
        ("steep-small", 0.25),
        ("steep-large", 0.75),
    ];
    for s in TileShape::ALL {
        let Some(p) = s.polygon() else { continue };
        let v = p.vertices();
        // Shoelace: positive for screen-clockwise with y down.
        let area: f64 = (0..v.len())
            .map(|i| {
                let (a, b) = (v[i], v[(i + 1) % v.len()]);
                a.0 * b.1 - b.0 * a.1
            })
            .sum::<f64>()
            / 2.0;
        let family = areas.iter().find(|(f, _)| s.name().starts_with(f)).unwrap();
        assert_eq!(area, family.1, "{} area", s.name());
        for i in 0..v.len() {
            let n = p.edge_normal(i);
            for (j, &w) in v.iter().enumerate() {
                let d = (w.0 - v[i].0) * n.0 + (w.1 - v[i].1) * n.1;
                assert!(d <= 0.0, "{}: vertex {j} outside edge {i}", s.name());
            }
        }
    }
}

#[test]
fn surface_normals_point_away_from_the_solid_corner() {
    for s in TileShape::ALL {
        let n = s.surface_normal();
        match s {
            TileShape::Empty | TileShape::Full | TileShape::Concave(_) | TileShape::Convex(_) => {
                assert_eq!(n, None)
            }
            _ => {
                let (x, y) = n.unwrap();
                assert!((x.hypot(y) - 1.0).abs() < 1e-15, "{}", s.name());
                let c = s.corner().unwrap();
                assert_eq!(x < 0.0, c.is_right(), "{} normal x", s.name());
                assert_eq!(y < 0.0, c.is_bottom(), "{} normal y", s.name());
            }
        }
    }
    let (x, y) = shape("shallow-small-br").surface_normal().unwrap();
    assert!((x * 2.0 - y).abs() < 1e-15); // (-1, -2)/√5
    let (x, y) = shape("steep-large-tl").surface_normal().unwrap();
    assert!((x - 2.0 * y).abs() < 1e-15 && x > 0.0); // (2, 1)/√5
}

#[test]
fn centres_and_half_widths() {
    let cases = [
        ("full", (0.5, 0.5), (0.5, 0.5)),
        ("slope45-tl", (0.5, 0.5), (0.5, 0.5)),
        ("shallow-small-br", (0.5, 0.75), (0.5, 0.25)),
        ("shallow-small-tl", (0.5, 0.25), (0.5, 0.25)),
        ("steep-small-br", (0.75, 0.5), (0.25, 0.5)),
        ("steep-small-bl", (0.25, 0.5), (0.25, 0.5)),
        ("shallow-large-br", (0.5, 0.5), (0.5, 0.5)),
        ("convex-tr", (0.5, 0.5), (0.5, 0.5)),
    ];
    for (name, centre, half) in cases {
        assert_eq!(shape(name).centre_and_half_widths(), Some((centre, half)), "{name}");
    }
    assert_eq!(TileShape::Empty.centre_and_half_widths(), None);
}

#[test]
fn quarter_circles_are_centred_on_the_right_corner() {
    for c in Corner::ALL {
        let convex = TileShape::Convex(c).quarter_circle().unwrap();
        assert_eq!(convex.centre, c.local());
        assert!(convex.solid_inside);
        let concave = TileShape::Concave(c).quarter_circle().unwrap();
        assert_eq!(concave.centre, c.opposite().local());
        assert!(!concave.solid_inside);
        assert_eq!((convex.radius, concave.radius), (1.0, 1.0));
    }
}

#[test]
fn covers_matches_the_hand_written_table() {
    for s in TileShape::ALL {
        for side in Side::ALL {
            assert_eq!(s.covers(side), reference_covers(s, side), "{} {}", s.name(), side.name());
        }
    }
}

#[test]
fn outlines_trace_the_solid_region() {
    let tile = Aabb::from_xywh(10.0, 30.0, 10.0, 10.0);
    assert!(TileShape::Empty.outline(&tile, 8).is_empty());
    assert_eq!(TileShape::Full.outline(&tile, 8), [(10.0, 30.0), (20.0, 30.0), (20.0, 40.0), (10.0, 40.0)]);
    for s in TileShape::ALL {
        let outline = s.outline(&tile, 8);
        match s.geometry() {
            TileGeometry::Empty => {}
            TileGeometry::Polygon(p) => assert_eq!(outline.len(), p.vertices().len()),
            TileGeometry::QuarterCircle(q) => {
                assert_eq!(outline.len(), 10, "{}", s.name());
                let (cx, cy) = (10.0 + 10.0 * q.centre.0, 30.0 + 10.0 * q.centre.1);
                let on_arc =
                    outline.iter().filter(|(x, y)| ((x - cx).hypot(y - cy) - 10.0).abs() < 1e-9).count();
                assert_eq!(on_arc, 9, "{}", s.name());
            }
        }
        for &(x, y) in &outline {
            assert!(tile.min_x <= x && x <= tile.max_x && tile.min_y <= y && y <= tile.max_y, "{}", s.name());
        }
    }
}
