//! Construction, errors naming their argument, presets, ASCII maps and the
//! playground's flat data.

use super::{check_against_reference, shape};
use crate::error::Error;
use crate::tile_grid::{EdgeState, Side, TileGrid, TileShape, EDGE_LINE_FIELDS, PRESET_NAMES};

#[test]
fn bad_sizes_are_refused_naming_the_argument() {
    let cases = [
        (TileGrid::new(0, 3, 1.0), "cols"),
        (TileGrid::new(4097, 3, 1.0), "cols"),
        (TileGrid::new(3, 0, 1.0), "rows"),
        (TileGrid::new(3, 5000, 1.0), "rows"),
        (TileGrid::new(3, 3, f64::NAN), "tileSize"),
        (TileGrid::new(3, 3, f64::INFINITY), "tileSize"),
        (TileGrid::new(3, 3, 0.0), "tileSize"),
        (TileGrid::new(3, 3, -2.0), "tileSize"),
    ];
    for (result, arg) in cases {
        let e = result.unwrap_err();
        assert_eq!(e.arg(), arg, "{e}");
    }
    assert!(matches!(TileGrid::new(3, 3, f64::NAN), Err(Error::NotFinite { .. })));
    assert!(matches!(TileGrid::new(3, 3, -2.0), Err(Error::NotPositive { .. })));
    assert!(TileGrid::new(4096, 1, 1.0).is_ok());
}

#[test]
fn bad_cells_and_names_are_refused_and_change_nothing() {
    let mut g = TileGrid::new(3, 2, 1.0).unwrap();
    g.set_tile(1, 1, TileShape::Full).unwrap();
    let before = g.clone();
    let errors = [
        (g.set_tile(3, 0, TileShape::Full).unwrap_err(), "col"),
        (g.set_tile(0, 2, TileShape::Full).unwrap_err(), "row"),
        (g.tile(7, 0).unwrap_err(), "col"),
        (g.edge(0, 9, Side::Left).unwrap_err(), "row"),
        (g.tile_bounds(3, 1).unwrap_err(), "col"),
        (g.set_door(0, 2, Side::Left, None).unwrap_err(), "row"),
        (g.door(5, 0, Side::Left).unwrap_err(), "col"),
        (g.set_tile_named(0, 0, "slope46-tl").unwrap_err(), "shape"),
        (g.edge_named(0, 0, "up").unwrap_err(), "side"),
        (TileShape::from_name("Full").unwrap_err(), "shape"),
        (Side::from_name("").unwrap_err(), "side"),
        (crate::tile_grid::Door::from_name("ajar").unwrap_err(), "door"),
        (TileGrid::preset("mario").unwrap_err(), "preset"),
        (TileGrid::from_ascii(1.0, "..x3").unwrap_err(), "map"),
    ];
    for (e, arg) in errors {
        assert_eq!(e.arg(), arg, "{e}");
        assert!(e.to_string().contains(arg), "{e}");
    }
    assert_eq!(g, before);
    // Ragged and odd rows.
    assert!(TileGrid::from_ascii(1.0, "....\n..").is_err());
    assert!(TileGrid::from_ascii(1.0, "...").is_err());
    assert!(TileGrid::from_ascii(1.0, "").is_err());
}

#[test]
fn names_work_end_to_end() {
    let mut g = TileGrid::new(2, 1, 1.0).unwrap();
    g.set_tile_named(0, 0, "steep-large-br").unwrap();
    assert_eq!(g.tile(0, 0).unwrap().name(), "steep-large-br");
    assert_eq!(g.edge_named(0, 0, "right").unwrap().name(), "solid");
    assert_eq!(g.edge_named(0, 0, "left").unwrap().name(), "interesting");
    assert_eq!(g.edge_named(1, 0, "bottom").unwrap().name(), "empty");
}

#[test]
fn presets_are_valid_and_round_trip_through_ascii() {
    for name in PRESET_NAMES {
        let g = TileGrid::preset(name).unwrap();
        check_against_reference(&g, name);
        assert_eq!((g.cols(), g.rows()), (31, 23), "{name}");
        let again = TileGrid::from_ascii(g.tile_size(), &g.to_ascii()).unwrap();
        assert_eq!(again, g, "{name}");
    }
    // The gallery holds every shaped tile exactly once.
    let g = TileGrid::preset("gallery").unwrap();
    for s in TileShape::ALL.into_iter().skip(2) {
        assert_eq!(g.tiles().iter().filter(|&&t| t == s).count(), 1, "{}", s.name());
    }
    // The level uses every family.
    let level = TileGrid::preset("n-level").unwrap();
    for family in
        ["slope45", "concave", "convex", "shallow-small", "shallow-large", "steep-small", "steep-large"]
    {
        assert!(level.tiles().iter().any(|t| t.name().starts_with(family)), "{family}");
    }
}

#[test]
fn ascii_maps_read_as_documented() {
    let g = TileGrid::from_ascii(
        2.0,
        "
        ..##s3
        o7T1..
        ",
    )
    .unwrap();
    assert_eq!((g.cols(), g.rows(), g.tile_size()), (3, 2, 2.0));
    let names: Vec<&str> = g.tiles().iter().map(|t| t.name()).collect();
    assert_eq!(names, ["empty", "full", "slope45-br", "convex-tl", "steep-large-bl", "empty"]);
}

#[test]
fn edge_lines_list_every_non_empty_edge_once() {
    const EDGE_STRIDE: usize = EDGE_LINE_FIELDS.len();
    let g = TileGrid::preset("n-level").unwrap();
    let mut flat = Vec::new();
    g.edge_lines(g.all_cells(), &mut flat);
    assert_eq!(flat.len() % EDGE_STRIDE, 0);
    let non_empty =
        g.vertical_edges().iter().chain(g.horizontal_edges()).filter(|&&e| e != EdgeState::Empty).count();
    assert_eq!(flat.len() / EDGE_STRIDE, non_empty);
    // Each listed segment is a side of some cell with that state.
    let mut matched = 0;
    for e in flat.chunks(EDGE_STRIDE) {
        let state = if e[4] == 1.0 { EdgeState::Solid } else { EdgeState::Interesting };
        assert!(e[4] == 1.0 || e[4] == 2.0);
        let (mx, my) = (0.5 * (e[0] + e[2]), 0.5 * (e[1] + e[3]));
        let found = (0..g.rows()).flat_map(|r| (0..g.cols()).map(move |c| (c, r))).any(|(c, r)| {
            Side::ALL.into_iter().any(|side| {
                let (x0, y0, x1, y1) = g.side_segment(c, r, side).unwrap();
                (x0, y0, x1, y1) == (e[0], e[1], e[2], e[3])
                    && g.edge(c, r, side).unwrap() == state
                    && (mx, my) != (0.0, 0.0)
            })
        });
        assert!(found, "{e:?}");
        matched += 1;
    }
    assert_eq!(matched, non_empty);
}

#[test]
fn tile_outline_uses_the_cell_bounds() {
    let mut g = TileGrid::new(3, 3, 4.0).unwrap();
    g.set_tile(2, 1, shape("slope45-tr")).unwrap();
    assert_eq!(g.tile_outline(2, 1, 4).unwrap(), [(8.0, 4.0), (12.0, 4.0), (12.0, 8.0)]);
    assert!(g.tile_outline(0, 0, 4).unwrap().is_empty());
    assert_eq!(g.bounds().max_x, 12.0);
    let mut indices = Vec::new();
    g.tile_indices(&mut indices);
    assert_eq!(indices.len(), 9);
    assert_eq!(TileShape::from_index(u32::from(indices[5])), Ok(shape("slope45-tr")));
    assert!(indices.iter().enumerate().all(|(i, &t)| (t == 0) == (i != 5)));
}
