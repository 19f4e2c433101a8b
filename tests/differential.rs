//! Seeded differential tests: every structure's `pairs()` and `query()` equal
//! brute force over thousands of random scenes and operation sequences,
//! with `validate()` after every mutation. A failure names its seed; replay
//! one with `BROADPHASE_SEED=<seed> cargo test --test differential`.

use broadphase::scene::Rng;
use broadphase::world::StructureKind;
use broadphase::{Aabb, World};

const SCENES: u64 = 2000;
const OPS_PER_SCENE: usize = 80;

/// A coordinate on an exact quadtree node boundary: the same midpoint
/// formula the tree uses, applied down a random path.
fn node_boundary(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..rng.below(7) {
        let mid = 0.5 * (lo + hi);
        if rng.below(2) == 0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    if rng.below(2) == 0 {
        lo
    } else {
        hi
    }
}

/// One box of a kind chosen to hit the edge cases.
fn random_box(rng: &mut Rng, width: f64, height: f64, existing: &[[f64; 4]]) -> [f64; 4] {
    match rng.below(9) {
        0 => {
            // On node boundaries (and, for integer cell sizes, on cell lines).
            let x = node_boundary(rng, 0.0, width);
            let y = node_boundary(rng, 0.0, height);
            let w = node_boundary(rng, 0.0, width).max(width / 64.0);
            let h = node_boundary(rng, 0.0, height).max(height / 64.0);
            [x, y, w, h]
        }
        1 => {
            // Integer coordinates and sizes: exact grid lines.
            let x = rng.below(width as u32 + 1) as f64;
            let y = rng.below(height as u32 + 1) as f64;
            [x, y, 1.0 + rng.below(20) as f64, 1.0 + rng.below(20) as f64]
        }
        2 => {
            // Partly or wholly outside the world, even far outside.
            let far = if rng.below(4) == 0 { 1e6 } else { 1.0 };
            let x = rng.range(-width, 2.0 * width) * far;
            let y = rng.range(-height, 2.0 * height) * far;
            [x, y, rng.range(1.0, width / 3.0), rng.range(1.0, height / 3.0)]
        }
        3 => [
            rng.range(-width, width),
            rng.range(-height, height),
            rng.range(width, 3.0 * width),
            rng.range(height, 3.0 * height),
        ],
        4 => {
            // Tiny, down to so thin that x + w == x.
            let size = [1e-9, 1e-300, 1e-3][rng.below(3) as usize];
            let x = if rng.below(2) == 0 { node_boundary(rng, 0.0, width) } else { rng.range(0.0, width) };
            [x, rng.range(0.0, height), size, if rng.below(2) == 0 { size } else { rng.range(0.1, 10.0) }]
        }
        5 if !existing.is_empty() => existing[rng.below(existing.len() as u32) as usize],
        _ => {
            let w = rng.range(0.1, width / 5.0);
            let h = rng.range(0.1, height / 5.0);
            [rng.range(0.0, width - w), rng.range(0.0, height - h), w, h]
        }
    }
}

fn brute_pairs(boxes: &[(u32, Aabb)]) -> Vec<u32> {
    let mut out = Vec::new();
    for (i, (a, box_a)) in boxes.iter().enumerate() {
        for (b, box_b) in &boxes[i + 1..] {
            if box_a.overlaps(box_b) {
                out.push((*a.min(b), *a.max(b)));
            }
        }
    }
    out.sort_unstable();
    out.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

fn live_boxes(world: &World) -> Vec<(u32, Aabb)> {
    world
        .ids()
        .into_iter()
        .map(|id| {
            let [x, y, w, h] = world.box_of(id).unwrap();
            (id, Aabb::from_xywh(x, y, w, h))
        })
        .collect()
}

fn run_scene(seed: u64) {
    let mut rng = Rng::new(seed);
    let (width, height) = if rng.below(2) == 0 {
        (rng.range(50.0, 1000.0), rng.range(50.0, 1000.0))
    } else {
        ((16 << rng.below(5)) as f64, (16 << rng.below(5)) as f64)
    };
    let mut worlds: Vec<World> = StructureKind::ALL
        .iter()
        .map(|kind| {
            let mut world = World::new(width, height).unwrap();
            world.set_structure(kind.name()).unwrap();
            world
        })
        .collect();
    let max_objects = 1 + rng.below(8);
    let max_levels = rng.below(9);
    for world in &mut worlds {
        world.set_quadtree_limits(max_objects, max_levels).unwrap();
    }
    // Some tiles, the same in every world, for the rays to meet.
    let shapes = broadphase::tile_grid::TileShape::ALL;
    for _ in 0..rng.below(30) {
        let (cols, rows) = (worlds[0].tiles().cols(), worlds[0].tiles().rows());
        let (col, row) = (rng.below(cols), rng.below(rows));
        let shape = shapes[rng.below(shapes.len() as u32) as usize].name();
        for w in &mut worlds {
            w.tiles_mut().set_tile_named(col, row, shape).unwrap();
        }
    }
    let mut ids: Vec<u32> = Vec::new();
    let mut boxes: Vec<[f64; 4]> = Vec::new();
    let trace = std::env::var("BROADPHASE_TRACE_OPS").is_ok();
    for op in 0..OPS_PER_SCENE {
        let started = std::time::Instant::now();
        let what = rng.below(100);
        let context = format!("seed {seed}, op {op}");
        match what {
            0..=39 => {
                let b = random_box(&mut rng, width, height, &boxes);
                let got: Vec<u32> =
                    worlds.iter_mut().map(|w| w.insert(b[0], b[1], b[2], b[3]).unwrap()).collect();
                assert!(got.windows(2).all(|p| p[0] == p[1]), "{context}: worlds handed out different ids");
                ids.push(got[0]);
                boxes.push(b);
            }
            40..=59 if !ids.is_empty() => {
                let i = rng.below(ids.len() as u32) as usize;
                let b = random_box(&mut rng, width, height, &boxes);
                for w in &mut worlds {
                    w.update(ids[i], b[0], b[1], b[2], b[3]).unwrap();
                }
                // Children moved along with it.
                boxes = ids.iter().map(|&id| worlds[0].box_of(id).unwrap()).collect();
            }
            60..=69 if !ids.is_empty() => {
                let i = rng.below(ids.len() as u32) as usize;
                for w in &mut worlds {
                    w.remove(ids[i]).unwrap();
                }
                // Descendants went too.
                let live = worlds[0].ids();
                let kept: Vec<usize> =
                    (0..ids.len()).filter(|&k| live.binary_search(&ids[k]).is_ok()).collect();
                boxes = kept.iter().map(|&k| boxes[k]).collect();
                ids = kept.iter().map(|&k| ids[k]).collect();
            }
            70..=84 => {
                for &id in &ids {
                    let (vx, vy) = (rng.range(-200.0, 200.0), rng.range(-200.0, 200.0));
                    for w in &mut worlds {
                        w.set_velocity(id, vx, vy).unwrap();
                    }
                }
                let dt = [0.0, 0.016, 0.5, 3.0][rng.below(4) as usize];
                // Now and then many steps: half the worlds step one at a
                // time, the others fast-forward (its own refiling, or afresh
                // from 16 steps), and every box must agree to the last bit.
                let steps = if rng.below(3) == 0 { 2 + rng.below(40) } else { 1 };
                for (k, w) in worlds.iter_mut().enumerate() {
                    if steps > 1 && k % 2 == 1 {
                        w.fast_forward(steps, dt).unwrap();
                    } else {
                        for _ in 0..steps {
                            w.step(dt).unwrap();
                        }
                    }
                }
                boxes = ids.iter().map(|&id| worlds[0].box_of(id).unwrap()).collect();
                for w in &worlds[1..] {
                    let theirs: Vec<[f64; 4]> = ids.iter().map(|&id| w.box_of(id).unwrap()).collect();
                    assert_eq!(
                        theirs,
                        boxes,
                        "{context}: {} boxes after {steps} steps of {dt}",
                        w.structure()
                    );
                }
            }
            85..=90 if ids.len() >= 2 => {
                // Attach (or detach) an object; cycles must be refused alike.
                let child = ids[rng.below(ids.len() as u32) as usize];
                let parent = if rng.below(4) == 0 { 0 } else { ids[rng.below(ids.len() as u32) as usize] };
                let results: Vec<bool> =
                    worlds.iter_mut().map(|w| w.set_parent(child, parent).is_ok()).collect();
                assert!(results.windows(2).all(|p| p[0] == p[1]), "{context}: set_parent results differ");
            }
            91..=93 => {
                // Rays: every structure finds the same first hit as a scan
                // of every box (plus the tiles).
                let (x0, y0) = (rng.range(-0.2 * width, 1.2 * width), rng.range(-0.2 * height, 1.2 * height));
                let (x1, y1) = (rng.range(-0.2 * width, 1.2 * width), rng.range(-0.2 * height, 1.2 * height));
                let scan = broadphase::ray::first_box_hit(x0, y0, x1, y1, live_boxes(&worlds[0]));
                let tile = broadphase::ray::cast_tiles(worlds[0].tiles(), x0, y0, x1, y1);
                let expected = match (tile, scan) {
                    (Some(t), Some(o)) if o.t < t.t => Some((o.t, o.id)),
                    (Some(t), _) => Some((t.t, 0)),
                    (None, o) => o.map(|o| (o.t, o.id)),
                };
                for w in &mut worlds {
                    let got = w.cast_ray(x0, y0, x1, y1).unwrap().map(|h| (h.t, h.object_id));
                    assert_eq!(
                        got,
                        expected,
                        "{context}: {} cast ({x0}, {y0}) -> ({x1}, {y1})",
                        w.structure()
                    );
                }
            }
            85..=96 => {
                let q = random_box(&mut rng, width, height, &boxes);
                let area = Aabb::from_xywh(q[0], q[1], q[2], q[3]);
                let expected: Vec<u32> = live_boxes(&worlds[0])
                    .into_iter()
                    .filter(|(_, b)| b.overlaps(&area))
                    .map(|(id, _)| id)
                    .collect();
                for w in &mut worlds {
                    let got = w.query(q[0], q[1], q[2], q[3]).unwrap().to_vec();
                    assert_eq!(got, expected, "{context}: {} query {q:?}", w.structure());
                }
            }
            97 => {
                // Slots renumbered in space order: ids, pairs and queries
                // must not notice.
                for w in &mut worlds {
                    w.renumber_slots();
                }
            }
            _ => {
                if rng.below(2) == 0 {
                    let (objects, levels) = (1 + rng.below(8), rng.below(9));
                    for w in &mut worlds {
                        w.set_quadtree_limits(objects, levels).unwrap();
                    }
                } else {
                    // Relative sizes keep the cell count (which validate() scans) modest.
                    let size = [width / 200.0, width / 64.0, width / 16.0, width / 3.0, 2.0 * width]
                        [rng.below(5) as usize];
                    for w in &mut worlds {
                        w.set_cell_size(size).unwrap();
                    }
                }
            }
        }
        for w in &worlds {
            if let Err(message) = w.validate() {
                panic!("{context}: {} invalid after op: {message}", w.structure());
            }
        }
        if trace {
            eprintln!("op {op} kind {what} {:?} count {}", started.elapsed(), worlds[0].count());
        }
        if op % 8 == 7 || op + 1 == OPS_PER_SCENE {
            let expected = brute_pairs(&live_boxes(&worlds[0]));
            for w in &mut worlds {
                let name = w.structure();
                assert_eq!(w.pairs(), expected.as_slice(), "{context}: {name} pairs differ from brute force");
            }
        }
    }
}

#[test]
fn every_structure_equals_brute_force_on_seeded_scenes() {
    if let Some(seed) = std::env::var("BROADPHASE_SEED").ok().and_then(|s| s.parse().ok()) {
        run_scene(seed);
        return;
    }
    for seed in 0..SCENES {
        let started = std::time::Instant::now();
        run_scene(seed);
        if std::env::var("BROADPHASE_TRACE").is_ok() {
            eprintln!("seed {seed} {:?}", started.elapsed());
        }
    }
}
