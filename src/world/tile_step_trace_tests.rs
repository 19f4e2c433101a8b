//! `trace_tile_step` held to `step`: the traced dry run changes nothing,
//! and its last record is where `step(dt)` then leaves the collider, with
//! its velocity, bit for bit, across seeded scenes (doors, slopes, walls,
//! issue 34's corner, the contact budget, a box placed in a tile).

use super::ContactStep;
use crate::scene::Rng;
use crate::tile_grid::{Door, Side};
use crate::trace::{TraceKind, TraceReason};
use crate::world::{TileResponse, World, CONTACT_BUDGET};

/// Traces one step of `id`, checks it changed nothing, steps, and checks
/// the trace's end is the step's; returns the trace.
fn trace_then_step(w: &mut World, id: u32, dt: f64, case: &str) -> Vec<ContactStep> {
    let (b, v) = (w.box_of(id).unwrap(), w.velocity(id).unwrap());
    let steps = w.trace_tile_step(id, dt).unwrap();
    assert_eq!((w.box_of(id).unwrap(), w.velocity(id).unwrap()), (b, v), "{case}: the dry run moved it");
    w.step(dt).unwrap();
    let done = steps.last().unwrap();
    assert_eq!(done.kind, TraceKind::Done, "{case}: {steps:#?}");
    let [x, y, ..] = w.box_of(id).unwrap();
    let [vx, vy] = w.velocity(id).unwrap();
    assert_eq!(
        (done.end_x.to_bits(), done.end_y.to_bits(), done.vx.to_bits(), done.vy.to_bits()),
        (x.to_bits(), y.to_bits(), vx.to_bits(), vy.to_bits()),
        "{case}: traced ({}, {}) v ({}, {}), stepped ({x}, {y}) v ({vx}, {vy})",
        done.end_x,
        done.end_y,
        done.vx,
        done.vy
    );
    // Each move starts where the one before left the box.
    let moves: Vec<_> = steps.iter().filter(|s| s.kind == TraceKind::Move).collect();
    for pair in moves.windows(2) {
        assert_eq!((pair[1].x, pair[1].y), (pair[0].end_x, pair[0].end_y), "{case}");
    }
    steps
}

/// The corner of issue 34: a wall of full tiles at x = 32..40 and a tile
/// under the corner.
fn corner_world() -> World {
    let mut w = World::new(64.0, 32.0).unwrap();
    w.tiles_mut().reset(8, 4, 8.0).unwrap();
    for r in 0..4 {
        w.tiles_mut().set_tile_named(4, r, "full").unwrap();
    }
    w.tiles_mut().set_tile_named(3, 1, "full").unwrap();
    w
}

#[test]
fn the_traced_step_of_issue_34s_corner_ends_where_step_does() {
    for response in [TileResponse::Bounce, TileResponse::Slide] {
        let mut w = corner_world();
        let id = w.insert(29.5, 5.5, 2.0, 2.0).unwrap();
        w.set_velocity(id, 10.0, 10.0).unwrap();
        w.set_tile_response(id, response).unwrap();
        let mut contacts = Vec::new();
        for k in 0..6 {
            let steps = trace_then_step(&mut w, id, 1.0 / 60.0, &format!("{response:?} step {k}"));
            let first = steps[0];
            assert_eq!(first.kind, TraceKind::TileStep);
            let answer =
                if response == TileResponse::Bounce { TraceReason::Bounce } else { TraceReason::Slide };
            assert_eq!(first.reason, answer);
            contacts.extend(steps.into_iter().filter(|s| s.kind == TraceKind::Move && s.toi < 1.0));
        }
        // It meets the wall's tile and the tile under the corner, each by
        // its cell, with a face's normal.
        assert!(
            contacts
                .iter()
                .any(|c| c.reason == TraceReason::HitTile && c.cell == Some((4, 0)) && c.nx == -1.0),
            "{response:?}: {contacts:#?}"
        );
        assert!(contacts.iter().any(|c| c.reason == TraceReason::HitTile && c.cell == Some((3, 1))));
    }
}

#[test]
fn the_traced_step_ends_where_step_does_across_seeded_scenes() {
    let mut rng = Rng::new(0x7ACE);
    for k in 0..240 {
        let mut w = World::new(320.0, 320.0).unwrap();
        w.tiles_mut().reset(10, 10, 32.0).unwrap();
        let shapes = [
            "full",
            "slope45-bl",
            "steep-small-tr",
            "convex-tl",
            "concave-br",
            "shallow-large-bl",
            "steep-large-tr",
        ];
        for _ in 0..14 {
            let (c, r) = ((rng.next_f64() * 10.0) as u32, (rng.next_f64() * 10.0) as u32);
            let shape = shapes[(rng.next_f64() * shapes.len() as f64) as usize];
            w.tiles_mut().set_tile_named(c.min(9), r.min(9), shape).unwrap();
        }
        for _ in 0..4 {
            let (c, r) = ((rng.next_f64() * 10.0) as u32, (rng.next_f64() * 10.0) as u32);
            let side = if rng.next_f64() < 0.5 { Side::Left } else { Side::Top };
            w.tiles_mut().set_door(c.min(9), r.min(9), side, Some(Door::Closed)).unwrap();
        }
        let size = [0.5, 3.0, 12.0][k % 3];
        let speed = [40.0, 900.0, 2e4, 1e9, 1e300][(k / 3) % 5];
        let id = w.insert(rng.range(0.0, 300.0), rng.range(0.0, 300.0), size, size).unwrap();
        let angle = rng.range(0.0, std::f64::consts::TAU);
        w.set_velocity(id, speed * angle.cos(), speed * angle.sin()).unwrap();
        let response = if k % 2 == 0 { TileResponse::Bounce } else { TileResponse::Slide };
        w.set_tile_response(id, response).unwrap();
        let dt = [1.0 / 60.0, 1e-3, 0.25][k % 3];
        for s in 0..4 {
            trace_then_step(&mut w, id, dt, &format!("seed 0x7ACE case {k} step {s}"));
        }
    }
}

#[test]
fn the_trace_shows_the_budget_and_why_it_stopped() {
    // A sealed room of full tiles, a box bouncing in it at 1e308 units a second.
    let mut w = World::new(160.0, 160.0).unwrap();
    w.tiles_mut().reset(10, 10, 16.0).unwrap();
    for k in 0..10 {
        for (c, r) in [(k, 0), (k, 9), (0, k), (9, k)] {
            w.tiles_mut().set_tile_named(c, r, "full").unwrap();
        }
    }
    let id = w.insert(40.0, 50.0, 3.0, 3.0).unwrap();
    w.set_velocity(id, 1e308 * 0.6, 1e308 * 0.8).unwrap();
    w.set_tile_response(id, TileResponse::Bounce).unwrap();
    for k in 0..3 {
        let steps = trace_then_step(&mut w, id, 1.0 / 60.0, &format!("budget step {k}"));
        let responds = steps.iter().filter(|s| s.kind == TraceKind::Respond).count();
        assert_eq!(responds, CONTACT_BUDGET as usize);
        let budget = steps.iter().find(|s| s.kind == TraceKind::Budget).expect("a budget step");
        assert_eq!((budget.reason, budget.contacts), (TraceReason::ContactBudget, CONTACT_BUDGET));
        assert!(budget.left > 0.0);
        let done = steps.last().unwrap();
        assert_eq!(done.reason, TraceReason::ContactBudget);
        assert_eq!(w.tile_budget_stops(), 1);
    }
}

#[test]
fn the_trace_shows_a_wall_a_door_and_a_box_pushed_out() {
    // A world wall.
    let mut w = World::new(100.0, 100.0).unwrap();
    w.tiles_mut().reset(10, 10, 10.0).unwrap();
    let id = w.insert(90.0, 50.0, 4.0, 4.0).unwrap();
    w.set_velocity(id, 90.0, 0.0).unwrap();
    w.set_tile_response(id, TileResponse::Bounce).unwrap();
    let steps = trace_then_step(&mut w, id, 0.1, "wall");
    let hit = steps.iter().find(|s| s.kind == TraceKind::Move && s.toi < 1.0).unwrap();
    assert_eq!((hit.reason, hit.cell, hit.nx, hit.end_x), (TraceReason::HitWall, None, -1.0, 96.0));
    let respond = steps.iter().find(|s| s.kind == TraceKind::Respond).unwrap();
    assert_eq!((respond.reason, respond.vx), (TraceReason::Bounce, -90.0));
    assert!((steps.last().unwrap().end_x - 93.0).abs() < 1e-9);
    // A closed door on the left side of cell (6, 5).
    w.tiles_mut().set_door(6, 5, Side::Left, Some(Door::Closed)).unwrap();
    w.update(id, 50.0, 52.0, 4.0, 4.0).unwrap();
    w.set_velocity(id, 100.0, 0.0).unwrap();
    w.set_tile_response(id, TileResponse::Slide).unwrap();
    let steps = trace_then_step(&mut w, id, 0.1, "door");
    let hit = steps.iter().find(|s| s.kind == TraceKind::Move).unwrap();
    assert_eq!(
        (hit.reason, hit.cell, hit.shape, hit.end_x),
        (TraceReason::HitDoor, Some((6, 5)), None, 56.0)
    );
    let respond = steps.iter().find(|s| s.kind == TraceKind::Respond).unwrap();
    assert_eq!(respond.reason, TraceReason::SlideStops);
    assert_eq!(steps.last().unwrap().reason, TraceReason::Stopped);
    // Placed in the corner's tiles: pushed out first.
    let mut w = corner_world();
    let id = w.insert(30.1, 6.1, 2.0, 2.0).unwrap();
    w.set_velocity(id, 5.0, 0.0).unwrap();
    w.set_tile_response(id, TileResponse::Slide).unwrap();
    let steps = trace_then_step(&mut w, id, 1.0 / 60.0, "placed inside");
    let free = steps.iter().find(|s| s.kind == TraceKind::Free).unwrap();
    assert_eq!(free.reason, TraceReason::PushedOut);
    assert_eq!((free.x, free.y), (30.1, 6.1));
    assert!((free.end_x - 30.0).abs() < 1e-9 && (free.end_y - 6.0).abs() < 1e-9);
}

#[test]
fn the_trace_is_refused_for_what_is_not_a_tile_collider() {
    let mut w = corner_world();
    let id = w.insert(10.0, 10.0, 2.0, 2.0).unwrap();
    assert_eq!(w.trace_tile_step(id, 0.1).unwrap_err().arg(), "traceTileStep");
    w.set_tile_response(id, TileResponse::Bounce).unwrap();
    assert_eq!(w.trace_tile_step(id, -1.0).unwrap_err().arg(), "dt");
    assert_eq!(w.trace_tile_step(id, f64::NAN).unwrap_err().arg(), "dt");
    assert_eq!(w.trace_tile_step(99, 0.1).unwrap_err().arg(), "id");
    // At rest: the step and `done`, `at-rest`.
    let steps = w.trace_tile_step(id, 0.1).unwrap();
    assert_eq!(steps.iter().map(|s| s.kind).collect::<Vec<_>>(), [TraceKind::TileStep, TraceKind::Done]);
    assert_eq!(steps[1].reason, TraceReason::AtRest);
}
