//! The change journal, edge-line records, door lines in ASCII maps, and
//! rotation: what drawing layers and the editor read instead of keeping
//! their own copy of the map.

use super::{check_against_reference, shape, TileGrid, TileShape};
use crate::geometry::CellRange;
use crate::scene::Rng;
use crate::tile_grid::{Door, EdgeState, Side};

fn changed(g: &TileGrid, since: u64) -> Option<Vec<(u32, u32)>> {
    let mut out = Vec::new();
    g.changed_cells_since(since, &mut out).then_some(out)
}

#[test]
fn a_tile_edit_reports_its_cell_and_the_cells_beside_changed_edges() {
    let mut g = TileGrid::new(5, 4, 10.0).unwrap();
    let r0 = g.revision();
    g.set_tile(2, 1, TileShape::Full).unwrap();
    // All four sides became solid: the tile's cell and its four neighbours.
    assert_eq!(changed(&g, r0).unwrap(), [(2, 0), (1, 1), (2, 1), (3, 1), (2, 2)]);
    let r1 = g.revision();
    assert!(r1 > r0);
    // A full neighbour turns the shared side interior (empty): both cells.
    g.set_tile(3, 1, TileShape::Full).unwrap();
    let cells = changed(&g, r1).unwrap();
    assert!(cells.contains(&(2, 1)) && cells.contains(&(3, 1)) && cells.contains(&(4, 1)), "{cells:?}");
    assert!(!cells.contains(&(0, 0)), "{cells:?}");
    g.validate().unwrap();
}

#[test]
fn an_edit_that_changes_nothing_moves_no_revision() {
    let mut g = TileGrid::new(3, 3, 1.0).unwrap();
    g.set_tile(1, 1, shape("slope45-br")).unwrap();
    let r = g.revision();
    g.set_tile(1, 1, shape("slope45-br")).unwrap();
    g.set_door(1, 1, Side::Left, None).unwrap();
    assert_eq!(g.revision(), r);
    assert_eq!(changed(&g, r).unwrap(), []);
}

#[test]
fn a_door_reports_the_two_cells_it_separates() {
    let mut g = TileGrid::new(4, 4, 1.0).unwrap();
    let r = g.revision();
    g.set_door(1, 2, Side::Top, Some(Door::Closed)).unwrap();
    assert_eq!(changed(&g, r).unwrap(), [(1, 1), (1, 2)]);
    let r = g.revision();
    // On the outer border only one cell is there.
    g.set_door(0, 0, Side::Left, Some(Door::Open)).unwrap();
    assert_eq!(changed(&g, r).unwrap(), [(0, 0)]);
}

#[test]
fn a_replaced_map_or_a_reader_too_far_behind_redraws_everything() {
    let mut g = TileGrid::new(4, 4, 1.0).unwrap();
    let r = g.revision();
    g.replace(TileGrid::preset("slopes").unwrap());
    assert_eq!(changed(&g, r), None, "another size: everything");
    let r = g.revision();
    // The same size: just the cells that look different.
    let mut next = g.clone();
    next.set_tile(5, 5, TileShape::Full).unwrap();
    g.replace(next.clone());
    assert_eq!(changed(&g, r).unwrap(), [(5, 4), (4, 5), (5, 5), (6, 5), (5, 6)]);
    assert_eq!(g, next);
    let r = g.revision();
    assert_eq!(changed(&g, r).unwrap(), []);
    // Far more notes than the journal keeps: the oldest reader is told.
    for i in 0..super::super::changes::KEPT as u32 {
        let s = if i % 2 == 0 { TileShape::Full } else { TileShape::Empty };
        g.set_tile(3, 3, s).unwrap();
    }
    assert_eq!(changed(&g, r), None);
    let recent = g.revision() - 2;
    assert!(changed(&g, recent).is_some());
    // A revision from the future is not trusted either.
    assert_eq!(changed(&g, g.revision() + 1), None);
    g.validate().unwrap();
}

#[test]
fn edge_lines_list_each_non_empty_or_doored_edge_once_with_its_segment() {
    let mut g = TileGrid::new(4, 3, 10.0).unwrap();
    g.set_tile(1, 1, TileShape::Full).unwrap();
    g.set_door(3, 0, Side::Left, Some(Door::Open)).unwrap();
    let mut out = Vec::new();
    g.edge_lines(g.all_cells(), &mut out);
    let records: Vec<&[f64]> = out.chunks(6).collect();
    // The full tile's four solid sides, and the open door (state empty).
    assert_eq!(records.len(), 5, "{records:?}");
    assert!(records.contains(&&[10.0, 10.0, 10.0, 20.0, 1.0, 0.0][..]));
    assert!(records.contains(&&[10.0, 10.0, 20.0, 10.0, 1.0, 0.0][..]));
    assert!(records.contains(&&[30.0, 0.0, 30.0, 10.0, 0.0, 1.0][..]));
    // A range far from the tile lists only what borders it.
    g.edge_lines(CellRange::cell(3, 2), &mut out);
    assert!(out.is_empty(), "{out:?}");
    g.edge_lines(CellRange::cell(2, 1), &mut out);
    assert_eq!(out, [20.0, 10.0, 20.0, 20.0, 1.0, 0.0]);
    // Every record's segment is the side it names.
    for id in 0..g.edges().len() {
        let (c, r, side) = g.edge_cell_side(id);
        assert_eq!(g.side_segment(c, r, side).unwrap(), g.edge_segment(id), "edge {id}");
        assert_eq!(g.edge(c, r, side).unwrap(), g.edges()[id]);
    }
}

#[test]
fn ascii_maps_keep_doors_and_read_back_exactly() {
    let mut g = TileGrid::preset("n-level").unwrap();
    g.set_door(5, 3, Side::Left, Some(Door::Closed)).unwrap();
    g.set_door(7, 9, Side::Bottom, Some(Door::Open)).unwrap();
    g.set_door(g.cols() - 1, 4, Side::Right, Some(Door::Closed)).unwrap();
    g.set_door(2, g.rows() - 1, Side::Bottom, Some(Door::Open)).unwrap();
    let text = g.to_ascii();
    assert!(text.contains("door 5 3 left closed"), "{text}");
    assert!(text.contains("door 7 10 top open"), "{text}");
    let back = TileGrid::from_ascii(g.tile_size(), &text).unwrap();
    assert_eq!(back, g);
    back.validate().unwrap();
    for bad in ["door 1 1 left", "door 9 0 left open", "door 0 0 up open", "door x 0 left open"] {
        let err = TileGrid::from_ascii(1.0, &format!("....\n....\n{bad}")).unwrap_err().to_string();
        assert!(err.contains("map") && err.contains(bad), "{bad}: {err}");
    }
}

/// Every shape next to every other, borders and doors included: the
/// one-pass edge recomputation of a loaded map equals the reference.
#[test]
fn a_loaded_map_has_the_reference_edges() {
    let mut rng = Rng::new(41);
    for (cols, rows) in [(1, 1), (1, 7), (9, 1), (23, 17)] {
        let mut text = String::new();
        for _ in 0..rows {
            for _ in 0..cols {
                let shape = TileShape::ALL[rng.below(TileShape::ALL.len() as u32) as usize];
                text.extend(shape.code());
            }
            text.push('\n');
        }
        for _ in 0..5 {
            let (col, row) = (rng.below(cols), rng.below(rows));
            let side = ["left", "right", "top", "bottom"][rng.below(4) as usize];
            let state = ["open", "closed"][rng.below(2) as usize];
            text.push_str(&format!("door {col} {row} {side} {state}\n"));
        }
        let g = TileGrid::from_ascii(1.0, &text).unwrap();
        check_against_reference(&g, &format!("{cols} x {rows}"));
    }
}

#[test]
fn a_big_ascii_map_loads_in_one_pass() {
    let row = "s3##..".repeat(682) + "....";
    let map = vec![row.as_str(); 1024].join("\n");
    let g = TileGrid::from_ascii(1.0, &map).unwrap();
    assert_eq!((g.cols(), g.rows()), (2048, 1024));
    assert_eq!(g.edge(0, 0, Side::Right).unwrap(), EdgeState::Empty);
}

#[test]
fn rotation_turns_the_solid_region_a_quarter() {
    // On screen with y down, a quarter turn clockwise maps (u, v) to (1 - v, u).
    let contains = |s: TileShape, u: f64, v: f64| {
        let tile = crate::geometry::Aabb::from_xywh(0.0, 0.0, 1.0, 1.0);
        crate::tile_grid::narrow_phase::contains_point(s, &tile, u, v)
    };
    for s in TileShape::ALL {
        let turned = s.rotated(true);
        assert_eq!(turned.rotated(false), s, "{}", s.name());
        assert_eq!(s.rotated(true).rotated(true).rotated(true).rotated(true), s);
        for i in 0..20 {
            for j in 0..20 {
                // Off every diagonal and half-tile line, where the closed and open
                // rules of the two shapes could disagree on a boundary point.
                let (u, v) = ((i as f64 + 0.3) / 20.0, (j as f64 + 0.55) / 20.0);
                assert_eq!(contains(s, u, v), contains(turned, 1.0 - v, u), "{} at ({u}, {v})", s.name());
            }
        }
    }
    assert_eq!(shape("shallow-small-br").rotated(true), shape("steep-small-bl"));
    assert_eq!(shape("slope45-tl").family_name(), "slope45");
}
