//! Unit tests of the World's bookkeeping and errors.

use super::{StructureKind, World};
use crate::error::Error;
use crate::geometry::Aabb;
use crate::tile_grid::{Door, Side};

#[test]
fn ids_start_at_one_and_are_never_reused() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let a = w.insert(0.0, 0.0, 1.0, 1.0).unwrap();
    let b = w.insert(0.0, 0.0, 1.0, 1.0).unwrap();
    assert_eq!((a, b), (1, 2));
    w.remove(a).unwrap();
    assert_eq!(w.insert(0.0, 0.0, 1.0, 1.0).unwrap(), 3);
    assert_eq!(w.count(), 2);
    w.validate().unwrap();
}

#[test]
fn bad_input_is_refused_by_name_and_changes_nothing() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let id = w.insert(1.0, 2.0, 3.0, 4.0).unwrap();
    assert!(matches!(w.insert(f64::NAN, 0.0, 1.0, 1.0), Err(Error::NotFinite { arg: "x", .. })));
    assert!(matches!(w.insert(0.0, f64::INFINITY, 1.0, 1.0), Err(Error::NotFinite { arg: "y", .. })));
    assert!(matches!(w.insert(0.0, 0.0, 0.0, 1.0), Err(Error::NotPositive { arg: "w", .. })));
    assert!(matches!(w.insert(0.0, 0.0, 1.0, -1.0), Err(Error::NotPositive { arg: "h", .. })));
    assert!(matches!(w.update(id, 0.0, 0.0, 1.0, f64::NAN), Err(Error::NotFinite { arg: "h", .. })));
    assert!(matches!(w.update(99, 0.0, 0.0, 1.0, 1.0), Err(Error::DeadId { arg: "id", id: 99 })));
    assert!(matches!(w.set_velocity(id, f64::NAN, 0.0), Err(Error::NotFinite { arg: "vx", .. })));
    assert!(matches!(w.remove(0), Err(Error::DeadId { .. })));
    assert!(matches!(w.step(-1.0), Err(Error::Negative { arg: "dt", .. })));
    assert!(matches!(w.step(f64::NAN), Err(Error::NotFinite { arg: "dt", .. })));
    assert!(matches!(w.set_structure("octree"), Err(Error::UnknownName { arg: "name", .. })));
    assert!(matches!(w.set_quadtree_limits(0, 5), Err(Error::OutOfRange { arg: "maxObjects", .. })));
    assert!(matches!(w.query(0.0, 0.0, 0.0, 1.0), Err(Error::NotPositive { arg: "w", .. })));
    assert!(World::new(0.0, 1.0).is_err() && World::new(1.0, f64::NAN).is_err());
    assert_eq!(w.box_of(id).unwrap(), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(w.count(), 1);
    assert_eq!(w.structure(), "brute-force");
    w.validate().unwrap();
}

#[test]
fn messages_name_the_argument() {
    let mut w = World::new(10.0, 10.0).unwrap();
    assert_eq!(w.insert(0.0, 0.0, -2.0, 1.0).unwrap_err().to_string(), "w must be greater than 0, got -2");
    assert_eq!(w.remove(7).unwrap_err().to_string(), "id 7 is not a live object id");
}

#[test]
fn step_moves_by_velocity_and_bounces() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let id = w.insert(10.0, 10.0, 10.0, 10.0).unwrap();
    w.set_velocity(id, 20.0, -30.0).unwrap();
    w.step(0.5).unwrap();
    assert_eq!(w.box_of(id).unwrap(), [20.0, 5.0, 10.0, 10.0]);
    w.step(0.5).unwrap();
    assert_eq!(w.box_of(id).unwrap(), [30.0, 20.0, 10.0, 10.0]);
    assert_eq!(w.velocity(id).unwrap(), [20.0, 30.0]);
}

#[test]
fn pairs_are_sorted_ids_with_a_below_b() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let ids: Vec<u32> = (0..4).map(|_| w.insert(5.0, 5.0, 10.0, 10.0).unwrap()).collect();
    // Every structure but the grids (whose cells would hold these boxes apart).
    for name in StructureKind::ALL.into_iter().filter(|k| !k.is_grid()).map(StructureKind::name) {
        w.set_structure(name).unwrap();
        assert_eq!(w.structure(), name);
        let expected: Vec<u32> = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
            .iter()
            .flat_map(|&(i, j)| [ids[i], ids[j]])
            .collect();
        assert_eq!(w.pairs(), expected.as_slice());
        assert_eq!(w.query(0.0, 0.0, 5.0, 5.0).unwrap(), &[] as &[u32], "touching is not overlapping");
        assert_eq!(w.query(14.0, 14.0, 1.0, 1.0).unwrap(), ids.as_slice());
    }
}

#[test]
fn children_keep_their_offset_and_move_with_their_parent() {
    let mut w = World::new(1000.0, 1000.0).unwrap();
    let parent = w.insert(100.0, 100.0, 10.0, 10.0).unwrap();
    let child = w.insert(130.0, 90.0, 5.0, 5.0).unwrap();
    let grandchild = w.insert(150.0, 90.0, 5.0, 5.0).unwrap();
    w.set_parent(child, parent).unwrap();
    w.set_parent(grandchild, child).unwrap();
    w.set_velocity(child, 500.0, 500.0).unwrap(); // ignored while attached
    w.update(parent, 200.0, 300.0, 10.0, 10.0).unwrap();
    assert_eq!(w.box_of(child).unwrap(), [230.0, 290.0, 5.0, 5.0]);
    assert_eq!(w.box_of(grandchild).unwrap(), [250.0, 290.0, 5.0, 5.0]);
    w.set_velocity(parent, 10.0, 0.0).unwrap();
    w.step(1.0).unwrap();
    assert_eq!(w.box_of(grandchild).unwrap(), [260.0, 290.0, 5.0, 5.0]);
    assert_eq!(w.parent_of(grandchild).unwrap(), child);
    assert_eq!(w.order(), &[parent, child, grandchild]);
    // Moving a child by hand changes its offset.
    w.update(child, 0.0, 0.0, 5.0, 5.0).unwrap();
    w.update(parent, 0.0, 0.0, 10.0, 10.0).unwrap();
    assert_eq!(w.box_of(child).unwrap(), [-210.0, -300.0, 5.0, 5.0]);
    w.set_structure("quadtree").unwrap();
    assert_eq!(w.query(-211.0, -301.0, 2.0, 2.0).unwrap(), &[child]);
    w.validate().unwrap();
}

#[test]
fn cycles_are_refused_and_remove_cascades() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let ids: Vec<u32> = (0..4).map(|i| w.insert(i as f64, 0.0, 1.0, 1.0).unwrap()).collect();
    w.set_parent(ids[1], ids[0]).unwrap();
    w.set_parent(ids[2], ids[1]).unwrap();
    let before = w.order().to_vec();
    assert!(matches!(w.set_parent(ids[0], ids[2]), Err(Error::Cycle { .. })));
    assert!(matches!(w.set_parent(ids[0], ids[0]), Err(Error::Cycle { .. })));
    assert!(matches!(w.set_parent(ids[0], 99), Err(Error::DeadId { arg: "parent", .. })));
    assert!(matches!(w.set_parent(99, ids[0]), Err(Error::DeadId { arg: "child", .. })));
    assert_eq!(w.order(), before.as_slice());
    // Re-parent under a node later in the queue: the segment repair.
    w.set_parent(ids[0], ids[3]).unwrap();
    assert_eq!(w.order(), &[ids[3], ids[0], ids[1], ids[2]]);
    w.remove(ids[0]).unwrap();
    assert_eq!(w.ids(), vec![ids[3]]);
    assert_eq!(w.count(), 1);
    w.set_parent(ids[3], 0).unwrap();
    w.validate().unwrap();
}

#[test]
fn tile_grid_through_the_world() {
    let mut w = World::new(100.0, 100.0).unwrap();
    w.tiles_mut().reset(4, 3, 10.0).unwrap();
    w.tiles_mut().set_tile_named(1, 1, "full").unwrap();
    let tile = |w: &World, col, row| w.tiles().tile(col, row).unwrap().name();
    let edge = |w: &World, col, row, side| w.tiles().edge_named(col, row, side).unwrap().name();
    assert_eq!(tile(&w, 1, 1), "full");
    assert_eq!(edge(&w, 1, 1, "top"), "solid");
    assert_eq!(edge(&w, 1, 0, "bottom"), "solid", "the two names of one side agree");
    let mut touched = Vec::new();
    w.tiles().touched_cells(&Aabb::from_xywh(5.0, 5.0, 10.0, 5.0), &mut touched);
    assert_eq!(touched, [(0, 0), (1, 0)]);
    assert!(matches!(w.tiles_mut().set_tile_named(4, 0, "full"), Err(Error::OutOfRange { arg: "col", .. })));
    assert!(matches!(
        w.tiles_mut().set_tile_named(0, 0, "triangle"),
        Err(Error::UnknownName { arg: "shape", .. })
    ));
    assert!(matches!(w.tiles().edge_named(0, 0, "up"), Err(Error::UnknownName { arg: "side", .. })));
    assert!(matches!(w.tiles_mut().reset(0, 3, 10.0), Err(Error::OutOfRange { arg: "cols", .. })));
    let err = w.tiles_mut().reset(3, 3, f64::NAN).unwrap_err();
    assert!(err.to_string().starts_with("tileSize"), "{err}");
    assert_eq!(tile(&w, 1, 1), "full", "refused calls changed nothing");
    w.tiles_mut().set_door(1, 1, Side::Top, Some(Door::Open)).unwrap();
    assert_eq!(edge(&w, 1, 1, "top"), "empty");
    w.validate().unwrap();
}

#[test]
fn stored_and_searched_cells_show_normal_versus_loose() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let small = w.insert(42.0, 42.0, 4.0, 4.0).unwrap();
    let giant = w.insert(10.0, 10.0, 60.0, 60.0).unwrap();
    w.set_cell_size(10.0).unwrap();
    w.set_structure("grid").unwrap();
    assert_eq!(w.stored_in(small).unwrap(), w.searched_in(small).unwrap());
    w.set_structure("loose-grid").unwrap();
    assert_eq!(w.stored_in(small).unwrap().len(), 1, "loose: one centre cell");
    assert_eq!(w.searched_in(small).unwrap().len(), 5, "loose: own cell + four forward neighbours");
    assert!(w.stored_in(giant).unwrap().is_empty(), "oversize objects live in no cell");
    assert_eq!(w.searched_in(giant).unwrap().len(), 64, "they search the 6x6 cells they reach, grown by one");
}

#[test]
fn set_parents_is_all_or_nothing_and_keeps_offsets() {
    let mut w = World::new(1000.0, 1000.0).unwrap();
    let ids: Vec<u32> = (0..6).map(|i| w.insert(i as f64 * 10.0, 0.0, 5.0, 5.0).unwrap()).collect();
    let before = w.order().to_vec();
    // The third event closes a cycle with the first two: nothing happens.
    let refused = w.set_parents(&[(ids[1], ids[0]), (ids[2], ids[1]), (ids[0], ids[2])]);
    assert_eq!(
        refused.unwrap_err().to_string(),
        format!(
            "pairs[2]: parent {} is object {} or one of its descendants; re-parenting would make a cycle",
            ids[2], ids[0]
        )
    );
    assert_eq!(
        w.set_parents(&[(ids[1], ids[0]), (99, ids[0])]).unwrap_err().to_string(),
        "pairs[1]: child 99 is not a live object id"
    );
    // The first bad event in order is named: a cycle before a dead id, a
    // dead id before a cycle.
    let cycle_first = w.set_parents(&[(ids[1], ids[0]), (ids[0], ids[1]), (ids[3], 99)]);
    assert!(cycle_first.unwrap_err().to_string().starts_with("pairs[1]: parent"));
    let dead_first = w.set_parents(&[(ids[1], ids[0]), (ids[3], 99), (ids[0], ids[1])]);
    assert_eq!(dead_first.unwrap_err().to_string(), "pairs[1]: parent 99 is not a live object id");
    assert_eq!(w.order(), before.as_slice());
    assert!(ids.iter().all(|&id| w.parent_of(id).unwrap() == 0));
    w.set_parents(&[(ids[1], ids[5]), (ids[2], ids[1]), (ids[3], 0)]).unwrap();
    assert_eq!(w.parent_of(ids[2]).unwrap(), ids[1]);
    w.update(ids[5], 500.0, 500.0, 5.0, 5.0).unwrap();
    assert_eq!(w.box_of(ids[2]).unwrap(), [470.0, 500.0, 5.0, 5.0]);
    w.validate().unwrap();
}

#[test]
fn cast_ray_finds_objects_even_when_the_segment_length_overflows() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let id = w.insert(10.0, 0.0, 10.0, 10.0).unwrap();
    for name in StructureKind::ALL.map(StructureKind::name) {
        w.set_structure(name).unwrap();
        let hit = w.cast_ray(-1e308, 5.0, 1e308, 5.0).unwrap().expect(name);
        assert_eq!(hit.object_id, id, "{name}");
    }
}

#[test]
fn attached_boxes_stay_finite_at_the_edges_of_f64() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let p = w.insert(1e308, 0.0, 1.0, 1.0).unwrap();
    let c = w.insert(-1e308, 0.0, 1.0, 1.0).unwrap();
    let g = w.insert(0.0, 0.0, 1.0, 1.0).unwrap();
    w.set_parent(c, p).unwrap();
    w.set_parent(g, c).unwrap();
    w.update(p, -1e308, 0.0, 1.0, 1.0).unwrap();
    for id in [p, c, g] {
        assert!(w.box_of(id).unwrap().iter().all(|v| v.is_finite()), "{id}: {:?}", w.box_of(id));
    }
    w.set_structure("grid").unwrap();
    w.pairs();
    w.validate().unwrap();
}

#[test]
fn running_out_of_ids_is_an_error_that_changes_nothing() {
    let mut w = World::new(100.0, 100.0).unwrap();
    w.objects.next_id = u32::MAX;
    assert!(matches!(w.insert(0.0, 0.0, 1.0, 1.0), Err(Error::IdsExhausted)));
    assert_eq!(w.count(), 0);
    w.validate().unwrap();
}

mod tile_motion {
    use crate::geometry::Aabb;
    use crate::scene::Rng;
    use crate::world::{TileResponse, World};

    /// A world the size of the N-like preset map, with `n` seeded boxes
    /// that bounce off its tiles, placed in open space.
    fn bouncing(n: usize, seed: u64, response: TileResponse) -> (World, Vec<u32>) {
        let mut w = World::new(1.0, 1.0).unwrap();
        w.tiles_mut().load_preset("n-level").unwrap();
        let b = w.tiles().bounds();
        w.resize(b.max_x, b.max_y).unwrap();
        let mut rng = Rng::new(seed);
        let mut ids = Vec::new();
        while ids.len() < n {
            let (bw, bh) = (rng.range(4.0, 30.0), rng.range(4.0, 30.0));
            let (x, y) = (rng.range(0.0, b.max_x - bw), rng.range(0.0, b.max_y - bh));
            if w.tiles().overlap_depth(&Aabb::from_xywh(x, y, bw, bh)) > 0.0 {
                continue;
            }
            let id = w.insert(x, y, bw, bh).unwrap();
            w.set_velocity(id, rng.range(-400.0, 400.0), rng.range(-400.0, 400.0)).unwrap();
            w.set_tile_response(id, response).unwrap();
            ids.push(id);
        }
        (w, ids)
    }

    #[test]
    fn step_visits_exactly_the_objects_that_have_a_velocity() {
        // Velocities are set, cleared, changed by the tile response and
        // carried through removals and renumberings; `step` visits only the
        // slots marked moving, so every path must keep the marks.
        let mut w = World::new(400.0, 400.0).unwrap();
        w.slot_order.floor = 1; // renumber as soon as anything drifts
        let ids: Vec<u32> =
            (0..40).map(|i| w.insert(10.0 + 9.0 * f64::from(i), 50.0, 4.0, 4.0).unwrap()).collect();
        for (k, &id) in ids.iter().enumerate() {
            if k % 3 == 0 {
                w.set_velocity(id, 30.0, 20.0).unwrap();
            }
        }
        w.set_velocity(ids[3], 0.0, 0.0).unwrap();
        w.set_tile_response(ids[6], TileResponse::Slide).unwrap();
        w.remove(ids[9]).unwrap();
        let reused = w.insert(300.0, 300.0, 4.0, 4.0).unwrap();
        w.validate().unwrap(); // before any renumbering rebuilds the marks
        for _ in 0..5 {
            w.step(0.1).unwrap();
            w.pairs();
            w.validate().unwrap();
        }
        // Back to plain motion: it keeps the velocity the tile step left it.
        w.set_tile_response(ids[6], TileResponse::None).unwrap();
        let before = w.box_of(ids[6]).unwrap();
        w.step(0.1).unwrap();
        assert_ne!(w.box_of(ids[6]).unwrap(), before, "a former tile collider still moves");
        for (k, &id) in ids.iter().enumerate().filter(|&(k, _)| k != 9) {
            let moves = k % 3 == 0 && k != 3;
            let before = w.box_of(id).unwrap();
            w.step(0.05).unwrap();
            w.validate().unwrap();
            assert_eq!(w.box_of(id).unwrap() != before, moves, "object {k}");
        }
        let before = w.box_of(reused).unwrap();
        w.step(0.05).unwrap();
        assert_eq!(w.box_of(reused).unwrap(), before, "an object inserted into a freed slot rests");
    }

    #[test]
    fn colliders_never_end_a_step_inside_a_tile() {
        for (seed, response) in
            [(1, TileResponse::Bounce), (2, TileResponse::Slide), (3, TileResponse::Bounce)]
        {
            let (mut w, ids) = bouncing(40, seed, response);
            for frame in 0..600 {
                w.step(1.0 / 60.0).unwrap();
                for &id in &ids {
                    let [x, y, bw, bh] = w.box_of(id).unwrap();
                    let depth = w.tiles().overlap_depth(&Aabb::from_xywh(x, y, bw, bh));
                    // The narrow phase's own push-out leaves at most rounding behind.
                    assert!(depth <= 1e-9, "seed {seed}, frame {frame}: box {id} sunk {depth} into a tile");
                }
                if frame % 50 == 0 {
                    w.validate().unwrap();
                }
            }
        }
    }

    #[test]
    fn a_bounce_reflects_the_velocity_about_the_surface_normal() {
        let mut w = World::new(100.0, 100.0).unwrap();
        w.tiles_mut().reset(10, 10, 10.0).unwrap();
        for col in 0..10 {
            w.tiles_mut().set_tile_named(col, 9, "full").unwrap();
        }
        // Falls onto the floor (y = 90) at 300 units/s.
        let ball = w.insert(40.0, 80.0, 4.0, 4.0).unwrap();
        w.set_velocity(ball, 60.0, 300.0).unwrap();
        w.set_tile_response(ball, TileResponse::Bounce).unwrap();
        let slider = w.insert(10.0, 80.0, 4.0, 4.0).unwrap();
        w.set_velocity(slider, 60.0, 300.0).unwrap();
        w.set_tile_response(slider, TileResponse::Slide).unwrap();
        w.step(0.1).unwrap();
        assert_eq!(w.velocity(ball).unwrap(), [60.0, -300.0]);
        assert_eq!(w.velocity(slider).unwrap(), [60.0, 0.0]);
        assert_eq!(w.box_of(slider).unwrap()[1], 86.0, "rests on the floor");
        assert!(w.box_of(ball).unwrap()[1] <= 86.0);
        // Without a response it falls through (the walls still bounce it).
        let ghost = w.insert(70.0, 80.0, 4.0, 4.0).unwrap();
        w.set_velocity(ghost, 0.0, 50.0).unwrap();
        w.step(0.1).unwrap();
        assert_eq!(w.box_of(ghost).unwrap()[1], 85.0);
        assert_eq!(w.tile_response(ghost).unwrap(), TileResponse::None);
    }

    #[test]
    fn a_fast_collider_does_not_tunnel_through_a_thin_wall() {
        let mut w = World::new(200.0, 40.0).unwrap();
        w.tiles_mut().reset(20, 4, 10.0).unwrap();
        w.tiles_mut().set_tile_named(10, 1, "full").unwrap();
        w.tiles_mut().set_tile_named(10, 2, "full").unwrap();
        let id = w.insert(20.0, 15.0, 6.0, 6.0).unwrap();
        // 3000 units/s: 300 units in one step, far more than the wall is thick.
        w.set_velocity(id, 3000.0, 0.0).unwrap();
        w.set_tile_response(id, TileResponse::Bounce).unwrap();
        w.step(0.1).unwrap();
        let [x, ..] = w.box_of(id).unwrap();
        assert!(x + 6.0 <= 100.0, "went through the wall: x = {x}");
        assert!(w.velocity(id).unwrap()[0] < 0.0);
    }

    #[test]
    fn responses_survive_renumbering_and_go_with_removed_objects() {
        let (mut w, ids) = bouncing(30, 9, TileResponse::Bounce);
        w.renumber_slots();
        for &id in &ids {
            assert_eq!(w.tile_response(id).unwrap(), TileResponse::Bounce);
        }
        w.remove(ids[0]).unwrap();
        w.set_tile_response(ids[1], TileResponse::None).unwrap();
        w.validate().unwrap();
        let fresh = w.insert(1.0, 1.0, 1.0, 1.0).unwrap();
        assert_eq!(w.tile_response(fresh).unwrap(), TileResponse::None);
        assert!(TileResponse::from_name("stick").is_err());
    }
}

mod limits {
    use crate::error::Error;
    use crate::world::{World, MAX_OBJECTS};

    #[test]
    fn populate_past_the_object_cap_is_refused_and_changes_nothing() {
        let mut w = World::new(1000.0, 1000.0).unwrap();
        w.populate(10, 1, crate::scene::Layout::Uniform).unwrap();
        let before = (w.count(), w.pairs().to_vec());
        let err = w.populate(MAX_OBJECTS as u32, 2, crate::scene::Layout::Uniform).unwrap_err();
        assert!(
            matches!(err, Error::TooManyObjects { asked, max, .. } if asked == MAX_OBJECTS + 10 && max == MAX_OBJECTS),
            "{err}"
        );
        assert!(err.to_string().starts_with("count: a World holds at most 4000000 objects"), "{err}");
        assert_eq!((w.count(), w.pairs().to_vec()), before);
        w.validate().unwrap();
    }

    #[test]
    fn a_huge_world_starts_with_a_small_tile_grid() {
        let w = World::new(1e6, 1e6).unwrap();
        let t = w.tiles();
        assert!(t.cols() <= 16 && t.rows() <= 16, "{} × {}", t.cols(), t.rows());
        assert!(f64::from(t.cols()) * t.tile_size() >= 1e6, "the default grid covers the world");
        let small = World::new(300.0, 200.0).unwrap();
        assert_eq!((small.tiles().cols(), small.tiles().rows(), small.tiles().tile_size()), (10, 7, 32.0));
    }
}

mod events_and_batches {
    use crate::scene::{Layout, Rng};
    use crate::world::{StructureKind, World};
    use std::collections::BTreeSet;

    fn set(flat: &[u32]) -> BTreeSet<(u32, u32)> {
        flat.chunks_exact(2).map(|p| (p[0], p[1])).collect()
    }

    /// Brute force: every overlapping pair of live boxes.
    fn brute(w: &World) -> BTreeSet<(u32, u32)> {
        let mut ids: Vec<u32> = w.iter_order().collect();
        ids.sort_unstable();
        let boxes: Vec<[f64; 4]> = ids.iter().map(|&id| w.box_of(id).unwrap()).collect();
        let mut out = BTreeSet::new();
        for i in 0..ids.len() {
            for j in i + 1..ids.len() {
                let (a, b) = (boxes[i], boxes[j]);
                if a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3] {
                    out.insert((ids[i], ids[j]));
                }
            }
        }
        out
    }

    #[test]
    fn began_and_ended_are_the_differences_of_consecutive_brute_force_pair_sets() {
        for seed in 0..40u64 {
            let mut w = World::new(400.0, 400.0).unwrap();
            w.populate(120, seed, Layout::MixedSizes).unwrap();
            let mut rng = Rng::new(seed);
            let mut before = BTreeSet::new();
            for frame in 0..30 {
                match rng.below(6) {
                    0 => {
                        let ids = w.order().to_vec();
                        if let Some(&id) = ids.get(rng.below(ids.len() as u32) as usize) {
                            w.remove(id).unwrap();
                        }
                    }
                    1 => {
                        let kinds = StructureKind::ALL;
                        w.set_structure(kinds[rng.below(kinds.len() as u32) as usize].name()).unwrap();
                    }
                    2 => {
                        w.insert(
                            rng.range(0.0, 380.0),
                            rng.range(0.0, 380.0),
                            rng.range(1.0, 40.0),
                            rng.range(1.0, 40.0),
                        )
                        .unwrap();
                    }
                    _ => w.step(0.05).unwrap(),
                }
                let now = set(w.pairs());
                let ctx = format!("seed {seed} frame {frame}");
                assert_eq!(now, brute(&w), "{ctx}: pairs");
                assert_eq!(set(w.pairs_began()), now.difference(&before).copied().collect(), "{ctx}: began");
                assert_eq!(set(w.pairs_ended()), before.difference(&now).copied().collect(), "{ctx}: ended");
                w.validate().unwrap();
                before = now;
            }
        }
    }

    #[test]
    fn update_many_is_one_update_after_another_and_all_or_nothing() {
        let mut a = World::new(500.0, 500.0).unwrap();
        a.populate(50, 7, Layout::Uniform).unwrap();
        let mut b = World::new(500.0, 500.0).unwrap();
        b.populate(50, 7, Layout::Uniform).unwrap();
        let ids: Vec<u32> = (1..=50).step_by(3).collect();
        let boxes: Vec<[f64; 4]> = ids.iter().map(|&id| [f64::from(id) * 7.0, 13.0, 5.0, 6.0]).collect();
        a.update_many(&ids, &boxes).unwrap();
        for (&id, bx) in ids.iter().zip(&boxes) {
            b.update(id, bx[0], bx[1], bx[2], bx[3]).unwrap();
        }
        assert_eq!(a.pairs().to_vec(), b.pairs().to_vec());
        a.validate().unwrap();
        // A bad entry anywhere: an error naming it, and nothing moves.
        let snapshot = |w: &World| w.iter_order().map(|id| w.box_of(id).unwrap()).collect::<Vec<_>>();
        let before = snapshot(&a);
        let mut bad = boxes.clone();
        bad[3][2] = -2.0;
        let err = a.update_many(&ids, &bad).unwrap_err();
        assert_eq!(err.to_string(), "boxes[3]: w must be greater than 0, got -2");
        let mut dead = ids.clone();
        dead[1] = 77;
        assert_eq!(
            a.update_many(&dead, &boxes).unwrap_err().to_string(),
            "ids[1]: id 77 is not a live object id"
        );
        assert_eq!(
            a.update_many_flat(&ids, &[1.0; 5]).unwrap_err().to_string(),
            "boxes has 5 values; 68 expected (4 per id)"
        );
        assert_eq!(snapshot(&a), before);
        a.validate().unwrap();

        // With attachments the entries apply one after another, as single updates would.
        a.set_parent(4, 1).unwrap();
        b.set_parent(4, 1).unwrap();
        let ids = [4, 1, 4, 7];
        let boxes =
            [[10.0, 10.0, 3.0, 3.0], [100.0, 100.0, 9.0, 9.0], [20.0, 30.0, 3.0, 3.0], [1.0, 2.0, 3.0, 4.0]];
        a.update_many(&ids, &boxes).unwrap();
        for (&id, bx) in ids.iter().zip(&boxes) {
            b.update(id, bx[0], bx[1], bx[2], bx[3]).unwrap();
        }
        for id in [1, 4, 7] {
            assert_eq!(a.box_of(id).unwrap(), b.box_of(id).unwrap(), "object {id}");
        }
        a.validate().unwrap();
    }
}

mod finite_by_construction {
    use crate::world::World;

    #[test]
    fn a_cell_size_too_small_for_the_grid_is_refused_naming_the_smallest() {
        let mut w = World::new(1e6, 1e6).unwrap();
        w.set_structure("grid").unwrap();
        w.insert(1.0, 1.0, 2.0, 2.0).unwrap();
        let before = w.cell_size();
        let err = w.set_cell_size(1e-3).unwrap_err();
        assert!(err.to_string().starts_with("size must be at least "), "{err}");
        assert!(err.to_string().ends_with("got 0.001"), "{err}");
        assert_eq!(w.cell_size(), before);
        w.set_cell_size(1000.0).unwrap();
        assert_eq!(w.cell_size(), Some(1000.0));
        w.validate().unwrap();
        // Extreme numbers print short, as JavaScript would write them (the
        // message for 1e-300 in a 5e-324-wide world was 330 characters).
        let mut tiny = World::new(5e-324, 0.001).unwrap();
        tiny.set_structure("grid").unwrap();
        let err = tiny.set_cell_size(1e-300).unwrap_err().to_string();
        assert!(err.len() < 160 && err.ends_with("got 1e-300"), "{err}");
        assert_eq!(
            w.insert(0.0, 0.0, f64::INFINITY, 1.0).unwrap_err().to_string(),
            "w must be a finite number, got Infinity"
        );
        let err = w.step(-1e300).unwrap_err().to_string();
        assert!(err.len() < 80, "{err}");
    }

    #[test]
    fn an_update_stores_exactly_the_box_asked_for_even_when_attached() {
        // The fuzzer's repro: the child's box was kept as an offset from its
        // parent, so 66.86042148577864 read back as 66.86042148577866.
        let mut w = World::new(500.0, 500.0).unwrap();
        let parent = w.insert(13.37, 7.1, 10.0, 10.0).unwrap();
        let child = w.insert(50.0, 50.0, 5.0, 5.0).unwrap();
        let grandchild = w.insert(60.0, 60.0, 1.0, 1.0).unwrap();
        w.set_parent(child, parent).unwrap();
        w.set_parent(grandchild, child).unwrap();
        let asked = [66.86042148577864, 0.1 + 0.2, 5.0, 5.0];
        w.update(child, asked[0], asked[1], asked[2], asked[3]).unwrap();
        assert_eq!(w.box_of(child).unwrap(), asked);
        // A batch places every listed box exactly, whatever the order; the
        // grandchild, not listed, follows the child.
        let grandchild_before = w.box_of(grandchild).unwrap();
        let moved = [70.0, 0.1 + 0.2 + 1.0, 5.0, 5.0];
        w.update_many(&[child, parent], &[moved, [1.0 / 3.0, 2.0 / 3.0, 10.0, 10.0]]).unwrap();
        assert_eq!(w.box_of(parent).unwrap(), [1.0 / 3.0, 2.0 / 3.0, 10.0, 10.0]);
        assert_eq!(w.box_of(child).unwrap(), moved);
        assert_ne!(w.box_of(grandchild).unwrap(), grandchild_before);
        w.update(grandchild, 0.7, 0.9, 1.0, 1.0).unwrap();
        assert_eq!(w.box_of(grandchild).unwrap(), [0.7, 0.9, 1.0, 1.0]);
        // Steps with the parent at rest leave the children exactly where
        // they were put; a moving parent carries them.
        for _ in 0..3 {
            w.step(1.0 / 60.0).unwrap();
        }
        assert_eq!(w.box_of(child).unwrap(), moved);
        assert_eq!(w.box_of(grandchild).unwrap(), [0.7, 0.9, 1.0, 1.0]);
        w.set_velocity(parent, 3.0, 0.0).unwrap();
        w.step(1.0).unwrap();
        assert_eq!(w.box_of(parent).unwrap()[0], 1.0 / 3.0 + 3.0);
        assert!(w.box_of(child).unwrap()[0] > moved[0]);
        w.validate().unwrap();
    }

    /// The reference of a batch: every listed box where its (last) entry
    /// says; every attached object not listed at its parent's final box
    /// plus its offset if that parent moved, else where it was.
    fn expected_after_batch(
        order: &[u32],
        parent: &std::collections::HashMap<u32, u32>,
        before: &std::collections::HashMap<u32, [f64; 4]>,
        batch: &[(u32, [f64; 4])],
    ) -> std::collections::HashMap<u32, [f64; 4]> {
        let listed: std::collections::HashMap<u32, [f64; 4]> = batch.iter().copied().collect();
        let mut after = before.clone();
        let mut moved = std::collections::HashSet::new();
        for &id in order {
            if let Some(&b) = listed.get(&id) {
                after.insert(id, b);
                moved.insert(id);
                continue;
            }
            let p = parent[&id];
            if p != 0 && moved.contains(&p) {
                let (pb, pa, own) = (before[&p], after[&p], before[&id]);
                let x = pa[0] + (own[0] - pb[0]);
                let y = pa[1] + (own[1] - pb[1]);
                after.insert(id, [x, y, own[2], own[3]]);
                moved.insert(id);
            }
        }
        after
    }

    #[test]
    fn batches_place_listed_boxes_exactly_and_carry_the_rest_by_either_walk() {
        use crate::scene::Rng;
        use std::collections::HashMap;
        for seed in 0..60u64 {
            let mut rng = Rng::new(seed);
            let n = 20 + rng.below(60);
            let mut w = World::new(1000.0, 1000.0).unwrap();
            // Integer-ish coordinates so offsets are exact and the
            // reference's own sums are those of the World.
            let ids: Vec<u32> = (0..n)
                .map(|_| {
                    let (x, y) = (f64::from(rng.below(900)), f64::from(rng.below(900)));
                    w.insert(x, y, 4.0, 4.0).unwrap()
                })
                .collect();
            // A forest: each object under an earlier one, or at the root.
            for (k, &id) in ids.iter().enumerate().skip(1) {
                if rng.below(3) != 0 {
                    w.set_parent(id, ids[rng.below(k as u32) as usize]).unwrap();
                }
            }
            for round in 0..6 {
                // Small batches walk subtrees, large ones (a quarter of the
                // objects or more) pass over the queue: both must agree
                // with the reference.
                let size = if round % 2 == 0 { 1 + rng.below(3) } else { n / 3 + rng.below(n / 2) };
                let batch: Vec<(u32, [f64; 4])> = (0..size)
                    .map(|_| {
                        let id = ids[rng.below(n) as usize];
                        (id, [f64::from(rng.below(900)), f64::from(rng.below(900)), 4.0, 4.0])
                    })
                    .collect();
                let order: Vec<u32> = w.order().to_vec();
                let parent: HashMap<u32, u32> =
                    ids.iter().map(|&id| (id, w.parent_of(id).unwrap())).collect();
                let before: HashMap<u32, [f64; 4]> =
                    ids.iter().map(|&id| (id, w.box_of(id).unwrap())).collect();
                let want = expected_after_batch(&order, &parent, &before, &batch);
                let (bids, boxes): (Vec<u32>, Vec<[f64; 4]>) = batch.iter().copied().unzip();
                if size == 1 && round % 4 == 0 {
                    let b = boxes[0];
                    w.update(bids[0], b[0], b[1], b[2], b[3]).unwrap();
                } else {
                    w.update_many(&bids, &boxes).unwrap();
                }
                w.validate().unwrap_or_else(|e| panic!("seed {seed} round {round}: {e}"));
                for &id in &ids {
                    assert_eq!(w.box_of(id).unwrap(), want[&id], "seed {seed} round {round}: object {id}");
                }
            }
        }
    }

    #[test]
    fn a_resize_that_would_raise_the_cell_size_set_is_refused() {
        let mut w = World::new(304.0, 200.0).unwrap();
        w.set_structure("grid").unwrap();
        w.insert(10.0, 10.0, 3.0, 3.0).unwrap();
        w.set_cell_size(4.0).unwrap();
        let err = w.resize(304.0, 1e15).unwrap_err().to_string();
        assert!(err.starts_with("cellSize must be at least "), "{err}");
        assert!(err.ends_with("got 4"), "{err}");
        assert_eq!((w.width(), w.height(), w.cell_size()), (304.0, 200.0, Some(4.0)), "nothing changed");
        w.validate().unwrap();
        // Automatic cell sizes follow the world; a set one that fits stays.
        w.resize(304.0, 400.0).unwrap();
        assert_eq!(w.cell_size(), Some(4.0));
        w.use_automatic_cell_size();
        w.resize(304.0, 1e15).unwrap();
        assert!(w.cell_size().unwrap() > 4.0);
        w.validate().unwrap();
    }

    #[test]
    fn huge_velocities_and_steps_keep_every_box_finite_and_inside_the_walls() {
        for (v, dt) in [(1e308, 1e10), (-1e308, 1e300), (1e300, 1.0), (f64::MAX, f64::MAX), (5e-324, 1e308)] {
            let mut w = World::new(100.0, 100.0).unwrap();
            let id = w.insert(10.0, 20.0, 5.0, 5.0).unwrap();
            w.set_velocity(id, v, -v).unwrap();
            for _ in 0..3 {
                w.step(dt).unwrap();
                let [x, y, bw, bh] = w.box_of(id).unwrap();
                assert!(x.is_finite() && y.is_finite(), "v {v}, dt {dt}: box at ({x}, {y})");
                assert!(
                    x >= 0.0 && x + bw <= 100.0 && y >= 0.0 && y + bh <= 100.0,
                    "v {v}, dt {dt}: ({x}, {y}) left the walls"
                );
                let [vx, vy] = w.velocity(id).unwrap();
                assert!(vx.is_finite() && vy.is_finite());
                w.validate().unwrap();
            }
        }
    }
}

/// The wall rule at the edges of floating point (found by an adversarial
/// pass over the input limits): rounding, overflow and the tile push-out must not
/// leave a moving box past a wall, nor a coordinate non-finite.
mod walls_exactly {
    use crate::scene::Rng;
    use crate::world::{TileResponse, World};

    fn inside(w: &World, id: u32) -> bool {
        let [x, y, bw, bh] = w.box_of(id).unwrap();
        x >= 0.0 && x + bw <= w.width() && y >= 0.0 && y + bh <= w.height()
    }

    #[test]
    fn a_box_stopped_at_the_far_wall_ends_inside_it_after_rounding() {
        // (750.1992546863481 - 147.32837415894818) + 147.32837415894818
        // rounds to 750.1992546863482: a box at `width - w` ended past the wall.
        let (width, side) = (750.1992546863481, 147.32837415894818);
        let mut w = World::new(width, width).unwrap();
        let id = w.insert(width - side - 1.0, width - side - 1.0, side, side).unwrap();
        w.set_velocity(id, 1.0, 1.0).unwrap();
        w.step(1.0).unwrap();
        assert!(inside(&w, id), "{:?} in {width}", w.box_of(id).unwrap());
        let mut rng = Rng::new(17);
        for _ in 0..2000 {
            let (width, height) = (rng.range(1.0, 1000.0), rng.range(1.0, 1000.0));
            let (bw, bh) = (rng.range(0.0, width), rng.range(0.0, height));
            let mut w = World::new(width, height).unwrap();
            let id = w.insert(width - bw, height - bh, bw.max(1e-9), bh.max(1e-9)).unwrap();
            w.set_velocity(id, rng.range(-1e3, 1e3), rng.range(-1e3, 1e3)).unwrap();
            for dt in [0.0, 1e-3, 1.0, 1e6] {
                w.step(dt).unwrap();
                assert!(inside(&w, id), "{:?} in {width} x {height}", w.box_of(id).unwrap());
            }
        }
    }

    #[test]
    fn motion_past_the_largest_float_ends_inside_a_huge_world() {
        // 750 + 1e300 × 1e10 overflows, and the mirror `2 × room - y` of a
        // 1e308-high world was `inf - inf`: NaN.
        let mut w = World::new(62.75, 1e308).unwrap();
        let id = w.insert(10.0, 750.0, 21.9, 9.8).unwrap();
        w.set_velocity(id, 64.0, 1e300).unwrap();
        w.step(1e10).unwrap();
        assert!(inside(&w, id), "{:?}", w.box_of(id).unwrap());
        w.validate().unwrap();
        // The same through the tile colliders' sub-steps.
        let mut w = World::new(1e308, 239.0).unwrap();
        let id = w.insert(0.0, 195.0, 22.7, 19.8).unwrap();
        w.set_velocity(id, 63.3, -85.0).unwrap();
        w.set_tile_response(id, TileResponse::Slide).unwrap();
        w.step(1e308).unwrap();
        assert!(inside(&w, id), "{:?}", w.box_of(id).unwrap());
        w.validate().unwrap();
    }

    #[test]
    fn the_tile_push_out_never_takes_a_moving_box_through_a_wall() {
        // Tiles along the right wall: the shortest way out of them is past
        // the wall, and the push-out took it (x + w = 106 in a 100-wide world).
        for shape in ["full", "slope45-br", "slope45-tr", "concave-br", "convex-br"] {
            let mut w = World::new(100.0, 100.0).unwrap();
            w.tiles_mut().reset(10, 10, 10.0).unwrap();
            for row in 0..10 {
                w.tiles_mut().set_tile_named(9, row, shape).unwrap();
            }
            let mut rng = Rng::new(5);
            for k in 0..200 {
                let id = w.insert(rng.range(86.0, 94.0), rng.range(0.0, 90.0), 6.0, 6.0).unwrap();
                w.set_velocity(id, rng.range(0.0, 50.0), rng.range(-5.0, 5.0)).unwrap();
                let response = if k % 2 == 0 { TileResponse::Bounce } else { TileResponse::Slide };
                w.set_tile_response(id, response).unwrap();
                w.step(1.0 / 60.0).unwrap();
                assert!(inside(&w, id), "{shape}: {:?}", w.box_of(id).unwrap());
                w.remove(id).unwrap();
            }
        }
    }
}

/// Grids over worlds whose area overflows (`width × height` > 1.8e308): the
/// cell size was `inf`, `validate()` failed and the cell views were NaN.
#[test]
fn grids_over_a_world_whose_area_overflows_stay_finite_and_valid() {
    for (width, height, at) in [(f64::MAX, 129.0, 33.6), (183.0, 1e308, f64::MAX)] {
        for structure in ["grid", "loose-grid"] {
            let mut w = World::new(51.0, 442.0).unwrap();
            let id = w.insert(at, -3.0, 17.0, 26.0).unwrap();
            w.set_cell_size(4.0).unwrap();
            w.set_structure(structure).unwrap();
            // A cell size set too small for the new world refuses the
            // resize, naming the smallest that fits; with that one set, it
            // goes through.
            let Err(crate::error::Error::TooSmall { min, .. }) = w.resize(width, height) else {
                panic!("{structure} in {width} x {height}: the resize should be refused at cell size 4");
            };
            assert!(min.is_finite() && min > 4.0, "{min}");
            w.set_cell_size(min).unwrap();
            w.resize(width, height).unwrap();
            for automatic in [false, true] {
                if automatic {
                    w.use_automatic_cell_size();
                }
                let what = format!("{structure} in {width} x {height}, automatic {automatic}");
                w.validate().unwrap_or_else(|e| panic!("{what}: {e}"));
                let size = w.cell_size().unwrap();
                assert!(size.is_finite(), "{what}: cell size {size}");
                for cell in w.stored_in(id).unwrap().iter().chain(&w.searched_in(id).unwrap()) {
                    let numbers = [cell.min_x, cell.min_y, cell.width(), cell.height()];
                    assert!(numbers.iter().all(|v| v.is_finite()), "{what}: {cell:?}");
                }
            }
        }
    }
}

mod batch_shapes {
    use crate::hierarchy::BatchStrategy;
    use crate::world::World;

    /// Chains attached from either end, and stars: every shape ends parents-first
    /// and valid. A chain attached from its far end once cost a repair of the
    /// whole growing chain per event (quadratic); past the repair budget the
    /// rest of the batch is linked and re-sorted.
    #[test]
    fn chains_and_stars_of_any_direction_are_applied_and_valid() {
        let n = 6000u32;
        for (name, events, strategy) in [
            ("forward chain", (2..=n).map(|c| (c, c - 1)).collect::<Vec<_>>(), None),
            ("reverse chain", (1..n).map(|c| (c, c + 1)).collect(), Some(BatchStrategy::Resorted)),
            ("star", (2..=n).map(|c| (c, 1)).collect(), None),
            ("star under the last", (1..n).map(|c| (c, n)).collect(), None),
        ] {
            let mut w = World::new(1000.0, 1000.0).unwrap();
            w.populate(n, 1, crate::scene::Layout::Uniform).unwrap();
            let got = w.set_parents(&events).unwrap();
            if let Some(want) = strategy {
                assert_eq!(got, want, "{name}");
            }
            w.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
            let order = w.order().to_vec();
            let position: std::collections::HashMap<u32, usize> =
                order.iter().enumerate().map(|(i, &id)| (id, i)).collect();
            for &(child, parent) in &events {
                assert_eq!(w.parent_of(child).unwrap(), parent, "{name}");
                assert!(position[&parent] < position[&child], "{name}: {parent} after its child {child}");
            }
        }
    }
}

/// Rays the fuzzer found wrong at extreme coordinates, and a ray along a
/// ceiling, through the World on the page's preset: the
/// tile hit's cell is one of `traceCells` of the same segment, every number
/// is finite, and a segment crossing a full row of tiles hits it.
#[test]
fn rays_at_extreme_coordinates_name_traced_cells() {
    let mut w = World::new(960.0, 600.0).unwrap();
    w.tiles_mut().load_preset("n-level").unwrap();
    let rays = [
        (100.0, 24.0, 300.0, 24.0),
        (32.0, 1e300, 32.0, 112.0),
        (480.0, -1e308, 480.0, 360.0),
        (-2.5e307, 1.2986e308, 6.4066e307, -1e308),
        (58.0, -1e308, 31.0, 12.0),
        (0.375, 9007199254740994.0, 10.5, 6.875),
        (-f64::MAX, -f64::MAX, f64::MAX, f64::MAX),
        (5e-324, 1e308, 300.0, -1e-300),
    ];
    for (x0, y0, x1, y1) in rays {
        let mut traced = Vec::new();
        crate::ray::trace_cells(crate::ray::GridDims::of(w.tiles()), x0, y0, x1, y1, &mut traced);
        let cells: Vec<u32> = traced.iter().flat_map(|&(c, r)| [c, r]).collect();
        let hit = w.cast_ray(x0, y0, x1, y1).unwrap();
        if let Some(h) = hit {
            assert!(
                h.t.is_finite() && (0.0..=1.0).contains(&h.t) && h.x.is_finite() && h.y.is_finite(),
                "{h:?}"
            );
            if h.object_id == 0 {
                let traced = cells.chunks(2).any(|c| i64::from(c[0]) == h.col && i64::from(c[1]) == h.row);
                assert!(
                    traced,
                    "ray {:?}: hit cell ({}, {}) not in {cells:?}",
                    (x0, y0, x1, y1),
                    h.col,
                    h.row
                );
            }
        }
    }
    // A vertical ray from −1e308 through the whole grid meets the preset's
    // solid border row.
    let h = w.cast_ray(480.0, -1e308, 480.0, 1e308).unwrap().expect("the border");
    assert_eq!(h.object_id, 0);
}

/// Hits a rounded `t` cannot separate: on a segment from −1e308 to 1e308
/// (or ±4·2^1000) every surface near the world is met at `t = 0.5` in
/// floating point, so a tie rule alone would pick the tile, or the smaller
/// id. The truly first surface must be reported, both ways along the
/// segment; a true tie (the same point) keeps the rule: the tile, then the
/// smaller id. `line_of_sight` on the tiles agrees with the tile hit.
#[test]
fn cast_ray_reports_the_truly_first_of_hits_within_one_ulp_of_t() {
    use crate::ray::{cast_tiles, line_of_sight};
    let first = |w: &mut World, (x0, y0, x1, y1): (f64, f64, f64, f64)| {
        let hit = w.cast_ray(x0, y0, x1, y1).unwrap().expect("a hit");
        let tile = cast_tiles(w.tiles(), x0, y0, x1, y1);
        assert_eq!(line_of_sight(w.tiles(), x0, y0, x1, y1), tile.is_none());
        assert!(hit.t.is_finite() && hit.x.is_finite() && hit.y.is_finite(), "{hit:?}");
        hit.object_id
    };
    let mut w = World::new(240.0, 240.0).unwrap();
    w.tiles_mut().reset(10, 10, 24.0).unwrap();
    w.tiles_mut().set_tile_named(5, 0, "full").unwrap(); // x 120..144, y 0..24
    let (right, left) = ((-1e308, 12.0, 1e308, 12.0), (1e308, 12.0, -1e308, 12.0));
    // The rounded t's really are equal.
    let b = w.insert(100.0, 5.0, 10.0, 10.0).unwrap();
    let tile_t = cast_tiles(w.tiles(), right.0, right.1, right.2, right.3).unwrap().t;
    assert_eq!(tile_t, w.cast_ray(right.0, right.1, right.2, right.3).unwrap().unwrap().t);
    assert_eq!(tile_t, 0.5);
    // A box before the tile, then after it.
    assert_eq!(first(&mut w, right), b);
    assert_eq!(first(&mut w, left), 0);
    w.update(b, 150.0, 5.0, 10.0, 10.0).unwrap();
    assert_eq!((first(&mut w, right), first(&mut w, left)), (0, b));
    // A box whose face is the tile's: the same point, the tile wins.
    w.update(b, 120.0, 5.0, 5.0, 15.0).unwrap();
    assert_eq!(first(&mut w, right), 0);
    w.update(b, 139.0, 5.0, 5.0, 15.0).unwrap(); // 139..144: the same face from the left
    assert_eq!(first(&mut w, left), 0);
    w.update(b, 139.0, 5.0, 144f64.next_up() - 139.0, 15.0).unwrap(); // an ulp beyond the face
    assert_eq!(w.box_of(b).unwrap()[0] + w.box_of(b).unwrap()[2], 144f64.next_up());
    assert_eq!(first(&mut w, left), b);
    w.remove(b).unwrap();
    // Two boxes: the farther one has the smaller id.
    let (row2, row2_back) = ((-1e308, 60.0, 1e308, 60.0), (1e308, 60.0, -1e308, 60.0));
    let far = w.insert(60.0, 50.0, 10.0, 20.0).unwrap();
    let near = w.insert(30.0, 50.0, 10.0, 20.0).unwrap();
    assert!(far < near);
    assert_eq!((first(&mut w, row2), first(&mut w, row2_back)), (near, far));
    // Side by side, touching: the one the ray meets first, then a true tie.
    w.update(near, 50.0, 50.0, 10.0, 20.0).unwrap(); // 50..60 and 60..70
    assert_eq!((first(&mut w, row2), first(&mut w, row2_back)), (near, far));
    w.update(near, 60.0, 50.0, 5.0, 20.0).unwrap(); // both start at x = 60
    assert_eq!(first(&mut w, row2), far);
    for structure in ["quadtree", "grid", "loose-grid"] {
        w.set_structure(structure).unwrap();
        assert_eq!(first(&mut w, row2), far, "{structure}");
        assert_eq!(first(&mut w, row2_back), far, "{structure}");
    }
    w.set_structure("brute-force").unwrap();
    w.remove(near).unwrap();
    w.remove(far).unwrap();
    // A quarter circle: the line y = 3x/4 through the origin is tangent at
    // (8, 6) to the circle of radius 5 around (5, 10), the corner of
    // convex-bl in cell (1, 1) of 5-unit tiles; its ends are ±2^1000·(4, 3).
    let mut w = World::new(15.0, 15.0).unwrap();
    w.tiles_mut().reset(3, 3, 5.0).unwrap();
    w.tiles_mut().set_tile_named(1, 1, "convex-bl").unwrap();
    let far = 2f64.powi(1000);
    let (up, down) =
        ((-4.0 * far, -3.0 * far, 4.0 * far, 3.0 * far), (4.0 * far, 3.0 * far, -4.0 * far, -3.0 * far));
    assert_eq!(first(&mut w, up), 0);
    // Before the tangent point (the line crosses x = 7 at y = 5.25).
    let b = w.insert(7.0, 5.0, 0.5, 0.5).unwrap();
    assert_eq!((first(&mut w, up), first(&mut w, down)), (b, 0));
    // A corner exactly at the tangent point: a tie, the tile wins.
    w.update(b, 8.0, 6.0, 1.0, 1.0).unwrap();
    assert_eq!(first(&mut w, up), 0);
    assert_eq!(first(&mut w, down), b, "from above, the box's far side comes first");
    // Beyond it, and an ulp beyond the point.
    w.update(b, 8.5, 6.0, 0.5, 1.0).unwrap();
    assert_eq!((first(&mut w, up), first(&mut w, down)), (0, b));
    w.update(b, 8.0f64.next_up(), 6.0, 1.0, 1.0).unwrap();
    assert_eq!(first(&mut w, up), 0);
}

/// `cast_ray` against an exact reference of the first hit among tiles,
/// closed doors and boxes, on seeded worlds and rays of any magnitude
/// (ends from 1e-300 to 1e308, both signs, through lattice points; boxes
/// near the grid, sharing its lines and each other's faces, or far off):
/// the reference takes every solid the segment touches (tiles only if it
/// passes through a cell) at its exact first parameter, in rationals
/// (square roots squared out for the arcs), and the first of them, a tile
/// before a box and the smaller id among boxes at the same point. The hit
/// must be that object (any tile, for a tile). Prints the seed on failure.
#[test]
fn cast_ray_agrees_with_an_exact_first_hit_reference_at_any_magnitude() {
    use crate::geometry::Aabb;
    use crate::ray::exact::reference::{self as reference, RefT};
    use crate::ray::GridDims;
    use crate::scene::Rng;
    use crate::tile_grid::{to_world, Door, Side, TileGeometry, TileShape};
    let any = |rng: &mut Rng, n: u32, cell: f64| -> f64 {
        let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
        match rng.below(6) {
            0 => sign * 10f64.powf(rng.range(-300.0, 308.0)),
            1 => f64::from(rng.below(n + 1)) * cell,
            2 => f64::from(rng.below(2 * n + 1)) * cell / 2.0,
            _ => rng.range(-0.5, f64::from(n) + 0.5) * cell,
        }
    };
    let (mut tile_wins, mut box_wins, mut ties, mut misses) = (0, 0, 0, 0);
    for seed in 0..150u64 {
        let mut rng = Rng::new(0x5EE_0000 + seed);
        let cell = [1.0, 24.0, 0.5][rng.below(3) as usize];
        let n = 4;
        let mut w = World::new(f64::from(n) * cell, f64::from(n) * cell).unwrap();
        w.tiles_mut().reset(n, n, cell).unwrap();
        for r in 0..n {
            for c in 0..n {
                if rng.below(4) == 0 {
                    w.tiles_mut().set_tile(c, r, TileShape::ALL[1 + rng.below(29) as usize]).unwrap();
                }
            }
        }
        for _ in 0..rng.below(3) {
            let side = Side::ALL[rng.below(4) as usize];
            w.tiles_mut().set_door(rng.below(n), rng.below(n), side, Some(Door::Closed)).unwrap();
        }
        let mut boxes: Vec<(u32, Aabb)> = Vec::new();
        for _ in 0..1 + rng.below(6) {
            let (x, y) = (any(&mut rng, n, cell), any(&mut rng, n, cell));
            let size = |rng: &mut Rng| f64::from(1 + rng.below(4)) * cell / 2.0;
            let (bw, bh) = (size(&mut rng), size(&mut rng));
            let id = w.insert(x, y, bw, bh).unwrap();
            let [x, y, bw, bh] = w.box_of(id).unwrap();
            boxes.push((id, Aabb { min_x: x, min_y: y, max_x: x + bw, max_y: y + bh }));
        }
        let grid = w.tiles().clone();
        let d = GridDims::of(&grid);
        for i in 0..25 {
            let r = match rng.below(4) {
                // A huge horizontal or vertical ray: every hit at one rounded t.
                0 => {
                    let at = any(&mut rng, n, cell).clamp(-cell, f64::from(n + 1) * cell);
                    let far = 10f64.powf(rng.range(20.0, 308.0));
                    if rng.below(2) == 0 {
                        (-far, at, far, at)
                    } else {
                        (at, far, at, -far)
                    }
                }
                _ => (
                    any(&mut rng, n, cell),
                    any(&mut rng, n, cell),
                    any(&mut rng, n, cell),
                    any(&mut rng, n, cell),
                ),
            };
            let seg = ((r.0, r.1), (r.2, r.3));
            // The reference: (parameter, id) of every solid touched.
            let mut touched: Vec<(RefT, u32)> = Vec::new();
            if !reference::cells(d, r).is_empty() {
                for row in 0..n {
                    for col in 0..n {
                        let b = grid.tile_bounds(col, row).unwrap();
                        let contact = match grid.tile(col, row).unwrap().geometry() {
                            TileGeometry::Empty => None,
                            TileGeometry::Polygon(p) => {
                                let corners: Vec<(f64, f64)> =
                                    p.vertices().iter().map(|&v| to_world(&b, v)).collect();
                                reference::polygon_contact(seg, &corners)
                            }
                            TileGeometry::QuarterCircle(q) => reference::quarter_circle_contact(
                                seg,
                                &b,
                                to_world(&b, q.centre),
                                b.max_x - b.min_x,
                                q.solid_inside,
                            ),
                        };
                        touched.extend(contact.map(|t| (t, 0)));
                        for side in Side::ALL {
                            if grid.door(col, row, side).unwrap() == Some(Door::Closed) {
                                let wall = match side {
                                    Side::Left => Aabb { max_x: b.min_x, ..b },
                                    Side::Right => Aabb { min_x: b.max_x, ..b },
                                    Side::Top => Aabb { max_y: b.min_y, ..b },
                                    Side::Bottom => Aabb { min_y: b.max_y, ..b },
                                };
                                touched.extend(reference::box_contact(seg, &wall).map(|t| (t, 0)));
                            }
                        }
                    }
                }
            }
            for &(id, b) in &boxes {
                touched.extend(reference::box_contact(seg, &b).map(|t| (t, id)));
            }
            // The first: the earliest parameter, then tiles (id 0), then ids.
            let want = touched.iter().min_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1))).map(|(t, id)| {
                let tied = touched.iter().filter(|(u, _)| u.cmp(t).is_eq()).count() > 1;
                (*id, tied)
            });
            let got = w.cast_ray(r.0, r.1, r.2, r.3).unwrap();
            let ctx = || format!("seed {seed} ray {i}: {r:?}, boxes {boxes:?}\n{}", grid.to_ascii());
            match (got, want) {
                (None, None) => misses += 1,
                (Some(h), Some((id, tied))) => {
                    assert_eq!(h.object_id, id, "{}: {h:?}", ctx());
                    assert!(h.t.is_finite() && (0.0..=1.0).contains(&h.t), "{}: {h:?}", ctx());
                    ties += u32::from(tied);
                    if id == 0 {
                        tile_wins += 1;
                    } else {
                        box_wins += 1;
                    }
                }
                (g, w) => panic!("{}: cast {g:?}, reference {w:?}", ctx()),
            }
        }
    }
    eprintln!("{tile_wins} tile hits, {box_wins} box hits, {ties} at a tie, {misses} misses");
    assert!(
        tile_wins > 300 && box_wins > 300 && ties > 50 && misses > 200,
        "{tile_wins} {box_wins} {ties} {misses}"
    );
}

#[test]
fn the_queue_is_stored_only_while_something_is_attached_or_it_was_read() {
    let mut w = World::new(100.0, 100.0).unwrap();
    let ids: Vec<u32> = (0..6).map(|i| w.insert(f64::from(i) * 10.0, 0.0, 5.0, 5.0).unwrap()).collect();
    w.remove(ids[2]).unwrap();
    assert!(w.attachments.forest.is_implicit(), "nothing attached: nothing stored");
    assert_eq!(w.iter_order().collect::<Vec<_>>(), [1, 2, 4, 5, 6]);
    assert_eq!(w.parent_of(ids[1]), Ok(0));
    w.validate().unwrap();
    // Reading the queue stores it; it is the ids in ascending order.
    assert_eq!(w.order(), &[1, 2, 4, 5, 6]);
    assert!(!w.attachments.forest.is_implicit());
    w.validate().unwrap();
    // A renumbering with nothing attached forgets it again.
    w.renumber_slots();
    assert!(w.attachments.forest.is_implicit());
    w.validate().unwrap();
    // The first attachment stores it, and repairs it as before: 1 under 6
    // (later in the queue) carries 1 to just after 6.
    w.set_hierarchy_tracing(true);
    w.set_parent(1, 6).unwrap();
    assert_eq!(w.order(), &[2, 4, 5, 6, 1]);
    assert_eq!(w.last_repair().map(|r| (r.p, r.q)), Some((0, 4)));
    w.validate().unwrap();
    // Detached again, but no longer in id order: a renumbering keeps it.
    w.set_parent(1, 0).unwrap();
    w.renumber_slots();
    assert!(!w.attachments.forest.is_implicit());
    assert_eq!(w.order(), &[2, 4, 5, 6, 1]);
    w.validate().unwrap();
    // New objects go at the end, as in an implicit queue.
    let new = w.insert(1.0, 1.0, 1.0, 1.0).unwrap();
    assert_eq!(w.order(), &[2, 4, 5, 6, 1, new]);
    w.validate().unwrap();
}

#[test]
fn validate_catches_each_part_out_of_step() {
    let fresh = || {
        let mut w = World::new(100.0, 100.0).unwrap();
        for i in 0..5 {
            w.insert(f64::from(i) * 3.0, 0.0, 5.0, 5.0).unwrap();
        }
        w.remove(3).unwrap();
        w.pairs();
        w.validate().unwrap();
        w
    };
    type Corruption = (&'static str, fn(&mut World));
    let broken: [Corruption; 7] = [
        ("objects: a free slot with a velocity", |w| w.objects.velocities[4] = 1.0),
        ("objects: a velocity step would not visit", |w| w.objects.velocities[0] = 1.0),
        ("objects: the free list", |w| w.objects.free_slots.push(0)),
        ("pairs: the overlapping view", |w| w.pairs.overlapping[4] ^= 1),
        ("tile colliders: the count", |w| w.tile_colliders.count = 1),
        ("attachments: the offsets", |w| w.attachments.offsets.push(0.0)),
        ("structure: a box", |w| w.objects.boxes[0] += 1.0),
    ];
    for (what, corrupt) in broken {
        let mut w = fresh();
        corrupt(&mut w);
        assert!(w.validate().is_err(), "{what} went unnoticed");
    }
}
