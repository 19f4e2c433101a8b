//! `TileGrid::push_out`: a box against all the tiles it touches.

use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::tile_grid::narrow_phase::penetration;
use crate::tile_grid::{Door, EdgeState, Side, TileGrid, TileShape};

/// The deepest remaining overlap of a box with any tile.
fn worst_overlap(g: &TileGrid, b: &Aabb) -> f64 {
    let mut cells = Vec::new();
    g.touched_cells(b, &mut cells);
    cells
        .iter()
        .filter_map(|&(c, r)| {
            penetration(g.tile(c, r).unwrap(), &g.tile_bounds(c, r).unwrap(), b, [false; 4])
        })
        .map(|p| p.depth)
        .fold(0.0, f64::max)
}

fn moved(b: &Aabb, (dx, dy): (f64, f64)) -> Aabb {
    Aabb { min_x: b.min_x + dx, min_y: b.min_y + dy, max_x: b.max_x + dx, max_y: b.max_y + dy }
}

fn floor_grid() -> TileGrid {
    TileGrid::from_ascii(
        10.0,
        "
        ..........
        ..........
        ##########
        ",
    )
    .unwrap()
}

#[test]
fn a_box_sunk_across_a_floor_seam_goes_straight_up() {
    let g = floor_grid();
    // Straddles the seam at x = 30, 3 deep; the seam side exits (0.5 and
    // 3.5 wide) are shorter but lead into the next floor tile.
    for x in [29.5, 26.5, 28.0] {
        let b = Aabb::from_xywh(x, 17.0, 4.0, 6.0);
        assert_eq!(g.push_out(&b), (0.0, -3.0), "box at x = {x}");
    }
    // Not overlapping: no push.
    assert_eq!(g.push_out(&Aabb::from_xywh(3.0, 14.0, 4.0, 6.0)), (0.0, 0.0));
}

#[test]
fn a_box_on_a_ramp_is_pushed_off_along_the_slope_normal() {
    let g = TileGrid::from_ascii(
        10.0,
        "
        ......
        ....s3
        ..s3##
        ######
        ",
    )
    .unwrap();
    let b = Aabb::from_xywh(23.0, 13.0, 4.0, 4.0);
    let (dx, dy) = g.push_out(&b);
    assert!(dx < 0.0 && dy < 0.0 && (dx - dy).abs() < 1e-9, "({dx}, {dy})");
    assert!(worst_overlap(&g, &moved(&b, (dx, dy))) < 1e-9);
}

#[test]
fn a_box_pressed_into_a_steep_slope_over_two_tiles_is_not_bounced_between_them() {
    // steep-small-bl above steep-large-bl: one 2:1 face from (0, 0) down to
    // (24, 48). The lower tile's shortest exit (up) lands the box in the
    // upper tile, whose shortest exit (down) lands it back: the resolver
    // must take the slope's normal instead.
    let g = TileGrid::from_ascii(
        24.0,
        "
        t1..
        T1..
        ",
    )
    .unwrap();
    let b = Aabb::from_xywh(9.12683155057823, 24.9025211247735, 7.58, 1.6057);
    let (dx, dy) = g.push_out(&b);
    assert!(g.overlap_depth(&moved(&b, (dx, dy))) < 1e-9, "({dx}, {dy})");
    let n = (2.0 / 5f64.sqrt(), -1.0 / 5f64.sqrt());
    assert!((dx * n.1 - dy * n.0).abs() < 1e-9 && dx > 0.0, "({dx}, {dy}) is not along {n:?}");
}

#[test]
fn closed_doors_are_thin_walls() {
    let mut g = TileGrid::new(4, 2, 10.0).unwrap();
    g.set_door(1, 0, Side::Right, Some(Door::Closed)).unwrap(); // the line x = 20, rows 0
    assert_eq!(g.push_out(&Aabb::from_xywh(17.0, 2.0, 5.0, 5.0)), (-2.0, 0.0));
    assert_eq!(g.push_out(&Aabb::from_xywh(19.0, 2.0, 5.0, 5.0)), (1.0, 0.0));
    // Row 1 has no door.
    assert_eq!(g.push_out(&Aabb::from_xywh(17.0, 12.0, 5.0, 5.0)), (0.0, 0.0));
    // An open door is no wall.
    g.set_door(1, 0, Side::Right, Some(Door::Open)).unwrap();
    assert_eq!(g.push_out(&Aabb::from_xywh(17.0, 2.0, 5.0, 5.0)), (0.0, 0.0));
    // A closed door on a horizontal line.
    g.set_door(3, 1, Side::Top, Some(Door::Closed)).unwrap();
    assert_eq!(g.push_out(&Aabb::from_xywh(33.0, 9.0, 2.0, 2.0)), (0.0, -1.0));
}

#[test]
fn a_push_never_takes_a_box_through_a_closed_door() {
    // A door column at x = 6 and a closed door on the line y = 10 of the
    // cell left of it. A box crossing both: back through the vertical door
    // (left) it still crosses the horizontal one; forward (right) it is
    // clear of both, but on the door's far side, where it never was.
    let mut g = TileGrid::new(11, 12, 1.0).unwrap();
    for row in 0..12 {
        g.set_door(6, row, Side::Left, Some(Door::Closed)).unwrap();
    }
    g.set_door(5, 10, Side::Top, Some(Door::Closed)).unwrap();
    let b = Aabb::from_xywh(5.67, 9.8, 0.55, 0.55);
    let (dx, dy) = g.push_out(&b);
    assert!(b.max_x + dx <= 6.0, "pushed through the door: ({dx}, {dy})");
    assert!(b.max_y + dy <= 10.0 || b.min_y + dy >= 10.0, "still across y = 10: ({dx}, {dy})");
}

#[test]
fn boxes_in_open_space_of_the_n_level_come_out_clean() {
    let g = TileGrid::preset("n-level").unwrap();
    let ts = g.tile_size();
    let mut failures = Vec::new();
    let mut rng = Rng::new(2024);
    let mut tried = 0;
    let mut pushed = 0;
    // Boxes around the surface: centred within a tile of a non-empty cell.
    let surface: Vec<(u32, u32)> = (0..g.rows())
        .flat_map(|r| (0..g.cols()).map(move |c| (c, r)))
        .filter(|&(c, r)| g.tile(c, r).unwrap() != TileShape::Empty)
        .filter(|&(c, r)| Side::ALL.into_iter().any(|s| g.edge(c, r, s).unwrap() != EdgeState::Empty))
        .collect();
    while tried < 3000 {
        let (w, h) = (rng.range(0.05, 0.9) * ts, rng.range(0.05, 0.9) * ts);
        let (sc, sr) = surface[rng.below(surface.len() as u32) as usize];
        let (cx, cy) = (g.line(sc) + rng.range(-0.5, 1.5) * ts, g.line(sr) + rng.range(-0.5, 1.5) * ts);
        let b = Aabb::from_xywh(cx - 0.5 * w, cy - 0.5 * h, w, h);
        // Only boxes whose centre is in open space: inside solid there is
        // no right answer.
        let (cx, cy) = b.center();
        let Some((c, r)) = g.cell_at(cx, cy) else {
            continue;
        };
        let tile = g.tile(c, r).unwrap();
        if crate::tile_grid::narrow_phase::contains_point(tile, &g.tile_bounds(c, r).unwrap(), cx, cy) {
            continue;
        }
        tried += 1;
        let push = g.push_out(&b);
        pushed += usize::from(push != (0.0, 0.0));
        let left = worst_overlap(&g, &moved(&b, push));
        if left > 1e-6 * ts {
            failures.push((b, push, left));
        }
        // Pushes are never longer than the box needs to leave a tile.
        assert!(push.0.hypot(push.1) <= 2.0 * ts, "{b:?} pushed {push:?}");
    }
    // The sample must exercise contacts, not just open air.
    assert!(pushed > 1000, "only {pushed} of {tried} boxes touched a tile");
    assert!(
        failures.is_empty(),
        "{} of {tried} left overlapping, e.g. {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}

#[test]
fn push_out_of_empty_grid_is_zero() {
    let g = TileGrid::new(3, 3, 1.0).unwrap();
    assert_eq!(g.push_out(&Aabb::from_xywh(-5.0, -5.0, 50.0, 50.0)), (0.0, 0.0));
    let mut g = g;
    g.set_tile(1, 1, TileShape::Full).unwrap();
    // A box exactly on a lone full tile leaves by one of its four sides.
    let (dx, dy) = g.push_out(&Aabb::from_xywh(1.0, 1.0, 1.0, 1.0));
    assert!(dx.hypot(dy) == 1.0 && dx * dy == 0.0, "({dx}, {dy})");
}

#[test]
fn a_box_in_the_corner_of_issue_34_comes_out_the_short_way() {
    // A wall x = 32..40 (column 4) and a tile under the corner (3, 1): the
    // box sinks 0.1 into each. Out the short way: (−0.1, −0.1), never
    // round the wall tile's far side (the old answer was (0, −8.1)).
    let mut g = TileGrid::new(8, 4, 8.0).unwrap();
    for r in 0..4 {
        g.set_tile(4, r, TileShape::Full).unwrap();
    }
    g.set_tile(3, 1, TileShape::Full).unwrap();
    let b = Aabb::from_xywh(30.1, 6.1, 2.0, 2.0);
    let (dx, dy) = g.push_out(&b);
    assert!((dx + 0.1).abs() < 1e-9 && (dy + 0.1).abs() < 1e-9, "({dx}, {dy})");
    assert_eq!(g.overlap_depth(&moved(&b, (dx, dy))), 0.0);
}
