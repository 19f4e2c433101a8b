//! A warm frame (step + pairs, and a query; update_many + pairs + events,
//! with everything or a tenth moving) allocates nothing, for every
//! structure, nor does renumbering the slots in space order once it has run
//! before: a counting global allocator watches a window of frames after
//! warm-up.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use broadphase::scene::Layout as SceneLayout;
use broadphase::world::StructureKind;
use broadphase::World;

struct CountingAllocator;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The count is global: the tests take turns.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `frame(world, k)` for k in `warm` (untimed, so buffers reach their
/// high-water marks), then for k in `window`, and returns the allocations
/// made in the window, with how many pair events the window saw.
fn allocations_in_window(
    world: &mut World,
    warm: std::ops::Range<u32>,
    window: std::ops::Range<u32>,
    mut frame: impl FnMut(&mut World, u32),
) -> (usize, usize) {
    for k in warm {
        frame(world, k);
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut events = 0;
    for k in window {
        frame(world, k);
        events += world.pairs_began().len() + world.pairs_ended().len();
    }
    (ALLOCATIONS.load(Ordering::Relaxed) - before, events)
}

/// Runs `test` where a game would run its frames, in its turn. With the
/// `parallel` feature: inside a pool of two threads (so the parallel paths
/// run even on one core), where a frame hands its tasks to the calling pool
/// thread's own queue, which allocates nothing once warm. (Called from
/// outside any pool, each parallel call goes through rayon's shared queue,
/// which takes a new block of slots every few dozen calls:
/// docs/API.md, "The parallel feature".)
///
/// The count is global, so the turn is taken before anything else: one
/// pool serves every test, built once within a turn and never dropped, as
/// a pool being built (its threads spawned) or wound down (its threads'
/// exits) while another test counts would be counted against it.
fn in_pool(test: impl FnOnce() + Send) {
    let _turn = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    #[cfg(feature = "parallel")]
    {
        static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
        POOL.get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap()).install(test);
    }
    #[cfg(not(feature = "parallel"))]
    test();
}

#[test]
fn a_warm_frame_allocates_nothing() {
    in_pool(warm_frames_allocate_nothing);
}

fn warm_frames_allocate_nothing() {
    for kind in StructureKind::ALL {
        for layout in SceneLayout::ALL {
            let count = if kind == StructureKind::BruteForce { 500 } else { 3000 };
            let side = broadphase::scene::scene_side(count);
            let mut world = World::new(side, side).unwrap();
            world.set_structure(kind.name()).unwrap();
            world.populate(count as u32, 11, layout).unwrap();
            // Warm-up: scratch buffers and node pools reach their high-water
            // marks as the scene settles.
            for frame in 0..300 {
                // Renumberings before the window: the last one's scratch
                // must be enough for the next (a second round of growth
                // would hide). One comes once the scene has settled, as a
                // quadtree's rewrite scratch follows the tree's size, which
                // grows as the scene's clusters form.
                if frame == 0 || frame == 299 {
                    world.renumber_slots();
                }
                world.step(1.0 / 60.0).unwrap();
                world.pairs();
                world.query(side * 0.25, side * 0.25, side * 0.5, side * 0.5).unwrap();
            }
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            for frame in 0..60 {
                if frame == 30 {
                    world.renumber_slots();
                }
                world.step(1.0 / 60.0).unwrap();
                world.pairs();
                world.query(side * 0.25, side * 0.25, side * 0.5, side * 0.5).unwrap();
            }
            let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;

            assert_eq!(
                allocations,
                0,
                "{} on a {} scene allocated {allocations} times in 60 warm frames (one renumbering)",
                kind.name(),
                layout.name()
            );

            // A game moving its own objects: one update_many per frame, then
            // pairs and the enter/exit events.
            let ids: Vec<u32> = world.order().to_vec();
            let mut boxes: Vec<f64> = Vec::with_capacity(ids.len() * 4);
            let (allocations, events) = allocations_in_window(&mut world, 0..100, 100..160, |world, k| {
                boxes.clear();
                for &id in &ids {
                    let [x, y, w, h] = world.box_of(id).unwrap();
                    let (t, p) = (f64::from(k), f64::from(id));
                    boxes.extend([x + 4.0 * (t * 0.7 + p).sin(), y + 4.0 * (t * 0.5 + p).cos(), w, h]);
                }
                world.update_many_flat(&ids, &boxes).unwrap();
                world.pairs();
            });
            assert!(events > 0, "expected pairs to begin and end as boxes move");
            assert_eq!(
                allocations,
                0,
                "{} on a {} scene allocated {allocations} times in 60 warm update_many frames",
                kind.name(),
                layout.name()
            );

            // Most objects at rest: a tenth moves, so pairs() keeps the
            // stayed-put pairs and searches only the moved objects.
            let movers: Vec<u32> = ids.iter().copied().filter(|id| id % 10 == 0).collect();
            let (allocations, events) = allocations_in_window(&mut world, 0..100, 100..160, |world, k| {
                boxes.clear();
                for &id in &movers {
                    let [x, y, w, h] = world.box_of(id).unwrap();
                    let t = f64::from(k);
                    boxes.extend([x + 2.0 * (t * 0.7).sin(), y + 2.0 * (t * 0.5).cos(), w, h]);
                }
                world.update_many_flat(&movers, &boxes).unwrap();
                world.pairs();
            });
            assert!(events > 0, "expected pairs to begin and end as a tenth of the boxes move");
            assert_eq!(
                allocations,
                0,
                "{} on a {} scene allocated {allocations} times in 60 warm frames with 90 % at rest",
                kind.name(),
                layout.name()
            );

            // Objects attached to moving objects: step carries them, and
            // small and large batches place boxes that others hang from.
            for pair in ids.chunks_exact(7) {
                world.set_parent(pair[1], pair[0]).unwrap();
                world.set_parent(pair[2], pair[1]).unwrap();
            }
            let few: Vec<u32> = ids.iter().copied().step_by(97).collect();
            // A longer warm-up: the chains change the scene's shape, and a
            // quadtree's node pool reached its high-water mark about 100
            // frames in (one allocation in a window starting at frame 100).
            let (allocations, _) = allocations_in_window(&mut world, 0..400, 400..460, |world, k| {
                world.step(1.0 / 60.0).unwrap();
                let chosen = if k % 2 == 0 { &few } else { &ids };
                boxes.clear();
                for &id in chosen {
                    let [x, y, w, h] = world.box_of(id).unwrap();
                    boxes.extend([x + (f64::from(k) * 0.3).sin(), y, w, h]);
                }
                world.update_many_flat(chosen, &boxes).unwrap();
                world.update(few[0], 10.0 + f64::from(k % 5), 10.0, 3.0, 3.0).unwrap();
                world.pairs();
            });
            assert_eq!(
                allocations,
                0,
                "{} on a {} scene allocated {allocations} times in 60 warm frames with attachments",
                kind.name(),
                layout.name()
            );
        }
    }
}

/// The tile-aware step: colliders bouncing and sliding through a map of
/// full tiles, slopes, quarter circles and closed doors, at everyday and
/// at hostile speeds, allocate nothing once warm (the exact order's big
/// integers are only for near-ties of slopes and circles, which these
/// seeded frames meet rarely if ever: a frame that did would show here).
#[test]
fn a_warm_tile_step_allocates_nothing() {
    in_pool(warm_tile_steps_allocate_nothing);
}

fn warm_tile_steps_allocate_nothing() {
    use broadphase::scene::Rng;
    use broadphase::tile_grid::{Door, Side};
    use broadphase::world::TileResponse;
    for speed in [100.0, 1e5, 1e300] {
        let mut world = World::new(1024.0, 1024.0).unwrap();
        world.tiles_mut().reset(64, 64, 16.0).unwrap();
        let mut rng = Rng::new(34);
        let shapes = ["full", "full", "full", "slope45-br", "shallow-large-tl", "convex-tr", "concave-bl"];
        for _ in 0..900 {
            let (c, r) = (rng.below(64), rng.below(64));
            world.tiles_mut().set_tile_named(c, r, shapes[rng.below(shapes.len() as u32) as usize]).unwrap();
        }
        for _ in 0..100 {
            let (c, r) = (rng.below(64), rng.below(64));
            world.tiles_mut().set_door(c, r, Side::Left, Some(Door::Closed)).unwrap();
        }
        for k in 0..500 {
            let id = world.insert(rng.range(0.0, 1000.0), rng.range(0.0, 1000.0), 3.0, 3.0).unwrap();
            let angle = rng.range(0.0, std::f64::consts::TAU);
            world.set_velocity(id, speed * angle.cos(), speed * angle.sin()).unwrap();
            let response = if k % 2 == 0 { TileResponse::Bounce } else { TileResponse::Slide };
            world.set_tile_response(id, response).unwrap();
        }
        let (allocations, _) = allocations_in_window(&mut world, 0..120, 120..180, |world, _| {
            world.step(1.0 / 60.0).unwrap();
        });
        assert_eq!(
            allocations, 0,
            "the tile step at {speed} units/s allocated {allocations} times in 60 warm frames"
        );
    }
}
