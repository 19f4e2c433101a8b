//! Degenerate scenes: every box in one place, one grid cell for every
//! box, a box covering the world, boxes in a row. Every structure's pairs
//! equal brute force's, before and after a few objects move (the search
//! of what moved, which gives up for a full pass where boxes crowd), with
//! `validate()` after every change; and a scene with more pairs than one
//! call returns is refused with an error that changes nothing. A failure
//! names its seed; replay one with `BROADPHASE_SEED=<seed> cargo test --test degenerate`.

use broadphase::scene::Rng;
use broadphase::world::{StructureKind, MAX_PAIRS};
use broadphase::{Error, World};

const SIDE: f64 = 1000.0;

fn seeds(count: u64) -> Vec<u64> {
    match std::env::var("BROADPHASE_SEED") {
        Ok(seed) => vec![seed.parse().expect("BROADPHASE_SEED is a number")],
        Err(_) => (1..=count).collect(),
    }
}

/// The boxes of one degenerate scene of kind `kind` (seeded).
fn scene(kind: u32, rng: &mut Rng) -> Vec<[f64; 4]> {
    let n = 200 + rng.below(300) as usize;
    (0..n)
        .map(|i| match kind {
            // Every box in one place, plus a few elsewhere.
            0 if i % 10 != 0 => [400.0, 400.0, 5.0, 5.0],
            // Spread out: one grid cell holds them all when the cell size is huge.
            1 | 0 => [
                rng.range(0.0, SIDE - 8.0),
                rng.range(0.0, SIDE - 8.0),
                rng.range(1.0, 8.0),
                rng.range(1.0, 8.0),
            ],
            // A box covering the world, the rest spread out.
            2 if i == 0 => [-10.0, -10.0, SIDE + 20.0, SIDE + 20.0],
            2 => [rng.range(0.0, SIDE), rng.range(0.0, SIDE), rng.range(1.0, 30.0), rng.range(1.0, 30.0)],
            // A row along x and a column along y: a sweep along either
            // axis alone meets one of them all against all.
            _ if i % 2 == 0 => [rng.range(0.0, SIDE), 500.0 + rng.range(0.0, 2.0), rng.range(1.0, 6.0), 3.0],
            _ => [500.0 + rng.range(0.0, 2.0), rng.range(0.0, SIDE), 3.0, rng.range(1.0, 6.0)],
        })
        .collect()
}

fn brute_pairs(world: &World) -> Vec<u32> {
    let ids = world.ids();
    let boxes: Vec<[f64; 4]> = ids.iter().map(|&id| world.box_of(id).unwrap()).collect();
    let mut pairs = Vec::new();
    for i in 0..ids.len() {
        for j in i + 1..ids.len() {
            let (a, b) = (boxes[i], boxes[j]);
            if a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3] {
                pairs.push((ids[i].min(ids[j]), ids[i].max(ids[j])));
            }
        }
    }
    pairs.sort_unstable();
    pairs.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

#[test]
fn degenerate_scenes_give_brute_force_pairs_in_every_structure() {
    for seed in seeds(12) {
        let mut rng = Rng::new(seed);
        let kind = (seed % 4) as u32;
        let boxes = scene(kind, &mut rng);
        for structure in StructureKind::ALL {
            for cell in [None, Some(1e9), Some(1.0)] {
                let mut world = World::new(SIDE, SIDE).unwrap();
                world.set_structure(structure.name()).unwrap();
                if let Some(cell) = cell {
                    world.set_cell_size(cell).unwrap();
                }
                let ids: Vec<u32> =
                    boxes.iter().map(|b| world.insert(b[0], b[1], b[2], b[3]).unwrap()).collect();
                let at = format!("seed {seed}, kind {kind}, {}, cell {cell:?}", structure.name());
                let expected = brute_pairs(&world);
                assert_eq!(world.try_pairs().unwrap(), expected, "{at}");
                world.validate().unwrap_or_else(|e| panic!("{at}: {e}"));
                // A few move (into the crowd, and out of it): the search of
                // what moved, or the full pass it gives up for.
                for round in 0..3 {
                    for _ in 0..5 {
                        let id = ids[rng.below(ids.len() as u32) as usize];
                        let to = if rng.below(2) == 0 { 400.0 } else { rng.range(0.0, SIDE) };
                        world.update(id, to, to, rng.range(1.0, 10.0), rng.range(1.0, 10.0)).unwrap();
                    }
                    let expected = brute_pairs(&world);
                    assert_eq!(world.try_pairs().unwrap(), expected, "{at}, round {round}");
                    world.validate().unwrap_or_else(|e| panic!("{at}, round {round}: {e}"));
                }
            }
        }
    }
}

#[test]
fn a_crowd_in_one_cell_costs_a_sweep_not_all_against_all() {
    // 20,000 boxes spread over the world, one grid cell for all of them:
    // all against all would be 2·10⁸ tests.
    let mut rng = Rng::new(7);
    for structure in ["grid", "loose-grid"] {
        let mut world = World::new(SIDE, SIDE).unwrap();
        world.set_structure(structure).unwrap();
        world.set_cell_size(1e9).unwrap();
        for _ in 0..20_000 {
            world.insert(rng.range(0.0, SIDE), rng.range(0.0, SIDE), 2.0, 2.0).unwrap();
        }
        world.try_pairs().unwrap();
        let tests = world.pair_stats().candidate_tests;
        assert!(tests < 2_000_000, "{structure}: {tests} candidate tests for 20,000 boxes in one cell");
        // A few moved: the search of what moved gives up for a full pass
        // instead of searching the whole crowd for each.
        for id in 1..=200 {
            world.update(id, rng.range(0.0, SIDE), rng.range(0.0, SIDE), 2.0, 2.0).unwrap();
        }
        world.try_pairs().unwrap();
        let tests = world.pair_stats().candidate_tests;
        assert!(tests < 2_000_000, "{structure}, 200 moved: {tests} candidate tests");
    }
}

#[test]
fn more_pairs_than_one_call_returns_is_an_error_that_changes_nothing() {
    // Just enough identical boxes to make more than MAX_PAIRS pairs.
    let crowd = (1..).find(|&n: &usize| n * (n - 1) / 2 > MAX_PAIRS).unwrap();
    for structure in StructureKind::ALL {
        let mut world = World::new(SIDE, SIDE).unwrap();
        world.set_structure(structure.name()).unwrap();
        let a = world.insert(10.0, 10.0, 5.0, 5.0).unwrap();
        let b = world.insert(12.0, 12.0, 5.0, 5.0).unwrap();
        assert_eq!(world.try_pairs().unwrap(), &[a, b]);
        let crowd_ids: Vec<u32> = (0..crowd).map(|_| world.insert(500.0, 500.0, 4.0, 4.0).unwrap()).collect();
        let refused = world.try_pairs().unwrap_err();
        assert_eq!(
            refused,
            Error::TooManyResults { arg: "pairs", what: "overlapping pairs", max: MAX_PAIRS }
        );
        assert!(refused.to_string().starts_with("pairs: more than 4194304 overlapping pairs"), "{refused}");
        world.validate().unwrap();
        // Still what the last call that answered said.
        assert_eq!(world.pairs_began(), &[a, b], "{}", structure.name());
        assert_eq!(world.pairs_ended(), &[] as &[u32]);
        for id in crowd_ids {
            world.remove(id).unwrap();
        }
        world.update(b, 100.0, 100.0, 5.0, 5.0).unwrap();
        assert_eq!(world.try_pairs().unwrap(), &[] as &[u32]);
        assert_eq!(world.pairs_ended(), &[a, b], "{}: the events run from the last answer", structure.name());
        world.validate().unwrap();
    }
}
