//! The `parallel` feature gives what one thread gives: for every structure,
//! on seeded scenes of several sizes and on degenerate ones (every box in
//! one place, identical boxes, one grid cell for all, boxes outside the
//! world), two Worlds built alike, one run in a rayon pool of one thread
//! (the serial code) and one in a pool of four, return the same pairs, the
//! same events, the same work counters, the same boxes and velocities and
//! the same slot renumberings, frame after frame, both valid; the pairs
//! equal brute force's. A failure names its seed; replay one with
//! `BROADPHASE_SEED=<seed> cargo test --features parallel --test parallel`.
#![cfg(feature = "parallel")]

use broadphase::scene::{scene_side, Layout, Rng};
use broadphase::world::StructureKind;
use broadphase::World;

fn seeds(count: u64) -> Vec<u64> {
    match std::env::var("BROADPHASE_SEED") {
        Ok(seed) => vec![seed.parse().expect("BROADPHASE_SEED is a number")],
        Err(_) => (1..=count).collect(),
    }
}

fn pools() -> (rayon::ThreadPool, rayon::ThreadPool) {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let four = rayon::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
    (one, four)
}

/// Every pair of overlapping boxes, by testing them all, as `pairs()` lays
/// them out.
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

/// The two Worlds agree on everything a frame shows.
fn assert_same(serial: &mut World, parallel: &mut World, at: &str) {
    assert_eq!(serial.pairs_began(), parallel.pairs_began(), "{at}: began");
    assert_eq!(serial.pairs_ended(), parallel.pairs_ended(), "{at}: ended");
    assert_eq!(serial.pair_stats(), parallel.pair_stats(), "{at}: stats");
    assert_eq!(serial.slot_generation(), parallel.slot_generation(), "{at}: renumberings");
    assert_eq!(serial.ids(), parallel.ids(), "{at}: ids");
    // The renumberings put every object in the same slot.
    assert_eq!(serial.slot_ids(), parallel.slot_ids(), "{at}: slots");
    assert_eq!(serial.slot_overlapping(), parallel.slot_overlapping(), "{at}: overlapping view");
    for id in serial.ids() {
        assert_eq!(serial.box_of(id).unwrap(), parallel.box_of(id).unwrap(), "{at}: box {id}");
        assert_eq!(serial.velocity(id).unwrap(), parallel.velocity(id).unwrap(), "{at}: velocity {id}");
    }
    assert_eq!(tree_of(serial), tree_of(parallel), "{at}: the quadtree, node by node");
    serial.validate().unwrap_or_else(|e| panic!("{at}: serial: {e}"));
    parallel.validate().unwrap_or_else(|e| panic!("{at}: parallel: {e}"));
}

/// A quadtree World's nodes (depth first) and the nodes of every slot,
/// empty for the other structures: the parallel step files moves in its
/// own way, and the tree must end as one thread leaves it.
fn tree_of(world: &World) -> (Vec<broadphase::quadtree::NodeView>, Vec<Vec<broadphase::geometry::Aabb>>) {
    let Some(tree) = world.quadtree() else { return (Vec::new(), Vec::new()) };
    let mut nodes = Vec::new();
    tree.for_each_node(|n| nodes.push(n));
    let slots = (0..world.slot_ids().len() as u32)
        .map(|slot| {
            let mut of = Vec::new();
            tree.nodes_of(slot, &mut of);
            of
        })
        .collect();
    (nodes, slots)
}

/// Runs `frames` frames of `step` + `pairs` in both Worlds (the serial one
/// in `one`, the other in `many`), then moves a few objects and removes
/// one (the search of what moved), comparing after each; the pairs equal
/// brute force's when `brute` is set.
fn run_both(
    (one, many): &(rayon::ThreadPool, rayon::ThreadPool),
    make: impl Fn() -> World,
    frames: usize,
    brute: bool,
    at: &str,
) {
    let (mut serial, mut parallel) = (make(), make());
    for frame in 0..frames {
        let at = format!("{at}, frame {frame}");
        let dt = if frame % 3 == 2 { 0.5 } else { 1.0 / 60.0 };
        let a = one.install(|| {
            serial.step(dt).unwrap();
            serial.pairs().to_vec()
        });
        let b = many.install(|| {
            parallel.step(dt).unwrap();
            parallel.pairs().to_vec()
        });
        assert_eq!(a, b, "{at}: pairs");
        assert_same(&mut serial, &mut parallel, &at);
        if brute && (frame == 0 || frame + 1 == frames) {
            assert_eq!(a, brute_pairs(&serial), "{at}: brute force");
        }
    }
    let ids = serial.ids();
    if let Some(&first) = ids.first() {
        for w in [&mut serial, &mut parallel] {
            w.update(first, 1.0, 1.0, 3.0, 3.0).unwrap();
            w.remove(*ids.last().unwrap()).unwrap_or(());
        }
        let a = one.install(|| serial.pairs().to_vec());
        let b = many.install(|| parallel.pairs().to_vec());
        assert_eq!(a, b, "{at}, after a move: pairs");
        assert_same(&mut serial, &mut parallel, &format!("{at}, after a move"));
    }
}

#[test]
fn seeded_scenes_give_one_threads_results_in_every_structure() {
    let pools = pools();
    for seed in seeds(3) {
        for count in [0usize, 1, 57, 2_500, 12_000] {
            let layout = Layout::ALL[(seed as usize + count) % 3];
            for kind in StructureKind::ALL {
                if kind == StructureKind::BruteForce && count > 2_500 {
                    continue; // all against all: slow, and nothing parallel in it
                }
                let side = scene_side(count);
                let make = || {
                    let mut w = World::new(side, side).unwrap();
                    w.set_structure(kind.name()).unwrap();
                    w.populate(count as u32, seed, layout).unwrap();
                    w
                };
                let at = format!("seed {seed}, {count} {} boxes, {}", layout.name(), kind.name());
                run_both(&pools, make, 5, count <= 2_500, &at);
            }
        }
    }
}

/// Crowded scenes with more pairs than the pool's sort of the keys starts
/// at (8,192; fewer are sorted on one thread), in every structure but
/// brute force: the keys, their order, the events and the per-slot
/// overlapping view are one thread's, frame after frame.
#[test]
fn crowded_scenes_sort_their_keys_on_the_pool_as_one_thread_does() {
    let pools = pools();
    for seed in seeds(2) {
        let count = 12_000usize;
        let layout = Layout::ALL[seed as usize % 3];
        let side = scene_side(count) / 3.0;
        for kind in StructureKind::ALL {
            if kind == StructureKind::BruteForce {
                continue;
            }
            let make = || {
                let mut w = World::new(side, side).unwrap();
                w.set_structure(kind.name()).unwrap();
                w.populate(count as u32, seed, layout).unwrap();
                w
            };
            let at = format!("seed {seed}, {count} crowded {} boxes, {}", layout.name(), kind.name());
            let (mut serial, mut parallel) = (make(), make());
            for frame in 0..4 {
                let a = pools.0.install(|| {
                    serial.step(1.0 / 60.0).unwrap();
                    serial.pairs().to_vec()
                });
                let b = pools.1.install(|| {
                    parallel.step(1.0 / 60.0).unwrap();
                    parallel.pairs().to_vec()
                });
                assert!(
                    a.len() / 2 > 2 * 8_192,
                    "{at}: only {} pairs, too few to be sorted on the pool",
                    a.len() / 2
                );
                assert_eq!(a, b, "{at}, frame {frame}: pairs");
                assert_eq!(
                    serial.slot_overlapping(),
                    parallel.slot_overlapping(),
                    "{at}, frame {frame}: overlapping"
                );
                assert_same(&mut serial, &mut parallel, &format!("{at}, frame {frame}"));
            }
        }
    }
}

/// Degenerate scene `kind` of `n` boxes (seeded): every box in one place,
/// identical moving boxes, boxes outside the world (some resting there).
fn degenerate(kind: u32, n: usize, rng: &mut Rng, w: &mut World) {
    let side = w.width();
    for i in 0..n {
        let (x, y, size) = match kind {
            0 => (side / 2.0, side / 2.0, 6.0),
            1 if i % 2 == 0 => (10.0, 20.0, 8.0),
            1 => (rng.range(0.0, side - 8.0), rng.range(0.0, side - 8.0), rng.range(1.0, 8.0)),
            _ if i % 3 == 0 => {
                (rng.range(-2.0 * side, -10.0), rng.range(-side, 2.0 * side), rng.range(1.0, 20.0))
            }
            _ if i % 3 == 1 => (rng.range(side, 3.0 * side), rng.range(-side, side), rng.range(1.0, 20.0)),
            _ => (rng.range(0.0, side), rng.range(0.0, side), rng.range(1.0, 20.0)),
        };
        let id = w.insert(x, y, size, size).unwrap();
        if kind != 2 || i % 2 == 0 {
            w.set_velocity(id, rng.range(-40.0, 40.0), rng.range(-40.0, 40.0)).unwrap();
        }
    }
}

#[test]
fn degenerate_scenes_give_one_threads_results_in_every_structure() {
    let pools = pools();
    for seed in seeds(4) {
        for kind in 0..3u32 {
            // Past 1,024 objects the pairs are searched in bands.
            for n in [3usize, 1_200, 5_000] {
                if kind == 0 && n > 1_200 {
                    continue; // every box in one place: n² / 2 pairs
                }
                for structure in StructureKind::ALL {
                    if structure == StructureKind::BruteForce && n > 1_200 {
                        continue;
                    }
                    // One grid cell for every box, or the suggested size.
                    for huge_cells in [false, true] {
                        if huge_cells && !structure.is_grid() {
                            continue;
                        }
                        let make = || {
                            let mut w = World::new(600.0, 400.0).unwrap();
                            w.set_structure(structure.name()).unwrap();
                            if huge_cells {
                                w.set_cell_size(1000.0).unwrap();
                            }
                            degenerate(kind, n, &mut Rng::new(seed), &mut w);
                            w
                        };
                        let at = format!(
                            "seed {seed}, degenerate kind {kind}, {n} boxes, {}{}",
                            structure.name(),
                            if huge_cells { ", one cell" } else { "" }
                        );
                        run_both(&pools, make, 4, n <= 1_200, &at);
                    }
                }
            }
        }
    }
}

/// docs/API.md's example of the feature ("The parallel feature"), as
/// written there, runs.
#[test]
fn the_api_docs_example_runs() {
    use broadphase::{scene::Layout, World};

    fn main() -> broadphase::Result<()> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().expect("a pool");
        let mut world = World::new(4000.0, 4000.0)?;
        world.populate(10_000, 1, Layout::Uniform)?;
        world.set_structure("loose-grid")?;
        // The game loop on a thread of the pool: its frames share the pool.
        pool.install(|| {
            for _ in 0..60 {
                world.step(1.0 / 60.0)?;
                let _pairs = world.pairs();
            }
            Ok(())
        })
    }
    main().unwrap();
}

/// More pairs than one call returns, spread over every band: both pools
/// refuse the call with the same error and keep the last answer.
#[test]
fn a_refused_call_is_refused_alike_with_the_pairs_in_every_band() {
    use broadphase::world::MAX_PAIRS;
    let pools = pools();
    // Eight crowds of identical boxes down the world's height, each under
    // the limit, together over it.
    let crowd = 1_100usize;
    assert!(8 * crowd * (crowd - 1) / 2 > MAX_PAIRS && crowd * (crowd - 1) / 2 < MAX_PAIRS);
    for structure in StructureKind::ALL {
        if structure == StructureKind::BruteForce {
            continue;
        }
        let make = || {
            let mut w = World::new(1000.0, 1000.0).unwrap();
            w.set_structure(structure.name()).unwrap();
            for band in 0..8 {
                for _ in 0..crowd {
                    w.insert(100.0 * band as f64 + 20.0, 120.0 * band as f64 + 20.0, 4.0, 4.0).unwrap();
                }
            }
            w
        };
        let (mut serial, mut parallel) = (make(), make());
        let a = one_call(&pools.0, &mut serial);
        let b = one_call(&pools.1, &mut parallel);
        assert_eq!(a, b, "{}", structure.name());
        assert!(a.is_err(), "{}: {a:?}", structure.name());
        assert_same(&mut serial, &mut parallel, structure.name());
    }
}

fn one_call(pool: &rayon::ThreadPool, world: &mut World) -> broadphase::Result<usize> {
    pool.install(|| world.try_pairs().map(<[u32]>::len))
}

/// The straddle quadtree's parallel step stores the boxes that stay in
/// their node on the threads and files the rest on one, giving back the
/// early boxes in any node a move may split or collapse: over many frames
/// of crowded, moving scenes (leaves splitting and collapsing every frame,
/// big steps moving boxes far), the tree stays the one thread's, node for
/// node, with the same pairs, events and counters.
#[test]
fn the_straddle_quadtrees_parallel_step_leaves_one_threads_tree() {
    parallel_step_leaves_one_threads_tree("quadtree");
}

/// The leaves quadtree's parallel step stores the boxes that keep to their
/// stay intervals on the threads and files the rest on one, giving back
/// the early boxes in any leaf a move makes read (one passing the limit,
/// one tested for a split, a subtree collapsed): as above.
#[test]
fn the_leaves_quadtrees_parallel_step_leaves_one_threads_tree() {
    parallel_step_leaves_one_threads_tree("quadtree-leaves");
}

/// Crowded seeded scenes at tight limits, 12 frames with big steps, in
/// one thread's pool and in four threads': the same tree node by node,
/// pairs, events and counters.
fn parallel_step_leaves_one_threads_tree(structure: &str) {
    let pools = pools();
    for seed in seeds(3) {
        for count in [3_000usize, 12_000] {
            for limits in [(16, 8), (4, 6), (2, 12)] {
                let layout = Layout::ALL[(seed as usize + count) % 3];
                let side = scene_side(count) / 2.0;
                let make = || {
                    let mut w = World::new(side, side).unwrap();
                    w.set_structure(structure).unwrap();
                    w.set_quadtree_limits(limits.0, limits.1).unwrap();
                    w.populate(count as u32, seed, layout).unwrap();
                    w
                };
                let at =
                    format!("{structure}, seed {seed}, {count} {} boxes, limits {limits:?}", layout.name());
                run_both(&pools, make, 12, false, &at);
            }
        }
    }
}
