//! Edge states: the per-shape table, the combination rule, random edits
//! against a from-scratch reference, and doors.

use super::{check_against_reference, shape};
use crate::scene::Rng;
use crate::tile_grid::{Door, EdgeState, Side, TileGrid, TileShape};

/// For every shape: the states of its sides (`L R T B`) when the neighbour
/// beyond each side is EMPTY, then when it is FULL. `E` empty, `S` solid,
/// `I` interesting.
const TABLE: [(&str, &str, &str); 30] = [
    ("empty", "EEEE", "SSSS"),
    ("full", "SSSS", "EEEE"),
    ("slope45-tl", "SISI", "ESES"),
    ("slope45-tr", "ISSI", "SEES"),
    ("slope45-bl", "SIIS", "ESSE"),
    ("slope45-br", "ISIS", "SESE"),
    ("concave-tl", "SISI", "ESES"),
    ("concave-tr", "ISSI", "SEES"),
    ("concave-bl", "SIIS", "ESSE"),
    ("concave-br", "ISIS", "SESE"),
    ("convex-tl", "SISI", "ESES"),
    ("convex-tr", "ISSI", "SEES"),
    ("convex-bl", "SIIS", "ESSE"),
    ("convex-br", "ISIS", "SESE"),
    ("shallow-small-tl", "IISI", "SSES"),
    ("shallow-small-tr", "IISI", "SSES"),
    ("shallow-small-bl", "IIIS", "SSSE"),
    ("shallow-small-br", "IIIS", "SSSE"),
    ("shallow-large-tl", "SISI", "ESES"),
    ("shallow-large-tr", "ISSI", "SEES"),
    ("shallow-large-bl", "SIIS", "ESSE"),
    ("shallow-large-br", "ISIS", "SESE"),
    ("steep-small-tl", "SIII", "ESSS"),
    ("steep-small-tr", "ISII", "SESS"),
    ("steep-small-bl", "SIII", "ESSS"),
    ("steep-small-br", "ISII", "SESS"),
    ("steep-large-tl", "SISI", "ESES"),
    ("steep-large-tr", "ISSI", "SEES"),
    ("steep-large-bl", "SIIS", "ESSE"),
    ("steep-large-br", "ISIS", "SESE"),
];

fn letter(s: EdgeState) -> char {
    match s {
        EdgeState::Empty => 'E',
        EdgeState::Solid => 'S',
        EdgeState::Interesting => 'I',
    }
}

/// The cell beyond `side` of (1, 1) in a 3 × 3 grid.
fn beyond(side: Side) -> (u32, u32) {
    match side {
        Side::Left => (0, 1),
        Side::Right => (2, 1),
        Side::Top => (1, 0),
        Side::Bottom => (1, 2),
    }
}

#[test]
fn table_covers_every_shape_once() {
    let names: Vec<&str> = TABLE.iter().map(|t| t.0).collect();
    let all: Vec<&str> = TileShape::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(names, all);
}

#[test]
fn every_shape_side_against_an_empty_and_a_full_neighbour() {
    for (name, vs_empty, vs_full) in TABLE {
        for (neighbour, want) in [(TileShape::Empty, vs_empty), (TileShape::Full, vs_full)] {
            for (side, expected) in Side::ALL.into_iter().zip(want.chars()) {
                // Only the one neighbour is set: the other sides see empty.
                let mut g = TileGrid::new(3, 3, 1.0).unwrap();
                g.set_tile(1, 1, shape(name)).unwrap();
                let (c, r) = beyond(side);
                g.set_tile(c, r, neighbour).unwrap();
                let got = letter(g.edge(1, 1, side).unwrap());
                assert_eq!(got, expected, "{name} {} against {}", side.name(), neighbour.name());
                // The neighbour's name for the same edge agrees.
                assert_eq!(g.edge(c, r, side.opposite()).unwrap(), g.edge(1, 1, side).unwrap());
                // The order of edits does not matter.
                let mut h = TileGrid::new(3, 3, 1.0).unwrap();
                h.set_tile(c, r, neighbour).unwrap();
                h.set_tile(1, 1, shape(name)).unwrap();
                assert_eq!(h, g, "{name} {}: edit order", side.name());
                g.validate().unwrap();
            }
        }
    }
}

#[test]
fn the_outer_border_counts_as_an_empty_cell() {
    for s in TileShape::ALL {
        let mut g = TileGrid::new(1, 1, 2.0).unwrap();
        g.set_tile(0, 0, s).unwrap();
        for side in Side::ALL {
            assert_eq!(g.edge(0, 0, side).unwrap(), s.side_view(side), "{} {}", s.name(), side.name());
        }
    }
}

#[test]
fn combination_rule_table() {
    use EdgeState::{Empty as E, Interesting as I, Solid as S};
    let table = [(E, E, E), (E, I, I), (E, S, S), (I, I, I), (I, S, S), (S, S, E)];
    for (a, b, want) in table {
        assert_eq!(EdgeState::combine(a, b), want, "{a:?} + {b:?}");
        assert_eq!(EdgeState::combine(b, a), want, "{b:?} + {a:?}");
    }
}

#[test]
fn mixed_solid_and_interesting_is_solid() {
    // A full tile's face against a slope's open side.
    let mut g = TileGrid::new(2, 1, 1.0).unwrap();
    g.set_tile(0, 0, TileShape::Full).unwrap();
    g.set_tile(1, 0, shape("slope45-br")).unwrap();
    assert_eq!(g.edge(0, 0, Side::Right).unwrap(), EdgeState::Solid);
    assert_eq!(g.edge(1, 0, Side::Left).unwrap(), EdgeState::Solid);
}

#[test]
fn two_slopes_meeting_face_to_face_are_interior() {
    // slope45-br then slope45-bl: the right face of the first meets the
    // left face of the second, a peak with no gap.
    let mut g = TileGrid::new(2, 1, 1.0).unwrap();
    g.set_tile(0, 0, shape("slope45-br")).unwrap();
    g.set_tile(1, 0, shape("slope45-bl")).unwrap();
    assert_eq!(g.edge(0, 0, Side::Right).unwrap(), EdgeState::Empty);
    // Back to back they touch at one point only: interesting.
    g.set_tile(0, 0, shape("slope45-bl")).unwrap();
    g.set_tile(1, 0, shape("slope45-br")).unwrap();
    assert_eq!(g.edge(0, 0, Side::Right).unwrap(), EdgeState::Interesting);
    g.validate().unwrap();
}

fn random_door(rng: &mut Rng) -> Option<Door> {
    match rng.below(3) {
        0 => None,
        1 => Some(Door::Open),
        _ => Some(Door::Closed),
    }
}

fn random_side(rng: &mut Rng) -> Side {
    Side::ALL[rng.below(4) as usize]
}

#[test]
fn random_edits_keep_every_edge_equal_to_a_fresh_computation() {
    for seed in 0..150u64 {
        let mut rng = Rng::new(seed);
        let (cols, rows) = (1 + rng.below(7), 1 + rng.below(7));
        let mut g = TileGrid::new(cols, rows, 1.0 + rng.next_f64()).unwrap();
        // Mostly empty or full, like real maps, with every shape appearing.
        for step in 0..120 {
            let (col, row) = (rng.below(cols), rng.below(rows));
            let context = format!("seed {seed}, step {step}");
            if rng.below(6) == 0 {
                let side = random_side(&mut rng);
                g.set_door(col, row, side, random_door(&mut rng)).unwrap();
            } else {
                let s = match rng.below(4) {
                    0 => TileShape::Empty,
                    1 => TileShape::Full,
                    _ => TileShape::ALL[rng.below(30) as usize],
                };
                g.set_tile(col, row, s).unwrap();
            }
            check_against_reference(&g, &context);
        }
        // Rebuilding the same tiles and doors from scratch gives the same grid.
        let mut fresh = TileGrid::new(cols, rows, g.tile_size()).unwrap();
        for row in 0..rows {
            for col in 0..cols {
                for side in Side::ALL {
                    fresh.set_door(col, row, side, g.door(col, row, side).unwrap()).unwrap();
                }
            }
        }
        for row in 0..rows {
            for col in 0..cols {
                fresh.set_tile(col, row, g.tile(col, row).unwrap()).unwrap();
            }
        }
        assert_eq!(fresh, g, "seed {seed}: rebuilt grid differs");
    }
}

#[test]
fn set_tile_touches_only_its_own_four_edges() {
    let mut rng = Rng::new(7);
    let mut g = TileGrid::new(6, 5, 1.0).unwrap();
    for _ in 0..200 {
        let before = g.clone();
        let (col, row) = (rng.below(6), rng.below(5));
        g.set_tile(col, row, TileShape::ALL[rng.below(30) as usize]).unwrap();
        for r in 0..5 {
            for c in 0..6 {
                for side in Side::ALL {
                    let own = (c, r) == (col, row);
                    let shared = Side::ALL.iter().any(|&s| {
                        let (nc, nr) = match s {
                            Side::Left => (col.wrapping_sub(1), row),
                            Side::Right => (col + 1, row),
                            Side::Top => (col, row.wrapping_sub(1)),
                            Side::Bottom => (col, row + 1),
                        };
                        (c, r) == (nc, nr) && side == s.opposite()
                    });
                    if !own && !shared {
                        assert_eq!(g.edge(c, r, side), before.edge(c, r, side));
                    }
                }
            }
        }
    }
}

#[test]
fn doors_override_and_survive_neighbour_edits() {
    let mut g = TileGrid::new(3, 3, 1.0).unwrap();
    // A closed door between two empty cells is solid, from both names.
    g.set_door(1, 1, Side::Right, Some(Door::Closed)).unwrap();
    assert_eq!(g.edge(1, 1, Side::Right).unwrap(), EdgeState::Solid);
    assert_eq!(g.edge(2, 1, Side::Left).unwrap(), EdgeState::Solid);
    assert_eq!(g.door(2, 1, Side::Left).unwrap(), Some(Door::Closed));
    // Editing the tiles on both sides (and around) keeps it.
    for s in TileShape::ALL {
        g.set_tile(1, 1, s).unwrap();
        g.set_tile(2, 1, s).unwrap();
        g.set_tile(2, 0, s).unwrap();
        assert_eq!(g.edge(2, 1, Side::Left).unwrap(), EdgeState::Solid, "{}", s.name());
        check_against_reference(&g, s.name());
    }
    // An open door between two full tiles' touching faces... and between a
    // full tile and open space: empty either way.
    g.set_tile(1, 1, TileShape::Full).unwrap();
    g.set_tile(2, 1, TileShape::Empty).unwrap();
    g.set_door(2, 1, Side::Left, Some(Door::Open)).unwrap();
    assert_eq!(g.edge(1, 1, Side::Right).unwrap(), EdgeState::Empty);
    g.set_tile(2, 1, shape("convex-tl")).unwrap();
    assert_eq!(g.edge(1, 1, Side::Right).unwrap(), EdgeState::Empty);
    // Removing the door hands the edge back to the tiles.
    g.set_door(1, 1, Side::Right, None).unwrap();
    assert_eq!(g.edge(1, 1, Side::Right).unwrap(), EdgeState::Empty); // full + convex-tl's left face
    g.set_tile(2, 1, TileShape::Empty).unwrap();
    assert_eq!(g.edge(1, 1, Side::Right).unwrap(), EdgeState::Solid);
    // Doors on the outer border work too.
    g.set_door(0, 0, Side::Left, Some(Door::Closed)).unwrap();
    assert_eq!(g.edge(0, 0, Side::Left).unwrap(), EdgeState::Solid);
    check_against_reference(&g, "end");
}

#[test]
fn edge_slices_have_the_documented_layout() {
    let mut rng = Rng::new(11);
    let mut g = TileGrid::new(5, 4, 3.0).unwrap();
    for _ in 0..60 {
        g.set_tile(rng.below(5), rng.below(4), TileShape::ALL[rng.below(30) as usize]).unwrap();
    }
    let cols = 5usize;
    for r in 0..4u32 {
        for c in 0..5u32 {
            let (ci, ri) = (c as usize, r as usize);
            assert_eq!(g.vertical_edges()[ri * (cols + 1) + ci], g.edge(c, r, Side::Left).unwrap());
            assert_eq!(g.vertical_edges()[ri * (cols + 1) + ci + 1], g.edge(c, r, Side::Right).unwrap());
            assert_eq!(g.horizontal_edges()[ri * cols + ci], g.edge(c, r, Side::Top).unwrap());
            assert_eq!(g.horizontal_edges()[(ri + 1) * cols + ci], g.edge(c, r, Side::Bottom).unwrap());
        }
    }
}
