//! The tile-aware step held to the walls' standard: finite at any speed,
//! no tunnelling through a closed door or a tile at any speed, never ending
//! inside a solid, at a work bound stated in `tile_motion.rs`.

use crate::geometry::Aabb;
use crate::scene::Rng;
use crate::tile_grid::{Door, Side};
use crate::world::{TileResponse, World};

/// Everything about an object is a finite number.
fn finite(w: &World, id: u32) -> bool {
    let b = w.box_of(id).unwrap();
    let v = w.velocity(id).unwrap();
    b.iter().chain(v.iter()).all(|c| c.is_finite())
}

/// How deep the object sits in the tiles (0 when clear, within the
/// push-out's tolerance).
fn depth(w: &World, id: u32) -> f64 {
    let [x, y, bw, bh] = w.box_of(id).unwrap();
    w.tiles().overlap_depth(&Aabb::from_xywh(x, y, bw, bh))
}

#[test]
fn the_bounce_at_the_largest_speeds_stays_finite() {
    for (speed, response) in [
        (1e308, TileResponse::Bounce),
        (9e307, TileResponse::Bounce),
        (1e308, TileResponse::Slide),
        (9e307, TileResponse::Slide),
        (f64::MAX, TileResponse::Bounce),
    ] {
        let mut w = World::new(20.0, 10.0).unwrap();
        w.tiles_mut().reset(10, 1, 1.0).unwrap();
        w.tiles_mut().set_tile_named(1, 0, "full").unwrap();
        let id = w.insert(0.0, 0.0, 10.0, 1.0).unwrap();
        let child = w.insert(12.0, 3.0, 2.0, 2.0).unwrap();
        w.set_parent(child, id).unwrap();
        w.set_velocity(id, 0.0, speed).unwrap();
        w.set_tile_response(id, response).unwrap();
        for _ in 0..3 {
            w.step(1.0).unwrap();
            assert!(finite(&w, id), "{speed} {response:?}: {:?} {:?}", w.box_of(id), w.velocity(id));
            assert!(finite(&w, child), "{speed} {response:?}: child {:?}", w.box_of(child));
            w.validate().unwrap();
        }
    }
    // Both components at the largest float, off a 45° slope: the
    // reflected velocity has a component past it.
    for shape in ["slope45-br", "slope45-tl", "concave-br", "convex-tl", "steep-small-bl"] {
        let mut w = World::new(40.0, 40.0).unwrap();
        w.tiles_mut().reset(4, 4, 10.0).unwrap();
        for c in 0..4 {
            w.tiles_mut().set_tile_named(c, 2, shape).unwrap();
        }
        let id = w.insert(10.0, 5.0, 3.0, 3.0).unwrap();
        w.set_velocity(id, f64::MAX, f64::MAX).unwrap();
        w.set_tile_response(id, TileResponse::Bounce).unwrap();
        w.step(1e300).unwrap();
        assert!(finite(&w, id), "{shape}: {:?} {:?}", w.box_of(id), w.velocity(id));
        w.validate().unwrap();
    }
}

/// A 32-unit map with a column of closed doors on the vertical line at
/// x = 320: boxes launched at it from the left in seeded directions must
/// end every step on the left.
fn door_trials(size: f64, speed: f64, response: TileResponse) -> u32 {
    let mut crossed = 0;
    let mut rng = Rng::new(0xD00E);
    for _ in 0..20 {
        let mut w = World::new(640.0, 320.0).unwrap();
        w.tiles_mut().reset(20, 10, 32.0).unwrap();
        for row in 0..10 {
            w.tiles_mut().set_door(10, row, Side::Left, Some(Door::Closed)).unwrap();
        }
        let id = w.insert(rng.range(200.0, 300.0), rng.range(10.0, 300.0), size, size).unwrap();
        let angle = rng.range(-1.2, 1.2);
        w.set_velocity(id, speed * angle.cos(), speed * angle.sin()).unwrap();
        w.set_tile_response(id, response).unwrap();
        for _ in 0..30 {
            w.step(1.0 / 60.0).unwrap();
            let [x, ..] = w.box_of(id).unwrap();
            if x + size > 320.0 {
                crossed += 1;
                break;
            }
        }
    }
    crossed
}

#[test]
fn no_speed_takes_a_collider_through_a_closed_door() {
    for (size, speed) in
        [(2.0, 7000.0), (0.5, 2000.0), (0.1, 400.0), (2.0, 1e6), (0.1, 1e12), (4.0, 1e300), (1.2e-9, 9e307)]
    {
        for response in [TileResponse::Bounce, TileResponse::Slide] {
            let crossed = door_trials(size, speed, response);
            assert_eq!(crossed, 0, "a {size} box at {speed} ({response:?}) crossed {crossed} of 20 times");
        }
    }
}

#[test]
fn no_speed_leaves_a_collider_inside_a_block_of_tiles() {
    let mut rng = Rng::new(0xB10C);
    for k in 0..60 {
        let mut w = World::new(640.0, 320.0).unwrap();
        w.tiles_mut().reset(20, 10, 32.0).unwrap();
        // A thick wall of full tiles against the left wall (a step that
        // overshoots is clamped at a wall, inside it) and a thin slope
        // wall in the middle.
        for col in 0..12 {
            for row in 0..10 {
                w.tiles_mut().set_tile_named(col, row, "full").unwrap();
            }
        }
        for row in 0..10 {
            w.tiles_mut()
                .set_tile_named(16, row, if row % 2 == 0 { "slope45-bl" } else { "steep-small-tr" })
                .unwrap();
        }
        let size = [0.1, 1.0, 6.0, 20.0][k % 4];
        let speed = [1e3, 1e9, 1e300, 1e308][(k / 4) % 4];
        let id = w.insert(rng.range(400.0, 500.0), rng.range(10.0, 280.0), size, size).unwrap();
        let angle = rng.range(0.0, std::f64::consts::TAU);
        w.set_velocity(id, speed * angle.cos(), speed * angle.sin()).unwrap();
        let response = if k % 2 == 0 { TileResponse::Bounce } else { TileResponse::Slide };
        w.set_tile_response(id, response).unwrap();
        for _ in 0..5 {
            w.step(1.0 / 60.0).unwrap();
            assert!(finite(&w, id), "case {k}: {:?} {:?}", w.box_of(id), w.velocity(id));
            assert!(depth(&w, id) <= 1e-9 * 32.0, "case {k}: {:?} is {} deep", w.box_of(id), depth(&w, id));
        }
        w.validate().unwrap();
    }
}

#[test]
fn a_map_whose_extent_overflows_is_refused() {
    let mut w = World::new(100.0, 100.0).unwrap();
    w.tiles_mut().reset(4, 4, 10.0).unwrap();
    let err = w.tiles_mut().reset(2, 2, 1e308).unwrap_err();
    assert_eq!(err.arg(), "tileSize", "{err}");
    assert_eq!(w.tiles().cols(), 4, "a refused map changes nothing");
    assert!(w.tiles_mut().reset(4096, 1, f64::MAX / 4000.0).is_err());
    // The largest that fits is accepted: its extent is finite.
    let largest = f64::MAX / 2.0;
    w.tiles_mut().reset(2, 2, largest).unwrap();
    assert!(w.tiles().bounds().max_x.is_finite());
}

#[test]
fn the_corner_case_of_issue_34_stays_on_the_near_side() {
    for response in [TileResponse::Bounce, TileResponse::Slide] {
        let mut w = World::new(64.0, 32.0).unwrap();
        w.tiles_mut().reset(8, 4, 8.0).unwrap();
        for r in 0..4 {
            w.tiles_mut().set_tile_named(4, r, "full").unwrap();
        }
        w.tiles_mut().set_tile_named(3, 1, "full").unwrap();
        let id = w.insert(29.5, 5.5, 2.0, 2.0).unwrap();
        w.set_velocity(id, 10.0, 10.0).unwrap();
        w.set_tile_response(id, response).unwrap();
        for _ in 0..4 {
            w.step(1.0 / 60.0).unwrap();
            let b = w.box_of(id).unwrap();
            eprintln!("{response:?} {b:?} {:?}", w.velocity(id).unwrap());
            assert!(b[0] + b[2] <= 32.0, "{response:?}: crossed the wall: {b:?}");
            assert_eq!(depth(&w, id), 0.0);
        }
    }
}

#[test]
fn the_contact_budget_stops_a_collider_at_its_last_contact_and_nothing_else_does() {
    // A sealed room of full tiles, a box bouncing in it at 1e308 units a
    // second: it would meet a wall ~1e305 times a step.
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
    for _ in 0..5 {
        let before = w.tile_contacts();
        w.step(1.0 / 60.0).unwrap();
        assert_eq!(w.tile_contacts() - before, u64::from(super::CONTACT_BUDGET));
        assert_eq!(w.tile_budget_stops(), 1);
        let [x, y, bw, bh] = w.box_of(id).unwrap();
        let b = Aabb::from_xywh(x, y, bw, bh);
        assert!(16.0 <= x && x + bw <= 144.0 && 16.0 <= y && y + bh <= 144.0, "left the room: {b:?}");
        assert!(!crate::sweep::box_overlaps(w.tiles(), &b));
        assert!(finite(&w, id));
    }
    // A slow one in the same room meets no budget.
    w.set_velocity(id, 30.0, 40.0).unwrap();
    w.step(1.0 / 60.0).unwrap();
    assert_eq!(w.tile_budget_stops(), 0);
    w.validate().unwrap();
}

#[test]
fn a_collider_placed_in_a_tile_is_pushed_out_the_short_way_or_stays() {
    let mut w = World::new(64.0, 32.0).unwrap();
    w.tiles_mut().reset(8, 4, 8.0).unwrap();
    for r in 0..4 {
        w.tiles_mut().set_tile_named(4, r, "full").unwrap();
    }
    w.tiles_mut().set_tile_named(3, 1, "full").unwrap();
    // Sunk 0.1 into the wall and 0.1 into the tile under the corner.
    let id = w.insert(30.1, 6.1, 2.0, 2.0).unwrap();
    w.set_tile_response(id, TileResponse::Slide).unwrap();
    w.step(1.0 / 60.0).unwrap();
    let [x, y, ..] = w.box_of(id).unwrap();
    assert!((x - 30.0).abs() < 1e-9 && (y - 6.0).abs() < 1e-9, "({x}, {y})");
    assert_eq!(depth(&w, id), 0.0);
    // Buried in a block with no way out that stays in the room: it stays.
    let mut w = World::new(32.0, 32.0).unwrap();
    w.tiles_mut().reset(4, 4, 8.0).unwrap();
    for c in 0..4 {
        for r in 0..4 {
            w.tiles_mut().set_tile_named(c, r, "full").unwrap();
        }
    }
    let id = w.insert(10.0, 10.0, 4.0, 4.0).unwrap();
    w.set_velocity(id, 100.0, 0.0).unwrap();
    w.set_tile_response(id, TileResponse::Bounce).unwrap();
    w.step(1.0 / 60.0).unwrap();
    assert_eq!(w.box_of(id).unwrap(), [10.0, 10.0, 4.0, 4.0]);
    w.validate().unwrap();
}

#[test]
fn a_collider_on_a_world_wall_moving_into_it_turns_at_once() {
    for response in [TileResponse::Bounce, TileResponse::Slide] {
        let mut w = World::new(100.0, 100.0).unwrap();
        w.tiles_mut().reset(10, 10, 10.0).unwrap();
        let id = w.insert(96.0, 50.0, 4.0, 4.0).unwrap();
        w.set_velocity(id, 30.0, 6.0).unwrap();
        w.set_tile_response(id, response).unwrap();
        w.step(0.1).unwrap();
        let [x, y, ..] = w.box_of(id).unwrap();
        let [vx, vy] = w.velocity(id).unwrap();
        match response {
            TileResponse::Bounce => assert_eq!((x, vx), (93.0, -30.0)),
            _ => assert_eq!((x, vx), (96.0, 0.0)),
        }
        assert_eq!((y, vy), (50.6, 6.0), "{response:?}");
    }
}
