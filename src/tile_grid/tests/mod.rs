//! Tests of the tile grid, one file per concern; helpers shared by them.

mod changes;
mod edges;
mod grid;
mod narrow_phase;
mod resolve;
mod shapes;
mod touched;

use super::{EdgeState, Side, TileGrid, TileShape};

/// The shape called `name` (test tables are written with names).
fn shape(name: &str) -> TileShape {
    TileShape::from_name(name).unwrap_or_else(|e| panic!("{e}"))
}

/// Which sides each shape covers with a full face, written out by hand
/// (`L`, `R`, `T`, `B`) so the tests do not share the code's derivation.
const COVERED: [(&str, &str); 30] = [
    ("empty", ""),
    ("full", "LRTB"),
    ("slope45-tl", "LT"),
    ("slope45-tr", "RT"),
    ("slope45-bl", "LB"),
    ("slope45-br", "RB"),
    ("concave-tl", "LT"),
    ("concave-tr", "RT"),
    ("concave-bl", "LB"),
    ("concave-br", "RB"),
    ("convex-tl", "LT"),
    ("convex-tr", "RT"),
    ("convex-bl", "LB"),
    ("convex-br", "RB"),
    ("shallow-small-tl", "T"),
    ("shallow-small-tr", "T"),
    ("shallow-small-bl", "B"),
    ("shallow-small-br", "B"),
    ("shallow-large-tl", "LT"),
    ("shallow-large-tr", "RT"),
    ("shallow-large-bl", "LB"),
    ("shallow-large-br", "RB"),
    ("steep-small-tl", "L"),
    ("steep-small-tr", "R"),
    ("steep-small-bl", "L"),
    ("steep-small-br", "R"),
    ("steep-large-tl", "LT"),
    ("steep-large-tr", "RT"),
    ("steep-large-bl", "LB"),
    ("steep-large-br", "RB"),
];

fn side_letter(side: Side) -> char {
    match side {
        Side::Left => 'L',
        Side::Right => 'R',
        Side::Top => 'T',
        Side::Bottom => 'B',
    }
}

fn reference_covers(s: TileShape, side: Side) -> bool {
    let (_, sides) = COVERED.iter().find(|(n, _)| *n == s.name()).expect("every shape is in COVERED");
    sides.contains(side_letter(side))
}

/// An edge state from scratch with plain neighbour arithmetic, independent
/// of the grid's slot helper and of `EdgeState::combine`.
fn reference_edge(g: &TileGrid, col: u32, row: u32, side: Side) -> EdgeState {
    if let Some(door) = g.door(col, row, side).unwrap() {
        return EdgeState::of_door(door);
    }
    let view = |s: TileShape, side: Side| {
        if s.is_empty() {
            'E'
        } else if reference_covers(s, side) {
            'S'
        } else {
            'I'
        }
    };
    let (c, r) = (i64::from(col), i64::from(row));
    let (nc, nr) = match side {
        Side::Left => (c - 1, r),
        Side::Right => (c + 1, r),
        Side::Top => (c, r - 1),
        Side::Bottom => (c, r + 1),
    };
    let inside = (0..i64::from(g.cols())).contains(&nc) && (0..i64::from(g.rows())).contains(&nr);
    let other = if inside { g.tile(nc as u32, nr as u32).unwrap() } else { TileShape::Empty };
    match (view(g.tile(col, row).unwrap(), side), view(other, side.opposite())) {
        ('S', 'S') => EdgeState::Empty,
        ('S', _) | (_, 'S') => EdgeState::Solid,
        ('I', _) | (_, 'I') => EdgeState::Interesting,
        _ => EdgeState::Empty,
    }
}

/// Every edge against the reference, and both names of each shared side.
fn check_against_reference(g: &TileGrid, context: &str) {
    g.validate().unwrap_or_else(|e| panic!("{context}: validate: {e}"));
    for row in 0..g.rows() {
        for col in 0..g.cols() {
            for side in Side::ALL {
                let got = g.edge(col, row, side).unwrap();
                let want = reference_edge(g, col, row, side);
                assert_eq!(got, want, "{context}: ({col}, {row}) {}", side.name());
            }
            if col + 1 < g.cols() {
                assert_eq!(
                    g.edge(col, row, Side::Right),
                    g.edge(col + 1, row, Side::Left),
                    "{context}: ({col}, {row}) right/left"
                );
            }
            if row + 1 < g.rows() {
                assert_eq!(
                    g.edge(col, row, Side::Bottom),
                    g.edge(col, row + 1, Side::Top),
                    "{context}: ({col}, {row}) bottom/top"
                );
            }
        }
    }
}
